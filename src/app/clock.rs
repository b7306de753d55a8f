//! `hoard time advance|show`: the campaign's game clock, in rounds.

use super::Ctx;
use crate::error::{Error, Result};
use crate::ledger::Event;
use crate::rules::clock::{self, Unit};

pub async fn advance(cx: &mut Ctx, amount: u64, unit: Unit) -> Result<(i64, i64)> {
    let mut w = cx.write().await?;
    let from = w.state.campaign.clock;
    let to = clock::advance(from, amount, unit).map_err(|e| Error::Invalid(e.to_string()))?;
    w.record(Event::TimeAdvanced {
        rounds: to - from,
        clock: to,
    })?;
    w.commit().await?;
    Ok((from, to))
}

pub async fn show(cx: &mut Ctx) -> Result<i64> {
    Ok(cx.campaign().await?.campaign.clock)
}
