//! The words for an item that cannot be found or made as asked ([`Refusal`]).

use std::fmt;

use super::Shown;
use crate::app::refusal::item::Refusal;
use crate::tr;

impl fmt::Display for crate::i18n::Worded<'_, Refusal> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.0 {
            Refusal::NoItem {
                key,
                near: Some(near),
            } => {
                let near = near.shown();
                tr!(
                    "no item {key:?}; did you mean {near:?}?",
                    "aucun objet {key:?} ; vouliez-vous dire {near:?} ?"
                )
            }
            Refusal::NoItem { key, near: None } => tr!(
                "no item {key:?}: name it by id, id prefix or name (`hoard item list` shows them)",
                "aucun objet {key:?} : désignez-le par id, début d'id ou nom (`hoard item list` les montre)"
            ),
            Refusal::Ambiguous { key, ids } => {
                let n = ids.len();
                tr!(
                    "{n} items match {key:?} ({}); give an id prefix instead",
                    "{n} objets correspondent à {key:?} ({}) ; donnez plutôt un début d'id",
                    ids.join(", ")
                )
            }
            Refusal::ChargesOutOfRange { charges: c } => tr!(
                "{c} charges is out of range: give 1 to 10000",
                "{c} charges, hors limites : de 1 à 10000"
            ),
            Refusal::NotYetFound { item, session } => {
                let name = item.shown();
                tr!(
                    "{name} had not been found yet at the end of session {session}",
                    "{name} n'avait pas encore été trouvé à la fin de la session {session}"
                )
            }
        };
        f.write_str(&text)
    }
}
