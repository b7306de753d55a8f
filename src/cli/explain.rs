//! `hoard explain EVENT|ITEM`: for an event, the rule applied, each table and die with the raw
//! roll and the row it matched, and the arithmetic; for an item, how it was made and its
//! whole story.

use serde_json::json;

use super::args::explain::ExplainArgs;
use super::describe::{describe, method_name, wills};
use super::inert::safe;
use super::item_view::{ItemView, details};
use super::out::Out;
use crate::app::{self, Ctx};
use crate::error::{Error, Result};
use crate::i18n::pick;
use crate::ledger::EventView;
use crate::ledger::{Event, Recorded};
use crate::rules::clock::GameTime;
use crate::rules::dice::Roll;
use crate::rules::item::{Knowledge, Step};
use crate::rules::tables::Tables;
use crate::tr;

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
    let mut rule = |en: &str, fr: &str| lines.push(format!("  {}", crate::i18n::pick(en, fr)));
    match &rec.event {
        Event::ControlChecked {
            act,
            trigger,
            sword_will,
            character_will,
            controlled,
            ..
        } => {
            rule(
                "Control check (OSE, Sentient Swords): the sword's will is INT + Ego, +1 per extraordinary power, +1d10 if sword and wielder differ in alignment; the wielder's is STR + WIS, −1d4 below maximum HP, −2d4 below half. The sword takes control only with a strictly higher will.",
                "Test de contrôle (OSE, Épées intelligentes) : la volonté de l'épée vaut INT + Ego, +1 par pouvoir extraordinaire, +1d10 si l'épée et le porteur diffèrent d'alignement ; celle du porteur FOR + SAG, −1d4 sous le maximum de PV, −2d4 sous la moitié. L'épée ne prend le contrôle qu'avec une volonté strictement supérieure.",
            );
            lines.push(tr!(
                "  trigger: {}",
                "  déclencheur : {}",
                super::words::trigger(*trigger)
            ));
            lines.push(format!(
                "  {}",
                wills(sword_will, character_will, *controlled, &act.character_name)
            ));
        }
        Event::ControlEnded { reason, .. } => {
            rule(
                "A sword in control keeps it until the circumstance that set off the check ends, or it is satisfied (OSE, Sentient Swords).",
                "Une épée garde le contrôle jusqu'à la fin de la circonstance qui a provoqué le test, ou jusqu'à ce qu'elle soit satisfaite (OSE, Épées intelligentes).",
            );
            lines.push(format!("  {}", super::words::reason(*reason)));
        }
        Event::SwordTouched { damage, hp, .. } => {
            rule(
                "Touching a sword of another alignment hurts each round: a lawful sword 1d6 to neutral and 2d6 to chaotic characters; a neutral sword 1d6 to any non-neutral; a chaotic sword 1d6 to neutral and 2d6 to lawful characters (OSE, Sentient Swords).",
                "Toucher une épée d'un autre alignement blesse à chaque round : épée loyale 1d6 aux neutres et 2d6 aux chaotiques ; épée neutre 1d6 aux non-neutres ; épée chaotique 1d6 aux neutres et 2d6 aux loyaux (OSE, Épées intelligentes).",
            );
            for (n, roll) in damage.iter().enumerate() {
                lines.push(tr!("  round {}: {}", "  round {} : {}", n + 1, dice(roll)));
            }
            lines.push(tr!("  {hp} HP left", "  reste {hp} PV"));
        }
        Event::SwordHeld {
            from, damage, hp, ..
        } => {
            rule(
                "A sword in the hand of a character of another alignment deals its damage every round of game time, each round its own roll (OSE Sentient Swords).",
                "Une épée en main d'un personnage d'un autre alignement inflige ses dégâts à chaque round de temps de jeu, chaque round son propre jet (OSE, épées intelligentes).",
            );
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
            rule(
                "A character is under one sword's control at a time: a circumstance that arises meanwhile waits on that control, and is checked at once when the control ends if it is still in force (OSE Sentient Swords).",
                "Un personnage n'est sous le contrôle que d'une épée à la fois : une circonstance survenue entre-temps attend la fin de ce contrôle, et est testée aussitôt s'il dure encore (OSE, épées intelligentes).",
            );
            let under = safe(under_name);
            lines.push(tr!("  waits on {under}", "  attend {under}"));
        }
        Event::PotionTaken {
            delay,
            duration,
            oil,
            ..
        } => {
            rule(
                "Potions and oils (AD&D 2e DMG, Potions): drinking a potion is an action of initiative +1, and the effect starts after a further 1d4+1; an oil takes 1d4+1 to rub on; the effect lasts 4+1d4 turns unless the potion says otherwise.",
                "Potions et huiles (AD&D 2e, Guide du maître, Potions) : boire une potion est une action d'initiative +1, et l'effet commence après 1d4+1 de plus ; une huile demande 1d4+1 pour être appliquée ; l'effet dure 4+1d4 tours sauf indication contraire.",
            );
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
            rule(
                "A scroll taken and not read at once fades with a chance of 5 to 30 %: fixed by the referee, or 1d6 × 5 % (AD&D 2e DMG, Scrolls).",
                "Un parchemin pris en main sans être lu aussitôt s'efface avec 5 à 30 % de chances : fixées par le MD, ou 1d6 × 5 % (AD&D 2e, Guide du maître, Parchemins).",
            );
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
                rule(
                    "Copying a spell erases it from the scroll (AD&D 2e DMG, Scrolls).",
                    "Copier un sort l'efface du parchemin (AD&D 2e, Guide du maître, Parchemins).",
                );
            } else {
                rule(
                    "A caster below the level a spell needs fails with 5 % per level lacking; on a failure, d100 on the level-gap table: total failure or a reversed or harmful effect (AD&D 2e DMG, Scrolls). The spell is erased either way.",
                    "Un lanceur sous le niveau requis échoue à 5 % par niveau d'écart ; en cas d'échec, d100 sur la table des écarts : échec total ou effet inverse ou néfaste (AD&D 2e, Guide du maître, Parchemins). Le sort s'efface dans tous les cas.",
                );
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
            rule(
                "Charges: spending the last one drains the item of all magic, and a roll decides whether it crumbles to dust; a trapped wand turns on anyone but its maker (AD&D 2e DMG, Rods, Staves and Wands).",
                "Charges : dépenser la dernière vide l'objet de toute magie, et un jet décide s'il tombe en poussière ; une baguette piégée se retourne contre tout autre que son créateur (AD&D 2e, Guide du maître, Sceptres, bâtons et baguettes).",
            );
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
            rule(
                "Identification (AD&D 2e DMG): tasting for potions, read magic for scrolls, an identify spell, a bard's lore (5 % per level, 10 % for instruments after 1d10 rounds), a wish for books.",
                "Identification (AD&D 2e, Guide du maître) : goûter les potions, lire la magie des parchemins, un sort d'identification, le savoir du barde (5 % par niveau, 10 % pour les instruments après 1d10 rounds), un souhait pour les livres.",
            );
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
        other => lines.extend(super::money::explain(other)),
    }
    lines
}

/// Whether `what` names an event: `#N` always; all digits when no item's id begins with them
/// (an id prefix may be all digits too: when both exist, the referee is asked which).
async fn event_meant(cx: &mut Ctx, what: &str) -> Result<Option<i64>> {
    if what.starts_with('#') {
        return super::args::values::event_number(what)
            .map(Some)
            .map_err(Error::Invalid);
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
        ))),
        (false, Some(_)) => Ok(None),
        (true, None) => Ok(Some(seq)),
        (false, None) => Err(Error::NotFound(tr!(
            "no event #{seq} and no item whose id begins with {what}: `hoard log` lists the events, `hoard item list` the items",
            "ni événement n°{seq} ni objet dont l'identifiant commence par {what} : `hoard log` liste les événements, `hoard item list` les objets"
        ))),
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
