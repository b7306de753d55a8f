//! `hoard explain EVENT|ITEM`: for an event, the rule applied, each table and die with the raw
//! roll and the row it matched, and the arithmetic; for an item, how it was made and its
//! whole story.

use serde_json::json;

use super::args::explain::ExplainArgs;
use super::out::Out;
use crate::app::{self, Ctx};
use crate::error::{Error, Result};
use crate::i18n::pick;
use crate::i18n::time::GameTime;
use crate::ledger::EventView;
use crate::ledger::{Event, Recorded};
use crate::rules::dice::Roll;
use crate::rules::item::{Knowledge, Step};
use crate::rules::statement::Statement;
use crate::rules::tables::Tables;
use crate::rules::{charges, control, knowledge, potion, scroll, sword};
use crate::tr;
use crate::view::describe::{Wills, describe, method_name};
use crate::view::inert::safe;
use crate::view::item::{ItemView, details};
use crate::view::words::Named;

/// `magic-items v1: 1d100 [57] (row 51-60) → Weapons`: the entry in the reader's language
/// when the table that was rolled on is still the one loaded.
fn step_line(step: &Step, tables: Option<&Tables>) -> String {
    let roll = step.roll.describe();
    let version = step.version.map(|v| format!(" v{v}")).unwrap_or_default();
    let entry = tables
        .and_then(|t| t.get(&step.what))
        .filter(|t| Some(t.version) == step.version)
        .and_then(|t| t.entry_for(step.roll.total));
    let row = entry
        .map(|e| tr!(" (row {})", " (ligne {})", e.roll))
        .unwrap_or_default();
    match (&step.entry, entry) {
        (Some(_), Some(e)) => format!(
            "{}{version}: {roll}{row} → {}",
            step.what,
            safe(pick(&e.name, &e.fr))
        ),
        (Some(text), None) => format!("{}{version}: {roll} → {}", step.what, safe(text)),
        (None, _) => format!("{}: {roll}", step.what),
    }
}

fn dice(roll: &Roll) -> String {
    roll.describe()
}

