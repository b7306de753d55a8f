//! The grammar of the treasury: `hoard coins`, `valuable`, `share`, `xp` and `stash`. Parsing only;
//! `cli::coins` runs what is parsed.

use clap::{Args, Subcommand, ValueEnum};

use super::Does;
use crate::rules::limits;

/// An amount's help: an example, the coins, and the limit of one coin (`rules::limits`).
fn amount(example: &str) -> String {
    format!(
        "The amount: {example} (cp, sp, ep, gp, pp; French po, pa, pc, pe too), at most {} of one coin",
        limits::COINS
    )
}

/// XP from 0 to the limit of a sheet and of an award (`rules::limits`), with what it is.
pub(super) fn xp(what: &str) -> String {
    format!("{what}, 0 to {}", limits::XP)
}

#[derive(Debug, Args)]
pub struct CoinsArgs {
    #[command(subcommand)]
    pub command: Option<CoinsCommand>,
}

#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum CoinsCommand {
    /// Coins come in: to the party's pool, or to a character's purse (--to) or a place (--at)
    Add {
        #[arg(required = true, value_name = "AMOUNT", help = amount("1200gp 300sp 40pp"))]
        amount: Vec<String>,
        /// A character's purse instead of the pool
        #[arg(long, value_name = "CHARACTER", conflicts_with = "at")]
        to: Option<String>,
        /// A named place instead of the pool: a bank, a stronghold, a cache
        #[arg(long, value_name = "PLACE", visible_alias = "to-place")]
        at: Option<String>,
    },
    /// Coins go out: from the pool, or from a purse (--from) or a place (--at); refused if
    /// they are not there
    Spend {
        #[arg(required = true, value_name = "AMOUNT", help = amount("12gp 5sp"))]
        amount: Vec<String>,
        /// A character's purse instead of the pool
        #[arg(long, value_name = "CHARACTER", conflicts_with = "at")]
        from: Option<String>,
        /// A named place instead of the pool
        #[arg(long, value_name = "PLACE", visible_alias = "from-place")]
        at: Option<String>,
    },
    /// Coins change hands: from the pool unless --from/--from-place, to the pool unless
    /// --to/--to-place
    Move {
        #[arg(required = true, value_name = "AMOUNT", help = amount("100gp 3pp"))]
        amount: Vec<String>,
        /// Take them from this character's purse
        #[arg(long, value_name = "CHARACTER", conflicts_with = "from_place")]
        from: Option<String>,
        /// Take them from this place
        #[arg(long, value_name = "PLACE")]
        from_place: Option<String>,
        /// Put them in this character's purse
        #[arg(long, value_name = "CHARACTER", conflicts_with = "to_place")]
        to: Option<String>,
        /// Put them at this place
        #[arg(long, value_name = "PLACE")]
        to_place: Option<String>,
        /// A place on the side --from or --to leaves open (given twice: from the first place
        /// to the second)
        #[arg(long, value_name = "PLACE", conflicts_with_all = ["from_place", "to_place"])]
        at: Vec<String>,
    },
    /// The pool, every purse and every place, with what each is worth
    Show,
}

#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum XpCommand {
    /// Experience for a session: its treasure brought back and its monsters, divided among the
    /// living (a retainer takes half a share; the dead none), each part adjusted by the
    /// character's prime requisites (OSE)
    Award {
        #[arg(long, value_name = "XP", default_value_t = 0,
              help = xp("XP for the monsters defeated, all together"),
              value_parser = clap::value_parser!(i64).range(0..=limits::XP))]
        monsters: i64,
    },
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum ValuableKind {
    Gem,
    Jewelry,
    Art,
    Other,
}

#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum ValuableCommand {
    /// Record a gem, a piece of jewelry or art, worth --value; it is an item like any other
    Add {
        /// What it is: a ruby, a gold torc …
        name: String,
        #[arg(long, value_name = "AMOUNT",
              help = format!("What it is worth: 500gp, 1gp5sp …, at most {} gp", limits::VALUE_GP))]
        value: String,
        /// gem, jewelry, art or other
        #[arg(long, value_enum, default_value = "other")]
        kind: ValuableKind,
        /// Give it to this character instead of the party's treasure
        #[arg(long, value_name = "CHARACTER", conflicts_with = "at")]
        to: Option<String>,
        /// Leave it at a named place
        #[arg(long, value_name = "PLACE")]
        at: Option<String>,
    },
    /// A piece of jewellery or art damaged by rough treatment (crushed, burnt, struck by
    /// lightning): it is worth half from now on (OSE Rules Tome, jewellery)
    Damage {
        /// The valuable: its name, id or id prefix
        item: String,
    },
    /// Have a valuable appraised: the character learns what it is worth (the same as
    /// `identify ITEM --by C --method appraise`)
    Appraise {
        /// The valuable: its name, id or id prefix
        item: String,
        /// Who has it appraised
        #[arg(long, value_name = "CHARACTER")]
        by: String,
        /// What the appraiser says it is worth, if not its true worth (a fake gem, a lying
        /// jeweller): the character believes it until an appraisal without --value
        #[arg(long, value_name = "AMOUNT")]
        value: Option<String>,
    },
}

