//! How rare a magic item is, by the D&D 5e *Dungeon Master's Guide* (2014), chapter 7: what a
//! game system that sorts treasure by rarity (Foundry's dnd5e) is told of hoard's items.

use super::item::{Category, Item};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Rarity {
    Common,
    Uncommon,
    Rare,
    VeryRare,
    Legendary,
}

/// Rarity where the category gives one: weapons +1 uncommon, +2 rare, +3 very rare; armor +1
/// rare, +2 very rare, +3 legendary; shields as weapons; beyond +3 (AD&D's +4 and +5)
/// legendary. Spell scrolls by their highest spell: 1st common, 2nd–3rd uncommon, 4th–5th
/// rare, 6th–8th very rare, 9th legendary. Cursed (negative) items, items of unknown bonus
/// and other categories have none.
pub fn rarity(item: &Item) -> Option<Rarity> {
    const BY_STEP: [Rarity; 5] = [
        Rarity::Common,
        Rarity::Uncommon,
        Rarity::Rare,
        Rarity::VeryRare,
        Rarity::Legendary,
    ];
    let step = match (item.category, item.identity.bonus) {
        (Category::Scroll, _) => {
            let level = item.spells.iter().map(|s| s.level).max()?;
            [0, 0, 1, 1, 2, 2, 3, 3, 3, 4][usize::from(level.min(9))]
        }
        (_, Some(b)) if b <= 0 => return None,
        (Category::Armor, Some(b)) if item.identity.kind.as_deref() != Some("shield") => {
            b as usize + 1
        }
        (Category::Armor | Category::Sword | Category::Weapon, Some(b)) => b as usize,
        _ => return None,
    };
    Some(BY_STEP[step.min(4)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::item::{Identity, ScrollSpell};

    fn made(category: Category, bonus: Option<i32>, kind: Option<&str>) -> Item {
        let identity = Identity {
            bonus,
            kind: kind.map(str::to_string),
            ..Identity::default()
        };
        Item::new("i".into(), "x".into(), "x".into(), category, identity)
    }

    #[test]
    fn rarity_follows_the_bonus_by_kind_of_item() {
        use Rarity::*;
        assert_eq!(
            rarity(&made(Category::Sword, Some(1), None)),
            Some(Uncommon)
        );
        assert_eq!(rarity(&made(Category::Sword, Some(2), None)), Some(Rare));
        assert_eq!(
            rarity(&made(Category::Weapon, Some(3), None)),
            Some(VeryRare)
        );
        assert_eq!(
            rarity(&made(Category::Weapon, Some(4), None)),
            Some(Legendary)
        );
        assert_eq!(
            rarity(&made(Category::Weapon, Some(5), None)),
            Some(Legendary)
        );
        assert_eq!(rarity(&made(Category::Armor, Some(1), None)), Some(Rare));
        assert_eq!(
            rarity(&made(Category::Armor, Some(2), None)),
            Some(VeryRare)
        );
        assert_eq!(
            rarity(&made(Category::Armor, Some(3), None)),
            Some(Legendary)
        );
        assert_eq!(
            rarity(&made(Category::Armor, Some(1), Some("shield"))),
            Some(Uncommon)
        );
        assert_eq!(
            rarity(&made(Category::Sword, Some(-1), None)),
            None,
            "cursed"
        );
        assert_eq!(rarity(&made(Category::Sword, Some(0), None)), None);
        assert_eq!(rarity(&made(Category::Sword, None, None)), None, "no bonus");
        assert_eq!(rarity(&made(Category::Ring, Some(2), None)), None);
    }

    #[test]
    fn a_spell_scroll_is_as_rare_as_its_highest_spell() {
        let mut scroll = made(Category::Scroll, None, Some("spell"));
        assert_eq!(rarity(&scroll), None, "no spells");
        for (level, expected) in [
            (1, Rarity::Common),
            (2, Rarity::Uncommon),
            (3, Rarity::Uncommon),
            (4, Rarity::Rare),
            (5, Rarity::Rare),
            (6, Rarity::VeryRare),
            (8, Rarity::VeryRare),
            (9, Rarity::Legendary),
        ] {
            scroll.spells = vec![ScrollSpell {
                level,
                needs: 1,
                written_at: 1,
                erased: false,
            }];
            assert_eq!(rarity(&scroll), Some(expected), "level {level}");
        }
    }
}
