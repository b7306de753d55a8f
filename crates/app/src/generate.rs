//! `hoard generate CATEGORY|any [--count N] [--to CHARACTER] [--sentient]`: items from the
//! tables into the campaign, one `item_created` event per item holding every roll.

use super::tables::for_campaign;
use crate::ctx::Ctx;

use crate::error::{Error, Problem, Result};
use crate::ledger::{Event, Item, Origin};
use crate::refusal::generate::Refusal;
use crate::rules::generate::{self, Sentient};
use crate::rules::item::Category;

/// The most items one command may make: enough for any hoard, small enough to catch a typo.
pub const MAX_COUNT: u32 = 1_000_000;

/// Items are written in batches of this many, so memory stays flat.
const BATCH: u32 = 500;

#[derive(Debug, Clone)]
pub struct Request {
    /// `None`: any category, from the magic-items table.
    pub category: Option<Category>,
    pub count: u32,
    pub to: Option<String>,
    /// With `to`: the character reads the scrolls at once, so they cannot fade.
    pub read: bool,
    pub sentient: bool,
    /// OSE's column (`--column`); `None`: the campaign's (`app::magic`).
    pub column: Option<crate::rules::magic::Column>,
}

/// Make the items, commit them, then hand each one (with its holder's name) to `each`, read
/// back from the database in the order made — what is printed is what was stored.
pub async fn generate(
    cx: &mut Ctx,
    request: Request,
    mut progress: impl FnMut(u32, u32),
    mut each: impl FnMut(Item, Option<String>) -> Result<()>,
) -> Result<Vec<crate::ledger::Recorded>> {
    if request.count == 0 || request.count > MAX_COUNT {
        let (count, max) = (request.count, MAX_COUNT);
        return Err(Refusal::CountOutOfRange { count, max }.into());
    }
    if request.read && request.to.is_none() {
        return Err(Refusal::ReadWithoutTo.into());
    }
    if request.sentient && !matches!(request.category, Some(Category::Sword)) {
        return Err(Refusal::SentientNotSword.into());
    }
    match request.category {
        Some(Category::Valuable) => return Err(Refusal::Valuable.into()),
        Some(Category::Gear) => return Err(Refusal::Gear.into()),
        _ => {}
    }
    let loaded = for_campaign(cx).await?;
    let generic = request
        .category
        .map(Category::table)
        .unwrap_or("magic-items");
    let sentient = if request.sentient {
        Sentient::Forced
    } else {
        Sentient::AsRolled
    };
    let seed = cx.seed;
    let mut dice = cx.dice();
    let mut w = cx.write().await?;
    let start = &super::magic::of(&mut w, request.column)
        .await?
        .table(generic);
    let holder = match &request.to {
        Some(to) => Some(w.character(to).await?),
        None => None,
    };
    let first = w.state.last_seq + 1;
    let mut consequences = Vec::new();
    for n in 1..=request.count {
        let made = generate::make(&loaded.tables, start, sentient, &mut dice)
            .map_err(|e| Error::Invalid(Problem::Generation(e).into()))?;
        let (mut item, steps) = made.into_item(w.new_id());
        item.holder = holder.as_ref().map(|h| h.id.clone());
        if let Some(h) = &holder {
            // Generated for a character: it must still be in the state when applied.
            w.state
                .characters
                .entry(h.id.clone())
                .or_insert_with(|| h.clone());
        }
        let taken = holder.is_some().then(|| item.clone());
        let created = w.record(Event::ItemCreated {
            item: Box::new(item),
            origin: Box::new(Origin {
                how: "generated".into(),
                table: Some(start.to_string()),
                seed: Some(seed),
                tables: Some(loaded.source.clone()),
                steps,
                session: None,
            }),
        })?;
        if let (Some(item), Some(taker)) = (taken, &holder) {
            let read = request.read && item.category == Category::Scroll;
            let takes = crate::custody::Handling::Takes { read };
            let cause = created.seq;
            super::custody::handed_over(&mut w, &item, None, Some(taker), takes, cause, &mut dice)
                .await?;
            consequences.extend(w.since(created.seq));
        }
        if n % BATCH == 0 {
            w.flush_bulk().await?;
            progress(n, request.count);
        }
    }
    let last = w.state.last_seq;
    let campaign = w.campaign;
    w.commit().await?;
    progress(request.count, request.count);
    crate::store::items::created(cx.conn(), campaign, first, last, |held| {
        each(held.item, held.holder_name)
    })
    .await?;
    Ok(consequences)
}
