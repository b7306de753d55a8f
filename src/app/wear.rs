//! `hoard wear ITEM [--hand left|right] [--by CHARACTER]`, `hoard remove ITEM`: rings on a
//! hand, one suit of armor and one shield.

use serde::Serialize;

use super::Ctx;
use crate::error::{Error, Result};
use crate::ledger::{Act, Event, Recorded};
use crate::rules::armor;
use crate::rules::item::{Category, Slot};
use crate::rules::ring;
use crate::tr;
use crate::view::words::Named;

#[derive(Debug, Clone, Serialize)]
pub struct Worn {
    pub item: String,
    pub character: String,
    pub slot: Slot,
    /// For a ring: whether it works (the only ring on its hand).
    pub works: bool,
    /// Rings that stopped working because this one shares their hand.
    pub stopped: Vec<String>,
    pub event: Recorded,
}

pub async fn wear(cx: &mut Ctx, key: &str, hand: Option<Slot>, by: Option<&str>) -> Result<Worn> {
    let mut w = cx.write().await?;
    let item = w.item(key).await?;
    let who = w.actor(&item, by).await?;
    let name = item.name().to_string();
    if item.holder.as_deref() != Some(who.id.as_str()) {
        return Err(Error::Refused(
            tr!(
                "{name} is in the party's treasure: `hoard give` it to {} first",
                "{name} est dans le trésor du groupe : `hoard give` d'abord à {}",
                who.name
            )
            .into(),
        ));
    }
    if item.worn.is_some() {
        return Err(Error::Refused(
            tr!("{} already wears {name}", "{} porte déjà {name}", who.name).into(),
        ));
    }
    if item.is_gone() {
        return Err(Error::Refused(
            tr!("{name} is gone", "{name} n'existe plus").into(),
        ));
    }
    if !item.category.wearable() {
        return Err(cannot_be_worn(&name));
    }
    let held = w.holdings(&who.id).await?;
    let slot = match (item.category, hand) {
        (Category::Ring, Some(hand)) => hand,
        (Category::Ring, None) => {
            return Err(Error::Invalid(
                tr!(
                    "a ring goes on a finger: say which hand with --hand left|right",
                    "un anneau se passe au doigt : dites quelle main avec --hand left|right"
                )
                .into(),
            ));
        }
        (_, Some(_)) => {
            return Err(Error::Invalid(
                tr!(
                    "--hand is for rings; {name} is worn without it",
                    "--hand est pour les anneaux ; {name} se porte sans"
                )
                .into(),
            ));
        }
        (_, None) => {
            let slot = if armor::is_shield(&item) {
                Slot::Shield
            } else {
                Slot::Body
            };
            if let Some(other) = held.iter().find(|i| i.worn == Some(slot)) {
                return Err(Error::Refused(tr!(
                    "{} already wears {}: one suit of armor and one shield at a time; `hoard remove` it first",
                    "{} porte déjà {} : une armure et un bouclier à la fois ; `hoard remove` d'abord",
                    who.name,
                    other.name()
                ).into()));
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
            .map(|r| r.name().to_string())
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
    let name = item.name();
    if !item.category.wearable() {
        return Err(cannot_be_worn(name));
    }
    let Some(slot) = item.worn else {
        return Err(Error::Refused(
            tr!("{name} is not worn", "personne ne porte {name}").into(),
        ));
    };
    let who = w.actor(&item, None).await?;
    let event = w.record(Event::ItemRemoved {
        act: Act::new(&item, &who),
        slot,
    })?;
    w.commit().await?;
    Ok(event)
}

/// Putting on, or taking off, what is never worn.
fn cannot_be_worn(name: &str) -> Error {
    Error::Refused(
        tr!(
            "{name} cannot be worn: hoard tracks worn rings, armor and shields",
            "{name} ne se porte pas : hoard suit les anneaux, armures et boucliers portés"
        )
        .into(),
    )
}
