//! Who a share-out or an award pays, and for which session: the characters who take part
//! (`rules::party::takes_part`), the party of the session's roster only, loaded into the write
//! (`share` and `xp award` alike).

use crate::error::{Error, Result};
use crate::ledger::Character;
use crate::rules::party::{Spoils, takes_part};
use crate::store;
use crate::write::Write;

/// The session a share or an award is for: the one named (it must exist), else the one open,
/// else the latest.
pub async fn session_for(w: &mut Write<'_>, given: Option<u32>) -> Result<Option<u32>> {
    let Some(n) = given else {
        let last = w.state.campaign.last_session;
        return Ok(w.session()?.or((last > 0).then_some(last)));
    };
    let found = store::campaigns::Found {
        id: w.campaign,
        campaign: w.state.campaign.clone(),
        last_seq: w.state.last_seq,
        // Only the session is looked up: the chain is the write's.
        head: None,
    };
    crate::choice::require(w.conn(), &found, n).await?;
    Ok(Some(n))
}

/// The characters who take part in a share-out or an award (`rules::party::takes_part`: on a
/// share, and alive unless the dead's treasure goes to their heirs), by name, loaded into the
/// write.
pub async fn sharers(
    w: &mut Write<'_>,
    spoils: Spoils,
    session: Option<u32>,
) -> Result<Vec<Character>> {
    let roster = match session {
        Some(n) => w.roster(n).await?,
        None => Vec::new(),
    };
    let campaign = w.campaign;
    let settings = &w.state.campaign.settings;
    let (death, dead) = (
        settings.death.unwrap_or_default(),
        settings.dead_share.unwrap_or_default(),
    );
    let mut all = store::characters::list(w.conn(), campaign).await?;
    // A session with a roster pays its party only, whichever referee runs it.
    all.retain(|c| {
        takes_part(c, spoils, death, dead)
            && (roster.is_empty() || roster.iter().any(|m| m.character == c.id))
    });
    for c in &all {
        w.state.characters.entry(c.id.clone()).or_insert(c.clone());
    }
    Ok(all)
}

/// The characters an award for session `n` pays (OSE, *Awarding XP*: "XP is awarded to all
/// characters who survive an adventure"): once the session has ended, those alive at its end
/// (the ledger replayed to it: not one who died later, nor one who came into play after) and
/// on a share now; while it is open, those who take part now.
pub async fn survivors(w: &mut Write<'_>, n: u32) -> Result<Vec<Character>> {
    w.roster(n).await?;
    let Some(end) = w.state.sessions.get(&n).and_then(|s| s.ended_seq) else {
        return sharers(w, Spoils::Experience, Some(n)).await;
    };
    let campaign = w.campaign;
    let voided = store::events::voided(w.conn(), campaign).await?;
    let mut replay = crate::replay::Replay::new(voided);
    let filter = store::events::Filter {
        until: Some(end),
        ..Default::default()
    };
    store::events::select(w.conn(), campaign, &filter, |rec| {
        replay.feed(&rec);
        Ok::<_, Error>(())
    })
    .await?;
    let alive = replay.state.survivors.remove(&n).unwrap_or_default();
    let mut all = store::characters::list(w.conn(), campaign).await?;
    all.retain(|c| c.share.0 > 0 && alive.contains(&c.id));
    for c in &all {
        w.state.characters.entry(c.id.clone()).or_insert(c.clone());
    }
    Ok(all)
}
