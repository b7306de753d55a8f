//! The grammar of `hoard character`: the sheet, hit points and shares. Parsing only;
//! `cli::character` runs what is parsed.

use clap::Subcommand;

use super::Does;
use crate::rules::alignment::Alignment;
use crate::tr;

#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum CharacterCommand {
    /// Add a character to the campaign
    Add {
        /// Its name, unique in the campaign
        name: String,
        /// Strength, 3 to 18
        #[arg(long = "str", allow_negative_numbers = true, value_name = "N")]
        strength: i64,
        /// Wisdom, 3 to 18
        #[arg(long = "wis", allow_negative_numbers = true, value_name = "N")]
        wisdom: i64,
        /// Maximum (and current) hit points, 1 to 9999
        #[arg(long, allow_negative_numbers = true, value_name = "N")]
        hp: i64,
        /// lawful, neutral or chaotic [default: neutral]
        #[arg(long, value_parser = super::values::named::<Alignment>)]
        alignment: Option<Alignment>,
        /// Class, e.g. fighter, magic-user, cleric, thief, elf
        #[arg(long)]
        class: Option<String>,
        /// Experience level, 1 to 36 [default: 1]
        #[arg(long, allow_negative_numbers = true)]
        level: Option<i64>,
        /// Can read magic whatever the class (wizard classes and elves always can)
        #[arg(long)]
        reads_magic: bool,
        /// Cannot read (protection scrolls need a reader)
        #[arg(long)]
        illiterate: bool,
        /// Can read unknown languages (a thief's skill): maps need it, or comprehend languages
        #[arg(long)]
        reads_languages: bool,
        /// Intelligence, 3 to 18 (prime requisite of magic-users and elves)
        #[arg(long = "int", allow_negative_numbers = true, value_name = "N")]
        intelligence: Option<i64>,
        /// Dexterity, 3 to 18 (prime requisite of thieves and halflings)
        #[arg(long = "dex", allow_negative_numbers = true, value_name = "N")]
        dexterity: Option<i64>,
        /// Constitution, 3 to 18 (kept on the sheet)
        #[arg(long = "con", allow_negative_numbers = true, value_name = "N")]
        constitution: Option<i64>,
        /// Charisma, 3 to 18 (kept on the sheet)
        #[arg(long = "cha", allow_negative_numbers = true, value_name = "N")]
        charisma: Option<i64>,
        #[arg(long, allow_negative_numbers = true, value_name = "N",
              help = super::coins::xp("Experience points") + " [default: what the level needs, for the OSE classes]")]
        xp: Option<i64>,
        /// Shares of treasure and experience: 1, or 0.5 for a retainer [default: 1]
        #[arg(long, value_name = "N", value_parser = share)]
        share: Option<crate::rules::share::Share>,
    },
    /// List the campaign's characters
    #[command(visible_alias = "ls")]
    List,
    /// Show a character
    Show {
        /// The character's name
        name: String,
        /// Show the sheet as this character knows it (items by the names they know them by)
        #[arg(long = "as", value_name = "CHARACTER")]
        as_character: Option<String>,
        /// Show the sheet as it stood at the end of this play session, its share-out and
        /// award included (with --as: as that character knew it then)
        #[arg(long, value_name = "SESSION")]
        at: Option<u32>,
    },
    /// Take hit points away (HP stops at -10)
    Damage {
        /// The character's name
        name: String,
        /// How many hit points
        #[arg(allow_negative_numbers = true, value_parser = super::values::amount::<u32>)]
        amount: u32,
    },
    /// Change a character sheet: level, class, alignment, str, wis, int, dex, con, cha,
    /// hp-max, reads-magic, literate, reads-languages, xp, share, living
    Set {
        /// The character's name
        name: String,
        /// What to change: level, class, alignment, str, wis, int, dex, con, cha, hp-max,
        /// reads-magic, literate, reads-languages, xp, share or living (a lifestyle: squalid,
        /// poor, middle-class, wealthy; an amount such as 100gp/month; or campaign)
        key: String,
        /// Its new value
        value: String,
    },
    /// A character's personal link for `hoard serve --players` (made now if they have none):
    /// their own sheet and the party's loot to claim; --revoke revokes it (the next is new)
    Link {
        /// The character's name
        name: String,
        /// Revoke their link: it opens nothing any more
        #[arg(long)]
        revoke: bool,
    },
    /// Bind a dying character's wounds, a round's work: they stop losing 1 HP a round (AD&D's
    /// death's door, `campaign set death adnd`)
    Bind {
        /// The dying character's name
        name: String,
        /// Who tends them (they must be able to act)
        #[arg(long)]
        by: Option<String>,
    },
    /// Raise a dead character by the campaign's death rule's book: OSE's raise dead (back with
    /// 1 HP, two weeks of bed rest); AD&D's resurrection survival roll on CON (a failure leaves
    /// them dead; a success costs 1 point of CON)
    Raise {
        /// The dead character's name
        name: String,
        /// Hit points to come back with, 1 to the maximum (a resurrection's) [default: 1]
        #[arg(long, allow_negative_numbers = true, value_name = "N")]
        hp: Option<i64>,
        /// Constitution, 3 to 18, for AD&D's survival roll when the sheet lacks it (kept on it)
        #[arg(long = "con", allow_negative_numbers = true, value_name = "N")]
        constitution: Option<i64>,
    },
    /// Give hit points back (never above the maximum; a dying character comes back to 1 HP
    /// under `death adnd`; the dead are raised, not healed)
    Heal {
        /// The character's name
        name: String,
        /// How many hit points
        #[arg(allow_negative_numbers = true, value_parser = super::values::amount::<u32>)]
        amount: u32,
    },
}

/// A number of shares as typed: 1, 0.5, 1.5.
pub fn share(text: &str) -> Result<crate::rules::share::Share, String> {
    crate::rules::share::Share::parse(text).ok_or_else(|| {
        tr!(
            "a share is 0 to 10 in halves: 1, 0.5 for a retainer",
            "une part va de 0 à 10 par moitiés : 1, 0.5 pour un suivant"
        )
    })
}

impl CharacterCommand {
    /// What it does with the campaign database.
    pub fn does(&self) -> Does {
        match self {
            Self::List | Self::Show { .. } => Does::Reads,
            Self::Add { .. }
            | Self::Damage { .. }
            | Self::Set { .. }
            | Self::Link { .. }
            | Self::Bind { .. }
            | Self::Raise { .. }
            | Self::Heal { .. } => Does::Records,
        }
    }
}
