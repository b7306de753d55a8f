//! The grammar of `hoard claim` and `hoard claims`. Parsing only; `cli::claims` runs it.

use super::Does;
use clap::{Args, Subcommand, ValueEnum};

/// `hoard claim ITEM --by C need|want|pass`.
#[derive(Debug, Args)]
pub struct ClaimArgs {
    /// The item of the party's treasure (id, id prefix or name)
    pub item: String,
    /// The claim: need, want or pass
    #[arg(value_enum)]
    pub claim: ClaimArg,
    /// Who claims it
    #[arg(long, value_name = "CHARACTER")]
    pub by: String,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum ClaimArg {
    Need,
    Want,
    Pass,
}

/// `hoard claims [settle]`.
#[derive(Debug, Args)]
pub struct ClaimsArgs {
    #[command(subcommand)]
    pub command: Option<ClaimsCommand>,
}

#[derive(Debug, Subcommand)]
pub enum ClaimsCommand {
    /// The board (the default): each item claimed since the last settlement, and who said what
    Show,
    /// Give each item claimed to one who needs it, else to one who wants it (ties by d100, or
    /// by share: `campaign set claim-ties`); a pass, or no claim, leaves it in the treasure
    Settle,
}

impl ClaimsCommand {
    /// What it does with the campaign database.
    pub fn does(&self) -> Does {
        match self {
            Self::Show => Does::Reads,
            Self::Settle => Does::Records,
        }
    }
}
