//! The words for a character command's refusal ([`Refusal`]).

use std::fmt;

use crate::app::refusal::character::Refusal;
use crate::tr;

impl fmt::Display for crate::i18n::Worded<'_, Refusal> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.0 {
            Refusal::NameTaken { campaign, name } => tr!(
                "campaign {campaign:?} already has a character named {name:?}; pick another name",
                "la campagne {campaign:?} a déjà un personnage nommé {name:?} ; choisissez un autre nom"
            ),
            Refusal::NotYetJoined { name, session } => tr!(
                "{name} had not joined yet at the end of session {session}",
                "{name} n'avait pas encore rejoint la campagne à la fin de la session {session}"
            ),
            Refusal::XpOutOfRange { xp, limit } => tr!(
                "{xp} XP is out of range: give 0 to {limit}",
                "{xp} PX hors limites : de 0 à {limit}"
            ),
            Refusal::NotANumber { key, value } => tr!(
                "{key} needs a number, not {value:?}",
                "{key} demande un nombre, pas {value:?}"
            ),
            Refusal::NotYesNo { key, value } => tr!(
                "{key} is yes or no, not {value:?}",
                "{key} vaut oui ou non, pas {value:?}"
            ),
            Refusal::BadShare { value } => tr!(
                "a share is 0 to 10 in halves (1, 0.5 for a retainer, 0 for none), not {value:?}",
                "une part va de 0 à 10 par moitiés (1, 0.5 pour un suivant, 0 pour aucune), pas {value:?}"
            ),
            Refusal::UnknownField { key } => tr!(
                "unknown field {key:?}: level, class, alignment, str, wis, int, dex, con, cha, hp-max, reads-magic, literate, reads-languages, xp, share or living",
                "champ inconnu {key:?} : level, class, alignment, str, wis, int, dex, con, cha, hp-max, reads-magic, literate, reads-languages, xp, share ou living"
            ),
        };
        f.write_str(&text)
    }
}
