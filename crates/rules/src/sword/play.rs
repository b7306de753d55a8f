//! A sentient sword in play (OSE *Sentient Swords*): what touching or holding one of another
//! alignment does round by round, when its special purpose applies to a foe, and how often a
//! limited power may be used.

use crate::alignment::Alignment;
use crate::dice::{Dice, Expr, Roll};
use crate::health;
use crate::item::Purpose;

/// The damage of touching a sword of another alignment.
/// Stated for `hoard explain`, citing the book.
pub const TOUCH: crate::statement::Statement = crate::statement::Statement {
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
pub const HELD: crate::statement::Statement = crate::statement::Statement {
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
            && crate::control::wounded((before, hp_max), (contact.hp, hp_max))
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
    use crate::class::{Caster, caster};
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
    /// When this period began (game rounds): the uses since count.
    pub since: i64,
    /// When the next begins: the uses come back then (for a sliding turn, see [`Period::back`]).
    pub until: i64,
    /// Whether the period is the last turn up to now rather than the calendar's.
    pub sliding: bool,
}

impl Period {
    /// When a use comes back, given the game times of the uses counted since [`Period::since`]:
    /// the period's end, or, for a sliding turn, a turn after the oldest of them.
    pub fn back(&self, used_at: &[i64]) -> i64 {
        let length = self.until - self.since;
        match used_at.iter().min() {
            Some(oldest) if self.sliding => oldest + length,
            _ => self.until,
        }
    }
}

/// How often a power may be used, and the period now: `3/day` is three times a game day (from
/// midnight), `3/week` three times in seven days; `None` for powers usable at will. `1/turn`
/// is OSE's X-ray vision (*Extraordinary Powers of Sentient Swords*): « This power may not be
/// activated more frequently than once per turn », so a whole turn must pass after a use: the
/// turn counted is the last one up to now (a use at round 58 counts until round 118 under
/// OSE's rounds), not the clock's turn. `round` is how long the campaign's rounds last.
pub fn usage_period(uses: &str, now: i64, round: crate::clock::Round) -> Option<Period> {
    use crate::clock::Unit;
    let (limit, per) = uses.split_once('/')?;
    let limit: u32 = limit.parse().ok()?;
    let (unit, sliding) = match per {
        "day" => (Unit::Days, false),
        "turn" => (Unit::Turns, true),
        "week" => (Unit::Weeks, false),
        _ => return None,
    };
    let length = round.per(unit);
    let since = if sliding {
        now - length + 1
    } else {
        now - now.rem_euclid(length)
    };
    Some(Period {
        limit,
        since,
        until: since + length,
        sliding,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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
        use crate::clock::Round::Adnd;
        assert_eq!(usage_period("at-will", 5_000, Adnd), None);
        let period = |limit, since, until| {
            Some(Period {
                limit,
                since,
                until,
                sliding: false,
            })
        };
        assert_eq!(
            usage_period("3/day", 1_440 * 2 + 30, Adnd),
            period(3, 2_880, 4_320)
        );
        assert_eq!(
            usage_period("3/week", 1_440 * 8, Adnd),
            period(3, 1_440 * 7, 1_440 * 14)
        );
        let day = usage_period("3/day", 100, Adnd).unwrap();
        assert_eq!(
            day.back(&[10, 50, 90]),
            1_440,
            "a day's uses come back at midnight"
        );
    }

    /// « may not be activated more frequently than once per turn »: a use at round 58 (OSE's
    /// ten seconds) counts at rounds 60 and 117, across the clock's turn, and no longer at 118,
    /// a whole turn later; under AD&D's minute, ten rounds.
    #[test]
    fn once_per_turn_means_a_whole_turn_between_uses() {
        use crate::clock::Round::{Adnd, Ose};
        let counts = |now, round, at: i64| {
            let p = usage_period("1/turn", now, round).unwrap();
            assert!(p.sliding);
            at >= p.since
        };
        assert!(counts(60, Ose, 58));
        assert!(counts(117, Ose, 58));
        assert!(!counts(118, Ose, 58));
        assert!(counts(19, Adnd, 10));
        assert!(!counts(20, Adnd, 10));
        let p = usage_period("1/turn", 60, Ose).unwrap();
        assert_eq!(p.back(&[58]), 118);
        assert_eq!(p.back(&[]), p.until);
    }
}
