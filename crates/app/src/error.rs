//! The errors a command can end with, as data: a kind (which says the exit code and the stable
//! `code` of a `--json` error, documented in `docs/reference.md` and `docs/json.md`) and the
//! [`Problem`], which the layer that found it made without words. `view::error` words both;
//! the edges print them.

use serde::Serialize;

use crate::{refusal, rules, store};

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
        made: Option<Made>,
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
    Coins(refusal::coins::Refusal),
    Custody(rules::custody::Refusal),
    Potion(rules::potion::Refusal),
    Scroll(rules::scroll::Refusal),
    Book(rules::book::Refusal),
    Charges(rules::charges::Refusal),
    /// Healing refused to the dead, or a raising refused.
    Raise(rules::raise::Refusal),
    /// An event that cannot stand in the ledger, and why.
    Ledger(crate::ledger::Conflict),
    /// A command that would pass one of `rules::limits` (`ledger::Refusal::is_limit`).
    Limit(crate::ledger::Refusal),
    Store(store::Problem),
    // The application's own refusals (`refusal`), each worded by its namesake in `view::words`.
    Lookup(refusal::lookup::Refusal),
    Campaign(refusal::campaign::Refusal),
    Session(refusal::session::Refusal),
    History(refusal::history::Refusal),
    Import(refusal::export::Refusal),
    Log(refusal::log::Refusal),
    // The item, sword and character commands' refusals (`src/app`), worded in `view::words`.
    Sword(refusal::sword::Refusal),
    Wear(refusal::wear::Refusal),
    Tables(refusal::tables::Refusal),
    Character(refusal::character::Refusal),
    Item(refusal::item::Refusal),
    Generate(refusal::generate::Refusal),
    Treasure(refusal::treasure::Refusal),
    Claims(refusal::claims::Refusal),
    Shop(refusal::shop::Refusal),
    Light(refusal::light::Refusal),
    Retainer(refusal::retainer::Refusal),
    Debts(refusal::debts::Refusal),
    /// A valuable that cannot be damaged, by its name.
    Damage {
        item: String,
        #[serde(flatten)]
        refusal: rules::treasure::Undamageable,
    },
    Passing(refusal::custody::Refusal),
    Casting(refusal::scroll::Refusal),
    Study(refusal::book::Refusal),
    File(refusal::files::Refusal),
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

/// A name the rules refuse (empty, too long …): the input it is.
impl From<rules::character::SheetError> for Error {
    fn from(e: rules::character::SheetError) -> Self {
        Error::Invalid(Box::new(Problem::Sheet(e)))
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
            Error::Database(_) | Error::Io(_) | Error::Output(_) | Error::Unprinted { .. } => None,
        }
    }
}

/// What a command changed that is no event of a campaign's ledger: the edge names it if the
/// command's answer then cannot be printed (exit 7), so that nobody makes it again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Made {
    /// A campaign imported, deleted or put in use.
    Campaign(String),
    /// A file written: a backup.
    File(std::path::PathBuf),
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

// Each refusal's kind: its exit code.

impl From<refusal::lookup::Refusal> for Error {
    fn from(r: refusal::lookup::Refusal) -> Self {
        use refusal::lookup::Refusal;
        let kind = match r {
            Refusal::CampaignExists { .. } | Refusal::InTreasure { .. } => Error::Invalid,
            Refusal::NoCampaign
            | Refusal::NoneInUse { .. }
            | Refusal::UnknownCampaign { .. }
            | Refusal::UnknownCharacter { .. } => Error::NotFound,
            Refusal::ItemNotLoaded { .. } | Refusal::CharacterMissing { .. } => Error::Conflict,
            Refusal::HeldByAnother { .. }
            | Refusal::Dying { .. }
            | Refusal::Dead { .. }
            | Refusal::Sick { .. } => Error::Refused,
        };
        kind(Box::new(Problem::Lookup(r)))
    }
}

