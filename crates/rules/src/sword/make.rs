//! Making a sentient sword (OSE *Sentient Swords*): the procedure that rolls one on the
//! tables — special purpose, INT, communication and languages, alignment, powers, Ego — and
//! the checks that apply when the referee chooses the qualities instead (`hoard sword add`).

use std::collections::VecDeque;

use crate::alignment::Alignment;
use crate::dice::{Dice, Expr};
// A circle kept on purpose (see `generate`): making any item may make a sword here.
use crate::generate::{GenFault, step, table};
use crate::item::{Power, Purpose, Sentience, Step};
use crate::tables::{Duplicates, Entry, Table, Tables};

pub const SENTIENCE: &str = "sword-sentience";
pub const INTELLIGENCE: &str = "sword-intelligence";
pub const LANGUAGES: &str = "sword-languages";
pub const ALIGNMENT: &str = "sword-alignment";
pub const SENSORY: &str = "sword-sensory";
pub const EXTRAORDINARY: &str = "sword-extraordinary";
pub const PURPOSE: &str = "sword-purpose";
/// The monsters a sword whose purpose is to slay a type of them slays.
pub const SLAYS: &str = "sword-slays";

/// INT and Ego of a sword with a special purpose: always 12.
pub const PURPOSE_SCORE: u8 = 12;

/// Guards every loop below against tables that never settle.
const LIMIT: usize = 1_000;

/// Make a sentient sword's mind, in OSE's order: purpose, INT, communication, alignment,
/// powers, Ego.
pub fn generate(
    tables: &Tables,
    has_purpose: bool,
    dice: &mut impl Dice,
    steps: &mut Vec<Step>,
) -> Result<Sentience, GenFault> {
    let special_purpose = if has_purpose {
        let t = table(tables, PURPOSE)?;
        let (roll, entry) = t.roll(dice);
        steps.push(step(t, roll, entry));
        Some(purpose(tables, entry, None, dice, steps)?)
    } else {
        None
    };

    let intelligence = table(tables, INTELLIGENCE)?;
    let mind = if has_purpose {
        intelligence
            .entry_for(i64::from(PURPOSE_SCORE))
            .ok_or_else(|| missing(INTELLIGENCE, "12"))?
    } else {
        let (roll, entry) = intelligence.roll(dice);
        steps.push(step(intelligence, roll, entry));
        entry
    };
    let int = mind.props.int.unwrap_or(mind.lo as u8);
    let communication = mind
        .props
        .communication
        .clone()
        .unwrap_or_else(|| "empathy".into());
    let reads = mind.props.reads.unwrap_or(false);

    let languages = if communication == "speech" {
        languages(table(tables, LANGUAGES)?, dice, steps)?
    } else {
        0
    };

    let alignment_table = table(tables, ALIGNMENT)?;
    let (roll, entry) = alignment_table.roll(dice);
    steps.push(step(alignment_table, roll, entry));
    let alignment = entry
        .props
        .alignment
        .ok_or_else(|| missing(ALIGNMENT, &entry.roll))?;

    let mut sensory_powers = Vec::new();
    let mut extraordinary_powers = Vec::new();
    let mut slots = VecDeque::new();
    slots.extend(std::iter::repeat_n(
        SENSORY,
        mind.props.sensory.unwrap_or(0) as usize,
    ));
    slots.extend(std::iter::repeat_n(
        EXTRAORDINARY,
        mind.props.extraordinary.unwrap_or(0) as usize,
    ));
    roll_powers(
        tables,
        slots,
        dice,
        steps,
        &mut sensory_powers,
        &mut extraordinary_powers,
    )?;

    let ego = if has_purpose {
        PURPOSE_SCORE
    } else {
        let roll = Expr::dice(1, 12).roll(dice);
        let ego = roll.total as u8;
        steps.push(Step {
            what: "ego".into(),
            version: None,
            roll,
            entry: None,
        });
        ego
    };

    Ok(Sentience {
        int,
        ego,
        alignment,
        communication,
        reads,
        languages,
        sensory_powers,
        extraordinary_powers,
        special_purpose,
    })
}

fn missing(table: &str, roll: &str) -> GenFault {
    GenFault::Lacking {
        table: table.into(),
        roll: roll.into(),
    }
}

