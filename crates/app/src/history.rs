//! `hoard void EVENT`, `hoard undo` and `hoard redo`: nothing is deleted. A void event is
//! appended, naming the voided event and every consequence of it, and the state is rebuilt by
//! replaying the ledger without them — refused, naming it, when a later event cannot stand
//! without them. `hoard redo` takes an undo back the only way an append-only ledger can: it
//! records what was voided again, as new events with the same dice.
//!
//! One rule for every referee, whoever else records meanwhile:
//!
//! - A void, an undo or a redo is made by the referee who records it ([`maker`]): the one the
//!   command names (`--referee`, `HOARD_REFEREE`, the PostgreSQL role under `referees role`),
//!   else the campaign's only referee (or the one implied where it names none). In a campaign
//!   of several referees with none named it is refused, saying how to name one: never the
//!   session's referee, whose void it would not be.
//! - `void N` voids any event; another referee's only with `--force`.
//! - `undo` takes back its maker's own latest command (their latest event and the event it
//!   follows from), whatever others recorded since. It never reaches past a void, whoever made
//!   it: if that latest command is a void, or was voided already (by anyone, in whole or in
//!   part), it is refused, naming the void — `redo` takes a void back, `void N` an older event.
//! - `redo` records again what its maker's latest command, a void, took back, whatever others
//!   recorded since; refused when that latest command is no void.
//! - Both are refused when a later event cannot stand with it (the void leaves it on nothing,
//!   or the redone event meets a state it no longer fits), naming that event. Others' events
//!   are never touched.

use std::collections::BTreeSet;

use super::replay::Replay;
use crate::ctx::Ctx;
use crate::error::{Error, Problem, Result};
use crate::ledger::{Event, Recorded};
use crate::refusal::history::Refusal;
use crate::store::{campaigns, events};
use crate::write::Write;

/// What a void did.
#[derive(Debug, serde::Serialize)]
pub struct Voided {
    /// The event voided, as it was.
    pub target: Recorded,
    /// Its number and those of its consequences.
    pub events: Vec<i64>,
    /// The void event appended.
    pub void: Recorded,
}

/// Who makes a void, an undo or a redo: the referee the command names (`--referee`,
/// `HOARD_REFEREE`, the role under `referees role`); else the campaign's one referee, or
/// nobody named where the campaign names none (one referee is implied). With several referees
/// and none named, refused: whose void it is decides whose events it may take back.
fn maker(w: &Write<'_>) -> Result<Option<String>> {
    if let Some(named) = w.recorder() {
        return Ok(Some(named));
    }
    match w.state.campaign.settings.referees.as_slice() {
        [] => Ok(None),
        [one] => Ok(Some(one.clone())),
        several => Err(Refusal::WhoMakesIt {
            referees: several.to_vec(),
        }
        .into()),
    }
}

/// The latest event `maker` recorded, voided or not, voids included: in a campaign of several
/// referees, the latest that names them (an event naming none is nobody's own); otherwise
/// every event is the one referee's, and it is the ledger's latest.
async fn own_latest(w: &mut Write<'_>, maker: Option<&str>) -> Result<Option<Recorded>> {
    let campaign = w.campaign;
    match maker {
        Some(name) if w.state.campaign.settings.referees.len() > 1 => {
            let filter = events::Filter {
                entity: Some(events::referee_tag(name)),
                limit: Some(1),
                ..Default::default()
            };
            let mut latest = None;
            events::select(w.conn(), campaign, &filter, |rec| {
                latest = Some(rec);
                Ok::<_, Error>(())
            })
            .await?;
            Ok(latest)
        }
        _ => {
            let last = w.state.last_seq;
            Ok(events::get(w.conn(), campaign, last).await?)
        }
    }
}

/// Begin a void, an undo or a redo: who makes it ([`maker`]), whose events are recorded as
/// theirs.
async fn begin(cx: &mut Ctx) -> Result<(Write<'_>, Option<String>)> {
    let mut w = cx.write().await?;
    let maker = maker(&w)?;
    w.record_as(maker.clone());
    Ok((w, maker))
}

/// `void N [--force]`: an event and its consequences voided; another referee's only with
/// `force`.
pub async fn void(cx: &mut Ctx, seq: i64, force: bool) -> Result<Voided> {
    let (mut w, maker) = begin(cx).await?;
    let campaign = w.campaign;
    let target = events::get(w.conn(), campaign, seq)
        .await?
        .ok_or(Refusal::NoEvent { event: seq })?;
    void_in(w, target, force, maker).await
}

