//! Campaign rows and the database's preference for the campaign in use.

use super::batch::Batch;
use super::conn::{Conn, FromRow, Row};
use super::error::Result;
use super::sql::{Sql, name_key};
use crate::ledger::{Campaign, Settings};

/// A campaign as loaded for a command: its row id, its state, its last event number, and the
/// hash its ledger's chain ends with (`None` before its first event), which a write's first
/// event follows on from ([`super::chain`]).
pub struct Found {
    pub id: i64,
    pub campaign: Campaign,
    pub last_seq: i64,
    pub head: Option<String>,
}

const CURRENT: &str = "campaign";

impl FromRow for Found {
    fn from_row(row: &impl Row) -> Result<Self> {
        Ok(Found {
            id: row.int("id")?,
            last_seq: row.int("last_seq")?,
            head: row.opt_text("head")?,
            campaign: Campaign {
                name: row.text("name")?,
                created_at: row.text("created_at")?,
                clock: row.int("clock")?,
                open: serde_json::from_str(&row.text("open_sessions")?).unwrap_or_default(),
                last_session: row.small("last_session")?,
                // Written only by hoard; a hand-edited value falls back to the defaults.
                settings: serde_json::from_str::<Settings>(&row.text("settings")?)
                    .unwrap_or_default(),
                encounters: row
                    .opt_text("encounter")?
                    .map(|e| encounters(&e))
                    .unwrap_or_default(),
            },
        })
    }
}

/// The campaign named `name`, or else the one in use, or else `default` — in one query, since
/// every command starts here.
pub async fn find(conn: &mut Conn, name: Option<&str>) -> Result<Option<Found>> {
    let sql = Sql::new(
        "SELECT c.id, c.name, c.created_at, c.clock, c.open_sessions, c.last_session,
                c.settings, c.encounter,
                COALESCE((SELECT max(seq) FROM events e WHERE e.campaign_id = c.id), 0)
                    AS last_seq,
                (SELECT e.hash FROM events e WHERE e.campaign_id = c.id
                 ORDER BY e.seq DESC LIMIT 1) AS head
         FROM campaigns c
         WHERE lower(c.name)
             = COALESCE($1, (SELECT lower(value) FROM preferences WHERE key = $2), 'default')",
    )
    .bind(name.map(name_key))
    .bind(CURRENT);
    conn.fetch_optional(&sql).await
}

/// [`find`] for a write, which must hold the campaign's lock before it reads anything of it:
/// where the engine locks campaigns one by one, the campaign is locked, then read again (as
/// the writer before may have left it).
pub async fn find_for_write(conn: &mut Conn, name: Option<&str>) -> Result<Option<Found>> {
    let found = find(conn, name).await?;
    match found {
        Some(found) if conn.locks_campaigns() => {
            conn.lock_campaign(found.id).await?;
            find(conn, name).await
        }
        found => Ok(found),
    }
}

/// The campaign remembered by `campaign use`, if any.
pub async fn current(conn: &mut Conn) -> Result<Option<String>> {
    conn.fetch_optional(&Sql::new("SELECT value FROM preferences WHERE key = $1").bind(CURRENT))
        .await
}

