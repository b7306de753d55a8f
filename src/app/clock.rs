//! `hoard time advance|show`: the campaign's game clock, in rounds.

use super::Ctx;
use crate::error::{Error, Result};
use crate::ledger::Event;
use crate::ledger::state::Effect;
use crate::rules::clock::{self, Unit};

/// What advancing the clock did: the span, and the effects that wore off on the way.
pub struct Advanced {
    pub from: i64,
    pub to: i64,
    /// Effects that ended, with their character's name.
    pub ended: Vec<(Effect, String)>,
}

pub async fn advance(cx: &mut Ctx, amount: u64, unit: Unit) -> Result<Advanced> {
    let mut w = cx.write().await?;
    let from = w.state.campaign.clock;
    let to = clock::advance(from, amount, unit).map_err(|e| Error::Invalid(e.to_string()))?;
    w.record(Event::TimeAdvanced {
        rounds: to - from,
        clock: to,
    })?;
    let campaign = w.campaign;
    w.commit().await?;
    let ended = crate::store::effects::ending(cx.conn(), campaign, from, to)
        .await?
        .into_iter()
        .map(|e| (e.effect, e.who))
        .collect();
    Ok(Advanced { from, to, ended })
}

pub async fn show(cx: &mut Ctx) -> Result<i64> {
    Ok(cx.campaign().await?.campaign.clock)
}
