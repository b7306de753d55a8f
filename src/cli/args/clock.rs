//! The grammar of `hoard time`: the game clock. Parsing only; `cli::clock` runs what is parsed.

use super::Does;
use clap::Subcommand;

#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum TimeCommand {
    /// Advance the game clock: `time advance 3 turns` (a round is a minute, a turn 10 rounds)
    Advance {
        /// How many units
        #[arg(allow_negative_numbers = true, value_parser = super::values::amount::<u64>)]
        amount: u64,
        /// rounds, minutes, turns, hours, days or weeks
        #[arg(default_value = "rounds")]
        unit: String,
    },
    /// Show the game clock
    Show,
}

impl TimeCommand {
    /// What it does with the campaign database.
    pub fn does(&self) -> Does {
        match self {
            Self::Show => Does::Reads,
            Self::Advance { .. } => Does::Records,
        }
    }
}
