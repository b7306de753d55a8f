//! Control of a sentient sword over its wielder (OSE *Sentient Swords*, "Control"): the
//! circumstances that call for a check, the contest of wills, the exact chance that a check
//! gives the sword control, and when a control ends.
//!
//! « Une fois le personnage sous contrôle, l'épée ne le libérera que lorsque la circonstance
//! ayant déclenché le test de contrôle se termine ou lorsque l'épée est satisfaite. » Each
//! circumstance ends in its own way ([`ends_when`]). A circumstance that arises while a
//! character is under control — of this sword or another — is not lost: it waits on the
//! control in force ([`route`]), and when that control ends, each waiting circumstance still
//! in force sets off its check at once. So a character has one master at a time, and the
//! second sword's check is made when the first lets go.

use serde::{Deserialize, Serialize};

use super::alignment::Alignment;
use super::character::Character;
use super::dice::{Dice, Expr, Roll};
use super::health;
use super::item::{Circumstance, Control, Item, Sentience, Slot, Trigger};

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

/// The dice of the wielder's penalty: 2d4 below half HP, 1d4 below maximum, none at full (« Si
/// les points de vie du personnage sont actuellement inférieurs à leur maximum, la Volonté est
/// réduite de 1d4 (ou de 2d4 si le personnage a moins de la moitié de ses points de vie
/// maximum) »).
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

/// The control check: both wills and who wins. Stated for `hoard explain`, citing the book.
pub const CHECK: super::statement::Statement = super::statement::Statement {
    en: "Control check (OSE, Sentient Swords): the sword's will is INT + Ego, +1 per extraordinary power, +1d10 if sword and wielder differ in alignment; the wielder's is STR + WIS, −1d4 below maximum HP, −2d4 below half. The sword takes control only with a strictly higher will.",
    fr: "Test de contrôle (OSE, Épées intelligentes) : la volonté de l'épée vaut INT + Ego, +1 par pouvoir extraordinaire, +1d10 si l'épée et le porteur diffèrent d'alignement ; celle du porteur FOR + SAG, −1d4 sous le maximum de PV, −2d4 sous la moitié. L'épée ne prend le contrôle qu'avec une volonté strictement supérieure.",
};

/// Roll a control check between `sword` and `wielder` (OSE *Sentient Swords*, « Test de
/// contrôle »: « La somme de son INT et de son Ego. Ajoutez un pour chaque pouvoir
/// extraordinaire de l'épée. Ajoutez 1d10 si l'épée et le porteur sont d'un alignement
/// différent » against « La somme des scores en FOR et en SAG », less 1d4 or 2d4 for wounds;
/// « Si celui de l'épée est plus élevé, elle prend le contrôle »: ties go to the wielder).
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

/// Whether a change of hit points calls for a wounded check: the character goes from above half
/// of maximum HP to half or less (« réduit à la moitié ou moins »), by a wound or by a change of
/// maximum HP, and is still alive — a dead character is never checked.
pub fn wounded(before: (i32, i32), after: (i32, i32)) -> bool {
    !health::at_half_or_less(before.0, before.1)
        && health::at_half_or_less(after.0, after.1)
        && !health::dead(after.0)
}

