//! The game clock. hoard counts game time in rounds, as AD&D 2e does: a round is one minute,
//! a turn is 10 rounds, an hour 60 rounds (6 turns), a day 1,440 rounds. Round 0 is the first
//! minute of day 1, 00:00.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::tr;

pub const ROUNDS_PER_TURN: i64 = 10;
pub const ROUNDS_PER_HOUR: i64 = 60;
pub const ROUNDS_PER_DAY: i64 = 1_440;

/// The largest clock value hoard accepts: about 17 million years of game time, far beyond any
/// campaign, and far from `i64` overflow whatever is added to it.
pub const MAX_ROUNDS: i64 = 1 << 43;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Unit {
    Rounds,
    Turns,
    Hours,
    Days,
}

impl Unit {
    pub fn rounds(self) -> i64 {
        match self {
            Unit::Rounds => 1,
            Unit::Turns => ROUNDS_PER_TURN,
            Unit::Hours => ROUNDS_PER_HOUR,
            Unit::Days => ROUNDS_PER_DAY,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", tr!(
    "unknown unit of time {:?}: use rounds, turns, hours or days",
    "unité de temps inconnue {:?} : rounds, tours, heures ou jours", self.0
))]
pub struct UnknownUnit(pub String);

impl FromStr for Unit {
    type Err = UnknownUnit;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_lowercase().as_str() {
            "round" | "rounds" | "r" | "rd" | "rds" => Ok(Unit::Rounds),
            "turn" | "turns" | "t" | "tour" | "tours" => Ok(Unit::Turns),
            "hour" | "hours" | "h" | "heure" | "heures" => Ok(Unit::Hours),
            "day" | "days" | "d" | "jour" | "jours" => Ok(Unit::Days),
            _ => Err(UnknownUnit(s.to_string())),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClockError {
    #[error("{}", tr!("advance the clock by at least one round", "avancez l'horloge d'au moins un round"))]
    NotPositive,
    #[error("{}", tr!(
        "{} {:?} is too far: the clock stops at {} rounds",
        "{} {:?}, c'est trop loin : l'horloge s'arrête à {} rounds", amount, unit, MAX_ROUNDS
    ))]
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

/// A point on the clock, shown as `day 3, 14:07`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameTime(pub i64);

impl fmt::Display for GameTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let day = self.0.div_euclid(ROUNDS_PER_DAY) + 1;
        let minute = self.0.rem_euclid(ROUNDS_PER_DAY);
        let (h, m) = (minute / 60, minute % 60);
        f.write_str(&tr!(
            "day {day}, {h:02}:{m:02}",
            "jour {day}, {h:02}:{m:02}"
        ))
    }
}

/// A span of rounds as a referee counts it: rounds under a turn, turns under an hour, and
/// beyond that the clock's own hours and minutes (a round is a minute), after the turns when
/// it is a whole number of them: `3 rounds`, `5 turns`, `7 turns (1 h 10 min)`,
/// `1 day 2 h 3 min`.
pub fn span(rounds: i64) -> String {
    let plural = |n: i64| if n == 1 { "" } else { "s" };
    if rounds < ROUNDS_PER_TURN || (rounds < ROUNDS_PER_HOUR && rounds % ROUNDS_PER_TURN != 0) {
        let (n, s) = (rounds.max(0), plural(rounds.max(0)));
        return tr!("{n} round{s}", "{n} round{s}");
    }
    let turns = rounds / ROUNDS_PER_TURN;
    let whole_turns = rounds % ROUNDS_PER_TURN == 0;
    if rounds < ROUNDS_PER_HOUR {
        let s = plural(turns);
        return tr!("{turns} turn{s}", "{turns} tour{s}");
    }
    let (days, rest) = (rounds / ROUNDS_PER_DAY, rounds % ROUNDS_PER_DAY);
    let (hours, minutes) = (rest / ROUNDS_PER_HOUR, rest % ROUNDS_PER_HOUR);
    let mut clock = Vec::new();
    if days > 0 {
        let s = plural(days);
        clock.push(tr!("{days} day{s}", "{days} jour{s}"));
    }
    if hours > 0 {
        clock.push(format!("{hours} h"));
    }
    if minutes > 0 {
        clock.push(format!("{minutes} min"));
    }
    let clock = clock.join(" ");
    // Whole hours and days read best alone; a count of turns helps in between.
    if whole_turns && days == 0 && minutes > 0 {
        let s = plural(turns);
        tr!("{turns} turn{s} ({clock})", "{turns} tour{s} ({clock})")
    } else {
        clock
    }
}

/// `1 turn passes`, `3 turns pass`: the span with its verb agreeing.
pub fn passes(rounds: i64) -> String {
    let span = span(rounds);
    let single = matches!(
        rounds,
        1 | ROUNDS_PER_TURN | ROUNDS_PER_HOUR | ROUNDS_PER_DAY
    );
    match (single, crate::i18n::lang()) {
        (true, crate::i18n::Lang::En) => format!("{span} passes"),
        (false, crate::i18n::Lang::En) => format!("{span} pass"),
        (true, crate::i18n::Lang::Fr) => format!("{span} passe"),
        (false, crate::i18n::Lang::Fr) => format!("{span} passent"),
    }
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
    }

    #[test]
    fn refuses_zero_and_overflow() {
        assert_eq!(advance(0, 0, Unit::Days), Err(ClockError::NotPositive));
        assert!(advance(0, u64::MAX, Unit::Days).is_err());
        assert!(advance(MAX_ROUNDS, 1, Unit::Rounds).is_err());
        assert_eq!(advance(MAX_ROUNDS - 1, 1, Unit::Rounds), Ok(MAX_ROUNDS));
    }

    #[test]
    fn shows_day_and_time() {
        assert_eq!(GameTime(0).to_string(), "day 1, 00:00");
        assert_eq!(GameTime(1_440 + 14 * 60 + 7).to_string(), "day 2, 14:07");
        assert_eq!(span(3), "3 rounds");
        assert_eq!(span(1), "1 round");
        assert_eq!(span(13), "13 rounds");
        assert_eq!(span(50), "5 turns");
        assert_eq!(span(70), "7 turns (1 h 10 min)");
        assert_eq!(span(73), "1 h 13 min");
        assert_eq!(span(120), "2 h");
        assert_eq!(span(1_441), "1 day 1 min");
    }

    #[test]
    fn the_verb_agrees_with_the_span() {
        assert_eq!(passes(1), "1 round passes");
        assert_eq!(passes(10), "1 turn passes");
        assert_eq!(passes(60), "1 h passes");
        assert_eq!(passes(1_440), "1 day passes");
        assert_eq!(passes(2), "2 rounds pass");
        assert_eq!(passes(70), "7 turns (1 h 10 min) pass");
        assert_eq!(passes(0), "0 rounds pass");
    }

    #[test]
    fn reads_unit_names() {
        assert_eq!("turns".parse(), Ok(Unit::Turns));
        assert_eq!("jours".parse(), Ok(Unit::Days));
        assert!("weeks".parse::<Unit>().is_err());
    }
}
