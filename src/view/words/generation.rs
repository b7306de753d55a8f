//! The words for a generation that cannot finish, and for a sword's chosen qualities the rules
//! refuse ([`GenFault`]).

use std::fmt;

use crate::i18n::counted;
use crate::rules::generate::GenFault;
use crate::tr;

impl fmt::Display for crate::i18n::Worded<'_, GenFault> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use GenFault as G;
        let text = match self.0 {
            G::NoTable { name } => tr!(
                "no table named {name:?} (`hoard tables list` shows them)",
                "aucune table nommée {name:?} (`hoard tables list` les montre)"
            ),
            G::RollsForever { table } => tr!(
                "table {table} keeps asking to roll again: check it with `hoard tables check`",
                "la table {table} demande sans fin de relancer : vérifiez-la avec `hoard tables check`"
            ),
            G::NoCategory { entry } => tr!(
                "the entry {entry:?} gives no category: add `category` to it or to its table's [defaults]",
                "l'entrée {entry:?} ne donne pas de catégorie : ajoutez `category` à l'entrée ou aux [defaults] de sa table"
            ),
            G::NeverSentient { table } => tr!(
                "table {table} never gives a sentient sword",
                "la table {table} ne donne jamais d'épée intelligente"
            ),
            G::NoCasterLevel { level } => tr!(
                "no caster level is given for spell level {level} (min_levels of the scroll type)",
                "aucun niveau de lanceur n'est donné pour les sorts de niveau {level} (min_levels du type de parchemin)"
            ),
            G::Lacking { table, roll } => tr!(
                "table {table}: entry {roll} lacks the value the sword procedure needs",
                "table {table} : l'entrée {roll} n'a pas la valeur dont la création d'épée a besoin"
            ),
            G::LanguagesForever { table } => tr!(
                "table {table} keeps asking to roll again",
                "la table {table} demande sans fin de relancer"
            ),
            G::PowersForever => tr!(
                "the sword power tables keep asking to roll again",
                "les tables de pouvoirs d'épée demandent sans fin de relancer"
            ),
            G::Int { int } => tr!(
                "INT {int} is out of range: a sentient sword has INT 7 to 12",
                "INT {int} hors limites : une épée intelligente a de 7 à 12 en INT"
            ),
            G::Ego { ego } => tr!(
                "Ego {ego} is out of range: a sentient sword has Ego 1 to 12",
                "Ego {ego} hors limites : une épée intelligente a de 1 à 12 en Ego"
            ),
            G::PurposeNeedsTwelve => tr!(
                "a sword with a special purpose always has INT 12 and Ego 12: use --int 12 --ego 12",
                "une épée dotée d'un but spécial a toujours 12 en INT et en Ego : utilisez --int 12 --ego 12"
            ),
            G::ChosenTwice { power } => tr!(
                "{power} can be chosen only once",
                "{power} ne peut être choisi qu'une fois"
            ),
            G::TooManyPowers {
                int,
                sensory,
                extraordinary,
                chosen_sensory: got_s,
                chosen_extraordinary: got_x,
            } => {
                let sensory = counted(
                    *sensory as i64,
                    ("sensory power", "sensory powers"),
                    ("pouvoir sensoriel", "pouvoirs sensoriels"),
                );
                let extraordinary = counted(
                    *extraordinary as i64,
                    ("extraordinary power", "extraordinary powers"),
                    ("pouvoir extraordinaire", "pouvoirs extraordinaires"),
                );
                tr!(
                    "INT {int} gives {sensory} and {extraordinary}; {got_s} and {got_x} were chosen (an extraordinary power may replace a sensory one)",
                    "INT {int} donne {sensory} et {extraordinary} ; {got_s} et {got_x} choisis (un pouvoir extraordinaire peut remplacer un sensoriel)"
                )
            }
            G::Speechless { int } => tr!(
                "a sword of INT {int} communicates by empathy and speaks no language",
                "une épée d'INT {int} communique par empathie et ne parle aucune langue"
            ),
            G::NoSuchChoice {
                wanted,
                table,
                choices,
            } => {
                let choices = choices.join(", ");
                tr!(
                    "no {wanted:?} on table {table}: choose among {choices}",
                    "pas de {wanted:?} dans la table {table} : choisissez parmi {choices}"
                )
            }
        };
        f.write_str(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::in_both;

    #[tokio::test]
    async fn a_generation_fault_is_worded_in_each_language() {
        let fault = GenFault::TooManyPowers {
            int: 7,
            sensory: 1,
            extraordinary: 0,
            chosen_sensory: 2,
            chosen_extraordinary: 0,
        };
        let (en, fr) = in_both(&crate::i18n::Worded(&fault)).await;
        assert_eq!(
            en,
            "INT 7 gives 1 sensory power and 0 extraordinary powers; 2 and 0 were chosen (an extraordinary power may replace a sensory one)"
        );
        assert_eq!(
            fr,
            "INT 7 donne 1 pouvoir sensoriel et 0 pouvoir extraordinaire ; 2 et 0 choisis (un pouvoir extraordinaire peut remplacer un sensoriel)"
        );
        let lacking = GenFault::Lacking {
            table: "sword-alignment".into(),
            roll: "1-6".into(),
        };
        let (_, fr) = in_both(&crate::i18n::Worded(&lacking)).await;
        assert_eq!(
            fr,
            "table sword-alignment : l'entrée 1-6 n'a pas la valeur dont la création d'épée a besoin"
        );
    }
}