impl From<refusal::book::Refusal> for Error {
    fn from(r: refusal::book::Refusal) -> Self {
        Error::Refused(Problem::Study(r).into())
    }
}

impl From<refusal::campaign::Refusal> for Error {
    fn from(r: refusal::campaign::Refusal) -> Self {
        use refusal::campaign::Refusal;
        let kind = match r {
            Refusal::Unforced { .. }
            | Refusal::NotOwner { .. }
            | Refusal::NoLifestyle { .. }
            | Refusal::LivesByLifestyle { .. } => Error::Refused,
            Refusal::NoTablesFolder { .. } => Error::NotFound,
            Refusal::NameTaken { .. }
            | Refusal::NotPercentage { .. }
            | Refusal::UnknownDeath
            | Refusal::UnknownRound
            | Refusal::UnknownDeadShare
            | Refusal::UnknownXpFrom
            | Refusal::UnknownTreasure
            | Refusal::UnknownClaimTies
            | Refusal::UnknownMagicItems
            | Refusal::UnknownMagicColumn
            | Refusal::UnknownRecharge
            | Refusal::UnknownEdition
            | Refusal::UnknownArmourWeight
            | Refusal::UnknownRations
            | Refusal::NotRate { .. }
            | Refusal::NotLiving { .. }
            | Refusal::UnknownReferees
            | Refusal::UnknownEncumbrance
            | Refusal::NotSellFraction
            | Refusal::UnknownSetting { .. } => Error::Invalid,
        };
        kind(Box::new(Problem::Campaign(r)))
    }
}

impl From<rules::raise::Refusal> for Error {
    fn from(r: rules::raise::Refusal) -> Self {
        use rules::raise::Refusal;
        let kind = match r {
            Refusal::Hp { .. } | Refusal::OtherConstitution { .. } => Error::Invalid,
            Refusal::HealsNoDead { .. }
            | Refusal::NotDead { .. }
            | Refusal::NoConstitution { .. }
            | Refusal::ConstitutionSpent { .. } => Error::Refused,
            Refusal::NotTheBook { .. } => Error::Conflict,
        };
        kind(Box::new(Problem::Raise(r)))
    }
}

impl From<refusal::character::Refusal> for Error {
    fn from(r: refusal::character::Refusal) -> Self {
        use refusal::character::Refusal;
        match r {
            Refusal::NotYetJoined { .. } => Error::NotFound(Problem::Character(r).into()),
            Refusal::NameTaken { .. }
            | Refusal::XpOutOfRange { .. }
            | Refusal::NotANumber { .. }
            | Refusal::NotYesNo { .. }
            | Refusal::BadShare { .. }
            | Refusal::UnknownField { .. } => Error::Invalid(Problem::Character(r).into()),
        }
    }
}

impl From<refusal::claims::Refusal> for Error {
    fn from(r: refusal::claims::Refusal) -> Self {
        use refusal::claims::Refusal;
        let kind = match r {
            Refusal::NotInTreasure { .. } | Refusal::NotTheirs => Error::Refused,
            Refusal::Stale => Error::Conflict,
            Refusal::Forged => Error::Invalid,
        };
        kind(Box::new(Problem::Claims(r)))
    }
}

/// A treasury refusal as the command's error (the command line words it): a move to where
/// the coins are is a usage mistake, a missing session is not found, the rest rules refusing.
impl From<refusal::coins::Refusal> for Error {
    fn from(r: refusal::coins::Refusal) -> Self {
        use refusal::coins::Refusal;
        match r {
            Refusal::SameHolder { .. }
            | Refusal::Unpriced { .. }
            | Refusal::SoldTwice { .. }
            | Refusal::NotCounted { .. }
            | Refusal::AgreedTwice { .. }
            | Refusal::MixedSale { .. }
            | Refusal::SameCoin { .. } => Error::Invalid(Problem::Coins(r).into()),
            Refusal::NoSession => Error::NotFound(Problem::Coins(r).into()),
            Refusal::Lacks { .. }
            | Refusal::EmptyPool
            | Refusal::NoSharers
            | Refusal::TooLittle { .. }
            | Refusal::AlreadyAwarded { .. }
            | Refusal::NothingToAward { .. }
            | Refusal::AlreadyThere { .. }
            | Refusal::AgreedPastLimit { .. }
            | Refusal::TooFewToChange { .. } => Error::Refused(Problem::Coins(r).into()),
        }
    }
}

