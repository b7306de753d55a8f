//! The projector: how each event changes the state. Used by live commands (right after a rule
//! decides) and by replay (`check`, `undo`), so there is one definition of every change.
//!
//! Events carry their inputs (an amount of damage, charges spent, dice rolled) and the rule
//! outcomes they record (a scroll faded, a sword took control); the projector recomputes the
//! arithmetic from the inputs and refuses — with a [`Conflict`] — an event that no longer fits
//! the state, which is how replay finds the events that cannot stand without a voided one.

use super::Id;
use super::event::{Act, Event, Recorded};
use super::state::{Campaign, Character, Effect, Encounter, Item, Session, Settings, State};
use crate::rules::book::Studied;
use crate::rules::character::Quest;
use crate::rules::control::{Circumstance, Trigger};
use crate::rules::item::{Control, Knowledge, Slot, Status};
use crate::rules::{charges, health};
use crate::tr;

/// `who` has now touched the item (a sword's alignment is learnt by touch; a scroll taken in
/// hand has had its chance to fade).
fn touch(item: &mut Item, who: &Id) {
    if !item.touched.contains(who) {
        item.touched.push(who.clone());
    }
}

/// `who` learns `what` of an item, never forgetting what they knew.
fn learn(item: &mut Item, who: &Id, what: Knowledge) {
    let known = item.known.entry(who.clone()).or_insert(what);
    *known = (*known).max(what);
}

/// An event that cannot be applied to the state it meets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    pub seq: i64,
    pub kind: &'static str,
    pub reason: String,
}

impl std::fmt::Display for Conflict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Conflict { seq, kind, reason } = self;
        f.write_str(&tr!(
            "event #{seq} ({kind}) cannot stand: {reason}",
            "l'événement n°{seq} ({kind}) ne tient pas : {reason}"
        ))
    }
}

impl std::error::Error for Conflict {}

impl State {
    /// The empty state replay starts from; the first event (`campaign_created`) names it.
    pub fn blank() -> Self {
        let mut state = State::new(
            Campaign {
                name: String::new(),
                created_at: String::new(),
                clock: 0,
                open_session: None,
                last_session: 0,
                settings: Settings::default(),
                encounter: None,
            },
            0,
        );
        state.treasury = Some(Default::default());
        state
    }

    /// Number, stamp and apply a new event: it happens now, in the open session.
    pub fn record(
        &mut self,
        event: Event,
        cause: Option<i64>,
        wall_time: &str,
    ) -> Result<Recorded, Conflict> {
        // A session's start belongs to the session it starts.
        let session = match &event {
            Event::SessionStarted { number, .. } => Some(*number),
            _ => self.campaign.open_session,
        };
        let recorded = Recorded {
            seq: self.last_seq + 1,
            cause,
            session,
            game_time: self.campaign.clock,
            wall_time: wall_time.to_string(),
            event,
        };
        self.apply(&recorded)?;
        Ok(recorded)
    }