/// `undo [--force]`: void the latest command of the referee who makes it — their latest
/// event, or the event it follows from — found under the write lock, so a command recorded
/// meanwhile is not undone instead. Never past a void: refused if that command is a void or
/// was voided already, naming the void.
pub async fn undo(cx: &mut Ctx, force: bool) -> Result<Voided> {
    let (mut w, maker) = begin(cx).await?;
    let campaign = w.campaign;
    let nothing = || {
        Error::from(Refusal::NothingToUndo {
            referee: maker.clone(),
        })
    };
    let mut latest = own_latest(&mut w, maker.as_deref())
        .await?
        .ok_or_else(nothing)?;
    if let Event::EventsVoided { target, .. } = latest.event {
        return Err(Refusal::AfterVoid {
            void: latest.seq,
            target,
        }
        .into());
    }
    let voided = events::voided(w.conn(), campaign).await?;
    let undone = async |w: &mut Write<'_>, event: i64| -> Result<()> {
        let Some(&void) = voided.get(&event) else {
            return Ok(());
        };
        let by = events::get(w.conn(), campaign, void)
            .await?
            .and_then(|v| v.referee);
        Err(Refusal::Undone { event, void, by }.into())
    };
    undone(&mut w, latest.seq).await?;
    while let Some(cause) = latest.cause {
        // Causes point backwards (the projector holds every event to it); a ledger edited by
        // hand that loops is refused rather than followed for ever.
        if cause >= latest.seq {
            return Err(Refusal::LaterCause {
                event: latest.seq,
                cause,
            }
            .into());
        }
        latest = events::get(w.conn(), campaign, cause)
            .await?
            .ok_or_else(nothing)?;
        undone(&mut w, latest.seq).await?;
    }
    if matches!(latest.event, Event::CampaignCreated { .. }) {
        return Err(nothing());
    }
    void_in(w, latest, force, maker).await
}

/// Void `target` and every consequence of it still standing, if the ledger can stand without
/// them: the state is rebuilt by replay, and a later event that would no longer stand refuses
/// the void, named with its reason. `maker` makes it: another referee's event needs `force`.
async fn void_in(
    mut w: Write<'_>,
    target: Recorded,
    force: bool,
    maker: Option<String>,
) -> Result<Voided> {
    let (seq, campaign) = (target.seq, w.campaign);
    // The void is recorded where the event was, or between sessions.
    w.about(target.session).await?;
    if let Some(theirs) = &target.referee
        && maker.as_ref() != Some(theirs)
        && !force
    {
        return Err(Refusal::Others {
            event: seq,
            referee: theirs.clone(),
            me: maker,
        }
        .into());
    }
    match &target.event {
        Event::CampaignCreated { .. } => {
            return Err(Refusal::CreatesCampaign { event: seq }.into());
        }
        Event::EventsVoided { .. } => {
            return Err(Refusal::IsVoid { event: seq }.into());
        }
        _ => {}
    }
    let mut voided = events::voided(w.conn(), campaign).await?;
    if let Some(by) = voided.get(&seq) {
        return Err(Refusal::AlreadyVoided {
            event: seq,
            by: *by,
        }
        .into());
    }
    // The event, and every event that follows from it, directly or not — less those voided
    // already (with their own consequences).
    let mut chain = BTreeSet::from([seq]);
    for (later, cause) in events::consequences_after(w.conn(), campaign, seq).await? {
        if chain.contains(&cause) && !voided.contains_key(&later) {
            chain.insert(later);
        }
    }
    let by = w.state.last_seq + 1;
    voided.extend(chain.iter().map(|s| (*s, by)));
    let replay = Replay::campaign(w.conn(), campaign, voided).await?;
    if let Some(first) = replay.conflicts.first() {
        return Err(Refusal::DependedOn {
            event: seq,
            standing: replay.conflicts.iter().map(|c| c.seq).collect(),
            first: first.clone(),
        }
        .into());
    }
    let name = &replay.state.campaign.name;
    if !name.eq_ignore_ascii_case(&w.state.campaign.name)
        && campaigns::exists(w.conn(), name).await?
    {
        return Err(Refusal::NameTaken {
            event: seq,
            name: name.clone(),
        }
        .into());
    }
    w.replace_state(replay.state);
    let events: Vec<i64> = chain.into_iter().collect();
    let void = w.record(Event::EventsVoided {
        target: seq,
        events: events.clone(),
    })?;
    w.mark_voided(events.clone(), void.seq);
    w.commit().await?;
    Ok(Voided {
        target,
        events,
        void,
    })
}

