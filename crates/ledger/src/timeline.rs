//! The session and the game time each event was recorded in. A live command stamps an event
//! with the session open and the clock as they stand (`State::record`): `session_started` with
//! the session it starts, every other event with the open session or none, each with the game
//! time before it. This follows a ledger event by event, voided ones too (each was recorded
//! live), and holds every event's stamp to that: an event in a session that never was, or was
//! not open, or whose game time is not the clock's then, was not recorded by a command.
//!
//! A void takes back what it voided before its own stamp, as `void` rebuilds the state before
//! recording itself: the time advances it voids no longer count, a session it voids the start of
//! is not open, one it voids the end of is open again. This is the clock and the
//! sessions as they stood when each event was recorded, which a replay without the voided events
//! (the projector's state) is not: after a void, later events were stamped by the campaign as
//! it then stood, and the replay's clock and sessions need not match theirs.

use std::collections::BTreeMap;

use super::event::{Event, Recorded};
use super::refusal::Refusal;

/// What a voided event did to the stamps, kept until its void takes it back.
#[derive(Debug)]
enum Mark {
    Advance(i64),
    Start,
    End(u32),
}

/// The session open and the game clock, as the live commands that
/// recorded a ledger saw them.
#[derive(Debug, Default)]
pub struct Timeline {
    clock: i64,
    open: Option<u32>,
    /// The marks of events a later void takes back, by event number.
    taken_back: BTreeMap<i64, Mark>,
}

impl Timeline {
    /// Hold `rec`'s stamp to the session and the clock as a live command would have stamped
    /// it, then follow what it does to them; `voided`: a later void takes it back.
    pub fn follow(&mut self, rec: &Recorded, voided: bool) -> Result<(), Refusal> {
        if let Event::EventsVoided { events, .. } = &rec.event {
            for seq in events.iter().rev() {
                match self.taken_back.remove(seq) {
                    Some(Mark::Advance(rounds)) => self.clock = self.clock.saturating_sub(rounds),
                    Some(Mark::Start) => self.open = None,
                    Some(Mark::End(number)) => self.open = Some(number),
                    None => {}
                }
            }
        }
        let session = match &rec.event {
            Event::SessionStarted { number, .. } => Some(*number),
            _ => self.open,
        };
        if rec.session != session {
            return Err(Refusal::WrongSession {
                session: rec.session,
                open: self.open,
            });
        }
        if rec.game_time != self.clock {
            return Err(Refusal::WrongGameTime {
                game_time: rec.game_time,
                clock: self.clock,
            });
        }
        let mark = match &rec.event {
            Event::TimeAdvanced { rounds, .. } => {
                // The projector (or, for a voided event, this) refuses an advance off the
                // clock; here it only must not wrap.
                self.clock = self
                    .clock
                    .checked_add(*rounds)
                    .ok_or(Refusal::ClockOverflow)?;
                Mark::Advance(*rounds)
            }
            Event::SessionStarted { number, .. } => {
                self.open = Some(*number);
                Mark::Start
            }
            Event::SessionEnded { number } => {
                self.open = None;
                Mark::End(*number)
            }
            _ => return Ok(()),
        };
        if voided {
            self.taken_back.insert(rec.seq, mark);
        }
        Ok(())
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
        }
    }

    /// An event that changes neither the session nor the clock.
    fn other() -> Event {
        Event::CampaignRenamed { name: "t".into() }
    }

    #[test]
    fn each_stamp_is_the_session_and_clock_of_its_time() {
        let mut t = Timeline::default();
        t.follow(&at(1, None, 0, advance(30)), false).unwrap();
        t.follow(&at(2, Some(1), 30, start(1)), false).unwrap();
        t.follow(&at(3, Some(1), 30, other()), false).unwrap();
        assert_eq!(
            t.follow(&at(4, Some(42), 30, other()), false),
            Err(Refusal::WrongSession {
                session: Some(42),
                open: Some(1)
            })
        );
        assert_eq!(
            t.follow(&at(4, None, 30, other()), false),
            Err(Refusal::WrongSession {
                session: None,
                open: Some(1)
            })
        );
        for game_time in [0, 29, 31] {
            assert_eq!(
                t.follow(&at(4, Some(1), game_time, other()), false),
                Err(Refusal::WrongGameTime {
                    game_time,
                    clock: 30
                })
            );
        }
        t.follow(
            &at(4, Some(1), 30, Event::SessionEnded { number: 1 }),
            false,
        )
        .unwrap();
        assert!(t.follow(&at(5, Some(1), 30, other()), false).is_err());
    }

    #[test]
    fn a_void_takes_back_its_advances_and_sessions_before_its_own_stamp() {
        let mut t = Timeline::default();
        t.follow(&at(1, None, 0, advance(30)), true).unwrap();
        t.follow(&at(2, Some(1), 30, start(1)), true).unwrap();
        t.follow(&at(3, Some(1), 30, other()), false).unwrap();
        let void = Event::EventsVoided {
            target: 1,
            events: vec![1, 2],
        };
        t.follow(&at(4, None, 0, void), false).unwrap();
        t.follow(&at(5, None, 0, other()), false).unwrap();
        t.follow(&at(6, Some(1), 0, start(1)), false).unwrap();
    }
}
