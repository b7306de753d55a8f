//! What a campaign's state must never hold, whatever events led there: the rules' invariants,
//! which `hoard check` looks for in the stored state (and so in the replayed one, which must
//! equal it). No live command can break one; a database edited by hand, or a bug, can.

use std::collections::BTreeMap;

use super::state::State;
use crate::rules::character::{ABILITY_RANGE, LEVEL_RANGE};
use crate::rules::coins::Coins;
use crate::rules::health::HP_FLOOR;
use crate::rules::item::Status;

/// One invariant broken, and where.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "breach", rename_all = "snake_case")]
pub enum Breach {
    NegativeCharges {
        item: String,
    },
    DrainedWithCharges {
        item: String,
    },
    HolderMissing {
        item: String,
        holder: String,
    },
    /// A worn item (a ring, armor, a sword in hand) that nobody holds.
    WornUnheld {
        item: String,
    },
    /// A used-up, crumbled or vanished item still worn or in control.
    GoneInUse {
        item: String,
    },
    /// Control by something that is not a sentient sword.
    ControlByNonSword {
        item: String,
    },
    /// A sword controlling someone other than its holder.
    ControlOverNonHolder {
        item: String,
        character: String,
    },
    /// Two swords controlling one character (one master at a time).
    TwoMasters {
        character: String,
        swords: Vec<String>,
    },
    /// A circumstance waiting on a control names a sword that does not exist.
    WaitingForNothing {
        item: String,
        sword: String,
    },
    /// A bound book away from its owner.
    BoundUnheld {
        item: String,
    },
    EffectOnNobody {
        effect: String,
        character: String,
    },
    /// Hit points, ability scores or level outside what a sheet may hold.
    SheetOutOfRange {
        character: String,
    },
    /// Coins held — the pool, the purses, the places — that are not, denomination by
    /// denomination, those added less those spent; or a holder with less than nothing. `held`
    /// is what they hold together (none when a sum overflows).
    CoinsUnbalanced {
        held: Option<Coins>,
        added: Coins,
        spent: Coins,
    },
}

/// Every invariant `state` breaks.
pub fn breaches(state: &State) -> Vec<Breach> {
    let mut found = Vec::new();
    let mut masters: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for item in state.items.values() {
        let id = || item.id.clone();
        if item.charges.is_some_and(|c| c < 0) {
            found.push(Breach::NegativeCharges { item: id() });
        }
        if matches!(item.status, Status::Drained | Status::Crumbled)
            && item.charges.unwrap_or(0) != 0
        {
            found.push(Breach::DrainedWithCharges { item: id() });
        }
        if let Some(holder) = &item.holder
            && !state.characters.contains_key(holder)
        {
            found.push(Breach::HolderMissing {
                item: id(),
                holder: holder.clone(),
            });
        }
        if item.worn.is_some() && item.holder.is_none() {
            found.push(Breach::WornUnheld { item: id() });
        }
        if item.attached && item.holder.is_none() {
            found.push(Breach::BoundUnheld { item: id() });
        }
        if item.is_gone() && (item.worn.is_some() || item.control.is_some()) {
            found.push(Breach::GoneInUse { item: id() });
        }
        if let Some(control) = &item.control {
            if item.sentience().is_none() {
                found.push(Breach::ControlByNonSword { item: id() });
            }
            if item.holder.as_ref() != Some(&control.character) {
                found.push(Breach::ControlOverNonHolder {
                    item: id(),
                    character: control.character.clone(),
                });
            }
            masters.entry(&control.character).or_default().push(id());
            for waiting in &control.waiting {
                if !state.items.contains_key(&waiting.sword) {
                    found.push(Breach::WaitingForNothing {
                        item: id(),
                        sword: waiting.sword.clone(),
                    });
                }
            }
        }
    }
    for (character, swords) in masters {
        if swords.len() > 1 {
            found.push(Breach::TwoMasters {
                character: character.to_string(),
                swords,
            });
        }
    }
    for effect in state.effects.values() {
        if !state.characters.contains_key(&effect.character) {
            found.push(Breach::EffectOnNobody {
                effect: effect.id.clone(),
                character: effect.character.clone(),
            });
        }
    }
    for c in state.characters.values() {
        let sheet_ok = (HP_FLOOR..=c.hp_max).contains(&c.hp)
            && ABILITY_RANGE.contains(&i64::from(c.str))
            && ABILITY_RANGE.contains(&i64::from(c.wis))
            && LEVEL_RANGE.contains(&i64::from(c.level));
        if !sheet_ok || !crate::apply::coins::sheet_ok(c) {
            found.push(Breach::SheetOutOfRange {
                character: c.id.clone(),
            });
        }
    }
    if let Some(t) = state.treasury.as_ref().filter(|t| !t.balances()) {
        found.push(Breach::CoinsUnbalanced {
            held: t.held(),
            added: t.added,
            spent: t.spent,
        });
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::item::{Control, Slot};

    fn state_with(items: Vec<crate::Item>) -> State {
        let mut state = State::blank();
        for item in items {
            state.items.insert(item.id.clone(), item);
        }
        state
    }

    fn item(id: &str) -> crate::Item {
        serde_json::from_value(serde_json::json!({
            "id": id, "name": id, "name_fr": id, "category": "wand", "holder": null,
            "charges": 3
        }))
        .unwrap()
    }

    #[test]
    fn a_sound_state_breaks_nothing() {
        assert_eq!(breaches(&state_with(vec![item("w")])), vec![]);
    }

    #[test]
    fn worn_unheld_and_negative_and_drained_with_charges_are_found() {
        let mut worn = item("a");
        worn.worn = Some(Slot::Hand);
        let mut negative = item("b");
        negative.charges = Some(-1);
        let mut drained = item("c");
        drained.status = Status::Drained;
        let found = breaches(&state_with(vec![worn, negative, drained]));
        assert!(found.contains(&Breach::WornUnheld { item: "a".into() }));
        assert!(found.contains(&Breach::NegativeCharges { item: "b".into() }));
        assert!(found.contains(&Breach::DrainedWithCharges { item: "c".into() }));
    }

    #[test]
    fn control_is_only_by_a_sword_over_its_holder() {
        let mut wand = item("w");
        wand.control = Some(Control {
            character: "c1".into(),
            trigger: crate::rules::item::Trigger::FirstContact,
            since: 1,
            since_round: 0,
            weapon: None,
            waiting: Vec::new(),
        });
        let found = breaches(&state_with(vec![wand]));
        assert!(found.contains(&Breach::ControlByNonSword { item: "w".into() }));
        assert!(found.contains(&Breach::ControlOverNonHolder {
            item: "w".into(),
            character: "c1".into()
        }));
    }
}
