//! The words for a light that cannot be lit or put out ([`Refusal`]).

use std::fmt;

use super::Shown;
use crate::app::refusal::light::Refusal;
use crate::rules::light::Unlit;
use crate::tr;
use crate::view::inert::safe;

impl fmt::Display for crate::i18n::Worded<'_, Refusal> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (item, who) = (self.0.item.shown(), safe(&self.0.character));
        let text = match self.0.why {
            Unlit::NotALight => tr!(
                "{item} is no torch or lantern: only they light (`hoard buy torches --by {who}`)",
                "{item} n'est ni une torche ni une lanterne : elles seules s'allument (`hoard buy torches --by {who}`)"
            ),
            Unlit::NotHeld => tr!(
                "{who} does not hold {item}: `hoard give` it to them first",
                "{who} ne tient pas {item} : `hoard give` d'abord"
            ),
            Unlit::Gone => tr!("{item} is used up", "{item} est épuisé"),
            Unlit::AlreadyLit => tr!("{item} is already lit", "{item} est déjà allumé"),
            Unlit::NotLit => tr!(
                "{item} is not lit: `hoard light` it first",
                "{item} n'est pas allumé : `hoard light` d'abord"
            ),
            Unlit::NoOil => tr!(
                "{who} carries no oil for {item}: buy a flask (`hoard buy oil --by {who}`)",
                "{who} ne porte pas d'huile pour {item} : achetez une flasque (`hoard buy oil --by {who}`)"
            ),
        };
        f.write_str(&text)
    }
}
