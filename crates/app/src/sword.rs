//! `hoard sword add`: a sentient sword whose qualities the referee chooses, as OSE *Sentient
//! Swords* allows, checked like generated ones; and the sword commands of play: touch, wield,
//! sheathe, powers, demands, release, encounters, odds and the audit.

use super::tables::for_campaign;
use crate::ctx::Ctx;

use crate::error::{Error, Problem, Result};
use crate::ledger::Act;
use crate::ledger::{Event, Item, Origin};
use crate::refusal::sword::Refusal;
use crate::rules::character::check_name;
use crate::rules::control::{Occasion, Reason};
use crate::rules::item::Slot;
use crate::rules::item::{Category, Identity, Names};
use crate::rules::sword::{self, Chosen};

#[derive(Debug, Clone)]
pub struct NewSword {
    pub name: String,
    pub chosen: Chosen,
    pub bonus: Option<i32>,
    pub blade: Option<String>,
    pub to: Option<String>,
}

pub async fn add(cx: &mut Ctx, new: NewSword) -> Result<super::item::Added> {
    let name = check_name("sword", &new.name)?;
    let loaded = for_campaign(cx).await?;
    let (seed, mut dice) = (cx.seed, cx.dice());
    let mut steps = Vec::new();
    let sentience = sword::choose(&loaded.tables, &new.chosen, &mut dice, &mut steps)
        .map_err(|e| Error::Invalid(Problem::Generation(e).into()))?;
    let mut w = cx.write().await?;
    let holder = match &new.to {
        Some(to) => Some(w.character(to).await?),
        None => None,
    };
    let identity = Identity {
        bonus: new.bonus,
        blade: new.blade,
        sentience: Some(sentience),
        ..Identity::default()
    }
    .by_hand(Category::Sword);
    let mut item = Item::new(w.new_id(), name.clone(), name, Category::Sword, identity);
    item.holder = holder.as_ref().map(|h| h.id.clone());
    let origin = Origin {
        how: "added".into(),
        table: None,
        // The seed of the powers rolled for the referee, if any.
        seed: (!steps.is_empty()).then_some(seed),
        tables: Some(loaded.source),
        steps,
        session: None,
    };
    super::item::record_added(w, item, origin, holder, &mut dice).await
}

/// What a sword command recorded.
pub type Recorded = Vec<crate::ledger::Recorded>;

fn sentient(item: &Item) -> Result<&crate::rules::item::Sentience> {
    item.sentience()
        .ok_or_else(|| Refusal::NotSentient { item: item.names() }.into())
}

/// `touch SWORD --by C [--rounds N]`: the character takes the sword in hand (from the party's
/// treasure if it is there) for N rounds, which pass on the clock: they learn its alignment,
/// and one of another alignment takes its damage each round (OSE *Sentient Swords*:
/// « L'alignement de l'épée ne peut être déterminé qu'en la touchant »), the wound checked at
/// the round it crosses half HP.
pub async fn touch(cx: &mut Ctx, key: &str, by: &str, rounds: u32) -> Result<Recorded> {
    let mut dice = cx.dice();
    let mut w = cx.write().await?;
    let sword = w.item(key).await?;
    sentient(&sword)?;
    let who = w.actor(&sword, Some(by)).await?;
    // Taken from the treasure, the hand-over is where the touch begins: one story to undo.
    let taken = match sword.holder {
        None => {
            let touches = crate::custody::Handling::Touches;
            let (_, passed) =
                super::custody::hand_over(&mut w, &sword, Some(&who), touches, &mut dice).await?;
            Some(passed)
        }
        Some(_) => None,
    };
    let now = w.current(&sword.id)?;
    let who = w.character_by_id(&who.id).await?;
    let touched = w.record_with_cause(
        Event::SwordTouched {
            act: Act::new(&now, &who),
            rounds,
            damage: Vec::new(),
            hp: who.hp,
        },
        taken,
    )?;
    let handled = Occasion::Handled { by: &who };
    super::control::on(&mut w, &now, &who.id, handled, touched.seq, &mut dice).await?;
    let now = w.current(&sword.id)?;
    let rounds = i64::from(rounds);
    super::clock::pass(&mut w, rounds, Some(&now), Some(touched.seq), &mut dice).await?;
    w.commit().await
}

