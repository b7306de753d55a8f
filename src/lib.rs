//! hoard: a campaign database for old-school RPG referees.
//!
//! Layers, from the bottom: [`rules`] (the game, pure), [`ledger`] (events and the state they
//! build, pure), [`store`] (all SQL), [`app`] (one function per command, one transaction
//! each), [`view`] (the wording both edges show), and the two edges: [`cli`] (the command
//! line: parsing, then rendering) and [`serve`] (the read-only web page).

#![forbid(unsafe_code)]

pub mod cli;
pub mod foundry;
#[cfg(feature = "fuzzing")]
pub mod fuzzing;
pub mod i18n;
#[cfg(feature = "serve")]
pub mod serve;
pub mod view;

/// The rules of the game, their own crate so that nothing of hoard's upper layers reaches them.
pub use hoard_rules as rules;

/// The ledger: events and the one projector, its own crate below the store.
pub use hoard_ledger as ledger;

/// The store: all SQL, for both engines, its own crate below the application.
pub use hoard_store as store;

/// The application: one function per command, its own crate below the view and the edges.
pub use hoard_app as app;

/// A command's errors, as the application returns them.
pub use hoard_app::error;

/// Files written whole or not at all (exports, backups).
pub use hoard_app::files;
