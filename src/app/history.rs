//! `hoard void EVENT` and `hoard undo`: nothing is deleted. A void event is appended, naming
//! the voided event and every consequence of it, and the state is rebuilt by replaying the
//! ledger without them — refused, with the reason, when a later event cannot stand without
//! them.

use std::collections::BTreeSet;

use super::check::Replay;
use super::{Ctx, Write};
use crate::error::{Error, Result};
use crate::ledger::{Event, Recorded};
use crate::store::events;
use crate::tr;

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

pub async fn void(cx: &mut Ctx, seq: i64) -> Result<Voided> {
    let mut w = cx.write().await?;
    let campaign = w.campaign;
    let target = events::get(w.conn(), campaign, seq).await?.ok_or_else(|| {
        Error::NotFound(
            tr!(
                "no event #{seq} in this campaign (`hoard log` lists them)",
                "pas d'événement n°{seq} dans cette campagne (`hoard log` les liste)"
            )
            .into(),
        )
    })?;
    void_in(w, target).await
}

/// Void the latest command: the latest event that stands, or the event it follows from — found
/// under the write lock, so a command recorded meanwhile elsewhere is not undone instead.
pub async fn undo(cx: &mut Ctx) -> Result<Voided> {
    let mut w = cx.write().await?;
    let campaign = w.campaign;
    let nothing = || {
        Error::Refused(
            tr!(
                "nothing to undo: the campaign has no event left to void",
                "rien à défaire : la campagne n'a plus d'événement à annuler"
            )
            .into(),
        )
    };
    let mut latest = events::latest_standing(w.conn(), campaign)
        .await?
        .ok_or_else(nothing)?;
    while let Some(cause) = latest.cause {
        // Causes point backwards (the projector holds every event to it); a ledger edited by
        // hand that loops is refused rather than followed for ever.
        if cause >= latest.seq {
            return Err(Error::Conflict(tr!(
                "event #{} names a later cause, #{cause}: the ledger was edited by hand; run `hoard check`",
                "l'événement n°{} a pour cause un événement postérieur, le n°{cause} : le registre a été modifié à la main ; lancez `hoard check`",
                latest.seq
            ).into()));
        }
        latest = events::get(w.conn(), campaign, cause)
            .await?
            .ok_or_else(nothing)?;
    }
    if matches!(latest.event, Event::CampaignCreated { .. }) {
        return Err(nothing());
    }
    void_in(w, latest).await
}

/// Void `target` and every consequence of it still standing, if the ledger can stand without
/// them: the state is rebuilt by replay, and a later event that would no longer stand refuses
/// the void, named with its reason.
async fn void_in(mut w: Write<'_>, target: Recorded) -> Result<Voided> {
    let (seq, campaign) = (target.seq, w.campaign);
    match &target.event {
        Event::CampaignCreated { .. } => {
            return Err(Error::Refused(
                tr!(
                    "event #{seq} creates the campaign: it cannot be voided",
                    "l'événement n°{seq} crée la campagne : il ne peut pas être annulé"
                )
                .into(),
            ));
        }
        Event::EventsVoided { .. } => {
            return Err(Error::Refused(
                tr!(
                    "event #{seq} is itself a void: it cannot be voided",
                    "l'événement n°{seq} est lui-même une annulation : il ne peut pas être annulé"
                )
                .into(),
            ));
        }
        _ => {}
    }
    let mut voided = events::voided(w.conn(), campaign).await?;
    if let Some(by) = voided.get(&seq) {
        return Err(Error::Refused(
            tr!(
                "event #{seq} was already voided by #{by}",
                "l'événement n°{seq} a déjà été annulé par le n°{by}"
            )
            .into(),
        ));
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
        let standing: Vec<String> = replay
            .conflicts
            .iter()
            .map(|c| format!("#{}", c.seq))
            .collect();
        let (standing, reason) = (standing.join(", "), crate::i18n::Worded(&first.reason));
        return Err(Error::Refused(tr!(
            "event #{seq} cannot be voided: later events depend on it ({standing}; #{}: {reason}); void those first",
            "l'événement n°{seq} ne peut pas être annulé : des événements postérieurs en dépendent ({standing} ; n°{} : {reason}) ; annulez-les d'abord",
            first.seq
        ).into()));
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

/// The campaign as it stood at the end of play session `number` (now, if it is still open),
/// rebuilt from the ledger — corrections (voids) included.
pub async fn state_at(cx: &mut Ctx, number: u32) -> Result<crate::ledger::State> {
    let campaign = cx.campaign().await?;
    let session = super::session::require(cx.conn(), &campaign, number).await?;
    let until = session.ended_seq.unwrap_or(campaign.last_seq);
    let voided = events::voided(cx.conn(), campaign.id).await?;
    let mut replay = Replay::new(voided);
    let filter = events::Filter {
        until: Some(until),
        ..Default::default()
    };
    events::select(cx.conn(), campaign.id, &filter, |rec| {
        replay.feed(&rec);
        Ok::<_, crate::error::Error>(())
    })
    .await?;
    Ok(replay.state)
}
