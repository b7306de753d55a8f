//! The words for a `log` that cannot list (`app::refusal::log::Refusal`).

use std::fmt;

use crate::app::refusal::log::Refusal;
use crate::tr;

impl fmt::Display for crate::i18n::Worded<'_, Refusal> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.0 {
            Refusal::UnknownKind { kind, kinds } => {
                let kinds = kinds.join(", ");
                tr!(
                    "unknown event kind {kind:?}; kinds are: {kinds}",
                    "type d'événement inconnu {kind:?} ; les types sont : {kinds}"
                )
            }
        };
        f.write_str(&text)
    }
}