/// What a redo recorded.
#[derive(Debug, serde::Serialize)]
pub struct Redone {
    /// The void it takes back.
    pub void: i64,
    /// The events it records again, each with the number it had.
    pub events: Vec<(i64, Recorded)>,
}

/// `redo`: when the latest command of the referee who makes it is a void (an `undo` or a
/// `void`), record what it voided again — whatever others recorded since — in order, as new
/// events carrying the same dice, each consequence after its cause, where the void was
/// recorded. They are held to the rules again as they are recorded, against the state as it is
/// now: an event that no longer fits it refuses the redo, naming the later event that changed
/// what it acts on.
pub async fn redo(cx: &mut Ctx) -> Result<Redone> {
    let (mut w, maker) = begin(cx).await?;
    let campaign = w.campaign;
    let latest = own_latest(&mut w, maker.as_deref()).await?;
    let Some(Recorded {
        seq: void,
        session,
        event: Event::EventsVoided { events: undone, .. },
        ..
    }) = latest
    else {
        return Err(Refusal::NothingToRedo {
            latest: latest.map_or(0, |l| l.seq),
            referee: maker,
        }
        .into());
    };
    w.about(session).await?;
    // The whole state, as the ledger stands now, so that every event is held to all of it.
    let voided = events::voided(w.conn(), campaign).await?;
    let replay = Replay::campaign(w.conn(), campaign, voided).await?;
    let last_touch = replay.last_touch.clone();
    w.replace_state(replay.state);
    let mut again: Vec<(i64, Recorded)> = Vec::new();
    for seq in undone {
        let old = events::get(w.conn(), campaign, seq)
            .await?
            .ok_or(Refusal::NoEvent { event: seq })?;
        // A cause among the events redone is the new event; one older stands as it was.
        let cause = old.cause.map(|cause| {
            again
                .iter()
                .find(|(was, _)| *was == cause)
                .map_or(cause, |(_, now)| now.seq)
        });
        // What was recorded since the void and last touched what this event names.
        let since = old
            .event
            .refs()
            .iter()
            .filter_map(|id| last_touch.get(*id).copied())
            .filter(|&touched| touched > void)
            .max();
        let recorded = w.record_with_cause(old.event, cause).map_err(|e| match e {
            Error::Conflict(problem) => match *problem {
                Problem::Ledger(first) => Error::from(Refusal::RedoBlocked {
                    event: seq,
                    since,
                    first,
                }),
                problem => Error::Conflict(Box::new(problem)),
            },
            e => e,
        })?;
        again.push((seq, recorded));
    }
    w.commit().await?;
    Ok(Redone {
        void,
        events: again,
    })
}

/// The campaign as it stood at the end of play session `number` (now, if it is still open),
/// rebuilt from the ledger — corrections (voids) included — with what was recorded for it
/// after it ended and before the next one started: its share-outs, its award and the treasure
/// said to be brought back in it (`report session` lists them in it), and what came between.
pub async fn state_at(cx: &mut Ctx, number: u32) -> Result<crate::ledger::State> {
    let campaign = cx.campaign().await?;
    let session = crate::choice::require(cx.conn(), &campaign, number).await?;
    let until = match session.ended_seq {
        Some(ended) => {
            let next = crate::store::sessions::get(cx.conn(), campaign.id, number + 1).await?;
            let before_next = next.map_or(campaign.last_seq, |s| s.started_seq - 1);
            let after = crate::books::recorded_for(cx.conn(), campaign.id, number).await?;
            after
                .into_iter()
                .map(|r| r.seq)
                .filter(|&seq| seq <= before_next)
                .fold(ended, i64::max)
        }
        None => campaign.last_seq,
    };
    let voided = events::voided(cx.conn(), campaign.id).await?;
    let mut replay = Replay::new(voided);
    let filter = events::Filter {
        until: Some(until),
        ..Default::default()
    };
    events::select(cx.conn(), campaign.id, &filter, |rec| {
        replay.feed(&rec);
        Ok::<_, Error>(())
    })
    .await?;
    Ok(replay.state)
}
