//! The store owns every SQL statement. The application opens a [`Db`] for what a command does
//! ([`Access`]), and passes its [`Conn`] to the functions of each aggregate's module; no engine
//! type reaches it. Statements are written once ([`sql::Sql`]) for both engines; each engine's
//! own business — connecting, migrating, locking — lives in its module ([`sqlite`] for a file,
//! [`postgres`] for a server), chosen by what `--db` names ([`open::Location`]).

#![forbid(unsafe_code)]

// The layers below, under the names the store has always used for them.
use hoard_ledger as ledger;
use hoard_rules as rules;

pub mod access;
pub mod batch;
pub mod campaigns;
pub mod chain;
pub mod characters;
pub mod coins;
pub mod conn;
pub mod effects;
pub mod error;
pub mod events;
pub mod items;
pub mod links;
mod migrations;
pub mod open;
// The query plans' checker, for the tests alone (`tests/plans.rs`).
#[cfg(feature = "plans")]
#[doc(hidden)]
pub mod plans;
pub mod postgres;
pub mod sessions;
pub mod sql;
pub mod sqlite;
pub mod state;

pub use access::Access;
pub use conn::Conn;
pub use conn::contention;
pub use error::{Error, Kind, Problem, Result};
pub use open::{Db, Location, open, open_read_only};
