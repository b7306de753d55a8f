//! The words of a character's events: joining, damage, healing, raising, a changed sheet.

use crate::ledger::{self, Change, Event};
use crate::rules::health::Condition;
use crate::tr;
use crate::view::inert::safe;

/// The line of one of these events (another family's is worded by its own module).
pub(super) fn describe(event: &Event) -> String {
    match event {
        Event::CharacterAdded { character: c } => {
            let (name, hp) = (safe(&c.name), c.hp_max);
            tr!(
                "{name} joins ({hp} HP)",
                "{name} rejoint la campagne ({hp} PV)"
            )
        }
        Event::CharacterDamaged {
            name, amount, hp, ..
        } => {
            let name = safe(name);
            tr!(
                "{name} takes {amount} damage ({hp} HP left)",
                "{name} subit {amount} dégâts (reste {hp} PV)"
            )
        }
        Event::CharacterHealed {
            name, amount, hp, ..
        } => {
            let name = safe(name);
            tr!(
                "{name} heals {amount} ({hp} HP)",
                "{name} récupère {amount} ({hp} PV)"
            )
        }
        Event::RationsEaten {
            name,
            days,
            used,
            hungry,
            ..
        } => {
            let name = safe(name);
            let eaten: u32 = used.iter().map(|f| f.pieces).sum();
            let days = crate::i18n::counted(i64::from(*days), ("day", "days"), ("jour", "jours"));
            let without =
                |n: &u32| crate::i18n::counted(i64::from(*n), ("day", "days"), ("jour", "jours"));
            match (eaten, hungry) {
                (_, 0) => tr!(
                    "{name} eats {eaten} of their rations over {days}",
                    "{name} mange {eaten} de ses rations en {days}"
                ),
                (0, n) => tr!(
                    "{name} has no rations: hungry, {n} without food",
                    "{name} n'a pas de rations : affamé, {n} sans manger",
                    n = without(n)
                ),
                (_, n) => tr!(
                    "{name} eats {eaten} of their rations over {days}: hungry, {n} without food",
                    "{name} mange {eaten} de ses rations en {days} : affamé, {n} sans manger",
                    n = without(n)
                ),
            }
        }
        Event::RetainerHired {
            name,
            employer_name,
            wage,
            per,
            ..
        } => {
            let (name, by) = (safe(name), safe(employer_name));
            let wage = crate::view::upkeep::wage(wage, *per);
            tr!(
                "{by} hires {name} as a retainer, for {wage}",
                "{by} engage {name} comme homme d'armes, pour {wage}"
            )
        }
        Event::RetainerDismissed {
            name,
            employer_name,
            ..
        } => {
            let (name, by) = (safe(name), safe(employer_name));
            tr!(
                "{by} dismisses {name}, their retainer",
                "{by} congédie {name}, son homme d'armes"
            )
        }
        Event::UpkeepCharged {
            name,
            upkeep,
            cost,
            owed,
            retainer,
            ..
        } => {
            let name = safe(name);
            let cost = crate::view::money::worth(*cost);
            let what = match upkeep {
                crate::rules::upkeep::Upkeep::Debt => {
                    return match owed {
                        0 => tr!(
                            "{name} pays off the living and training costs owed",
                            "{name} s'acquitte des coûts de la vie et d'entraînement dus"
                        ),
                        n => tr!(
                            "{name} pays toward the living and training costs owed, {} still owed",
                            "{name} paie une part des coûts de la vie et d'entraînement dus, encore {} dû",
                            crate::view::money::worth(*n)
                        ),
                    };
                }
                crate::rules::upkeep::Upkeep::Living {
                    months, lifestyle, ..
                } => {
                    let how = lifestyle
                        .map(|l| format!(" ({})", super::lifestyle_name(l)))
                        .unwrap_or_default();
                    let months = crate::i18n::counted(
                        i64::from(*months),
                        ("month", "months"),
                        ("mois", "mois"),
                    );
                    match retainer.as_ref().map(|r| safe(&r.name)) {
                        None => tr!(
                            "{name}'s cost of living for {months}{how}: {cost}",
                            "coût de la vie de {name} pour {months}{how} : {cost}"
                        ),
                        Some(r) => tr!(
                            "{name} pays their retainer {r}'s cost of living for {months}{how}: {cost}",
                            "{name} paie le coût de la vie de son homme d'armes {r} pour {months}{how} : {cost}"
                        ),
                    }
                }
                crate::rules::upkeep::Upkeep::Training { from, level } => tr!(
                    "{name}'s training from level {from} to {level}: {cost}",
                    "entraînement de {name} du niveau {from} au {level} : {cost}"
                ),
            };
            match owed {
                0 => what,
                n => tr!(
                    "{what}, {} owed",
                    "{what}, {} dû",
                    crate::view::money::worth(*n)
                ),
            }
        }
        Event::CharacterBound { name, by_name, .. } => {
            let name = safe(name);
            match by_name.as_deref().map(safe) {
                Some(by) => tr!(
                    "{by} binds {name}'s wounds: no more HP lost",
                    "{by} bande les blessures de {name} : plus de PV perdus"
                ),
                None => tr!(
                    "{name}'s wounds are bound: no more HP lost",
                    "les blessures de {name} sont bandées : plus de PV perdus"
                ),
            }
        }
        Event::CharacterRaised { name, raising, .. } => {
            let (name, hp) = (safe(name), raising.hp);
            match (&raising.survival, raising.raised()) {
                (None, _) => tr!(
                    "{name} is raised from the dead ({hp} HP): two weeks of bed rest",
                    "{name} est rappelé à la vie ({hp} PV) : deux semaines de repos au lit"
                ),
                (Some(s), true) => {
                    let (chance, total, con) = (s.chance, s.roll.total, s.con.saturating_sub(1));
                    tr!(
                        "{name} is raised from the dead ({hp} HP): survives ({total} on d100, at most {chance}%), CON now {con}; a day of bed rest for each day dead",
                        "{name} est rappelé à la vie ({hp} PV) : survit ({total} au d100, au plus {chance} %), CON désormais {con} ; un jour au lit par jour de mort"
                    )
                }
                (Some(s), false) => {
                    let (chance, total) = (s.chance, s.roll.total);
                    tr!(
                        "{name} is not raised: the resurrection survival roll fails ({total} on d100, above {chance}%), and {name} stays dead",
                        "{name} n'est pas rappelé : le jet de survie à la résurrection échoue ({total} au d100, au-dessus de {chance} %), et {name} reste mort"
                    )
                }
            }
        }
        Event::CharacterBled {
            name,
            rounds,
            lost: None,
            hp,
            ..
        } => {
            let (name, span) = (safe(name), crate::i18n::time::span(*rounds));
            tr!(
                "{name} loses 1 HP a round, dying, for {span} ({hp} HP left)",
                "{name}, mourant, perd 1 PV par round pendant {span} (reste {hp} PV)"
            )
        }
        Event::CharacterBled {
            name,
            rounds,
            lost: Some(lost),
            hp,
            ..
        } => {
            let (name, span) = (safe(name), crate::i18n::time::span(*rounds));
            tr!(
                "{name}, dying, loses {lost} HP in {span}, 1 a minute ({hp} HP left)",
                "{name}, mourant, perd {lost} PV en {span}, 1 par minute (reste {hp} PV)"
            )
        }
        Event::CharacterUpdated { name, change, .. } => {
            let (name, what) = (safe(name), change_text(change));
            tr!(
                "{name}'s sheet changes: {what}",
                "la fiche de {name} change : {what}"
            )
        }
        ledger::campaign_events!()
        | ledger::encounter_events!()
        | ledger::item_events!()
        | ledger::sword_events!()
        | ledger::coins_events!() => String::new(),
    }
}

