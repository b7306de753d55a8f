//! `hoard drink ITEM`, `hoard apply ITEM` (oils): one dose, its delay, and the effect that
//! runs on the game clock.

use serde::Serialize;

use crate::ctx::Ctx;
use crate::error::{Error, Problem, Result};
use crate::ledger::{Act, Event, Mixed, Recorded};
use crate::rules::effect::Effect;
use crate::rules::potion;

#[derive(Debug, Clone, Serialize)]
pub struct Taken {
    #[serde(flatten, serialize_with = "super::name::item")]
    pub item: crate::rules::item::Names,
    pub character: String,
    pub delay: i64,
    /// The initiative of the action (+1 to drink; an oil's delay to rub on) and of the effect.
    #[serde(flatten)]
    pub timing: potion::Timing,
    /// Turns, when the effect lasts.
    pub duration: Option<i64>,
    pub ends_at: Option<i64>,
    /// Hit points restored (Healing, Extra-Healing), and the drinker's after.
    pub healed: Option<i64>,
    pub hp: i32,
    /// In an OSE campaign, the potions it mixed with: theirs and its effect cancelled, the
    /// drinker sick until `sick_until`.
    pub mixed: Option<Mixed>,
    pub event: Recorded,
    /// What followed: a wounded control the healing ended.
    pub consequences: Vec<Recorded>,
}

pub async fn take(cx: &mut Ctx, key: &str, by: Option<&str>, oil: bool) -> Result<Taken> {
    let mut dice = cx.dice();
    let mut w = cx.write().await?;
    let item = w.item(key).await?;
    let who = w.actor(&item, by).await?;
    let now = w.now();
    let items = w.state.campaign.settings.magic_items.unwrap_or_default();
    let running = w.effects(&who.id).await?;
    let dose = potion::take(&item, oil, (now, w.round()), (items, &running), &mut dice)
        .map_err(|r| Error::Refused(Problem::Potion(r).into()))?;
    let mixed = dose.mixed.as_ref().map(|m| Mixed {
        cancelled: running
            .iter()
            .filter(|e| m.cancelled.contains(&e.id))
            .map(|e| Effect {
                ends_at: Some(now),
                ..e.clone()
            })
            .collect(),
        sickness: Effect {
            id: w.new_id(),
            character: who.id.clone(),
            item: None,
            kind: potion::SICK.into(),
            name: potion::SICKNESS.0.into(),
            name_fr: potion::SICKNESS.1.into(),
            started_at: now,
            ends_at: Some(m.sick_until),
        },
    });
    let effect = dose.ends_at.map(|ends_at| Effect {
        id: w.new_id(),
        character: who.id.clone(),
        item: Some(item.id.clone()),
        kind: if oil { "oil" } else { "potion" }.into(),
        name: item.name.clone(),
        name_fr: item.name_fr.clone(),
        started_at: dose.starts_at,
        ends_at: Some(ends_at),
    });
    let event = w.record(Event::PotionTaken {
        act: Act::new(&item, &who),
        oil,
        delay: dose.delay.clone(),
        duration: dose.duration.clone(),
        effect,
        healed: dose.healed.clone(),
        mixed: mixed.clone().map(Box::new),
    })?;
    if dose.healed.is_some() {
        // Back above half HP, a sword's wounded control ends.
        super::control::after_hp(&mut w, &who, event.seq, &mut dice).await?;
    }
    let hp = w.state.characters[&who.id].hp;
    let consequences = w.commit().await?.into_iter().skip(1).collect();
    Ok(Taken {
        item: item.names(),
        character: who.name,
        delay: dose.delay.total,
        timing: dose.timing,
        duration: dose.duration.map(|d| d.total),
        ends_at: dose.ends_at,
        healed: dose.healed.map(|r| r.total),
        hp,
        mixed,
        event,
        consequences,
    })
}
