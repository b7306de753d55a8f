//! Magic swords and weapons in the hands of Old-School Essentials characters: the damage each
//! deals (OSE Rules Tome, *Weapons*). hoard records a sword's blade, not a weapon's make.

use super::dice::Expr;
use super::item::{Category, Item};

/// A weapon's damage by the OSE *Weapons* table: sword 1d8, short sword 1d6, two-handed sword
/// 1d10; any other weapon 1d6, as in the basic rule where every weapon deals 1d6. A sword's
/// blade is what anyone sees of it, so whoever holds it knows its damage.
pub fn damage(item: &Item) -> Expr {
    let sides = match (item.category, item.identity.blade.as_deref()) {
        (Category::Sword, Some("short")) => 6,
        (Category::Sword, Some("two-handed")) => 10,
        (Category::Sword, _) => 8,
        _ => 6,
    };
    Expr::dice(1, sides)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blade(category: Category, blade: Option<&str>) -> String {
        let mut item = crate::fixtures::item(category);
        item.identity.blade = blade.map(str::to_string);
        damage(&item).to_string()
    }

    #[test]
    fn a_sword_deals_by_its_blade_and_any_other_weapon_1d6() {
        assert_eq!(blade(Category::Sword, None), "1d8");
        assert_eq!(blade(Category::Sword, Some("long")), "1d8");
        assert_eq!(blade(Category::Sword, Some("bastard")), "1d8");
        assert_eq!(blade(Category::Sword, Some("short")), "1d6");
        assert_eq!(blade(Category::Sword, Some("two-handed")), "1d10");
        assert_eq!(blade(Category::Weapon, None), "1d6");
        assert_eq!(
            blade(Category::Weapon, Some("two-handed")),
            "1d6",
            "only a sword has a blade"
        );
    }
}
