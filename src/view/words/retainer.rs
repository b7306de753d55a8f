//! The words for a retainer who cannot be hired or dismissed ([`Refusal`]).

use std::fmt;

use crate::app::refusal::retainer::Refusal;
use crate::tr;
use crate::view::inert::safe;

impl fmt::Display for crate::i18n::Worded<'_, Refusal> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match &self.0 {
            Refusal::Wage { given } => {
                let given = safe(given);
                tr!(
                    "`{given}` is not a wage: give coins a day or an adventure, as `1 gp/day` or `10 gp/adventure`",
                    "`{given}` n'est pas un gage : donnez des pièces par jour ou par aventure, comme `1 gp/day` ou `10 gp/adventure`"
                )
            }
            Refusal::Themselves { name } => {
                let name = safe(name);
                tr!(
                    "{name} cannot be their own retainer: name another employer with --by",
                    "{name} ne peut être son propre homme d'armes : nommez un autre employeur avec --by"
                )
            }
            Refusal::Hired { name, employer } => {
                let (name, employer) = (safe(name), safe(employer));
                tr!(
                    "{name} is already {employer}'s retainer, or still owed by them: `hoard retainer dismiss {name}` and pay what `hoard debts` shows first",
                    "{name} est déjà l'homme d'armes de {employer}, ou encore son créancier : `hoard retainer dismiss {name}` et payez d'abord ce que montre `hoard debts`"
                )
            }
            Refusal::NotHired { name } => {
                let name = safe(name);
                tr!(
                    "{name} is no one's retainer: `hoard retainer hire {name} --by C --wage 1 gp/day`",
                    "{name} n'est l'homme d'armes de personne : `hoard retainer hire {name} --by C --wage 1 gp/day`"
                )
            }
        };
        f.write_str(&text)
    }
}
