//! The game clock. hoard counts game time in rounds, as AD&D 2e does: a round is one minute,
//! a turn is 10 rounds, an hour 60 rounds (6 turns), a day 1,440 rounds. Round 0 is the first
//! minute of day 1, 00:00.

use std::str::FromStr;

use serde::{Deserialize, Serialize};

pub const ROUNDS_PER_TURN: i64 = 10;
pub const ROUNDS_PER_HOUR: i64 = 60;
pub const ROUNDS_PER_DAY: i64 = 1_440;
pub const ROUNDS_PER_WEEK: i64 = 7 * ROUNDS_PER_DAY;
/// A round is one minute (AD&D 2e DMG, Time): a referee may count in either.
pub const ROUNDS_PER_MINUTE: i64 = 1;

/// The largest clock value hoard accepts: about 17 million years of game time, far beyond any
/// campaign, and far from `i64` overflow whatever is added to it.
pub const MAX_ROUNDS: i64 = 1 << 43;

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

impl Unit {
    pub fn rounds(self) -> i64 {
        match self {
            Unit::Rounds => 1,
            Unit::Minutes => ROUNDS_PER_MINUTE,
            Unit::Turns => ROUNDS_PER_TURN,
            Unit::Hours => ROUNDS_PER_HOUR,
            Unit::Days => ROUNDS_PER_DAY,
            Unit::Weeks => ROUNDS_PER_WEEK,
        }
    }
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

/// The clock after advancing `amount` units, refusing zero and anything past [`MAX_ROUNDS`].
pub fn advance(now: i64, amount: u64, unit: Unit) -> Result<i64, ClockError> {
    if amount == 0 {
        return Err(ClockError::NotPositive);
    }
    i64::try_from(amount)
        .ok()
        .and_then(|n| n.checked_mul(unit.rounds()))
        .and_then(|n| now.checked_add(n))
        .filter(|&t| t <= MAX_ROUNDS)
        .ok_or(ClockError::TooFar { amount, unit })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_convert_to_rounds() {
        assert_eq!(advance(0, 3, Unit::Rounds), Ok(3));
        assert_eq!(advance(5, 2, Unit::Turns), Ok(25));
        assert_eq!(advance(0, 1, Unit::Hours), Ok(60));
        assert_eq!(advance(0, 2, Unit::Days), Ok(2_880));
        assert_eq!(advance(0, 30, Unit::Minutes), Ok(30));
        assert_eq!(advance(0, 1, Unit::Weeks), Ok(10_080));
    }

    #[test]
    fn refuses_zero_and_overflow() {
        assert_eq!(advance(0, 0, Unit::Days), Err(ClockError::NotPositive));
        assert!(advance(0, u64::MAX, Unit::Days).is_err());
        assert!(advance(MAX_ROUNDS, 1, Unit::Rounds).is_err());
        assert_eq!(advance(MAX_ROUNDS - 1, 1, Unit::Rounds), Ok(MAX_ROUNDS));
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
