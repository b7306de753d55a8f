//! Custody: an item has at most one holder — a character or the party's unowned treasure —
//! and passes from any holder to any other, unless it is bound to its owner or gone.

use super::Refused;
use super::character::Character;
use super::item::{Category, Item, Knowledge, Status};
use crate::tr;

/// Whether `item` may pass to `to` (`None`: the party's treasure).
pub fn can_pass(item: &Item, to: Option<&Character>) -> Result<(), Refused> {
    let name = item.name();
    if item.attached {
        return Err(Refused(tr!(
            "{name} has bound itself to its owner (a harmful book): it can be neither given nor dropped",
            "{name} s'est attaché à son possesseur (un livre néfaste) : impossible de le donner ou le laisser"
        )));
    }
    if item.is_gone() {
        return Err(Refused(tr!(
            "{name} is gone ({}): there is nothing to hand over",
            "{name} n'existe plus ({}) : rien à transmettre",
            item.status.as_str()
        )));
    }
    match (to, &item.holder) {
        (Some(c), Some(h)) if &c.id == h => Err(Refused(tr!(
            "{} already holds {name}",
            "{} porte déjà {name}",
            c.name
        ))),
        (None, None) if item.place.is_none() => Err(Refused(tr!(
            "{name} is already in the party's treasure",
            "{name} est déjà dans le trésor du groupe"
        ))),
        _ => Ok(()),
    }
}

/// A scroll taken by a character who does not read it at once may fade (seed 004): intact
/// scrolls only, and not for someone who has already read it.
pub fn fade_check_needed(item: &Item, to: &Character, read_at_once: bool) -> bool {
    item.category == Category::Scroll
        && item.status == Status::Intact
        && !read_at_once
        && item.knowledge(&to.id) != Some(Knowledge::Full)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(category: Category) -> Item {
        crate::rules::fixtures::item(category)
    }

    fn hero(id: &str) -> Character {
        crate::rules::fixtures::character(id)
    }

    #[test]
    fn an_item_passes_from_any_holder_to_any_other() {
        let (a, b) = (hero("a"), hero("b"));
        let mut wand = item(Category::Wand);
        assert!(can_pass(&wand, Some(&a)).is_ok(), "treasure to a character");
        assert!(can_pass(&wand, None).is_err(), "already in the treasure");
        wand.holder = Some("a".into());
        assert!(can_pass(&wand, Some(&b)).is_ok(), "character to character");
        assert!(can_pass(&wand, None).is_ok(), "character to treasure");
        let err = can_pass(&wand, Some(&a)).unwrap_err();
        assert!(err.0.contains("already holds"), "{}", err.0);
    }

    #[test]
    fn a_bound_or_gone_item_stays_where_it_is() {
        let b = hero("b");
        let mut book = item(Category::Book);
        book.holder = Some("a".into());
        book.attached = true;
        assert!(can_pass(&book, Some(&b)).is_err());
        assert!(can_pass(&book, None).is_err());
        for status in [Status::Consumed, Status::Crumbled, Status::Vanished] {
            let mut gone = item(Category::Wand);
            gone.status = status;
            assert!(can_pass(&gone, Some(&b)).is_err(), "{status:?}");
        }
    }

    #[test]
    fn only_an_unread_intact_scroll_taken_unread_may_fade() {
        let a = hero("a");
        let mut scroll = item(Category::Scroll);
        assert!(fade_check_needed(&scroll, &a, false));
        assert!(!fade_check_needed(&scroll, &a, true), "read at once");
        assert!(!fade_check_needed(&item(Category::Potion), &a, false));
        scroll.known.insert("a".into(), Knowledge::Full);
        assert!(
            !fade_check_needed(&scroll, &a, false),
            "already read by them"
        );
        assert!(
            fade_check_needed(&scroll, &hero("b"), false),
            "but not by another"
        );
        scroll.status = Status::Faded;
        assert!(!fade_check_needed(&scroll, &hero("b"), false));
    }
}
