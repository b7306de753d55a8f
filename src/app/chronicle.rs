//! What the players saw happen, session by session (the web server's chronicle and treasure
//! pages): the one place that decides which events the table sees, and names every item in
//! them as the party knows it now ([`revealed`] to [`Looker::Party`]).
//!
//! The table sees treasure found and coins gained, potions drunk and oils rubbed on, charges
//! spent (how many: the players say so), identification tried, items changing hands, worn and
//! taken off. It never sees what the referee's dice decided in secret — control checks, a
//! scroll fading, a book's effect, a potion's duration, charges left on an item it does not
//! know fully — nor a voided event. Names come from the items as they are now, never from the
//! names an event recorded (those are the true names).

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use super::Ctx;
use super::log::Query;
use crate::error::Result;
use crate::ledger::treasury::Holder;
use crate::ledger::{Character, Event, Id, Item, Recorded, Session};
use crate::rules::coins::Coins;
use crate::rules::item::Slot;
use crate::rules::knowledge::{Looker, Method, revealed};

/// One thing the table saw happen.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Seen {
    Found {
        item: super::name::Seen,
    },
    Coins {
        coins: Coins,
        /// The character whose purse they went to; none for the party's pool or a place.
        to: Option<String>,
    },
    Drank {
        who: String,
        item: super::name::Seen,
        oil: bool,
    },
    Charges {
        who: String,
        item: super::name::Seen,
        charges: u32,
        /// Known only when the party knows the item fully.
        remaining: Option<i32>,
    },
    Identify {
        who: String,
        item: super::name::Seen,
        method: Method,
        learned: bool,
    },
    Passed {
        item: super::name::Seen,
        /// The character who took it; none when it went back to the party's treasure.
        to: Option<String>,
    },
    Worn {
        who: String,
        item: super::name::Seen,
        slot: Slot,
        on: bool,
    },
}

/// A seen event: its ledger number, the game clock, what was seen.
#[derive(Debug, Clone, Serialize)]
pub struct Entry {
    pub seq: i64,
    pub game_time: i64,
    pub seen: Seen,
}

/// A session as the players saw it.
#[derive(Debug, Serialize)]
pub struct Told {
    pub session: Session,
    pub entries: Vec<Entry>,
}

/// Play session `number` as the players saw it.
pub async fn session(cx: &mut Ctx, number: u32) -> Result<Told> {
    let campaign = cx.campaign().await?;
    let session = super::session::require(cx.conn(), &campaign, number).await?;
    let mut events = Vec::new();
    let query = Query {
        session: Some(number),
        ..Default::default()
    };
    super::log::log(cx, query, |rec, voided_by| {
        if voided_by.is_none() && is_seen(&rec.event) {
            events.push(rec);
        }
        Ok(())
    })
    .await?;
    let characters = crate::store::characters::list(cx.conn(), campaign.id).await?;
    let items = items_of(cx, campaign.id, &events).await?;
    let entries = events
        .iter()
        .filter_map(|rec| entry(rec, &characters, &items))
        .collect();
    Ok(Told { session, entries })
}

/// Items found in each session (of those that still exist): the sessions' numbers, in order,
/// with how many items were found in each. Only what the table saw: a voided find is none.
pub async fn found_per_session(cx: &mut Ctx) -> Result<Vec<(u32, u32)>> {
    let sessions = super::session::list(cx).await?;
    let mut found: BTreeMap<u32, u32> = sessions.iter().map(|(s, _)| (s.number, 0)).collect();
    let query = Query {
        kind: Some("item_created".into()),
        ..Default::default()
    };
    super::log::log(cx, query, |rec, voided_by| {
        if let (Some(n), None) = (rec.session, voided_by) {
            *found.entry(n).or_default() += 1;
        }
        Ok(())
    })
    .await?;
    Ok(found.into_iter().collect())
}

/// Whether the table sees an event of this kind happen (see the module's doc).
fn is_seen(event: &Event) -> bool {
    matches!(
        event,
        Event::ItemCreated { .. }
            | Event::CoinsAdded { .. }
            | Event::PotionTaken { .. }
            | Event::ChargesSpent { .. }
            | Event::Identified { .. }
            | Event::ItemPassed { .. }
            | Event::ItemWorn { .. }
            | Event::ItemRemoved { .. }
            | Event::SwordWielded { .. }
    )
}

/// The items the events name, as they are now.
async fn items_of(cx: &mut Ctx, campaign: i64, events: &[Recorded]) -> Result<BTreeMap<Id, Item>> {
    let ids: BTreeSet<&Id> = events.iter().filter_map(|r| item_of(&r.event)).collect();
    let mut items = BTreeMap::new();
    for id in ids {
        let found = crate::store::items::find(cx.conn(), campaign, id).await?;
        if let Some(item) = found.into_iter().find(|i| &i.id == id) {
            items.insert(id.clone(), item);
        }
    }
    Ok(items)
}

fn item_of(event: &Event) -> Option<&Id> {
    match event {
        Event::ItemCreated { item, .. } => Some(&item.id),
        Event::ItemPassed { item, .. } => Some(item),
        _ => event.act().map(|a| &a.item),
    }
}

fn entry(rec: &Recorded, characters: &[Character], items: &BTreeMap<Id, Item>) -> Option<Entry> {
    let party: Vec<&str> = characters.iter().map(|c| c.id.as_str()).collect();
    let name = |id: &Id| {
        characters
            .iter()
            .find(|c| &c.id == id)
            .map(|c| c.name.clone())
    };
    let seen_item = |id: &Id| {
        items
            .get(id)
            .map(|i| super::name::Seen(revealed(i, Looker::Party(&party))))
    };
    let act = rec.event.act();
    let who = || act.map(|a| a.character_name.clone()).unwrap_or_default();
    let seen = match &rec.event {
        Event::ItemCreated { item, .. } => Seen::Found {
            item: seen_item(&item.id)?,
        },
        Event::CoinsAdded { coins, to, .. } => Seen::Coins {
            coins: *coins,
            to: match to {
                Holder::Character { id, .. } => name(id),
                _ => None,
            },
        },
        Event::PotionTaken { act, oil, .. } => Seen::Drank {
            who: who(),
            item: seen_item(&act.item)?,
            oil: *oil,
        },
        Event::ChargesSpent {
            act,
            charges,
            remaining,
            ..
        } => {
            let item = seen_item(&act.item)?;
            Seen::Charges {
                who: who(),
                remaining: item.0.charges.map(|_| *remaining),
                item,
                charges: *charges,
            }
        }
        Event::Identified {
            act,
            method,
            learned,
            ..
        } => Seen::Identify {
            who: who(),
            item: seen_item(&act.item)?,
            method: *method,
            learned: learned.is_some(),
        },
        Event::ItemPassed { item, to, .. } => Seen::Passed {
            item: seen_item(item)?,
            to: to.as_ref().and_then(name),
        },
        Event::ItemWorn { act, slot } | Event::ItemRemoved { act, slot } => Seen::Worn {
            who: who(),
            item: seen_item(&act.item)?,
            slot: *slot,
            on: matches!(rec.event, Event::ItemWorn { .. }),
        },
        // A sword drawn is in hand, as its sheathing (an `ItemRemoved`) is out of it.
        Event::SwordWielded { act } => Seen::Worn {
            who: who(),
            item: seen_item(&act.item)?,
            slot: Slot::Hand,
            on: true,
        },
        _ => return None,
    };
    Some(Entry {
        seq: rec.seq,
        game_time: rec.game_time,
        seen,
    })
}
