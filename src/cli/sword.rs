//! `hoard sword …`

use crate::i18n::time::GameTime;
use crate::rules::item::Names;
use crate::view::inert::safe;
use crate::view::words::Shown as _;

use super::args::sword::{
    AuditCommand, EncounterArgs, EncounterEnd, OddsArgs, ReleaseArgs, SwordCommand, TouchArgs,
    WieldArgs,
};
use super::out::Out;
use crate::app::sword::NewSword;
use crate::app::{self, Ctx};
use crate::error::Result;
use crate::tr;
use crate::view::words::Named;

pub async fn run(cx: &mut Ctx, out: &mut Out, command: SwordCommand) -> Result<()> {
    match command {
        SwordCommand::Power { sword, power, by } => {
            let events = app::sword::power(cx, &sword, &power, by.as_deref()).await?;
            super::play::events(cx, out, &events)
        }
        SwordCommand::Demand { sword, demand } => {
            let events = app::sword::demand(cx, &sword, &demand.join(" ")).await?;
            super::play::events(cx, out, &events)
        }
        SwordCommand::Add(a) => {
            let new = NewSword {
                name: a.name,
                chosen: a.mind.into(),
                bonus: a.bonus,
                blade: a.blade,
                to: a.to,
            };
            let added = app::sword::add(cx, new).await?;
            super::item::added_lines(out, &added)
        }
    }
}

pub async fn touch(cx: &mut Ctx, out: &mut Out, a: TouchArgs) -> Result<()> {
    let events = app::sword::touch(cx, &a.sword, &a.by, a.rounds).await?;
    super::play::events(cx, out, &events)
}

pub async fn wield(cx: &mut Ctx, out: &mut Out, a: WieldArgs) -> Result<()> {
    let events = app::sword::wield(cx, &a.sword, a.by.as_deref()).await?;
    super::play::events(cx, out, &events)
}

pub async fn sheathe(cx: &mut Ctx, out: &mut Out, a: WieldArgs) -> Result<()> {
    let events = app::sword::sheathe(cx, &a.sword, a.by.as_deref()).await?;
    super::play::events(cx, out, &events)
}

pub async fn release(cx: &mut Ctx, out: &mut Out, a: ReleaseArgs) -> Result<()> {
    let events = app::sword::release(cx, &a.sword).await?;
    super::play::events(cx, out, &events)
}

pub async fn encounter(cx: &mut Ctx, out: &mut Out, a: EncounterArgs) -> Result<()> {
    let events = match a.end {
        Some(EncounterEnd::End) => app::sword::encounter_end(cx).await?,
        None => {
            let foe = crate::rules::sword::Foe {
                kind: a.with.unwrap_or_default(),
                alignment: a.alignment,
                applies: a.applies,
            };
            app::sword::encounter(cx, foe, a.character.as_deref()).await?
        }
    };
    super::play::events(cx, out, &events)
}

pub async fn odds(cx: &mut Ctx, out: &mut Out, a: OddsArgs) -> Result<()> {
    let o = app::sword::odds(cx, &a.sword, &a.character).await?;
    let probability = o.numerator as f64 / o.denominator as f64;
    if out.json() {
        let sword = Names::both(&o.sword.en, &o.sword.fr);
        return out.doc(&serde_json::json!({
            "sword": sword.en,
            "sword_fr": sword.fr,
            "character": o.character,
            "probability": probability,
            "numerator": o.numerator,
            "denominator": o.denominator,
        }));
    }
    let (sword, who, n, d, p) = (
        safe(o.sword.shown()),
        safe(&o.character),
        o.numerator,
        o.denominator,
        crate::i18n::decimal(format!("{:.2}", probability * 100.0)),
    );
    out.line(&tr!(
        "A check now would give {sword} control of {who} with probability {n}/{d} ({p}%).",
        "Un test maintenant donnerait à {sword} le contrôle de {who} avec une probabilité de {n}/{d} ({p} %)."
    ))
}