impl From<refusal::custody::Refusal> for Error {
    fn from(r: refusal::custody::Refusal) -> Self {
        Error::Invalid(Problem::Passing(r).into())
    }
}

impl From<refusal::export::Refusal> for Error {
    fn from(r: refusal::export::Refusal) -> Self {
        Error::Invalid(Box::new(Problem::Import(r)))
    }
}

impl From<refusal::generate::Refusal> for Error {
    fn from(r: refusal::generate::Refusal) -> Self {
        Error::Invalid(Problem::Generate(r).into())
    }
}

impl From<refusal::history::Refusal> for Error {
    fn from(r: refusal::history::Refusal) -> Self {
        use refusal::history::Refusal;
        let kind = match r {
            Refusal::NoEvent { .. } => Error::NotFound,
            Refusal::LaterCause { .. } => Error::Conflict,
            Refusal::WhoMakesIt { .. } => Error::Invalid,
            Refusal::Others { .. }
            | Refusal::NothingToUndo { .. }
            | Refusal::NothingToRedo { .. }
            | Refusal::CreatesCampaign { .. }
            | Refusal::IsVoid { .. }
            | Refusal::AfterVoid { .. }
            | Refusal::Undone { .. }
            | Refusal::AlreadyVoided { .. }
            | Refusal::NameTaken { .. }
            | Refusal::DependedOn { .. }
            | Refusal::RedoBlocked { .. } => Error::Refused,
        };
        kind(Box::new(Problem::History(r)))
    }
}

impl From<refusal::item::Refusal> for Error {
    fn from(r: refusal::item::Refusal) -> Self {
        use refusal::item::Refusal;
        match r {
            Refusal::ChargesOutOfRange { .. } => Error::Invalid(Problem::Item(r).into()),
            Refusal::NoItem { .. } | Refusal::Ambiguous { .. } | Refusal::NotYetFound { .. } => {
                Error::NotFound(Problem::Item(r).into())
            }
        }
    }
}

impl From<refusal::log::Refusal> for Error {
    fn from(r: refusal::log::Refusal) -> Self {
        Error::Invalid(Box::new(Problem::Log(r)))
    }
}

impl From<refusal::scroll::Refusal> for Error {
    fn from(r: refusal::scroll::Refusal) -> Self {
        Error::Invalid(Problem::Casting(r).into())
    }
}

impl From<refusal::session::Refusal> for Error {
    fn from(r: refusal::session::Refusal) -> Self {
        use refusal::session::Refusal;
        let kind = match r {
            Refusal::NoSession { .. }
            | Refusal::NoneYet
            | Refusal::NoTitle { .. }
            | Refusal::UnknownReferee { .. } => Error::NotFound,
            Refusal::StillOpen { .. }
            | Refusal::NoneOpen
            | Refusal::NotOpen { .. }
            | Refusal::NotYourRole { .. }
            | Refusal::Apart { .. }
            | Refusal::Loot { .. }
            | Refusal::InOpenSession { .. } => Error::Refused,
            Refusal::SeveralOpen { .. }
            | Refusal::SameTitle { .. }
            | Refusal::RefereeExists { .. } => Error::Invalid,
            Refusal::NoRow { .. } => Error::Conflict,
        };
        kind(Box::new(Problem::Session(r)))
    }
}

