//! Hit points: damage, healing, and the two thresholds the sword rules read.
//!
//! HP never rises above the maximum and never falls below [`HP_FLOOR`], −10: AD&D 2e's
//! "death's door" limit (in Old-School Essentials a character at 0 or below is dead; hoard keeps
//! counting down to −10 so either reading can be played).

use crate::clock::{Round, Unit};

pub const HP_FLOOR: i32 = -10;
/// The largest maximum HP hoard accepts; anything above is a typo, not a character.
pub const HP_LIMIT: i32 = 9_999;

/// HP after `amount` points of damage.
pub fn after_damage(hp: i32, amount: u32) -> i32 {
    let amount = i32::try_from(amount).unwrap_or(i32::MAX);
    hp.saturating_sub(amount).max(HP_FLOOR)
}

/// HP after `amount` points of healing.
pub fn after_healing(hp: i32, hp_max: i32, amount: u32) -> i32 {
    let amount = i32::try_from(amount).unwrap_or(i32::MAX);
    hp.saturating_add(amount).min(hp_max).max(hp)
}

/// "Reduced to half or less of maximum HP" — the wounded trigger of a control check.
/// Compared as `2 × hp ≤ max` so an odd maximum is not rounded: with 7 max HP, 3 is half or
/// less and 4 is not.
pub fn at_half_or_less(hp: i32, hp_max: i32) -> bool {
    i64::from(hp) * 2 <= i64::from(hp_max)
}

/// "Below half of maximum HP" — the harsher will penalty (2d4 instead of 1d4). Strictly below:
/// with 8 max HP, 4 is not below half and 3 is.
pub fn below_half(hp: i32, hp_max: i32) -> bool {
    i64::from(hp) * 2 < i64::from(hp_max)
}

/// When a character dies, a campaign setting (`campaign set death ose|adnd`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DeathRule {
    /// Old-School Essentials: dead at 0 HP or below.
    #[default]
    Ose,
    /// AD&D 2e's death's door (DMG, optional rule): at 0 to −9 HP dying (unconscious, losing
    /// a point a round), dead at −10.
    Adnd,
}

/// Where a character stands, by the campaign's death rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Condition {
    Up,
    Dying,
    Dead,
}

impl Condition {
    /// Whether a character in this condition can act (use, wield, read, drink …): the dying
    /// are unconscious, the dead are dead.
    pub fn can_act(self) -> bool {
        self == Condition::Up
    }
}

pub fn condition(hp: i32, rule: DeathRule) -> Condition {
    match rule {
        DeathRule::Ose if hp <= 0 => Condition::Dead,
        DeathRule::Adnd if hp <= HP_FLOOR => Condition::Dead,
        DeathRule::Adnd if hp <= 0 => Condition::Dying,
        _ => Condition::Up,
    }
}

/// HP after `rounds` rounds of dying with wounds unbound, under AD&D 2e's death's door (DMG,
/// *Hovering on Death's Door*, optional rule): "as soon as the character reaches 0 hit points,
/// he falls to the ground unconscious. Thereafter, he automatically loses one hit point each
/// round", until −10, where he dies. "If the only action is to bind his wounds, the injured
/// character no longer loses one hit point each round": the caller bleeds only the unbound.
pub fn bleed(hp: i32, rounds: i64) -> i32 {
    let lost = i32::try_from(rounds.max(0)).unwrap_or(i32::MAX);
    hp.saturating_sub(lost).max(HP_FLOOR)
}

/// What a dying character with wounds unbound loses while the clock runs `rounds` rounds from
/// `from`: the points, and the rounds they bled through (to the one that took the last point
/// when the floor stops them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bleeding {
    pub points: i64,
    pub rounds: i64,
}

/// The DMG's point "each round" is its own round, "approximately one minute" (AD&D 2e DMG,
/// *Time*: "a round is approximately one minute … ten rounds equal a turn"), whatever the
/// campaign's round: a point each time the clock passes a whole minute, so one a round under
/// `round adnd` and one every six under `round ose`; never past [`HP_FLOOR`].
pub fn bleeding(hp: i32, from: i64, rounds: i64, round: Round) -> Bleeding {
    let per = round.per(Unit::Minutes);
    let (start, end) = (from.max(0), from.max(0).saturating_add(rounds.max(0)));
    let minutes = end / per - start / per;
    let room = i64::from(hp.saturating_sub(HP_FLOOR).max(0));
    if minutes <= room {
        return Bleeding {
            points: minutes,
            rounds: rounds.max(0),
        };
    }
    // The floor comes first: they bleed to the minute that takes the last point.
    Bleeding {
        points: room,
        rounds: (start / per + room) * per - start,
    }
}