/// The rule an event applied, in a sentence, and its arithmetic, a line each.
pub fn explain_event(rec: &Recorded, tables: Option<&Tables>) -> Vec<String> {
    let mut lines = vec![format!(
        "#{} {} — {}",
        rec.seq,
        GameTime(rec.game_time),
        describe(&rec.event)
    )];
    if let Some(cause) = rec.cause {
        lines.push(tr!(
            "  a consequence of event #{cause}",
            "  conséquence de l'événement n°{cause}"
        ));
    }
    let mut rule = |s: Statement| lines.push(format!("  {}", pick(s.en, s.fr)));
    match &rec.event {
        Event::ControlChecked {
            act,
            trigger,
            sword_will,
            character_will,
            controlled,
            ..
        } => {
            rule(control::CHECK);
            lines.push(tr!(
                "  trigger: {}",
                "  déclencheur : {}",
                crate::view::words::trigger(*trigger)
            ));
            let wills = Wills {
                sword: sword_will,
                wielder: character_will,
                controlled: *controlled,
                who: &act.character_name,
            };
            lines.push(format!("  {wills}"));
        }
        Event::ControlEnded { reason, .. } => {
            rule(control::ENDING);
            lines.push(format!("  {}", crate::view::words::reason(*reason)));
        }
        Event::SwordTouched { damage, hp, .. } => {
            rule(sword::TOUCH);
            for (n, roll) in damage.iter().enumerate() {
                lines.push(tr!("  round {}: {}", "  round {} : {}", n + 1, dice(roll)));
            }
            lines.push(tr!("  {hp} HP left", "  reste {hp} PV"));
        }
        Event::SwordHeld {
            from, damage, hp, ..
        } => {
            rule(sword::HELD);
            for (n, roll) in damage.iter().enumerate() {
                let at = GameTime(from + n as i64);
                lines.push(tr!(
                    "  round at {at}: {}",
                    "  round du {at} : {}",
                    dice(roll)
                ));
            }
            lines.push(tr!("  {hp} HP left", "  reste {hp} PV"));
        }
        Event::ControlDeferred { under_name, .. } => {
            rule(control::ONE_MASTER);
            let under = safe(under_name);
            lines.push(tr!("  waits on {under}", "  attend {under}"));
        }
        Event::PotionTaken {
            delay,
            duration,
            oil,
            ..
        } => {
            rule(potion::TIMING);
            let timing = crate::rules::potion::timing(*oil, delay.total);
            lines.push(tr!(
                "  taken at initiative +{}, takes effect at +{}",
                "  pris à l'initiative +{}, effet à +{}",
                timing.initiative,
                timing.takes_effect_at
            ));
            let what = if *oil {
                tr!("rubbing on", "application")
            } else {
                tr!("delay", "délai")
            };
            lines.push(tr!("  {what}: {}", "  {what} : {}", dice(delay)));
            match duration {
                Some(d) => lines.push(tr!("  duration: {} turns", "  durée : {} tours", dice(d))),
                None => lines.push(tr!("  instant effect", "  effet immédiat")),
            }
        }
        Event::ScrollFade {
            chance,
            chance_roll,
            roll,
            faded,
            ..
        } => {
            rule(scroll::FADING);
            match chance_roll {
                Some(r) => lines.push(tr!(
                    "  chance: {} × 5% = {chance}%",
                    "  chance : {} × 5 % = {chance} %",
                    dice(r)
                )),
                None => lines.push(tr!(
                    "  chance: {chance}% (campaign setting)",
                    "  chance : {chance} % (réglage de la campagne)"
                )),
            }
            let verdict = if *faded {
                tr!("it fades", "il s'efface")
            } else {
                tr!("it holds", "il tient")
            };
            lines.push(format!("  d100: {} → {verdict}", dice(roll)));
        }
        Event::SpellCast {
            level,
            gap,
            chance,
            roll,
            failed,
            outcome_roll,
            outcome,
            copied,
            ..
        } => {
            if *copied {
                rule(scroll::COPYING);
            } else {
                rule(scroll::CASTING);
                let lacking = crate::i18n::counted(
                    *gap,
                    ("level lacking", "levels lacking"),
                    ("niveau d'écart", "niveaux d'écart"),
                );
                lines.push(tr!(
                    "  spell level {level}; {lacking}: {chance}% to fail",
                    "  sort de niveau {level} ; {lacking} : {chance} % d'échec"
                ));
                if let Some(r) = roll {
                    let verdict = if *failed {
                        tr!("fails", "échoue")
                    } else {
                        tr!("succeeds", "réussit")
                    };
                    lines.push(format!("  d100: {} → {verdict}", dice(r)));
                }
                if let (Some(r), Some(o)) = (outcome_roll, outcome) {
                    let table = tables.and_then(|t| t.get("scroll-failure"));
                    let row = table
                        .and_then(|t| {
                            t.bands.iter().find(|b| {
                                i64::from(*gap) >= b.from
                                    && b.to.is_none_or(|to| i64::from(*gap) <= to)
                            })
                        })
                        .and_then(|b| {
                            b.entries
                                .iter()
                                .find(|e| (e.lo..=e.hi).contains(&r.total))
                                .map(|e| {
                                    format!(" ({} {}: {})", tr!("gap", "écart"), b.when, e.roll)
                                })
                        })
                        .unwrap_or_default();
                    lines.push(format!("  scroll-failure: {}{row} → {o}", dice(r)));
                }
            }
        }
        Event::ChargesSpent {
            charges,
            remaining,
            backfired,
            crumble,
            ..
        } => {
            rule(charges::SPENDING);
            let spent = crate::i18n::counted(
                *charges,
                ("charge spent", "charges spent"),
                ("charge dépensée", "charges dépensées"),
            );
            lines.push(tr!(
                "  {spent}, {remaining} left",
                "  {spent}, reste {remaining}"
            ));
            if *backfired {
                lines.push(tr!(
                    "  trapped: the effect turns on its user",
                    "  piégée : l'effet se retourne contre l'utilisateur"
                ));
            }
            if let Some(c) = crumble {
                let verdict = if c.crumbled {
                    tr!("crumbles", "tombe en poussière")
                } else {
                    tr!("stays whole", "reste entière")
                };
                lines.push(format!(
                    "  d100: {} ≤ {}% ? → {verdict}",
                    dice(&c.roll),
                    c.chance
                ));
            }
        }
        Event::Identified {
            method,
            chance,
            rounds,
            roll,
            learned,
            ..
        } => {
            rule(knowledge::IDENTIFICATION);
            lines.push(tr!("  method: {}", "  méthode : {}", method_name(*method)));
            if let Some(r) = rounds {
                lines.push(tr!("  study: {} rounds", "  étude : {} rounds", dice(r)));
            }
            if let (Some(c), Some(r)) = (chance, roll) {
                lines.push(format!("  d100: {} ≤ {c}% ?", dice(r)));
            }
            let learned = match learned {
                Some(Knowledge::Magical) => tr!("that it is magic", "qu'il est magique"),
                Some(Knowledge::General) => tr!("what it is", "ce qu'il est"),
                Some(Knowledge::Full) => tr!("everything", "tout"),
                None => tr!("nothing", "rien"),
            };
            lines.push(tr!("  learned: {learned}", "  appris : {learned}"));
        }
        Event::ItemCreated { origin, .. } => {
            match (&origin.table, origin.seed) {
                (Some(table), Some(seed)) => lines.push(tr!(
                    "  generated from table {table} with seed {seed} ({} tables)",
                    "  tiré de la table {table} avec la graine {seed} (tables {})",
                    match origin.tables.as_deref() {
                        None | Some("shipped") => tr!("shipped", "livrées"),
                        Some(other) => safe(other),
                    }
                )),
                _ => lines.push(tr!("  added by the referee", "  ajouté par le MD")),
            }
            for step in &origin.steps {
                lines.push(format!("  {}", step_line(step, tables)));
            }
        }
        Event::DiceRolled { roll } => lines.push(format!("  {}", dice(roll))),
        Event::TableRolled {
            table, roll, entry, ..
        } => lines.push(format!("  {table}: {} → {}", dice(roll), safe(entry))),
        other => lines.extend(crate::view::money::explain(other)),
    }
    lines
}

