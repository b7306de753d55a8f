//! Play-session rows.

use sqlx::sqlite::{SqliteConnection, SqliteRow};
use sqlx::{FromRow, Row};

use super::write::Batch;
use crate::error::Result;
use crate::ledger::Session;

impl<'r> FromRow<'r, SqliteRow> for Session {
    fn from_row(row: &'r SqliteRow) -> sqlx::Result<Self> {
        Ok(Session {
            number: row.try_get("number")?,
            title: row.try_get("title")?,
            started_at: row.try_get("started_at")?,
            started_round: row.try_get("started_round")?,
            started_seq: row.try_get("started_seq")?,
            ended_at: row.try_get("ended_at")?,
            ended_round: row.try_get("ended_round")?,
            ended_seq: row.try_get("ended_seq")?,
        })
    }
}

const COLUMNS: &str =
    "number, title, started_at, started_round, started_seq, ended_at, ended_round, ended_seq";

pub async fn get(
    conn: &mut SqliteConnection,
    campaign: i64,
    number: u32,
) -> Result<Option<Session>> {
    Ok(sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM sessions WHERE campaign_id = ?1 AND number = ?2"
    ))
    .bind(campaign)
    .bind(number)
    .fetch_optional(conn)
    .await?)
}

/// Every session with the number of events recorded in it.
pub async fn list(conn: &mut SqliteConnection, campaign: i64) -> Result<Vec<(Session, i64)>> {
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS},
                (SELECT count(*) FROM events e
                 WHERE e.campaign_id = s.campaign_id
                   AND e.seq BETWEEN s.started_seq AND COALESCE(s.ended_seq, 9223372036854775807)
                   AND e.session = s.number) AS events
         FROM sessions s WHERE campaign_id = ?1 ORDER BY number"
    ))
    .bind(campaign)
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|row| Ok((Session::from_row(row)?, row.try_get("events")?)))
        .collect()
}

pub fn push_upsert(batch: &mut Batch, campaign: i64, s: &Session) {
    let q = batch.statement();
    q.push("INSERT INTO sessions (campaign_id, number, title, started_at, started_round, started_seq, ended_at, ended_round, ended_seq) ");
    q.push_values([s], |mut row, s| {
        row.push_bind(campaign)
            .push_bind(s.number)
            .push_bind(s.title.clone())
            .push_bind(s.started_at.clone())
            .push_bind(s.started_round)
            .push_bind(s.started_seq)
            .push_bind(s.ended_at.clone())
            .push_bind(s.ended_round)
            .push_bind(s.ended_seq);
    });
    q.push(
        " ON CONFLICT (campaign_id, number) DO UPDATE SET title = excluded.title,
             ended_at = excluded.ended_at, ended_round = excluded.ended_round,
             ended_seq = excluded.ended_seq",
    );
    batch.bound(9);
}
