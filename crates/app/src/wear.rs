//! `hoard wear ITEM [--hand left|right] [--by CHARACTER]`, `hoard remove ITEM`: rings on a
//! hand, one suit of armor and one shield.

use serde::Serialize;

use crate::ctx::Ctx;
use crate::error::Result;
use crate::ledger::{Act, Event, Recorded};
use crate::refusal::wear::Refusal;
use crate::rules::armor;
use crate::rules::item::{Category, Slot};
use crate::rules::ring;

#[derive(Debug, Clone, Serialize)]
pub struct Worn {
    #[serde(flatten, serialize_with = "super::name::item")]
    pub item: crate::rules::item::Names,
    pub character: String,
    pub slot: Slot,
    /// For a ring: whether it works (the only ring on its hand).
    pub works: bool,
    /// Rings that stopped working because this one shares their hand.
    #[serde(serialize_with = "super::name::list")]
    pub stopped: Vec<crate::rules::item::Names>,
    pub event: Recorded,
}

pub async fn wear(cx: &mut Ctx, key: &str, hand: Option<Slot>, by: Option<&str>) -> Result<Worn> {
    let mut w = cx.write().await?;
    let item = w.item(key).await?;
    let who = w.actor(&item, by).await?;
    let name = item.names();
    let names = || item.names();
    if item.holder.as_deref() != Some(who.id.as_str()) {
        let (item, character) = (names(), who.name);
        return Err(Refusal::InTreasure { item, character }.into());
    }
    if item.worn.is_some() {
        let (item, character) = (names(), who.name);
        return Err(Refusal::AlreadyWorn { item, character }.into());
    }
    if item.is_gone() {
        return Err(Refusal::Gone { item: names() }.into());
    }
    if !item.category.wearable() {
        return Err(Refusal::NotWearable { item: names() }.into());
    }
    let held = w.holdings(&who.id).await?;
    let slot = match (item.category, hand) {
        (Category::Ring, Some(hand)) => hand,
        (Category::Ring, None) => {
            return Err(Refusal::WhichHand.into());
        }
        (_, Some(_)) => {
            return Err(Refusal::HandForNonRing { item: names() }.into());
        }
        (_, None) => {
            let slot = if armor::is_shield(&item) {
                Slot::Shield
            } else {
                Slot::Body
            };
            if let Some(other) = held.iter().find(|i| i.worn == Some(slot)) {
                let (character, other) = (who.name, other.names());
                return Err(Refusal::SlotTaken { character, other }.into());
            }
            slot
        }
    };
    let event = w.record(Event::ItemWorn {
        act: Act::new(&item, &who),
        slot,
    })?;
    let worn: Vec<_> = w
        .state
        .items
        .values()
        .filter(|i| i.holder.as_deref() == Some(who.id.as_str()))
        .cloned()
        .collect();
    let refs: Vec<&_> = worn.iter().collect();
    let this = w.current(&item.id)?;
    let works = item.category != Category::Ring || ring::works(&this, &refs);
    let stopped = if works {
        Vec::new()
    } else {
        ring::on_hand(slot, &refs)
            .into_iter()
            .filter(|r| r.id != item.id)
            .map(crate::rules::item::Item::names)
            .collect()
    };
    w.commit().await?;
    Ok(Worn {
        item: name,
        character: who.name,
        slot,
        works,
        stopped,
        event,
    })
}

pub async fn remove(cx: &mut Ctx, key: &str) -> Result<Recorded> {
    let mut w = cx.write().await?;
    let item = w.item(key).await?;
    if !item.category.wearable() {
        return Err(Refusal::NotWearable { item: item.names() }.into());
    }
    let Some(slot) = item.worn else {
        return Err(Refusal::NotWorn { item: item.names() }.into());
    };
    let who = w.actor(&item, None).await?;
    if item.attached && item.category == Category::Armor {
        let (item, character) = (item.names(), who.name);
        return Err(Refusal::Cursed { item, character }.into());
    }
    let event = w.record(Event::ItemRemoved {
        act: Act::new(&item, &who),
        slot,
    })?;
    w.commit().await?;
    Ok(event)
}