    pub fn apply(&mut self, rec: &Recorded) -> Result<(), Conflict> {
        let conflict = |reason: String| Conflict {
            seq: rec.seq,
            kind: rec.event.kind(),
            reason,
        };
        if rec.seq <= self.last_seq {
            return Err(conflict(tr!(
                "it comes after event #{} in the ledger",
                "il vient après l'événement n°{} du registre",
                self.last_seq
            )));
        }
        self.admit(rec).map_err(conflict)?;
        match &rec.event {
            Event::CampaignCreated { name } => {
                self.campaign.name = name.clone();
                self.campaign.created_at = rec.wall_time.clone();
                self.changed.campaign = true;
            }
            Event::CampaignRenamed { name } => {
                self.campaign.name = name.clone();
                self.changed.campaign = true;
            }
            Event::SettingChanged { setting } => {
                self.campaign.settings.set(setting);
                self.changed.campaign = true;
            }
            Event::SessionStarted { number, title } => {
                if let Some(open) = self.campaign.open_session {
                    return Err(conflict(tr!(
                        "session {open} is still open",
                        "la session {open} est encore ouverte"
                    )));
                }
                if *number != self.campaign.last_session + 1 {
                    return Err(conflict(tr!(
                        "session {number} does not follow session {}",
                        "la session {number} ne suit pas la session {}",
                        self.campaign.last_session
                    )));
                }
                self.sessions.insert(
                    *number,
                    Session {
                        number: *number,
                        title: title.clone(),
                        started_at: rec.wall_time.clone(),
                        started_round: rec.game_time,
                        started_seq: rec.seq,
                        ended_at: None,
                        ended_round: None,
                        ended_seq: None,
                    },
                );
                self.campaign.open_session = Some(*number);
                self.campaign.last_session = *number;
                self.changed.sessions.insert(*number);
                self.changed.campaign = true;
            }
            Event::SessionEnded { number } => {
                if self.campaign.open_session != Some(*number) {
                    return Err(conflict(tr!(
                        "session {number} is not open",
                        "la session {number} n'est pas ouverte"
                    )));
                }
                let session = self.sessions.get_mut(number).ok_or_else(|| {
                    conflict(tr!(
                        "session {number} is not loaded",
                        "la session {number} n'est pas chargée"
                    ))
                })?;
                session.ended_at = Some(rec.wall_time.clone());
                session.ended_round = Some(rec.game_time);
                session.ended_seq = Some(rec.seq);
                self.campaign.open_session = None;
                self.changed.sessions.insert(*number);
                self.changed.campaign = true;
            }
            Event::CharacterAdded { character } => {
                if self.characters.contains_key(&character.id) {
                    return Err(conflict(tr!(
                        "character {} already exists",
                        "le personnage {} existe déjà",
                        character.id
                    )));
                }
                self.characters
                    .insert(character.id.clone(), character.clone());
                self.changed.characters.insert(character.id.clone());
                self.changed.created.insert(character.id.clone(), rec.seq);
            }
            Event::CharacterDamaged {
                character, amount, ..
            } => {
                let c = self.character_mut(character).map_err(conflict)?;
                c.hp = health::after_damage(c.hp, *amount);
            }
            Event::CharacterHealed {
                character, amount, ..
            } => {
                let c = self.character_mut(character).map_err(conflict)?;
                c.hp = health::after_healing(c.hp, c.hp_max, *amount);
            }
            Event::TimeAdvanced { rounds, .. } => {
                if *rounds <= 0 {
                    return Err(conflict(tr!(
                        "time only moves forward",
                        "le temps ne fait qu'avancer"
                    )));
                }
                self.campaign.clock =
                    self.campaign.clock.checked_add(*rounds).ok_or_else(|| {
                        conflict(tr!("the clock would overflow", "l'horloge déborderait"))
                    })?;
                self.changed.campaign = true;
            }
            Event::DiceRolled { .. } | Event::TableRolled { .. } => {}
            Event::CharacterUpdated {
                character, change, ..
            } => {
                let c = self.character_mut(character).map_err(conflict)?;
                if let Some(level) = change.level {
                    c.level = level;
                }
                if let Some(class) = &change.class {
                    c.class = class.clone();
                }
                if let Some(alignment) = change.alignment {
                    c.alignment = alignment;
                }
                if let Some(str) = change.str {
                    c.str = str;
                }
                if let Some(wis) = change.wis {
                    c.wis = wis;
                }
                if let Some(hp_max) = change.hp_max {
                    c.hp_max = hp_max;
                    c.hp = c.hp.min(hp_max);
                }
                if let Some(reads) = change.reads_magic {
                    c.reads_magic = reads;
                }
                if let Some(literate) = change.literate {
                    c.literate = literate;
                }
                if let Some(reads) = change.reads_languages {
                    c.reads_languages = reads;
                }
                change.apply_treasury(c);
            }
            Event::ItemPassed { item, from, to, .. } => {
                if let Some(to) = to
                    && !self.characters.contains_key(to)
                {
                    return Err(conflict(tr!(
                        "no character {to} to take it",
                        "aucun personnage {to} pour le prendre"
                    )));
                }
                let i = self.item_mut(item).map_err(conflict)?;
                if &i.holder != from {
                    return Err(conflict(tr!(
                        "{} is not where the event takes it from",
                        "{} n'est pas là où l'événement le prend",
                        i.name
                    )));
                }
                if i.attached || i.is_gone() {
                    return Err(conflict(tr!(
                        "{} cannot change hands",
                        "{} ne peut pas changer de mains",
                        i.name
                    )));
                }
                i.holder = to.clone();
                i.place = None;
                i.worn = None;
            }
            Event::ScrollFade { act, faded, .. } => {
                let i = self.item_mut(&act.item).map_err(conflict)?;
                // Its one chance to fade is taken.
                touch(i, &act.character);
                if *faded {
                    i.status = Status::Faded;
                }
            }
            Event::PotionTaken { act, effect, .. } => {
                self.use_up(act, effect.as_ref()).map_err(conflict)?;
            }
            Event::Identified {
                act,
                learned,
                curse,
                ..
            } => {
                let i = self.item_mut(&act.item).map_err(conflict)?;
                if let Some(learned) = learned {
                    learn(i, &act.character, *learned);
                }
                if *curse {
                    i.status = Status::Consumed;
                }
            }
            Event::SpellCast { act, spell, .. } => {
                let i = self.item_mut(&act.item).map_err(conflict)?;
                let Some(s) = spell.checked_sub(1).and_then(|n| i.spells.get_mut(n)) else {
                    return Err(conflict(tr!(
                        "{} has no spell {spell}",
                        "{} n'a pas de sort {spell}",
                        i.name
                    )));
                };
                if s.erased {
                    return Err(conflict(tr!(
                        "spell {spell} of {} is already erased",
                        "le sort {spell} de {} est déjà effacé",
                        i.name
                    )));
                }
                s.erased = true;
            }
            Event::ProtectionRead { act, effect } => {
                self.use_up(act, Some(effect)).map_err(conflict)?;
            }
            Event::ItemWorn { act, slot } => {
                let i = self.item_mut(&act.item).map_err(conflict)?;
                i.worn = Some(*slot);
            }
            Event::ItemRemoved { act, .. } => {
                let i = self.item_mut(&act.item).map_err(conflict)?;
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
                let i = self.item_mut(&act.item).map_err(conflict)?;
                let remaining = charges::after_spending(i, *n)
                    .map_err(|r| conflict(crate::i18n::Worded(&r).to_string()))?;
                if *drained != (remaining == 0) {
                    return Err(conflict(tr!(
                        "{} would have {remaining} charges, which does not match the event",
                        "{} aurait {remaining} charges, ce qui ne correspond pas à l'événement",
                        i.name
                    )));
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
                let i = self.item_mut(item).map_err(conflict)?;
                let held = charges::recharge(i, *n)
                    .map_err(|r| conflict(crate::i18n::Worded(&r).to_string()))?;
                i.charges = Some(held);
            }
            Event::BookStudied { act, outcome } => {
                let i = self.item_mut(&act.item).map_err(conflict)?;
                let quest = Quest {
                    item: i.id.clone(),
                    name: i.name.clone(),
                    name_fr: i.name_fr.clone(),
                };
                match outcome {
                    Studied::Vanished => i.status = Status::Vanished,
                    Studied::Attached => i.attached = true,
                    Studied::Quest => {
                        self.character_mut(&act.character)
                            .map_err(conflict)?
                            .quests
                            .push(quest);
                    }
                }
            }
            Event::SwordTouched { act, damage, .. } | Event::SwordHeld { act, damage, .. } => {
                let total: i64 = damage.iter().map(|r| r.total).sum();
                let c = self.character_mut(&act.character).map_err(conflict)?;
                c.hp = health::after_damage(c.hp, u32::try_from(total).unwrap_or(u32::MAX));
                touch(self.item_mut(&act.item).map_err(conflict)?, &act.character);
            }
            Event::ControlChecked {
                act,
                trigger,
                controlled,
                weapon,
                ..
            } => {
                let i = self.item_mut(&act.item).map_err(conflict)?;
                if i.sentience().is_none() {
                    return Err(conflict(tr!(
                        "{} is not a sentient sword",
                        "{} n'est pas une épée intelligente",
                        i.name
                    )));
                }
                touch(i, &act.character);
                if *controlled {
                    i.control = Some(Control {
                        character: act.character.clone(),
                        trigger: *trigger,
                        since: rec.seq,
                        since_round: rec.game_time,
                        weapon: weapon.clone(),
                        waiting: Vec::new(),
                    });
                }
            }
            Event::ControlDeferred {
                act,
                trigger,
                weapon,
                under,
                ..
            } => {
                if *trigger == Trigger::FirstContact {
                    touch(self.item_mut(&act.item).map_err(conflict)?, &act.character);
                }
                let master = self.item_mut(under).map_err(conflict)?;
                let name = master.name.clone();
                let Some(control) = master
                    .control
                    .as_mut()
                    .filter(|c| c.character == act.character)
                else {
                    return Err(conflict(tr!(
                        "{name} does not control {}",
                        "{name} ne contrôle pas {}",
                        act.character_name
                    )));
                };
                let waiting = Circumstance {
                    sword: act.item.clone(),
                    trigger: *trigger,
                    weapon: weapon.clone(),
                };
                if !control.waiting.contains(&waiting) {
                    control.waiting.push(waiting);
                }
            }
            Event::ControlEnded { act, .. } => {
                let i = self.item_mut(&act.item).map_err(conflict)?;
                if i.control.as_ref().map(|c| &c.character) != Some(&act.character) {
                    return Err(conflict(tr!(
                        "{} does not control {}",
                        "{} ne contrôle pas {}",
                        i.name,
                        act.character_name
                    )));
                }
                i.control = None;
            }
            Event::SwordWielded { act } => {
                let i = self.item_mut(&act.item).map_err(conflict)?;
                touch(i, &act.character);
                i.worn = Some(Slot::Hand);
            }
            Event::SwordPowerUsed { act, .. } => {
                let i = self.item_mut(&act.item).map_err(conflict)?;
                if i.worn != Some(Slot::Hand) {
                    return Err(conflict(tr!(
                        "{} is not in hand",
                        "{} n'est pas en main",
                        i.name
                    )));
                }
            }
            Event::SwordDemand { .. } | Event::EventsVoided { .. } => {}
            Event::EncounterStarted { foe, character } => {
                if self.campaign.encounter.is_some() {
                    return Err(conflict(tr!(
                        "an encounter is already under way",
                        "une rencontre est déjà en cours"
                    )));
                }
                self.campaign.encounter = Some(Encounter {
                    foe: foe.clone(),
                    character: character.clone(),
                    since: rec.seq,
                });
                self.changed.campaign = true;
            }
            Event::EncounterEnded {} => {
                if self.campaign.encounter.take().is_none() {
                    return Err(conflict(tr!(
                        "no encounter is under way",
                        "aucune rencontre n'est en cours"
                    )));
                }
                self.changed.campaign = true;
            }
            Event::ItemTrusted { act } => {
                let i = self.item_mut(&act.item).map_err(conflict)?;
                if !i.trusted.contains(&act.character) {
                    i.trusted.push(act.character.clone());
                }
            }
            Event::CoinsAdded { .. }
            | Event::CoinsSpent { .. }
            | Event::CoinsMoved { .. }
            | Event::CoinsShared { .. }
            | Event::XpAwarded { .. }
            | Event::ItemStashed { .. } => self.apply_treasury(&rec.event).map_err(conflict)?,
            Event::ItemCreated { item, .. } => {
                if self.items.contains_key(&item.id) {
                    return Err(conflict(tr!(
                        "item {} already exists",
                        "l'objet {} existe déjà",
                        item.id
                    )));
                }
                if let Some(holder) = &item.holder
                    && !self.characters.contains_key(holder)
                {
                    return Err(conflict(tr!(
                        "no character {holder} to hold it",
                        "aucun personnage {holder} pour le porter"
                    )));
                }
                self.items.insert(item.id.clone(), (**item).clone());
                self.changed.items.insert(item.id.clone());
                self.changed.created.insert(item.id.clone(), rec.seq);
            }
        }
        self.last_seq = rec.seq;
        Ok(())
    }

    pub(super) fn item_mut(&mut self, id: &Id) -> Result<&mut Item, String> {
        let item = self
            .items
            .get_mut(id)
            .ok_or_else(|| tr!("no item {id}", "aucun objet {id}"))?;
        self.changed.items.insert(id.clone());
        Ok(item)
    }

    /// A dose drunk or a protection scroll read: used up, known to its user, and its effect
    /// on them when it lasts.
    fn use_up(&mut self, act: &Act, effect: Option<&Effect>) -> Result<(), String> {
        let i = self.item_mut(&act.item)?;
        if i.status == Status::Consumed {
            return Err(tr!(
                "{} was already used up",
                "{} était déjà utilisé",
                i.name
            ));
        }
        i.status = Status::Consumed;
        learn(i, &act.character, Knowledge::Full);
        if let Some(effect) = effect {
            self.put_effect(effect.clone());
        }
        Ok(())
    }

    fn put_effect(&mut self, effect: Effect) {
        self.changed.effects.insert(effect.id.clone());
        self.effects.insert(effect.id.clone(), effect);
    }

    pub(super) fn character_mut(&mut self, id: &Id) -> Result<&mut Character, String> {
        let character = self
            .characters
            .get_mut(id)
            .ok_or_else(|| tr!("no character {id}", "aucun personnage {id}"))?;
        self.changed.characters.insert(id.clone());
        Ok(character)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::alignment::Alignment;

    const WHEN: &str = "2026-12-01T20:30:00.000Z";

    fn hero() -> Character {
        Character {
            name: "Arnaud".into(),
            alignment: Alignment::Lawful,
            str: 12,
            hp: 8,
            hp_max: 8,
            ..crate::rules::fixtures::character("c1")
        }
    }

    fn state() -> State {
        let mut state = State::blank();
        state
            .record(Event::CampaignCreated { name: "t".into() }, None, WHEN)
            .unwrap();
        state
            .record(Event::CharacterAdded { character: hero() }, None, WHEN)
            .unwrap();
        state
    }

    #[test]
    fn events_are_numbered_and_stamped_with_the_open_session() {
        let mut state = state();
        let rec = state
            .record(
                Event::SessionStarted {
                    number: 1,
                    title: None,
                },
                None,
                WHEN,
            )
            .unwrap();
        assert_eq!(
            (rec.seq, rec.session),
            (3, Some(1)),
            "a start belongs to its session"
        );
        let rec = state
            .record(
                Event::TimeAdvanced {
                    rounds: 10,
                    clock: 10,
                },
                None,
                WHEN,
            )
            .unwrap();
        assert_eq!((rec.seq, rec.session, rec.game_time), (4, Some(1), 0));
        assert_eq!(state.campaign.clock, 10);
    }

    #[test]
    fn damage_is_recomputed_from_the_amount() {
        let mut state = state();
        let damage = Event::CharacterDamaged {
            character: "c1".into(),
            name: "Arnaud".into(),
            amount: 30,
            hp: 0,
        };
        state.record(damage, None, WHEN).unwrap();
        assert_eq!(state.characters["c1"].hp, health::HP_FLOOR);
    }

    #[test]
    fn an_event_about_a_missing_character_cannot_stand() {
        let mut state = state();
        let heal = Event::CharacterHealed {
            character: "nobody".into(),
            name: "?".into(),
            amount: 1,
            hp: 1,
        };
        let err = state.record(heal, None, WHEN).unwrap_err();
        assert_eq!(err.kind, "character_healed");
        assert_eq!(state.last_seq, 2, "a refused event is not counted");
    }

    #[test]
    fn sessions_open_one_at_a_time() {
        let mut state = state();
        state
            .record(
                Event::SessionStarted {
                    number: 1,
                    title: None,
                },
                None,
                WHEN,
            )
            .unwrap();
        assert!(
            state
                .record(
                    Event::SessionStarted {
                        number: 2,
                        title: None
                    },
                    None,
                    WHEN
                )
                .is_err()
        );
        state
            .record(Event::SessionEnded { number: 1 }, None, WHEN)
            .unwrap();
        assert!(
            state
                .record(Event::SessionEnded { number: 1 }, None, WHEN)
                .is_err()
        );
    }
}
