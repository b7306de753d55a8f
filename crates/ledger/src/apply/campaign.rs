//! The campaign's own events as the projector applies them: its name and settings, its
//! sessions, its clock, its encounters; rolls and voids change nothing here.

use crate::event::{Event, Recorded};
use crate::refusal::Refusal;
use crate::state::{Encounter, Session, State};

impl State {
    pub(super) fn apply_campaign(&mut self, rec: &Recorded) -> Result<(), Refusal> {
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
            Event::SessionStarted {
                number,
                title,
                with,
                referee,
            } => {
                self.may_open(with)?;
                if *number != self.campaign.last_session + 1 {
                    return Err(Refusal::SessionNotNext {
                        session: *number,
                        last: self.campaign.last_session,
                    });
                }
                if let Some(r) = referee {
                    self.referee_named(r)?;
                }
                self.sessions.insert(
                    *number,
                    Session {
                        number: *number,
                        title: title.clone(),
                        with: with.clone(),
                        referee: referee.clone(),
                        // The world's time as it stands (after a void, not the stamp's).
                        clock: self.campaign.clock,
                        started_at: rec.wall_time.clone(),
                        started_round: rec.game_time,
                        started_seq: rec.seq,
                        ended_at: None,
                        ended_round: None,
                        ended_seq: None,
                    },
                );
                self.campaign.open.insert(*number);
                self.campaign.last_session = *number;
                self.changed.sessions.insert(*number);
                self.changed.campaign = true;
            }
            Event::SessionEnded { number } => {
                if !self.campaign.open.contains(number) {
                    return Err(Refusal::SessionNotOpen { session: *number });
                }
                let session = self
                    .sessions
                    .get_mut(number)
                    .ok_or(Refusal::SessionNotLoaded { session: *number })?;
                session.ended_at = Some(rec.wall_time.clone());
                session.ended_round = Some(rec.game_time);
                session.ended_seq = Some(rec.seq);
                // The expedition's time folds back into the world's: the calendar moves on to
                // its return, never back (the DMG's time records: no one is in two places).
                self.campaign.clock = self.campaign.clock.max(session.clock);
                if !session.with.is_empty() {
                    self.fold_pool(*number)?;
                }
                self.campaign.open.remove(number);
                self.changed.sessions.insert(*number);
                self.changed.campaign = true;
            }
            Event::RefereeAdded { name } => {
                if self.referee(name).is_some() {
                    return Err(Refusal::RefereeExists { name: name.clone() });
                }
                self.campaign.settings.referees.push(name.clone());
                self.changed.campaign = true;
            }
            Event::TimeAdvanced { rounds, .. } => {
                if *rounds <= 0 {
                    return Err(Refusal::TimeBackward);
                }
                // An expedition's time passes on its own clock; outside sessions, the world's.
                let clock = match rec.session {
                    Some(n) => {
                        self.changed.sessions.insert(n);
                        &mut self
                            .sessions
                            .get_mut(&n)
                            .ok_or(Refusal::SessionNotLoaded { session: n })?
                            .clock
                    }
                    None => {
                        self.changed.campaign = true;
                        &mut self.campaign.clock
                    }
                };
                *clock = clock.checked_add(*rounds).ok_or(Refusal::ClockOverflow)?;
            }
            Event::EncounterStarted { foe, character } => {
                if self.campaign.encounter.is_some() {
                    return Err(Refusal::EncounterUnderWay);
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
                    return Err(Refusal::NoEncounter);
                }
                self.changed.campaign = true;
            }
            _ => {}
        }
        Ok(())
    }
}

impl State {
    /// The referee of that name, as the campaign spells it.
    pub fn referee(&self, name: &str) -> Option<&str> {
        self.campaign
            .settings
            .referees
            .iter()
            .find(|r| r.eq_ignore_ascii_case(name))
            .map(String::as_str)
    }

    /// `name` is a referee of the campaign (a campaign that names none takes any name).
    pub fn referee_named(&self, name: &str) -> Result<(), Refusal> {
        match self.referee(name) {
            None if !self.campaign.settings.referees.is_empty() => Err(Refusal::NoReferee {
                name: name.to_string(),
            }),
            _ => Ok(()),
        }
    }

    /// Whether a session with roster `with` may open now: a session without a roster is the
    /// whole campaign's and opens alone; rosters of open sessions never share a character.
    pub fn may_open(&self, with: &[crate::state::Member]) -> Result<(), Refusal> {
        for open in self.open_sessions() {
            if with.is_empty() || open.with.is_empty() {
                return Err(Refusal::SessionOpen {
                    session: open.number,
                });
            }
            if let Some(m) = with
                .iter()
                .find(|m| open.with.iter().any(|o| o.character == m.character))
            {
                return Err(Refusal::InOpenSession {
                    name: m.name.clone(),
                    session: open.number,
                });
            }
        }
        // Sessions listed open but not loaded cannot be checked: refuse rather than guess.
        if let Some(n) = self
            .campaign
            .open
            .iter()
            .find(|n| !self.sessions.contains_key(n))
        {
            return Err(Refusal::SessionNotLoaded { session: *n });
        }
        for (i, m) in with.iter().enumerate() {
            if with[..i].iter().any(|o| o.character == m.character) {
                return Err(Refusal::InOpenSession {
                    name: m.name.clone(),
                    session: self.campaign.last_session + 1,
                });
            }
            if !self.characters.contains_key(&m.character) {
                return Err(Refusal::NoCharacter {
                    id: m.character.clone(),
                });
            }
        }
        Ok(())
    }
}
