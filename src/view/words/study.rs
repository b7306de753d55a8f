//! The words for a book its reader does not own (`app::book`'s [`Refusal`]); the rules' book
//! refusals are worded in `view::words`.

use std::fmt;

use super::Shown;
use crate::app::refusal::book::Refusal;
use crate::tr;

impl fmt::Display for crate::i18n::Worded<'_, Refusal> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.0 {
            Refusal::NotOwned { character, item } => tr!(
                "{} must own {} to study it: `hoard give` it first",
                "{} doit posséder {} pour l'étudier : `hoard give` d'abord",
                character,
                item.shown()
            ),
        };
        f.write_str(&text)
    }
}
