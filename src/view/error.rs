//! A command's error in the reader's words: every [`Problem`] the lower layers return as data
//! is worded here (or in the module of `view` its family belongs to), once for both edges.

use std::fmt;

use crate::error::{Error, Problem};
use crate::i18n::Worded;
use crate::tr;

impl fmt::Display for Worded<'_, Error> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Error::Invalid(p)
            | Error::NotFound(p)
            | Error::Refused(p)
            | Error::Conflict(p)
            | Error::Busy(p)
            | Error::Unusable(p) => fmt::Display::fmt(&Worded(p), f),
            Error::Database(e) => {
                f.write_str(&tr!("database error: {e}", "erreur de la base : {e}"))
            }
            Error::Io(e) => fmt::Display::fmt(e, f),
            Error::Output(e) => f.write_str(&tr!(
                "cannot print the answer: {e}",
                "impossible d'afficher la réponse : {e}"
            )),
            Error::Unprinted {
                made: Some(made),
                cause,
                ..
            } => f.write_str(&unprinted_made(made, cause)),
            Error::Unprinted { events, cause, .. } => f.write_str(&unprinted(events, cause)),
        }
    }
}

impl fmt::Display for Worded<'_, Problem> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Problem::Said(text) => f.write_str(text),
            Problem::Coins(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::Custody(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::Potion(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::Scroll(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::Book(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::Charges(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::Raise(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::Ledger(c) => fmt::Display::fmt(&Worded(c), f),
            Problem::Limit(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::Store(p) => fmt::Display::fmt(&Worded(p), f),
            Problem::Lookup(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::Campaign(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::Session(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::History(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::Import(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::Log(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::Sword(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::Wear(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::Tables(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::Character(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::Item(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::Generate(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::Treasure(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::Claims(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::Shop(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::Light(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::Retainer(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::Debts(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::Damage { item, refusal } => f.write_str(&crate::view::treasure::undamageable(
                &crate::view::inert::safe(item),
                *refusal,
            )),
            Problem::Passing(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::Casting(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::Study(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::File(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::Sheet(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::Dice(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::Generation(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::Clock(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::Alignment(r) => fmt::Display::fmt(&Worded(r), f),
            Problem::Unidentifiable(r) => fmt::Display::fmt(&Worded(r), f),
        }
    }
}

/// A change that is no event, made for good, whose answer could not be printed.
fn unprinted_made(made: &crate::app::Made, cause: &std::io::Error) -> String {
    use crate::app::Made;
    match made {
        Made::Campaign(name) => tr!(
            "the change to campaign {name} was made but its answer could not be printed ({cause}); do not make it again: `hoard campaign list` shows it",
            "le changement de la campagne {name} est fait mais sa réponse n'a pu être affichée ({cause}) ; ne le refaites pas : `hoard campaign list` le montre"
        ),
        Made::File(path) => {
            let path = path.display();
            tr!(
                "{path} was written but the answer could not be printed ({cause}); it is there, whole",
                "{path} est écrit mais la réponse n'a pu être affichée ({cause}) ; il est là, entier"
            )
        }
    }
}

fn unprinted(events: &[i64], cause: &std::io::Error) -> String {
    let (first, last) = (events.first().unwrap_or(&0), events.last().unwrap_or(&0));
    let n = events.len();
    let which = if first == last {
        format!("#{first}")
    } else {
        format!("#{first}–#{last}")
    };
    tr!(
        "the change was recorded ({which}) but its answer could not be printed ({cause}); do not record it again: `hoard log --limit {n}` shows it",
        "le changement est enregistré ({which}) mais sa réponse n'a pu être affichée ({cause}) ; ne l'enregistrez pas à nouveau : `hoard log --limit {n}` le montre"
    )
}
