//! What each sharer received from the party's treasure since their last share-out, with its
//! worth as the party believes it: what `share --items` counts against their portions
//! (`rules::loot`). Read from the ledger, by each character's own events.

use crate::error::{Error, Result};
use crate::ledger::treasury::Received;
use crate::ledger::{Character, Event, Id};
use crate::rules::item::Status;
use crate::rules::knowledge::{Looker, revealed};
use crate::store;
use crate::write::Write;

/// For each of `sharers`, in order: the items that came to them from the party's treasure (a
/// claim settled, a `give` from the treasure or from a place) after the last share-out that
/// paid them, and that they still hold — an item given on to another or dropped is no longer
/// theirs to count, and one sold is already coins. Each with the worth the party believes it
/// has (`rules::knowledge::revealed` to the whole party: a wrong appraisal believed, a worth
/// nobody knows none), never the referee's truth.
pub async fn since_last_share(
    w: &mut Write<'_>,
    sharers: &[Character],
) -> Result<Vec<Vec<Received>>> {
    let campaign = w.campaign;
    let voided = store::events::voided(w.conn(), campaign).await?;
    let party = store::characters::list(w.conn(), campaign).await?;
    let party: Vec<&str> = party.iter().map(|c| c.id.as_str()).collect();
    let mut all = Vec::with_capacity(sharers.len());
    for c in sharers {
        let mut since: Vec<Id> = Vec::new();
        let filter = store::events::Filter {
            entity: Some(c.id.clone()),
            ..Default::default()
        };
        store::events::select(w.conn(), campaign, &filter, |rec| {
            if voided.contains_key(&rec.seq) {
                return Ok::<_, Error>(());
            }
            match rec.event {
                Event::CoinsShared { portions, .. }
                    if portions.iter().any(|p| p.character == c.id) =>
                {
                    since.clear()
                }
                Event::ItemPassed {
                    item,
                    from: None,
                    to: Some(to),
                    ..
                } if to == c.id && !since.contains(&item) => since.push(item),
                _ => {}
            }
            Ok(())
        })
        .await?;
        let held = w.holdings(&c.id).await?;
        let received = since
            .iter()
            .filter_map(|id| held.iter().find(|i| &i.id == id))
            .filter(|item| item.status != Status::Sold)
            .map(|item| Received {
                item: item.id.clone(),
                name: item.name.clone(),
                name_fr: item.name_fr.clone(),
                worth: revealed(item, Looker::Party(&party)).item.identity.value,
                agreed: None,
            })
            .collect();
        all.push(received);
    }
    Ok(all)
}
