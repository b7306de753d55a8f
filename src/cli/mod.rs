//! The command line's entry: parse ([`args`]), choose the language, answer what needs no
//! database (completions, the manual), and hand the command to the demo, the server or the
//! dispatch table ([`dispatch`]); each failure ends as one line and an exit code
//! ([`failure`]). Nothing here decides a rule; each command turns its arguments into plain
//! values and calls one function of [`crate::app`].

pub mod args;
mod campaign;
pub(crate) mod character;
mod check;
mod claims;
mod clock;
pub(crate) mod coins;
mod complete;
#[cfg(feature = "serve")]
pub(crate) mod console;
mod debts;
mod defaults;
mod demo;
// Public for the query-plan test (tests/plans.rs), which runs commands in its own process.
#[doc(hidden)]
pub mod dispatch;
mod explain;
mod failure;
mod foundry;
mod history;
pub(crate) mod item;
pub(crate) mod log;
mod manual;
mod notices;
pub mod out;
mod panics;
mod play;
mod progress;
mod report;
mod retainer;
mod retry;
mod roll;
#[cfg(feature = "serve")]
mod serve;
mod session;
mod shells;
mod shop;
mod sword;
mod tables;
mod treasure;

use std::process::ExitCode;

use clap::Parser;

use crate::error::Error;
use crate::i18n::{self, Lang};
use args::{Cli, Command};

/// Parse, run, print; map errors to one line on stderr and an exit code.
pub fn main() -> ExitCode {
    // Every password a URL on the command line or in HOARD_DB holds is hidden from whatever
    // hoard prints, from here on: a usage error echoes the words it could not parse.
    let secrets =
        crate::app::redact::secrets(std::env::args_os().chain(std::env::var_os("HOARD_DB")));
    panics::hide_in_panics(secrets.clone());
    complete::answer_if_asked();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let json = std::env::args_os().any(|a| a == "--json");
            return failure::usage_error(e, json, &secrets);
        }
    };
    let json = cli.global.json;
    i18n::set(
        cli.global
            .lang
            .map_or_else(defaults::lang_from_env, Lang::from),
    );
    // Completions and the manual come from the clap definitions alone: no database.
    match cli.command {
        Command::Completions { shell, install } => return complete::completions(shell, install),
        Command::Man { dir } => return manual::man(dir),
        _ => {}
    }
    // Timers, and sockets only for what reaches a network (a PostgreSQL server, the web
    // server's phones): a SQLite file's command starts no IO driver to wait on.
    let network = match &cli.command {
        #[cfg(feature = "serve")]
        Command::Serve(_) => true,
        _ => cli
            .global
            .database()
            .is_some_and(|db| crate::app::open::on_a_server(&db)),
    };
    let mut runtime = tokio::runtime::Builder::new_current_thread();
    runtime.enable_time();
    if network {
        runtime.enable_io();
    }
    let runtime = runtime.build();
    let result = runtime
        .map_err(Error::Io)
        .and_then(|runtime| match cli.command {
            Command::Demo { edition } => {
                runtime.block_on(demo::play(cli.global.db.clone(), cli.global.lang, edition))
            }
            #[cfg(feature = "serve")]
            Command::Serve(a) => runtime.block_on(serve::run(&cli.global, a)),
            _ => runtime.block_on(retry::run_until_settled(cli)),
        });
    failure::exit(json, result, &secrets)
}
