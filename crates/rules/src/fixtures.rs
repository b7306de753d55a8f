//! Plain characters and items for the rules' unit tests: each test states only what differs.

use super::alignment::Alignment;
use super::character::Character;
use super::item::{Category, Identity, Item};

/// A neutral level-1 character of 10 STR and WIS and 5 HP, who can read but not read magic.
pub fn character(id: &str) -> Character {
    Character {
        id: id.into(),
        name: id.to_uppercase(),
        alignment: Alignment::Neutral,
        class: None,
        level: 1,
        str: 10,
        wis: 10,
        hp: 5,
        hp_max: 5,
        reads_magic: false,
        reads_languages: false,
        literate: true,
        quests: Vec::new(),
        int: None,
        dex: None,
        con: None,
        cha: None,
        xp: 0,
        share: Default::default(),
        bound: false,
        hungry: 0,
        hire: None,
        owed: 0,
        living: None,
    }
}

/// An intact item of `category` in the party's treasure, with no special identity.
pub fn item(category: Category) -> Item {
    Item::new(
        "i".into(),
        "Thing".into(),
        "Chose".into(),
        category,
        Identity::default(),
    )
}