#[derive(Debug, Args)]
pub struct ExchangeArgs {
    #[arg(required = true, value_name = "AMOUNT", help = amount("1200sp"))]
    pub amount: Vec<String>,
    /// The coin to change them for: cp, sp, ep, gp or pp
    #[arg(long = "for", value_name = "COIN")]
    pub into: String,
    /// A character's purse instead of the pool
    #[arg(long, value_name = "CHARACTER", conflicts_with = "at")]
    pub from: Option<String>,
    /// A named place instead of the pool
    #[arg(long, value_name = "PLACE")]
    pub at: Option<String>,
}

#[derive(Debug, Args)]
pub struct SellArgs {
    /// The items: names (in either language), ids or id prefixes
    #[arg(required = true, value_name = "ITEM")]
    pub items: Vec<String>,
    /// The price for all of them, instead of each one's worth at its market's fraction
    /// (`campaign set sell-fraction`); a magic item, which has no worth, needs it
    #[arg(long = "for", value_name = "AMOUNT")]
    pub price: Option<String>,
    /// Pay a character's purse instead of the party's pool
    #[arg(long, value_name = "CHARACTER", conflicts_with = "at")]
    pub to: Option<String>,
    /// Pay a named place instead of the party's pool (a bank)
    #[arg(long, value_name = "PLACE")]
    pub at: Option<String>,
}

#[derive(Debug, Args)]
pub struct BuyArgs {
    /// The goods: a line of the campaign's price list, by its name in either language or its
    /// id (`torches`, `Rations (standard, 7 days)`); `tables show equipment-ose` lists them
    #[arg(value_name = "ITEM")]
    pub goods: String,
    /// How many of the list's lots (« Torches (6) » twice is 12 torches)
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub count: u32,
    /// The character who pays from their purse and carries the goods
    #[arg(long, value_name = "CHARACTER")]
    pub by: String,
}

/// `retainer hire|dismiss`.
#[derive(Debug, Subcommand)]
pub enum RetainerCommand {
    /// Hire a character of the campaign as another's retainer (OSE: « a fee of 1gp per day
    /// plus a half share of treasure »): the wage is paid from the employer's purse each day
    /// their expedition's clock passes, or at the end of each session the retainer goes on
    Hire {
        /// The retainer
        retainer: String,
        /// The employer, who pays
        #[arg(long, value_name = "CHARACTER")]
        by: String,
        /// The wage: `AMOUNT/day` or `AMOUNT/adventure` (`1 gp/day`, `10 gp/adventure`)
        #[arg(long, value_name = "AMOUNT/day|AMOUNT/adventure")]
        wage: String,
    },
    /// Dismiss a retainer: no more wages fall due; what is owed stands (`hoard debts`)
    Dismiss {
        /// The retainer
        retainer: String,
    },
}

// `debts [CHARACTER]`, `debts pay CHARACTER [--to RETAINER]` (the help is the command's).
#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct DebtsArgs {
    /// Only what this character owes or is owed
    #[arg(value_name = "CHARACTER")]
    pub character: Option<String>,
    #[command(subcommand)]
    pub command: Option<DebtsCommand>,
}

#[derive(Debug, Subcommand)]
pub enum DebtsCommand {
    /// Pay what a character owes from their purse, as far as it goes: the wages owed each
    /// retainer first, then the living and training costs; each debt by the purse's most
    /// valuable coins that do not pass it, no change given
    Pay {
        /// The character who owes and pays
        character: String,
        /// Pay this retainer alone
        #[arg(long, value_name = "RETAINER")]
        to: Option<String>,
    },
}

impl DebtsArgs {
    /// What it does with the campaign database: `debts` alone reads.
    pub fn does(&self) -> Does {
        match &self.command {
            None => Does::Reads,
            Some(DebtsCommand::Pay { .. }) => Does::Records,
        }
    }
}

#[derive(Debug, Args)]
pub struct LightArgs {
    /// The torch or lantern: its name (in either language), id or id prefix
    pub item: String,
    /// The character who holds it
    #[arg(long, value_name = "CHARACTER")]
    pub by: String,
}

#[derive(Debug, Args)]
pub struct ShareArgs {
    /// Count against each one's portion the worth of the items they received from the party's
    /// treasure since their last share-out (claims settled, items given), as the party
    /// believes it: who took the magic sword takes less gold
    #[arg(long)]
    pub items: bool,
    /// Under --items, the worth the party agrees an item counted has for this share-out, in
    /// place of the one it believes (a magic item has none): ITEM=AMOUNT, the item by its
    /// name, id or id prefix, such as --worth "Sword +1=2000gp"; once per item
    #[arg(long, value_name = "ITEM=AMOUNT", requires = "items")]
    pub worth: Vec<String>,
}

#[derive(Debug, Args)]
pub struct StashArgs {
    /// The item: its name (in either language), id or id prefix
    pub item: String,
    /// The place: a bank, a stronghold, a cache
    #[arg(long, value_name = "PLACE")]
    pub at: String,
}

impl CoinsCommand {
    /// What it does with the campaign database.
    pub fn does(&self) -> Does {
        match self {
            Self::Show => Does::Reads,
            Self::Add { .. } | Self::Spend { .. } | Self::Move { .. } => Does::Records,
        }
    }
}

impl ValuableCommand {
    /// What it does with the campaign database.
    pub fn does(&self) -> Does {
        match self {
            Self::Add { .. } | Self::Damage { .. } | Self::Appraise { .. } => Does::Records,
        }
    }
}

impl XpCommand {
    /// What it does with the campaign database.
    pub fn does(&self) -> Does {
        match self {
            Self::Award { .. } => Does::Records,
        }
    }
}