/// A sentient sword, its wielder (who must hold it), and the sword as this command left it.
async fn held(
    w: &mut crate::write::Write<'_>,
    key: &str,
    by: Option<&str>,
) -> Result<(Item, crate::ledger::Character)> {
    let sword = w.item(key).await?;
    sentient(&sword)?;
    let who = w.actor(&sword, by).await?;
    if sword.holder.as_deref() != Some(who.id.as_str()) {
        let (sword, character) = (sword.names(), who.name);
        return Err(Refusal::NotHeld { sword, character }.into());
    }
    Ok((sword, who))
}

/// Put `sword` away (out of `who`'s hand): a use ends, and with it a control the use set off.
async fn put_away(
    w: &mut crate::write::Write<'_>,
    sword: &Item,
    who: &crate::ledger::Character,
    cause: Option<i64>,
    dice: &mut impl crate::rules::dice::Dice,
) -> Result<()> {
    let removed = w.record_with_cause(
        Event::ItemRemoved {
            act: Act::new(sword, who),
            slot: Slot::Hand,
        },
        cause,
    )?;
    super::control::settle(w, &who.id, Some(removed.seq), dice).await
}

/// `wield SWORD [--by C]`: the sword in hand, where it stays until sheathed (another sword in
/// hand is put away) — a use of the sword.
pub async fn wield(cx: &mut Ctx, key: &str, by: Option<&str>) -> Result<Recorded> {
    let mut dice = cx.dice();
    let mut w = cx.write().await?;
    let (sword, who) = held(&mut w, key, by).await?;
    let wielded = w.record(Event::SwordWielded {
        act: Act::new(&sword, &who),
    })?;
    // One sword in hand: the one it replaces is put away, as a consequence of the wielding.
    for other in w.holdings(&who.id).await? {
        if other.worn == Some(Slot::Hand) && other.id != sword.id {
            put_away(&mut w, &other, &who, Some(wielded.seq), &mut dice).await?;
        }
    }
    let (now, who) = (w.current(&sword.id)?, w.character_by_id(&who.id).await?);
    let used = Occasion::Used { by: &who };
    super::control::on(&mut w, &now, &who.id, used, wielded.seq, &mut dice).await?;
    w.commit().await
}

/// `sheathe SWORD [--by C]` (or `unwield`): the sword leaves its holder's hand. The use is
/// over, and so is a control its alignment difference set off; other controls hold.
pub async fn sheathe(cx: &mut Ctx, key: &str, by: Option<&str>) -> Result<Recorded> {
    let mut dice = cx.dice();
    let mut w = cx.write().await?;
    let (sword, who) = held(&mut w, key, by).await?;
    if sword.worn != Some(Slot::Hand) {
        let (sword, character) = (sword.names(), who.name);
        return Err(Refusal::NotInHand { sword, character }.into());
    }
    put_away(&mut w, &sword, &who, None, &mut dice).await?;
    w.commit().await
}

/// `sword power SWORD POWER [--by C]`: the sword must be in hand and its wielder
/// concentrating (OSE *Sentient Swords*: « En main : Pour utiliser un pouvoir, l'épée doit se
/// trouver dans la main du porteur »); a power's limit (3 a day, once a turn …) is counted on
/// the game clock. A use of the sword, within the use that wielding began.
pub async fn power(cx: &mut Ctx, key: &str, power: &str, by: Option<&str>) -> Result<Recorded> {
    let mut dice = cx.dice();
    let mut w = cx.write().await?;
    let (sword, who) = held(&mut w, key, by).await?;
    let mind = sentient(&sword)?.clone();
    let wanted = power.trim().to_lowercase();
    let Some(found) = mind
        .sensory_powers
        .iter()
        .chain(&mind.extraordinary_powers)
        .find(|p| {
            p.id == wanted || p.name.to_lowercase() == wanted || p.name_fr.to_lowercase() == wanted
        })
        .cloned()
    else {
        let powers = mind
            .sensory_powers
            .iter()
            .chain(&mind.extraordinary_powers)
            .map(|p| p.id.clone())
            .collect();
        let (sword, power) = (sword.names(), power.to_string());
        return Err(Refusal::NoSuchPower {
            sword,
            power,
            powers,
        }
        .into());
    };
    if sword.worn != Some(Slot::Hand) {
        return Err(Refusal::NotWielded {
            sword: sword.names(),
        }
        .into());
    }
    let now = w.now();
    if let Some(period) = sword::usage_period(&found.uses, now, w.round()) {
        let campaign = w.campaign;
        let since = period.since;
        let used_at =
            crate::store::events::power_uses(w.conn(), campaign, &sword.id, &found.id, since)
                .await?;
        let used = used_at.len() as i64;
        if used >= i64::from(period.limit) {
            return Err(Refusal::UsedUp {
                sword: sword.names(),
                power: found.name,
                uses: found.uses,
                used,
                since,
                until: period.back(&used_at),
                now,
            }
            .into());
        }
    }
    let rec = w.record(Event::SwordPowerUsed {
        act: Act::new(&sword, &who),
        power: found.id.clone(),
        power_name: found.name.clone(),
        uses: found.uses.clone(),
    })?;
    let used = Occasion::Used { by: &who };
    super::control::on(&mut w, &sword, &who.id, used, rec.seq, &mut dice).await?;
    w.commit().await
}

