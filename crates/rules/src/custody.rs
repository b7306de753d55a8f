//! Custody: an item has at most one holder — a character or the party's unowned treasure —
//! and passes from any holder to any other, unless it is bound to its owner, gone, or a
//! sentient sword in control of its holder; and the one chance a scroll has to fade.

use super::character::Character;
use super::health::{Condition, DeathRule, condition};
use super::item::{Category, Item, Knowledge, Names, Status};

/// Why an item cannot change hands (words are the edge's).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    /// A harmful book has bound itself to its owner (AD&D 2e DMG, Books: « les moins bénéfiques
    /// d'entre eux peuvent s'attacher à leur possesseur, qui sera alors incapable de s'en
    /// débarrasser »).
    Bound { item: Names },
    /// Cursed armour whose curse has shown holds its wearer: « not able to discard the item. It
    /// can only be removed with magic » (OSE *Cursed Armour and Shields*).
    Cursed { item: Names },
    /// Drunk, crumbled, vanished: nothing is left to hand over.
    Gone { item: Names, status: Status },
    /// The taker already holds it.
    AlreadyHeld { item: Names, holder: String },
    /// Already in the party's treasure.
    InTreasure { item: Names },
    /// A sentient sword in control of its holder: it lets go only when its circumstance ends
    /// or it is satisfied (OSE *Sentient Swords*: « l'épée ne le libérera que lorsque la
    /// circonstance ayant déclenché le test de contrôle se termine ou lorsque l'épée est
    /// satisfaite »), so the holder can neither drop it nor give it away.
    Controlled { item: Names },
    /// The taker is dead (by the campaign's death rule): the dead receive nothing.
    Dead { item: Names, name: String, hp: i32 },
}

/// Whether `item` may pass to `to` (`None`: the party's treasure).
pub fn can_pass(item: &Item, to: Option<&Character>) -> Result<(), Refusal> {
    let name = || item.names();
    if item.attached {
        return Err(match item.category {
            Category::Armor => Refusal::Cursed { item: name() },
            _ => Refusal::Bound { item: name() },
        });
    }
    if item.is_gone() {
        return Err(Refusal::Gone {
            item: name(),
            status: item.status,
        });
    }
    if item.control.is_some() {
        return Err(Refusal::Controlled { item: name() });
    }
    match (to, &item.holder) {
        (Some(c), Some(h)) if &c.id == h => Err(Refusal::AlreadyHeld {
            item: name(),
            holder: c.name.clone(),
        }),
        (None, None) if item.place.is_none() => Err(Refusal::InTreasure { item: name() }),
        _ => Ok(()),
    }
}

/// Whether `to` may take `item` in hand: not once dead by the campaign's `death` rule — what a
/// fallen character would have had goes by the campaign's `dead-share` (OSE *Retainers*,
/// *Awarding XP*: treasure and experience go to those who survive), and a thing laid with the
/// body is left at a place (`stash --at`). Asked of live commands only: a ledger recorded
/// before this rule may hold such a hand-over, and replays as it was recorded.
pub fn can_take(item: &Item, to: &Character, death: DeathRule) -> Result<(), Refusal> {
    match condition(to.hp, death) {
        Condition::Dead => Err(Refusal::Dead {
            item: item.names(),
            name: to.name.clone(),
            hp: to.hp,
        }),
        Condition::Up | Condition::Dying => Ok(()),
    }
}

