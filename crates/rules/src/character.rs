//! What a character sheet must hold to be playable: ability scores, hit points, level, name.

use serde::{Deserialize, Serialize};

use crate::alignment::Alignment;
use crate::health::HP_LIMIT;
use crate::share::Share;

/// A character sheet as hoard keeps it: what the rules read.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Character {
    pub id: String,
    pub name: String,
    pub alignment: Alignment,
    pub class: Option<String>,
    pub level: u8,
    pub str: u8,
    pub wis: u8,
    pub hp: i32,
    pub hp_max: i32,
    /// Can read magic writing without a spell, whatever the class says.
    #[serde(default)]
    pub reads_magic: bool,
    /// Reads at least one language (protection scrolls need no more).
    #[serde(default = "yes")]
    pub literate: bool,
    /// Can read unknown languages (a thief's skill, or the referee's say): a map needs it, or
    /// comprehend languages.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reads_languages: bool,
    /// Magical quests laid on the character (a book of another alignment to hide and guard).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub quests: Vec<Quest>,
    /// Intelligence and dexterity, when recorded: prime requisites of some classes
    /// (`rules::xp`).
    #[serde(default)]
    pub int: Option<u8>,
    #[serde(default)]
    pub dex: Option<u8>,
    /// Constitution and charisma, when recorded: the sheet a referee keeps (no rule of hoard's
    /// reads them yet).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub con: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cha: Option<u8>,
    /// Experience points.
    #[serde(default)]
    pub xp: i64,
    /// The character's part of treasure and experience, in shares (retainers: a half).
    #[serde(default)]
    pub share: Share,
    /// Dying, with wounds bound: no longer losing a point a round (`health::bleed`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bound: bool,
    /// Days gone without food on an expedition (`rules::food`), until a meal.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub hungry: u32,
    /// Their hire as a retainer (`retainer hire`), and what their employer owes them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hire: Option<crate::wages::Hire>,
    /// Copper pieces of living and training costs the purse could not pay (`rules::upkeep`).
    #[serde(default, skip_serializing_if = "is_nil")]
    pub owed: i64,
    /// How they live, where not as the campaign does (`character set NAME living`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub living: Option<crate::upkeep::Living>,
}

fn is_nil(n: &i64) -> bool {
    *n == 0
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn yes() -> bool {
    true
}

/// A magical quest: hide and protect a book that favours another alignment (AD&D 2e DMG, Books).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Quest {
    pub item: String,
    pub name: String,
    pub name_fr: String,
}

/// Ability scores run from 3 to 18, as rolled on 3d6 in both games.
pub const ABILITY_RANGE: std::ops::RangeInclusive<i64> = 3..=18;
pub const LEVEL_RANGE: std::ops::RangeInclusive<i64> = 1..=36;
/// Names longer than this are refused: a name is read at the table, not a paragraph.
pub const NAME_LIMIT: usize = 100;

/// A value a character sheet (or a name) cannot hold; its words are the edge's
/// (`view::words`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum SheetError {
    /// An ability score outside [`ABILITY_RANGE`]; `which` is its label (STR, WIS …).
    Ability { which: String, value: i64 },
    /// Maximum HP outside 1 to [`HP_LIMIT`].
    HpMax { value: i64 },
    /// A level outside [`LEVEL_RANGE`].
    Level { value: i64 },
    /// A level past the class's last (OSE: a halfling stops at 8th): `max` is it.
    PastClassMax { class: String, level: u8, max: u8 },
    /// A blank name; `what` names what it would name (campaign, item …).
    EmptyName { what: String },
    /// A name longer than [`NAME_LIMIT`] characters.
    LongName { what: String, length: usize },
}

pub fn check_ability(which: &str, value: i64) -> Result<u8, SheetError> {
    if ABILITY_RANGE.contains(&value) {
        Ok(value as u8)
    } else {
        Err(SheetError::Ability {
            which: which.into(),
            value,
        })
    }
}

pub fn check_hp_max(value: i64) -> Result<i32, SheetError> {
    if (1..=i64::from(HP_LIMIT)).contains(&value) {
        Ok(value as i32)
    } else {
        Err(SheetError::HpMax { value })
    }
}

pub fn check_level(value: i64) -> Result<u8, SheetError> {
    if LEVEL_RANGE.contains(&value) {
        Ok(value as u8)
    } else {
        Err(SheetError::Level { value })
    }
}

/// A name as typed, refused when empty, blank or too long. Anything else — quotes, SQL, escape
/// sequences — is kept verbatim: hoard stores text, it never interprets it.
pub fn check_name(what: &str, name: &str) -> Result<String, SheetError> {
    if name.trim().is_empty() {
        return Err(SheetError::EmptyName { what: what.into() });
    }
    let length = name.chars().count();
    if length > NAME_LIMIT {
        return Err(SheetError::LongName {
            what: what.into(),
            length,
        });
    }
    Ok(name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn abilities_run_from_3_to_18() {
        assert_eq!(check_ability("STR", 3), Ok(3));
        assert_eq!(check_ability("STR", 18), Ok(18));
        assert!(check_ability("STR", 2).is_err());
        assert!(check_ability("WIS", 19).is_err());
        assert!(check_ability("WIS", i64::MIN).is_err());
    }

    #[test]
    fn hp_must_be_positive_and_sane() {
        assert_eq!(check_hp_max(1), Ok(1));
        assert!(check_hp_max(0).is_err());
        assert!(check_hp_max(-4).is_err());
        assert!(check_hp_max(10_000).is_err());
    }

    #[test]
    fn names_are_kept_verbatim_unless_blank_or_long() {
        assert_eq!(
            check_name("character", "Robert'); DROP TABLE x;--"),
            Ok("Robert'); DROP TABLE x;--".into())
        );
        assert!(check_name("character", "  ").is_err());
        assert!(check_name("character", &"a".repeat(101)).is_err());
        assert!(check_name("character", &"é".repeat(100)).is_ok());
    }
}
