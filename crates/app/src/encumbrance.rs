//! What characters carry, weighed within a write (`rules::encumbrance`): the commands that
//! move coins or items to a character (`coins add|move`, `sell --to`, `share`, `give`)
//! weigh them before and after, so the referee hears who became slower.

use serde::Serialize;

use crate::error::Result;
use crate::ledger::Id;
use crate::rules::encumbrance::{self, Encumbrance, Movement};
use crate::write::Write;

/// A character the command left slower than they were.
#[derive(Clone, Debug, Serialize)]
pub struct Slower {
    pub character: String,
    pub before: Movement,
    pub after: Movement,
}

/// What a character holds and has in their purse now, as the write sees it, weighed by the
/// campaign's encumbrance rule.
async fn weigh(w: &mut Write<'_>, id: &str) -> Result<Encumbrance> {
    let character = w.character_by_id(id).await?;
    let held = w.holdings(id).await?;
    let purse = w
        .treasury()
        .await?
        .purses
        .get(id)
        .copied()
        .unwrap_or_default();
    let settings = &w.state.campaign.settings;
    let system = settings.encumbrance.unwrap_or_default();
    let enchanted = settings.armour_weight.unwrap_or_default();
    let held: Vec<&_> = held.iter().collect();
    Ok(encumbrance::of(
        system,
        enchanted,
        character.str,
        &held,
        &purse,
    ))
}

/// The movement of some characters before a command changes what they carry.
pub(super) struct Before(Vec<(Id, String, Movement)>);

impl Before {
    /// Each of `ids`' movement now (a character named twice is weighed once).
    pub(super) async fn weigh(w: &mut Write<'_>, ids: &[&str]) -> Result<Before> {
        let mut weighed: Vec<(Id, String, Movement)> = Vec::new();
        for id in ids {
            if weighed.iter().any(|(seen, ..)| seen == id) {
                continue;
            }
            let name = w.character_by_id(id).await?.name;
            let movement = weigh(w, id).await?.movement;
            weighed.push((id.to_string(), name, movement));
        }
        Ok(Before(weighed))
    }

    /// Those of them whom what was recorded since left slower.
    pub(super) async fn slower(self, w: &mut Write<'_>) -> Result<Vec<Slower>> {
        let mut slower = Vec::new();
        for (id, character, before) in self.0 {
            let after = weigh(w, &id).await?.movement;
            if after.slower_than(&before) {
                slower.push(Slower {
                    character,
                    before,
                    after,
                });
            }
        }
        Ok(slower)
    }
}
