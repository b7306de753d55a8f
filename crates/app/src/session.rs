//! `hoard session start|end|list` and `hoard referee add|list`: play sessions and who runs
//! them. Every event records the session it falls in and the referee who recorded it, so a
//! session's story can be told from the ledger; with rosters, several sessions are open at once
//! (West Marches), each an expedition with its own party, clock and pool.

use super::Ctx;
use crate::error::{Error, Result};
use crate::ledger::{Event, Member, Recorded, Session};
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
    /// `session start` while one is open that is the whole campaign's, or without a roster
    /// while any is open.
    StillOpen { open: u32 },
    /// `session start --with` naming a character of open session `session`.
    InOpenSession { name: String, session: u32 },
    /// `session end` with none open.
    NoneOpen,
    /// `session end --session N` of a session that has ended.
    NotOpen { number: u32 },
    /// The open session has no row (the database disagrees with itself).
    NoRow { number: u32 },
    /// Several sessions are open and the command names no character or session to choose by.
    SeveralOpen { open: Vec<Open> },
    /// A command naming characters of two open sessions (`name` is in `theirs`).
    /// (`this`: none, between sessions.)
    Apart {
        name: String,
        theirs: u32,
        this: Option<u32>,
    },
    /// `--session TITLE` that no session has.
    NoTitle { title: String },
    /// `--session TITLE` that several sessions have.
    SameTitle { title: String, sessions: Vec<u32> },
    /// `--referee` naming no referee of the campaign; `near` as for characters.
    UnknownReferee {
        name: String,
        near: Option<String>,
        none: bool,
    },
    /// `referee add` of a name the campaign has.
    RefereeExists { name: String },
    /// `--referee` naming another referee than the PostgreSQL role connected as, under
    /// `campaign set referees role`.
    NotYourRole { role: String, named: String },
}

impl From<Refusal> for Error {
    fn from(r: Refusal) -> Self {
        let kind = match r {
            Refusal::NoSession { .. }
            | Refusal::NoneYet
            | Refusal::NoTitle { .. }
            | Refusal::UnknownReferee { .. } => Error::NotFound,
            Refusal::StillOpen { .. }
            | Refusal::NoneOpen
            | Refusal::NotOpen { .. }
            | Refusal::NotYourRole { .. }
            | Refusal::Apart { .. }
            | Refusal::InOpenSession { .. } => Error::Refused,
            Refusal::SeveralOpen { .. }
            | Refusal::SameTitle { .. }
            | Refusal::RefereeExists { .. } => Error::Invalid,
            Refusal::NoRow { .. } => Error::Conflict,
        };
        kind(Box::new(crate::error::Problem::Session(r)))
    }
}

/// An open session, as a refusal lists it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Open {
    pub number: u32,
    pub title: Option<String>,
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

/// `--session N|TITLE`: a session by its number or its title.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Key {
    Number(u32),
    Title(String),
}

impl std::str::FromStr for Key {
    type Err = std::convert::Infallible;
    fn from_str(s: &str) -> std::result::Result<Self, Self::Err> {
        Ok(match s.trim().parse() {
            Ok(n) => Key::Number(n),
            Err(_) => Key::Title(s.trim().to_string()),
        })
    }
}

/// The number of the session `key` names: one that has started; a title names the session of
/// that title (an open one before an ended one), and a title two sessions share is refused.
pub async fn resolve(
    conn: &mut crate::store::Conn,
    campaign: &crate::store::campaigns::Found,
    key: &Key,
) -> Result<u32> {
    match key {
        Key::Number(n) => require(conn, campaign, *n).await.map(|s| s.number),
        Key::Title(title) => {
            let titled: Vec<(u32, bool)> = sessions::list(conn, campaign.id)
                .await?
                .into_iter()
                .filter(|c| {
                    c.session
                        .title
                        .as_deref()
                        .is_some_and(|t| t.eq_ignore_ascii_case(title))
                })
                .map(|c| (c.session.number, c.session.ended_seq.is_none()))
                .collect();
            let open: Vec<u32> = titled.iter().filter(|t| t.1).map(|t| t.0).collect();
            let all: Vec<u32> = titled.iter().map(|t| t.0).collect();
            match (&open[..], &all[..]) {
                ([n], _) | ([], [n]) => Ok(*n),
                ([], []) => Err(Refusal::NoTitle {
                    title: title.clone(),
                }
                .into()),
                (open, all) => Err(Refusal::SameTitle {
                    title: title.clone(),
                    sessions: if open.is_empty() { all } else { open }.to_vec(),
                }
                .into()),
            }
        }
    }
}

/// The referee `name` names, as the campaign spells it.
pub fn referee(state: &crate::ledger::State, name: &str) -> Result<String> {
    referee_in(&state.campaign, name)
}

/// The referee a PostgreSQL `role` records as (`campaign set referees role`): one of the
/// campaign's, and no other may be named on the command.
pub fn by_role(state: &crate::ledger::State, role: &str, named: Option<&str>) -> Result<String> {
    let me = referee(state, role)?;
    match named {
        Some(other) if !other.eq_ignore_ascii_case(&me) => Err(Refusal::NotYourRole {
            role: me,
            named: other.to_string(),
        }
        .into()),
        _ => Ok(me),
    }
}

/// [`referee`], in a campaign as read.
pub fn referee_in(campaign: &crate::ledger::Campaign, name: &str) -> Result<String> {
    let known = &campaign.settings.referees;
    let found = known.iter().find(|r| r.eq_ignore_ascii_case(name));
    found.cloned().ok_or_else(|| {
        Refusal::UnknownReferee {
            name: name.to_string(),
            near: super::suggest(name, known),
            none: known.is_empty(),
        }
        .into()
    })
}

/// `referee add NAME`: a referee named in the campaign, who may then record (`--referee`).
pub async fn add_referee(cx: &mut Ctx, name: &str) -> Result<Recorded> {
    let name = check_name("referee", name).map_err(super::invalid_name)?;
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
    let title = title
        .map(|t| check_name("session", t))
        .transpose()
        .map_err(super::invalid_name)?;
    let mut w = cx.write().await?;
    let mut roster = Vec::new();
    let (campaign, campaign_name) = (w.campaign, w.state.campaign.name.clone());
    for name in with {
        // Looked up without choosing a session: the new one is theirs.
        let c = super::find_character(w.conn(), campaign, &campaign_name, name).await?;
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
            return Err(Refusal::StillOpen { open: session }.into());
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
    let number = match w.named {
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
    // What the expedition left in its pool joins the campaign's.
    super::coins::treasury(&mut w).await?;
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
