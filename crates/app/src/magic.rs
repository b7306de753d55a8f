//! The magic-item tables a write rolls (`generate`, `treasure roll`): the campaign's book
//! (`campaign set magic-items`) and, for Old-School Essentials, its column — the one the
//! command chooses (`--column`), else the campaign's (`campaign set magic-column`), else the
//! party's level's, as the book recommends (`rules::magic::Column::for_party`).

use crate::error::Result;
use crate::rules::health::DeathRule;
use crate::rules::magic::{Column, Magic};
use crate::rules::party::{DeadShare, Spoils, takes_part};
use crate::write::Write;

/// A column as typed: `basic`/`b` or `expert`/`x`.
pub fn column(typed: &str) -> Option<Column> {
    match typed.trim().to_ascii_lowercase().as_str() {
        "basic" | "b" => Some(Column::Basic),
        "expert" | "x" => Some(Column::Expert),
        _ => None,
    }
}

/// The tables `w`'s campaign rolls, in `chosen` column if given. The party is every living
/// character who takes a share of treasure.
pub async fn of(w: &mut Write<'_>, chosen: Option<Column>) -> Result<Magic> {
    let settings = &w.state.campaign.settings;
    let items = settings.magic_items.unwrap_or_default();
    let death: DeathRule = settings.death.unwrap_or_default();
    let column = match chosen.or(settings.magic_column) {
        Some(column) => column,
        None => {
            let campaign = w.campaign;
            let party = crate::store::characters::list(w.conn(), campaign).await?;
            let levels: Vec<u32> = party
                .iter()
                .filter(|c| takes_part(c, Spoils::Treasure, death, DeadShare::Survivors))
                .map(|c| u32::from(c.level))
                .collect();
            Column::for_party(&levels)
        }
    };
    Ok(Magic { items, column })
}
