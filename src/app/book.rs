//! `hoard study ITEM --by CHARACTER`: a book studied vanishes, binds itself to its owner, or
//! lays a quest on them.

use super::Ctx;
use crate::error::{Error, Result};
use crate::ledger::{Act, Event, Recorded};
use crate::rules::book;
use crate::tr;
use crate::view::words::Named;

pub async fn study(cx: &mut Ctx, key: &str, by: Option<&str>) -> Result<Recorded> {
    let mut w = cx.write().await?;
    let item = w.item(key).await?;
    let who = w.actor(&item, by).await?;
    if item.holder.as_deref() != Some(who.id.as_str()) {
        return Err(Error::Refused(
            tr!(
                "{} must own {} to study it: `hoard give` it first",
                "{} doit posséder {} pour l'étudier : `hoard give` d'abord",
                who.name,
                item.name()
            )
            .into(),
        ));
    }
    let outcome = book::study(&item, &who)
        .map_err(|r| Error::Refused(crate::i18n::Worded(&r).to_string().into()))?;
    let event = w.record(Event::BookStudied {
        act: Act::new(&item, &who),
        outcome,
    })?;
    w.commit().await?;
    Ok(event)
}
