//! What casting from a scroll refuses before the rules are asked. Worded by `view::words::cast`.

use serde::Serialize;

/// Why `cast` cannot go on: data, worded by `view::words::scroll`.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    /// A scroll of spells needs `--spell N`.
    WhichSpell,
}
