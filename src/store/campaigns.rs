//! Campaign rows and the database's preference for the campaign in use.

use sqlx::sqlite::{SqliteConnection, SqliteRow};
use sqlx::{QueryBuilder, Row, Sqlite};

use super::write::Batch;
use crate::error::Result;
use crate::ledger::{Campaign, Settings};

/// A campaign as loaded for a command: its row id, its state, and its last event number.
pub struct Found {
    pub id: i64,
    pub campaign: Campaign,
    pub last_seq: i64,
}

const CURRENT: &str = "campaign";

/// The campaign named `name`, or else the one in use, or else `default` — in one query, since
/// every command starts here.
pub async fn find(conn: &mut SqliteConnection, name: Option<&str>) -> Result<Option<Found>> {
    let mut query = QueryBuilder::new("");
    push_find(&mut query, name);
    let row = query.build().fetch_optional(conn).await?;
    row.as_ref().map(found).transpose()
}

/// The SELECT behind [`find`], for batches that send it with other statements.
pub(super) fn push_find(query: &mut QueryBuilder<'static, Sqlite>, name: Option<&str>) {
    query.push(
        "SELECT 'campaign' AS row_kind, c.id, c.name, c.created_at, c.clock, c.open_session,
                c.last_session, c.settings, c.encounter,
                COALESCE((SELECT max(seq) FROM events e WHERE e.campaign_id = c.id), 0) AS last_seq
         FROM campaigns c WHERE c.id = ",
    );
    push_id(query, name);
}

/// A subquery giving the id of the campaign [`find`] would load: the one named, else the one
/// in use, else `default`.
pub(super) fn push_id(query: &mut QueryBuilder<'static, Sqlite>, name: Option<&str>) {
    query
        .push("(SELECT id FROM campaigns WHERE name = COALESCE(")
        .push_bind(name.map(str::to_string))
        .push(", (SELECT value FROM preferences WHERE key = ")
        .push_bind(CURRENT)
        .push("), 'default'))");
}

pub(super) fn found(row: &SqliteRow) -> Result<Found> {
    let settings: String = row.try_get("settings")?;
    Ok(Found {
        id: row.try_get("id")?,
        last_seq: row.try_get("last_seq")?,
        campaign: Campaign {
            name: row.try_get("name")?,
            created_at: row.try_get("created_at")?,
            clock: row.try_get("clock")?,
            open_session: row.try_get("open_session")?,
            last_session: row.try_get("last_session")?,
            // Written only by hoard; a hand-edited value falls back to the defaults.
            settings: serde_json::from_str::<Settings>(&settings).unwrap_or_default(),
            encounter: row
                .try_get::<Option<String>, _>("encounter")?
                .and_then(|e| serde_json::from_str(&e).ok()),
        },
    })
}

/// The campaign remembered by `campaign use`, if any.
pub async fn current(conn: &mut SqliteConnection) -> Result<Option<String>> {
    Ok(
        sqlx::query_scalar("SELECT value FROM preferences WHERE key = ?1")
            .bind(CURRENT)
            .fetch_optional(conn)
            .await?,
    )
}

pub async fn set_current(conn: &mut SqliteConnection, name: &str) -> Result<()> {
    sqlx::query(
        "INSERT INTO preferences (key, value) VALUES (?1, ?2)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    )
    .bind(CURRENT)
    .bind(name)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn exists(conn: &mut SqliteConnection, name: &str) -> Result<bool> {
    Ok(
        sqlx::query_scalar::<_, i64>("SELECT count(*) FROM campaigns WHERE name = ?1")
            .bind(name)
            .fetch_one(conn)
            .await?
            > 0,
    )
}

/// A new, empty campaign row; its first event names it.
pub async fn insert(conn: &mut SqliteConnection, name: &str, created_at: &str) -> Result<i64> {
    Ok(
        sqlx::query_scalar("INSERT INTO campaigns (name, created_at) VALUES (?1, ?2) RETURNING id")
            .bind(name)
            .bind(created_at)
            .fetch_one(conn)
            .await?,
    )
}

pub fn push_update(batch: &mut Batch, id: i64, campaign: &Campaign) {
    let settings = serde_json::to_string(&campaign.settings).unwrap_or_else(|_| "{}".into());
    batch
        .statement()
        .push("UPDATE campaigns SET created_at = ")
        .push_bind(campaign.created_at.clone())
        .push(", clock = ")
        .push_bind(campaign.clock)
        .push(", open_session = ")
        .push_bind(campaign.open_session)
        .push(", last_session = ")
        .push_bind(campaign.last_session)
        .push(", settings = ")
        .push_bind(settings)
        .push(", encounter = ")
        .push_bind(
            campaign
                .encounter
                .as_ref()
                .and_then(|e| serde_json::to_string(e).ok()),
        )
        .push(" WHERE id = ")
        .push_bind(id);
    batch.bound(7);
}

/// One line of `campaign list`.
#[derive(Debug, serde::Serialize)]
pub struct Summary {
    pub name: String,
    pub created_at: String,
    pub clock: i64,
    pub characters: i64,
    pub events: i64,
    pub current: bool,
}

pub async fn list(conn: &mut SqliteConnection) -> Result<Vec<Summary>> {
    let rows = sqlx::query(
        "SELECT c.name, c.created_at, c.clock,
                (SELECT count(*) FROM characters h WHERE h.campaign_id = c.id) AS characters,
                COALESCE((SELECT max(seq) FROM events e WHERE e.campaign_id = c.id), 0) AS events,
                c.name = COALESCE((SELECT value FROM preferences WHERE key = ?1), 'default')
                    AS current
         FROM campaigns c ORDER BY c.id",
    )
    .bind(CURRENT)
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(Summary {
                name: row.try_get("name")?,
                created_at: row.try_get("created_at")?,
                clock: row.try_get("clock")?,
                characters: row.try_get("characters")?,
                events: row.try_get("events")?,
                current: row.try_get("current")?,
            })
        })
        .collect()
}
