//! What a command does with the database, and how long it waits for another's write: the
//! two facts every engine's module needs, kept apart so that neither engine depends on
//! [`super::open`], which depends on both.

use std::time::Duration;

/// How long a command waits for another process's write before giving up.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(60);

/// What a command does with the database.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// It only reads: the database must exist, and the command sees one moment of it.
    Read,
    /// It records: the database is created (with its folders, or its schema) if need be.
    Write,
    /// It would record, under `--dry-run`: the database must exist, and nothing it does is
    /// ever committed.
    DryRun,
}