/// What just happened that may call for a check by a sword.
#[derive(Clone, Copy, Debug)]
pub enum Occasion<'a> {
    /// A character takes the sword in hand: touched, given, made for them, wielded.
    Handled { by: &'a Character },
    /// The sword is used (wielded, a power called on) by its holder.
    Used { by: &'a Character },
    /// The sword's holder's hit points (or maximum) change from `before` to `after`.
    Wounded {
        before: &'a Character,
        after: &'a Character,
    },
    /// `weapon` comes into the sword's holder's possession.
    Acquired { weapon: &'a Item },
    /// A foe the sword's special purpose applies to is met.
    Purpose,
}

/// The circumstances `sword` meets on `occasion`, in the order they happen. None when the item
/// is not sentient. Whether each is checked now or waits is [`route`]'s to say.
pub fn triggers(sword: &Item, occasion: Occasion<'_>) -> Vec<Trigger> {
    let Some(mind) = sword.sentience() else {
        return Vec::new();
    };
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
        Occasion::Wounded { before, after }
            if wounded((before.hp, before.hp_max), (after.hp, after.hp_max)) =>
        {
            vec![Trigger::Wounded]
        }
        Occasion::Acquired { weapon } if weapon.is_magic_weapon() && weapon.id != sword.id => {
            vec![Trigger::Jealousy]
        }
        Occasion::Purpose => vec![Trigger::SpecialPurpose],
        _ => Vec::new(),
    }
}

/// What the rules read to judge whether a circumstance is still in force: the holder as they
/// are now, everything they hold, and whether an encounter is under way.
#[derive(Clone, Copy, Debug)]
pub struct Around<'a> {
    pub holder: &'a Character,
    pub holdings: &'a [Item],
    pub encounter: bool,
}

impl Around<'_> {
    /// The sword that controls the holder now, if one does.
    pub fn master(&self) -> Option<(&Item, &Control)> {
        self.holdings.iter().find_map(|i| {
            i.control
                .as_ref()
                .filter(|c| c.character == self.holder.id)
                .map(|c| (i, c))
        })
    }
}

/// How a circumstance ends, and with it the control it set off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    /// Wounded: HP back above half of maximum (healed, or the maximum lowered).
    Healed,
    /// Jealousy: the other weapon left the holder.
    WeaponLeft,
    /// Alignment difference: the use is over — the sword put away (`sheathe`).
    UseEnded,
    /// Special purpose: the encounter ended.
    EncounterEnded,
    /// The referee finds the sword satisfied (`release`): ends any control, and the only end
    /// of one set off by a first contact.
    Satisfied,
    /// Older ledgers: the sword left its holder's hands, which a controlled holder can no
    /// longer make it do.
    SwordLeft,
    /// The holder fell: dead, or dying and helpless (0 HP or below, [`health::dead`]). A sword
    /// in control « prend le contrôle sur les actions du personnage » (OSE *Sentient Swords*):
    /// one who can no longer act gives it nothing to control, whatever set it off.
    Fallen,
}

/// How long a control lasts. Stated for `hoard explain`, citing the book.
pub const ENDING: super::statement::Statement = super::statement::Statement {
    en: "A sword in control keeps it until the circumstance that set off the check ends, or it is satisfied (OSE, Sentient Swords).",
    fr: "Une épée garde le contrôle jusqu'à la fin de la circonstance qui a provoqué le test, ou jusqu'à ce qu'elle soit satisfaite (OSE, Épées intelligentes).",
};

/// How a control set off by `trigger` ends, besides the sword being satisfied.
pub fn ends_when(trigger: Trigger) -> Reason {
    match trigger {
        Trigger::FirstContact => Reason::Satisfied,
        Trigger::Wounded => Reason::Healed,
        Trigger::Jealousy => Reason::WeaponLeft,
        Trigger::Alignment => Reason::UseEnded,
        Trigger::SpecialPurpose => Reason::EncounterEnded,
    }
}

/// Whether `c` is still in force: its sword is still held and — first contact: until the
/// sword is satisfied; wounded: HP at half or less of maximum; jealousy: the other weapon
/// still held; alignment: the use goes on, the sword in hand of a holder of another
/// alignment; special purpose: the encounter goes on.
pub fn in_force(c: &Circumstance, around: &Around<'_>) -> bool {
    let holder = around.holder;
    let Some(mind) = around
        .holdings
        .iter()
        .find(|i| i.id == c.sword)
        .filter(|i| i.holder.as_deref() == Some(holder.id.as_str()))
        .and_then(|i| i.sentience().map(|m| (i, m)))
    else {
        return false;
    };
    let (sword, mind) = mind;
    match c.trigger {
        Trigger::FirstContact => true,
        Trigger::Wounded => health::at_half_or_less(holder.hp, holder.hp_max),
        Trigger::Jealousy => c.weapon.as_ref().is_some_and(|w| {
            around
                .holdings
                .iter()
                .any(|i| &i.id == w && i.holder.as_deref() == Some(holder.id.as_str()))
        }),
        Trigger::Alignment => sword.worn == Some(Slot::Hand) && mind.alignment != holder.alignment,
        Trigger::SpecialPurpose => around.encounter,
    }
}

