//! Magic armor and shields (AD&D 2e DMG): what +3, +4 and +5 metal ones are made of, and what
//! each plus is worth once worn.

use super::item::{Category, Item, Slot};

/// The metal of magic armor or a magic shield by its bonus: +3 meteoric iron steel, +4
/// mithril-steel, +5 adamantite-steel. Other armor, and non-metal armor, say nothing.
pub fn material(
    category: Category,
    metal: Option<bool>,
    bonus: Option<i32>,
) -> Option<&'static str> {
    if category != Category::Armor || metal != Some(true) {
        return None;
    }
    match bonus? {
        3 => Some("meteoric-iron-steel"),
        4 => Some("mithril-steel"),
        5 => Some("adamantite-steel"),
        _ => None,
    }
}

/// The material in the language of the process.
pub fn material_name(material: &str) -> &str {
    let (en, fr) = match material {
        "meteoric-iron-steel" => ("steel of meteoric iron", "acier ferreux de météore"),
        "mithril-steel" => ("mithril-steel alloy", "alliage de mithril et d'acier"),
        "adamantite-steel" => ("adamantite-steel alloy", "alliage d'adamantite et d'acier"),
        other => (other, other),
    };
    crate::i18n::pick(en, fr)
}

/// Whether an armor item is a shield (worn on the arm) rather than a suit of armor.
pub fn is_shield(item: &Item) -> bool {
    item.category == Category::Armor && item.identity.kind.as_deref() == Some("shield")
}

/// What worn magic armor and shield add up to.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Protection {
    /// Points of armor class improvement (each +1 improves it by one).
    pub ac: i32,
    /// Bonus to saving throws against spells and powers that deal physical damage.
    pub saves: i32,
    pub armor: Option<i32>,
    pub shield: Option<i32>,
    /// Magic armor does not count toward encumbrance; a magic shield does.
    pub armor_counts_for_encumbrance: bool,
}

/// The totals of the suit of armor and the shield a character wears.
pub fn protection(worn: &[&Item]) -> Protection {
    let bonus = |slot: Slot| {
        worn.iter()
            .find(|i| i.category == Category::Armor && i.worn == Some(slot))
            .map(|i| i.identity.bonus.unwrap_or(0))
    };
    let (armor, shield) = (bonus(Slot::Body), bonus(Slot::Shield));
    let total = armor.unwrap_or(0) + shield.unwrap_or(0);
    Protection {
        ac: total,
        saves: total,
        armor,
        shield,
        armor_counts_for_encumbrance: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::item::Identity;

    fn piece(kind: &str, bonus: i32, slot: Option<Slot>) -> Item {
        let identity = Identity {
            kind: Some(kind.into()),
            bonus: Some(bonus),
            ..Identity::default()
        };
        let mut i = Item::new(
            kind.into(),
            kind.into(),
            kind.into(),
            Category::Armor,
            identity,
        );
        i.worn = slot;
        i
    }

    #[test]
    fn each_plus_improves_armor_class_and_saves_by_one() {
        let armor = piece("armor", 2, Some(Slot::Body));
        let shield = piece("shield", 1, Some(Slot::Shield));
        let carried = piece("armor", 5, None);
        let p = protection(&[&armor, &shield, &carried]);
        assert_eq!((p.ac, p.saves, p.armor, p.shield), (3, 3, Some(2), Some(1)));
        let cursed = piece("shield", -1, Some(Slot::Shield));
        assert_eq!(protection(&[&cursed]).ac, -1);
        assert!(is_shield(&shield) && !is_shield(&armor));
    }

    #[test]
    fn metal_by_bonus_for_metal_armor_only() {
        assert_eq!(material(Category::Armor, Some(true), Some(2)), None);
        assert_eq!(
            material(Category::Armor, Some(true), Some(3)),
            Some("meteoric-iron-steel")
        );
        assert_eq!(
            material(Category::Armor, Some(true), Some(4)),
            Some("mithril-steel")
        );
        assert_eq!(
            material(Category::Armor, Some(true), Some(5)),
            Some("adamantite-steel")
        );
        assert_eq!(material(Category::Armor, Some(false), Some(5)), None);
        assert_eq!(material(Category::Sword, Some(true), Some(5)), None);
    }
}
