//! What the clock passing uses up for the expedition whose time it is: the one place every
//! clock-driven charge is recorded, in the clock's own transaction, each event a consequence
//! of the clock's (so `undo` of the time takes them back, and `explain` says why). The rules
//! say what is used (`rules::light::burn`); this finds what is lit and records it.

use crate::error::Result;
use crate::ledger::{Act, Event, Fuel, Item};
use crate::rules::light::{self, Light};
use crate::write::Write;

/// The time up to `to` has passed, from the clock's event `cause`: each light lit in the hands
/// of this expedition's characters burns, and what burnt out is used up.
pub(super) async fn settle(w: &mut Write<'_>, to: i64, cause: Option<i64>) -> Result<()> {
    let campaign = w.campaign;
    let round = w.round();
    let lit = crate::store::items::lit(w.conn(), campaign).await?;
    for stored in lit {
        let Some(holder) = stored.holder.clone().filter(|h| w.here(h)) else {
            continue;
        };
        // The holder's items, this one among them, as the command has left them.
        let held = w.holdings(&holder).await?;
        let Some(lamp) = held.iter().find(|i| i.id == stored.id && i.lit.is_some()) else {
            continue;
        };
        let fuel: Vec<&Item> = held
            .iter()
            .filter(|i| i.identity.light == Some(Light::Oil))
            .collect();
        let Some(burnt) = light::burn(lamp, &fuel, to, round) else {
            continue;
        };
        let used = burnt
            .used
            .iter()
            .filter_map(|(id, pieces)| {
                let i = held.iter().find(|i| &i.id == id)?;
                Some(Fuel {
                    item: i.id.clone(),
                    item_name: i.name.clone(),
                    item_name_fr: i.name_fr.clone(),
                    pieces: *pieces,
                })
            })
            .collect();
        let who = w.character_by_id(&holder).await?;
        let event = Event::LightBurnt {
            act: Act::new(lamp, &who),
            used,
            at: burnt.at,
            out: burnt.out,
        };
        w.record_with_cause(event, cause)?;
    }
    Ok(())
}
