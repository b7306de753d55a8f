//! What a category's rules decide of an item that its maker leaves unsaid (AD&D 2e DMG): the
//! initiative and operating level of its non-permanent powers, and the metal of +3, +4 and +5
//! metal armor and shields. Generated items (`generate`) and hand-made ones (`item add`) both
//! go through [`Identity::complete`], so a category's defaults are written once.

use crate::armor::material;
use crate::item::{Category, Identity};

/// The initiative adjustment and operating level of a category's non-permanent powers (AD&D 2e
/// DMG): rings « ont un ajustement à l'initiative de +3 et fonctionnent au 12ème niveau »;
/// rods « un ajustement à l'initiative de +1 et fonctionnent au 8ème niveau »; staves « +2 et
/// fonctionnent au 8ème niveau »; wands « +3 et fonctionnent au 6ème niveau »; armor, shields
/// and every other magic item « +3 et fonctionnent au 12ème niveau ». Potions, scrolls and books
/// have their own timing. An item whose power is a spell castable only higher says so itself
/// (its table row, or `--level`).
pub fn powers(category: Category) -> Option<(i32, u32)> {
    match category {
        Category::Potion
        | Category::Scroll
        | Category::Book
        | Category::Valuable
        | Category::Gear => None,
        Category::Rod => Some((1, 8)),
        Category::Staff => Some((2, 8)),
        Category::Wand => Some((3, 6)),
        Category::Ring
        | Category::Clothing
        | Category::Boots
        | Category::Household
        | Category::Instrument
        | Category::Misc
        | Category::Armor
        | Category::Sword
        | Category::Weapon => Some((3, 12)),
    }
}

impl Identity {
    /// Fill in what the category's rules decide and the identity leaves unsaid: the
    /// initiative and level of its powers ([`powers`]), and the metal of +3, +4 and +5 metal
    /// armor and shields ([`material`]). Generated and hand-made items
    /// both go through here.
    pub fn complete(&mut self, category: Category) {
        if let Some((initiative, level)) = powers(category) {
            self.initiative.get_or_insert(initiative);
            self.level.get_or_insert(level);
        }
        if self.material.is_none() {
            self.material = material(category, self.metal, self.bonus).map(str::to_string);
        }
    }

    /// An identity the referee gives by hand, completed as a generated one is. Armor and
    /// shields are taken to be metal unless the referee says not: most armor of the DMG's
    /// table, and every magic shield, is.
    pub fn by_hand(mut self, category: Category) -> Identity {
        if category == Category::Armor {
            self.metal.get_or_insert(true);
        }
        self.complete(category);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hand_made_item_gets_its_categorys_power_timing_unless_given() {
        let ring = Identity::default().by_hand(Category::Ring);
        assert_eq!((ring.initiative, ring.level), (Some(3), Some(12)));
        let rod = Identity::default().by_hand(Category::Rod);
        assert_eq!((rod.initiative, rod.level), (Some(1), Some(8)));
        let staff = Identity::default().by_hand(Category::Staff);
        assert_eq!((staff.initiative, staff.level), (Some(2), Some(8)));
        let wand = Identity::default().by_hand(Category::Wand);
        assert_eq!((wand.initiative, wand.level), (Some(3), Some(6)));
        let potion = Identity::default().by_hand(Category::Potion);
        assert_eq!((potion.initiative, potion.level), (None, None));
        let given = Identity {
            level: Some(18),
            ..Identity::default()
        }
        .by_hand(Category::Ring);
        assert_eq!((given.initiative, given.level), (Some(3), Some(18)));
    }

    #[test]
    fn hand_made_plus_3_to_plus_5_armor_gets_its_metal_unless_given() {
        let armor = |bonus: i32| Identity {
            bonus: Some(bonus),
            ..Identity::default()
        };
        let material = |i: Identity| i.by_hand(Category::Armor).material;
        assert_eq!(material(armor(2)), None, "+2: no special metal");
        assert_eq!(material(armor(3)).as_deref(), Some("meteoric-iron-steel"));
        assert_eq!(material(armor(4)).as_deref(), Some("mithril-steel"));
        assert_eq!(material(armor(5)).as_deref(), Some("adamantite-steel"));
        let leather = Identity {
            metal: Some(false),
            ..armor(3)
        };
        assert_eq!(material(leather), None, "not metal");
        let given = Identity {
            material: Some("dragon-scale".into()),
            ..armor(5)
        };
        assert_eq!(material(given).as_deref(), Some("dragon-scale"));
        assert_eq!(Identity::default().by_hand(Category::Weapon).material, None);
    }

    #[test]
    fn the_shipped_tables_agree_with_the_categorys_power_timing() {
        use crate::tables::{Tables, shipped};
        let tables = Tables::parse(&shipped()).unwrap();
        for name in [
            "rings-a",
            "rods",
            "staves",
            "wands",
            "armor",
            "weapons-a",
            "boots",
        ] {
            let t = tables.get(name).unwrap();
            let entry = t
                .entries
                .iter()
                .find(|e| e.props.category.is_some())
                .unwrap();
            let category = entry.props.category.unwrap();
            let (initiative, level) = powers(category).unwrap();
            assert_eq!(entry.props.initiative, Some(initiative), "{name}");
            if name != "rings-a" {
                assert_eq!(entry.props.level, Some(level), "{name}");
            }
        }
    }
}
