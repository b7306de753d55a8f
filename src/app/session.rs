//! `hoard session start|end|list`: play sessions. Every event records the session open when it
//! happened, so a session's story can be told from the ledger.

use super::Ctx;
use crate::error::{Error, Result};
use crate::ledger::{Event, Session};
use crate::rules::character::check_name;
use crate::store::sessions;
use crate::tr;

/// Session `number` of the campaign, or a refusal that says which sessions there are (rather
/// than showing nothing).
pub async fn require(
    conn: &mut crate::store::Conn,
    campaign: &crate::store::campaigns::Found,
    number: u32,
) -> Result<Session> {
    let last = campaign.campaign.last_session;
    sessions::get(conn, campaign.id, number).await?.ok_or_else(|| {
        Error::NotFound(if last == 0 {
            tr!(
                "no session {number}: no play session yet; start one with `hoard session start`",
                "pas de session {number} : aucune session de jeu ; commencez-en une avec `hoard session start`"
            )
        } else {
            tr!(
                "no session {number}: sessions run from 1 to {last}",
                "pas de session {number} : elles vont de 1 à {last}"
            )
        }.into())
    })
}

pub async fn start(cx: &mut Ctx, title: Option<&str>) -> Result<Session> {
    let title = title
        .map(|t| check_name("session", t))
        .transpose()
        .map_err(|e| Error::Invalid(crate::i18n::Worded(&e).to_string().into()))?;
    let mut w = cx.write().await?;
    if let Some(open) = w.state.campaign.open_session {
        return Err(Error::Refused(tr!(
            "session {open} is still open; end it first with `hoard session end`",
            "la session {open} est encore ouverte ; terminez-la d'abord avec `hoard session end`"
        ).into()));
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
        return Err(Error::Refused(
            tr!(
                "no session is open; start one with `hoard session start`",
                "aucune session n'est ouverte ; commencez-en une avec `hoard session start`"
            )
            .into(),
        ));
    };
    let campaign = w.campaign;
    let session = sessions::get(w.conn(), campaign, number)
        .await?
        .ok_or_else(|| {
            Error::Conflict(
                tr!(
                    "session {number} has no row",
                    "la session {number} n'a pas de ligne"
                )
                .into(),
            )
        })?;
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
