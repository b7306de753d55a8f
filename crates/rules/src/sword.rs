//! Sentient swords (OSE *Sentient Swords*): the procedure that makes one from the tables — special
//! purpose, INT, communication and languages, alignment, powers, Ego — and the checks that
//! apply when the referee chooses the qualities instead (`hoard sword add`).

use std::collections::VecDeque;

use super::alignment::Alignment;
use super::dice::{Dice, Expr, Roll};
use super::generate::{GenFault, step, table};
use super::health;
use super::item::{Power, Purpose, Sentience, Step};
use super::tables::{Duplicates, Entry, Table, Tables};

pub const SENTIENCE: &str = "sword-sentience";
pub const INTELLIGENCE: &str = "sword-intelligence";
pub const LANGUAGES: &str = "sword-languages";
pub const ALIGNMENT: &str = "sword-alignment";
pub const SENSORY: &str = "sword-sensory";
pub const EXTRAORDINARY: &str = "sword-extraordinary";
pub const PURPOSE: &str = "sword-purpose";

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
        Some(purpose(entry))
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

fn purpose(entry: &Entry) -> Purpose {
    Purpose {
        id: entry
            .props
            .purpose
            .clone()
            .unwrap_or_else(|| entry.roll.clone()),
        name: entry.name.clone(),
        name_fr: entry.fr.clone(),
    }
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

/// The damage of touching a sword of another alignment.
/// Stated for `hoard explain`, citing the book.
pub const TOUCH: super::statement::Statement = super::statement::Statement {
    en: "Touching a sword of another alignment hurts each round: a lawful sword 1d6 to neutral and 2d6 to chaotic characters; a neutral sword 1d6 to any non-neutral; a chaotic sword 1d6 to neutral and 2d6 to lawful characters (OSE, Sentient Swords).",
    fr: "Toucher une épée d'un autre alignement blesse à chaque round : épée loyale 1d6 aux neutres et 2d6 aux chaotiques ; épée neutre 1d6 aux non-neutres ; épée chaotique 1d6 aux neutres et 2d6 aux loyaux (OSE, Épées intelligentes).",
};

/// The damage a sword deals each round to a character of another alignment who touches it
/// (OSE *Sentient Swords*: « Épée loyale : Inflige 1d6 de dégâts par round aux personnages
/// neutres et 2d6 par round aux personnages chaotiques. Épée neutre : Inflige 1d6 points de
/// dégâts par round aux personnages non neutres. Épée chaotique : Inflige 1d6 de dégâts par
/// round aux personnages neutres et 2d6 par round aux personnages loyaux. »).
pub fn touch_damage(sword: Alignment, toucher: Alignment) -> Option<Expr> {
    use Alignment::*;
    match (sword, toucher) {
        (Lawful, Neutral) | (Neutral, Lawful | Chaotic) | (Chaotic, Neutral) => {
            Some(Expr::dice(1, 6))
        }
        (Lawful, Chaotic) | (Chaotic, Lawful) => Some(Expr::dice(2, 6)),
        _ => None,
    }
}

/// Rounds of contact: what swords of another alignment in one character's hand did to them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contact {
    /// For each sword, the damage of each round it hurt, in order: round 1 first.
    pub damage: Vec<Vec<Roll>>,
    /// HP after the last round.
    pub hp: i32,
    /// The round (1 for the first) whose damage took the holder, alive, from above half of
    /// maximum HP to half or less: the wounded check comes at the end of that round.
    pub wounded_at: Option<i64>,
}

/// The damage of holding a sword of another alignment, round by round.
/// Stated for `hoard explain`, citing the book.
pub const HELD: super::statement::Statement = super::statement::Statement {
    en: "A sword in the hand of a character of another alignment deals its damage every round of game time, each round its own roll (OSE Sentient Swords).",
    fr: "Une épée en main d'un personnage d'un autre alignement inflige ses dégâts à chaque round de temps de jeu, chaque round son propre jet (OSE, épées intelligentes).",
};

/// `rounds` rounds with these swords in hand (each sword's damage per round, from
/// [`touch_damage`]): each round each sword deals its damage, rolled that round — « par round »
/// — starting from `hp` of `hp_max`. A dead holder (0 HP or below) takes no more rounds, so
/// however long the time that passes, the rounds rolled stop once the holder is dead.
pub fn contact(
    swords: &[Expr],
    hp: i32,
    hp_max: i32,
    rounds: i64,
    dice: &mut impl Dice,
) -> Contact {
    let mut contact = Contact {
        damage: vec![Vec::new(); swords.len()],
        hp,
        wounded_at: None,
    };
    if swords.is_empty() {
        return contact;
    }
    for round in 1..=rounds {
        if health::dead(contact.hp) {
            break;
        }
        let before = contact.hp;
        for (rolls, expr) in contact.damage.iter_mut().zip(swords) {
            let roll = expr.roll(dice);
            contact.hp = health::after_damage(contact.hp, u32::try_from(roll.total).unwrap_or(0));
            rolls.push(roll);
        }
        if contact.wounded_at.is_none()
            && super::control::wounded((before, hp_max), (contact.hp, hp_max))
        {
            contact.wounded_at = Some(round);
        }
    }
    contact
}

