//! What an item's event applied: a potion's timing, a scroll's fading, a spell's failure,
//! charges spent, an identification's odds, and how a found item was rolled on the tables.
//! Its other events (handed over, worn, renamed, claimed …) apply no rule their line leaves
//! out.

use crate::i18n::pick;
use crate::i18n::time::GameTime;
use crate::ledger::{self, Event};
use crate::rules::item::{Knowledge, Step};
use crate::rules::statement::Statement;
use crate::rules::tables::Tables;
use crate::rules::{charges, knowledge, potion, scroll};
use crate::tr;
use crate::view::describe::method_name;
use crate::view::inert::safe;
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

/// The rule the event applied and its arithmetic, a line each; none for another family's
/// (`explain` asks its own module).
pub(super) fn explain(event: &Event, tables: Option<&Tables>) -> Vec<String> {
    let mut lines = Vec::new();
    let mut rule = |s: Statement| lines.push(format!("  {}", pick(s.en, s.fr)));
    match event {
        Event::PotionTaken {
            delay,
            duration,
            oil,
            mixed,
            ..
        } => {
            rule(potion::TIMING);
            if mixed.is_some() {
                rule(potion::MIXING);
            }
            let timing = potion::timing(*oil, delay.total);
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
            lines.push(tr!("  {what}: {}", "  {what} : {}", delay.describe()));
            match duration {
                Some(d) => lines.push(tr!(
                    "  duration: {} turns",
                    "  durée : {} tours",
                    d.describe()
                )),
                None if mixed.is_none() => lines.push(tr!("  instant effect", "  effet immédiat")),
                None => {}
            }
            if let Some(mixed) = mixed {
                for e in &mixed.cancelled {
                    lines.push(tr!("  cancelled: {}", "  annulée : {}", safe(e.name())));
                }
                let until = GameTime(mixed.sickness.ends_at.unwrap_or_default());
                lines.push(tr!("  sick until {until}", "  malade jusqu'au {until}"));
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
                    r.describe()
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
            lines.push(format!("  d100: {} → {verdict}", roll.describe()));
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
                    lines.push(format!("  d100: {} → {verdict}", r.describe()));
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
                    lines.push(format!("  scroll-failure: {}{row} → {o}", r.describe()));
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
                    c.roll.describe(),
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
                lines.push(tr!(
                    "  study: {} rounds",
                    "  étude : {} rounds",
                    r.describe()
                ));
            }
            if let (Some(c), Some(r)) = (chance, roll) {
                lines.push(format!("  d100: {} ≤ {c}% ?", r.describe()));
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
            let source = || match origin.tables.as_deref() {
                None | Some("shipped") => tr!("shipped", "livrées"),
                Some(other) => safe(other),
            };
            match (origin.how.as_str(), &origin.table, origin.seed) {
                (ledger::Origin::BOUGHT, Some(list), _) => {
                    lines.push(tr!(
                        "  bought from price list {list} ({} tables); the coins that paid follow from it",
                        "  acheté sur la liste de prix {list} (tables {}) ; les pièces qui l'ont payé en découlent",
                        source()
                    ));
                    let rule = crate::rules::purchase::BUYING;
                    lines.push(format!("  {}", pick(rule.en, rule.fr)));
                }
                (_, Some(table), Some(seed)) => lines.push(tr!(
                    "  generated from table {table} with seed {seed} ({} tables)",
                    "  tiré de la table {table} avec la graine {seed} (tables {})",
                    source()
                )),
                _ => lines.push(tr!("  added by the referee", "  ajouté par le MD")),
            }
            for step in &origin.steps {
                lines.push(format!("  {}", step_line(step, tables)));
            }
        }
        Event::ItemPassed { .. }
        | Event::ProtectionRead { .. }
        | Event::ItemWorn { .. }
        | Event::ItemRemoved { .. }
        | Event::Recharged { .. }
        | Event::BookStudied { .. }
        | Event::ItemTrusted { .. }
        | Event::ItemRenamed { .. }
        | Event::ValuableDamaged { .. }
        | Event::ClaimMade { .. }
        | Event::ClaimsSettled { .. }
        | Event::LightDoused { .. } => {}
        Event::LightLit { .. } => rule(crate::rules::light::BURNING),
        Event::LightBurnt { at, .. } => {
            rule(crate::rules::light::BURNING);
            let at = GameTime(*at);
            lines.push(tr!(
                "  as the clock passed: the last piece ran out at {at}",
                "  le temps passant : la dernière pièce s'est épuisée à {at}"
            ));
        }
        ledger::campaign_events!()
        | ledger::encounter_events!()
        | ledger::character_events!()
        | ledger::sword_events!()
        | ledger::coins_events!() => {}
    }
    lines
}
