//! The grammar of `hoard treasure`. Parsing only; `cli::treasure` runs what is parsed.

use super::Does;
use clap::{Args, Subcommand, ValueEnum};

#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum TreasureCommand {
    /// Roll a treasure type — coins, gems, jewellery, magic items, every die recorded — into
    /// the party's treasure (or --to a character, --at a place); --dry-run shows it only
    Roll(RollArgs),
    /// List the treasure types with their parts (the campaign's game, or --system)
    #[command(visible_alias = "list")]
    Types {
        /// ose or adnd [default: the campaign's `treasure` setting]
        #[arg(long, value_enum)]
        system: Option<SystemArg>,
    },
}

#[derive(Debug, Args)]
pub struct RollArgs {
    /// The type's letter: A–V (Old-School Essentials) or A–Z (AD&D 2e)
    #[arg(value_name = "TYPE", required_unless_present = "level")]
    pub letter: Option<String>,
    /// Unguarded treasure of this dungeon level instead of a type (Old-School Essentials)
    #[arg(long, value_name = "N", conflicts_with = "letter", visible_alias = "dungeon-level",
          value_parser = clap::value_parser!(u32).range(1..=100))]
    pub level: Option<u32>,
    /// Roll it this many times: one per creature for an individual type, one per group for a
    /// group's (OSE's U and V: the group carries it between them) (1 to 1,000)
    #[arg(long, short = 'n', default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=1_000))]
    pub count: u32,
    /// Give it all to this character
    #[arg(long, value_name = "CHARACTER", conflicts_with = "at")]
    pub to: Option<String>,
    /// Leave it at a named place (the lair, a cache)
    #[arg(long, value_name = "PLACE")]
    pub at: Option<String>,
    /// Old-School Essentials' magic items: the book's B column (basic) or X (expert)
    /// instead of the campaign's (by default the party's level)
    #[arg(long, value_name = "basic|expert", value_parser = super::values::column)]
    pub column: Option<crate::rules::magic::Column>,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum SystemArg {
    Ose,
    #[value(alias = "ad&d")]
    Adnd,
}

impl TreasureCommand {
    /// What it does with the campaign database.
    pub fn does(&self) -> Does {
        match self {
            Self::Types { .. } => Does::Reads,
            Self::Roll(..) => Does::Records,
        }
    }
}
