//! An item's events as the projector applies them: made, passed, faded, drunk, identified,
//! read, worn, spent and recharged (charges counted by `rules::charges`), studied, trusted.

use super::{learn, touch};
use crate::event::{Event, Recorded};
use crate::refusal::Refusal;
use crate::rules::book::Studied;
use crate::rules::character::Quest;
use crate::rules::charges;
use crate::rules::item::Status;
use crate::rules::knowledge::Method;
use crate::state::State;

impl State {
    /// The expedition whose loot an item put into the party's treasure now joins: the open
    /// session with a party the event records in, if any (a whole campaign's session holds
    /// everyone, and between sessions the treasure is the campaign's).
    fn expedition(&self) -> Option<u32> {
        self.current
            .filter(|n| self.sessions.get(n).is_some_and(|s| !s.with.is_empty()))
    }

    /// Expedition `number` ends: its loot left in the party's treasure becomes the campaign's,
    /// as its pool of coins does ([`State::fold_pool`]). The write ending it loaded that loot.
    pub(super) fn fold_loot(&mut self, number: u32) {
        for (id, i) in &mut self.items {
            if i.pooled_in == Some(number) {
                i.pooled_in = None;
                self.changed.items.insert(id.clone());
            }
        }
    }

    pub(super) fn apply_item(&mut self, rec: &Recorded) -> Result<(), Refusal> {
        match &rec.event {
            Event::ItemCreated { item, origin } => {
                self.found_in(origin.session)?;
                if self.items.contains_key(&item.id) {
                    return Err(Refusal::ItemExists {
                        id: item.id.clone(),
                    });
                }
                if let Some(holder) = &item.holder
                    && !self.characters.contains_key(holder)
                {
                    return Err(Refusal::NoCharacterToHold { id: holder.clone() });
                }
                let mut made = (**item).clone();
                made.pooled_in = match (&made.holder, &made.place) {
                    (None, None) => self.expedition(),
                    _ => None,
                };
                self.items.insert(item.id.clone(), made);
                self.changed.items.insert(item.id.clone());
                self.changed.created.insert(item.id.clone(), rec.seq);
            }
            Event::ItemPassed { item, from, to, .. } => {
                if let Some(to) = to
                    && !self.characters.contains_key(to)
                {
                    return Err(Refusal::NoCharacterToTake { id: to.clone() });
                }
                let expedition = self.expedition();
                let i = self.item_mut(item)?;
                if &i.holder != from {
                    return Err(Refusal::NotWhereTaken {
                        item: i.name.clone(),
                    });
                }
                if i.attached || i.is_gone() {
                    return Err(Refusal::CannotChangeHands {
                        item: i.name.clone(),
                    });
                }
                i.holder = to.clone();
                i.place = None;
                i.worn = None;
                // Put back into the party's treasure on an expedition: that party's loot.
                i.pooled_in = if to.is_none() { expedition } else { None };
            }
            Event::ScrollFade { act, faded, .. } => {
                let i = self.item_mut(&act.item)?;
                // Its one chance to fade is taken.
                touch(i, &act.character);
                if *faded {
                    i.status = Status::Faded;
                }
            }
            Event::PotionTaken {
                act,
                effect,
                healed,
                mixed,
                ..
            } => {
                self.use_up(act, effect.as_ref())?;
                if let Some(mixed) = mixed {
                    for e in mixed.cancelled.iter().chain([&mixed.sickness]) {
                        self.put_effect(e.clone());
                    }
                }
                if let Some(healed) = healed {
                    let c = self.character_mut(&act.character)?;
                    let amount = u32::try_from(healed.total).unwrap_or(0);
                    c.hp = crate::rules::health::after_healing(c.hp, c.hp_max, amount);
                }
            }
            Event::Identified {
                act,
                method,
                learned,
                curse,
                believed,
                ..
            } => {
                let i = self.item_mut(&act.item)?;
                if let Some(learned) = learned {
                    learn(i, &act.character, *learned);
                }
                // The latest appraisal is what they believe: told wrong, or the truth.
                if *method == Method::Appraise {
                    match believed {
                        Some(value) => i.appraised.insert(act.character.clone(), *value),
                        None => i.appraised.remove(&act.character),
                    };
                }
                if *curse {
                    i.status = Status::Consumed;
                }
            }
            Event::SpellCast { act, spell, .. } => {
                let i = self.item_mut(&act.item)?;
                let Some(s) = spell.checked_sub(1).and_then(|n| i.spells.get_mut(n)) else {
                    return Err(Refusal::NoSpell {
                        item: i.name.clone(),
                        spell: *spell,
                    });
                };
                if s.erased {
                    return Err(Refusal::SpellErased {
                        item: i.name.clone(),
                        spell: *spell,
                    });
                }
                s.erased = true;
            }
            Event::ProtectionRead { act, effect } => self.use_up(act, Some(effect))?,
            Event::ItemWorn { act, slot } => {
                let i = self.item_mut(&act.item)?;
                i.worn = Some(*slot);
            }
            Event::ItemRemoved { act, .. } => {
                let i = self.item_mut(&act.item)?;
                i.worn = None;
            }
            // Charges: `admit` has just held the event to `rules::charges`; the same rule counts.
            Event::ChargesSpent {
                act,
                charges: n,
                drained,
                crumble,
                ..
            } => {
                let i = self.item_mut(&act.item)?;
                let remaining = charges::after_spending(i, *n)
                    .map_err(|refusal| Refusal::Charges { refusal })?;
                if *drained != (remaining == 0) {
                    return Err(Refusal::ChargesMismatch {
                        item: i.name.clone(),
                        remaining,
                    });
                }
                i.charges = Some(remaining);
                if *drained {
                    i.status = if crumble.as_ref().is_some_and(|c| c.crumbled) {
                        Status::Crumbled
                    } else {
                        Status::Drained
                    };
                    i.worn = None;
                }
            }
            Event::Recharged {
                item, charges: n, ..
            } => {
                let recharging = self.campaign.settings.recharge.unwrap_or_default();
                let i = self.item_mut(item)?;
                let held = charges::recharge(i, *n, recharging)
                    .map_err(|refusal| Refusal::Charges { refusal })?;
                i.charges = Some(held);
            }
            Event::BookStudied { act, outcome } => {
                let i = self.item_mut(&act.item)?;
                let quest = Quest {
                    item: i.id.clone(),
                    name: i.name.clone(),
                    name_fr: i.name_fr.clone(),
                };
                match outcome {
                    Studied::Vanished => i.status = Status::Vanished,
                    Studied::Attached => i.attached = true,
                    Studied::Quest => self.character_mut(&act.character)?.quests.push(quest),
                }
            }
            Event::ItemRenamed {
                item,
                name,
                name_fr,
                ..
            } => {
                let i = self.item_mut(item)?;
                i.name = name.clone();
                i.name_fr = name_fr.clone();
            }
            Event::ValuableDamaged { item, now, .. } => {
                let i = self.item_mut(item)?;
                i.identity.value = Some(*now);
                i.identity.damaged = true;
            }
            Event::ItemTrusted { act } => {
                let i = self.item_mut(&act.item)?;
                if !i.trusted.contains(&act.character) {
                    i.trusted.push(act.character.clone());
                }
            }
            Event::LightLit { act } => self.item_mut(&act.item)?.lit = Some(rec.game_time),
            Event::LightDoused { act, burnt } => {
                let i = self.item_mut(&act.item)?;
                i.lit = None;
                i.burnt = *burnt;
            }
            Event::LightBurnt { act, used, at, out } => {
                self.burn_pieces(used)?;
                // What is left burns a new piece from `at`, or nothing.
                let i = self.item_mut(&act.item)?;
                i.lit = (!out).then_some(*at);
                i.burnt = 0;
            }
            // A claim changes no holder; a settlement's hand-overs are its consequences.
            Event::ClaimMade { .. } | Event::ClaimsSettled { .. } => {}
            _ => {}
        }
        Ok(())
    }
}
