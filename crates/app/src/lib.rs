//! hoard's application: one function per command. A command that changes anything opens a
//! [`Write`] (the write lock, the campaign, the state it needs), lets the rules decide, records
//! the events — which applies them — and commits events and state together. Any error before
//! the commit drops the transaction, so a refused command leaves the file as it was. It
//! returns data — answers, and refusals as [`error::Problem`] — and never words: its own crate,
//! over the rules, the ledger and the store, so that Cargo keeps it from the view, the
//! command line, the web server and the Foundry export.

#![forbid(unsafe_code)]

/// The rules of the game.
pub use hoard_rules as rules;

/// The ledger: events and the one projector.
pub use hoard_ledger as ledger;

/// The store: all SQL, for both engines.
pub use hoard_store as store;

pub mod choice;
pub mod ctx;
pub mod error;
pub mod files;
pub mod lookup;
pub mod refusal;
pub mod write;

pub mod book;
pub mod books;
pub mod campaign;
pub mod character;
pub mod charges;
pub mod check;
pub mod chronicle;
pub mod claims;
pub mod clock;
pub mod coins;
pub mod completion;
pub mod control;
pub mod custody;
pub mod debts;
pub mod encumbrance;
pub mod explain;
pub mod export;
pub mod foundry;
pub mod generate;
pub mod history;
pub mod identify;
pub mod item;
pub mod light;
pub mod links;
pub mod log;
pub mod magic;
pub mod name;
pub mod open;
pub mod party;
pub mod potion;
pub mod received;
pub mod redact;
pub mod replay;
pub mod report;
pub mod retainer;
pub mod roll;
pub mod scroll;
pub mod session;
pub mod shop;
pub mod sword;
pub mod tables;
pub mod treasure;
pub mod upkeep;
pub mod wear;
pub mod weights;
pub mod xp;

pub use ctx::{Ctx, Options};
pub use error::Made;
pub use write::Write;
