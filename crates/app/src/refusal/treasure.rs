//! What `treasure roll` refuses before it rolls. Worded by `view::treasure`.

use crate::rules::treasure::System;
use serde::Serialize;

/// Why `treasure roll` refuses: data, worded by `view::words::treasure`.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    /// No such letter among the campaign's types.
    UnknownType {
        letter: String,
        system: System,
        known: Vec<String>,
    },
    /// Neither a type nor `--level`, or both.
    TypeOrLevel,
    /// The game gives no unguarded treasure by level (AD&D 2e), or none for this level.
    NoUnguarded { system: System, level: u32 },
    /// `--count` beyond 1 to `max`.
    CountOutOfRange { count: u32, max: u32 },
}
