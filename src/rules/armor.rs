//! Magic armor and shields (seed 004): what +3, +4 and +5 metal ones are made of, and what
//! each plus is worth once worn.

use super::item::Category;

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

#[cfg(test)]
mod tests {
    use super::*;

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
