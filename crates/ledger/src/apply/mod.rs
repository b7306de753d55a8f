//! The projector: how each event changes the state. Used by live commands (right after a rule
//! decides) and by replay (`check`, `undo`), so there is one definition of every change.
//!
//! Events carry their inputs (an amount of damage, charges spent, dice rolled) and the rule
//! outcomes they record (a scroll faded, a sword took control); the projector recomputes the
//! arithmetic from the inputs and refuses — with a [`Conflict`] — an event that no longer fits
//! the state, which is how replay finds the events that cannot stand without a voided one.

//! The changes are written by family, each in its module: the campaign's own ([`campaign`]),
//! a character's ([`character`]), an item's ([`item`]), a sword's ([`sword`]), and coins and
//! awards ([`coins`], over the treasury's rows: `ledger::treasury`).

mod campaign;
mod character;
pub(crate) mod coins;
mod item;
mod sword;

use super::Id;
use super::event::{Act, Event, Family, Recorded};
use super::refusal::{Conflict, Refusal};
use super::state::{Campaign, Character, Effect, Item, Settings, State};
use crate::rules::item::{Knowledge, Status};

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

impl State {
    /// The empty state replay starts from; the first event (`campaign_created`) names it.
    pub fn blank() -> Self {
        let mut state = State::new(
            Campaign {
                name: String::new(),
                created_at: String::new(),
                clock: 0,
                open: Default::default(),
                last_session: 0,
                settings: Settings::default(),
                encounters: Vec::new(),
            },
            0,
        );
        state.treasury = Some(Default::default());
        state
    }

    /// Number, stamp and apply a new event: it happens now, in the current session (chosen by
    /// the command), recorded by `referee`.
    pub fn record(
        &mut self,
        event: Event,
        cause: Option<i64>,
        wall_time: &str,
        referee: Option<&str>,
    ) -> Result<Recorded, Conflict> {
        // A session's start belongs to the session it starts, at the world's time.
        let session = match &event {
            Event::SessionStarted { number, .. } => Some(*number),
            _ => self.current,
        };
        let game_time = match &event {
            Event::SessionStarted { .. } => self.campaign.clock,
            _ => self.now(),
        };
        let recorded = Recorded {
            seq: self.last_seq + 1,
            cause,
            session,
            game_time,
            wall_time: wall_time.to_string(),
            referee: referee.map(str::to_string),
            event,
        };
        self.apply(&recorded)?;
        Ok(recorded)
    }

    pub fn apply(&mut self, rec: &Recorded) -> Result<(), Conflict> {
        let conflict = |reason: Refusal| Conflict {
            seq: rec.seq,
            kind: rec.event.kind(),
            reason: Box::new(reason),
        };
        if rec.seq <= self.last_seq {
            return Err(conflict(Refusal::OutOfOrder {
                last: self.last_seq,
            }));
        }
        // What the event does, it does at its session's time.
        self.current = rec.session;
        self.hoards.close(rec).map_err(conflict)?;
        self.admit(rec).map_err(conflict)?;
        let hoard = self.admit_hoard(rec).map_err(conflict)?;
        match rec.event.family() {
            Family::Campaign | Family::Encounter => self.apply_campaign(rec),
            Family::Character => self.apply_character(rec),
            Family::Item => self.apply_item(rec),
            Family::Sword => self.apply_sword(rec),
            Family::Coins => self.apply_coins(&rec.event),
        }
        .map_err(conflict)?;
        self.hoards.note(rec.seq, hoard);
        if let Event::SessionEnded { .. } = rec.event {
            self.current = None;
        }
        self.last_seq = rec.seq;
        Ok(())
    }

    /// A voided event passed over by replay: its number stays taken, and what it was counts
    /// for the hoard it follows from.
    pub fn pass_voided(&mut self, rec: &Recorded) -> Result<(), Conflict> {
        self.last_seq = rec.seq;
        self.hoards.pass(rec).map_err(|reason| Conflict {
            seq: rec.seq,
            kind: rec.event.kind(),
            reason: Box::new(reason),
        })
    }

    /// The ledger's end: the last treasure roll had all its consequences.
    pub fn finish(&mut self) -> Result<(), Conflict> {
        let roll = self.hoards.under_way().unwrap_or(self.last_seq);
        self.hoards.finish().map_err(|reason| Conflict {
            seq: roll,
            kind: "treasure_rolled",
            reason: Box::new(reason),
        })
    }

    /// Pieces used up (a torch, a flask of oil, a ration): a bundle counts fewer, and the last
    /// piece leaves it consumed.
    pub(super) fn burn_pieces(&mut self, used: &[crate::event::Fuel]) -> Result<(), Refusal> {
        for fuel in used {
            let i = self.item_mut(&fuel.item)?;
            let left = i.identity.count.unwrap_or(1).saturating_sub(fuel.pieces);
            i.identity.count = Some(left);
            if left == 0 {
                i.status = Status::Consumed;
            }
        }
        Ok(())
    }

    pub(super) fn item_mut(&mut self, id: &Id) -> Result<&mut Item, Refusal> {
        let item = self
            .items
            .get_mut(id)
            .ok_or_else(|| Refusal::NoItem { id: id.clone() })?;
        self.changed.items.insert(id.clone());
        Ok(item)
    }

    /// A dose drunk or a protection scroll read: used up, known to its user, and its effect
    /// on them when it lasts.
    fn use_up(&mut self, act: &Act, effect: Option<&Effect>) -> Result<(), Refusal> {
        let i = self.item_mut(&act.item)?;
        if i.status == Status::Consumed {
            return Err(Refusal::UsedUp {
                item: i.name.clone(),
            });
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

    pub(super) fn character_mut(&mut self, id: &Id) -> Result<&mut Character, Refusal> {
        let character = self
            .characters
            .get_mut(id)
            .ok_or_else(|| Refusal::NoCharacter { id: id.clone() })?;
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
            .record(
                Event::CampaignCreated { name: "t".into() },
                None,
                WHEN,
                None,
            )
            .unwrap();
        state
            .record(
                Event::CharacterAdded { character: hero() },
                None,
                WHEN,
                None,
            )
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
                    with: vec![],
                    referee: None,
                },
                None,
                WHEN,
                None,
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
                None,
            )
            .unwrap();
        assert_eq!((rec.seq, rec.session, rec.game_time), (4, Some(1), 0));
        assert_eq!(
            (state.sessions[&1].clock, state.campaign.clock),
            (10, 0),
            "time passes on the session's clock"
        );
        state
            .record(Event::SessionEnded { number: 1 }, None, WHEN, None)
            .unwrap();
        assert_eq!(
            state.campaign.clock, 10,
            "and folds into the world's at its end"
        );
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
        state.record(damage, None, WHEN, None).unwrap();
        assert_eq!(state.characters["c1"].hp, crate::rules::health::HP_FLOOR);
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
        let err = state.record(heal, None, WHEN, None).unwrap_err();
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
                    with: vec![],
                    referee: None,
                },
                None,
                WHEN,
                None,
            )
            .unwrap();
        assert!(
            state
                .record(
                    Event::SessionStarted {
                        number: 2,
                        title: None,
                        with: vec![],
                        referee: None,
                    },
                    None,
                    WHEN,
                    None,
                )
                .is_err()
        );
        state
            .record(Event::SessionEnded { number: 1 }, None, WHEN, None)
            .unwrap();
        assert!(
            state
                .record(Event::SessionEnded { number: 1 }, None, WHEN, None)
                .is_err()
        );
    }
}
