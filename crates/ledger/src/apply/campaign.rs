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
            Event::SessionStarted { number, title } => {
                if let Some(open) = self.campaign.open_session {
                    return Err(Refusal::SessionOpen { session: open });
                }
                if *number != self.campaign.last_session + 1 {
                    return Err(Refusal::SessionNotNext {
                        session: *number,
                        last: self.campaign.last_session,
                    });
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
                    return Err(Refusal::SessionNotOpen { session: *number });
                }
                let session = self
                    .sessions
                    .get_mut(number)
                    .ok_or(Refusal::SessionNotLoaded { session: *number })?;
                session.ended_at = Some(rec.wall_time.clone());
                session.ended_round = Some(rec.game_time);
                session.ended_seq = Some(rec.seq);
                self.campaign.open_session = None;
                self.changed.sessions.insert(*number);
                self.changed.campaign = true;
            }
            Event::TimeAdvanced { rounds, .. } => {
                if *rounds <= 0 {
                    return Err(Refusal::TimeBackward);
                }
                self.campaign.clock = self
                    .campaign
                    .clock
                    .checked_add(*rounds)
                    .ok_or(Refusal::ClockOverflow)?;
                self.changed.campaign = true;
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