/// The purpose an entry gives, its `{monster}` filled with the monsters it slays: those the
/// referee named, else a roll on [`SLAYS`] (OSE SRD: "determine the monster type randomly").
fn purpose(
    tables: &Tables,
    entry: &Entry,
    slays: Option<&str>,
    dice: &mut impl Dice,
    steps: &mut Vec<Step>,
) -> Result<Purpose, GenFault> {
    let (mut name, mut name_fr) = (entry.name.clone(), entry.fr.clone());
    if name.contains("{monster}") || name_fr.contains("{monster}") {
        let (en, fr) = match slays {
            Some(named) => (named.to_string(), named.to_string()),
            None => {
                let t = table(tables, SLAYS)?;
                let (roll, slain) = t.roll(dice);
                steps.push(step(t, roll, slain));
                (slain.name.clone(), slain.fr.clone())
            }
        };
        name = name.replace("{monster}", &en);
        name_fr = name_fr.replace("{monster}", &fr);
    }
    Ok(Purpose {
        id: entry
            .props
            .purpose
            .clone()
            .unwrap_or_else(|| entry.roll.clone()),
        name,
        name_fr,
    })
}

/// Languages beyond the alignment language. A "roll twice and add" result rolls twice more
/// and adds, and so on if it comes up again.
fn languages(t: &Table, dice: &mut impl Dice, steps: &mut Vec<Step>) -> Result<u32, GenFault> {
    let mut total = 0u32;
    let mut pending = 1usize;
    for _ in 0..LIMIT {
        if pending == 0 {
            return Ok(total);
        }
        pending -= 1;
        let (roll, entry) = t.roll(dice);
        steps.push(step(t, roll, entry));
        match (entry.props.languages, entry.sum) {
            (Some(n), _) => total = total.saturating_add(n),
            (None, Some(more)) => pending += more as usize,
            (None, None) => return Err(missing(&t.name, &entry.roll)),
        }
    }
    Err(GenFault::LanguagesForever {
        table: t.name.clone(),
    })
}

/// Fill power slots. Each slot rolls on its table: a power fills it (a duplicate rolls again
/// unless the power allows duplicates); a signpost moves the slot to another table ("roll an
/// extraordinary power"); "roll N times again" turns the slot into N slots on the same table.
fn roll_powers<'t>(
    tables: &'t Tables,
    mut slots: VecDeque<&'t str>,
    dice: &mut impl Dice,
    steps: &mut Vec<Step>,
    sensory: &mut Vec<Power>,
    extraordinary: &mut Vec<Power>,
) -> Result<(), GenFault> {
    for _ in 0..LIMIT {
        let Some(name) = slots.pop_front() else {
            return Ok(());
        };
        let t = table(tables, name)?;
        let list = if name == EXTRAORDINARY {
            &mut *extraordinary
        } else {
            &mut *sensory
        };
        if exhausted(t, list) {
            // Every power of the table is already owned and none may repeat: the slot is lost.
            continue;
        }
        let (roll, entry) = t.roll(dice);
        steps.push(step(t, roll, entry));
        if let Some(next) = &entry.table {
            slots.push_front(table(tables, next)?.name.as_str());
        } else if let Some(n) = entry.again {
            for _ in 0..n {
                slots.push_front(name);
            }
        } else if entry.reroll {
            slots.push_front(name);
        } else {
            let power = power(entry).ok_or_else(|| missing(&t.name, &entry.roll))?;
            let repeats = list.iter().any(|p| p.id == power.id);
            if repeats && !allows_duplicates(t, entry) {
                slots.push_front(name);
            } else {
                list.push(power);
            }
        }
    }
    Err(GenFault::PowersForever)
}

fn allows_duplicates(t: &Table, entry: &Entry) -> bool {
    entry.props.duplicates.unwrap_or(t.duplicates) == Duplicates::Allowed
}

/// No new power can come from `t`: every power it lists is owned and may not repeat.
fn exhausted(t: &Table, owned: &[Power]) -> bool {
    t.entries.iter().all(|e| match &e.props.power {
        Some(id) => !allows_duplicates(t, e) && owned.iter().any(|p| &p.id == id),
        None => true,
    })
}

fn power(entry: &Entry) -> Option<Power> {
    Some(Power {
        id: entry.props.power.clone()?,
        name: entry.name.clone(),
        name_fr: entry.fr.clone(),
        uses: entry.props.uses.clone().unwrap_or_else(|| "at-will".into()),
    })
}

