//! Every integration scenario of `tests/cli`, run on PostgreSQL: the same files, each
//! `Hoard::new()` a fresh database on a throwaway server (`tests/support/postgres.rs`), the
//! same snapshots, the same pages served to the same browser. Left out: `file` and `files` (the
//! SQLite file itself: folders, modes, links, WAL, PRAGMAs; `server` has PostgreSQL's side of
//! each), `readme` (the README's sessions use the default database, a SQLite file) and
//! `repository` (about the sources, not a database).
//! `server` adds what only a server has: roles, passwords in URLs, many writers at once, a
//! campaign moved between engines.

#[cfg(feature = "serve")]
#[path = "../cli/browser.rs"]
mod browser;
#[path = "../cli/chain.rs"]
mod chain;
#[path = "../cli/claims.rs"]
mod claims;
#[path = "../cli/common.rs"]
mod common;
#[path = "../cli/consistency.rs"]
mod consistency;
#[cfg(feature = "serve")]
#[path = "../cli/console.rs"]
mod console;
#[cfg(feature = "serve")]
#[path = "../cli/console_screen.rs"]
mod console_screen;
#[path = "../cli/economy.rs"]
mod economy;
#[path = "../cli/editions.rs"]
mod editions;
#[path = "../cli/encumbrance.rs"]
mod encumbrance;
#[path = "../cli/every_event.rs"]
mod every_event;
#[path = "../cli/first_hour.rs"]
mod first_hour;
#[path = "../cli/foundation.rs"]
mod foundation;
#[path = "../cli/foundry.rs"]
mod foundry;
#[path = "../cli/foundry_play.rs"]
mod foundry_play;
#[path = "../cli/foundry_tables.rs"]
mod foundry_tables;
#[path = "../cli/generation.rs"]
mod generation;
#[path = "../cli/hoards.rs"]
mod hoards;
#[path = "../cli/hostile.rs"]
mod hostile;
#[path = "../cli/items.rs"]
mod items;
#[cfg(feature = "serve")]
#[path = "../cli/kept.rs"]
mod kept;
#[cfg(feature = "serve")]
#[path = "../cli/leak.rs"]
mod leak;
#[path = "../cli/manuals.rs"]
mod manuals;
#[path = "../cli/one_json.rs"]
mod one_json;
#[path = "../cli/outputs.rs"]
mod outputs;
#[cfg(feature = "serve")]
#[path = "../cli/pages.rs"]
mod pages;
#[path = "../cli/postings.rs"]
mod postings;
#[path = "../cli/rounds.rs"]
mod rounds;
mod schema;
#[cfg(feature = "serve")]
#[path = "../cli/screen.rs"]
mod screen;
#[cfg(feature = "serve")]
#[path = "../cli/serve.rs"]
mod serve;
mod server;
#[path = "../cli/swords.rs"]
mod swords;
#[path = "../cli/terminal.rs"]
mod terminal;
#[path = "../cli/treasury.rs"]
mod treasury;
#[path = "../cli/trust.rs"]
mod trust;
#[cfg(feature = "serve")]
#[path = "../cli/upkeep_pages.rs"]
mod upkeep_pages;
#[path = "../cli/ux.rs"]
mod ux;
#[path = "../cli/views.rs"]
mod views;
#[path = "../cli/voids.rs"]
mod voids;
#[path = "../cli/west_marches.rs"]
mod west_marches;
#[path = "../cli/words.rs"]
mod words;

/// The engine every `Hoard::new()` of this target uses.
const ENGINE: common::Engine = common::Engine::Postgres;
