//! The game clock. hoard counts game time in rounds from round 0, the first moment of day 1,
//! 00:00. How long a round lasts is the campaign's edition ([`Round`]): everything on the
//! clock (durations, damage per round, uses per turn or day) is measured in that round.

use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The largest clock value hoard accepts: at least 17 million years of game time, far beyond
/// any campaign, and far from `i64` overflow whatever is added to it.
pub const MAX_ROUNDS: i64 = 1 << 43;

/// How long a round lasts, a campaign setting (`campaign set round adnd|ose`). Both editions
/// make a turn ten minutes; they part on the round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Round {
    /// AD&D 2e DMG, *Time*: "a round is approximately one minute … ten rounds equal a turn".
    /// The default: hoard's clock has counted in it from the start, so a campaign recorded
    /// before the setting existed keeps its meaning.
    #[default]
    Adnd,
    /// Old-School Essentials, *Time*: "Rounds: 10 seconds" and "Turns: 10 minutes", sixty
    /// rounds to a turn; the sentient-sword rules hoard follows count their rounds in it.
    Ose,
}

impl Round {
    /// The round's length in seconds.
    pub const fn seconds(self) -> i64 {
        match self {
            Round::Adnd => 60,
            Round::Ose => 10,
        }
    }

    /// How many rounds make one `unit`.
    pub const fn per(self, unit: Unit) -> i64 {
        let seconds = match unit {
            Unit::Rounds => return 1,
            Unit::Minutes => 60,
            Unit::Turns => 600,
            Unit::Hours => 3_600,
            Unit::Days => 86_400,
            Unit::Weeks => 604_800,
        };
        seconds / self.seconds()
    }
}

/// Whether a campaign may change its round's length: only before its clock first moves and
/// before any effect starts, since every time already counted (the clock, an effect's end, a
/// use per turn) is a number of rounds of the old length.
pub fn round_settable(clock: i64, effects: usize) -> bool {
    clock == 0 && effects == 0
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Unit {
    Rounds,
    Minutes,
    Turns,
    Hours,
    Days,
    Weeks,
}

/// A unit of time hoard does not know, as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownUnit(pub String);

impl FromStr for Unit {
    type Err = UnknownUnit;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_lowercase().as_str() {
            "round" | "rounds" | "r" | "rd" | "rds" => Ok(Unit::Rounds),
            "turn" | "turns" | "t" | "tour" | "tours" => Ok(Unit::Turns),
            "hour" | "hours" | "h" | "heure" | "heures" => Ok(Unit::Hours),
            "day" | "days" | "d" | "jour" | "jours" => Ok(Unit::Days),
            "minute" | "minutes" | "min" | "mins" => Ok(Unit::Minutes),
            "week" | "weeks" | "w" | "semaine" | "semaines" => Ok(Unit::Weeks),
            _ => Err(UnknownUnit(s.to_string())),
        }
    }
}

/// Why the clock cannot move as asked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum ClockError {
    NotPositive,
    TooFar { amount: u64, unit: Unit },
}

/// The clock after advancing `amount` units of a campaign whose rounds are `round`, refusing
/// zero and anything past [`MAX_ROUNDS`].
pub fn advance(now: i64, amount: u64, unit: Unit, round: Round) -> Result<i64, ClockError> {
    if amount == 0 {
        return Err(ClockError::NotPositive);
    }
    i64::try_from(amount)
        .ok()
        .and_then(|n| n.checked_mul(round.per(unit)))
        .and_then(|n| now.checked_add(n))
        .filter(|&t| t <= MAX_ROUNDS)
        .ok_or(ClockError::TooFar { amount, unit })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_convert_to_rounds() {
        let adnd = Round::Adnd;
        assert_eq!(advance(0, 3, Unit::Rounds, adnd), Ok(3));
        assert_eq!(advance(5, 2, Unit::Turns, adnd), Ok(25));
        assert_eq!(advance(0, 1, Unit::Hours, adnd), Ok(60));
        assert_eq!(advance(0, 2, Unit::Days, adnd), Ok(2_880));
        assert_eq!(advance(0, 30, Unit::Minutes, adnd), Ok(30));
        assert_eq!(advance(0, 1, Unit::Weeks, adnd), Ok(10_080));
    }

    #[test]
    fn an_ose_round_is_ten_seconds() {
        let ose = Round::Ose;
        assert_eq!(advance(0, 3, Unit::Rounds, ose), Ok(3));
        assert_eq!(ose.per(Unit::Minutes), 6);
        assert_eq!(advance(0, 1, Unit::Turns, ose), Ok(60));
        assert_eq!(advance(0, 1, Unit::Hours, ose), Ok(360));
        assert_eq!(advance(0, 1, Unit::Days, ose), Ok(8_640));
        assert_eq!(advance(0, 1, Unit::Weeks, ose), Ok(60_480));
        // A turn is ten minutes in both editions.
        for round in [Round::Adnd, Round::Ose] {
            assert_eq!(round.per(Unit::Turns) * round.seconds(), 600);
        }
    }

    #[test]
    fn the_round_is_set_before_time_passes() {
        assert!(round_settable(0, 0));
        assert!(!round_settable(1, 0));
        assert!(!round_settable(0, 1));
    }

    #[test]
    fn refuses_zero_and_overflow() {
        let ose = Round::Ose;
        assert_eq!(advance(0, 0, Unit::Days, ose), Err(ClockError::NotPositive));
        assert!(advance(0, u64::MAX, Unit::Days, ose).is_err());
        assert!(advance(MAX_ROUNDS, 1, Unit::Rounds, ose).is_err());
        assert_eq!(
            advance(MAX_ROUNDS - 1, 1, Unit::Rounds, ose),
            Ok(MAX_ROUNDS)
        );
    }

    #[test]
    fn reads_unit_names() {
        assert_eq!("turns".parse(), Ok(Unit::Turns));
        assert_eq!("jours".parse(), Ok(Unit::Days));
        assert_eq!("weeks".parse(), Ok(Unit::Weeks));
        assert_eq!("semaine".parse(), Ok(Unit::Weeks));
        assert_eq!("min".parse(), Ok(Unit::Minutes));
        assert!("fortnight".parse::<Unit>().is_err());
    }
}
