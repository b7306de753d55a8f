//! Control of a sentient sword over its wielder (seed 000): the circumstances that call for a
//! check, the contest of wills, the exact chance that a check gives the sword control, and the
//! circumstances whose end releases a character.

use serde::{Deserialize, Serialize};

use super::alignment::Alignment;
use super::character::Character;
use super::dice::{Dice, Expr, Roll};
use super::health;
use super::item::Sentience;

/// Why a control check happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// The character touches or takes the sword for the first time.
    FirstContact,
    /// The sword's holder is reduced to half or less of maximum HP.
    Wounded,
    /// Another magic weapon comes into the holder's possession.
    Jealousy,
    /// The sword is used by a holder of another alignment.
    Alignment,
    /// The sword's special purpose applies.
    SpecialPurpose,
}

impl Trigger {
    pub fn as_str(self) -> &'static str {
        match self {
            Trigger::FirstContact => "first_contact",
            Trigger::Wounded => "wounded",
            Trigger::Jealousy => "jealousy",
            Trigger::Alignment => "alignment",
            Trigger::SpecialPurpose => "special_purpose",
        }
    }

    pub fn label(self) -> &'static str {
        let (en, fr) = match self {
            Trigger::FirstContact => ("first contact", "premier contact"),
            Trigger::Wounded => ("wounded", "blessé"),
            Trigger::Jealousy => ("jealousy", "jalousie"),
            Trigger::Alignment => ("alignment difference", "différence d'alignement"),
            Trigger::SpecialPurpose => ("special purpose", "but spécial"),
        };
        crate::i18n::pick(en, fr)
    }
}

/// The sword's will: INT + Ego, +1 per extraordinary power, +1d10 if its alignment differs
/// from the wielder's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwordWill {
    pub int: u8,
    pub ego: u8,
    pub extraordinary: u8,
    pub alignment_roll: Option<Roll>,
    pub total: i64,
}

/// The wielder's will: STR + WIS, −1d4 if HP are below maximum, −2d4 instead if below half.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CharacterWill {
    pub str: u8,
    pub wis: u8,
    pub penalty: Option<Roll>,
    pub total: i64,
}

/// One control check: both wills with their dice, and whether the sword takes control.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contest {
    pub sword_will: SwordWill,
    pub character_will: CharacterWill,
    /// Only a strictly higher will takes control: ties go to the wielder.
    pub controlled: bool,
}

/// The dice of the sword's will for this wielder: 1d10 when alignments differ.
fn sword_dice(sword: &Sentience, wielder: Alignment) -> Option<Expr> {
    (sword.alignment != wielder).then(|| Expr::dice(1, 10))
}

/// The dice of the wielder's penalty: 2d4 below half HP, 1d4 below maximum, none at full.
/// "Below half" is strict and compared without integer division: 4 of 8 HP is not below half.
pub fn penalty_dice(c: &Character) -> Option<Expr> {
    if health::below_half(c.hp, c.hp_max) {
        Some(Expr::dice(2, 4))
    } else if c.hp < c.hp_max {
        Some(Expr::dice(1, 4))
    } else {
        None
    }
}

fn sword_base(sword: &Sentience) -> i64 {
    i64::from(sword.int) + i64::from(sword.ego) + sword.extraordinary_powers.len() as i64
}

fn character_base(c: &Character) -> i64 {
    i64::from(c.str) + i64::from(c.wis)
}

/// Roll a control check between `sword` and `wielder`.
pub fn contest(sword: &Sentience, wielder: &Character, dice: &mut impl Dice) -> Contest {
    let alignment_roll = sword_dice(sword, wielder.alignment).map(|e| e.roll(dice));
    let sword_will = SwordWill {
        int: sword.int,
        ego: sword.ego,
        extraordinary: sword.extraordinary_powers.len() as u8,
        total: sword_base(sword) + alignment_roll.as_ref().map_or(0, |r| r.total),
        alignment_roll,
    };
    let penalty = penalty_dice(wielder).map(|e| e.roll(dice));
    let character_will = CharacterWill {
        str: wielder.str,
        wis: wielder.wis,
        total: character_base(wielder) - penalty.as_ref().map_or(0, |r| r.total),
        penalty,
    };
    Contest {
        controlled: sword_will.total > character_will.total,
        sword_will,
        character_will,
    }
}

