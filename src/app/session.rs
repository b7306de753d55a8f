//! `hoard session start|end|list`: play sessions. Every event records the session open when it
//! happened, so a session's story can be told from the ledger.

use super::Ctx;
use crate::error::{Error, Result};
use crate::ledger::{Event, Session};
use crate::rules::character::check_name;
use crate::store::sessions;

/// Why a session cannot be found, started or ended, as data; `view::words::session` words it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    /// No session of that number: sessions run from 1 to `last` (none if 0).
    NoSession { number: u32, last: u32 },
    /// No play session at all yet (a report of the latest session).
    NoneYet,
    /// `session start` while one is open.
    StillOpen { open: u32 },
    /// `session end` with none open.
    NoneOpen,
    /// The open session has no row (the database disagrees with itself).
    NoRow { number: u32 },
}

impl From<Refusal> for Error {
    fn from(r: Refusal) -> Self {
        let kind = match r {
            Refusal::NoSession { .. } | Refusal::NoneYet => Error::NotFound,
            Refusal::StillOpen { .. } | Refusal::NoneOpen => Error::Refused,
            Refusal::NoRow { .. } => Error::Conflict,
        };
        kind(Box::new(crate::error::Problem::Session(r)))
    }
}

/// Session `number` of the campaign, or a refusal that says which sessions there are (rather
/// than showing nothing).
pub async fn require(
    conn: &mut crate::store::Conn,
    campaign: &crate::store::campaigns::Found,
    number: u32,
) -> Result<Session> {
    let last = campaign.campaign.last_session;
    sessions::get(conn, campaign.id, number)
        .await?
        .ok_or_else(|| Refusal::NoSession { number, last }.into())
}

pub async fn start(cx: &mut Ctx, title: Option<&str>) -> Result<Session> {
    let title = title
        .map(|t| check_name("session", t))
        .transpose()
        .map_err(super::invalid_name)?;
    let mut w = cx.write().await?;
    if let Some(open) = w.state.campaign.open_session {
        return Err(Refusal::StillOpen { open }.into());
    }
    let number = w.state.campaign.last_session + 1;
    w.record(Event::SessionStarted { number, title })?;
    let session = w.state.sessions[&number].clone();
    w.commit().await?;
    Ok(session)
}

pub async fn end(cx: &mut Ctx) -> Result<Session> {
    let mut w = cx.write().await?;
    let Some(number) = w.state.campaign.open_session else {
        return Err(Refusal::NoneOpen.into());
    };
    let campaign = w.campaign;
    let session = sessions::get(w.conn(), campaign, number)
        .await?
        .ok_or(Refusal::NoRow { number })?;
    w.state.sessions.insert(number, session);
    w.record(Event::SessionEnded { number })?;
    let session = w.state.sessions[&number].clone();
    w.commit().await?;
    Ok(session)
}

pub async fn list(cx: &mut Ctx) -> Result<Vec<(Session, i64)>> {
    let campaign = cx.campaign().await?;
    let counted = sessions::list(cx.conn(), campaign.id).await?;
    Ok(counted.into_iter().map(|c| (c.session, c.events)).collect())
}
