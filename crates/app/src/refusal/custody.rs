//! What a change of hands refuses (`give`, `drop`). Worded by `view::words::custody`.

use serde::Serialize;

/// Why `give --read` cannot read: data, worded by `view::words::custody`.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    /// Only a scroll is read as it is taken.
    ReadNotScroll,
    /// `--read` with no one taking the item.
    ReadWithoutReader,
}