pub async fn audit(cx: &mut Ctx, out: &mut Out, command: AuditCommand) -> Result<()> {
    let AuditCommand::Swords = command;
    let session = cx.named_session().await?;
    let current = app::sword::in_control(cx).await?;
    if out.json() {
        let current: Vec<_> = current
            .iter()
            .filter_map(|h| {
                let c = h.sword.control.as_ref()?;
                let mut under = serde_json::to_value(&h.holds_under).unwrap_or_default();
                under["ends_when"] =
                    serde_json::to_value(crate::rules::control::ends_when(c.trigger))
                        .unwrap_or_default();
                let sword = Names::both(&h.sword.name, &h.sword.name_fr);
                Some(serde_json::json!({
                    "sword": sword.en,
                    "sword_fr": sword.fr,
                    "sword_id": h.sword.id,
                    "character": h.character,
                    "trigger": c.trigger,
                    "since": c.since,
                    "since_game_time": c.since_round,
                    "circumstances": [under],
                    "waiting": h.waiting,
                }))
            })
            .collect();
        // Streamed, a check to a line: a campaign may hold a great many.
        out.raw("{\n  \"current\": ")?;
        out.json_compact(&current)?;
        out.raw(",\n  \"checks\": [")?;
        let mut first = true;
        app::sword::checks(cx, session, |rec| {
            let Some(check) = check_json(&rec) else {
                return Ok(());
            };
            out.raw(if first { "\n    " } else { ",\n    " })?;
            first = false;
            out.json_compact(&check)
        })
        .await?;
        return out.raw("\n  ]\n}\n");
    }
    if current.is_empty() {
        out.line(&tr!(
            "No sword controls anyone now.",
            "Aucune épée ne contrôle personne."
        ))?;
    } else {
        out.heading(&tr!("In control now:", "En contrôle maintenant :"))?;
        for h in &current {
            let Some(c) = &h.sword.control else { continue };
            let (sword, who, since) = (
                safe(h.sword.name()),
                safe(&h.character),
                GameTime(c.since_round),
            );
            let why = circumstance(&h.holds_under);
            let until = crate::view::words::until(c.trigger);
            out.line(&tr!(
                "  {sword} controls {who} since {since} (event #{}) under {why}, {until}",
                "  {sword} contrôle {who} depuis le {since} (événement n°{}) par {why}, {until}",
                c.since
            ))?;
            for w in &h.waiting {
                let (what, of) = (circumstance(w), safe(w.sword.shown()));
                out.line(&tr!(
                    "    waiting: {what} of {of}",
                    "    en attente : {what} de {of}"
                ))?;
            }
        }
    }
    let mut first = true;
    app::sword::checks(cx, session, |rec| {
        if first {
            out.heading(&tr!("Control checks:", "Tests de contrôle :"))?;
            first = false;
        }
        out.toned(
            crate::view::describe::tone(&rec.event),
            &crate::view::describe::line(&rec),
        )
    })
    .await
}

/// `jealousy (Dagger +1)`, `wounded`: a circumstance as the audit names it.
fn circumstance(c: &app::sword::Named) -> String {
    let why = crate::view::words::trigger(c.trigger);
    match &c.weapon {
        Some(weapon) => format!("{why} ({})", safe(weapon.shown())),
        None => why,
    }
}

/// One check in the audit's JSON: who, why, both wills with every die, and the outcome.
fn check_json(rec: &crate::ledger::Recorded) -> Option<serde_json::Value> {
    let crate::ledger::Event::ControlChecked {
        act,
        trigger,
        sword_will,
        character_will,
        controlled,
        weapon,
    } = &rec.event
    else {
        return None;
    };
    let dice: Vec<_> = sword_will
        .alignment_roll
        .iter()
        .chain(character_will.penalty.iter())
        .collect();
    Some(serde_json::json!({
        "id": rec.seq,
        "sword": act.item_name,
        "sword_fr": Names::both(&act.item_name, &act.item_name_fr).fr,
        "sword_id": act.item,
        "character": act.character_name,
        "trigger": trigger,
        "sword_will": sword_will.total,
        "character_will": character_will.total,
        "controlled": controlled,
        "session": rec.session,
        "game_time": rec.game_time,
        "sword_will_detail": sword_will,
        "character_will_detail": character_will,
        "dice": dice,
        "weapon": weapon,
        "cause": rec.cause,
    }))
}
