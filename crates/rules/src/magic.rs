//! Which book's magic-item tables a campaign rolls, and for Old-School Essentials which of the
//! book's two columns: OSE Classic Fantasy, *Magic Items (General)*, « Basic and Expert Magic
//! Items »: « separate probabilities are listed … for Basic and Expert level characters (i.e.
//! characters of 1st to 3rd level and characters of 4th level or higher) … It is recommended
//! that the probabilities appropriate to the group's experience level be used. Alternatively
//! … the Expert probabilities may always be used. »
//!
//! The tables name categories the AD&D 2e DMG's way (`magic-items`, `potions`, `weapons` …),
//! as treasure types do; [`Magic::table`] says which table a campaign rolls for each.

use serde::{Deserialize, Serialize};

/// Whose magic items: the AD&D 2e DMG's (the default, what campaigns made before the choice
/// existed roll) or Old-School Essentials'.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Items {
    #[default]
    Adnd,
    Ose,
}

/// OSE's column: B, for characters of levels 1–3, or X, for level 4 and more.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Column {
    #[default]
    Basic,
    Expert,
}

/// The highest level of a Basic party: « characters of 1st to 3rd level ».
pub const BASIC_UP_TO: u32 = 3;

impl Column {
    /// The column of a party whose characters are of `levels`: its experience level is their
    /// average, rounded down; a party of no one is Basic.
    pub fn for_party(levels: &[u32]) -> Column {
        let count = levels.len() as u64;
        if count == 0 {
            return Column::Basic;
        }
        let sum: u64 = levels.iter().map(|&l| u64::from(l)).sum();
        if sum / count <= u64::from(BASIC_UP_TO) {
            Column::Basic
        } else {
            Column::Expert
        }
    }

    fn suffix(self) -> &'static str {
        match self {
            Column::Basic => "b",
            Column::Expert => "x",
        }
    }
}

/// Where a campaign's magic items come from: the book, and the column for OSE's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Magic {
    pub items: Items,
    pub column: Column,
}

impl Magic {
    /// The table rolled for the category table `generic` (`magic-items`, `potions`, …): the
    /// DMG's own under AD&D; under OSE the book's table of that category in the column,
    /// rods, staves and wands sharing one (OSE's *Rods, Staves, Wands*). A category OSE does
    /// not have (books, boots, instruments …) keeps the DMG's table.
    pub fn table(self, generic: &str) -> String {
        match (self.items, ose_base(generic)) {
            (Items::Ose, Some(base)) => format!("{base}-{}", self.column.suffix()),
            _ => generic.to_string(),
        }
    }

    /// The tables a treasure lot's `except`/`only` name `generic` stands for: under OSE the
    /// DMG's weapons (which hold its swords) are OSE's weapons and swords.
    pub fn tables(self, generic: &str) -> Vec<String> {
        match (self.items, generic) {
            (Items::Ose, "weapons") => vec![self.table("weapons"), self.table("swords")],
            _ => vec![self.table(generic)],
        }
    }
}

/// OSE's table for a category table of the DMG's, without its column.
fn ose_base(generic: &str) -> Option<&'static str> {
    Some(match generic {
        "magic-items" => "ose-magic-items",
        "armor" => "ose-armour",
        "misc" => "ose-misc",
        "potions" => "ose-potions",
        "rings" => "ose-rings",
        "rods" | "staves" | "wands" => "ose-rods",
        "scrolls" => "ose-scrolls",
        "swords" => "ose-swords",
        "weapons" => "ose-weapons",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_party_is_basic_up_to_an_average_of_third_level() {
        assert_eq!(Column::for_party(&[]), Column::Basic);
        assert_eq!(Column::for_party(&[3, 3, 3]), Column::Basic);
        assert_eq!(Column::for_party(&[4, 3, 4]), Column::Basic); // 11 / 3 = 3
        assert_eq!(Column::for_party(&[4, 4, 3, 5]), Column::Expert); // 16 / 4 = 4
        assert_eq!(Column::for_party(&[4]), Column::Expert);
        assert_eq!(Column::for_party(&[1, 9]), Column::Expert); // 10 / 2 = 5
    }

    #[test]
    fn ose_rolls_its_own_tables_in_its_column_and_adnd_the_dmgs() {
        let adnd = Magic::default();
        assert_eq!(adnd.table("magic-items"), "magic-items");
        assert_eq!(adnd.tables("weapons"), ["weapons"]);
        let b = Magic {
            items: Items::Ose,
            column: Column::Basic,
        };
        let x = Magic {
            column: Column::Expert,
            ..b
        };
        assert_eq!(b.table("magic-items"), "ose-magic-items-b");
        assert_eq!(x.table("magic-items"), "ose-magic-items-x");
        assert_eq!(x.table("wands"), "ose-rods-x");
        assert_eq!(x.table("armor"), "ose-armour-x");
        assert_eq!(x.table("books"), "books");
        assert_eq!(b.tables("weapons"), ["ose-weapons-b", "ose-swords-b"]);
    }
}
