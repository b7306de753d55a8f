//! `hoard session start|end|list` and `hoard referee add|list`: play sessions and who runs
//! them. Every event records the session it falls in and the referee who recorded it, so a
//! session's story can be told from the ledger; with rosters, several sessions are open at once
//! (West Marches), each an expedition with its own party, clock and pool.

use crate::ctx::Ctx;
use crate::error::Result;
use crate::ledger::{Event, Member, Recorded, Session};
use crate::refusal::session::{Open, Refusal};
use crate::rules::character::check_name;
use crate::rules::wages::Per;
use crate::store::sessions;

/// `referee add NAME`: a referee named in the campaign, who may then record (`--referee`).
pub async fn add_referee(cx: &mut Ctx, name: &str) -> Result<Recorded> {
    let name = check_name("referee", name)?;
    let mut w = cx.write().await?;
    if w.state.referee(&name).is_some() {
        return Err(Refusal::RefereeExists { name }.into());
    }
    let rec = w.record(Event::RefereeAdded { name })?;
    w.commit().await?;
    Ok(rec)
}

/// `referee list`: the campaign's referees, with the number of events each recorded.
pub async fn referees(cx: &mut Ctx) -> Result<Vec<(String, i64)>> {
    let campaign = cx.campaign().await?;
    let mut counts = crate::store::events::by_referee(cx.conn(), campaign.id).await?;
    Ok(campaign
        .campaign
        .settings
        .referees
        .into_iter()
        .map(|r| {
            let n = counts.remove(&r).unwrap_or(0);
            (r, n)
        })
        .collect())
}

/// `session start [TITLE] [--with A,B,C] [--referee NAME]`: a session opens at the world's
/// time, with its party and its referee. Without a roster it is the whole campaign's and opens
/// alone; with one, it opens beside the others when no character is in two.
pub async fn start(cx: &mut Ctx, title: Option<&str>, with: &[String]) -> Result<Session> {
    let title = title.map(|t| check_name("session", t)).transpose()?;
    let mut w = cx.write().await?;
    let mut roster = Vec::new();
    let (campaign, campaign_name) = (w.campaign, w.state.campaign.name.clone());
    for name in with {
        // Looked up without choosing a session: the new one is theirs.
        let c = crate::lookup::character(w.conn(), campaign, &campaign_name, name).await?;
        w.able(c.clone())?;
        if !roster.iter().any(|m: &Member| m.character == c.id) {
            roster.push(Member {
                character: c.id.clone(),
                name: c.name.clone(),
            });
        }
        w.state.characters.insert(c.id.clone(), c);
    }
    // Who records the start runs the session.
    let referee = w.recorder();
    // The ledger refuses the same; said here as the referee's mistake, not a conflict.
    match w.state.may_open(&roster) {
        Err(crate::ledger::Refusal::InOpenSession { name, session }) => {
            return Err(Refusal::InOpenSession { name, session }.into());
        }
        Err(crate::ledger::Refusal::SessionOpen { session }) => {
            // A whole campaign's session open holds everyone: it alone is in the way.
            let whole = w
                .state
                .sessions
                .get(&session)
                .is_some_and(|s| s.with.is_empty());
            let open = w
                .state
                .open_sessions()
                .filter(|s| !whole || s.number == session)
                .map(|s| Open {
                    number: s.number,
                    title: s.title.clone(),
                })
                .collect();
            let roster = !roster.is_empty();
            return Err(Refusal::StillOpen { open, roster }.into());
        }
        _ => {}
    }
    let number = w.state.campaign.last_session + 1;
    w.record(Event::SessionStarted {
        number,
        title,
        with: roster,
        referee,
    })?;
    let session = w.state.sessions[&number].clone();
    w.commit().await?;
    Ok(session)
}

/// `session end [--session N|TITLE]`: the session named, or the one open, ends; its
/// expedition's time folds back into the world's calendar.
pub async fn end(cx: &mut Ctx) -> Result<Session> {
    let mut w = cx.write().await?;
    let number = match w.named() {
        Some(n) if w.state.campaign.open.contains(&n) => n,
        Some(number) => return Err(Refusal::NotOpen { number }.into()),
        None => match w.session()? {
            Some(n) => n,
            None => return Err(Refusal::NoneOpen.into()),
        },
    };
    if !w.state.sessions.contains_key(&number) {
        return Err(Refusal::NoRow { number }.into());
    }
    // What the expedition left in its pool joins the campaign's, its loot as its coins.
    w.treasury().await?;
    w.loot(number).await?;
    let roster: Vec<String> = w
        .roster(number)
        .await?
        .into_iter()
        .map(|m| m.character)
        .collect();
    let ended = w.record(Event::SessionEnded { number })?;
    // A wage per adventure falls due as the adventure ends, for the retainers who went on it.
    let went = (!roster.is_empty()).then_some(roster.as_slice());
    crate::retainer::pay(&mut w, went, Per::Adventure, 1, Some(ended.seq)).await?;
    let session = w.state.sessions[&number].clone();
    w.commit().await?;
    Ok(session)
}

/// The expedition (an open session with a party) `character` (by id) is out on, if any.
pub async fn expedition_of(cx: &mut Ctx, character: &str) -> Result<Option<u32>> {
    let campaign = cx.campaign().await?;
    let open = sessions::open(cx.conn(), campaign.id).await?;
    Ok(open
        .iter()
        .find(|s| s.with.iter().any(|m| m.character == character))
        .map(|s| s.number))
}

pub async fn list(cx: &mut Ctx) -> Result<Vec<(Session, i64)>> {
    let campaign = cx.campaign().await?;
    let counted = sessions::list(cx.conn(), campaign.id).await?;
    Ok(counted.into_iter().map(|c| (c.session, c.events)).collect())
}
