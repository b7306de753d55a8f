//! The grammar of what characters do with items: `hoard give`, `drop`, `drink`, `read`, `cast`,
//! `copy`, `wear`, `use`, `recharge`, `study`, `identify` and the rest. Parsing only; `cli::play`
//! runs what is parsed.

use clap::{Args, ValueEnum};

use crate::rules::knowledge::Method;

#[derive(Debug, Args)]
pub struct GiveArgs {
    /// The item: its name (in either language), id or id prefix
    pub item: String,
    /// The character who takes it
    #[arg(long, value_name = "CHARACTER")]
    pub to: String,
    /// The taker reads a scroll at once, so it cannot fade
    #[arg(long)]
    pub read: bool,
}

#[derive(Debug, Args)]
pub struct ItemArg {
    /// The item: its name (in either language), id or id prefix
    pub item: String,
}

#[derive(Debug, Args)]
pub struct ByArgs {
    /// The item: its name (in either language), id or id prefix
    pub item: String,
    /// Who does it [default: the item's holder]
    #[arg(long, value_name = "CHARACTER")]
    pub by: Option<String>,
}

#[derive(Debug, Args)]
pub struct CastArgs {
    /// The scroll: its name (in either language), id or id prefix
    pub item: String,
    /// Which spell of the scroll (1, 2 …); not for protection scrolls
    #[arg(long, value_name = "N")]
    pub spell: Option<usize>,
    /// Who does it [default: the item's holder]
    #[arg(long, value_name = "CHARACTER")]
    pub by: Option<String>,
    /// Protection scrolls: how many turns the protection lasts (from its description)
    #[arg(long, value_name = "N")]
    pub turns: Option<i64>,
}

#[derive(Debug, Args)]
pub struct CopyArgs {
    /// The scroll: its name (in either language), id or id prefix
    pub item: String,
    /// Which spell of the scroll (1, 2 …)
    #[arg(long, value_name = "N")]
    pub spell: usize,
    /// Who does it [default: the item's holder]
    #[arg(long, value_name = "CHARACTER")]
    pub by: Option<String>,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Hand {
    Left,
    Right,
}

#[derive(Debug, Args)]
pub struct WearArgs {
    /// The item: its name (in either language), id or id prefix
    pub item: String,
    /// Rings: which hand
    #[arg(long, value_enum)]
    pub hand: Option<Hand>,
    /// Who does it [default: the item's holder]
    #[arg(long, value_name = "CHARACTER")]
    pub by: Option<String>,
}

#[derive(Debug, Args)]
pub struct UseArgs {
    /// The item: its name (in either language), id or id prefix
    pub item: String,
    /// How many charges
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1_000))]
    pub charges: u32,
    /// Who does it [default: the item's holder]
    #[arg(long, value_name = "CHARACTER")]
    pub by: Option<String>,
}

#[derive(Debug, Args)]
pub struct RechargeArgs {
    /// The item: its name (in either language), id or id prefix
    pub item: String,
    /// How many charges to add, 1 to 1,000
    #[arg(value_parser = clap::value_parser!(u32).range(1..=1_000))]
    pub charges: u32,
}

#[derive(Debug, Args)]
pub struct IdentifyArgs {
    /// The item: its name (in either language), id or id prefix
    pub item: String,
    /// Who tries [default: the item's holder]
    #[arg(long, value_name = "CHARACTER")]
    pub by: Option<String>,
    /// taste, read-magic, spell, bard-lore, wish, comprehend-languages or appraise
    #[arg(long, value_parser = super::values::named::<Method>)]
    pub method: Method,
}
