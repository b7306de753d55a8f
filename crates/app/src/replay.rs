//! A campaign's state rebuilt from its ledger alone, event by event: what `check` compares with
//! the stored state, what `void` stands the ledger on without the voided events, what `import`
//! checks a file with and what a past session's state is read from. Its own module so that
//! those commands depend on it, not on one another.

use std::collections::BTreeMap;

use crate::error::Result;
use crate::ledger::timeline::Timeline;
use crate::ledger::{Conflict, Recorded, State};
use crate::store::events::{self, Filter};

/// Rebuilds a campaign's state from its events alone, one event at a time, skipping the
/// voided ones; holds every event's stamp, voided or not, to the session and clock it was
/// recorded in (`ledger::timeline`); keeps every event that could not stand and the last event
/// touching each row.
#[derive(Debug)]
pub struct Replay {
    pub state: State,
    pub conflicts: Vec<Conflict>,
    pub last_touch: BTreeMap<String, i64>,
    voided: BTreeMap<i64, i64>,
    timeline: Timeline,
}

impl Replay {
    pub fn new(voided: BTreeMap<i64, i64>) -> Self {
        Replay {
            state: State::blank(),
            conflicts: Vec::new(),
            last_touch: BTreeMap::new(),
            voided,
            timeline: Timeline::default(),
        }
    }

    pub fn feed(&mut self, rec: &Recorded) {
        let voided = self.voided.contains_key(&rec.seq);
        if let Err(reason) = self.timeline.follow(rec) {
            self.conflicts.push(Conflict {
                seq: rec.seq,
                kind: rec.event.kind(),
                reason: Box::new(reason),
            });
        }
        if voided {
            // It no longer counts; its number stays taken.
            if let Err(conflict) = self.state.pass_voided(rec) {
                self.conflicts.push(conflict);
            }
            return;
        }
        for id in rec.event.refs() {
            self.last_touch.insert(id.clone(), rec.seq);
        }
        if let Err(conflict) = self.state.apply(rec) {
            self.conflicts.push(conflict);
            // Keep numbering so later events still apply in order.
            self.state.last_seq = rec.seq;
        }
    }

    /// The whole ledger was fed: what it leaves under way must be whole.
    pub fn finish(&mut self) {
        if let Err(conflict) = self.state.finish() {
            self.conflicts.push(conflict);
        }
    }

    /// Replay a whole campaign's ledger.
    pub async fn campaign(
        conn: &mut crate::store::Conn,
        campaign: i64,
        voided: BTreeMap<i64, i64>,
    ) -> Result<Self> {
        let mut replay = Replay::new(voided);
        events::select(conn, campaign, &Filter::default(), |rec| {
            replay.feed(&rec);
            Ok::<_, crate::error::Error>(())
        })
        .await?;
        replay.finish();
        // Nothing is changed yet; what the events created, and by which event, is kept for a
        // state that replaces the stored one.
        replay.state.changed = crate::ledger::Changed {
            created: std::mem::take(&mut replay.state.changed.created),
            ..Default::default()
        };
        Ok(replay)
    }
}
