//! Queueing what applied events changed, for the write's batch.

use super::batch::Batch;
use super::campaigns::Found;
use super::conn::Conn;
use super::error::Result;
use super::sql::Sql;
use super::{campaigns, characters, coins, effects, items, sessions};
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
        .partition(|c| changed.created.contains_key(&c.id));
    characters::push_insert(batch, campaign, &new);
    for character in stored {
        characters::push_update(batch, campaign, character);
    }
    let mut new = Vec::new();
    for item in changed.items.iter().filter_map(|id| state.items.get(id)) {
        match changed.created.get(&item.id) {
            Some(seq) => new.push((item, *seq)),
            None => items::push_update(batch, campaign, item),
        }
    }
    items::push_insert(batch, campaign, &new);
    let changed_effects: Vec<_> = changed
        .effects
        .iter()
        .filter_map(|id| state.effects.get(id))
        .collect();
    effects::push_upsert(batch, campaign, &changed_effects);
    if let Some(treasury) = &state.treasury {
        coins::push_save(batch, campaign, treasury, &changed.coins);
    }
}

/// Every row of a campaign, as a state (for `check`: compared with the ledger's replay).
pub async fn load_all(conn: &mut Conn, found: Found) -> Result<State> {
    let mut state = State::new(found.campaign, found.last_seq);
    for counted in sessions::list(conn, found.id).await? {
        state
            .sessions
            .insert(counted.session.number, counted.session);
    }
    for character in characters::list(conn, found.id).await? {
        state.characters.insert(character.id.clone(), character);
    }
    items::list(conn, found.id, &Default::default(), |item| {
        state.items.insert(item.id.clone(), item);
        Ok::<_, super::error::Error>(())
    })
    .await?;
    for effect in effects::all(conn, found.id).await? {
        state.effects.insert(effect.id.clone(), effect);
    }
    state.treasury = Some(coins::load(conn, found.id).await?);
    Ok(state)
}

/// Queue the replacement of every state row of the campaign by `state` (after a void, the
/// state rebuilt from the ledger takes the old one's place). The state's `changed.created`
/// must name every character and item with the event that made it, as a replay leaves it.
pub fn push_replace(batch: &mut Batch, campaign: i64, state: &mut State) {
    for table in ["coins", "effects", "items", "characters", "sessions"] {
        batch.push(Sql::new(format!("DELETE FROM {table} WHERE campaign_id = $1")).bind(campaign));
    }
    let created = std::mem::take(&mut state.changed.created);
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
            .map(|id| (id.clone(), created.get(id).copied().unwrap_or_default()))
            .collect(),
        coins: state
            .treasury
            .as_ref()
            .map(|t| t.rows().into_keys().collect())
            .unwrap_or_default(),
    };
    push_save(batch, campaign, state);
}
