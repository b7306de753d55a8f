//! The grammar of `hoard tables`. Parsing only; `cli::tables` runs what is parsed.

use std::path::PathBuf;

use super::Does;
use clap::Subcommand;

#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum TablesCommand {
    /// List the tables in use
    #[command(visible_alias = "ls")]
    List,
    /// Show a table: its die, its entries and its notes
    Show {
        /// The table's name, as `tables list` shows it
        name: String,
    },
    /// Roll once on a table and record the roll
    Roll {
        /// The table's name, as `tables list` shows it
        name: String,
        /// For tables that depend on a number (scroll-failure: the level gap)
        #[arg(long, allow_negative_numbers = true)]
        key: Option<i64>,
    },
    /// Check tables: the ones in use, or a folder of edited tables laid over the shipped ones
    Check {
        /// A folder of edited tables [default: the tables in use]
        dir: Option<PathBuf>,
    },
}

impl TablesCommand {
    /// What it does with the campaign database.
    pub fn does(&self) -> Does {
        match self {
            Self::List | Self::Show { .. } | Self::Check { .. } => Does::Reads,
            Self::Roll { .. } => Does::Records,
        }
    }
}