/// Whether a scroll taken in hand now rolls to fade (AD&D 2e DMG, Scrolls: « Les parchemins pris
/// en main et qui ne sont pas lus immédiatement pour en déterminer le contenu ont de 5 % à 30 %
/// de chances de s'effacer »): an intact scroll at its first taking in hand, unless it is read
/// at once. A scroll someone has read, or one that has been taken in hand before (and so had
/// its chance), never rolls again.
pub fn fade_check_needed(item: &Item, read_at_once: bool) -> bool {
    item.category == Category::Scroll
        && item.status == Status::Intact
        && !read_at_once
        && item.touched.is_empty()
        && !item.known.values().any(|k| *k == Knowledge::Full)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(category: Category) -> Item {
        crate::fixtures::item(category)
    }

    fn hero(id: &str) -> Character {
        crate::fixtures::character(id)
    }

    #[test]
    fn the_dead_take_nothing_by_the_campaigns_death_rule() {
        let wand = item(Category::Wand);
        let mut krag = hero("krag");
        // OSE: dead at 0 HP; AD&D: dying from 0 to -9, dead at -10.
        for (hp, ose, adnd) in [
            (1, true, true),
            (0, false, true),
            (-9, false, true),
            (-10, false, false),
        ] {
            krag.hp = hp;
            assert_eq!(
                can_take(&wand, &krag, DeathRule::Ose).is_ok(),
                ose,
                "{hp} HP, OSE"
            );
            assert_eq!(
                can_take(&wand, &krag, DeathRule::Adnd).is_ok(),
                adnd,
                "{hp} HP, AD&D"
            );
        }
        assert!(matches!(
            can_take(&wand, &krag, DeathRule::Ose),
            Err(Refusal::Dead { hp: -10, .. })
        ));
    }

    #[test]
    fn an_item_passes_from_any_holder_to_any_other() {
        let (a, b) = (hero("a"), hero("b"));
        let mut wand = item(Category::Wand);
        assert!(can_pass(&wand, Some(&a)).is_ok(), "treasure to a character");
        assert!(matches!(
            can_pass(&wand, None),
            Err(Refusal::InTreasure { .. })
        ));
        wand.holder = Some("a".into());
        assert!(can_pass(&wand, Some(&b)).is_ok(), "character to character");
        assert!(can_pass(&wand, None).is_ok(), "character to treasure");
        assert!(matches!(
            can_pass(&wand, Some(&a)),
            Err(Refusal::AlreadyHeld { .. })
        ));
    }

    #[test]
    fn a_bound_or_gone_item_stays_where_it_is() {
        let b = hero("b");
        let mut book = item(Category::Book);
        book.holder = Some("a".into());
        book.attached = true;
        assert!(matches!(
            can_pass(&book, Some(&b)),
            Err(Refusal::Bound { .. })
        ));
        assert!(can_pass(&book, None).is_err());
        for status in [Status::Consumed, Status::Crumbled, Status::Vanished] {
            let mut gone = item(Category::Wand);
            gone.status = status;
            assert_eq!(
                can_pass(&gone, Some(&b)),
                Err(Refusal::Gone {
                    item: Names {
                        en: "Thing".into(),
                        fr: "Chose".into()
                    },
                    status
                })
            );
        }
    }

    #[test]
    fn a_sword_in_control_can_be_neither_dropped_nor_given_until_it_lets_go() {
        let mut sword = item(Category::Sword);
        sword.holder = Some("a".into());
        assert!(can_pass(&sword, None).is_ok());
        sword.control = Some(crate::item::Control {
            character: "a".into(),
            trigger: crate::item::Trigger::Wounded,
            since: 1,
            since_round: 0,
            weapon: None,
            waiting: Vec::new(),
        });
        assert!(matches!(
            can_pass(&sword, None),
            Err(Refusal::Controlled { .. })
        ));
        assert!(matches!(
            can_pass(&sword, Some(&hero("b"))),
            Err(Refusal::Controlled { .. })
        ));
    }

    #[test]
    fn an_unread_scroll_rolls_at_its_first_taking_in_hand_only() {
        let mut scroll = item(Category::Scroll);
        assert!(fade_check_needed(&scroll, false));
        assert!(!fade_check_needed(&scroll, true), "read at once");
        assert!(!fade_check_needed(&item(Category::Potion), false));
        scroll.touched.push("a".into());
        assert!(
            !fade_check_needed(&scroll, false),
            "taken in hand before: its chance is behind it"
        );
    }

    #[test]
    fn a_scroll_anyone_has_read_never_fades_when_it_changes_hands() {
        let mut scroll = item(Category::Scroll);
        scroll.known.insert("a".into(), Knowledge::Full);
        assert!(!fade_check_needed(&scroll, false));
        let mut faded = item(Category::Scroll);
        faded.status = Status::Faded;
        assert!(!fade_check_needed(&faded, false));
    }
}
