//! What the store can fail with, as data: an engine's own error, a file that cannot be
//! reached, or a [`Problem`] the store recognised (a newer database, a role that may only
//! read, a row edited by hand). The store words none of it — it will be a crate of its own,
//! below the words — and never holds a password: what it keeps of a server's URL is the
//! URL without it, and an engine's message about a URL is scrubbed before it is kept.

use serde::Serialize;

#[derive(Debug)]
pub enum Error {
    /// The engine failed in a way the store has no name for.
    Database(sqlx::Error),
    Io(std::io::Error),
    /// A failure the store recognised (boxed: `Result`s carry it everywhere).
    Problem(Box<Problem>),
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

/// What kind of failure a [`Problem`] is, which says a command's exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Input that can never work (a `--db` that is no database's path).
    Invalid,
    NotFound,
    /// The database refuses what the command does (read-only, a dry run that must migrate, a
    /// backup of a server's database).
    Refused,
    /// The database disagrees with itself or with this hoard.
    Conflict,
    /// Another process held the database longer than the busy timeout.
    Busy,
    /// The database could not be reached (a file that cannot be opened, a server that does
    /// not answer).
    Unreachable,
}

/// A failure the store recognised. `database` and `path` fields are as messages show them:
/// a file's path, or a server's URL without its password.
#[derive(Debug, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Problem {
    /// Another process held a lock past the busy timeout.
    Busy,
    /// A PostgreSQL role that may only read was asked to record (`database` when known).
    ReadOnlyRole {
        database: Option<String>,
    },
    /// The server refused a statement for a privilege this role lacks (SQLSTATE 42501):
    /// what the statement needed (`lacks`), and what the server said (`said`, naming the
    /// table). `database` when known.
    Denied {
        database: Option<String>,
        lacks: Privilege,
        said: String,
    },
    /// A SQLite file that may only be read was asked to record in.
    ReadOnlyFile {
        path: String,
    },
    /// A `postgres://` URL given to a build without PostgreSQL (cargo's `postgres` feature).
    NoPostgres,
    /// `backup` of a server's database.
    NoBackup {
        database: String,
    },
    /// A `postgres://` URL sqlx cannot read (`cause` scrubbed of its password).
    BadUrl {
        cause: String,
    },
    /// `--db` names no file (`:memory:`, a `file:` URI, a URL of another scheme).
    NotAPath {
        shown: String,
    },
    NotAFile {
        path: String,
    },
    /// A symbolic link whose target does not exist.
    DanglingLink {
        path: String,
        target: String,
    },
    /// A SQLite file with several hard links.
    HardLinks {
        path: String,
        names: u64,
    },
    /// A read or dry run of a file that does not exist.
    NoDatabase {
        path: String,
    },
    /// A read of a SQLite file that holds no hoard schema.
    NotHoardFile {
        path: String,
    },
    /// A read of a server database that holds no hoard schema.
    NotHoardServer {
        database: String,
    },
    /// A dry run that would have to migrate a file first.
    DryRunUpgradeFile {
        path: String,
    },
    /// A dry run that would have to migrate a server's database first.
    DryRunUpgradeServer {
        database: String,
    },
    /// A database written by a newer hoard.
    Newer {
        database: String,
        schema: i64,
        known: i64,
    },
    /// A read-only connection (the web server's) to a file of an older schema.
    Older {
        path: String,
    },
    /// The migrations failed.
    CannotUpgrade {
        database: String,
        schema: i64,
        cause: String,
    },
    /// A write begun inside another transaction: a bug in hoard.
    NestedWrite,
    /// An integer column too large for its type.
    OutOfRange {
        column: String,
        value: i64,
    },
    /// An event's payload that does not parse.
    UnreadableEvent {
        seq: i64,
        cause: String,
    },
    UnreadableCharacter {
        cause: Broken,
    },
    UnreadableItem {
        cause: Broken,
    },
    /// The file cannot be opened (`to_read`: by the web server's read-only connection).
    CannotOpen {
        path: String,
        to_read: bool,
        cause: String,
    },
    /// The server does not answer (`cause` scrubbed of its password).
    CannotConnect {
        database: String,
        cause: String,
    },
    /// The file's metadata cannot be read.
    CannotRead {
        path: String,
        cause: String,
    },
    CannotCreateFolder {
        folder: String,
        cause: String,
    },
    CannotCreate {
        path: String,
        cause: String,
    },
}

/// What a PostgreSQL role may lack, by what the refused statement did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Privilege {
    /// Reading hoard's tables (SELECT).
    Read,
    /// Recording: appending to the ledger and writing the state (INSERT, UPDATE).
    Record,
    /// Deleting rows (DELETE): a campaign's, or the state a void rebuilds.
    Delete,
    /// Changing the schema (a newer hoard's migrations): its owner's alone.
    Upgrade,
}

/// Why a row cannot be read.
#[derive(Debug, Serialize)]
#[serde(tag = "what", rename_all = "snake_case")]
pub enum Broken {
    /// A JSON column (its state, an item's identity) does not parse.
    Json { error: String },
    /// An alignment this hoard does not know.
    Alignment { found: String },
    /// An item category this hoard does not know.
    Category { found: String },
}

impl Problem {
    pub fn kind(&self) -> Kind {
        use Problem::*;
        match self {
            Busy => Kind::Busy,
            ReadOnlyRole { .. }
            | Denied { .. }
            | ReadOnlyFile { .. }
            | HardLinks { .. }
            | DryRunUpgradeFile { .. }
            | DryRunUpgradeServer { .. }
            | NoBackup { .. }
            | Older { .. } => Kind::Refused,
            NoPostgres
            | BadUrl { .. }
            | NotAPath { .. }
            | NotAFile { .. }
            | DanglingLink { .. } => Kind::Invalid,
            NoDatabase { .. } | NotHoardFile { .. } | NotHoardServer { .. } => Kind::NotFound,
            Newer { .. }
            | CannotUpgrade { .. }
            | NestedWrite
            | OutOfRange { .. }
            | UnreadableEvent { .. }
            | UnreadableCharacter { .. }
            | UnreadableItem { .. } => Kind::Conflict,
            CannotOpen { .. }
            | CannotConnect { .. }
            | CannotRead { .. }
            | CannotCreateFolder { .. }
            | CannotCreate { .. } => Kind::Unreachable,
        }
    }
}

impl From<Problem> for Error {
    fn from(problem: Problem) -> Self {
        Error::Problem(Box::new(problem))
    }
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Self {
        Error::Io(e)
    }
}

impl Error {
    /// The problem the store recognised, if it is one.
    pub fn problem(&self) -> Option<&Problem> {
        match self {
            Error::Problem(p) => Some(p),
            _ => None,
        }
    }
}
