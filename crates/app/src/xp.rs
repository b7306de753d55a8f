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

use std::collections::BTreeMap;

use serde::Serialize;

use super::Ctx;
use super::coins::{Refusal, session_for, sharers};
use crate::error::Result;
use crate::ledger::treasury::{Earned, Holder, Valuable};
use crate::ledger::{Event, Recorded};
use crate::rules::coins::{Coins, Share};
use crate::rules::item::Category;
use crate::rules::limits;
use crate::rules::party::{Division, Spoils, split};
use crate::rules::sale::Market;
use crate::rules::xp;
use crate::store::events::{self, Filter};
use crate::store::{self, Conn};

/// The treasure a session brought back.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Treasure {
    /// What it counts: the worth found, or what sales realised.
    pub counted: xp::Counted,
    pub coins: Coins,
    pub valuables: Vec<Valuable>,
    /// Under `xp-from sold`: what the session's sales of valuables fetched.
    pub sold: Coins,
}

impl Treasure {
    /// Its whole value, in copper pieces (saturating: `rules::xp::treasure_copper`).
    pub fn copper(&self) -> i64 {
        let values = self.valuables.iter().map(|v| &v.value).chain([&self.sold]);
        xp::treasure_copper(&self.coins, values)
    }
}

/// The session an event brought treasure back in: the one it names (`--session`), else the one
/// it was recorded in.
fn brought_in(rec: &Recorded) -> Option<u32> {
    match &rec.event {
        Event::CoinsAdded {
            session: Some(n), ..
        } => Some(*n),
        Event::ItemCreated { origin, .. } if origin.session.is_some() => origin.session,
        _ => rec.session,
    }
}

/// The session an event tells of: the one it names (treasure brought back, a share-out, an
/// award), else the one it was recorded in (the chronicle's).
pub fn told_in(rec: &Recorded) -> Option<u32> {
    match &rec.event {
        Event::CoinsShared {
            session: Some(n), ..
        }
        | Event::XpAwarded { session: n, .. } => Some(*n),
        _ => brought_in(rec),
    }
}

/// The treasure session `number` brought back, as `counted` counts it, from its events that
/// stand: those recorded in it, and those recorded elsewhen that name it.
pub async fn brought_back(
    conn: &mut Conn,
    campaign: i64,
    number: u32,
    counted: xp::Counted,
) -> Result<Treasure> {
    let voided = events::voided(conn, campaign).await?;
    let filter = Filter {
        session: Some(number),
        ..Filter::default()
    };
    let mut recorded = BTreeMap::new();
    events::select(conn, campaign, &filter, |rec| {
        recorded.insert(rec.seq, rec);
        Ok::<_, crate::error::Error>(())
    })
    .await?;
    for rec in events::tagged(conn, campaign, events::BROUGHT_BACK).await? {
        recorded.insert(rec.seq, rec);
    }
    let mut found = Treasure {
        counted,
        ..Treasure::default()
    };
    for rec in recorded.into_values() {
        if voided.contains_key(&rec.seq) || brought_in(&rec) != Some(number) {
            continue;
        }
        match rec.event {
            Event::CoinsAdded { coins, to, .. } if !matches!(to, Holder::Place { .. }) => {
                // What came in during a session is part of what came into the campaign, which
                // the ledger holds to the same limit: the sum cannot pass it.
                if let Ok(sum) = found.coins.checked_add(&coins, limits::COINS_COUNTED) {
                    found.coins = sum;
                }
            }
            Event::ItemsSold { items, price, .. }
                if counted == xp::Counted::Sold
                    && items.iter().all(|s| s.market != Market::Magic) =>
            {
                if let Ok(sum) = found.sold.checked_add(&price, limits::COINS_COUNTED) {
                    found.sold = sum;
                }
            }
            Event::ItemCreated { item, .. }
                if item.category == Category::Valuable && counted == xp::Counted::Found =>
            {
                if let (Some(value), None) = (item.identity.value, &item.place) {
                    found.valuables.push(Valuable {
                        item: item.id,
                        name: item.name,
                        name_fr: item.name_fr,
                        value,
                    });
                }
            }
            _ => {}
        }
    }
    Ok(found)
}

/// What stands and names session `number` whenever it was recorded: its share-outs, its award
/// and the treasure said to be brought back in it.
pub async fn recorded_for(conn: &mut Conn, campaign: i64, number: u32) -> Result<Vec<Recorded>> {
    let mut found = awards(conn, campaign, number).await?;
    found.extend(shares(conn, campaign, number).await?);
    found.extend(
        standing(conn, campaign, events::BROUGHT_BACK, |_| true)
            .await?
            .into_iter()
            .filter(|r| brought_in(r) == Some(number)),
    );
    Ok(found)
}

/// The awards that stand, whose payload names session `number`.
pub async fn awards(conn: &mut Conn, campaign: i64, number: u32) -> Result<Vec<Recorded>> {
    standing(
        conn,
        campaign,
        "kind:xp_awarded",
        |e| matches!(e, Event::XpAwarded { session, .. } if *session == number),
    )
    .await
}

/// The share-outs that stand, whose payload names session `number`.
pub async fn shares(conn: &mut Conn, campaign: i64, number: u32) -> Result<Vec<Recorded>> {
    standing(
        conn,
        campaign,
        "kind:coins_shared",
        |e| matches!(e, Event::CoinsShared { session: Some(s), .. } if *s == number),
    )
    .await
}

/// Events listed under `tag` that stand and pass `keep`.
async fn standing(
    conn: &mut Conn,
    campaign: i64,
    tag: &str,
    keep: impl Fn(&Event) -> bool,
) -> Result<Vec<Recorded>> {
    let voided = events::voided(conn, campaign).await?;
    let mut found = events::tagged(conn, campaign, tag).await?;
    found.retain(|r| !voided.contains_key(&r.seq) && keep(&r.event));
    Ok(found)
}

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
    let party = sharers(&mut w, Spoils::Experience, Some(session)).await?;
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
    })?;
    let title = store::sessions::get(w.conn(), campaign, session)
        .await?
        .and_then(|s| s.title);
    w.commit().await?;
    Ok(Awarded { event, title })
}
