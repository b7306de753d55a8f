//! Queueing what applied events changed, for the write's batch.

use super::write::Batch;
use super::{campaigns, characters, effects, items, sessions};
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
    let (new, stored): (Vec<_>, Vec<_>) = changed
        .characters
        .iter()
        .filter_map(|id| state.characters.get(id))
        .partition(|c| changed.created.contains(&c.id));
    characters::push_insert(batch, campaign, &new);
    for character in stored {
        characters::push_update(batch, campaign, character);
    }
    let (new, stored): (Vec<_>, Vec<_>) = changed
        .items
        .iter()
        .filter_map(|id| state.items.get(id))
        .partition(|i| changed.created.contains(&i.id));
    items::push_insert(batch, campaign, &new);
    for item in stored {
        items::push_update(batch, campaign, item);
    }
    let changed_effects: Vec<_> = changed
        .effects
        .iter()
        .filter_map(|id| state.effects.get(id))
        .collect();
    effects::push_upsert(batch, campaign, &changed_effects);
}

/// Every row of a campaign, as a state (for `check`: compared with the ledger's replay).
pub async fn load_all(
    conn: &mut sqlx::sqlite::SqliteConnection,
    found: super::campaigns::Found,
) -> crate::error::Result<State> {
    let mut state = State::new(found.campaign, found.last_seq);
    for (session, _) in sessions::list(conn, found.id).await? {
        state.sessions.insert(session.number, session);
    }
    for character in characters::list(conn, found.id).await? {
        state.characters.insert(character.id.clone(), character);
    }
    items::list(conn, found.id, &Default::default(), |item| {
        state.items.insert(item.id.clone(), item);
        Ok(())
    })
    .await?;
    for effect in effects::all(conn, found.id).await? {
        state.effects.insert(effect.id.clone(), effect);
    }
    Ok(state)
}

/// Queue the replacement of every state row of the campaign by `state` (after a void, the
/// state rebuilt from the ledger takes the old one's place).
pub fn push_replace(batch: &mut Batch, campaign: i64, state: &mut State) {
    for table in ["effects", "items", "characters", "sessions"] {
        batch
            .statement()
            .push(format!("DELETE FROM {table} WHERE campaign_id = "))
            .push_bind(campaign);
        batch.bound(1);
    }
    state.changed = crate::ledger::Changed {
        campaign: true,
        sessions: state.sessions.keys().copied().collect(),
        characters: state.characters.keys().cloned().collect(),
        items: state.items.keys().cloned().collect(),
        effects: state.effects.keys().cloned().collect(),
        created: state
            .characters
            .keys()
            .chain(state.items.keys())
            .cloned()
            .collect(),
    };
    push_save(batch, campaign, state);
}
