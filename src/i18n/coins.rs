//! How an amount of coins reads (`40 pp, 1200 gp`), in the reader's language: words every layer
//! shows — the views, and the ledger's refusals and `check`'s findings, which cannot reach
//! `cli`. The coins themselves are [`crate::rules::coins`].

use super::{Lang, lang};
use crate::rules::coins::{Coins, Denomination};
use crate::tr;

/// A coin's abbreviation in the reader's language.
pub fn abbreviation(d: Denomination) -> &'static str {
    match (lang(), d) {
        (Lang::Fr, Denomination::Cp) => "pc",
        (Lang::Fr, Denomination::Sp) => "pa",
        (Lang::Fr, Denomination::Ep) => "pe",
        (Lang::Fr, Denomination::Gp) => "po",
        _ => d.as_str(),
    }
}

/// `40 pp, 1200 gp, 300 sp`, the most valuable first; `nothing` for none.
pub fn text(c: &Coins) -> String {
    let held: Vec<String> = c
        .held()
        .map(|(d, n)| format!("{n} {}", abbreviation(d)))
        .collect();
    if held.is_empty() {
        tr!("nothing", "rien")
    } else {
        held.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::within;

    #[tokio::test]
    async fn coins_read_most_valuable_first_in_each_language() {
        let purse = Coins {
            sp: 300,
            gp: 1200,
            pp: 40,
            ..Coins::default()
        };
        let none = Coins::default();
        let en = within(Lang::En, async { [text(&purse), text(&none)] }).await;
        assert_eq!(en, ["40 pp, 1200 gp, 300 sp", "nothing"]);
        let fr = within(Lang::Fr, async { [text(&purse), text(&none)] }).await;
        assert_eq!(fr, ["40 pp, 1200 po, 300 pa", "rien"]);
    }
}
