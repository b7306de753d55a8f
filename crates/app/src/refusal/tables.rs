//! What `tables` refuses: a folder, a table, a roll. Worded by `view::words::tables`.

use crate::rules::tables::TableError;
use serde::Serialize;

/// Why a command cannot use the tables: data, worded by `view::words::tables`.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    /// The tables in force do not load: the first problem, and how many more.
    Broken {
        #[serde(skip)]
        first: Option<TableError>,
        more: usize,
    },
    /// The table depends on a number (`key`) that `--key` must give.
    NeedsKey { table: String, key: String },
    /// `--key` given to a table that takes none.
    TakesNoKey { table: String },
}