/// A foe met in an encounter (`hoard encounter --with KIND`).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Foe {
    /// What was met: a class (`magic-user`, `cleric`, `fighter` …) or a kind of monster.
    pub kind: String,
    pub alignment: Option<Alignment>,
    /// The referee says the purpose applies (a specific monster type, a judgement call).
    #[serde(default)]
    pub applies: bool,
}

const WARRIORS: &[&str] = &[
    "fighter",
    "warrior",
    "ranger",
    "paladin",
    "barbarian",
    "soldier",
    "knight",
    "dwarf",
    "halfling",
    "guerrier",
    "rôdeur",
    "nain",
    "halfelin",
    "chevalier",
    "soldat",
];

/// Whether a sword's special purpose applies to a foe (OSE: slay arcane casters, divine
/// casters, warriors, a monster type, lawful or chaotic creatures — the opposite of a lawful
/// or chaotic sword's own alignment).
pub fn purpose_applies(purpose: &Purpose, sword: Alignment, foe: &Foe) -> bool {
    use super::class::{Caster, caster};
    if foe.applies {
        return true;
    }
    let kind = foe.kind.trim().to_lowercase();
    let class = caster(Some(&kind));
    match purpose.id.as_str() {
        "slay-arcane-casters" => class == Some(Caster::Wizard),
        "slay-divine-casters" => class == Some(Caster::Priest),
        "slay-warriors" => WARRIORS.contains(&kind.as_str()),
        "slay-lawful" => {
            let target = if sword == Alignment::Lawful {
                Alignment::Chaotic
            } else {
                Alignment::Lawful
            };
            foe.alignment == Some(target)
        }
        "slay-chaotic" => {
            let target = if sword == Alignment::Chaotic {
                Alignment::Lawful
            } else {
                Alignment::Chaotic
            };
            foe.alignment == Some(target)
        }
        // A specific type of monster: only the referee knows which (`--applies`).
        _ => false,
    }
}

/// The period a limited power is counted over, as it stands now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Period {
    /// Uses allowed in one period.
    pub limit: u32,
    /// When this period began (game rounds).
    pub since: i64,
    /// When the next begins: the uses come back then.
    pub until: i64,
}

