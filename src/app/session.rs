//! `hoard session start|end|list`: play sessions. Every event records the session open when it
//! happened, so a session's story can be told from the ledger.

use super::Ctx;
use crate::error::{Error, Result};
use crate::ledger::{Event, Session};
use crate::rules::character::check_name;
use crate::store::sessions;
use crate::tr;

/// Refuse a session number the campaign has not reached, rather than show nothing.
pub async fn require(
    conn: &mut sqlx::SqliteConnection,
    campaign: i64,
    number: u32,
) -> Result<Session> {
    sessions::get(conn, campaign, number).await?.ok_or_else(|| {
        Error::NotFound(tr!(
            "no session {number} in this campaign (`hoard session list` shows them)",
            "pas de session {number} dans cette campagne (`hoard session list` les montre)"
        ))
    })
}

pub async fn start(cx: &mut Ctx, title: Option<&str>) -> Result<Session> {
    let title = title
        .map(|t| check_name("session", t))
        .transpose()
        .map_err(|e| Error::Invalid(e.0))?;
    let mut w = cx.write().await?;
    if let Some(open) = w.state.campaign.open_session {
        return Err(Error::Refused(tr!(
            "session {open} is still open; end it first with `hoard session end`",
            "la session {open} est encore ouverte ; terminez-la d'abord avec `hoard session end`"
        )));
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
        return Err(Error::Refused(tr!(
            "no session is open; start one with `hoard session start`",
            "aucune session n'est ouverte ; commencez-en une avec `hoard session start`"
        )));
    };
    let campaign = w.campaign;
    let session = sessions::get(w.conn(), campaign, number)
        .await?
        .ok_or_else(|| {
            Error::Conflict(tr!(
                "session {number} has no row",
                "la session {number} n'a pas de ligne"
            ))
        })?;
    w.state.sessions.insert(number, session);
    w.record(Event::SessionEnded { number })?;
    let session = w.state.sessions[&number].clone();
    w.commit().await?;
    Ok(session)
}

pub async fn list(cx: &mut Ctx) -> Result<Vec<(Session, i64)>> {
    let campaign = cx.campaign().await?;
    sessions::list(cx.conn(), campaign.id).await
}
