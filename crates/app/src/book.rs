//! `hoard study ITEM --by CHARACTER`: a book studied vanishes, binds itself to its owner, or
//! lays a quest on them.

use crate::ctx::Ctx;
use crate::error::{Error, Problem, Result};
use crate::ledger::{Act, Event, Recorded};
use crate::refusal::book::Refusal;
use crate::rules::book;

pub async fn study(cx: &mut Ctx, key: &str, by: Option<&str>) -> Result<Recorded> {
    let mut w = cx.write().await?;
    let item = w.item(key).await?;
    let who = w.actor(&item, by).await?;
    if item.holder.as_deref() != Some(who.id.as_str()) {
        let (character, item) = (who.name, item.names());
        return Err(Refusal::NotOwned { character, item }.into());
    }
    let outcome = book::study(&item, &who).map_err(|r| Error::Refused(Problem::Book(r).into()))?;
    let event = w.record(Event::BookStudied {
        act: Act::new(&item, &who),
        outcome,
    })?;
    w.commit().await?;
    Ok(event)
}
