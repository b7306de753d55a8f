//! `hoard xp award [--session N] [--monsters XP]`: experience for a session — the treasure
//! brought back and the monsters defeated — divided among the survivors, a retainer taking half
//! a share (`rules::party`), each part adjusted by the character's prime requisites
//! (`rules::xp`), in one event.
//!
//! *Brought back* is kept simple: the coins added in the session to the pool or a purse, and
//! the valuables found in it that were not left where they lay — what was added straight to a
//! place (`--at`) stays out until it is carried home and added again. Magic items give none
//! (Old-School Essentials Classic Fantasy: Rules Tome, *Awarding XP*). Voided events count for
//! nothing.
//!
//! Under `campaign set xp-from sold` the valuables found count for nothing when found: the
//! price of the sales of valuables recorded in the session counts instead (`sell`; a sale of
//! magic items never counts). Coins brought back count either way.

use crate::books::{awards, brought_back};
use crate::ctx::Ctx;
use crate::error::Result;
use crate::ledger::treasury::Earned;
use crate::ledger::{Event, Recorded};
use crate::party::{session_for, survivors};
use crate::refusal::coins::Refusal;
use crate::rules::party::{Division, split};
use crate::rules::share::Share;
use crate::rules::xp;
use crate::store::{self};

/// An award recorded, and the title of its session.
#[derive(Debug)]
pub struct Awarded {
    pub event: Recorded,
    pub title: Option<String>,
}

/// `xp award`: the award recorded.
pub async fn award(cx: &mut Ctx, session: Option<u32>, monsters: i64) -> Result<Awarded> {
    let mut w = cx.write().await?;
    let Some(session) = session_for(&mut w, session).await? else {
        return Err(Refusal::NoSession.into());
    };
    let campaign = w.campaign;
    if let Some(done) = awards(w.conn(), campaign, session).await?.first() {
        return Err(Refusal::AlreadyAwarded {
            session,
            event: done.seq,
        }
        .into());
    }
    let counted = w.state.campaign.settings.xp_from.unwrap_or_default();
    let treasure = brought_back(w.conn(), campaign, session, counted).await?;
    let for_treasure = xp::for_treasure(treasure.copper());
    let total = for_treasure.saturating_add(monsters);
    if total == 0 {
        return Err(Refusal::NothingToAward { session }.into());
    }
    w.about(Some(session)).await?;
    let party = survivors(&mut w, session).await?;
    if party.is_empty() {
        return Err(Refusal::NoSharers.into());
    }
    let shares: Vec<Share> = party.iter().map(|c| c.share).collect();
    let (parts, _) = split(total, &shares, Division::Ose);
    let portions = party
        .iter()
        .zip(parts)
        .map(|(c, base)| Earned {
            character: c.id.clone(),
            name: c.name.clone(),
            share: c.share,
            gain: xp::gain(c, base),
        })
        .collect();
    let level = |id: &String| w.state.characters.get(id).map(|c| c.level);
    let before: Vec<(String, u8)> = party
        .iter()
        .map(|c| (c.id.clone(), level(&c.id).unwrap_or(c.level)))
        .collect();
    let event = w.record(Event::XpAwarded {
        session,
        coins: treasure.coins,
        valuables: treasure.valuables,
        treasure: for_treasure,
        monsters,
        total,
        portions,
        division: Division::Ose,
        counted,
        sold: treasure.sold,
        survivors: true,
    })?;
    // The training of each level gained (`campaign set training`), charged on its award.
    for (id, from) in before {
        let reached = w.state.characters.get(&id).map_or(from, |c| c.level);
        super::upkeep::train(&mut w, &id, from, reached, Some(event.seq)).await?;
    }
    let title = store::sessions::get(w.conn(), campaign, session)
        .await?
        .and_then(|s| s.title);
    w.commit().await?;
    Ok(Awarded { event, title })
}
