//! How a share-out with items counted against it reads (`share --items`, `explain`): the
//! worth divided, each sharer's fair part of it less their items, and the items themselves.
//! The figures are `rules::loot`'s, made again from the event, which keeps what was counted.

use super::inert::safe;
use super::money::{portion, shares, with_worth, worth};
use crate::i18n::pick;
use crate::ledger::treasury::Portion;
use crate::rules::coins::Coins;
use crate::rules::loot;
use crate::rules::share::Share;
use crate::tr;

/// The lines of a share-out's portions: under `--items`, the reckoning (the worth divided,
/// then each sharer's arithmetic and their items); otherwise one line each.
pub fn portions(portions: &[Portion], remainder: &Coins) -> Vec<String> {
    if portions.iter().all(|p| p.items.is_empty()) {
        return portions
            .iter()
            .map(|p| format!("  {}", portion(p)))
            .collect();
    }
    let pool = portions.iter().fold(*remainder, |sum, p| {
        sum.checked_add(&p.coins, i64::MAX).unwrap_or(sum)
    });
    let items = |p: &Portion| p.items_worth().unwrap_or_default().copper();
    let sharers: Vec<(Share, i64)> = portions.iter().map(|p| (p.share, items(p))).collect();
    let r = loot::reckon(pool.copper(), &sharers);
    let (total, divided) = (worth(r.total), shares(Share(r.shares)));
    let (coins, counted) = (with_worth(&pool), worth(r.total - pool.copper()));
    let mut lines = vec![tr!(
        "  worth divided: {total} (the pool's {coins} and {counted} of items) in {divided}",
        "  valeur partagée : {total} (la caisse, {coins}, et {counted} d'objets) en {divided}"
    )];
    for (n, p) in portions.iter().enumerate() {
        let (name, share, paid) = (safe(&p.name), shares(p.share), with_worth(&p.coins));
        let less = worth(items(p));
        lines.push(match (r.fair(n, p.share).map(worth), p.items.is_empty()) {
            (Some(fair), true) => tr!(
                "  {name} ({share}): fair part {fair}: {paid}",
                "  {name} ({share}) : juste part {fair} : {paid}"
            ),
            (Some(fair), false) => tr!(
                "  {name} ({share}): fair part {fair} less items worth {less}: {paid}",
                "  {name} ({share}) : juste part {fair} moins {less} d'objets : {paid}"
            ),
            (None, _) => tr!(
                "  {name} ({share}): items worth {less}, more than a fair part: nothing",
                "  {name} ({share}) : {less} d'objets, plus qu'une juste part : rien"
            ),
        });
        if !p.items.is_empty() {
            let each: Vec<String> = p
                .items
                .iter()
                .map(|i| {
                    let item = safe(pick(&i.name, &i.name_fr));
                    match &i.worth {
                        Some(w) => format!("{item} ({})", with_worth(w)),
                        None => tr!("{item} (worth unknown)", "{item} (valeur inconnue)"),
                    }
                })
                .collect();
            let each = each.join(", ");
            lines.push(tr!("    items: {each}", "    objets : {each}"));
        }
    }
    lines
}
