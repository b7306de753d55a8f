//! The grammar of `hoard item` and `hoard generate`. Parsing only; `cli::item` runs what is parsed.

use clap::{Args, Subcommand};

use super::Does;
use crate::rules::item::Category;

#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// potion, scroll, ring, rod, staff, wand, book, clothing, boots, household, instrument,
    /// misc, armor, sword, weapon (French names and plurals work), or `any`
    pub category: String,
    /// How many items, 1 to 1,000,000
    #[arg(long, short = 'n', default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub count: u32,
    /// Give them to this character instead of the party's unowned treasure
    #[arg(long, value_name = "CHARACTER")]
    pub to: Option<String>,
    /// With --to: the character reads the scrolls at once, so they cannot fade
    #[arg(long, requires = "to")]
    pub read: bool,
    /// Swords only: make it sentient
    #[arg(long)]
    pub sentient: bool,
    /// Old-School Essentials' magic items: the book's B column (basic) or X (expert)
    /// instead of the campaign's (by default the party's level)
    #[arg(long, value_name = "basic|expert", value_parser = super::values::column)]
    pub column: Option<crate::rules::magic::Column>,
}

#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum ItemCommand {
    /// Record an item the referee makes by hand
    Add {
        /// Its name, as the referee knows it
        name: String,
        /// potion, scroll, ring, rod, staff, wand, book, clothing, boots, household,
        /// instrument, misc, armor, sword or weapon
        #[arg(long, value_parser = super::values::named::<Category>)]
        category: Category,
        /// Charges it holds (wands, staves, rods)
        #[arg(long, allow_negative_numbers = true)]
        charges: Option<i64>,
        /// A finer kind: oil, spell, protection, shield …
        #[arg(long)]
        kind: Option<String>,
        /// Enchantment, e.g. 2 for +2 or -1
        #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(i32).range(-5..=5))]
        bonus: Option<i32>,
        /// Cursed
        #[arg(long)]
        cursed: bool,
        /// Used up when used (potions, dusts …)
        #[arg(long)]
        consumable: bool,
        /// Wands: turns its effect on anyone but its maker
        #[arg(long)]
        trapped: bool,
        /// The character who made it (a trapped wand works for its maker)
        #[arg(long, value_name = "CHARACTER")]
        maker: Option<String>,
        /// Books: harmful to whoever studies it (it binds itself to its owner)
        #[arg(long)]
        harmful: bool,
        /// Books: the alignment it favours
        #[arg(long, value_parser = super::values::named::<crate::rules::alignment::Alignment>, value_name = "ALIGNMENT")]
        favours: Option<crate::rules::alignment::Alignment>,
        /// Books: the classes (wizards, priests, warriors, rogues) or abilities (strength,
        /// intelligence, wisdom, dexterity, constitution, charisma) it bears on most, for good
        /// or ill: what a first wish tells
        #[arg(long, value_parser = super::values::bearing, value_delimiter = ',', value_name = "CLASS|ABILITY")]
        bears_on: Vec<crate::rules::item::Bearing>,
        /// Initiative adjustment of its powers [default: the category's: rings +3, rods +1,
        /// staves +2, wands +3, others +3]
        #[arg(long, allow_negative_numbers = true)]
        initiative: Option<i32>,
        /// Level its powers work at [default: the category's: rings 12, rods and staves 8,
        /// wands 6, others 12]
        #[arg(long)]
        level: Option<u32>,
        /// Armor: not metal (leather), so +3 to +5 get no special metal
        #[arg(long)]
        not_metal: bool,
        /// Armor: its kind, whose table gives its armour class and weight: padded, leather,
        /// studded-leather, ring, brigandine, scale, chain, splint, banded, plate, field-plate,
        /// full-plate or shield [default: the kind its name says, else chain mail, or leather
        /// with --not-metal]
        #[arg(long, value_parser = super::values::armor_kind, value_name = "KIND", conflicts_with = "kind")]
        armor: Option<crate::rules::armor_kind::ArmorKind>,
        /// Potions and oils: how many turns its effect lasts, as dice; 0 for an effect at once
        /// [default: 4+1d4; at once for Healing and Extra-Healing]
        #[arg(long, value_name = "DICE")]
        duration: Option<String>,
        /// Armor: what it is made of [default: +3 meteoric iron, +4 mithril, +5 adamantite steel]
        #[arg(long)]
        material: Option<String>,
        /// Give it to this character
        #[arg(long, value_name = "CHARACTER")]
        to: Option<String>,
    },
    /// Every event that touched an item: its chain of custody and what was done with it
    History {
        /// The item: its name (in either language), id or id prefix
        item: String,
    },
    /// Correct an item's name (a mistyped one): recorded, with the name it had
    Rename {
        /// The item: its name, id or id prefix
        item: String,
        /// Its new name
        name: String,
        /// Its new French name (else the French name follows the English one where they were
        /// the same)
        #[arg(long, value_name = "NAME")]
        fr: Option<String>,
    },
    /// A trapped wand's maker designates a character it will not turn on
    Trust {
        /// The trapped wand: its name, id or id prefix
        item: String,
        /// The character it will not turn on
        #[arg(long, value_name = "CHARACTER")]
        to: String,
    },
    /// List items
    #[command(visible_alias = "ls")]
    List {
        /// Only what this character holds
        #[arg(long, value_name = "CHARACTER")]
        owner: Option<String>,
        /// Only items of this category (potion, scroll, ring, wand …)
        #[arg(long, value_parser = super::values::named::<Category>)]
        category: Option<Category>,
    },
    /// Show an item: by id, id prefix or name
    Show {
        /// The item: its name (in either language), id or id prefix
        item: String,
        /// Show only what this character knows of it
        #[arg(long = "as", value_name = "CHARACTER")]
        as_character: Option<String>,
        /// Show it as it stood at the end of this play session
        #[arg(long, value_name = "SESSION", conflicts_with = "as_character")]
        at: Option<u32>,
    },
}

impl ItemCommand {
    /// What it does with the campaign database.
    pub fn does(&self) -> Does {
        match self {
            Self::List { .. } | Self::Show { .. } | Self::History { .. } => Does::Reads,
            Self::Add { .. } | Self::Rename { .. } | Self::Trust { .. } => Does::Records,
        }
    }
}
