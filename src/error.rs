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
    /// The answer could not be written to stdout (a full disk, a closed terminal).
    #[error("{}", output_message(.0))]
    Output(std::io::Error),
    /// The change was committed, but its answer could not be printed: a script must not
    /// record it again.
    #[error("{}", unprinted_message(.events, .cause))]
    Unprinted {
        events: Vec<i64>,
        cause: std::io::Error,
    },
}

fn unprinted_message(events: &[i64], cause: &std::io::Error) -> String {
    let (first, last) = (events.first().unwrap_or(&0), events.last().unwrap_or(&0));
    let n = events.len();
    let which = if first == last {
        format!("#{first}")
    } else {
        format!("#{first}–#{last}")
    };
    tr!(
        "the change was recorded ({which}) but its answer could not be printed ({cause}); do not record it again: `hoard log --limit {n}` shows it",
        "le changement est enregistré ({which}) mais sa réponse n'a pu être affichée ({cause}) ; ne l'enregistrez pas à nouveau : `hoard log --limit {n}` le montre"
    )
}

fn output_message(e: &std::io::Error) -> String {
    tr!(
        "cannot print the answer: {e}",
        "impossible d'afficher la réponse : {e}"
    )
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
    /// Exit codes: 1 internal (database, file, printing), 2 invalid input, 3 not found, 4
    /// refused by a rule, 5 integrity conflict, 6 database busy. Usage errors from the parser
    /// also exit 2. 7: the change was recorded but its answer could not be printed.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Database(_) | Error::Io(_) | Error::Output(_) => 1,
            Error::Invalid(_) => 2,
            Error::NotFound(_) => 3,
            Error::Refused(_) => 4,
            Error::Conflict(_) => 5,
            Error::Busy(_) => 6,
            Error::Unprinted { .. } => 7,
        }
    }

    /// A stable name for the kind of error, for scripts reading `--json` errors.
    pub fn code(&self) -> &'static str {
        match self {
            Error::Database(_) => "database",
            Error::Io(_) => "io",
            Error::Output(_) => "output",
            Error::Invalid(_) => "invalid",
            Error::NotFound(_) => "not_found",
            Error::Refused(_) => "refused",
            Error::Conflict(_) => "conflict",
            Error::Busy(_) => "busy",
            Error::Unprinted { .. } => "recorded_unprinted",
        }
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
