//! How game time reads: a point on the clock (`day 3, 14:07`), a span as a referee counts it
//! (`7 turns (1 h 10 min)`), and the clock's refusals. The clock itself is
//! [`crate::rules::clock`]; this is its wording, in the reader's language.

use std::fmt;

use crate::rules::clock::{
    ClockError, MAX_ROUNDS, ROUNDS_PER_DAY, ROUNDS_PER_HOUR, ROUNDS_PER_TURN, Unit, UnknownUnit,
};
use crate::tr;

/// A point on the clock (in rounds), shown as `day 3, 14:07`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameTime(pub i64);

impl fmt::Display for GameTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let day = self.0.div_euclid(ROUNDS_PER_DAY) + 1;
        let minute = self.0.rem_euclid(ROUNDS_PER_DAY);
        let (h, m) = (minute / 60, minute % 60);
        // `pad`: a column's width (`{:<14}`) applies to the whole time.
        f.pad(&tr!(
            "day {day}, {h:02}:{m:02}",
            "jour {day}, {h:02}:{m:02}"
        ))
    }
}

impl fmt::Display for crate::i18n::Worded<'_, ClockError> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match self.0 {
            ClockError::NotPositive => tr!(
                "advance the clock by at least one round",
                "avancez l'horloge d'au moins un round"
            ),
            ClockError::TooFar { amount, unit } => {
                let unit = match unit {
                    Unit::Rounds => tr!("rounds", "rounds"),
                    Unit::Minutes => tr!("minutes", "minutes"),
                    Unit::Turns => tr!("turns", "tours"),
                    Unit::Hours => tr!("hours", "heures"),
                    Unit::Days => tr!("days", "jours"),
                    Unit::Weeks => tr!("weeks", "semaines"),
                };
                tr!(
                    "{amount} {unit} is too far: the clock stops at {MAX_ROUNDS} rounds",
                    "{amount} {unit}, c'est trop loin : l'horloge s'arrête à {MAX_ROUNDS} rounds"
                )
            }
        })
    }
}

impl fmt::Display for crate::i18n::Worded<'_, UnknownUnit> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let typed = &self.0.0;
        f.write_str(&tr!(
            "unknown unit of time {typed:?}: use rounds, minutes, turns, hours, days or weeks",
            "unité de temps inconnue {typed:?} : rounds, minutes, tours, heures, jours ou semaines"
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
}
