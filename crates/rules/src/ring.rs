//! Rings (AD&D 2e DMG, Rings): worn on a finger, at most one magic ring per hand — with two on
//! one hand neither works — and a ring carried but not worn does nothing.

use super::item::{Category, Item, Slot};

/// Whether a worn ring works: it is the only ring on its hand.
pub fn works(ring: &Item, worn: &[&Item]) -> bool {
    let Some(hand) = ring
        .worn
        .filter(|s| matches!(s, Slot::LeftHand | Slot::RightHand))
    else {
        return false;
    };
    worn.iter()
        .filter(|i| i.category == Category::Ring && i.worn == Some(hand))
        .count()
        == 1
}

/// The rings on `hand` among a character's worn items.
pub fn on_hand<'a>(hand: Slot, worn: &[&'a Item]) -> Vec<&'a Item> {
    worn.iter()
        .copied()
        .filter(|i| i.category == Category::Ring && i.worn == Some(hand))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::item::Identity;

    fn ring(id: &str, hand: Option<Slot>) -> Item {
        let mut r = Item::new(
            id.into(),
            id.into(),
            id.into(),
            Category::Ring,
            Identity::default(),
        );
        r.worn = hand;
        r
    }

    #[test]
    fn exactly_one_ring_per_hand_works() {
        let a = ring("a", Some(Slot::LeftHand));
        let b = ring("b", Some(Slot::RightHand));
        assert!(works(&a, &[&a, &b]));
        assert!(works(&b, &[&a, &b]));
    }

    #[test]
    fn two_rings_on_one_hand_both_stop_and_work_again_once_one_is_removed() {
        let a = ring("a", Some(Slot::LeftHand));
        let mut b = ring("b", Some(Slot::LeftHand));
        assert!(!works(&a, &[&a, &b]));
        assert!(!works(&b, &[&a, &b]));
        b.worn = None;
        assert!(works(&a, &[&a, &b]));
        assert!(!works(&b, &[&a, &b]), "carried, not worn: does nothing");
    }
}
