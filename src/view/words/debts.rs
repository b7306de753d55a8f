//! The words for debts that cannot be paid ([`Refusal`]).

use std::fmt;

use crate::app::refusal::debts::Refusal;
use crate::i18n::coins::text;
use crate::tr;
use crate::view::inert::safe;
use crate::view::money::worth;

impl fmt::Display for crate::i18n::Worded<'_, Refusal> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match &self.0 {
            Refusal::NothingOwed { name } => {
                let name = safe(name);
                tr!(
                    "{name} owes nothing: `hoard debts` lists what is owed",
                    "{name} ne doit rien : `hoard debts` liste ce qui est dû"
                )
            }
            Refusal::NotOwed { name, retainer } => {
                let (name, retainer) = (safe(name), safe(retainer));
                tr!(
                    "{name} owes {retainer} nothing: `hoard debts {name}` lists what they owe",
                    "{name} ne doit rien à {retainer} : `hoard debts {name}` liste ce qu'il doit"
                )
            }
            Refusal::Unpayable { name, purse, owed } => {
                let (name, owed, purse) = (safe(name), worth(*owed), text(purse));
                tr!(
                    "{name}'s purse ({purse}) holds no coin that pays toward the {owed} they owe, and no change is given: `hoard coins add` or `hoard exchange` first",
                    "la bourse de {name} ({purse}) n'a aucune pièce qui paie les {owed} qu'il doit, et la monnaie n'est pas rendue : `hoard coins add` ou `hoard exchange` d'abord"
                )
            }
        };
        f.write_str(&text)
    }
}