/// The circumstance a control holds under.
pub fn holds_under(sword: &Item, control: &Control) -> Circumstance {
    Circumstance {
        sword: sword.id.clone(),
        trigger: control.trigger,
        weapon: control.weapon.clone(),
    }
}

/// Whether `sword`'s control of its holder ends now, and why: its circumstance is over. A
/// first contact's never is: only the sword being satisfied ends it.
pub fn ended(sword: &Item, around: &Around<'_>) -> Option<Reason> {
    let control = sword
        .control
        .as_ref()
        .filter(|c| c.character == around.holder.id)?;
    if health::dead(around.holder.hp) {
        return Some(Reason::Fallen);
    }
    if control.trigger == Trigger::FirstContact {
        return None;
    }
    let own = holds_under(sword, control);
    (!in_force(&own, around)).then(|| ends_when(control.trigger))
}

/// What becomes of a circumstance that calls for a check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// Checked now.
    Check,
    /// The holder is under the control of the sword `under`: the circumstance waits on that
    /// control, to be checked when it ends.
    Wait { under: String },
    /// Nothing to do: the control in force already holds under it or keeps it waiting, or the
    /// holder is dead.
    Skip,
}

/// One control at a time: a circumstance that arises meanwhile waits.
/// Stated for `hoard explain`, citing the book.
pub const ONE_MASTER: super::statement::Statement = super::statement::Statement {
    en: "A character is under one sword's control at a time: a circumstance that arises meanwhile waits on that control, and is checked at once when the control ends if it is still in force (OSE Sentient Swords).",
    fr: "Un personnage n'est sous le contrôle que d'une épée à la fois : une circonstance survenue entre-temps attend la fin de ce contrôle, et est testée aussitôt s'il dure encore (OSE, épées intelligentes).",
};