impl From<refusal::sword::Refusal> for Error {
    fn from(r: refusal::sword::Refusal) -> Self {
        use refusal::sword::Refusal;
        match r {
            Refusal::NoSuchPower { .. } => Error::NotFound(Problem::Sword(r).into()),
            Refusal::NotSentient { .. }
            | Refusal::NotHeld { .. }
            | Refusal::NotInHand { .. }
            | Refusal::NotWielded { .. }
            | Refusal::UsedUp { .. }
            | Refusal::ControlsNoOne { .. }
            | Refusal::EncounterUnderWay
            | Refusal::NoEncounter => Error::Refused(Problem::Sword(r).into()),
        }
    }
}

impl From<refusal::shop::Refusal> for Error {
    fn from(r: refusal::shop::Refusal) -> Self {
        use crate::rules::purchase::Unbought;
        use refusal::shop::Refusal;
        match r {
            Refusal::NoList { .. } | Refusal::UnknownGoods { .. } => {
                Error::NotFound(Problem::Shop(r).into())
            }
            Refusal::Unbought {
                why: Unbought::Count { .. } | Unbought::Suits { .. },
                ..
            } => Error::Invalid(Problem::Shop(r).into()),
            Refusal::Unbought { .. } => Error::Refused(Problem::Shop(r).into()),
        }
    }
}

impl From<refusal::light::Refusal> for Error {
    fn from(r: refusal::light::Refusal) -> Self {
        use crate::rules::light::Unlit;
        match r.why {
            Unlit::NotALight => Error::Invalid(Problem::Light(r).into()),
            Unlit::NotHeld | Unlit::Gone | Unlit::AlreadyLit | Unlit::NotLit | Unlit::NoOil => {
                Error::Refused(Problem::Light(r).into())
            }
        }
    }
}

impl From<refusal::retainer::Refusal> for Error {
    fn from(r: refusal::retainer::Refusal) -> Self {
        use refusal::retainer::Refusal;
        match r {
            Refusal::Wage { .. } | Refusal::Themselves { .. } => {
                Error::Invalid(Problem::Retainer(r).into())
            }
            Refusal::Hired { .. } | Refusal::NotHired { .. } => {
                Error::Refused(Problem::Retainer(r).into())
            }
        }
    }
}

/// Nothing to pay, or nothing to pay it with: the campaign as it stands refuses.
impl From<refusal::debts::Refusal> for Error {
    fn from(r: refusal::debts::Refusal) -> Self {
        Error::Refused(Problem::Debts(r).into())
    }
}

impl From<refusal::tables::Refusal> for Error {
    fn from(r: refusal::tables::Refusal) -> Self {
        Error::Invalid(Problem::Tables(r).into())
    }
}

impl From<refusal::treasure::Refusal> for Error {
    fn from(r: refusal::treasure::Refusal) -> Self {
        use refusal::treasure::Refusal;
        match r {
            Refusal::UnknownType { .. } | Refusal::NoUnguarded { .. } => {
                Error::NotFound(Problem::Treasure(r).into())
            }
            Refusal::TypeOrLevel | Refusal::CountOutOfRange { .. } => {
                Error::Invalid(Problem::Treasure(r).into())
            }
        }
    }
}

impl From<refusal::wear::Refusal> for Error {
    fn from(r: refusal::wear::Refusal) -> Self {
        use refusal::wear::Refusal;
        match r {
            Refusal::WhichHand | Refusal::HandForNonRing { .. } => {
                Error::Invalid(Problem::Wear(r).into())
            }
            Refusal::InTreasure { .. }
            | Refusal::AlreadyWorn { .. }
            | Refusal::Gone { .. }
            | Refusal::NotWearable { .. }
            | Refusal::SlotTaken { .. }
            | Refusal::NotWorn { .. }
            | Refusal::Cursed { .. } => Error::Refused(Problem::Wear(r).into()),
        }
    }
}