/// The qualities a referee chooses for a sword (`hoard sword add`), before checking.
#[derive(Debug, Clone)]
pub struct Chosen {
    pub int: i64,
    pub ego: i64,
    pub alignment: Alignment,
    pub sensory: Vec<String>,
    pub extraordinary: Vec<String>,
    pub purpose: Option<String>,
    /// The monsters a sword whose purpose is to slay a type of them slays (else rolled).
    pub slays: Option<String>,
    pub languages: Option<u32>,
}

/// Check chosen qualities against OSE *Sentient Swords* and the tables: INT 7–12, Ego 1–12, a purpose
/// sword has INT 12 and Ego 12, powers exist (named by id or name), repeat only where the
/// table allows, and number no more than the INT gives (an extraordinary power may stand in
/// for a sensory one, as the sensory table's "roll an extraordinary power" allows). Powers the
/// referee leaves unchosen are rolled on the tables, each roll kept in `steps`.
pub fn choose(
    tables: &Tables,
    chosen: &Chosen,
    dice: &mut impl Dice,
    steps: &mut Vec<Step>,
) -> Result<Sentience, GenFault> {
    if !(7..=12).contains(&chosen.int) {
        return Err(GenFault::Int { int: chosen.int });
    }
    if !(1..=12).contains(&chosen.ego) {
        return Err(GenFault::Ego { ego: chosen.ego });
    }
    let (int, ego) = (chosen.int as u8, chosen.ego as u8);
    let special_purpose = match &chosen.purpose {
        Some(wanted) => {
            if int != PURPOSE_SCORE || ego != PURPOSE_SCORE {
                return Err(GenFault::PurposeNeedsTwelve);
            }
            let t = table(tables, PURPOSE)?;
            let slays = chosen.slays.as_deref();
            Some(purpose(tables, lookup(t, wanted)?, slays, dice, steps)?)
        }
        None => None,
    };
    let mind = table(tables, INTELLIGENCE)?
        .entry_for(chosen.int)
        .ok_or_else(|| missing(INTELLIGENCE, &chosen.int.to_string()))?;
    let sensory_table = table(tables, SENSORY)?;
    let extraordinary_table = table(tables, EXTRAORDINARY)?;
    let powers_of = |t: &Table, wanted: &[String]| -> Result<Vec<Power>, GenFault> {
        let mut powers: Vec<Power> = Vec::new();
        for want in wanted {
            let entry = lookup(t, want)?;
            let power = power(entry).ok_or_else(|| missing(&t.name, &entry.roll))?;
            if powers.iter().any(|p| p.id == power.id) && !allows_duplicates(t, entry) {
                return Err(GenFault::ChosenTwice { power: power.name });
            }
            powers.push(power);
        }
        Ok(powers)
    };
    let mut sensory_powers = powers_of(sensory_table, &chosen.sensory)?;
    let mut extraordinary_powers = powers_of(extraordinary_table, &chosen.extraordinary)?;
    let (want_s, want_x) = (
        mind.props.sensory.unwrap_or(0) as usize,
        mind.props.extraordinary.unwrap_or(0) as usize,
    );
    let (got_s, got_x) = (sensory_powers.len(), extraordinary_powers.len());
    if got_s + got_x > want_s + want_x || got_s > want_s {
        return Err(GenFault::TooManyPowers {
            int,
            sensory: want_s,
            extraordinary: want_x,
            chosen_sensory: got_s,
            chosen_extraordinary: got_x,
        });
    }
    // The rest, rolled: the extraordinary powers still owed, then the sensory ones.
    let missing_x = want_x.saturating_sub(got_x);
    let missing_s = (want_s + want_x) - (got_s + got_x) - missing_x;
    let mut slots = VecDeque::new();
    slots.extend(std::iter::repeat_n(EXTRAORDINARY, missing_x));
    slots.extend(std::iter::repeat_n(SENSORY, missing_s));
    roll_powers(
        tables,
        slots,
        dice,
        steps,
        &mut sensory_powers,
        &mut extraordinary_powers,
    )?;
    let communication = mind
        .props
        .communication
        .clone()
        .unwrap_or_else(|| "empathy".into());
    // Languages the referee leaves unchosen are rolled, as the powers are (OSE *Sentient
    // Swords*: « Le nombre de langues qu'elle connaît est tiré sur la table des langues »).
    let languages = match (communication.as_str(), chosen.languages) {
        ("speech", Some(n)) => n,
        ("speech", None) => languages(table(tables, LANGUAGES)?, dice, steps)?,
        (_, Some(n)) if n > 0 => {
            return Err(GenFault::Speechless { int });
        }
        _ => 0,
    };
    Ok(Sentience {
        int,
        ego,
        alignment: chosen.alignment,
        communication,
        reads: mind.props.reads.unwrap_or(false),
        languages,
        sensory_powers,
        extraordinary_powers,
        special_purpose,
    })
}