/// The sword `key` names and the character it controls, or a refusal: it controls no one.
async fn in_control_of(
    w: &mut crate::write::Write<'_>,
    key: &str,
) -> Result<(Item, crate::ledger::Character)> {
    let sword = w.item(key).await?;
    sentient(&sword)?;
    let Some(control) = sword.control.clone() else {
        let sword = sword.names();
        return Err(Refusal::ControlsNoOne { sword }.into());
    };
    let who = w.character_by_id(&control.character).await?;
    Ok((sword, who))
}

/// `sword demand SWORD TEXT`: what a sword in control makes its wielder do.
pub async fn demand(cx: &mut Ctx, key: &str, demand: &str) -> Result<Recorded> {
    let demand = check_name("demand", demand)?;
    let mut w = cx.write().await?;
    let (sword, who) = in_control_of(&mut w, key).await?;
    w.record(Event::SwordDemand {
        act: Act::new(&sword, &who),
        demand,
    })?;
    w.commit().await
}

/// `release SWORD`: the referee finds the sword satisfied: it lets go, and the circumstances
/// that waited on its control are checked at once if still in force.
pub async fn release(cx: &mut Ctx, key: &str) -> Result<Recorded> {
    let mut dice = cx.dice();
    let mut w = cx.write().await?;
    let (sword, who) = in_control_of(&mut w, key).await?;
    w.holdings(&who.id).await?;
    super::control::end(&mut w, &sword, &who.id, Reason::Satisfied, None, &mut dice).await?;
    w.commit().await
}

/// `encounter --with KIND [--alignment A] [--character NAME] [--applies]`: a foe met; every
/// sentient sword whose purpose it serves checks over its holder.
pub async fn encounter(cx: &mut Ctx, foe: sword::Foe, character: Option<&str>) -> Result<Recorded> {
    check_name("foe", &foe.kind)?;
    let mut dice = cx.dice();
    let mut w = cx.write().await?;
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
    // Each party meets its own foes: the session is chosen before the check.
    w.session()?;
    if w.state.encounter().is_some() {
        return Err(Refusal::EncounterUnderWay.into());
    }
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
        if Some(&holder) == met.as_ref()
            || !w.here(&holder)
            || !sword::purpose_applies(purpose, mind.alignment, &foe)
        {
            continue;
        }
        w.state
            .items
            .entry(sword.id.clone())
            .or_insert_with(|| sword.clone());
        let now = w.current(&sword.id)?;
        super::control::on(
            &mut w,
            &now,
            &holder,
            Occasion::Purpose,
            started.seq,
            &mut dice,
        )
        .await?;
    }
    w.commit().await
}

/// `encounter end`: the foe is gone; controls its purpose began end.
pub async fn encounter_end(cx: &mut Ctx) -> Result<Recorded> {
    let mut dice = cx.dice();
    let mut w = cx.write().await?;
    w.session()?;
    if w.state.encounter().is_none() {
        return Err(Refusal::NoEncounter.into());
    }
    let ended = w.record(Event::EncounterEnded {})?;
    let campaign = w.campaign;
    for sword in crate::store::items::in_control(w.conn(), campaign).await? {
        if let Some(control) = sword.control.as_ref().filter(|c| w.here(&c.character)) {
            super::control::settle(&mut w, &control.character, Some(ended.seq), &mut dice).await?;
        }
    }
    w.commit().await
}

