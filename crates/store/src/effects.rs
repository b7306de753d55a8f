//! Lasting effects (potions, protection scrolls) on the game clock.

use super::batch::Batch;
use super::conn::{Conn, FromRow, Row};
use super::error::Result;
use super::sql::Sql;
use crate::ledger::state::Effect;

impl FromRow for Effect {
    fn from_row(row: &impl Row) -> Result<Self> {
        Ok(Effect {
            id: row.text("id")?,
            character: row.text("character")?,
            item: row.opt_text("item")?,
            kind: row.text("kind")?,
            name: row.text("name")?,
            name_fr: row.text("name_fr")?,
            started_at: row.int("started_at")?,
            ends_at: row.opt_int("ends_at")?,
        })
    }
}

const COLUMNS: &str = "id, character, item, kind, name, name_fr, started_at, ends_at";

pub fn push_upsert(batch: &mut Batch, campaign: i64, effects: &[&Effect]) {
    for chunk in effects.chunks(100) {
        let mut sql = Sql::new(format!("INSERT INTO effects (campaign_id, {COLUMNS}) "));
        sql.push_values(chunk, |row, e| {
            row.push_bind(campaign)
                .push_bind(&e.id)
                .push_bind(&e.character)
                .push_bind(e.item.as_ref())
                .push_bind(&e.kind)
                .push_bind(&e.name)
                .push_bind(&e.name_fr)
                .push_bind(e.started_at)
                .push_bind(e.ends_at);
        });
        sql.push(" ON CONFLICT (campaign_id, id) DO UPDATE SET ends_at = excluded.ends_at");
        batch.push(sql);
    }
}

/// The effects on a character still running at `now`.
pub async fn active(
    conn: &mut Conn,
    campaign: i64,
    character: &str,
    now: i64,
) -> Result<Vec<Effect>> {
    conn.fetch_all(&active_sql().bind(campaign).bind(character).bind(now))
        .await
}

/// The SELECT behind [`active`].
pub(super) fn active_sql() -> Sql {
    Sql::new(format!(
        "SELECT {COLUMNS} FROM effects
         WHERE campaign_id = $1 AND character = $2 AND (ends_at IS NULL OR ends_at > $3)
           AND started_at <= $3
         ORDER BY started_at, id"
    ))
}

/// An effect and the name of its character.
pub struct Ending {
    pub effect: Effect,
    pub who: String,
}

impl FromRow for Ending {
    fn from_row(row: &impl Row) -> Result<Self> {
        Ok(Ending {
            effect: Effect::from_row(row)?,
            who: row.text("who")?,
        })
    }
}

/// Effects that end in `(from, to]`, with the name of their character: what wears off when
/// the clock advances.
pub async fn ending(conn: &mut Conn, campaign: i64, from: i64, to: i64) -> Result<Vec<Ending>> {
    let sql = Sql::new(
        "SELECT e.id, e.character, e.item, e.kind, e.name, e.name_fr, e.started_at, e.ends_at,
                c.name AS who
         FROM effects e JOIN characters c ON c.campaign_id = e.campaign_id AND c.id = e.character
         WHERE e.campaign_id = $1 AND e.ends_at > $2 AND e.ends_at <= $3
         ORDER BY e.ends_at, e.id",
    )
    .bind(campaign)
    .bind(from)
    .bind(to);
    conn.fetch_all(&sql).await
}

pub async fn all(conn: &mut Conn, campaign: i64) -> Result<Vec<Effect>> {
    let sql = Sql::new(format!(
        "SELECT {COLUMNS} FROM effects WHERE campaign_id = $1 ORDER BY id"
    ))
    .bind(campaign);
    conn.fetch_all(&sql).await
}
