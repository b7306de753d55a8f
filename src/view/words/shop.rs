//! The words for goods that cannot be bought ([`Refusal`]).

use std::fmt;

use super::Shown;
use crate::app::refusal::shop::Refusal;
use crate::i18n::coins::text;
use crate::rules::purchase::{MAX_LOTS, Unbought};
use crate::tr;
use crate::view::inert::safe;

impl fmt::Display for crate::i18n::Worded<'_, Refusal> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.0 {
            Refusal::NoList { list } => tr!(
                "the campaign's tables have no price list {list}: put back a file {list}.toml with [[goods]] lines (`hoard tables check`)",
                "les tables de la campagne n'ont pas de liste de prix {list} : remettez un fichier {list}.toml aux lignes [[goods]] (`hoard tables check`)"
            ),
            Refusal::UnknownGoods { list, goods, near } => {
                let goods = safe(goods);
                match near {
                    Some(near) => {
                        let near = near.shown();
                        tr!(
                            "{list} sells no {goods:?}: did you mean {near}? (`hoard tables show {list}` lists them)",
                            "{list} ne vend pas de {goods:?} : vouliez-vous dire {near} ? (`hoard tables show {list}` les liste)"
                        )
                    }
                    None => tr!(
                        "{list} sells no {goods:?}: `hoard tables show {list}` lists what it sells",
                        "{list} ne vend pas de {goods:?} : `hoard tables show {list}` liste ce qu'elle vend"
                    ),
                }
            }
            Refusal::Unbought { character, why } => {
                let who = safe(character);
                match why {
                    Unbought::Count { count } => tr!(
                        "--count {count} is not a number of lots from 1 to {MAX_LOTS}",
                        "--count {count} n'est pas un nombre de lots de 1 à {MAX_LOTS}"
                    ),
                    Unbought::Suits { count } => tr!(
                        "--count {count}: a suit of armour or a shield is bought one at a time, each worn whole",
                        "--count {count} : une armure ou un bouclier s'achète un à la fois, chacun porté entier"
                    ),
                    Unbought::Short { has, price } => {
                        let (has, price) = (text(has), text(price));
                        tr!(
                            "{who} has {has}, less than the price, {price}: move coins to their purse first (`hoard coins move`)",
                            "{who} a {has}, moins que le prix, {price} : versez d'abord des pièces dans sa bourse (`hoard coins move`)"
                        )
                    }
                }
            }
        };
        f.write_str(&text)
    }
}
