//! Integration tests: the real `hoard` binary on temporary SQLite database files. The same
//! scenarios run on PostgreSQL from `tests/postgres`; `file` holds those about the SQLite
//! file itself.

mod allocator;
#[cfg(feature = "serve")]
mod browser;
mod chain;
mod claims;
mod common;
mod consistency;
#[cfg(feature = "serve")]
mod console;
#[cfg(feature = "serve")]
mod console_screen;
mod economy;
mod editions;
mod encumbrance;
mod every_event;
mod file;
mod files;
mod first_hour;
mod foundation;
mod foundry;
mod foundry_packer;
mod foundry_play;
mod foundry_tables;
mod generation;
mod hoards;
mod hostile;
mod items;
#[cfg(feature = "serve")]
mod kept;
#[cfg(feature = "serve")]
mod leak;
mod manuals;
mod one_json;
mod outputs;
#[cfg(feature = "serve")]
mod pages;
mod postings;
mod readme;
mod repository;
mod rounds;
#[cfg(feature = "serve")]
mod screen;
#[cfg(feature = "serve")]
mod serve;
mod swords;
mod terminal;
mod treasury;
mod trust;
#[cfg(feature = "serve")]
mod upkeep_pages;
mod ux;
mod views;
mod voids;
mod walkthrough;
mod west_marches;
mod words;

/// The engine every `Hoard::new()` of this target uses.
const ENGINE: common::Engine = common::Engine::Sqlite;
