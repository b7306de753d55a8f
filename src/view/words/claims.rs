//! The words for a claim refused ([`Refusal`]), on the terminal and on a player's page (which
//! never names an item: a refusal there carries no name).

use std::fmt;

use crate::app::refusal::claims::Refusal;
use crate::i18n::pick;
use crate::tr;
use crate::view::inert::safe;

impl fmt::Display for crate::i18n::Worded<'_, Refusal> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.0 {
            Refusal::NotInTreasure { item } if item.en.is_empty() => tr!(
                "that item is not in the party's treasure: only what the party holds and nobody carries can be claimed",
                "cet objet n'est pas dans le trésor du groupe : seul ce que le groupe a et que personne ne porte se demande"
            ),
            Refusal::NotInTreasure { item } => {
                let name = safe(pick(&item.en, &item.fr));
                tr!(
                    "{name} is not in the party's treasure (someone carries it, it was left somewhere, or it is used up): only what the party holds and nobody carries can be claimed",
                    "{name} n'est pas dans le trésor du groupe (quelqu'un le porte, il a été laissé quelque part, ou il est épuisé) : seul ce que le groupe a et que personne ne porte se demande"
                )
            }
            Refusal::NotTheirs => tr!(
                "a personal link claims for its own character only",
                "un lien personnel ne demande que pour son propre personnage"
            ),
            Refusal::Stale => tr!(
                "this page is older than your latest claim on that item (sent twice?): reload the page and choose again",
                "cette page est plus ancienne que votre dernière demande sur cet objet (envoyée deux fois ?) : rechargez la page et choisissez à nouveau"
            ),
            Refusal::Forged => tr!(
                "this request was not made by this campaign's page",
                "cette demande ne vient pas d'une page de cette campagne"
            ),
        };
        f.write_str(&text)
    }
}
