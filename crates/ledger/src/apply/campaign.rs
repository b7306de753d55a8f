//! The campaign's own events as the projector applies them: its name and settings, its
//! sessions, its clock, its encounters; rolls and voids change nothing here.

use crate::event::{Event, Recorded};
use crate::refusal::Refusal;
use crate::rules::health;
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
                let round = crate::rules::clock::round_settable(self.now(), self.effects.len());
                self.campaign.settings.set(setting, round);
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
                let death = self.campaign.settings.death.unwrap_or_default();
                let survivors = self
                    .characters
                    .values()
                    .filter(|c| {
                        health::condition(c.hp, death) != health::Condition::Dead
                            && (session.with.is_empty()
                                || session.with.iter().any(|m| m.character == c.id))
                    })
                    .map(|c| c.id.clone())
                    .collect();
                self.survivors.insert(*number, survivors);
                // The expedition's time folds back into the world's: the calendar moves on to
                // its return, never back (the DMG's time records: no one is in two places).
                self.campaign.clock = self.campaign.clock.max(session.clock);
                if !session.with.is_empty() {
                    self.fold_pool(*number)?;
                    self.fold_loot(*number);
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
                if self.encounter().is_some() {
                    return Err(Refusal::EncounterUnderWay);
                }
                self.campaign.encounters.push(Encounter {
                    foe: foe.clone(),
                    character: character.clone(),
                    since: rec.seq,
                    session: rec.session,
                });
                self.changed.campaign = true;
            }
            Event::EncounterEnded {} => {
                let before = self.campaign.encounters.len();
                self.campaign
                    .encounters
                    .retain(|e| e.session != rec.session);
                if self.campaign.encounters.len() == before {
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

#[cfg(test)]
mod tests {
    use crate::event::Event;
    use crate::refusal::Refusal;
    use crate::rules::coins::Coins;
    use crate::state::{Member, State};
    use crate::treasury::{CoinRow, Holder};

    const WHEN: &str = "2026-12-01T20:30:00.000Z";

    fn member(id: &str) -> Member {
        Member {
            character: id.into(),
            name: id.to_uppercase(),
        }
    }

    /// A campaign of characters `a`, `b`, `c`, with its treasury loaded.
    fn campaign() -> State {
        let mut s = State::blank();
        s.record(
            Event::CampaignCreated { name: "t".into() },
            None,
            WHEN,
            None,
        )
        .unwrap();
        for id in ["a", "b", "c"] {
            let character = crate::rules::fixtures::character(id);
            s.record(Event::CharacterAdded { character }, None, WHEN, None)
                .unwrap();
        }
        s
    }

    fn start(s: &mut State, number: u32, with: &[&str]) -> Result<(), Refusal> {
        let event = Event::SessionStarted {
            number,
            title: None,
            with: with.iter().map(|id| member(id)).collect(),
            referee: None,
        };
        s.record(event, None, WHEN, None)
            .map(|_| ())
            .map_err(|c| *c.reason)
    }

    fn in_session(s: &mut State, n: Option<u32>, event: Event) {
        s.current = n;
        s.record(event, None, WHEN, None).unwrap();
    }

    #[test]
    fn rosters_open_side_by_side_only_apart_and_a_whole_campaigns_session_alone() {
        let mut s = campaign();
        start(&mut s, 1, &["a", "b"]).unwrap();
        assert_eq!(
            start(&mut s, 2, &["b", "c"]),
            Err(Refusal::InOpenSession {
                name: "B".into(),
                session: 1
            })
        );
        assert_eq!(
            start(&mut s, 2, &[]),
            Err(Refusal::SessionOpen { session: 1 })
        );
        assert!(matches!(
            start(&mut s, 2, &["c", "c"]),
            Err(Refusal::InOpenSession { .. })
        ));
        assert!(matches!(
            start(&mut s, 2, &["z"]),
            Err(Refusal::NoCharacter { .. })
        ));
        start(&mut s, 2, &["c"]).unwrap();
        assert_eq!(s.session_of("b"), Some(1));
        assert_eq!(s.session_of("c"), Some(2));
        in_session(&mut s, Some(1), Event::SessionEnded { number: 1 });
        in_session(&mut s, Some(2), Event::SessionEnded { number: 2 });
        start(&mut s, 3, &[]).unwrap();
        assert_eq!(
            start(&mut s, 4, &["a"]),
            Err(Refusal::SessionOpen { session: 3 })
        );
        assert_eq!(
            s.session_of("a"),
            Some(3),
            "everyone is in the whole campaign's"
        );
    }

    #[test]
    fn each_expedition_keeps_its_clock_and_the_calendar_takes_the_latest_return() {
        let mut s = campaign();
        in_session(
            &mut s,
            None,
            Event::TimeAdvanced {
                rounds: 100,
                clock: 100,
            },
        );
        start(&mut s, 1, &["a"]).unwrap();
        start(&mut s, 2, &["b"]).unwrap();
        in_session(
            &mut s,
            Some(1),
            Event::TimeAdvanced {
                rounds: 50,
                clock: 150,
            },
        );
        in_session(
            &mut s,
            Some(2),
            Event::TimeAdvanced {
                rounds: 10,
                clock: 110,
            },
        );
        assert_eq!(
            (s.clock_of(Some(1)), s.clock_of(Some(2)), s.clock_of(None)),
            (150, 110, 100)
        );
        in_session(&mut s, Some(2), Event::SessionEnded { number: 2 });
        assert_eq!(s.campaign.clock, 110);
        in_session(&mut s, Some(1), Event::SessionEnded { number: 1 });
        assert_eq!(s.campaign.clock, 150);
        // A later start leaves from the calendar, after everyone's return.
        start(&mut s, 3, &["b"]).unwrap();
        assert_eq!(s.sessions[&3].clock, 150);
    }

    #[test]
    fn an_expeditions_pool_is_its_own_and_joins_the_campaigns_at_its_end() {
        let mut s = campaign();
        let gp = |n| Coins {
            gp: n,
            ..Coins::default()
        };
        let found = |n| Event::CoinsAdded {
            coins: gp(n),
            to: Holder::Pool,
            session: None,
        };
        start(&mut s, 1, &["a"]).unwrap();
        start(&mut s, 2, &["b"]).unwrap();
        in_session(&mut s, Some(1), found(30));
        in_session(&mut s, Some(2), found(7));
        in_session(&mut s, None, found(1));
        let t = s.treasury.as_ref().unwrap();
        assert_eq!(
            (
                t.row(&CoinRow::Expedition(1)),
                t.row(&CoinRow::Expedition(2)),
                t.pool
            ),
            (gp(30), gp(7), gp(1))
        );
        in_session(&mut s, Some(1), Event::SessionEnded { number: 1 });
        let t = s.treasury.as_ref().unwrap();
        assert_eq!((t.pool, t.row(&CoinRow::Expedition(1))), (gp(31), gp(0)));
        assert!(t.balances());
    }
}
