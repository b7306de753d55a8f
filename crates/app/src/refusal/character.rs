//! What the character commands refuse (`character add|set|show --at`). Worded by `view::words::character`.

use serde::Serialize;

/// Why a character command refuses what it was given: data, worded by
/// `view::words::character`.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    /// The campaign has a character of that name already.
    NameTaken { campaign: String, name: String },
    /// The character joined after that session.
    NotYetJoined { name: String, session: u32 },
    /// Experience points beyond `0..=limit`.
    XpOutOfRange { xp: i64, limit: i64 },
    /// `character set`'s field wants a number.
    NotANumber { key: String, value: String },
    /// `character set`'s field wants yes or no.
    NotYesNo { key: String, value: String },
    /// A share is 0 to 10 in halves.
    BadShare { value: String },
    /// `character set` knows no such field.
    UnknownField { key: String },
}
