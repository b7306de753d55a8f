//! The words for a file that cannot be imported (`app::export::{Refusal, Fault}`), and a
//! player's view as JSON, its items named in the reader's language.

use std::fmt;

use crate::app::refusal::export::{Fault, Refusal};
use crate::tr;

impl fmt::Display for crate::i18n::Worded<'_, Refusal> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.0 {
            Refusal::NotUtf8 { line } => tr!(
                "line {line} of the import is not UTF-8 text",
                "la ligne {line} de l'import n'est pas du texte UTF-8"
            ),
            Refusal::TooLong { line, mib } => tr!(
                "line {line} of the import is longer than {mib} MiB: not a hoard export",
                "la ligne {line} de l'import dépasse {mib} Mio : pas un export hoard"
            ),
            Refusal::Line { line, fault } => {
                let why = crate::i18n::Worded(fault);
                tr!(
                    "line {line} of the import: {why}",
                    "ligne {line} de l'import : {why}"
                )
            }
        };
        f.write_str(&text)
    }
}

impl fmt::Display for crate::i18n::Worded<'_, Fault> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.0 {
            Fault::NotHeader { error: e } => tr!(
                "not a hoard export header ({e})",
                "pas un en-tête d'export hoard ({e})"
            ),
            Fault::WrongFormat { format } => tr!(
                "a hoard campaign export of format {format} was expected",
                "un export de campagne hoard au format {format} était attendu"
            ),
            Fault::Unreadable { error } => error.clone(),
            Fault::Gap { event, after } => tr!(
                "event #{event} follows #{after}: events must be numbered from 1 without gaps",
                "l'événement n°{event} suit le n°{after} : les événements se numérotent depuis 1 sans trou"
            ),
            Fault::CannotStand { conflict } => crate::i18n::Worded(conflict).to_string(),
            Fault::Short { last, announced } => tr!(
                "the file ends after event #{last} but its header announces {announced}",
                "le fichier s'arrête après l'événement n°{last} mais son en-tête en annonce {announced}"
            ),
            Fault::VoidsMismatch => tr!(
                "the header's list of voided events does not match the file's void events",
                "la liste d'événements annulés de l'en-tête ne correspond pas aux annulations du fichier"
            ),
        };
        f.write_str(&text)
    }
}
