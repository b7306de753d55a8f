//! What the item commands refuse, and an item a name does not find. Worded by `view::words::item`.

use crate::rules::item::Names;
use serde::Serialize;

/// Why an item command cannot go on: data, worded by `view::words::item`.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    /// Nothing answers to `key`; `near` is the item whose names it comes closest to, if any
    /// (both its names: the reader is offered their own).
    NoItem { key: String, near: Option<Names> },
    /// Several items answer to `key`: their short ids.
    Ambiguous { key: String, ids: Vec<String> },
    /// Charges beyond 1 to 10000.
    ChargesOutOfRange { charges: i64 },
    /// The item was found after that session.
    NotYetFound { item: Names, session: u32 },
}
