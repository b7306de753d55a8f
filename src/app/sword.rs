//! `hoard sword add`: a sentient sword whose qualities the referee chooses, as seed 000
//! allows, checked like generated ones.

use super::Ctx;
use super::tables::for_campaign;
use crate::error::{Error, Result};
use crate::ledger::Act;
use crate::ledger::{Event, Item, Origin};
use crate::rules::character::check_name;
use crate::rules::control::{Ending, Occasion};
use crate::rules::item::Slot;
use crate::rules::item::{Category, Identity};
use crate::rules::sword::{self, Chosen};
use crate::tr;

#[derive(Debug, Clone)]
pub struct NewSword {
    pub name: String,
    pub chosen: Chosen,
    pub bonus: Option<i32>,
    pub blade: Option<String>,
    pub to: Option<String>,
}

pub async fn add(cx: &mut Ctx, new: NewSword) -> Result<super::item::Added> {
    let name = check_name("sword", &new.name).map_err(|e| Error::Invalid(e.0))?;
    let loaded = for_campaign(cx).await?;
    let (seed, mut dice) = (cx.seed, cx.dice());
    let mut steps = Vec::new();
    let sentience = sword::choose(&loaded.tables, &new.chosen, &mut dice, &mut steps)
        .map_err(|e| Error::Invalid(e.0))?;
    let mut w = cx.write().await?;
    let holder = match &new.to {
        Some(to) => Some(w.character(to).await?),
        None => None,
    };
    let identity = Identity {
        bonus: new.bonus,
        blade: new.blade,
        initiative: Some(3),
        level: Some(12),
        sentience: Some(sentience),
        ..Identity::default()
    };
    let mut item = Item::new(w.new_id(), name.clone(), name, Category::Sword, identity);
    item.holder = holder.as_ref().map(|h| h.id.clone());
    let origin = Origin {
        how: "added".into(),
        table: None,
        // The seed of the powers rolled for the referee, if any.
        seed: (!steps.is_empty()).then_some(seed),
        tables: Some(loaded.source),
        steps,
    };
    super::item::record_added(w, item, origin, holder, &mut dice).await
}

/// What a sword command recorded.
pub type Recorded = Vec<crate::ledger::Recorded>;

fn sentient(item: &Item) -> Result<&crate::rules::item::Sentience> {
    item.sentience().ok_or_else(|| {
        let name = item.name();
        Error::Refused(tr!(
            "{name} is not a sentient sword",
            "{name} n'est pas une épée intelligente"
        ))
    })
}

/// `touch SWORD --by C [--rounds N]`: the character takes the sword in hand (from the party's
/// treasure if it is there) for N rounds: they learn its alignment, and one of another
/// alignment takes its damage each round (which may itself call for a check).
pub async fn touch(cx: &mut Ctx, key: &str, by: &str, rounds: u32) -> Result<Recorded> {
    let mut dice = cx.dice();
    let mut w = cx.write().await?;
    let sword = w.item(key).await?;
    sentient(&sword)?;
    let who = w.actor(&sword, Some(by)).await?;
    if sword.holder.is_none() {
        let passed = w.record(Event::ItemPassed {
            item: sword.id.clone(),
            item_name: sword.name.clone(),
            item_name_fr: sword.name_fr.clone(),
            from: None,
            to: Some(who.id.clone()),
            to_name: Some(who.name.clone()),
        })?;
        super::control::after_passing(
            &mut w,
            &sword,
            None,
            Some(&who),
            passed.seq,
            super::control::Handling::Touches,
            &mut dice,
        )
        .await?;
    }
    let now = w.current(&sword.id)?;
    super::control::touching(&mut w, &now, &who, rounds, None, &mut dice).await?;
    w.commit().await
}

/// A sentient sword, its wielder (who must hold it), and the sword as this command left it.
async fn in_hand(
    w: &mut crate::app::Write<'_>,
    key: &str,
    by: Option<&str>,
) -> Result<(Item, crate::ledger::Character)> {
    let sword = w.item(key).await?;
    sentient(&sword)?;
    let who = w.actor(&sword, by).await?;
    if sword.holder.as_deref() != Some(who.id.as_str()) {
        let (name, whom) = (sword.name(), &who.name);
        return Err(Error::Refused(tr!(
            "{whom} does not hold {name}: `hoard give` it first",
            "{whom} ne porte pas {name} : `hoard give` d'abord"
        )));
    }
    Ok((sword, who))
}

/// The checks every use of a sword calls for: first contact for a new hand, and a check by a
/// sword of another alignment than its wielder's.
fn used(
    w: &mut crate::app::Write<'_>,
    sword: &Item,
    who: &crate::ledger::Character,
    cause: i64,
    dice: &mut impl crate::rules::dice::Dice,
) -> Result<()> {
    super::control::on(w, sword, who, Occasion::Used { by: who }, cause, dice)
}

