//! The session and the game time each event was recorded in. A live command stamps an event
//! with the session it falls in and that session's clock (`State::record`): `session_started`
//! with the session it starts at the world's time, every other event with an open session (the
//! one of the characters it names) or none, each with the game time before it. Each open session
//! keeps its own clock, folded back into the world's at its end. This follows a ledger event by
//! event, voided ones too (each was recorded live), and holds every event's stamp to that: an
//! event in a session that never was, or was not open, or whose game time is not its clock's
//! then, was not recorded by a command.
//!
//! A void takes back what it voided before its own stamp, as `void` rebuilds the state before
//! recording itself: the clocks and sessions are folded again from the marks that still stand.
//! This is the clocks and sessions as they stood when each event was recorded, which a replay
//! without the voided events (the projector's state) is not: after a void, later events were
//! stamped by the campaign as it then stood, and the replay's need not match theirs.

use std::collections::BTreeMap;

use super::event::{Event, Recorded};
use super::refusal::Refusal;

/// What an event did to the stamps.
#[derive(Debug, Clone, Copy)]
enum Mark {
    Advance(Option<u32>, i64),
    Start { number: u32, rostered: bool },
    End(u32),
}

/// The open sessions and the clocks, as the live commands that recorded a ledger saw them.
#[derive(Debug, Default)]
pub struct Timeline {
    /// The world's clock.
    clock: i64,
    /// Each open session's clock, and whether it has a roster.
    open: BTreeMap<u32, (i64, bool)>,
    /// Every mark so far by event number, to fold again after a void.
    marks: BTreeMap<i64, Mark>,
}

impl Timeline {
    /// Hold `rec`'s stamp to the sessions and clocks as a live command would have stamped it,
    /// then follow what it does to them.
    pub fn follow(&mut self, rec: &Recorded) -> Result<(), Refusal> {
        if let Event::EventsVoided { events, .. } = &rec.event {
            for seq in events {
                self.marks.remove(seq);
            }
            self.refold();
        }
        let open: Vec<u32> = self.open.keys().copied().collect();
        let game_time = match (&rec.event, rec.session) {
            (Event::SessionStarted { number, .. }, session) if session == Some(*number) => {
                self.clock
            }
            (Event::SessionStarted { .. }, _) => return Err(wrong(rec, open)),
            (_, Some(n)) => self.open.get(&n).ok_or_else(|| wrong(rec, open.clone()))?.0,
            // Outside sessions only while every open one has its own party.
            (_, None) if self.open.values().all(|(_, rostered)| *rostered) => self.clock,
            (_, None) => return Err(wrong(rec, open)),
        };
        if rec.game_time != game_time {
            return Err(Refusal::WrongGameTime {
                game_time: rec.game_time,
                clock: game_time,
            });
        }
        let mark = match &rec.event {
            Event::TimeAdvanced { rounds, .. } => Mark::Advance(rec.session, *rounds),
            Event::SessionStarted { number, with, .. } => Mark::Start {
                number: *number,
                rostered: !with.is_empty(),
            },
            Event::SessionEnded { number } => Mark::End(*number),
            _ => return Ok(()),
        };
        // The projector (or, for a voided event, this) refuses an advance off the clock;
        // here it only must not wrap.
        self.mark(mark).ok_or(Refusal::ClockOverflow)?;
        self.marks.insert(rec.seq, mark);
        Ok(())
    }

    fn mark(&mut self, mark: Mark) -> Option<()> {
        match mark {
            Mark::Advance(Some(n), rounds) => {
                if let Some((clock, _)) = self.open.get_mut(&n) {
                    *clock = clock.checked_add(rounds)?;
                }
            }
            Mark::Advance(None, rounds) => self.clock = self.clock.checked_add(rounds)?,
            Mark::Start { number, rostered } => {
                self.open.insert(number, (self.clock, rostered));
            }
            Mark::End(number) => {
                if let Some((clock, _)) = self.open.remove(&number) {
                    self.clock = self.clock.max(clock);
                }
            }
        }
        Some(())
    }

    /// The clocks and sessions again from the marks that stand.
    fn refold(&mut self) {
        self.clock = 0;
        self.open.clear();
        let marks: Vec<Mark> = self.marks.values().copied().collect();
        for mark in marks {
            // Each of these folded once already without wrapping; fewer cannot wrap.
            let _ = self.mark(mark);
        }
    }
}