/// The exact chance that a check now gives the sword control, as a fraction
/// (`numerator / denominator`, every outcome of the dice equally likely).
pub fn odds(sword: &Sentience, wielder: &Character) -> (u128, u128) {
    // Each side: (will, number of outcomes giving it).
    let ways = |dice: Option<Expr>, value: &dyn Fn(i64) -> i64| -> Vec<(i64, u128)> {
        match dice.and_then(|e| e.distribution()) {
            Some(d) => d.ways.into_iter().map(|(v, w)| (value(v), w)).collect(),
            None => vec![(value(0), 1)],
        }
    };
    let (sword_base, character_base) = (sword_base(sword), character_base(wielder));
    let sword_side = ways(sword_dice(sword, wielder.alignment), &|v| sword_base + v);
    let character_side = ways(penalty_dice(wielder), &|v| character_base - v);
    let mut wins = 0u128;
    for &(sv, sw) in &sword_side {
        for &(cv, cw) in &character_side {
            if sv > cv {
                wins += sw * cw;
            }
        }
    }
    let total: u128 = sword_side.iter().map(|w| w.1).sum::<u128>()
        * character_side.iter().map(|w| w.1).sum::<u128>();
    let g = gcd(wins, total).max(1);
    (wins / g, total / g)
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Whether a wound calls for a check: the holder goes from above half of maximum HP to half or
/// less ("reduced to half or less").
pub fn wounded(hp_before: i32, hp_after: i32, hp_max: i32) -> bool {
    !health::at_half_or_less(hp_before, hp_max) && health::at_half_or_less(hp_after, hp_max)
}

/// Whether healing ends a control the wound began: HP back above half of maximum.
pub fn wound_healed(hp: i32, hp_max: i32) -> bool {
    !health::at_half_or_less(hp, hp_max)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::scripted::Scripted;
    use crate::rules::item::Power;

    fn sword(int: u8, ego: u8, extraordinary: usize, alignment: Alignment) -> Sentience {
        let power = |id: &str| Power {
            id: id.into(),
            name: id.into(),
            name_fr: id.into(),
            uses: "3/day".into(),
        };
        Sentience {
            int,
            ego,
            alignment,
            communication: "speech".into(),
            reads: true,
            languages: 1,
            sensory_powers: vec![],
            extraordinary_powers: (0..extraordinary)
                .map(|i| power(&format!("x{i}")))
                .collect(),
            special_purpose: None,
        }
    }

    fn wielder(str: u8, wis: u8, hp: i32, hp_max: i32, alignment: Alignment) -> Character {
        Character {
            id: "c".into(),
            name: "C".into(),
            alignment,
            class: None,
            level: 1,
            str,
            wis,
            hp,
            hp_max,
            reads_magic: false,
            literate: true,
            quests: Vec::new(),
        }
    }

    #[test]
    fn ties_go_to_the_wielder() {
        // 10 + 8 = 18 against 9 + 9 = 18, same alignment, full HP: no dice at all.
        let c = contest(
            &sword(10, 8, 0, Alignment::Lawful),
            &wielder(9, 9, 8, 8, Alignment::Lawful),
            &mut Scripted::new(&[]),
        );
        assert_eq!((c.sword_will.total, c.character_will.total), (18, 18));
        assert!(!c.controlled);
        let c = contest(
            &sword(10, 9, 0, Alignment::Lawful),
            &wielder(9, 9, 8, 8, Alignment::Lawful),
            &mut Scripted::new(&[]),
        );
        assert!(c.controlled, "19 > 18");
    }

    #[test]
    fn each_extraordinary_power_adds_one() {
        let one = contest(
            &sword(12, 12, 1, Alignment::Lawful),
            &wielder(18, 18, 8, 8, Alignment::Lawful),
            &mut Scripted::new(&[]),
        );
        assert_eq!(one.sword_will.total, 25);
        let three = contest(
            &sword(12, 12, 3, Alignment::Lawful),
            &wielder(18, 18, 8, 8, Alignment::Lawful),
            &mut Scripted::new(&[]),
        );
        assert_eq!(
            (three.sword_will.total, three.sword_will.extraordinary),
            (27, 3)
        );
    }

    #[test]
    fn a_different_alignment_adds_1d10_to_the_sword() {
        let same = contest(
            &sword(10, 8, 0, Alignment::Lawful),
            &wielder(9, 9, 8, 8, Alignment::Lawful),
            &mut Scripted::new(&[]),
        );
        assert!(same.sword_will.alignment_roll.is_none());
        let other = contest(
            &sword(10, 8, 0, Alignment::Lawful),
            &wielder(9, 9, 8, 8, Alignment::Chaotic),
            &mut Scripted::new(&[7]),
        );
        assert_eq!(other.sword_will.alignment_roll.unwrap().total, 7);
        assert_eq!(other.sword_will.total, 25);
    }

    #[test]
    fn penalty_1d4_below_maximum_2d4_below_half() {
        let s = sword(7, 1, 0, Alignment::Neutral);
        assert!(
            contest(
                &s,
                &wielder(10, 10, 8, 8, Alignment::Neutral),
                &mut Scripted::new(&[])
            )
            .character_will
            .penalty
            .is_none()
        );
        let c = contest(
            &s,
            &wielder(10, 10, 7, 8, Alignment::Neutral),
            &mut Scripted::new(&[3]),
        );
        assert_eq!(
            (
                c.character_will.penalty.unwrap().expr.as_str(),
                c.character_will.total
            ),
            ("1d4", 17)
        );
        // Exactly half (4 of 8) is not below half: 1d4.
        let c = contest(
            &s,
            &wielder(10, 10, 4, 8, Alignment::Neutral),
            &mut Scripted::new(&[4]),
        );
        assert_eq!(c.character_will.penalty.unwrap().expr, "1d4");
        let c = contest(
            &s,
            &wielder(10, 10, 3, 8, Alignment::Neutral),
            &mut Scripted::new(&[4, 4]),
        );
        assert_eq!(
            (
                c.character_will.penalty.unwrap().expr.as_str(),
                c.character_will.total
            ),
            ("2d4", 12)
        );
        // Odd maximum, 7: 3 is below half (3.5), 4 is not.
        assert_eq!(
            penalty_dice(&wielder(10, 10, 3, 7, Alignment::Neutral))
                .unwrap()
                .to_string(),
            "2d4"
        );
        assert_eq!(
            penalty_dice(&wielder(10, 10, 4, 7, Alignment::Neutral))
                .unwrap()
                .to_string(),
            "1d4"
        );
    }

    #[test]
    fn half_or_less_triggers_but_only_when_crossing() {
        assert!(wounded(5, 4, 8), "exactly half, even maximum");
        assert!(!wounded(6, 5, 8));
        assert!(wounded(4, 3, 7), "odd maximum: 3 of 7 is half or less");
        assert!(!wounded(5, 4, 7), "4 of 7 is above half");
        assert!(!wounded(4, 2, 8), "already at half: no new check");
        assert!(wound_healed(5, 8) && !wound_healed(4, 8));
        assert!(wound_healed(4, 7) && !wound_healed(3, 7));
    }

    /// Every outcome of the dice, counted by hand: the odds must agree exactly.
    fn brute_force(s: &Sentience, c: &Character) -> (u128, u128) {
        let sword_faces: Vec<i64> = if s.alignment != c.alignment {
            (1..=10).collect()
        } else {
            vec![0]
        };
        let penalties: Vec<i64> = match penalty_dice(c).map(|e| e.to_string()) {
            Some(e) if e == "2d4" => (1..=4).flat_map(|a| (1..=4).map(move |b| a + b)).collect(),
            Some(_) => (1..=4).collect(),
            None => vec![0],
        };
        let mut wins = 0;
        for s10 in &sword_faces {
            for p in &penalties {
                let sw =
                    i64::from(s.int) + i64::from(s.ego) + s.extraordinary_powers.len() as i64 + s10;
                let cw = i64::from(c.str) + i64::from(c.wis) - p;
                if sw > cw {
                    wins += 1;
                }
            }
        }
        let total = (sword_faces.len() * penalties.len()) as u128;
        let g = gcd(wins, total).max(1);
        (wins / g, total / g)
    }

    #[test]
    fn odds_match_a_brute_force_count() {
        for alignment in Alignment::ALL {
            for (int, ego, x) in [(7, 1, 0), (10, 8, 0), (12, 12, 1), (12, 12, 3), (9, 6, 0)] {
                let s = sword(int, ego, x, Alignment::Lawful);
                for (hp, max) in [(8, 8), (7, 8), (4, 8), (3, 8), (3, 7), (4, 7), (-5, 10)] {
                    for (str, wis) in [(3, 3), (9, 9), (12, 10), (18, 18)] {
                        let c = wielder(str, wis, hp, max, alignment);
                        assert_eq!(odds(&s, &c), brute_force(&s, &c), "{s:?} vs {c:?}");
                    }
                }
            }
        }
        assert_eq!(
            odds(
                &sword(10, 8, 0, Alignment::Lawful),
                &wielder(9, 9, 8, 8, Alignment::Lawful)
            ),
            (0, 1)
        );
        assert_eq!(
            odds(
                &sword(12, 12, 0, Alignment::Lawful),
                &wielder(3, 3, 8, 8, Alignment::Lawful)
            ),
            (1, 1)
        );
    }
}