/// `wield SWORD [--by C]`: the sword in hand (another sword in hand is put away) — a use.
pub async fn wield(cx: &mut Ctx, key: &str, by: Option<&str>) -> Result<Recorded> {
    let mut dice = cx.dice();
    let mut w = cx.write().await?;
    let (sword, who) = in_hand(&mut w, key, by).await?;
    for other in w.holdings(&who.id).await? {
        if other.worn == Some(Slot::Hand) && other.id != sword.id {
            w.record(Event::ItemRemoved {
                act: Act::new(&other, &who),
                slot: Slot::Hand,
            })?;
        }
    }
    let wielded = w.record(Event::SwordWielded {
        act: Act::new(&sword, &who),
    })?;
    used(&mut w, &sword, &who, wielded.seq, &mut dice)?;
    w.commit().await
}

/// `sword power SWORD POWER [--by C]`: the sword must be in hand and its wielder
/// concentrating; a power's limit (3 a day, once a turn …) is counted on the game clock.
pub async fn power(cx: &mut Ctx, key: &str, power: &str, by: Option<&str>) -> Result<Recorded> {
    let mut dice = cx.dice();
    let mut w = cx.write().await?;
    let (sword, who) = in_hand(&mut w, key, by).await?;
    let mind = sentient(&sword)?.clone();
    let (name, wanted) = (sword.name().to_string(), power.trim().to_lowercase());
    let Some(found) = mind
        .sensory_powers
        .iter()
        .chain(&mind.extraordinary_powers)
        .find(|p| {
            p.id == wanted || p.name.to_lowercase() == wanted || p.name_fr.to_lowercase() == wanted
        })
        .cloned()
    else {
        let known: Vec<&str> = mind
            .sensory_powers
            .iter()
            .chain(&mind.extraordinary_powers)
            .map(|p| p.id.as_str())
            .collect();
        return Err(Error::NotFound(tr!(
            "{name} has no power {power:?}: its powers are {}",
            "{name} n'a pas de pouvoir {power:?} : ses pouvoirs sont {}",
            known.join(", ")
        )));
    };
    if sword.worn != Some(Slot::Hand) {
        return Err(Error::Refused(tr!(
            "{name} must be in its wielder's hand to use a power (seed 000): `hoard wield` it first",
            "{name} doit être en main pour utiliser un pouvoir : `hoard wield` d'abord"
        )));
    }
    if let Some((limit, since)) = sword::usage_period(&found.uses, w.now()) {
        let campaign = w.campaign;
        let used =
            crate::store::events::power_uses(w.conn(), campaign, &sword.id, &found.id, since)
                .await?;
        if used >= i64::from(limit) {
            let uses = &found.uses;
            return Err(Error::Refused(tr!(
                "{} of {name} is used up: {uses}, already used {used} time(s) this period",
                "{} de {name} est épuisé : {uses}, déjà utilisé {used} fois sur la période",
                found.name
            )));
        }
    }
    let rec = w.record(Event::SwordPowerUsed {
        act: Act::new(&sword, &who),
        power: found.id.clone(),
        power_name: found.name.clone(),
        uses: found.uses.clone(),
    })?;
    used(&mut w, &sword, &who, rec.seq, &mut dice)?;
    w.commit().await
}

/// `sword demand SWORD TEXT`: what a sword in control makes its wielder do.
pub async fn demand(cx: &mut Ctx, key: &str, demand: &str) -> Result<Recorded> {
    let mut w = cx.write().await?;
    let sword = w.item(key).await?;
    sentient(&sword)?;
    let Some(control) = sword.control.clone() else {
        let name = sword.name();
        return Err(Error::Refused(tr!(
            "{name} controls no one: a sword makes demands only while in control",
            "{name} ne contrôle personne : une épée n'exige qu'en ayant le contrôle"
        )));
    };
    let demand =
        crate::rules::character::check_name("demand", demand).map_err(|e| Error::Invalid(e.0))?;
    let who = w.character_by_id(&control.character).await?;
    w.record(Event::SwordDemand {
        act: Act::new(&sword, &who),
        demand,
    })?;
    w.commit().await
}

/// `release SWORD`: the referee finds the sword satisfied: it lets go.
pub async fn release(cx: &mut Ctx, key: &str) -> Result<Recorded> {
    let mut w = cx.write().await?;
    let sword = w.item(key).await?;
    sentient(&sword)?;
    let Some(control) = sword.control.clone() else {
        let name = sword.name();
        return Err(Error::Refused(tr!(
            "{name} controls no one",
            "{name} ne contrôle personne"
        )));
    };
    let who = w.character_by_id(&control.character).await?;
    super::control::release(&mut w, &sword, &who, Ending::Satisfied, None)?;
    w.commit().await
}