pub async fn set_current(conn: &mut Conn, name: &str) -> Result<()> {
    let sql = Sql::new(
        "INSERT INTO preferences (key, value) VALUES ($1, $2)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    )
    .bind(CURRENT)
    .bind(name);
    conn.execute(&sql).await.map(|_| ())
}

pub async fn exists(conn: &mut Conn, name: &str) -> Result<bool> {
    let sql =
        Sql::new("SELECT count(*) FROM campaigns WHERE lower(name) = $1").bind(name_key(name));
    Ok(conn.fetch_one::<i64>(&sql).await? > 0)
}

/// A new, empty campaign row; its first event names it.
pub async fn insert(conn: &mut Conn, name: &str, created_at: &str) -> Result<i64> {
    let sql = Sql::new("INSERT INTO campaigns (name, created_at) VALUES ($1, $2) RETURNING id")
        .bind(name)
        .bind(created_at);
    conn.fetch_one(&sql).await
}

/// The encounters under way as stored: a list (one per session), or the one encounter an
/// older hoard wrote.
fn encounters(text: &str) -> Vec<crate::ledger::state::Encounter> {
    serde_json::from_str(text)
        .or_else(|_| serde_json::from_str(text).map(|one| vec![one]))
        .unwrap_or_default()
}

pub fn push_update(batch: &mut Batch, id: i64, campaign: &Campaign) {
    let settings = serde_json::to_string(&campaign.settings).unwrap_or_else(|_| "{}".into());
    let encounter = (!campaign.encounters.is_empty())
        .then(|| serde_json::to_string(&campaign.encounters).ok())
        .flatten();
    batch.push(
        Sql::new(
            "UPDATE campaigns SET created_at = $1, clock = $2, open_sessions = $3,
                    last_session = $4, settings = $5, encounter = $6, name = $8
             WHERE id = $7",
        )
        .bind(&campaign.created_at)
        .bind(campaign.clock)
        .bind(serde_json::to_string(&campaign.open).unwrap_or_else(|_| "[]".into()))
        .bind(campaign.last_session)
        .bind(settings)
        .bind(encounter)
        .bind(id)
        .bind(&campaign.name),
    );
}

/// Delete a campaign and everything of it, ledger included (`campaign delete --force`), and
/// forget it as the campaign in use.
pub async fn delete(conn: &mut Conn, id: i64, name: &str) -> Result<()> {
    for table in [
        "links",
        "event_refs",
        "voided",
        "effects",
        "coins",
        "items",
        "characters",
        "sessions",
        "events",
    ] {
        let sql = Sql::new(format!("DELETE FROM {table} WHERE campaign_id = $1")).bind(id);
        conn.execute(&sql).await?;
    }
    conn.execute(&Sql::new("DELETE FROM campaigns WHERE id = $1").bind(id))
        .await?;
    if current(conn)
        .await?
        .is_some_and(|c| c.eq_ignore_ascii_case(name))
    {
        conn.execute(&Sql::new("DELETE FROM preferences WHERE key = $1").bind(CURRENT))
            .await?;
    }
    Ok(())
}

/// One line of `campaign list`.
#[derive(Debug, serde::Serialize)]
pub struct Summary {
    pub name: String,
    pub created_at: String,
    pub clock: i64,
    /// How long the campaign's rounds last: what its clock reads as.
    pub round: crate::rules::clock::Round,
    pub characters: i64,
    pub events: i64,
    pub current: bool,
}

impl FromRow for Summary {
    fn from_row(row: &impl Row) -> Result<Self> {
        Ok(Summary {
            name: row.text("name")?,
            created_at: row.text("created_at")?,
            clock: row.int("clock")?,
            // Unreadable settings fail where the campaign is opened; a list still lists it.
            round: serde_json::from_str::<Settings>(&row.text("settings")?)
                .map(|s| s.round())
                .unwrap_or_default(),
            characters: row.int("characters")?,
            events: row.int("events")?,
            current: row.bool("current")?,
        })
    }
}

pub async fn list(conn: &mut Conn) -> Result<Vec<Summary>> {
    let sql = Sql::new(
        "SELECT c.name, c.created_at, c.clock, c.settings,
                (SELECT count(*) FROM characters h WHERE h.campaign_id = c.id) AS characters,
                COALESCE((SELECT max(seq) FROM events e WHERE e.campaign_id = c.id), 0) AS events,
                lower(c.name)
                    = COALESCE((SELECT lower(value) FROM preferences WHERE key = $1), 'default')
                    AS current
         FROM campaigns c ORDER BY c.id",
    )
    .bind(CURRENT);
    conn.fetch_all(&sql).await
}