/// Whether `c` is checked now or waits: one master at a time.
pub fn route(c: &Circumstance, around: &Around<'_>) -> Route {
    if health::dead(around.holder.hp) {
        return Route::Skip;
    }
    match around.master() {
        None => Route::Check,
        Some((sword, control)) => {
            if holds_under(sword, control) == *c || control.waiting.contains(c) {
                Route::Skip
            } else {
                Route::Wait {
                    under: sword.id.clone(),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::scripted::Scripted;
    use crate::item::Power;

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
            ..crate::fixtures::character("c")
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
    fn half_or_less_triggers_but_only_when_crossing_and_alive() {
        assert!(wounded((5, 8), (4, 8)), "exactly half, even maximum");
        assert!(!wounded((6, 8), (5, 8)));
        assert!(
            wounded((4, 7), (3, 7)),
            "odd maximum: 3 of 7 is half or less"
        );
        assert!(!wounded((5, 7), (4, 7)), "4 of 7 is above half");
        assert!(!wounded((4, 8), (2, 8)), "already at half: no new check");
        assert!(!wounded((6, 10), (0, 10)), "dead at the crossing: no check");
        assert!(wounded((6, 10), (1, 10)), "one HP left: alive, checked");
    }

    #[test]
    fn a_changed_maximum_crosses_half_either_way() {
        // 10 of 18 is above half; of a raised maximum of 20 it is half: a wounded check.
        assert!(wounded((10, 18), (10, 20)));
        assert!(!wounded((10, 20), (10, 18)), "lowered: back above half");
        assert!(!wounded((10, 18), (10, 19)), "10 of 19 is above half");
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
        use crate::item::{Category, Identity};
        let identity = Identity {
            sentience: Some(sword(10, 6, 0, alignment)),
            ..Identity::default()
        };
        let mut item = Item::new(
            "s".into(),
            "Blade".into(),
            "Lame".into(),
            Category::Sword,
            identity,
        );
        item.holder = Some("c".into());
        item
    }

    fn controlling(trigger: Trigger, weapon: Option<&str>) -> Control {
        Control {
            character: "c".into(),
            trigger,
            since: 1,
            since_round: 0,
            weapon: weapon.map(str::to_string),
            waiting: Vec::new(),
        }
    }

    fn weapon(id: &str) -> Item {
        use crate::item::{Category, Identity};
        let mut axe = Item::new(
            id.into(),
            "Axe +1".into(),
            "Hache +1".into(),
            Category::Weapon,
            Identity::default(),
        );
        axe.holder = Some("c".into());
        axe
    }

    fn circumstance(sword: &str, trigger: Trigger, weapon: Option<&str>) -> Circumstance {
        Circumstance {
            sword: sword.into(),
            trigger,
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
            let before = wielder(10, 10, before, max, Alignment::Lawful);
            let after = wielder(10, 10, hp, max, Alignment::Lawful);
            triggers(
                &sword,
                Occasion::Wounded {
                    before: &before,
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
        // Dead from the blow: never checked.
        assert!(wound(10, -3, 10).is_empty());
    }

    #[test]
    fn jealousy_is_of_another_magic_weapon() {
        use crate::item::{Category, Identity};
        let sword = blade(Alignment::Lawful);
        let axe = weapon("a");
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
    fn a_sword_without_a_mind_meets_no_circumstance() {
        let c = wielder(10, 10, 10, 10, Alignment::Chaotic);
        let mut plain = blade(Alignment::Lawful);
        plain.identity.sentience = None;
        assert!(triggers(&plain, Occasion::Used { by: &c }).is_empty());
        assert!(triggers(&plain, Occasion::Purpose).is_empty());
        assert_eq!(
            triggers(&blade(Alignment::Lawful), Occasion::Purpose),
            [Trigger::SpecialPurpose]
        );
    }

    #[test]
    fn each_control_ends_with_its_own_circumstance() {
        let holder = wielder(10, 10, 4, 10, Alignment::Chaotic);
        let mut sword = blade(Alignment::Lawful);
        let at = |sword: &Item, holder: &Character, axe: bool, encounter: bool| {
            let mut holdings = vec![sword.clone()];
            if axe {
                holdings.push(weapon("axe"));
            }
            ended(
                sword,
                &Around {
                    holder,
                    holdings: &holdings,
                    encounter,
                },
            )
        };
        // Wounded: ends once HP are above half, not at exactly half.
        sword.control = Some(controlling(Trigger::Wounded, None));
        assert_eq!(at(&sword, &holder, true, true), None);
        let half = wielder(10, 10, 5, 10, Alignment::Chaotic);
        assert_eq!(at(&sword, &half, true, true), None, "5 of 10 is still half");
        let healed = wielder(10, 10, 6, 10, Alignment::Chaotic);
        assert_eq!(at(&sword, &healed, true, true), Some(Reason::Healed));
        let raised = wielder(10, 10, 5, 9, Alignment::Chaotic);
        assert_eq!(
            at(&sword, &raised, true, true),
            Some(Reason::Healed),
            "5 of a lowered maximum of 9 is above half"
        );
        // Jealousy: the weapon it was jealous of, and no other, leaving.
        sword.control = Some(controlling(Trigger::Jealousy, Some("axe")));
        assert_eq!(at(&sword, &healed, true, false), None);
        assert_eq!(at(&sword, &holder, false, true), Some(Reason::WeaponLeft));
        // Alignment difference: the use goes on while the sword is in hand.
        sword.control = Some(controlling(Trigger::Alignment, None));
        sword.worn = Some(Slot::Hand);
        assert_eq!(at(&sword, &healed, false, false), None);
        sword.worn = None;
        assert_eq!(at(&sword, &healed, false, false), Some(Reason::UseEnded));
        // Special purpose: the encounter goes on.
        sword.control = Some(controlling(Trigger::SpecialPurpose, None));
        assert_eq!(at(&sword, &healed, false, true), None);
        assert_eq!(
            at(&sword, &healed, false, false),
            Some(Reason::EncounterEnded)
        );
        // First contact: only the sword being satisfied ends it.
        sword.control = Some(controlling(Trigger::FirstContact, None));
        assert_eq!(at(&sword, &healed, false, false), None);
    }

    #[test]
    fn a_circumstance_is_in_force_only_while_its_sword_is_held() {
        let holder = wielder(10, 10, 4, 10, Alignment::Chaotic);
        let mut sword = blade(Alignment::Lawful);
        let wounded = circumstance("s", Trigger::Wounded, None);
        let around = |holdings: &[Item]| {
            in_force(
                &wounded,
                &Around {
                    holder: &holder,
                    holdings,
                    encounter: false,
                },
            )
        };
        assert!(around(std::slice::from_ref(&sword)));
        sword.holder = Some("someone else".into());
        assert!(!around(std::slice::from_ref(&sword)));
        assert!(!around(&[]));
    }

    #[test]
    fn one_master_at_a_time_the_rest_waits_once() {
        let holder = wielder(10, 10, 4, 10, Alignment::Chaotic);
        let mut master = blade(Alignment::Lawful);
        let mut other = blade(Alignment::Lawful);
        other.id = "t".into();
        let route_of = |c: &Circumstance, holdings: &[Item], hp: i32| {
            let holder = Character {
                hp,
                ..holder.clone()
            };
            route(
                c,
                &Around {
                    holder: &holder,
                    holdings,
                    encounter: false,
                },
            )
        };
        let jealous = circumstance("t", Trigger::Jealousy, Some("axe"));
        assert_eq!(
            route_of(&jealous, &[master.clone(), other.clone()], 4),
            Route::Check,
            "nobody in control: checked now"
        );
        master.control = Some(controlling(Trigger::Wounded, None));
        assert_eq!(
            route_of(&jealous, &[master.clone(), other.clone()], 4),
            Route::Wait { under: "s".into() },
            "another sword in control: the second sword's check waits"
        );
        assert_eq!(
            route_of(
                &circumstance("s", Trigger::Wounded, None),
                &[master.clone()],
                4
            ),
            Route::Skip,
            "the circumstance it holds under"
        );
        assert_eq!(
            route_of(
                &circumstance("s", Trigger::Alignment, None),
                &[master.clone()],
                4
            ),
            Route::Wait { under: "s".into() },
            "a new circumstance of the sword in control waits too"
        );
        master
            .control
            .as_mut()
            .unwrap()
            .waiting
            .push(jealous.clone());
        assert_eq!(
            route_of(&jealous, &[master.clone(), other.clone()], 4),
            Route::Skip,
            "already waiting"
        );
        assert_eq!(
            route_of(
                &circumstance("t", Trigger::FirstContact, None),
                &[other.clone()],
                0
            ),
            Route::Skip,
            "the dead are not checked"
        );
    }

    #[test]
    fn each_circumstance_ends_its_own_way() {
        assert_eq!(ends_when(Trigger::FirstContact), Reason::Satisfied);
        assert_eq!(ends_when(Trigger::Wounded), Reason::Healed);
        assert_eq!(ends_when(Trigger::Jealousy), Reason::WeaponLeft);
        assert_eq!(ends_when(Trigger::Alignment), Reason::UseEnded);
        assert_eq!(ends_when(Trigger::SpecialPurpose), Reason::EncounterEnded);
    }
}
