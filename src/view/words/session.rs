//! The words for a play session that cannot be found, started or ended
//! (`app::session::Refusal`).

use std::fmt;

use crate::app::session::Refusal;
use crate::tr;

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            Refusal::NoSession { number, last: 0 } => tr!(
                "no session {number}: no play session yet; start one with `hoard session start`",
                "pas de session {number} : aucune session de jeu ; commencez-en une avec `hoard session start`"
            ),
            Refusal::NoSession { number, last } => tr!(
                "no session {number}: sessions run from 1 to {last}",
                "pas de session {number} : elles vont de 1 à {last}"
            ),
            Refusal::NoneYet => tr!(
                "no play session yet: start one with `hoard session start`",
                "aucune session de jeu : commencez-en une avec `hoard session start`"
            ),
            Refusal::StillOpen { open } => tr!(
                "session {open} is still open; end it first with `hoard session end`",
                "la session {open} est encore ouverte ; terminez-la d'abord avec `hoard session end`"
            ),
            Refusal::NoneOpen => tr!(
                "no session is open; start one with `hoard session start`",
                "aucune session n'est ouverte ; commencez-en une avec `hoard session start`"
            ),
            Refusal::NoRow { number } => tr!(
                "session {number} has no row",
                "la session {number} n'a pas de ligne"
            ),
        };
        f.write_str(&text)
    }
}
