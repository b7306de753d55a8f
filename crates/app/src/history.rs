//! `hoard void EVENT` and `hoard undo`: nothing is deleted. A void event is appended, naming
//! the voided event and every consequence of it, and the state is rebuilt by replaying the
//! ledger without them — refused, with the reason, when a later event cannot stand without
//! them. `hoard redo` takes an undo back the only way an append-only ledger can: it records
//! what was voided again, as new events with the same dice.

use std::collections::BTreeSet;

use super::replay::Replay;
use crate::ctx::Ctx;
use crate::error::{Error, Result};
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

/// `void N [--force]`: an event and its consequences voided; another referee's only with
/// `force`.
pub async fn void(cx: &mut Ctx, seq: i64, force: bool) -> Result<Voided> {
    let mut w = cx.write().await?;
    let campaign = w.campaign;
    let target = events::get(w.conn(), campaign, seq)
        .await?
        .ok_or(Refusal::NoEvent { event: seq })?;
    void_in(w, target, force).await
}

/// Void the latest command: the latest event that stands, or the event it follows from — found
/// under the write lock, so a command recorded meanwhile elsewhere is not undone instead.
pub async fn undo(cx: &mut Ctx, force: bool) -> Result<Voided> {
    let mut w = cx.write().await?;
    let campaign = w.campaign;
    let nothing = || Error::from(Refusal::NothingToUndo);
    let mut latest = events::latest_standing(w.conn(), campaign)
        .await?
        .ok_or_else(nothing)?;
    // The latest command is a void: it cannot be voided, and an undo would reach past it to
    // an unrelated, older command. A void made by `undo` voided the latest command standing,
    // so what stands now is older than its target, and undoing again walks back as asked.
    let last = w.state.last_seq;
    if let Some(Recorded {
        event: Event::EventsVoided { target, .. },
        ..
    }) = events::get(w.conn(), campaign, last).await?
        && latest.seq > target
    {
        return Err(Refusal::AfterVoid {
            void: last,
            target,
            past: latest.seq,
        }
        .into());
    }
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
    }
    if matches!(latest.event, Event::CampaignCreated { .. }) {
        return Err(nothing());
    }
    void_in(w, latest, force).await
}

/// Void `target` and every consequence of it still standing, if the ledger can stand without
/// them: the state is rebuilt by replay, and a later event that would no longer stand refuses
/// the void, named with its reason.
async fn void_in(mut w: Write<'_>, target: Recorded, force: bool) -> Result<Voided> {
    let (seq, campaign) = (target.seq, w.campaign);
    // The void is recorded where the event was, or between sessions.
    w.about(target.session).await?;
    if let Some(theirs) = &target.referee
        && w.author().as_ref() != Some(theirs)
        && !force
    {
        return Err(Refusal::Others {
            event: seq,
            referee: theirs.clone(),
            me: w.author(),
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

/// `redo`: right after an `undo` (or a `void`), record what it voided again, in order, as new
/// events carrying the same dice, each consequence after its cause. Only while the void is the
/// latest event: what was recorded since could not have happened with them standing. They
/// are held to the rules again as they are recorded, so the state is what it was before.
pub async fn redo(cx: &mut Ctx) -> Result<Redone> {
    let mut w = cx.write().await?;
    let (campaign, last) = (w.campaign, w.state.last_seq);
    let Some(Recorded {
        event: Event::EventsVoided { events: undone, .. },
        ..
    }) = events::get(w.conn(), campaign, last).await?
    else {
        return Err(Refusal::NothingToRedo { latest: last }.into());
    };
    // The whole state, as a void leaves it, so that every event is held to all of it.
    let voided = events::voided(w.conn(), campaign).await?;
    let replay = Replay::campaign(w.conn(), campaign, voided).await?;
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
        let recorded = w.record_with_cause(old.event, cause)?;
        again.push((seq, recorded));
    }
    w.commit().await?;
    Ok(Redone {
        void: last,
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
