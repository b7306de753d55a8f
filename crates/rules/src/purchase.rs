//! Buying from the edition's price list (`hoard buy`): what `count` lots cost, which of the
//! purse's coins pay it, and what bought goods are worth once some are used. The books price
//! the goods (OSE Classic Fantasy, *Adventuring Gear* and *Weapons and Armour*; the AD&D 2e
//! PHB's equipment tables) but say nothing of how a purse pays; hoard's choice
//! (`docs/sources.md`): the price is paid in the purse's own coins, the most valuable first,
//! exactly where they make it; where they do not, the least valuable coin that covers the rest
//! is handed over too and the seller gives change in gold, silver and copper (an AD&D torch,
//! 1 cp, bought with a gold piece).

use serde::Serialize;

use crate::coins::{Coins, Denomination};
use crate::item::{Category, Identity, Item};
use crate::limits;
use crate::tables::equipment::Goods;

/// Buying goods. Stated for `hoard explain`.
pub const BUYING: crate::statement::Statement = crate::statement::Statement {
    en: "Buying (OSE Classic Fantasy, Adventuring Gear and Weapons and Armour; AD&D 2e PHB, equipment tables): the list's price for each lot, paid in the buyer's coins, the most valuable first, exactly where they make it, else with one more coin, the least valuable that covers the rest, and change given in gold, silver and copper; what is bought (gear, armour, weapons) sells back at the equipment market's fraction of what it cost (campaign set sell-fraction).",
    fr: "Achat (OSE Classic Fantasy, Adventuring Gear et Weapons and Armour ; Manuel des joueurs d'AD&D 2e, tables d'équipement) : le prix de la liste pour chaque lot, payé avec les pièces de l'acheteur, les plus précieuses d'abord, exactement quand elles font le compte, sinon avec une pièce de plus, la moins précieuse qui couvre le reste, la monnaie rendue en or, argent et cuivre ; ce qui est acheté (équipement, armures, armes) se revend à la fraction du marché de l'équipement de ce qu'il a coûté (campaign set sell-fraction).",
};

/// Why goods cannot be bought, as data (its words are the edge's).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Unbought {
    /// No lot, or more than [`MAX_LOTS`].
    Count { count: u32 },
    /// The purse is worth less than the price.
    Short { has: Coins, price: Coins },
    /// More than one suit of armour or shield at once: each is worn whole, so one a purchase.
    Suits { count: u32 },
}

/// The coins a purse hands over for a price, and the change the seller gives back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Payment {
    pub paid: Coins,
    pub change: Coins,
}

/// The most lots one purchase buys: a shop's counter, far past any table's need.
pub const MAX_LOTS: u32 = 1_000;

/// What `count` lots of `goods` cost: the list's price, `count` times.
pub fn cost(goods: &Goods, count: u32) -> Result<Coins, Unbought> {
    if count == 0 || count > MAX_LOTS {
        return Err(Unbought::Count { count });
    }
    if goods.armor.is_some() && count > 1 {
        return Err(Unbought::Suits { count });
    }
    let mut total = Coins::default();
    for d in Denomination::ALL {
        *total.get_mut(d) = goods.price.get(d) * i64::from(count);
    }
    Ok(total)
}

/// The coins of `purse` that pay `price`, the most valuable first: each coin is taken while it
/// does not pass what is left to pay. Where they cannot make it exactly, the least valuable
/// coin worth the whole price pays it alone; failing one, what the coins leave short is paid
/// by one more, the least valuable left (each is worth more than the rest: `Coins::toward`
/// took every coin that was not); the seller gives back the difference.
pub fn pay(purse: &Coins, price: &Coins) -> Result<Payment, Unbought> {
    let short = Unbought::Short {
        has: *purse,
        price: *price,
    };
    let owed = price.copper();
    if purse.copper() < owed {
        return Err(short);
    }
    let (mut paid, left) = purse.toward(owed);
    if left == 0 {
        let change = Coins::default();
        return Ok(Payment { paid, change });
    }
    let held = |d: &Denomination| purse.get(*d) > 0;
    if let Some(coin) = Denomination::ALL
        .into_iter()
        .find(|d| held(d) && d.copper() >= owed)
    {
        let (paid, change) = (Coins::of(coin, 1), Coins::counted(coin.copper() - owed));
        return Ok(Payment { paid, change });
    }
    let Some(coin) = Denomination::ALL
        .into_iter()
        .find(|d| purse.get(*d) > paid.get(*d))
    else {
        return Err(short);
    };
    *paid.get_mut(coin) += 1;
    let change = Coins::counted(coin.copper() - left);
    Ok(Payment { paid, change })
}

