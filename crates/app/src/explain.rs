//! `hoard explain`: an event or an item's whole story, from the ledger.

use crate::ctx::Ctx;
use crate::error::Result;
use crate::ledger::{Item, Recorded};

pub async fn event(cx: &mut Ctx, seq: i64) -> Result<Recorded> {
    let campaign = cx.campaign().await?.id;
    crate::store::events::get(cx.conn(), campaign, seq)
        .await?
        .ok_or_else(|| crate::refusal::history::Refusal::NoEvent { event: seq }.into())
}

/// An item, its holder's name, and every event that touched it.
pub struct Story {
    pub item: Item,
    pub holder: Option<String>,
    pub events: Vec<Recorded>,
}

pub async fn item(cx: &mut Ctx, key: &str) -> Result<Story> {
    let (item, events) = super::custody::history(cx, key).await?;
    let campaign = cx.campaign().await?.id;
    let holder = match &item.holder {
        Some(id) => crate::store::characters::by_id(cx.conn(), campaign, id)
            .await?
            .map(|c| c.name),
        None => None,
    };
    Ok(Story {
        item,
        holder,
        events,
    })
}