/// The exact chance that a check now gives `sword` control of `character`.
pub struct Odds {
    pub sword: Names,
    pub character: String,
    pub numerator: u128,
    pub denominator: u128,
}

pub async fn odds(cx: &mut Ctx, key: &str, character: &str) -> Result<Odds> {
    let campaign = cx.campaign().await?;
    let sword = crate::lookup::item(cx.conn(), campaign.id, key).await?;
    let mind = sentient(&sword)?.clone();
    let who = crate::lookup::character(cx.conn(), campaign.id, &campaign.campaign.name, character)
        .await?;
    let (numerator, denominator) = crate::rules::control::odds(&mind, &who);
    Ok(Odds {
        sword: sword.names(),
        character: who.name,
        numerator,
        denominator,
    })
}

/// A circumstance with the names of the sword and weapon it concerns.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Named {
    #[serde(flatten, serialize_with = "super::name::sword")]
    pub sword: Names,
    pub sword_id: String,
    pub trigger: crate::rules::item::Trigger,
    #[serde(flatten, serialize_with = "super::name::weapon")]
    pub weapon: Option<Names>,
    pub weapon_id: Option<String>,
}

/// A sword in control of a character now: the circumstance it holds under, and those that
/// wait on it and are still in force (one that ended meanwhile will not be checked).
pub struct Holding {
    pub sword: Item,
    pub character: String,
    pub holds_under: Named,
    pub waiting: Vec<Named>,
}

/// The swords in control of a character now.
pub async fn in_control(cx: &mut Ctx) -> Result<Vec<Holding>> {
    let campaign = cx.campaign().await?;
    let characters = crate::store::characters::list(cx.conn(), campaign.id).await?;
    let open = crate::store::sessions::open(cx.conn(), campaign.id).await?;
    let mut current = Vec::new();
    for sword in crate::store::items::in_control(cx.conn(), campaign.id).await? {
        let Some(control) = sword.control.clone() else {
            continue;
        };
        let Some(who) = characters.iter().find(|c| c.id == control.character) else {
            continue;
        };
        let holdings = crate::store::items::held_by(cx.conn(), campaign.id, &who.id).await?;
        let mut name = async |c: &crate::rules::item::Circumstance| -> Result<Named> {
            let sword = crate::lookup::item(cx.conn(), campaign.id, &c.sword).await?;
            let weapon = match &c.weapon {
                Some(id) => Some(crate::lookup::item(cx.conn(), campaign.id, id).await?),
                None => None,
            };
            Ok(Named {
                sword: sword.names(),
                sword_id: sword.id,
                trigger: c.trigger,
                weapon: weapon.as_ref().map(Item::names),
                weapon_id: c.weapon.clone(),
            })
        };
        let holds_under = name(&crate::rules::control::holds_under(&sword, &control)).await?;
        let around = crate::rules::control::Around {
            holder: who,
            holdings: &holdings,
            // The encounter of the holder's own party.
            encounter: campaign
                .campaign
                .encounters
                .iter()
                .any(|e| e.session == crate::ledger::state::session_of(open.iter(), &who.id)),
        };
        let mut waiting = Vec::new();
        for c in control
            .waiting
            .iter()
            .filter(|c| crate::rules::control::in_force(c, &around))
        {
            waiting.push(name(c).await?);
        }
        current.push(Holding {
            sword,
            character: who.name.clone(),
            holds_under,
            waiting,
        });
    }
    Ok(current)
}

/// Every control check that stands, oldest first (of one session, or all), streamed: a
/// campaign of years may hold a great many. A voided check is left out, as the state has it.
pub async fn checks(
    cx: &mut Ctx,
    session: Option<u32>,
    mut each: impl FnMut(crate::ledger::Recorded) -> Result<()>,
) -> Result<()> {
    let campaign = cx.campaign().await?;
    if let Some(n) = session {
        crate::choice::require(cx.conn(), &campaign, n).await?;
    }
    let voided = crate::store::events::voided(cx.conn(), campaign.id).await?;
    crate::store::events::control_checks(cx.conn(), campaign.id, session, |rec| {
        if voided.contains_key(&rec.seq) {
            return Ok(());
        }
        each(rec)
    })
    .await
}
