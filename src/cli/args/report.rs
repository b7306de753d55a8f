//! The grammar of `hoard report`. Parsing only; `cli::report` runs what is parsed.

use super::Does;
use clap::Subcommand;

#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum ReportCommand {
    /// One play session: treasure found and where it went, potions, scrolls, charges
    Session {
        /// The session's number or title [default: the open one, else the latest]
        #[arg(value_name = "N|TITLE")]
        number: Option<crate::app::choice::Key>,
        /// A summary to post to the players, in Markdown: who went, what was found, the
        /// split, XP and levels, what was identified and used up, who fell (player-safe;
        /// with the global --referee, the truth)
        #[arg(long)]
        markdown: bool,
    },
    /// One character over the whole campaign
    Character {
        /// The character's name
        name: String,
    },
}

impl ReportCommand {
    /// What it does with the campaign database.
    pub fn does(&self) -> Does {
        match self {
            Self::Session { .. } | Self::Character { .. } => Does::Reads,
        }
    }
}
