//! `hoard report session [N]` and `hoard report character NAME`: the treasure story of one
//! play session, or of one character over the whole campaign, from the ledger.

pub mod posting;

use serde::Serialize;

use crate::ctx::Ctx;
use crate::error::Result;
use crate::ledger::{Character, Event, Recorded, Session};
use crate::lookup::character as find_character;
use crate::store::events::{self, Filter};

/// A report's events, by what they are about, oldest first in each.
#[derive(Debug, Default, Serialize)]
pub struct Sections {
    /// Items found (created), with where each one is now.
    pub found: Vec<Found>,
    /// Items changing hands.
    pub passed: Vec<Recorded>,
    pub potions: Vec<Recorded>,
    /// Scrolls read, cast, copied, faded; protections read.
    pub scrolls: Vec<Recorded>,
    /// Charges spent and recharged.
    pub charges: Vec<Recorded>,
    /// Items drained or crumbled.
    pub drained: Vec<Recorded>,
    pub identified: Vec<Recorded>,
    pub worn: Vec<Recorded>,
    pub books: Vec<Recorded>,
    /// Sentient swords: touched, wielded, powers, control checks, demands, releases,
    /// encounters.
    pub swords: Vec<Recorded>,
    /// Coins added, spent and moved; items left at places.
    pub coins: Vec<Recorded>,
    /// Share-outs and experience awards that stand (for a session: those that pay it,
    /// whenever they were recorded).
    pub shares: Vec<Recorded>,
    pub xp: Vec<Recorded>,
}

#[derive(Debug, Serialize)]
pub struct Found {
    pub event: Recorded,
    /// Who holds it now (its name), or none for the party's treasure.
    pub holder: Option<String>,
    pub status: String,
    /// The place it was left at, if it is at one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub place: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct Report {
    pub session: Option<Session>,
    pub character: Option<String>,
    #[serde(flatten)]
    pub sections: Sections,
    /// A session's treasure brought back, by value (see `app::xp`).
    pub treasure: Option<crate::books::Treasure>,
}

fn sort(sections: &mut Sections, rec: Recorded) {
    match &rec.event {
        Event::ItemPassed { .. } => sections.passed.push(rec),
        Event::PotionTaken { .. } => sections.potions.push(rec),
        Event::ScrollFade { .. } | Event::SpellCast { .. } | Event::ProtectionRead { .. } => {
            sections.scrolls.push(rec)
        }
        Event::Identified { .. } => sections.identified.push(rec),
        // A use that drains the item is told once, under what it did to the item.
        Event::ChargesSpent { drained: true, .. } => sections.drained.push(rec),
        Event::ChargesSpent { .. } => sections.charges.push(rec),
        Event::Recharged { .. } => sections.charges.push(rec),
        // A sword sheathed is a sword's doing, not a ring or armour taken off.
        Event::ItemRemoved {
            slot: crate::rules::item::Slot::Hand,
            ..
        } => sections.swords.push(rec),
        Event::ItemWorn { .. } | Event::ItemRemoved { .. } => sections.worn.push(rec),
        Event::BookStudied { .. } => sections.books.push(rec),
        Event::SwordTouched { .. }
        | Event::SwordHeld { .. }
        | Event::ControlDeferred { .. }
        | Event::SwordWielded { .. }
        | Event::SwordPowerUsed { .. }
        | Event::ControlChecked { .. }
        | Event::ControlEnded { .. }
        | Event::SwordDemand { .. }
        | Event::EncounterStarted { .. }
        | Event::EncounterEnded {} => sections.swords.push(rec),
        Event::CoinsAdded { .. }
        | Event::CoinsSpent { .. }
        | Event::CoinsMoved { .. }
        | Event::ItemStashed { .. } => sections.coins.push(rec),
        Event::CoinsShared { .. } => sections.shares.push(rec),
        Event::XpAwarded { .. } => sections.xp.push(rec),
        _ => {}
    }
}

async fn build(cx: &mut Ctx, campaign: i64, filter: Filter) -> Result<Sections> {
    let mut sections = Sections::default();
    let mut found = Vec::new();
    let voided = events::voided(cx.conn(), campaign).await?;
    // A session's share-outs and awards are those that pay it, read on their own.
    let by_session = filter.session.is_some();
    events::select(cx.conn(), campaign, &filter, |rec| {
        match &rec.event {
            // What was voided never happened, in every section.
            _ if voided.contains_key(&rec.seq) => {}
            Event::ItemCreated { .. } => found.push(rec),
            Event::CoinsShared { .. } | Event::XpAwarded { .. } if by_session => {}
            _ => sort(&mut sections, rec),
        }
        Ok::<_, crate::error::Error>(())
    })
    .await?;
    let characters = crate::store::characters::list(cx.conn(), campaign).await?;
    for rec in found {
        let Event::ItemCreated { item, .. } = &rec.event else {
            continue;
        };
        let now = crate::store::items::find(cx.conn(), campaign, &item.id).await?;
        let (holder, status, place) = match now.first() {
            Some(i) => (
                i.holder
                    .as_ref()
                    .and_then(|h| characters.iter().find(|c| &c.id == h))
                    .map(|c: &Character| c.name.clone()),
                i.status.as_str().to_string(),
                i.place.clone(),
            ),
            None => (None, "intact".into(), None),
        };
        sections.found.push(Found {
            event: rec,
            holder,
            status,
            place,
        });
    }
    Ok(sections)
}

/// The number of the session `key` names (or the global `--session`), else of the one open
/// session, else of the latest.
pub async fn chosen(cx: &mut Ctx, key: Option<&crate::choice::Key>) -> Result<u32> {
    let campaign = cx.campaign().await?;
    if let Some(key) = key.or(cx.session.as_ref()).cloned() {
        return crate::choice::resolve(cx.conn(), &campaign, &key).await;
    }
    let open = &campaign.campaign.open;
    (open.len() == 1)
        .then(|| open.first().copied())
        .flatten()
        .or_else(|| (campaign.campaign.last_session > 0).then_some(campaign.campaign.last_session))
        .ok_or_else(|| crate::refusal::session::Refusal::NoneYet.into())
}

/// The report of session `number`.
pub async fn session(cx: &mut Ctx, number: u32) -> Result<Report> {
    let campaign = cx.campaign().await?;
    let session = crate::choice::require(cx.conn(), &campaign, number).await?;
    let filter = Filter {
        session: Some(number),
        ..Default::default()
    };
    let mut sections = build(cx, campaign.id, filter).await?;
    sections.shares = crate::books::shares(cx.conn(), campaign.id, number).await?;
    sections.xp = crate::books::awards(cx.conn(), campaign.id, number).await?;
    let counted = campaign.campaign.settings.xp_from.unwrap_or_default();
    let treasure = crate::books::brought_back(cx.conn(), campaign.id, number, counted).await?;
    Ok(Report {
        session: Some(session),
        character: None,
        sections,
        treasure: Some(treasure),
    })
}

/// The report of one character over the whole campaign.
pub async fn character(cx: &mut Ctx, name: &str) -> Result<Report> {
    let campaign = cx.campaign().await?;
    let c = find_character(cx.conn(), campaign.id, &campaign.campaign.name, name).await?;
    let filter = Filter {
        entity: Some(c.id.clone()),
        ..Default::default()
    };
    let sections = build(cx, campaign.id, filter).await?;
    Ok(Report {
        session: None,
        character: Some(c.name),
        sections,
        treasure: None,
    })
}
