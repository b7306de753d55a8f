//! The words for a play session that cannot be found, started or ended
//! (`app::refusal::session::Refusal`).

use std::fmt;

use crate::app::refusal::session::{Open, Refusal};
use crate::i18n::typed;
use crate::rules::item::Names;
use crate::tr;
use crate::view::inert::safe;
use crate::view::words::names::Shown;

impl fmt::Display for crate::i18n::Worded<'_, Refusal> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.0 {
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
            Refusal::StillOpen { open, roster } => still_open(open, *roster),
            Refusal::NoneOpen => tr!(
                "no session is open; start one with `hoard session start`",
                "aucune session n'est ouverte ; commencez-en une avec `hoard session start`"
            ),
            Refusal::NoRow { number } => tr!(
                "session {number} has no row",
                "la session {number} n'a pas de ligne"
            ),
            Refusal::NotOpen { number } => tr!(
                "session {number} is not open",
                "la session {number} n'est pas ouverte"
            ),
            Refusal::InOpenSession { name, session } => {
                let name = safe(name);
                tr!(
                    "{name} is in session {session}, which is open: a character goes on one expedition at a time (end it with `hoard session end --session {session}`)",
                    "{name} est de la session {session}, encore ouverte : un personnage ne part qu'en une expédition à la fois (terminez-la avec `hoard session end --session {session}`)"
                )
            }
            Refusal::SeveralOpen { open } => {
                let list = listed(open);
                tr!(
                    "several sessions are open: {list}; say which with `--session N` or `--session TITLE`",
                    "plusieurs sessions sont ouvertes : {list} ; dites laquelle avec `--session N` ou `--session TITRE`"
                )
            }
            Refusal::Apart { name, theirs, this } => {
                let name = safe(name);
                match this {
                    Some(this) => tr!(
                        "{name} is in session {theirs}, and this command records in session {this}: name characters of one session",
                        "{name} est de la session {theirs}, et cette commande s'enregistre dans la session {this} : nommez des personnages d'une même session"
                    ),
                    None => tr!(
                        "{name} is in session {theirs}, and this command records between sessions: name it with --session {theirs}",
                        "{name} est de la session {theirs}, et cette commande s'enregistre hors session : nommez-la avec --session {theirs}"
                    ),
                }
            }
            Refusal::Loot {
                item,
                of,
                name,
                elsewhere,
            } => loot(item, of, name.as_deref(), elsewhere.as_ref()),
            Refusal::NoTitle { title } => {
                let title = safe(title);
                tr!(
                    "no session is titled {title}: `hoard session list` shows them",
                    "aucune session n'a pour titre {title} : `hoard session list` les montre"
                )
            }
            Refusal::SameTitle { title, sessions } => {
                let (title, list) = (
                    safe(title),
                    sessions
                        .iter()
                        .map(u32::to_string)
                        .collect::<Vec<_>>()
                        .join(", "),
                );
                tr!(
                    "sessions {list} are all titled {title}: name one by its number",
                    "les sessions {list} ont toutes pour titre {title} : nommez-en une par son numéro"
                )
            }
            Refusal::UnknownReferee {
                name, none: true, ..
            } => {
                let (typed, name) = (typed(name), safe(name));
                tr!(
                    "the campaign names no referee yet: add {name} with `hoard referee add {typed}`",
                    "la campagne ne nomme encore aucun meneur : ajoutez {name} avec `hoard referee add {typed}`"
                )
            }
            Refusal::UnknownReferee { name, near, .. } => {
                let (typed, name) = (typed(name), safe(name));
                let near = near
                    .as_deref()
                    .map(|n| tr!(" (did you mean {}?)", " (vouliez-vous dire {} ?)", safe(n)))
                    .unwrap_or_default();
                tr!(
                    "no referee {name} in this campaign{near}: `hoard referee add {typed}` names one",
                    "pas de meneur {name} dans cette campagne{near} : `hoard referee add {typed}` en nomme un"
                )
            }
            Refusal::NotYourRole { role, named } => {
                let (role, named) = (safe(role), safe(named));
                tr!(
                    "this campaign records each referee as the role they connect as: you are {role}, not {named}",
                    "cette campagne enregistre chaque meneur sous le rôle de sa connexion : vous êtes {role}, pas {named}"
                )
            }
            Refusal::RefereeExists { name } => {
                let name = safe(name);
                tr!(
                    "the campaign already has a referee named {name}",
                    "la campagne a déjà un meneur nommé {name}"
                )
            }
        };
        f.write_str(&text)
    }
}

/// Open sessions, each by its number and its title: `1 (The Barrow), 2`.
/// Why an expedition's loot cannot go where a command would take it, and what works.
fn loot(item: &Names, of: &Open, name: Option<&str>, elsewhere: Option<&Open>) -> String {
    let item = safe(item.shown());
    let found = listed(std::slice::from_ref(of));
    let n = of.number;
    let there = match (name, elsewhere) {
        (Some(name), Some(s)) => {
            let (name, s) = (safe(name), listed(std::slice::from_ref(s)));
            tr!("{name} is in session {s}", "{name} est de la session {s}")
        }
        (Some(name), None) => {
            let name = safe(name);
            tr!(
                "{name} is on no expedition",
                "{name} n'est d'aucune expédition"
            )
        }
        (None, Some(s)) => {
            let s = listed(std::slice::from_ref(s));
            tr!(
                "this command records in session {s}",
                "cette commande s'enregistre dans la session {s}"
            )
        }
        (None, None) => tr!(
            "this command records between sessions",
            "cette commande s'enregistre hors session"
        ),
    };
    tr!(
        "{item} is the loot of session {found} until that session ends, and {there}: only session {n}'s party may take or claim it until then",
        "{item} est le butin de la session {found} jusqu'à la fin de celle-ci, et {there} : seul le groupe de la session {n} peut le prendre ou le demander d'ici là"
    )
}

fn listed(open: &[Open]) -> String {
    let list: Vec<String> = open
        .iter()
        .map(|o| match &o.title {
            Some(t) => format!("{} ({})", o.number, safe(t)),
            None => o.number.to_string(),
        })
        .collect();
    list.join(", ")
}

/// Why a session cannot start while `open` are, and what would work: a session with a roster
/// (`roster`) waits for the whole campaign's to end; one without waits for them all, or
/// starts as another expedition with its party.
fn still_open(open: &[Open], roster: bool) -> String {
    let list = listed(open);
    match (roster, open) {
        (true, _) => tr!(
            "session {list} is the whole campaign's and still open: end it first with `hoard session end`",
            "la session {list} est celle de toute la campagne et encore ouverte : terminez-la d'abord avec `hoard session end`"
        ),
        (false, [_]) => tr!(
            "session {list} is still open: end it first with `hoard session end`, or start an expedition beside it with its party (`--with A,B`)",
            "la session {list} est encore ouverte : terminez-la d'abord avec `hoard session end`, ou commencez une expédition à côté avec son groupe (`--with A,B`)"
        ),
        (false, _) => tr!(
            "sessions {list} are still open: a session of the whole campaign starts once each has ended (`hoard session end --session N`), or start another expedition with its party (`--with A,B`)",
            "les sessions {list} sont encore ouvertes : une session de toute la campagne commence quand chacune est terminée (`hoard session end --session N`), ou commencez une autre expédition avec son groupe (`--with A,B`)"
        ),
    }
}