/// HP after `amount` points of healing by the campaign's death rule. A dying character
/// healed comes back to 1 HP, however much was healed (DMG, *Hovering on Death's Door*: "If a
/// cure spell of some type is cast upon him, the character is immediately restored to 1 hit
/// point—no more"); anyone else heals the amount, up to the maximum.
pub fn healed(hp: i32, hp_max: i32, amount: u32, rule: DeathRule) -> i32 {
    if amount > 0 && condition(hp, rule) == Condition::Dying {
        1.min(hp_max)
    } else {
        after_healing(hp, hp_max, amount)
    }
}

/// Out of play: in Old-School Essentials a character at 0 HP or below is dead (AD&D 2e counts
/// down to −10, but a character at 0 or below is helpless there too). A sword's damage stops
/// hurting and its wounded check stops coming at this point (OSE *Sentient Swords*).
pub fn dead(hp: i32) -> bool {
    hp <= 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_game_says_when_a_character_dies() {
        use Condition::*;
        let ose = |hp| condition(hp, DeathRule::Ose);
        let adnd = |hp| condition(hp, DeathRule::Adnd);
        assert_eq!((ose(1), ose(0), ose(-10)), (Up, Dead, Dead));
        assert_eq!(
            (adnd(1), adnd(0), adnd(-9), adnd(-10)),
            (Up, Dying, Dying, Dead)
        );
        assert!(Up.can_act() && !Dying.can_act() && !Dead.can_act());
    }

    #[test]
    fn damage_stops_at_the_floor() {
        assert_eq!(after_damage(10, 3), 7);
        assert_eq!(after_damage(2, 50), HP_FLOOR);
        assert_eq!(after_damage(-5, u32::MAX), HP_FLOOR);
    }

    #[test]
    fn healing_stops_at_the_maximum() {
        assert_eq!(after_healing(3, 10, 4), 7);
        assert_eq!(after_healing(9, 10, 5), 10);
        assert_eq!(after_healing(-10, 10, u32::MAX), 10);
    }

    #[test]
    fn the_dying_lose_a_point_a_round_down_to_the_floor() {
        assert_eq!(bleed(0, 1), -1);
        assert_eq!(bleed(-3, 6), -9);
        assert_eq!(bleed(-3, 7), HP_FLOOR);
        assert_eq!(bleed(-9, i64::MAX), HP_FLOOR);
        assert_eq!(bleed(-4, 0), -4);
    }

    /// A point a DMG minute: every round under AD&D's, every sixth (each whole minute the
    /// clock passes) under OSE's ten seconds; the floor stops it.
    #[test]
    fn the_dying_lose_a_point_a_minute_whatever_the_round() {
        let b = |points, rounds| Bleeding { points, rounds };
        assert_eq!(bleeding(0, 0, 1, Round::Adnd), b(1, 1));
        assert_eq!(bleeding(-2, 5, 100, Round::Adnd), b(8, 8));
        // OSE: 5 rounds from 0 stay inside the first minute; the sixth passes it.
        assert_eq!(bleeding(0, 0, 5, Round::Ose), b(0, 5));
        assert_eq!(bleeding(0, 0, 6, Round::Ose), b(1, 6));
        // From 0:50, one round reaches the minute.
        assert_eq!(bleeding(0, 5, 1, Round::Ose), b(1, 1));
        // A turn of sixty rounds is ten minutes, ten points: not sixty.
        assert_eq!(bleeding(5, 0, 60, Round::Ose), b(10, 60));
        // From -8, at 0:10, two points: the minutes at rounds 6 and 12, eleven rounds on.
        assert_eq!(bleeding(-8, 1, 600, Round::Ose), b(2, 11));
        assert_eq!(bleeding(HP_FLOOR, 0, 60, Round::Ose), b(0, 0));
    }

    #[test]
    fn a_dying_character_healed_comes_back_to_one() {
        assert_eq!(healed(-5, 20, 8, DeathRule::Adnd), 1);
        assert_eq!(healed(0, 20, 1, DeathRule::Adnd), 1);
        assert_eq!(healed(-5, 20, 0, DeathRule::Adnd), -5);
        // Up, or under Old-School Essentials: the amount healed.
        assert_eq!(healed(3, 20, 8, DeathRule::Adnd), 11);
        assert_eq!(healed(-5, 20, 8, DeathRule::Ose), 3);
    }

    #[test]
    fn exactly_half_is_wounded_but_not_below_half() {
        assert!(at_half_or_less(4, 8));
        assert!(!below_half(4, 8));
        assert!(below_half(3, 8));
        assert!(!at_half_or_less(5, 8));
    }

    #[test]
    fn zero_hp_is_dead_and_one_is_not() {
        assert!(dead(0) && dead(HP_FLOOR));
        assert!(!dead(1));
    }

    #[test]
    fn odd_maximum_is_not_rounded() {
        // 7 max HP: half is 3.5.
        assert!(at_half_or_less(3, 7));
        assert!(!at_half_or_less(4, 7));
        assert!(below_half(3, 7));
        assert!(!below_half(4, 7));
    }
}
