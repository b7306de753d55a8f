//! `hoard read ITEM --by CHARACTER` (learn what a scroll holds), `hoard cast ITEM --spell N
//! --by CHARACTER` (or a protection scroll, with `--turns`), `hoard copy ITEM --spell N --by
//! CHARACTER`.

use serde::Serialize;

use super::tables::for_campaign;
use crate::ctx::Ctx;
use crate::error::{Error, Problem, Result};
use crate::ledger::{Act, Event, Recorded};
use crate::refusal::scroll::Refusal;
use crate::rules::effect::Effect;
use crate::rules::scroll;

/// A scroll rule refusing, as the command's error.
impl From<scroll::Refusal> for Error {
    fn from(r: scroll::Refusal) -> Self {
        match r {
            // A duration the command line did not give is a usage error, not a rule's refusal.
            scroll::Refusal::NoDuration => Error::Invalid(Problem::Scroll(r).into()),
            r => Error::Refused(Problem::Scroll(r).into()),
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct Cast {
    #[serde(flatten, serialize_with = "super::name::item")]
    pub item: crate::rules::item::Names,
    pub character: String,
    pub spell: Option<usize>,
    pub failed: bool,
    pub outcome: Option<String>,
    /// Protection scrolls: when the protection ends.
    pub protected_until: Option<i64>,
    pub event: Recorded,
}

/// Cast spell `spell` of a spell scroll, or read a protection scroll (its duration from the
/// item's data or `--turns`).
pub async fn cast(
    cx: &mut Ctx,
    key: &str,
    by: Option<&str>,
    spell: Option<usize>,
    turns: Option<i64>,
) -> Result<Cast> {
    let tables = for_campaign(cx).await?;
    let failure = crate::rules::generate::table(&tables.tables, "scroll-failure")
        .map_err(|e| Error::Invalid(Problem::Generation(e).into()))?
        .clone();
    let mut dice = cx.dice();
    let mut w = cx.write().await?;
    let item = w.item(key).await?;
    let who = w.actor(&item, by).await?;
    if item.identity.kind.as_deref() == Some("protection") {
        let now = w.now();
        let turns = turns
            .or_else(|| {
                item.identity
                    .duration
                    .as_deref()
                    .and_then(|d| d.parse().ok())
            })
            .unwrap_or(0);
        let ends_at = scroll::protect(&item, &who, turns, now, w.round())?;
        // The effects of protections stack; their durations do not: the same protection
        // still running keeps the later end.
        let running = w.effects(&who.id).await?;
        let effect = match running
            .into_iter()
            .find(|e| e.kind == "protection" && e.name == item.name)
        {
            Some(mut e) => {
                e.ends_at = e.ends_at.max(Some(ends_at));
                e
            }
            None => Effect {
                id: w.new_id(),
                character: who.id.clone(),
                item: Some(item.id.clone()),
                kind: "protection".into(),
                name: item.name.clone(),
                name_fr: item.name_fr.clone(),
                started_at: now,
                ends_at: Some(ends_at),
            },
        };
        let until = effect.ends_at;
        let event = w.record(Event::ProtectionRead {
            act: Act::new(&item, &who),
            effect,
        })?;
        w.commit().await?;
        return Ok(Cast {
            item: item.names(),
            character: who.name,
            spell: None,
            failed: false,
            outcome: None,
            protected_until: until,
            event,
        });
    }
    let spell = spell.ok_or(Refusal::WhichSpell)?;
    let cast = scroll::cast(&item, spell, &who, &failure, &mut dice)?;
    let (outcome_roll, outcome) = match cast.outcome.clone() {
        Some((roll, outcome)) => (Some(roll), Some(outcome)),
        None => (None, None),
    };
    let event = w.record(Event::SpellCast {
        act: Act::new(&item, &who),
        spell,
        level: cast.level,
        copied: false,
        gap: cast.gap,
        chance: cast.chance,
        roll: cast.roll.clone(),
        failed: cast.failed,
        outcome_roll,
        outcome: outcome.clone(),
    })?;
    w.commit().await?;
    Ok(Cast {
        item: item.names(),
        character: who.name,
        spell: Some(spell),
        failed: cast.failed,
        outcome,
        protected_until: None,
        event,
    })
}

/// Copy a spell into a spellbook: it is erased from the scroll.
pub async fn copy(cx: &mut Ctx, key: &str, by: Option<&str>, spell: usize) -> Result<Recorded> {
    let mut w = cx.write().await?;
    let item = w.item(key).await?;
    let who = w.actor(&item, by).await?;
    let level = scroll::copy(&item, spell, &who)?;
    let event = w.record(Event::SpellCast {
        act: Act::new(&item, &who),
        spell,
        level,
        copied: true,
        gap: 0,
        chance: 0,
        roll: None,
        failed: false,
        outcome_roll: None,
        outcome: None,
    })?;
    w.commit().await?;
    Ok(event)
}