fn wrong(rec: &Recorded, open: Vec<u32>) -> Refusal {
    Refusal::WrongSession {
        session: rec.session,
        open,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(seq: i64, session: Option<u32>, game_time: i64, event: Event) -> Recorded {
        Recorded {
            seq,
            cause: None,
            session,
            game_time,
            wall_time: "2026-12-01T20:30:00.000Z".into(),
            referee: None,
            event,
        }
    }

    fn advance(rounds: i64) -> Event {
        Event::TimeAdvanced { rounds, clock: 0 }
    }

    fn start(number: u32) -> Event {
        Event::SessionStarted {
            number,
            title: None,
            with: vec![],
            referee: None,
        }
    }

    /// An event that changes neither the session nor the clock.
    fn other() -> Event {
        Event::CampaignRenamed { name: "t".into() }
    }

    #[test]
    fn each_stamp_is_the_session_and_clock_of_its_time() {
        let mut t = Timeline::default();
        t.follow(&at(1, None, 0, advance(30))).unwrap();
        t.follow(&at(2, Some(1), 30, start(1))).unwrap();
        t.follow(&at(3, Some(1), 30, other())).unwrap();
        assert_eq!(
            t.follow(&at(4, Some(42), 30, other())),
            Err(Refusal::WrongSession {
                session: Some(42),
                open: vec![1]
            })
        );
        assert_eq!(
            t.follow(&at(4, None, 30, other())),
            Err(Refusal::WrongSession {
                session: None,
                open: vec![1]
            })
        );
        for game_time in [0, 29, 31] {
            assert_eq!(
                t.follow(&at(4, Some(1), game_time, other())),
                Err(Refusal::WrongGameTime {
                    game_time,
                    clock: 30
                })
            );
        }
        t.follow(&at(4, Some(1), 30, Event::SessionEnded { number: 1 }))
            .unwrap();
        assert!(t.follow(&at(5, Some(1), 30, other())).is_err());
    }

    #[test]
    fn a_void_takes_back_its_advances_and_sessions_before_its_own_stamp() {
        let mut t = Timeline::default();
        t.follow(&at(1, None, 0, advance(30))).unwrap();
        t.follow(&at(2, Some(1), 30, start(1))).unwrap();
        t.follow(&at(3, Some(1), 30, other())).unwrap();
        let void = Event::EventsVoided {
            target: 1,
            events: vec![1, 2],
        };
        t.follow(&at(4, None, 0, void)).unwrap();
        t.follow(&at(5, None, 0, other())).unwrap();
        t.follow(&at(6, Some(1), 0, start(1))).unwrap();
    }

    fn expedition(number: u32, who: &str) -> Event {
        Event::SessionStarted {
            number,
            title: None,
            with: vec![crate::state::Member {
                character: who.into(),
                name: who.into(),
            }],
            referee: None,
        }
    }

    #[test]
    fn expeditions_each_stamp_their_own_clock_and_fold_into_the_calendar() {
        let mut t = Timeline::default();
        t.follow(&at(1, Some(1), 0, expedition(1, "a"))).unwrap();
        t.follow(&at(2, Some(2), 0, expedition(2, "b"))).unwrap();
        t.follow(&at(3, Some(1), 0, advance(30))).unwrap();
        t.follow(&at(4, Some(2), 0, other())).unwrap();
        t.follow(&at(5, None, 0, other())).unwrap();
        assert!(t.follow(&at(6, Some(2), 30, other())).is_err());
        t.follow(&at(6, Some(1), 30, Event::SessionEnded { number: 1 }))
            .unwrap();
        t.follow(&at(7, None, 30, other())).unwrap();
        t.follow(&at(8, Some(2), 0, Event::SessionEnded { number: 2 }))
            .unwrap();
        // A whole campaign's session takes every event while it is open.
        t.follow(&at(9, Some(3), 30, start(3))).unwrap();
        assert_eq!(
            t.follow(&at(10, None, 30, other())),
            Err(Refusal::WrongSession {
                session: None,
                open: vec![3]
            })
        );
        // Its start voided, the clocks fold again without it.
        let void = Event::EventsVoided {
            target: 9,
            events: vec![9],
        };
        t.follow(&at(10, None, 30, void)).unwrap();
        t.follow(&at(11, None, 30, other())).unwrap();
    }
}
