//! The words for `generate`'s refused options ([`Refusal`]).

use std::fmt;

use crate::app::refusal::generate::Refusal;
use crate::tr;

impl fmt::Display for crate::i18n::Worded<'_, Refusal> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.0 {
            Refusal::CountOutOfRange { count, max } => tr!(
                "--count {} is out of range: give 1 to {max}",
                "--count {} hors limites : de 1 à {max}",
                count
            ),
            Refusal::ReadWithoutTo => tr!(
                "--read needs --to: someone must take the scrolls to read them",
                "--read demande --to : quelqu'un doit prendre les parchemins pour les lire"
            ),
            Refusal::SentientNotSword => tr!(
                "--sentient is for swords: `hoard generate sword --sentient`",
                "--sentient est pour les épées : `hoard generate sword --sentient`"
            ),
            Refusal::Valuable => tr!(
                "valuables come with a treasure type (`hoard treasure roll H`) or by hand (`hoard valuable add NAME --value 500gp`)",
                "les objets de valeur viennent d'un type de trésor (`hoard treasure roll H`) ou à la main (`hoard valuable add NOM --value 500po`)"
            ),
            Refusal::Gear => tr!(
                "gear is bought, not found: `hoard buy torches --by NAME`",
                "l'équipement s'achète, il ne se trouve pas : `hoard buy torches --by NOM`"
            ),
        };
        f.write_str(&text)
    }
}
