//! `hoard use ITEM [--charges N] [--by CHARACTER]`, `hoard recharge ITEM N`,
//! `hoard item trust ITEM --to CHARACTER` (a trapped wand's maker designates someone).

use serde::Serialize;

use crate::ctx::Ctx;
use crate::error::{Error, Problem, Result};
use crate::ledger::{Act, Event, Recorded};
use crate::rules::charges;

#[derive(Debug, Clone, Serialize)]
pub struct Used {
    #[serde(flatten, serialize_with = "super::name::item")]
    pub item: crate::rules::item::Names,
    pub character: String,
    pub charges: u32,
    pub remaining: i32,
    pub backfired: bool,
    pub drained: bool,
    pub crumbled: bool,
    pub event: Recorded,
}

pub async fn use_charges(cx: &mut Ctx, key: &str, n: u32, by: Option<&str>) -> Result<Used> {
    let mut dice = cx.dice();
    let mut w = cx.write().await?;
    let item = w.item(key).await?;
    let who = w.actor(&item, by).await?;
    let settings = &w.state.campaign.settings;
    let chance =
        charges::crumble_chance(item.category, settings.crumble_rod, settings.crumble_wand);
    let spend = charges::spend(&item, n, &who.id, chance, &mut dice)
        .map_err(|r| Error::Refused(Problem::Charges(r).into()))?;
    let crumbled = spend.crumble.as_ref().is_some_and(|c| c.crumbled);
    let event = w.record(Event::ChargesSpent {
        act: Act::new(&item, &who),
        charges: spend.charges,
        remaining: spend.remaining,
        backfired: spend.backfired,
        drained: spend.drained,
        crumble: spend.crumble,
    })?;
    w.commit().await?;
    Ok(Used {
        item: item.names(),
        character: who.name,
        charges: n,
        remaining: spend.remaining,
        backfired: spend.backfired,
        drained: spend.drained,
        crumbled,
        event,
    })
}

pub async fn recharge(cx: &mut Ctx, key: &str, n: u32) -> Result<Recorded> {
    let mut w = cx.write().await?;
    let item = w.item(key).await?;
    let recharging = w.state.campaign.settings.recharge.unwrap_or_default();
    let remaining = charges::recharge(&item, n, recharging)
        .map_err(|r| Error::Refused(Problem::Charges(r).into()))?;
    let event = w.record(Event::Recharged {
        item: item.id.clone(),
        item_name: item.name.clone(),
        item_name_fr: item.name_fr.clone(),
        charges: n,
        remaining,
    })?;
    w.commit().await?;
    Ok(event)
}

pub async fn trust(cx: &mut Ctx, key: &str, to: &str) -> Result<Recorded> {
    let mut w = cx.write().await?;
    let item = w.item(key).await?;
    let who = w.character(to).await?;
    let event = w.record(Event::ItemTrusted {
        act: Act::new(&item, &who),
    })?;
    w.commit().await?;
    Ok(event)
}