/// How many pieces `count` lots of `goods` make.
pub fn pieces(goods: &Goods, count: u32) -> u32 {
    goods.count.saturating_mul(count)
}

/// The item `count` lots of `goods` make, bought for `price`: a suit of armour or a shield of
/// the line's kind, as `item add --category armor --armor KIND` makes one but without the
/// powers of a magic item (no bonus, no initiative or level); a weapon of the line's make;
/// else gear of the line's id. Each worth what it cost for its pieces, weighing the list's
/// figure for each; a single suit or weapon is counted no more than a hand-made one is.
pub fn bought(goods: &Goods, count: u32, price: Coins) -> (Category, Identity) {
    let pieces = pieces(goods, count);
    let single = (pieces > 1).then_some(pieces);
    let identity = Identity {
        kind: Some(goods.id.clone()),
        count: Some(pieces),
        value: Some(price),
        lot: Some(pieces),
        weight: Some(goods.weight),
        light: goods.light,
        burns: goods.burns,
        ration: goods.ration,
        ..Default::default()
    };
    match (goods.armor, &goods.weapon) {
        (Some(kind), _) => {
            let (kind, metal) = (Some(kind.id().to_string()), Some(kind.metal()));
            let suit = Identity {
                kind,
                metal,
                count: single,
                ..identity
            };
            (Category::Armor, suit)
        }
        (None, Some(make)) => {
            let (kind, count) = (Some(make.clone()), single);
            (
                Category::Weapon,
                Identity {
                    kind,
                    count,
                    ..identity
                },
            )
        }
        (None, None) => (Category::Gear, identity),
    }
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
            armor: None,
            weapon: None,
        }
    }

    fn line(id: &str, gp: i64, weight: u32) -> Goods {
        Goods {
            id: id.into(),
            name: id.into(),
            fr: id.into(),
            price: coins(&[(Gp, gp)]),
            count: 1,
            weight,
            ..torches()
        }
    }

    #[test]
    fn armour_and_weapons_bought_are_of_their_category_and_not_magic() {
        use crate::armor_kind::ArmorKind;
        let chain = Goods {
            armor: Some(ArmorKind::Chain),
            ..line("chainmail", 40, 400)
        };
        let (category, suit) = bought(&chain, 1, coins(&[(Gp, 40)]));
        assert_eq!(category, Category::Armor);
        assert_eq!(
            (suit.kind.as_deref(), suit.metal, suit.bonus),
            (Some("chain"), Some(true), None)
        );
        // A magic item's powers are not a shop's: no « initiative +3, as level 12 ».
        assert_eq!((suit.initiative, suit.level), (None, None));
        assert_eq!(
            (suit.value, suit.lot, suit.weight, suit.count),
            (Some(coins(&[(Gp, 40)])), Some(1), Some(400), None)
        );
        let item = Item::new(
            "i".into(),
            "Chainmail".into(),
            "Cotte".into(),
            category,
            suit,
        );
        assert_eq!(crate::armor::kind(&item), ArmorKind::Chain);
        assert!(item.bought());
        assert_eq!(cost(&chain, 2), Err(Unbought::Suits { count: 2 }));

        let sword = Goods {
            weapon: Some("sword".into()),
            ..line("long-sword", 15, 40)
        };
        let (category, blade) = bought(&sword, 1, coins(&[(Gp, 15)]));
        assert_eq!(
            (category, blade.kind.as_deref()),
            (Category::Weapon, Some("sword"))
        );
        let sword = Item::new(
            "s".into(),
            "Long sword".into(),
            "Épée".into(),
            category,
            blade,
        );
        assert_eq!(crate::weapon::damage(&sword).to_string(), "1d8");
        assert!(!sword.is_magic_weapon());
        // Three daggers are one item of three.
        let daggers = Goods {
            weapon: Some("dagger".into()),
            ..line("dagger", 3, 10)
        };
        assert_eq!(bought(&daggers, 3, coins(&[(Gp, 9)])).1.count, Some(3));

        let (category, gear) = bought(&torches(), 2, coins(&[(Gp, 2)]));
        assert_eq!(
            (category, gear.kind.as_deref(), gear.count),
            (Category::Gear, Some("torches"), Some(12))
        );
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

    fn exact(paid: Coins) -> Result<Payment, Unbought> {
        let change = Coins::default();
        Ok(Payment { paid, change })
    }

    #[test]
    fn a_purse_pays_exactly_the_most_valuable_coins_first() {
        let purse = coins(&[(Pp, 1), (Gp, 3), (Sp, 25), (Cp, 4)]);
        assert_eq!(pay(&purse, &coins(&[(Gp, 5)])), exact(coins(&[(Pp, 1)])));
        assert_eq!(
            pay(&purse, &coins(&[(Gp, 4)])),
            exact(coins(&[(Gp, 3), (Sp, 10)]))
        );
        // Silver pays gold, at the rates.
        assert_eq!(
            pay(&coins(&[(Sp, 50)]), &coins(&[(Gp, 1)])),
            exact(coins(&[(Sp, 10)]))
        );
        // The whole purse, to the last copper.
        assert_eq!(pay(&purse, &coins(&[(Cp, 1054)])), exact(purse));
    }

    #[test]
    fn coins_that_cannot_make_the_price_pay_one_more_and_take_change() {
        // An AD&D torch, 1 cp, bought with a gold piece: 9 sp 9 cp back.
        assert_eq!(
            pay(&coins(&[(Gp, 20)]), &coins(&[(Cp, 1)])),
            Ok(Payment {
                paid: coins(&[(Gp, 1)]),
                change: coins(&[(Sp, 9), (Cp, 9)]),
            })
        );
        // A gold piece for 5 sp, the 3 sp kept: 5 sp back.
        assert_eq!(
            pay(&coins(&[(Gp, 1), (Sp, 3)]), &coins(&[(Sp, 5)])),
            Ok(Payment {
                paid: coins(&[(Gp, 1)]),
                change: coins(&[(Sp, 5)]),
            })
        );
        // No coin is worth 12 gp: two platinum pieces go toward it, the third pays the last
        // 2 gp, 3 gp back.
        assert_eq!(
            pay(&coins(&[(Pp, 3)]), &coins(&[(Gp, 12)])),
            Ok(Payment {
                paid: coins(&[(Pp, 3)]),
                change: coins(&[(Gp, 3)]),
            })
        );
        // The least valuable coin that covers it: an electrum piece, not the platinum.
        assert_eq!(
            pay(&coins(&[(Pp, 1), (Ep, 1)]), &coins(&[(Sp, 2)])),
            Ok(Payment {
                paid: coins(&[(Ep, 1)]),
                change: coins(&[(Sp, 3)]),
            })
        );
        // A platinum piece for 4 gp 1 cp: 99 cp back, as 9 sp 9 cp.
        let paid = pay(&coins(&[(Pp, 1)]), &coins(&[(Gp, 4), (Cp, 1)])).unwrap();
        assert_eq!(paid.change, coins(&[(Sp, 9), (Cp, 9)]));
        // Paid less change is the price, always.
        for price in [1, 7, 49, 50, 99, 101, 455, 1_000] {
            let purse = coins(&[(Pp, 2), (Gp, 1), (Ep, 1), (Sp, 2), (Cp, 3)]);
            let p = pay(&purse, &coins(&[(Cp, price)])).unwrap();
            assert_eq!(p.paid.copper() - p.change.copper(), price, "{price}");
            assert!(purse.checked_sub(&p.paid).is_some(), "{price}");
        }
    }

    #[test]
    fn a_purse_worth_less_than_the_price_is_refused() {
        let purse = coins(&[(Gp, 1)]);
        assert_eq!(
            pay(&purse, &coins(&[(Gp, 2)])),
            Err(Unbought::Short {
                has: purse,
                price: coins(&[(Gp, 2)])
            })
        );
        assert_eq!(
            pay(&purse, &coins(&[(Cp, 101)])),
            Err(Unbought::Short {
                has: purse,
                price: coins(&[(Cp, 101)])
            })
        );
    }

    #[test]
    fn gear_is_worth_its_cost_for_the_pieces_left() {
        let mut item = crate::fixtures::item(Category::Gear);
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
