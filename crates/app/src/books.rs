//! A session's books, read from the ledger: the treasure it brought back (what `xp award`
//! counts), and what stands that names it whenever it was recorded — its share-outs, its
//! award, treasure said to be brought back in it — for the award, the chronicle, `report
//! session` and a character's sheet as the session left it. Voided events count for nothing.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::error::Result;
use crate::ledger::treasury::{Holder, Valuable};
use crate::ledger::{Event, Recorded};
use crate::rules::coins::Coins;
use crate::rules::item::Category;
use crate::rules::limits;
use crate::rules::sale::Market;
use crate::rules::xp;
use crate::store::Conn;
use crate::store::events::{self, Filter};

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
