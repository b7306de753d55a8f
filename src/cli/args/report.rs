//! The grammar of `hoard report`. Parsing only; `cli::report` runs what is parsed.

use clap::Subcommand;

#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum ReportCommand {
    /// One play session: treasure found and where it went, potions, scrolls, charges
    Session {
        /// The session number [default: the latest]
        number: Option<u32>,
    },
    /// One character over the whole campaign
    Character {
        /// The character's name
        name: String,
    },
}