/// How often a power may be used, and the period now: `3/day` is three times a game day (from
/// midnight), `1/turn` once a turn, `3/week` three times in seven days; `None` for powers
/// usable at will.
pub fn usage_period(uses: &str, now: i64) -> Option<Period> {
    use super::clock::{ROUNDS_PER_DAY, ROUNDS_PER_TURN};
    let (limit, per) = uses.split_once('/')?;
    let limit: u32 = limit.parse().ok()?;
    let length = match per {
        "day" => ROUNDS_PER_DAY,
        "turn" => ROUNDS_PER_TURN,
        "week" => ROUNDS_PER_DAY * 7,
        _ => return None,
    };
    let since = now - now.rem_euclid(length);
    Some(Period {
        limit,
        since,
        until: since + length,
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
            Some(purpose(lookup(t, wanted)?))
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
    fn each_round_in_hand_rolls_its_own_damage_and_the_wound_comes_at_its_round() {
        use crate::dice::scripted::Scripted;
        // 20 of 20 HP: 6, 3 (11 left: above half), 2 (9: half or less at round 3), 1.
        let c = contact(
            &[Expr::dice(1, 6)],
            20,
            20,
            4,
            &mut Scripted::new(&[6, 3, 2, 1]),
        );
        let faces: Vec<i64> = c.damage[0].iter().map(|r| r.total).collect();
        assert_eq!(faces, [6, 3, 2, 1]);
        assert_eq!((c.hp, c.wounded_at), (8, Some(3)));
        // Exactly half of an even maximum is half or less.
        let c = contact(&[Expr::dice(1, 6)], 10, 10, 1, &mut Scripted::new(&[5]));
        assert_eq!(c.wounded_at, Some(1));
        let c = contact(&[Expr::dice(1, 6)], 10, 10, 1, &mut Scripted::new(&[4]));
        assert_eq!(c.wounded_at, None, "6 of 10 is above half");
    }

    #[test]
    fn rounds_stop_at_death_and_a_dead_holder_is_never_wounded() {
        use crate::dice::scripted::Scripted;
        // 4 of 10, already at half: 2d6 kills at the first round; the rest roll nothing.
        let c = contact(
            &[Expr::dice(2, 6)],
            4,
            10,
            8_640,
            &mut Scripted::new(&[3, 3]),
        );
        assert_eq!((c.damage[0].len(), c.hp, c.wounded_at), (1, -2, None));
        // From above half straight to death: no wounded round.
        let c = contact(&[Expr::dice(2, 6)], 6, 10, 5, &mut Scripted::new(&[6, 6]));
        assert_eq!((c.damage[0].len(), c.wounded_at), (1, None));
        // Dead already: nothing at all.
        let c = contact(&[Expr::dice(1, 6)], 0, 10, 5, &mut Scripted::new(&[]));
        assert!(c.damage[0].is_empty());
        // No sword of another alignment: nothing either.
        let c = contact(&[], 10, 10, 5, &mut Scripted::new(&[]));
        assert!(c.damage.is_empty() && c.wounded_at.is_none());
    }

    #[test]
    fn two_swords_in_one_hand_each_roll_every_round() {
        use crate::dice::scripted::Scripted;
        let c = contact(
            &[Expr::dice(1, 6), Expr::dice(2, 6)],
            30,
            30,
            2,
            &mut Scripted::new(&[1, 2, 3, 4, 5, 6]),
        );
        assert_eq!((c.damage[0].len(), c.damage[1].len()), (2, 2));
        assert_eq!(c.hp, 30 - 1 - 5 - 4 - 11);
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
}

#[cfg(test)]
mod play {
    use super::*;

    #[test]
    fn touching_hurts_by_alignment() {
        use Alignment::*;
        let dice = |s, t| touch_damage(s, t).map(|e| e.to_string());
        assert_eq!(dice(Lawful, Lawful), None);
        assert_eq!(dice(Lawful, Neutral).as_deref(), Some("1d6"));
        assert_eq!(dice(Lawful, Chaotic).as_deref(), Some("2d6"));
        assert_eq!(dice(Neutral, Lawful).as_deref(), Some("1d6"));
        assert_eq!(dice(Neutral, Chaotic).as_deref(), Some("1d6"));
        assert_eq!(dice(Neutral, Neutral), None);
        assert_eq!(dice(Chaotic, Neutral).as_deref(), Some("1d6"));
        assert_eq!(dice(Chaotic, Lawful).as_deref(), Some("2d6"));
        assert_eq!(dice(Chaotic, Chaotic), None);
    }

    #[test]
    fn purposes_apply_to_their_foes() {
        use Alignment::{Chaotic, Lawful, Neutral};
        // (purpose, the sword's alignment, the foe, its alignment, the referee's say, applies)
        let cases = [
            (
                "slay-arcane-casters",
                Lawful,
                "magic-user",
                None,
                false,
                true,
            ),
            ("slay-arcane-casters", Lawful, "cleric", None, false, false),
            ("slay-divine-casters", Lawful, "Druid", None, false, true),
            ("slay-warriors", Lawful, "fighter", None, false, true),
            // Lawful creatures — chaotic ones for a lawful sword.
            ("slay-lawful", Neutral, "orc", Some(Lawful), false, true),
            ("slay-lawful", Lawful, "orc", Some(Chaotic), false, true),
            ("slay-lawful", Lawful, "orc", Some(Lawful), false, false),
            ("slay-chaotic", Chaotic, "knight", Some(Lawful), false, true),
            // A monster type is the referee's call.
            ("slay-monster-type", Lawful, "dragon", None, false, false),
            ("slay-monster-type", Lawful, "dragon", None, true, true),
        ];
        for (id, sword, kind, alignment, applies, expected) in cases {
            let purpose = Purpose {
                id: id.into(),
                name: id.into(),
                name_fr: id.into(),
            };
            let foe = Foe {
                kind: kind.into(),
                alignment,
                applies,
            };
            assert_eq!(
                purpose_applies(&purpose, sword, &foe),
                expected,
                "{id}, {sword:?} sword, {kind} {alignment:?}"
            );
        }
    }

    #[test]
    fn powers_count_per_day_turn_or_week() {
        assert_eq!(usage_period("at-will", 5_000), None);
        let period = |limit, since, until| {
            Some(Period {
                limit,
                since,
                until,
            })
        };
        assert_eq!(
            usage_period("3/day", 1_440 * 2 + 30),
            period(3, 2_880, 4_320)
        );
        assert_eq!(usage_period("1/turn", 127), period(1, 120, 130));
        assert_eq!(
            usage_period("3/week", 1_440 * 8),
            period(3, 1_440 * 7, 1_440 * 14)
        );
    }

    #[test]
    fn powers_left_unchosen_are_rolled_and_recorded() {
        use crate::dice::seeded;
        let tables = Tables::parse(&crate::tables::shipped()).expect("shipped tables");
        let chosen = Chosen {
            int: 12,
            ego: 7,
            alignment: Alignment::Chaotic,
            sensory: vec!["detect-magic".into()],
            extraordinary: vec![],
            purpose: None,
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