/// Whether `what` names an event: `#N` always; all digits when no item's id begins with them
/// (an id prefix may be all digits too: when both exist, the referee is asked which).
async fn event_meant(cx: &mut Ctx, what: &str) -> Result<Option<i64>> {
    if what.starts_with('#') {
        return super::args::values::event_number(what)
            .map(Some)
            .map_err(|e| Error::Invalid(e.into()));
    }
    let Ok(seq) = what.parse::<i64>() else {
        return Ok(None);
    };
    let item = match app::explain::item(cx, what).await {
        Ok(story) => Some(story.item),
        Err(Error::NotFound(_)) => None,
        Err(e) => return Err(e),
    };
    let event = match app::explain::event(cx, seq).await {
        Ok(_) => true,
        Err(Error::NotFound(_)) => false,
        Err(e) => return Err(e),
    };
    match (event, item) {
        (true, Some(item)) => Err(Error::Invalid(tr!(
            "{what} is both event #{seq} and item {} ({}): write #{seq} for the event, or more of the item's id",
            "{what} désigne à la fois l'événement n°{seq} et l'objet {} ({}) : écrivez #{seq} pour l'événement, ou davantage de l'identifiant de l'objet",
            crate::ledger::short_id(&item.id),
            safe(item.name())
        ).into())),
        (false, Some(_)) => Ok(None),
        (true, None) => Ok(Some(seq)),
        (false, None) => Err(Error::NotFound(tr!(
            "no event #{seq} and no item whose id begins with {what}: `hoard log` lists the events, `hoard item list` the items",
            "ni événement n°{seq} ni objet dont l'identifiant commence par {what} : `hoard log` liste les événements, `hoard item list` les objets"
        ).into())),
    }
}

pub async fn run(cx: &mut Ctx, out: &mut Out, args: ExplainArgs) -> Result<()> {
    let tables = app::tables::for_campaign(cx).await.ok().map(|l| l.tables);
    if let Some(seq) = event_meant(cx, &args.what).await? {
        let rec = app::explain::event(cx, seq).await?;
        let lines = explain_event(&rec, tables.as_ref());
        if out.json() {
            return out.doc(&json!({ "event": EventView::of(&rec), "explanation": lines }));
        }
        for line in lines {
            out.line(&line)?;
        }
        return Ok(());
    }
    let story = app::explain::item(cx, &args.what).await?;
    let mut lines = details(&story.item, story.holder.as_deref(), None);
    lines.push(tr!("Story:", "Histoire :"));
    for rec in &story.events {
        lines.extend(
            explain_event(rec, tables.as_ref())
                .into_iter()
                .map(|line| format!("  {line}")),
        );
    }
    if out.json() {
        let events: Vec<_> = story.events.iter().map(EventView::of).collect();
        return out.doc(&json!({ "item": ItemView::of(&story.item, story.holder.as_deref()), "events": events, "explanation": lines }));
    }
    for line in lines {
        out.line(&line)?;
    }
    Ok(())
}