/// What a character's hit points make of them by the campaign's death rule, when it is
/// worth a line: dying or dead.
pub fn condition(name: &str, condition: Condition) -> Option<String> {
    let name = safe(name);
    match condition {
        Condition::Up => None,
        Condition::Dying => Some(tr!(
            "{name} is dying: unconscious, losing 1 HP a round until their wounds are bound \
             (`character bind`), and dead at -10 HP (AD&D's death's door).",
            "{name} agonise : sans connaissance, perd 1 PV par round tant que ses blessures ne \
             sont pas bandées (`character bind`), la mort vient à -10 PV (AD&D)."
        )),
        Condition::Dead => Some(tr!("{name} is dead.", "{name} n'est plus en vie.")),
    }
}

/// `dying`, `dead`: a character's condition in a list, when it is worth a word.
pub fn condition_word(condition: Condition) -> Option<&'static str> {
    match condition {
        Condition::Up => None,
        Condition::Dying => Some(crate::i18n::pick("dying", "agonisant")),
        Condition::Dead => Some(crate::i18n::pick("dead", "mort")),
    }
}

fn change_text(change: &Change) -> String {
    let mut parts = Vec::new();
    if let Some(level) = change.level {
        parts.push(tr!("level {level}", "niveau {level}"));
    }
    if let Some(class) = &change.class {
        parts.push(tr!(
            "class {}",
            "classe {}",
            class.as_deref().map(safe).unwrap_or_default()
        ));
    }
    if let Some(a) = change.alignment {
        parts.push(crate::view::words::alignment_name(a).to_string());
    }
    if let Some(v) = change.str {
        parts.push(tr!("STR {v}", "FOR {v}"));
    }
    if let Some(v) = change.wis {
        parts.push(tr!("WIS {v}", "SAG {v}"));
    }
    if let Some(v) = change.hp_max {
        parts.push(tr!("max HP {v}", "PV max {v}"));
    }
    if let Some(v) = change.reads_magic {
        parts.push(if v {
            tr!("reads magic", "lit la magie")
        } else {
            tr!("no longer reads magic", "ne lit plus la magie")
        });
    }
    if let Some(v) = change.reads_languages {
        parts.push(if v {
            tr!("reads unknown languages", "lit les langues inconnues")
        } else {
            tr!(
                "no longer reads unknown languages",
                "ne lit plus les langues inconnues"
            )
        });
    }
    if let Some(v) = change.living {
        parts.push(match v {
            None => tr!(
                "lives as the campaign does",
                "vit comme le veut la campagne"
            ),
            Some(crate::rules::upkeep::Living::Lifestyle(l)) => {
                tr!("lives {}", "train de vie {}", super::lifestyle_name(l))
            }
            Some(amount) => tr!(
                "lives on {}",
                "vit avec {}",
                super::living(Some(&amount), "")
            ),
        });
    }
    if let Some(v) = change.literate {
        parts.push(if v {
            tr!("literate", "sait lire")
        } else {
            tr!("illiterate", "illettré")
        });
    }
    parts.join(", ")
}
