//! The errors a command can end with, as data: a kind (which says the exit code and the stable
//! `code` of a `--json` error, documented in `docs/reference.md` and `docs/json.md`) and the
//! [`Problem`], which the layer that found it made without words. `view::error` words both;
//! the edges print them.

use serde::Serialize;

use crate::{rules, store};

#[derive(Debug)]
pub enum Error {
    /// Input that can never work: a malformed dice expression, STR 25, an empty name.
    Invalid(Box<Problem>),
    /// A name or id that matches nothing (or more than one thing).
    NotFound(Box<Problem>),
    /// A rule of the game refuses the action: drinking an empty flask, a third charge too many.
    Refused(Box<Problem>),
    /// The ledger or the file disagrees with itself, or comes from a newer hoard.
    Conflict(Box<Problem>),
    /// Another process held the database (or the campaign) longer than the busy timeout.
    Busy(Box<Problem>),
    /// A database or file that cannot be opened, read, created or written (a missing folder,
    /// no permission, a server that does not answer): an I/O failure (exit 1, code `io`) that
    /// says which.
    Unusable(Box<Problem>),
    Database(sqlx::Error),
    Io(std::io::Error),
    /// The answer could not be written to stdout (a full disk, a closed terminal).
    Output(std::io::Error),
    /// The change was committed, but its answer could not be printed: a script must not
    /// record it again.
    Unprinted {
        events: Vec<i64>,
        /// What else was made (a campaign imported, deleted or put in use; a backup written).
        made: Option<crate::Made>,
        cause: std::io::Error,
    },
}

/// What went wrong, as the layer that found it says it: data with fields (which a `--json`
/// error carries beside its `code` and `message`), worded by `view::error`. Each family is
/// the refusal type of the module that refuses; [`Problem::Said`] is for the edges alone,
/// which word what they find in their own input.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Problem {
    /// Worded at an edge (the command line, the web server) about its own input.
    #[serde(skip)]
    Said(String),
    Coins(crate::coins::Refusal),
    Custody(rules::custody::Refusal),
    Potion(rules::potion::Refusal),
    Scroll(rules::scroll::Refusal),
    Book(rules::book::Refusal),
    Charges(rules::charges::Refusal),
    /// An event that cannot stand in the ledger, and why.
    Ledger(crate::ledger::Conflict),
    /// A command that would pass one of `rules::limits` (`ledger::Refusal::is_limit`).
    Limit(crate::ledger::Refusal),
    Store(crate::store::Problem),
    // The application's own refusals (app/{mod,campaign,session,history,export,log}.rs).
    App(crate::Refusal),
    Campaign(crate::campaign::Refusal),
    Session(crate::session::Refusal),
    History(crate::history::Refusal),
    Import(crate::export::Refusal),
    Log(crate::log::Refusal),
    // The item, sword and character commands' refusals (`src/app`), worded in `view::words`.
    Sword(crate::sword::Refusal),
    Wear(crate::wear::Refusal),
    Tables(crate::tables::Refusal),
    Character(crate::character::Refusal),
    Item(crate::item::Refusal),
    Generate(crate::generate::Refusal),
    Treasure(crate::treasure::Refusal),
    Claims(crate::claims::Refusal),
    /// A valuable that cannot be damaged, by its name.
    Damage {
        item: String,
        #[serde(flatten)]
        refusal: rules::treasure::Undamageable,
    },
    Passing(crate::custody::Refusal),
    Casting(crate::scroll::Refusal),
    Study(crate::book::Refusal),
    File(crate::files::Refusal),
    // The rules' faults these commands pass on, worded by `i18n::Worded`.
    Sheet(rules::character::SheetError),
    Dice(rules::dice::DiceError),
    Generation(rules::generate::GenFault),
    Clock(rules::clock::ClockError),
    Alignment(rules::alignment::UnknownAlignment),
    Unidentifiable(rules::knowledge::Unidentifiable),
}

// Boxed in `Error`, which every `Result` carries: the refusals with names are large.
impl From<String> for Box<Problem> {
    fn from(text: String) -> Self {
        Box::new(Problem::Said(text))
    }
}

impl From<&str> for Box<Problem> {
    fn from(text: &str) -> Self {
        Box::new(Problem::Said(text.to_string()))
    }
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Self {
        Error::Io(e)
    }
}

/// The store's failures keep their kinds' exit codes: what the store recognised becomes a
/// [`Problem::Store`].
impl From<store::Error> for Error {
    fn from(e: store::Error) -> Self {
        let problem = match e {
            store::Error::Database(e) => return Error::Database(e),
            store::Error::Io(e) => return Error::Io(e),
            store::Error::Problem(problem) => problem,
        };
        match problem.kind() {
            store::Kind::Invalid => Error::Invalid(Box::new(Problem::Store(*problem))),
            store::Kind::NotFound => Error::NotFound(Box::new(Problem::Store(*problem))),
            store::Kind::Refused => Error::Refused(Box::new(Problem::Store(*problem))),
            store::Kind::Conflict => Error::Conflict(Box::new(Problem::Store(*problem))),
            store::Kind::Busy => Error::Busy(Box::new(Problem::Store(*problem))),
            store::Kind::Unreachable => Error::Unusable(Box::new(Problem::Store(*problem))),
        }
    }
}

impl Error {
    /// Exit codes: 1 internal (database, file, printing), 2 invalid input, 3 not found, 4
    /// refused by a rule, 5 integrity conflict, 6 database busy. Usage errors from the parser
    /// also exit 2. 7: the change was recorded but its answer could not be printed.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Database(_) | Error::Io(_) | Error::Unusable(_) | Error::Output(_) => 1,
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
            Error::Io(_) | Error::Unusable(_) => "io",
            Error::Output(_) => "output",
            Error::Invalid(_) => "invalid",
            Error::NotFound(_) => "not_found",
            Error::Refused(_) => "refused",
            Error::Conflict(_) => "conflict",
            Error::Busy(_) => "busy",
            Error::Unprinted { .. } => "recorded_unprinted",
        }
    }

    /// The problem's data, if the error has some.
    pub fn problem(&self) -> Option<&Problem> {
        match self {
            Error::Invalid(p)
            | Error::NotFound(p)
            | Error::Refused(p)
            | Error::Conflict(p)
            | Error::Busy(p)
            | Error::Unusable(p) => Some(p),
            _ => None,
        }
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
