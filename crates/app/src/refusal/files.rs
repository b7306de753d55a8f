//! What hoard will not or cannot write: a file over a database, through a link. Worded by `view::words::files`.

use serde::Serialize;

/// Why a file cannot be written where it was asked for (words are the view's).
#[derive(Debug, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    /// The path is the campaign's database itself, or one of SQLite's files beside it.
    IsDatabase {
        path: String,
    },
    IsFolder {
        path: String,
    },
    /// The file exists and the referee did not say `--force`.
    Exists {
        path: String,
    },
    CannotWrite {
        path: String,
        cause: String,
    },
}
