//! What an item weighs, in coins, OSE's unit of encumbrance (OSE Rules Tome, *Encumbrance*:
//! ten coins to the pound), so that a VTT's encumbrance counts treasure: one table, cited row
//! by row, instead of a weight of 0 that would make a plate of gold weigh nothing.

use super::armor;
use super::armor_kind::Edition;
use super::item::{Category, Item};

/// One piece's weight in coins. OSE's own figures first — *Encumbrance* (treasure and magic
/// items: gem 1, jewellery 10, potion 10, rod 20, scroll 1, staff 40, wand 10), *Weapons*
/// (`weapon::stats`) and *Weapons and Armour* (leather 200, chain mail 400, plate mail 500,
/// shield 100, by `armor::kind`; a kind OSE does not list, AD&D 2e's); for what OSE does not weigh, the like item
/// of the dnd5e 5.3.3 pack sources (`packs/_source/items/`) at ten coins to the pound: a ring
/// as OSE's jewellery, a book as `trinket/manual-of-bodily-health.yml` (1 lb), clothing as
/// `equipment/robe-of-stars.yml` (1 lb), boots as `equipment/boots-of-speed.yml` (1 lb), a
/// household item as `trinket/broom-of-flying.yml` (3 lb), an instrument as `tool/lute.yml`
/// (2 lb), anything else as `equipment/stone-of-good-luck-luckstone.yml` (0.1 lb); art and
/// other valuables as jewellery.
pub fn coins(item: &Item) -> f64 {
    coins_by(item, Edition::Ose)
}

/// [`coins`], armour weighed by `edition`'s table (AD&D 2e's PHB for `encumbrance adnd`:
/// leather 15 lb, plate mail 50 lb …, at ten coins to the pound).
pub fn coins_by(item: &Item, edition: Edition) -> f64 {
    // Anything bought weighs its price list's weight for each piece left (OSE weighs
    // adventuring gear in a lump: none; a suit of armour the armour table's; an AD&D long sword
    // the PHB's 4 lb, not OSE's sword).
    if let (true, Some(each)) = (item.bought(), item.identity.weight) {
        return f64::from(each) * f64::from(item.identity.count.unwrap_or(1));
    }
    if let Some(make) = super::weapon::make(item) {
        return super::weapon::stats(make).coins;
    }
    match item.category {
        Category::Potion | Category::Wand => 10.0,
        Category::Rod => 20.0,
        Category::Scroll => 1.0,
        Category::Staff => 40.0,
        Category::Valuable if item.identity.kind.as_deref() == Some("gem") => 1.0,
        Category::Valuable | Category::Ring => 10.0,
        Category::Armor => f64::from(armor::kind(item).stats(edition).coins),
        Category::Book | Category::Clothing | Category::Boots => 10.0,
        Category::Household => 30.0,
        Category::Instrument => 20.0,
        // A sword has a make; a weapon of no known make weighs as OSE's sword.
        Category::Sword | Category::Weapon => 60.0,
        Category::Misc => 1.0,
        // Gear is bought: weighed above, by its price list.
        Category::Gear => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_weighs_nothing() {
        for category in Category::ALL.into_iter().chain([Category::Valuable]) {
            let item = crate::fixtures::item(category);
            assert!(coins(&item) > 0.0, "{category:?}");
        }
    }

    #[test]
    fn weights_follow_ose_where_it_gives_them() {
        let mut gem = crate::fixtures::item(Category::Valuable);
        gem.identity.kind = Some("gem".into());
        assert_eq!(coins(&gem), 1.0);
        assert_eq!(coins(&crate::fixtures::item(Category::Potion)), 10.0);
        let mut shield = crate::fixtures::item(Category::Armor);
        shield.identity.kind = Some("shield".into());
        assert_eq!(coins(&shield), 100.0);
    }

    #[test]
    fn a_bought_weapon_weighs_what_its_price_list_says() {
        // AD&D 2e PHB: a long sword, 4 lb; OSE's sword weighs 60 coins.
        let mut sword = crate::fixtures::item(Category::Weapon);
        sword.identity.kind = Some("sword".into());
        assert_eq!(coins(&sword), 60.0);
        (sword.identity.weight, sword.identity.lot) = (Some(40), Some(1));
        assert_eq!(coins(&sword), 40.0);
    }
}
