//! What everyone carries and every place holds, weighed by the campaign's encumbrance rule:
//! the treasure page's loads (`/treasure`), read from the characters' sheets and the places'
//! coins and items.

use crate::ctx::Ctx;
use crate::error::Result;
use crate::rules::encumbrance::{self, Encumbrance};

/// The weight each character carries and the movement it leaves them, and the weight left
/// at each place, which slows nobody (`/treasure`).
#[derive(Debug)]
pub struct Weights {
    pub carried: Vec<(String, Encumbrance)>,
    /// Each place's coins and items, weighed in coins.
    pub stashed: Vec<(String, u64)>,
}

/// Every character's load and every place's, by the campaign's encumbrance rule.
pub async fn weights(cx: &mut Ctx) -> Result<Weights> {
    let settings = cx.campaign().await?.campaign.settings;
    let system = settings.encumbrance.unwrap_or_default();
    let enchanted = settings.armour_weight.unwrap_or_default();
    let mut carried = Vec::new();
    for c in super::character::list(cx).await? {
        let sheet = super::character::show(cx, &c.name).await?;
        carried.push((c.name, sheet.encumbrance));
    }
    let stashed = super::coins::show(cx)
        .await?
        .places
        .into_iter()
        .map(|p| {
            let items: Vec<&_> = p.items.iter().collect();
            (
                p.place,
                encumbrance::load(system, enchanted, &items, &p.coins),
            )
        })
        .collect();
    Ok(Weights { carried, stashed })
}
