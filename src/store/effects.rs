//! Lasting effects (potions, protection scrolls) on the game clock.

use sqlx::sqlite::{SqliteConnection, SqliteRow};
use sqlx::{FromRow, Row};

use super::write::Batch;
use crate::error::Result;
use crate::ledger::state::Effect;

impl<'r> FromRow<'r, SqliteRow> for Effect {
    fn from_row(row: &'r SqliteRow) -> sqlx::Result<Self> {
        Ok(Effect {
            id: row.try_get("id")?,
            character: row.try_get("character")?,
            item: row.try_get("item")?,
            kind: row.try_get("kind")?,
            name: row.try_get("name")?,
            name_fr: row.try_get("name_fr")?,
            started_at: row.try_get("started_at")?,
            ends_at: row.try_get("ends_at")?,
        })
    }
}

const COLUMNS: &str = "id, character, item, kind, name, name_fr, started_at, ends_at";

pub fn push_upsert(batch: &mut Batch, campaign: i64, effects: &[&Effect]) {
    for chunk in effects.chunks(100) {
        let q = batch.statement();
        q.push(format!("INSERT INTO effects (campaign_id, {COLUMNS}) "));
        q.push_values(chunk, |mut row, e| {
            row.push_bind(campaign)
                .push_bind(e.id.clone())
                .push_bind(e.character.clone())
                .push_bind(e.item.clone())
                .push_bind(e.kind.clone())
                .push_bind(e.name.clone())
                .push_bind(e.name_fr.clone())
                .push_bind(e.started_at)
                .push_bind(e.ends_at);
        });
        q.push(" ON CONFLICT (campaign_id, id) DO UPDATE SET ends_at = excluded.ends_at");
        batch.bound(9 * chunk.len());
    }
}

/// The effects on a character still running at `now`.
pub async fn active(
    conn: &mut SqliteConnection,
    campaign: i64,
    character: &str,
    now: i64,
) -> Result<Vec<Effect>> {
    Ok(sqlx::query_as(&active_sql())
        .bind(campaign)
        .bind(character)
        .bind(now)
        .fetch_all(conn)
        .await?)
}

/// Effects that end in `(from, to]`, with the name of their character: what wears off when
/// the clock advances.
pub async fn ending(
    conn: &mut SqliteConnection,
    campaign: i64,
    from: i64,
    to: i64,
) -> Result<Vec<(Effect, String)>> {
    let rows = sqlx::query(
        "SELECT e.id, e.character, e.item, e.kind, e.name, e.name_fr, e.started_at, e.ends_at,
                c.name AS who
         FROM effects e JOIN characters c ON c.campaign_id = e.campaign_id AND c.id = e.character
         WHERE e.campaign_id = ?1 AND e.ends_at > ?2 AND e.ends_at <= ?3
         ORDER BY e.ends_at, e.id",
    )
    .bind(campaign)
    .bind(from)
    .bind(to)
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|row| Ok((Effect::from_row(row)?, row.try_get("who")?)))
        .collect()
}

pub async fn all(conn: &mut SqliteConnection, campaign: i64) -> Result<Vec<Effect>> {
    Ok(sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM effects WHERE campaign_id = ?1 ORDER BY id"
    ))
    .bind(campaign)
    .fetch_all(conn)
    .await?)
}

/// The SELECT behind [`active`].
pub(super) fn active_sql() -> String {
    format!(
        "SELECT {COLUMNS} FROM effects
         WHERE campaign_id = ?1 AND character = ?2 AND (ends_at IS NULL OR ends_at > ?3)
           AND started_at <= ?3
         ORDER BY started_at, id"
    )
}
