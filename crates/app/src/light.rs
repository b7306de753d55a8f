//! `hoard light|douse ITEM --by C`: a torch or a lantern lit or put out. What it burns as
//! time passes is `upkeep`'s, on the clock.

use crate::ctx::Ctx;
use crate::error::Result;
use crate::ledger::{Act, Event, Item, Recorded};
use crate::refusal::light::Refusal;
use crate::rules::light::{self, Light, Unlit};
use crate::write::Write;

/// The item and the character a command names.
async fn named(w: &mut Write<'_>, key: &str, by: &str) -> Result<(Item, crate::ledger::Character)> {
    let who = w.character(by).await?;
    let item = w.item(key).await?;
    Ok((item, who))
}

fn refused(item: &Item, who: &crate::ledger::Character, why: Unlit) -> Refusal {
    Refusal {
        item: item.names(),
        character: who.name.clone(),
        why,
    }
}

/// `light ITEM --by C`: refused unless C holds a torch or a lantern not lit (a lantern needs
/// C to carry oil). One `light_lit`.
pub async fn light(cx: &mut Ctx, key: &str, by: &str) -> Result<Recorded> {
    let mut w = cx.write().await?;
    let (item, who) = named(&mut w, key, by).await?;
    let held = w.holdings(&who.id).await?;
    let fuel: Vec<&Item> = held
        .iter()
        .filter(|i| i.identity.light == Some(Light::Oil))
        .collect();
    light::lightable(&item, &who.id, &fuel).map_err(|why| refused(&item, &who, why))?;
    let rec = w.record(Event::LightLit {
        act: Act::new(&item, &who),
    })?;
    w.commit().await?;
    Ok(rec)
}

/// `douse ITEM --by C`: a light C holds put out; its current piece keeps what it has burnt.
/// One `light_doused`.
pub async fn douse(cx: &mut Ctx, key: &str, by: &str) -> Result<Recorded> {
    let mut w = cx.write().await?;
    let (item, who) = named(&mut w, key, by).await?;
    light::dousable(&item, &who.id).map_err(|why| refused(&item, &who, why))?;
    let burnt = light::burnt(&item, w.now());
    let rec = w.record(Event::LightDoused {
        act: Act::new(&item, &who),
        burnt,
    })?;
    w.commit().await?;
    Ok(rec)
}
