//! Buying from the edition's price list (`hoard buy`): what `count` lots cost, which of the
//! purse's coins pay it, and what bought goods are worth once some are used. The books price
//! the goods (OSE Classic Fantasy, *Adventuring Gear* and *Weapons and Armour*; the AD&D 2e
//! PHB's equipment tables) but say nothing of how a purse pays; hoard's choice
//! (`docs/sources.md`): the price is paid exactly in the purse's own coins, the most valuable
//! first, no change given — a purse whose coins cannot make the price changes some first
//! (`exchange`).

use serde::Serialize;

use crate::coins::{Coins, Denomination};
use crate::item::Item;
use crate::limits;
use crate::tables::equipment::Goods;

/// Buying goods. Stated for `hoard explain`.
pub const BUYING: crate::statement::Statement = crate::statement::Statement {
    en: "Buying (OSE Classic Fantasy, Adventuring Gear and Weapons and Armour; AD&D 2e PHB, equipment tables): the list's price for each lot, paid exactly in the buyer's coins, the most valuable first, with no change (exchange first when the coins cannot make it); gear sells back at the equipment market's fraction of what it cost (campaign set sell-fraction).",
    fr: "Achat (OSE Classic Fantasy, Adventuring Gear et Weapons and Armour ; Manuel des joueurs d'AD&D 2e, tables d'équipement) : le prix de la liste pour chaque lot, payé exactement avec les pièces de l'acheteur, les plus précieuses d'abord, sans rendu de monnaie (changer d'abord quand les pièces ne font pas le compte) ; l'équipement se revend à la fraction du marché de l'équipement de ce qu'il a coûté (campaign set sell-fraction).",
};

/// Why goods cannot be bought, as data (its words are the edge's).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Unbought {
    /// No lot, or more than [`MAX_LOTS`].
    Count { count: u32 },
    /// The purse is worth less than the price.
    Short { has: Coins, price: Coins },
    /// The purse is worth enough, but its coins cannot make the price exactly.
    NoChange { has: Coins, price: Coins },
}

/// The most lots one purchase buys: a shop's counter, far past any table's need.
pub const MAX_LOTS: u32 = 1_000;

/// What `count` lots of `goods` cost: the list's price, `count` times.
pub fn cost(goods: &Goods, count: u32) -> Result<Coins, Unbought> {
    if count == 0 || count > MAX_LOTS {
        return Err(Unbought::Count { count });
    }
    let mut total = Coins::default();
    for d in Denomination::ALL {
        *total.get_mut(d) = goods.price.get(d) * i64::from(count);
    }
    Ok(total)
}

/// The coins of `purse` that pay `price` exactly, the most valuable first: each coin is taken
/// while it does not pass what is left to pay.
pub fn pay(purse: &Coins, price: &Coins) -> Result<Coins, Unbought> {
    let owed = price.copper();
    let refused = |short: bool| {
        let (has, price) = (*purse, *price);
        if short {
            Unbought::Short { has, price }
        } else {
            Unbought::NoChange { has, price }
        }
    };
    if purse.copper() < owed {
        return Err(refused(true));
    }
    let (paid, left) = purse.toward(owed);
    if left == 0 {
        Ok(paid)
    } else {
        Err(refused(false))
    }
}

/// How many pieces `count` lots of `goods` make.
pub fn pieces(goods: &Goods, count: u32) -> u32 {
    goods.count.saturating_mul(count)
}

/// What bought gear is worth now, in copper pieces: what it cost, for the pieces left of
/// those it paid for, rounded down; `None` for anything not bought by the piece.
pub fn worth(item: &Item) -> Option<i64> {
    let (value, lot) = (item.identity.value?, item.identity.lot?);
    let left = item.identity.count.unwrap_or(lot).min(lot);
    let copper = value.copper().saturating_mul(i64::from(left)) / i64::from(lot.max(1));
    Some(copper.min(limits::COINS))
}

#[cfg(test)]
mod tests {
    use super::*;
    use Denomination::*;

    fn coins(pairs: &[(Denomination, i64)]) -> Coins {
        let mut c = Coins::default();
        for (d, n) in pairs {
            *c.get_mut(*d) = *n;
        }
        c
    }

    fn torches() -> Goods {
        Goods {
            id: "torches".into(),
            name: "Torches (6)".into(),
            fr: "Torches (6)".into(),
            price: coins(&[(Gp, 1)]),
            count: 6,
            weight: 0,
            light: Some(crate::light::Light::Torch),
            burns: Some(6),
            ration: false,
        }
    }

    #[test]
    fn lots_cost_the_list_price_each() {
        assert_eq!(cost(&torches(), 3), Ok(coins(&[(Gp, 3)])));
        assert_eq!(pieces(&torches(), 3), 18);
        assert_eq!(cost(&torches(), 0), Err(Unbought::Count { count: 0 }));
        assert_eq!(
            cost(&torches(), MAX_LOTS + 1),
            Err(Unbought::Count {
                count: MAX_LOTS + 1
            })
        );
    }

    #[test]
    fn a_purse_pays_exactly_the_most_valuable_coins_first() {
        let purse = coins(&[(Pp, 1), (Gp, 3), (Sp, 25), (Cp, 4)]);
        assert_eq!(pay(&purse, &coins(&[(Gp, 5)])), Ok(coins(&[(Pp, 1)])));
        assert_eq!(
            pay(&purse, &coins(&[(Gp, 4)])),
            Ok(coins(&[(Gp, 3), (Sp, 10)]))
        );
        // Silver pays gold, at the rates.
        assert_eq!(
            pay(&coins(&[(Sp, 50)]), &coins(&[(Gp, 1)])),
            Ok(coins(&[(Sp, 10)]))
        );
    }

    #[test]
    fn a_purse_too_light_or_without_the_coins_is_refused() {
        let purse = coins(&[(Gp, 1)]);
        assert_eq!(
            pay(&purse, &coins(&[(Gp, 2)])),
            Err(Unbought::Short {
                has: purse,
                price: coins(&[(Gp, 2)])
            })
        );
        // 1 gp is worth 5 sp, but no change is given.
        assert_eq!(
            pay(&purse, &coins(&[(Sp, 5)])),
            Err(Unbought::NoChange {
                has: purse,
                price: coins(&[(Sp, 5)])
            })
        );
    }

    #[test]
    fn gear_is_worth_its_cost_for_the_pieces_left() {
        let mut item = crate::fixtures::item(crate::item::Category::Gear);
        item.identity.value = Some(coins(&[(Gp, 1)]));
        item.identity.lot = Some(6);
        item.identity.count = Some(6);
        assert_eq!(worth(&item), Some(100));
        item.identity.count = Some(3);
        assert_eq!(worth(&item), Some(50));
        item.identity.count = Some(1);
        // 16 2/3 cp, rounded down.
        assert_eq!(worth(&item), Some(16));
        item.identity.lot = None;
        assert_eq!(worth(&item), None);
    }
}
