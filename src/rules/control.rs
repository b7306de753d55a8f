//! Control of a sentient sword over its wielder (OSE *Sentient Swords*): the circumstances that
//! call for a check, the contest of wills, the exact chance that a check gives the sword control,
//! and the circumstances whose end releases a character.

use serde::{Deserialize, Serialize};

use super::alignment::Alignment;
use super::character::Character;
use super::dice::{Dice, Expr, Roll};
use super::health;
use super::item::{Control, Item, Sentience};

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

/// What just happened that may call for a check by a sword.
#[derive(Clone, Copy, Debug)]
pub enum Occasion<'a> {
    /// A character takes the sword in hand: touched, given, made for them, wielded.
    Handled { by: &'a Character },
    /// The sword is used (wielded, a power called on) by its holder.
    Used { by: &'a Character },
    /// The sword's holder goes from `before` HP to `after.hp`.
    Wounded { before: i32, after: &'a Character },
    /// `weapon` comes into the sword's holder's possession.
    Acquired { weapon: &'a Item },
    /// A foe the sword's special purpose applies to is met.
    Purpose,
}

/// The checks `sword` calls for on `occasion`, in the order they happen. None when the item is
/// not sentient, or already controls its holder: a sword in control does not check again
/// until it lets go.
pub fn triggers(sword: &Item, occasion: Occasion<'_>) -> Vec<Trigger> {
    let Some(mind) = sword.sentience() else {
        return Vec::new();
    };
    if sword.control.is_some() {
        return Vec::new();
    }
    let first = |who: &Character| !sword.touched.contains(&who.id);
    match occasion {
        Occasion::Handled { by } if first(by) => vec![Trigger::FirstContact],
        Occasion::Used { by } => {
            let mut checks = Vec::new();
            if first(by) {
                checks.push(Trigger::FirstContact);
            }
            if mind.alignment != by.alignment {
                checks.push(Trigger::Alignment);
            }
            checks
        }
        Occasion::Wounded { before, after } if wounded(before, after.hp, after.hp_max) => {
            vec![Trigger::Wounded]
        }
        Occasion::Acquired { weapon } if weapon.is_magic_weapon() && weapon.id != sword.id => {
            vec![Trigger::Jealousy]
        }
        Occasion::Purpose => vec![Trigger::SpecialPurpose],
        _ => Vec::new(),
    }
}

/// A circumstance ending, which may release a character from a sword.
#[derive(Clone, Copy, Debug)]
pub enum Ending<'a> {
    /// The holder is healed to `hp` of `hp_max`.
    Healed { hp: i32, hp_max: i32 },
    /// The sword leaves its holder's hands.
    SwordLeft,
    /// `weapon` leaves the holder's possession.
    WeaponLeft { weapon: &'a str },
    /// `encounter end`: the foe is gone.
    EncounterEnded,
    /// The referee finds the sword satisfied (`hoard release`).
    Satisfied,
}

impl Ending<'_> {
    /// The reason the ledger records.
    pub fn reason(self) -> &'static str {
        match self {
            Ending::Healed { .. } => "healed",
            Ending::SwordLeft => "sword-left",
            Ending::WeaponLeft { .. } => "weapon-left",
            Ending::EncounterEnded => "encounter-ended",
            Ending::Satisfied => "satisfied",
        }
    }
}

/// Whether `ending` ends `control`: the circumstance that set off the check is over — healed
/// above half HP ends a wounded control, the other weapon leaving ends jealousy, the end of
/// the encounter ends a special purpose — or the sword left its holder, or is satisfied.
pub fn releases(control: &Control, ending: Ending<'_>) -> bool {
    match ending {
        Ending::Healed { hp, hp_max } => {
            control.trigger == Trigger::Wounded && wound_healed(hp, hp_max)
        }
        Ending::WeaponLeft { weapon } => {
            control.trigger == Trigger::Jealousy && control.weapon.as_deref() == Some(weapon)
        }
        Ending::EncounterEnded => control.trigger == Trigger::SpecialPurpose,
        Ending::SwordLeft | Ending::Satisfied => true,
    }
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
            alignment,
            str,
            wis,
            hp,
            hp_max,
            ..crate::rules::fixtures::character("c")
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

    fn blade(alignment: Alignment) -> Item {
        use crate::rules::item::{Category, Identity};
        let identity = Identity {
            sentience: Some(sword(10, 6, 0, alignment)),
            ..Identity::default()
        };
        Item::new(
            "s".into(),
            "Blade".into(),
            "Lame".into(),
            Category::Sword,
            identity,
        )
    }

    fn controlling(trigger: Trigger, weapon: Option<&str>) -> Control {
        Control {
            character: "c".into(),
            trigger,
            since: 1,
            since_round: 0,
            weapon: weapon.map(str::to_string),
        }
    }

    #[test]
    fn first_contact_is_the_first_handling_only() {
        let mut sword = blade(Alignment::Lawful);
        let c = wielder(10, 10, 10, 10, Alignment::Lawful);
        let handled = Occasion::Handled { by: &c };
        assert_eq!(triggers(&sword, handled), [Trigger::FirstContact]);
        sword.touched.push(c.id.clone());
        assert!(triggers(&sword, handled).is_empty());
    }

    #[test]
    fn each_use_by_another_alignment_checks_and_a_first_use_is_a_first_contact() {
        let mut sword = blade(Alignment::Lawful);
        let same = wielder(10, 10, 10, 10, Alignment::Lawful);
        let other = wielder(10, 10, 10, 10, Alignment::Chaotic);
        assert_eq!(
            triggers(&sword, Occasion::Used { by: &other }),
            [Trigger::FirstContact, Trigger::Alignment]
        );
        sword.touched = vec![same.id.clone()];
        assert!(triggers(&sword, Occasion::Used { by: &same }).is_empty());
        assert_eq!(
            triggers(&sword, Occasion::Used { by: &other }),
            [Trigger::Alignment],
            "the same id has touched it: only the alignment check"
        );
    }

    #[test]
    fn a_wound_checks_when_it_crosses_half_with_even_and_odd_maxima() {
        let sword = blade(Alignment::Lawful);
        let wound = |before: i32, hp: i32, max: i32| {
            let after = wielder(10, 10, hp, max, Alignment::Lawful);
            triggers(
                &sword,
                Occasion::Wounded {
                    before,
                    after: &after,
                },
            )
        };
        // Even maximum: exactly half is "half or less".
        assert_eq!(wound(10, 5, 10), [Trigger::Wounded]);
        assert!(wound(10, 6, 10).is_empty());
        // Odd maximum: 3 of 7 is half or less, 4 of 7 is not.
        assert_eq!(wound(7, 3, 7), [Trigger::Wounded]);
        assert!(wound(7, 4, 7).is_empty());
        // Already at half or less: a further wound does not cross the line again.
        assert!(wound(5, 2, 10).is_empty());
    }

    #[test]
    fn jealousy_is_of_another_magic_weapon() {
        use crate::rules::item::{Category, Identity};
        let sword = blade(Alignment::Lawful);
        let axe = Item::new(
            "a".into(),
            "Axe +1".into(),
            "Hache +1".into(),
            Category::Weapon,
            Identity::default(),
        );
        let ring = Item::new(
            "r".into(),
            "Ring".into(),
            "Anneau".into(),
            Category::Ring,
            Identity::default(),
        );
        assert_eq!(
            triggers(&sword, Occasion::Acquired { weapon: &axe }),
            [Trigger::Jealousy]
        );
        assert!(triggers(&sword, Occasion::Acquired { weapon: &ring }).is_empty());
        assert!(
            triggers(&sword, Occasion::Acquired { weapon: &sword }).is_empty(),
            "not of itself"
        );
    }

    #[test]
    fn a_sword_in_control_or_without_a_mind_does_not_check() {
        let c = wielder(10, 10, 10, 10, Alignment::Chaotic);
        let mut sword = blade(Alignment::Lawful);
        sword.control = Some(controlling(Trigger::FirstContact, None));
        for occasion in [
            Occasion::Handled { by: &c },
            Occasion::Used { by: &c },
            Occasion::Purpose,
        ] {
            assert!(triggers(&sword, occasion).is_empty());
        }
        let mut plain = blade(Alignment::Lawful);
        plain.identity.sentience = None;
        assert!(triggers(&plain, Occasion::Used { by: &c }).is_empty());
        assert_eq!(
            triggers(&blade(Alignment::Lawful), Occasion::Purpose),
            [Trigger::SpecialPurpose]
        );
    }

    #[test]
    fn each_control_ends_with_its_own_circumstance() {
        let wounded = controlling(Trigger::Wounded, None);
        let jealous = controlling(Trigger::Jealousy, Some("axe"));
        let purpose = controlling(Trigger::SpecialPurpose, None);
        let first = controlling(Trigger::FirstContact, None);
        // Healing ends a wounded control only above half: 5 of 10 is still half.
        assert!(!releases(&wounded, Ending::Healed { hp: 5, hp_max: 10 }));
        assert!(releases(&wounded, Ending::Healed { hp: 6, hp_max: 10 }));
        assert!(releases(&wounded, Ending::Healed { hp: 4, hp_max: 7 }));
        assert!(!releases(&jealous, Ending::Healed { hp: 10, hp_max: 10 }));
        // The weapon it was jealous of, and no other, leaving.
        assert!(releases(&jealous, Ending::WeaponLeft { weapon: "axe" }));
        assert!(!releases(&jealous, Ending::WeaponLeft { weapon: "bow" }));
        assert!(!releases(&wounded, Ending::WeaponLeft { weapon: "axe" }));
        assert!(releases(&purpose, Ending::EncounterEnded));
        assert!(!releases(&first, Ending::EncounterEnded));
        // Any control ends when the sword leaves its holder or is satisfied.
        for c in [&wounded, &jealous, &purpose, &first] {
            assert!(releases(c, Ending::SwordLeft));
            assert!(releases(c, Ending::Satisfied));
        }
    }
}
