//! How game time reads: a point on the clock (`day 3, 14:07`), a span as a referee counts it
//! (`7 turns (1 h 10 min)`), and the clock's refusals. The clock itself is
//! [`crate::rules::clock`]; this is its wording, in the reader's language. A count of rounds
//! reads by the length of the rounds of the campaign shown, which the edge that opened it
//! sets ([`opened`]), as it sets the language.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::ledger::state::Settings;
use crate::rules::clock::{ClockError, MAX_ROUNDS, Round, Unit, UnknownUnit};
use crate::tr;

/// Whether the campaign shown counts Old-School Essentials' ten-second rounds (a process
/// shows one campaign: a command's, or a server's).
static OSE_ROUNDS: AtomicBool = AtomicBool::new(false);

/// The campaign about to be worded has these settings ([`crate::app::Options::opened`]).
pub fn opened(settings: &Settings) {
    OSE_ROUNDS.store(settings.round() == Round::Ose, Ordering::Relaxed);
}

/// How many rounds of the campaign shown make one `unit`: a picture's time axis.
pub fn rounds_per(unit: Unit) -> i64 {
    round().per(unit)
}

/// How long the rounds of the campaign shown last (AD&D 2e's minute until one is opened).
fn round() -> Round {
    if OSE_ROUNDS.load(Ordering::Relaxed) {
        Round::Ose
    } else {
        Round::Adnd
    }
}

/// A point on the clock (in rounds), shown as `day 3, 14:07`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameTime(pub i64);

impl fmt::Display for GameTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // `pad`: a column's width (`{:<14}`) applies to the whole time.
        f.pad(&at(self.0, round()))
    }
}

/// Round `rounds` of a campaign whose rounds are `round`, as a day and a time: ten-second
/// rounds show their seconds when they fall between minutes. (A list of campaigns reads each
/// clock by its own campaign's rounds.)
pub fn at(rounds: i64, round: Round) -> String {
    let per_day = round.per(Unit::Days);
    let day = rounds.div_euclid(per_day) + 1;
    let second = rounds.rem_euclid(per_day) * round.seconds();
    let (h, m, s) = (second / 3_600, second % 3_600 / 60, second % 60);
    if s == 0 {
        tr!("day {day}, {h:02}:{m:02}", "jour {day}, {h:02}:{m:02}")
    } else {
        tr!(
            "day {day}, {h:02}:{m:02}:{s:02}",
            "jour {day}, {h:02}:{m:02}:{s:02}"
        )
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
/// beyond that the clock's own hours and minutes, after the turns when it is a whole number
/// of them: `3 rounds`, `5 turns`, `7 turns (1 h 10 min)`, `1 day 2 h 3 min`.
pub fn span(rounds: i64) -> String {
    span_in(rounds, round())
}

/// [`span`] in a campaign whose rounds are `round`.
fn span_in(rounds: i64, round: Round) -> String {
    let (per_turn, per_hour) = (round.per(Unit::Turns), round.per(Unit::Hours));
    let plural = |n: i64| if n == 1 { "" } else { "s" };
    if rounds < per_turn || (rounds < per_hour && rounds % per_turn != 0) {
        let (n, s) = (rounds.max(0), plural(rounds.max(0)));
        return tr!("{n} round{s}", "{n} round{s}");
    }
    let turns = rounds / per_turn;
    let whole_turns = rounds % per_turn == 0;
    if rounds < per_hour {
        let s = plural(turns);
        return tr!("{turns} turn{s}", "{turns} tour{s}");
    }
    let seconds = rounds * round.seconds();
    let (days, rest) = (seconds / 86_400, seconds % 86_400);
    let (hours, minutes, seconds) = (rest / 3_600, rest % 3_600 / 60, rest % 60);
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
    if seconds > 0 {
        clock.push(format!("{seconds} s"));
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
    passes_in(rounds, round())
}

/// [`passes`] in a campaign whose rounds are `round`.
fn passes_in(rounds: i64, round: Round) -> String {
    let span = span_in(rounds, round);
    let single = rounds == 1
        || [Unit::Turns, Unit::Hours, Unit::Days]
            .into_iter()
            .any(|u| rounds == round.per(u));
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
    fn ose_rounds_are_ten_seconds() {
        let ose = Round::Ose;
        assert_eq!(at(0, ose), "day 1, 00:00");
        assert_eq!(at(1, ose), "day 1, 00:00:10");
        assert_eq!(at(6, ose), "day 1, 00:01");
        assert_eq!(at(8_640 + 361, ose), "day 2, 01:00:10");
        assert_eq!(span_in(59, ose), "59 rounds");
        assert_eq!(span_in(60, ose), "1 turn");
        assert_eq!(span_in(120, ose), "2 turns");
        assert_eq!(span_in(150, ose), "150 rounds");
        assert_eq!(span_in(360, ose), "1 h");
        assert_eq!(span_in(420, ose), "7 turns (1 h 10 min)");
        assert_eq!(span_in(361, ose), "1 h 10 s");
        assert_eq!(passes_in(60, ose), "1 turn passes");
        assert_eq!(passes_in(360, ose), "1 h passes");
        assert_eq!(passes_in(10, ose), "10 rounds pass");
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