/// The entry of `t` whose power or purpose id, or name in either language, is `wanted`.
fn lookup<'t>(t: &'t Table, wanted: &str) -> Result<&'t Entry, GenFault> {
    let key = wanted.trim().to_lowercase();
    t.entries
        .iter()
        .find(|e| {
            e.props.power.as_deref() == Some(key.as_str())
                || e.props.purpose.as_deref() == Some(key.as_str())
                || (e.props.power.is_some() || e.props.purpose.is_some())
                    && (e.name.to_lowercase() == key || e.fr.to_lowercase() == key)
        })
        .ok_or_else(|| {
            let choices = t
                .entries
                .iter()
                .filter_map(|e| e.props.power.as_deref().or(e.props.purpose.as_deref()))
                .map(str::to_string)
                .collect();
            GenFault::NoSuchChoice {
                wanted: wanted.into(),
                table: t.name.clone(),
                choices,
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::seeded;
    use crate::generate::{Sentient, make};
    use crate::tables::shipped;

    fn tables() -> Tables {
        Tables::parse(&shipped()).unwrap()
    }

    #[test]
    fn unchosen_languages_are_rolled_and_chosen_ones_kept() {
        let chosen = |languages: Option<u32>| Chosen {
            int: 10,
            ego: 5,
            alignment: Alignment::Neutral,
            sensory: vec![],
            extraordinary: vec![],
            purpose: None,
            slays: None,
            languages,
        };
        let mut steps = Vec::new();
        let rolled = choose(&tables(), &chosen(None), &mut seeded(3), &mut steps).unwrap();
        assert!(rolled.languages >= 1);
        assert!(steps.iter().any(|s| s.what == LANGUAGES), "{steps:?}");
        let mut steps = Vec::new();
        let given = choose(&tables(), &chosen(Some(4)), &mut seeded(3), &mut steps).unwrap();
        assert_eq!(given.languages, 4);
        assert!(!steps.iter().any(|s| s.what == LANGUAGES));
        let seen: std::collections::BTreeSet<u32> = (0..40)
            .map(|seed| {
                choose(&tables(), &chosen(None), &mut seeded(seed), &mut Vec::new())
                    .unwrap()
                    .languages
            })
            .collect();
        assert!(seen.len() > 1, "{seen:?}");
    }

    fn minds(n: usize, seed: u64) -> Vec<Sentience> {
        let tables = tables();
        let mut dice = seeded(seed);
        (0..n)
            .map(|_| {
                make(&tables, "swords", Sentient::Forced, &mut dice)
                    .unwrap()
                    .identity
                    .sentience
                    .expect("forced sentient")
            })
            .collect()
    }

    /// Exactly as many powers as INT gives, plus those "roll twice again" adds: each such
    /// entry takes the place of one power and brings `again` more.
    #[test]
    fn powers_number_what_int_and_the_rolls_give() {
        let tables = tables();
        let mut dice = seeded(22);
        for _ in 0..5_000 {
            let mut steps = Vec::new();
            let s = generate(&tables, false, &mut dice, &mut steps).unwrap();
            let base = match s.int {
                7 => 1,
                8 => 2,
                9..=11 => 3,
                _ => 4,
            };
            let added: usize = steps
                .iter()
                .filter(|st| st.what == SENSORY || st.what == EXTRAORDINARY)
                .filter_map(|st| tables.get(&st.what)?.entry_for(st.roll.total)?.again)
                .map(|n| n as usize - 1)
                .sum();
            let total = s.sensory_powers.len() + s.extraordinary_powers.len();
            assert_eq!(total, base + added, "{s:?}");
        }
    }

    #[test]
    fn int_ego_communication_and_powers_follow_the_tables() {
        for s in minds(5_000, 21) {
            assert!((7..=12).contains(&s.int), "INT {}", s.int);
            assert!((1..=12).contains(&s.ego), "Ego {}", s.ego);
            let (sensory, extraordinary) = match s.int {
                7 => (1, 0),
                8 => (2, 0),
                9..=11 => (3, 0),
                _ => (3, 1),
            };
            assert_eq!(
                s.communication,
                if s.int >= 10 { "speech" } else { "empathy" }
            );
            assert_eq!(s.reads, s.int >= 11);
            if s.communication == "speech" {
                assert!(s.languages >= 1);
            } else {
                assert_eq!(s.languages, 0);
            }
            let total = s.sensory_powers.len() + s.extraordinary_powers.len();
            // "Roll an extraordinary power" swaps one kind for the other; nothing removes any.
            assert!(total >= sensory + extraordinary, "{s:?}");
            assert!(s.extraordinary_powers.len() >= extraordinary, "{s:?}");
            let mut ids: Vec<&str> = s.sensory_powers.iter().map(|p| p.id.as_str()).collect();
            ids.sort();
            let before = ids.len();
            ids.dedup();
            assert_eq!(before, ids.len(), "sensory powers never repeat: {s:?}");
            if s.special_purpose.is_some() {
                assert_eq!(
                    (s.int, s.ego),
                    (12, 12),
                    "a purpose sword has INT 12 and Ego 12"
                );
            }
        }
    }

    #[test]
    fn purpose_swords_are_a_sixth_of_the_sentient_ones() {
        let with_purpose = minds(12_000, 22)
            .iter()
            .filter(|s| s.special_purpose.is_some())
            .count();
        assert!(
            (1_800..=2_200).contains(&with_purpose),
            "{with_purpose} of 12,000"
        );
    }

    #[test]
    fn thirty_percent_of_magic_swords_are_sentient() {
        let tables = tables();
        let mut dice = seeded(23);
        let n = 20_000;
        let made: Vec<_> = (0..n)
            .map(|_| make(&tables, "swords", Sentient::AsRolled, &mut dice).unwrap())
            .collect();
        let sentient = made
            .iter()
            .filter(|m| m.identity.sentience.is_some())
            .count();
        let purpose = made
            .iter()
            .filter(|m| {
                m.identity
                    .sentience
                    .as_ref()
                    .is_some_and(|s| s.special_purpose.is_some())
            })
            .count();
        assert!((5_700..=6_300).contains(&sentient), "{sentient} of {n}");
        assert!(
            (850..=1_150).contains(&purpose),
            "{purpose} of {n}: 1 in 20"
        );
    }

    #[test]
    fn languages_roll_twice_and_add_on_00() {
        let tables = tables();
        let t = tables.get(LANGUAGES).unwrap();
        // 00, then 00 again, then +1, +2, +5: 1 + 2 + 5.
        let mut dice = crate::dice::scripted::Scripted::new(&[100, 100, 10, 60, 97]);
        let mut steps = Vec::new();
        assert_eq!(languages(t, &mut dice, &mut steps).unwrap(), 8);
        assert_eq!(steps.len(), 5);
    }

    #[test]
    fn a_chosen_sword_is_checked_like_a_rolled_one() {
        let tables = tables();
        let choose = |c: &Chosen| choose(&tables, c, &mut seeded(1), &mut Vec::new());
        let base = Chosen {
            int: 9,
            ego: 5,
            alignment: Alignment::Lawful,
            sensory: vec![
                "detect-magic".into(),
                "detect-traps".into(),
                "Detect slopes".into(),
            ],
            extraordinary: vec![],
            purpose: None,
            slays: None,
            languages: None,
        };
        let s = choose(&base).unwrap();
        assert_eq!(
            (s.int, s.communication.as_str(), s.languages),
            (9, "empathy", 0)
        );
        let refuse = |c: Chosen, fault: GenFault| {
            assert_eq!(choose(&c).unwrap_err(), fault);
        };
        refuse(
            Chosen {
                int: 13,
                ..base.clone()
            },
            GenFault::Int { int: 13 },
        );
        refuse(
            Chosen {
                int: 6,
                ..base.clone()
            },
            GenFault::Int { int: 6 },
        );
        refuse(
            Chosen {
                ego: 0,
                ..base.clone()
            },
            GenFault::Ego { ego: 0 },
        );
        refuse(
            Chosen {
                ego: 13,
                ..base.clone()
            },
            GenFault::Ego { ego: 13 },
        );
        refuse(
            Chosen {
                purpose: Some("slay-warriors".into()),
                ..base.clone()
            },
            GenFault::PurposeNeedsTwelve,
        );
        refuse(
            Chosen {
                sensory: vec![
                    "detect-magic".into(),
                    "detect-traps".into(),
                    "detect-slopes".into(),
                    "see-invisible".into(),
                ],
                ..base.clone()
            },
            GenFault::TooManyPowers {
                int: 9,
                sensory: 3,
                extraordinary: 0,
                chosen_sensory: 4,
                chosen_extraordinary: 0,
            },
        );
        refuse(
            Chosen {
                sensory: vec![
                    "detect-magic".into(),
                    "detect-magic".into(),
                    "detect-traps".into(),
                ],
                ..base.clone()
            },
            GenFault::ChosenTwice {
                power: "Detect magic".into(),
            },
        );
        let Err(GenFault::NoSuchChoice {
            wanted,
            table,
            choices,
        }) = choose(&Chosen {
            sensory: vec!["fly".into(), "detect-traps".into(), "detect-slopes".into()],
            ..base.clone()
        })
        else {
            panic!("an unknown power is refused");
        };
        assert_eq!((wanted.as_str(), table.as_str()), ("fly", SENSORY));
        assert!(choices.iter().any(|c| c == "detect-traps"), "{choices:?}");
        refuse(
            Chosen {
                languages: Some(2),
                ..base.clone()
            },
            GenFault::Speechless { int: 9 },
        );
        let purpose = Chosen {
            int: 12,
            ego: 12,
            extraordinary: vec!["healing".into()],
            purpose: Some("slay-warriors".into()),
            ..base.clone()
        };
        let s = choose(&purpose).unwrap();
        assert_eq!(s.special_purpose.unwrap().id, "slay-warriors");
        assert_eq!(s.languages, 1);
        let twice = Chosen {
            extraordinary: vec!["healing".into(), "healing".into()],
            sensory: vec!["detect-magic".into(), "detect-traps".into()],
            ..purpose
        };
        assert_eq!(
            choose(&twice).unwrap().extraordinary_powers.len(),
            2,
            "healing may repeat"
        );
    }

    #[test]
    fn a_sword_that_slays_a_type_of_monster_says_which() {
        use crate::dice::seeded;
        let tables = Tables::parse(&shipped()).expect("shipped tables");
        let chosen = |slays: Option<&str>| Chosen {
            int: 12,
            ego: 12,
            alignment: Alignment::Lawful,
            sensory: vec![],
            extraordinary: vec![],
            purpose: Some("slay-monster-type".into()),
            slays: slays.map(str::to_string),
            languages: None,
        };
        let mut steps = Vec::new();
        let named = choose(
            &tables,
            &chosen(Some("basilisks")),
            &mut seeded(1),
            &mut steps,
        );
        let purpose = named.unwrap().special_purpose.unwrap();
        assert_eq!(
            (purpose.name.as_str(), purpose.name_fr.as_str()),
            ("Slay basilisks", "Tuer basilisks")
        );
        let mut steps = Vec::new();
        let rolled = choose(&tables, &chosen(None), &mut seeded(1), &mut steps).unwrap();
        let purpose = rolled.special_purpose.unwrap();
        assert!(
            !purpose.name.contains('{') && purpose.name.starts_with("Slay "),
            "{purpose:?}"
        );
        assert!(purpose.name_fr.starts_with("Tuer les "), "{purpose:?}");
        assert!(
            steps.iter().any(|st| st.what == SLAYS),
            "the roll is recorded: {steps:?}"
        );
    }

    #[test]
    fn powers_left_unchosen_are_rolled_and_recorded() {
        use crate::dice::seeded;
        let tables = Tables::parse(&shipped()).expect("shipped tables");
        let chosen = Chosen {
            int: 12,
            ego: 7,
            alignment: Alignment::Chaotic,
            sensory: vec!["detect-magic".into()],
            extraordinary: vec![],
            purpose: None,
            slays: None,
            languages: None,
        };
        let mut steps = Vec::new();
        let s = choose(&tables, &chosen, &mut seeded(9), &mut steps).unwrap();
        assert_eq!(
            s.sensory_powers[0].id, "detect-magic",
            "the chosen one stays"
        );
        assert!(
            s.extraordinary_powers.len() + s.sensory_powers.len() >= 4,
            "INT 12: three sensory and one extraordinary, the rest rolled: {s:?}"
        );
        assert!(!s.extraordinary_powers.is_empty(), "{s:?}");
        assert!(steps.iter().any(|st| st.what == EXTRAORDINARY), "{steps:?}");
        // The same seed rolls the same powers.
        let again = choose(&tables, &chosen, &mut seeded(9), &mut Vec::new()).unwrap();
        assert_eq!(s, again);
    }
}
