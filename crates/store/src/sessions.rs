//! Play-session rows.

use super::batch::Batch;
use super::conn::{Conn, FromRow, Row};
use super::error::Result;
use super::sql::Sql;
use crate::ledger::Session;

impl FromRow for Session {
    fn from_row(row: &impl Row) -> Result<Self> {
        Ok(Session {
            number: row.small("number")?,
            title: row.opt_text("title")?,
            // Written only by hoard, from the session's first event.
            with: serde_json::from_str(&row.text("roster")?).unwrap_or_default(),
            referee: row.opt_text("referee")?,
            clock: row.int("clock")?,
            started_at: row.text("started_at")?,
            started_round: row.int("started_round")?,
            started_seq: row.int("started_seq")?,
            ended_at: row.opt_text("ended_at")?,
            ended_round: row.opt_int("ended_round")?,
            ended_seq: row.opt_int("ended_seq")?,
        })
    }
}

const COLUMNS: &str = "number, title, roster, referee, clock, started_at, started_round,
     started_seq, ended_at, ended_round, ended_seq";

pub async fn get(conn: &mut Conn, campaign: i64, number: u32) -> Result<Option<Session>> {
    let sql = Sql::new(format!(
        "SELECT {COLUMNS} FROM sessions WHERE campaign_id = $1 AND number = $2"
    ))
    .bind(campaign)
    .bind(number);
    conn.fetch_optional(&sql).await
}

/// A session and the number of events recorded in it.
pub struct Counted {
    pub session: Session,
    pub events: i64,
}

impl FromRow for Counted {
    fn from_row(row: &impl Row) -> Result<Self> {
        Ok(Counted {
            session: Session::from_row(row)?,
            events: row.int("events")?,
        })
    }
}

/// Every session with the number of events recorded in it.
pub async fn list(conn: &mut Conn, campaign: i64) -> Result<Vec<Counted>> {
    let sql = Sql::new(format!(
        "SELECT {COLUMNS},
                (SELECT count(*) FROM events e
                 WHERE e.campaign_id = s.campaign_id
                   AND e.seq BETWEEN s.started_seq AND COALESCE(s.ended_seq, 9223372036854775807)
                   AND e.session = s.number) AS events
         FROM sessions s WHERE campaign_id = $1 ORDER BY number"
    ))
    .bind(campaign);
    conn.fetch_all(&sql).await
}

pub fn push_upsert(batch: &mut Batch, campaign: i64, s: &Session) {
    batch.push(
        Sql::new(
            "INSERT INTO sessions (campaign_id, number, title, started_at, started_round,
                                   started_seq, ended_at, ended_round, ended_seq, roster,
                                   referee, clock)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
             ON CONFLICT (campaign_id, number) DO UPDATE SET title = excluded.title,
                 ended_at = excluded.ended_at, ended_round = excluded.ended_round,
                 ended_seq = excluded.ended_seq, clock = excluded.clock",
        )
        .bind(campaign)
        .bind(s.number)
        .bind(s.title.clone())
        .bind(&s.started_at)
        .bind(s.started_round)
        .bind(s.started_seq)
        .bind(s.ended_at.clone())
        .bind(s.ended_round)
        .bind(s.ended_seq)
        .bind(serde_json::to_string(&s.with).unwrap_or_else(|_| "[]".into()))
        .bind(s.referee.clone())
        .bind(s.clock),
    );
}

/// The sessions open now, for a write to choose among (a few rows).
pub async fn open(conn: &mut Conn, campaign: i64) -> Result<Vec<Session>> {
    let sql = Sql::new(format!(
        "SELECT {COLUMNS} FROM sessions WHERE campaign_id = $1 AND ended_seq IS NULL
         ORDER BY number"
    ))
    .bind(campaign);
    conn.fetch_all(&sql).await
}
