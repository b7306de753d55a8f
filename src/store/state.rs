//! Queueing what applied events changed, for the write's batch.

use super::write::Batch;
use super::{campaigns, characters, items, sessions};
use crate::ledger::State;

/// Queue every row the applied events touched, then forget the changes.
pub fn push_save(batch: &mut Batch, campaign: i64, state: &mut State) {
    let changed = std::mem::take(&mut state.changed);
    if changed.campaign {
        campaigns::push_update(batch, campaign, &state.campaign);
    }
    for number in &changed.sessions {
        if let Some(session) = state.sessions.get(number) {
            sessions::push_upsert(batch, campaign, session);
        }
    }
    for id in &changed.characters {
        if let Some(character) = state.characters.get(id) {
            characters::push_upsert(batch, campaign, character);
        }
    }
    let changed_items: Vec<_> = changed
        .items
        .iter()
        .filter_map(|id| state.items.get(id))
        .collect();
    items::push_upsert(batch, campaign, &changed_items);
}
