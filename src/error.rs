//! The errors a command can end with, each a single line for the referee, and the exit code
//! each maps to (documented in `docs/reference.md`).

use crate::tr;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Input that can never work: a malformed dice expression, STR 25, an empty name.
    #[error("{0}")]
    Invalid(String),
    /// A name or id that matches nothing (or more than one thing).
    #[error("{0}")]
    NotFound(String),
    /// A rule of the game refuses the action: drinking an empty flask, a third charge too many.
    #[error("{0}")]
    Refused(String),
    /// The ledger or the file disagrees with itself, or comes from a newer hoard.
    #[error("{0}")]
    Conflict(String),
    /// Another process held the database (or the campaign) longer than the busy timeout.
    #[error("{0}")]
    Busy(String),
    #[error("{}", database_message(.0))]
    Database(sqlx::Error),
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

fn database_message(e: &sqlx::Error) -> String {
    tr!("database error: {e}", "erreur de la base : {e}")
}

impl From<sqlx::Error> for Error {
    fn from(e: sqlx::Error) -> Self {
        crate::store::conn::error(e)
    }
}

impl Error {
    /// Exit codes: 1 internal (database, file), 2 invalid input, 3 not found, 4 refused by a
    /// rule, 5 integrity conflict, 6 database busy. Usage errors from the parser also exit 2.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Database(_) | Error::Io(_) => 1,
            Error::Invalid(_) => 2,
            Error::NotFound(_) => 3,
            Error::Refused(_) => 4,
            Error::Conflict(_) => 5,
            Error::Busy(_) => 6,
        }
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
