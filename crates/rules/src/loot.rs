//! Items counted against a share of coins (`share --items`), for the tables that divide loot
//! by value: the one who took the magic sword takes less gold. The books leave the division
//! of treasure to the party (the AD&D 2nd edition DMG: how the player characters divide
//! treasure is up to them; OSE Rules Tome, *Retainers*, only says how shares are counted), so
//! this is hoard's reckoning, kept apart from the book's plain division (`party`), which it
//! equals when nobody received anything.
//!
//! The worth divided is the pool's plus the items': each sharer's fair part is that total by
//! their shares (a retainer's half share counting half, as `party::Division::Shares`), and
//! they are paid their fair part less what their items are worth. One whose items are worth
//! more than their fair part keeps them and is paid nothing, and is left out of the reckoning
//! (their shares and their items both): the others divide the pool as if they had not
//! shared, until everyone left is owed something. Nobody is made to pay coins back out of a
//! purse by a share-out, and what they took beyond a fair part is not divided again.

use crate::coins::{Coins, Denomination};
use crate::share::Share;

/// What a share-out with items owes each sharer, exactly: no rounding until coins are paid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reckoning {
    /// The worth divided, in copper: the pool's and the items of those still in the reckoning.
    pub total: i64,
    /// The half shares it is divided into: those of the sharers still in the reckoning.
    pub shares: u32,
    /// Each sharer's due, in the order given, as copper × half shares (`total × share − items
    /// × shares`, so that a due is exact: `due ÷ shares` copper); `None` for one left out,
    /// whose items are worth more than their fair part.
    pub dues: Vec<Option<i128>>,
}

impl Reckoning {
    /// A sharer's fair part of [`Reckoning::total`] in copper, rounded down, by their share;
    /// `None` for one left out.
    pub fn fair(&self, n: usize, share: Share) -> Option<i64> {
        self.dues[n]?;
        let part = i128::from(self.total) * i128::from(share.0) / i128::from(self.shares.max(1));
        Some(part as i64)
    }
}

/// The reckoning of a pool worth `pool` copper among `sharers`, each a share and the worth
/// in copper of the items they received since the last share-out.
pub fn reckon(pool: i64, sharers: &[(Share, i64)]) -> Reckoning {
    let mut in_it: Vec<bool> = sharers.iter().map(|(s, _)| s.0 > 0).collect();
    loop {
        let (mut total, mut shares) = (i128::from(pool), 0u32);
        for ((share, items), _) in sharers.iter().zip(&in_it).filter(|(_, i)| **i) {
            total += i128::from(*items);
            shares += share.0;
        }
        let dues: Vec<Option<i128>> = sharers
            .iter()
            .zip(&in_it)
            .map(|((share, items), i)| {
                let due = total * i128::from(share.0) - i128::from(*items) * i128::from(shares);
                i.then_some(due)
            })
            .collect();
        // Those owed less than nothing leave the reckoning, which makes the fair part of
        // everyone left smaller: again until nobody is.
        let over: Vec<usize> = (0..dues.len())
            .filter(|n| dues[*n].is_some_and(|d| d < 0))
            .collect();
        if over.is_empty() {
            return Reckoning {
                total: i64::try_from(total).unwrap_or(i64::MAX),
                shares,
                dues,
            };
        }
        for n in over {
            in_it[n] = false;
        }
    }
}

/// A pool of coins paid by a [`Reckoning`] of it, denomination by denomination (coins are
/// never changed for others): each sharer gets the whole coins of their due's fraction of
/// each denomination; what does not divide is the remainder. The dues add up to the pool's
/// worth × the shares, so with nobody's items counted this is `party::split_coins` by shares.
pub fn pay(pool: &Coins, reckoning: &Reckoning) -> (Vec<Coins>, Coins) {
    let whole = i128::from(pool.copper()) * i128::from(reckoning.shares);
    let mut portions = vec![Coins::default(); reckoning.dues.len()];
    let mut remainder = *pool;
    if whole <= 0 {
        return (portions, remainder);
    }
    for d in Denomination::ALL {
        let count = i128::from(pool.get(d));
        for (portion, due) in portions.iter_mut().zip(&reckoning.dues) {
            let part = (count * due.unwrap_or(0).max(0) / whole) as i64;
            *portion.get_mut(d) = part;
            *remainder.get_mut(d) -= part;
        }
    }
    (portions, remainder)
}

