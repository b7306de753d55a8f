//! The words for healing refused to the dead and a raising refused ([`Refusal`]).

use std::fmt;

use crate::rules::raise::Refusal;
use crate::tr;
use crate::view::inert::safe;

impl fmt::Display for crate::i18n::Worded<'_, Refusal> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.0 {
            Refusal::HealsNoDead { name, hp } => {
                let (name, typed) = (safe(name), crate::i18n::typed(name));
                tr!(
                    "{name} is dead ({hp} HP): healing does not raise the dead; `hoard character raise {typed}` does, by the campaign's death rule's book",
                    "{name} est mort ({hp} PV) : les soins ne rappellent pas les morts ; `hoard character raise {typed}` le fait, selon le livre de la règle de mort de la campagne"
                )
            }
            Refusal::NotDead { name, hp } => {
                let name = safe(name);
                tr!(
                    "{name} is not dead ({hp} HP): there is no one to raise; `hoard character heal` heals the living",
                    "{name} n'est pas mort ({hp} PV) : personne à rappeler ; `hoard character heal` soigne les vivants"
                )
            }
            Refusal::NoConstitution { name } => {
                let name = safe(name);
                tr!(
                    "AD&D's resurrection survival roll goes by Constitution, which {name}'s sheet lacks: give it with --con N",
                    "le jet de survie à la résurrection d'AD&D se fait sur la Constitution, que la fiche de {name} n'a pas : donnez-la avec --con N"
                )
            }
            Refusal::OtherConstitution { name, sheet, given } => {
                let (typed, name) = (crate::i18n::typed(name), safe(name));
                tr!(
                    "{name}'s sheet says CON {sheet}, not {given}: leave --con out, or change the sheet first (`hoard character set {typed} con {given}`)",
                    "la fiche de {name} indique CON {sheet}, pas {given} : omettez --con, ou changez d'abord la fiche (`hoard character set {typed} con {given}`)"
                )
            }
            Refusal::ConstitutionSpent { name, con } => {
                let name = safe(name);
                tr!(
                    "{name} has CON {con}, the least a sheet holds: each raising costs a point, and {name} has none left to lose",
                    "{name} a CON {con}, le moins qu'une fiche porte : chaque rappel coûte un point, et {name} n'en a plus à perdre"
                )
            }
            Refusal::Hp { name, hp, hp_max } => {
                let name = safe(name);
                tr!(
                    "{name} cannot come back with {hp} HP: 1 to {hp_max} (the maximum)",
                    "{name} ne peut revenir avec {hp} PV : de 1 à {hp_max} (le maximum)"
                )
            }
            Refusal::NotTheBook { name } => {
                let name = safe(name);
                tr!(
                    "not the raising of {name} the campaign's death rule's book makes (its survival roll, chance and outcome)",
                    "pas le rappel de {name} que fait le livre de la règle de mort de la campagne (son jet de survie, sa chance et son issue)"
                )
            }
        };
        f.write_str(&text)
    }
}