/// `encounter --with KIND [--alignment A] [--character NAME] [--applies]`: a foe met; every
/// sentient sword whose purpose it serves checks over its holder.
pub async fn encounter(cx: &mut Ctx, foe: sword::Foe, character: Option<&str>) -> Result<Recorded> {
    let mut dice = cx.dice();
    let mut w = cx.write().await?;
    if w.state.campaign.encounter.is_some() {
        return Err(Error::Refused(tr!(
            "an encounter is under way: `hoard encounter end` first",
            "une rencontre est en cours : `hoard encounter end` d'abord"
        )));
    }
    let (foe, met) = match character {
        Some(name) => {
            let c = w.character(name).await?;
            let foe = sword::Foe {
                kind: c.class.clone().unwrap_or_else(|| foe.kind.clone()),
                alignment: Some(c.alignment),
                applies: foe.applies,
            };
            (foe, Some(c.id))
        }
        None => (foe, None),
    };
    let started = w.record(Event::EncounterStarted {
        foe: foe.clone(),
        character: met.clone(),
    })?;
    let campaign = w.campaign;
    for sword in crate::store::items::purpose_swords(w.conn(), campaign).await? {
        let (Some(mind), Some(holder)) = (sword.sentience(), sword.holder.clone()) else {
            continue;
        };
        let Some(purpose) = &mind.special_purpose else {
            continue;
        };
        if Some(&holder) == met.as_ref() || !sword::purpose_applies(purpose, mind.alignment, &foe) {
            continue;
        }
        w.state
            .items
            .entry(sword.id.clone())
            .or_insert_with(|| sword.clone());
        let who = w.character_by_id(&holder).await?;
        let now = w.current(&sword.id)?;
        super::control::on(
            &mut w,
            &now,
            &who,
            Occasion::Purpose,
            started.seq,
            &mut dice,
        )?;
    }
    w.commit().await
}

/// `encounter end`: the foe is gone; controls its purpose began end.
pub async fn encounter_end(cx: &mut Ctx) -> Result<Recorded> {
    let mut w = cx.write().await?;
    if w.state.campaign.encounter.is_none() {
        return Err(Error::Refused(tr!(
            "no encounter is under way",
            "aucune rencontre en cours"
        )));
    }
    let ended = w.record(Event::EncounterEnded {})?;
    let campaign = w.campaign;
    for sword in crate::store::items::in_control(w.conn(), campaign).await? {
        let Some(control) = sword.control.clone() else {
            continue;
        };
        if !crate::rules::control::releases(&control, Ending::EncounterEnded) {
            continue;
        }
        w.state
            .items
            .entry(sword.id.clone())
            .or_insert_with(|| sword.clone());
        let who = w.character_by_id(&control.character).await?;
        let ending = Ending::EncounterEnded;
        super::control::release(&mut w, &sword, &who, ending, Some(ended.seq))?;
    }
    w.commit().await
}

/// The exact chance that a check now gives `sword` control of `character`.
pub struct Odds {
    pub sword: String,
    pub character: String,
    pub numerator: u128,
    pub denominator: u128,
}

pub async fn odds(cx: &mut Ctx, key: &str, character: &str) -> Result<Odds> {
    let campaign = cx.campaign().await?;
    let sword = super::item::find(cx.conn(), campaign.id, key).await?;
    let mind = sentient(&sword)?.clone();
    let who =
        super::find_character(cx.conn(), campaign.id, &campaign.campaign.name, character).await?;
    let (numerator, denominator) = crate::rules::control::odds(&mind, &who);
    Ok(Odds {
        sword: sword.name().to_string(),
        character: who.name,
        numerator,
        denominator,
    })
}

/// The swords in control of a character now, with that character's name.
pub async fn in_control(cx: &mut Ctx) -> Result<Vec<(Item, String)>> {
    let campaign = cx.campaign().await?;
    let characters = crate::store::characters::list(cx.conn(), campaign.id).await?;
    let current = crate::store::items::in_control(cx.conn(), campaign.id)
        .await?
        .into_iter()
        .filter_map(|sword| {
            let who = characters
                .iter()
                .find(|c| sword.control.as_ref().is_some_and(|k| k.character == c.id))?
                .name
                .clone();
            Some((sword, who))
        })
        .collect();
    Ok(current)
}

/// Every control check, oldest first (of one session, or all), streamed: a campaign of years
/// may hold a great many.
pub async fn checks(
    cx: &mut Ctx,
    session: Option<u32>,
    each: impl FnMut(crate::ledger::Recorded) -> Result<()>,
) -> Result<()> {
    let campaign = cx.campaign().await?;
    if let Some(n) = session {
        super::session::require(cx.conn(), &campaign, n).await?;
    }
    crate::store::events::control_checks(cx.conn(), campaign.id, session, each).await
}