/// Counting items against shares. Stated for `hoard explain`.
pub const AGAINST: super::statement::Statement = super::statement::Statement {
    en: "Items counted against shares (hoard's reckoning; the AD&D 2e DMG and OSE Classic Fantasy leave the division of treasure to the party): the worth divided is the pool's and the items' the sharers received since their last share-out, as the party believes it or, for this share-out, agreed it (unknown and not agreed: nothing); each is paid their fair part by shares less their items' worth, of each coin the whole coins of it; one whose items are worth more than their fair part keeps them, is paid nothing and is left out of the reckoning, which the others make again without them. What does not divide stays in the pool.",
    fr: "Objets déduits des parts (le calcul de hoard ; le Guide du maître d'AD&D 2e et OSE Classic Fantasy laissent le partage du trésor au groupe) : la valeur partagée est celle de la caisse et des objets que chacun a reçus depuis son dernier partage, telle que le groupe la croit ou, pour ce partage, en a convenu (inconnue et non convenue : rien) ; chacun reçoit sa juste part selon ses parts moins la valeur de ses objets, de chaque pièce les pièces entières ; qui a reçu des objets valant plus que sa juste part les garde, ne reçoit rien et sort du calcul, que les autres refont sans lui. Ce qui ne se divise pas reste dans la caisse.",
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::party::{Division, split_coins};

    const FULL: Share = Share::FULL;
    const HALF: Share = Share(1);
    const GP: i64 = 100;

    fn gp(n: i64) -> Coins {
        Coins::of(Denomination::Gp, n)
    }

    fn coins(words: &str) -> Coins {
        crate::coins::parse(&words.split(' ').collect::<Vec<_>>()).unwrap()
    }

    /// The pool paid against items: the portions and what is left, which always add up to
    /// the pool, no coin lost or made.
    fn against(pool: &Coins, sharers: &[(Share, i64)]) -> (Vec<Coins>, Coins) {
        let (portions, left) = pay(pool, &reckon(pool.copper(), sharers));
        let mut sum = left;
        for p in &portions {
            sum = sum.checked_add(p, i64::MAX).unwrap();
        }
        assert_eq!(sum, *pool, "every coin of the pool is paid or left");
        (portions, left)
    }

    #[test]
    fn with_no_items_it_is_the_plain_share() {
        for pool in [
            coins("2750gp"),
            coins("301pp 301gp 301ep 301sp 301cp"),
            coins("13gp 7sp"),
            coins("1cp"),
        ] {
            for shares in [
                vec![FULL; 3],
                vec![FULL, FULL, HALF],
                vec![FULL, FULL, FULL, FULL, FULL, HALF],
                vec![Share(4), FULL, HALF],
            ] {
                let sharers: Vec<(Share, i64)> = shares.iter().map(|s| (*s, 0)).collect();
                assert_eq!(
                    against(&pool, &sharers),
                    split_coins(&pool, &shares, Division::Shares),
                    "{pool:?} among {shares:?}"
                );
            }
        }
    }

    #[test]
    fn items_count_against_a_fair_part_of_the_whole() {
        // 1,200 gp and a 300 gp gem taken by a: 1,500 gp in three, 500 each; a is paid 200.
        let pool = gp(1200);
        let sharers = [(FULL, 300 * GP), (FULL, 0), (FULL, 0)];
        let r = reckon(pool.copper(), &sharers);
        assert_eq!((r.total, r.shares), (1500 * GP, 6));
        assert_eq!(r.fair(0, FULL), Some(500 * GP));
        assert_eq!(
            against(&pool, &sharers),
            (vec![gp(200), gp(500), gp(500)], gp(0))
        );
        // A retainer's half share counts half: 1,250 gp in 2.5 shares, 500, 500 and 250.
        let sharers = [(FULL, 0), (FULL, 0), (HALF, 50 * GP)];
        assert_eq!(
            against(&gp(1200), &sharers),
            (vec![gp(500), gp(500), gp(200)], gp(0))
        );
    }

    #[test]
    fn items_worth_exactly_a_fair_part_are_paid_nothing_and_stay_in() {
        // 1,000 gp and a 500 gp gem: 1,500 in three, a's gem is their 500.
        let sharers = [(FULL, 500 * GP), (FULL, 0), (FULL, 0)];
        let r = reckon(gp(1000).copper(), &sharers);
        assert_eq!(r.dues[0], Some(0), "owed nothing, but in the reckoning");
        assert_eq!(
            against(&gp(1000), &sharers),
            (vec![gp(0), gp(500), gp(500)], gp(0))
        );
    }

    #[test]
    fn items_worth_more_than_a_fair_part_leave_their_holder_out() {
        // 1,000 gp and a 501 gp gem: a fair part would be 500.33, which the gem passes. a
        // keeps it, is paid nothing and leaves: b and c divide the 1,000 gp alone.
        let sharers = [(FULL, 501 * GP), (FULL, 0), (FULL, 0)];
        let r = reckon(gp(1000).copper(), &sharers);
        assert_eq!((r.dues[0], r.total, r.shares), (None, 1000 * GP, 4));
        assert_eq!(r.fair(0, FULL), None);
        assert_eq!(r.fair(1, FULL), Some(500 * GP));
        assert_eq!(
            against(&gp(1000), &sharers),
            (vec![gp(0), gp(500), gp(500)], gp(0))
        );
        // Leaving makes the others' fair part smaller, which may leave another out: 900 gp,
        // a sword of 2,000 and a gem of 400. Of 3,300 in three, a is out; of 1,300 in two,
        // 650 each: b's gem is under it, b is paid 250 and c 650.
        let sharers = [(FULL, 2000 * GP), (FULL, 400 * GP), (FULL, 0)];
        assert_eq!(
            against(&gp(900), &sharers),
            (vec![gp(0), gp(250), gp(650)], gp(0))
        );
        // With a gem of 1,000 instead, b is in on the first count (of 3,900, 1,300 each) but
        // out on the second (of 1,900, 950 each): c takes the pool.
        let sharers = [(FULL, 2000 * GP), (FULL, 1000 * GP), (FULL, 0)];
        let r = reckon(gp(900).copper(), &sharers);
        assert_eq!((r.dues[..2].to_vec(), r.shares), (vec![None, None], 2));
        assert_eq!(
            against(&gp(900), &sharers),
            (vec![gp(0), gp(0), gp(900)], gp(0))
        );
    }

    #[test]
    fn what_does_not_divide_stays_in_the_pool_coin_by_coin() {
        // 100 gp and a 10 gp gem: 110 in three is 36.67 each; a is owed 26.67, b and c
        // 36.67: 26, 36 and 36 gp paid, 2 left.
        let sharers = [(FULL, 10 * GP), (FULL, 0), (FULL, 0)];
        assert_eq!(
            against(&gp(100), &sharers),
            (vec![gp(26), gp(36), gp(36)], gp(2))
        );
        // Every denomination divides by the same dues, never changed for another.
        let pool = coins("100gp 100sp 7pp");
        let (portions, left) = against(&pool, &sharers);
        // 145 gp of coins and the gem: a is owed 250 of 870 parts, b and c 310 each.
        assert_eq!(portions[0], coins("28gp 28sp 2pp"));
        assert_eq!(portions[1], coins("35gp 35sp 2pp"));
        assert_eq!(left, coins("2gp 2sp 1pp"));
        // A copper, and a's item worth one: a is out, and one copper does not divide in two.
        let cp = Coins::of(Denomination::Cp, 1);
        assert_eq!(
            against(&cp, &[(FULL, 1), (FULL, 0), (FULL, 0)]),
            (vec![Coins::default(); 3], cp)
        );
    }

    #[test]
    fn no_coin_is_lost_made_or_paid_past_a_due() {
        let pools = [
            "1cp",
            "99sp 3cp",
            "1000gp",
            "7pp 13gp 5ep 101sp 9cp",
            "2750gp 1pp",
        ];
        let worths = [0, 1, 99, 10_000, 55_555, 1_000_000];
        for pool in pools.map(coins) {
            for (a, b) in worths
                .iter()
                .flat_map(|a| worths.iter().map(move |b| (*a, *b)))
            {
                let sharers = [(FULL, a), (HALF, b), (Share(3), 0), (FULL, b)];
                let r = reckon(pool.copper(), &sharers);
                let (portions, _) = against(&pool, &sharers);
                for (n, portion) in portions.iter().enumerate() {
                    let due = r.dues[n].unwrap_or(0);
                    let paid = i128::from(portion.copper()) * i128::from(r.shares);
                    assert!(
                        paid <= due,
                        "{pool:?}, {sharers:?}: {n} paid past their due"
                    );
                }
            }
        }
    }

    #[test]
    fn a_sharer_on_no_share_takes_no_part() {
        let sharers = [(Share(0), 0), (FULL, 0)];
        assert_eq!(against(&gp(10), &sharers), (vec![gp(0), gp(10)], gp(0)));
        assert_eq!(reckon(1000, &sharers).dues[0], None);
    }
}
