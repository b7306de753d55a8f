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
        (None, None) => Err(Refused(tr!(
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
