//! Changing coins for coins of another kind at the rates (Old-School Essentials Classic
//! Fantasy: Rules Tome, *Coins*: 1 pp = 5 gp, 1 gp = 2 ep = 10 sp = 100 cp), less a
//! money-changer's fee when the campaign sets one. Neither book prices the changer; hoard's
//! choices (`docs/sources.md`): only whole new coins are made, what does not convert exactly
//! stays with its holder, and the fee is a share of the new coins, rounded up (a changer does
//! not work at a loss).

use serde::Serialize;

use crate::coins::{Coins, Denomination};

/// Changing coins. Stated for `hoard explain`, citing the book.
pub const CHANGING: crate::statement::Statement = crate::statement::Statement {
    en: "Changing coins (OSE Rules Tome, Coins: 1 pp = 5 gp, 1 gp = 2 ep = 10 sp = 100 cp): only whole new coins are made, what does not convert exactly stays, and a money-changer's fee (campaign set exchange-fee) is taken from the new coins, rounded up.",
    fr: "Change de pièces (OSE Rules Tome, Coins : 1 pp = 5 po, 1 po = 2 pe = 10 pa = 100 pc) : seules des pièces neuves entières sont faites, ce qui ne se convertit pas exactement reste, et la commission d'un changeur (campaign set exchange-fee) est prise sur les pièces neuves, arrondie au-dessus.",
};

/// An exchange as the rates make it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Exchange {
    /// The coins the changer takes: all those offered that convert exactly.
    pub taken: Coins,
    /// What they make, in the new coin, before the fee.
    pub made: i64,
    /// The changer's fee, in the new coin.
    pub fee: i64,
    /// What the holder receives: `made` less `fee`.
    pub received: Coins,
}

/// Why coins cannot be exchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Unexchangeable {
    /// Coins offered for their own kind.
    SameCoin { coin: Denomination },
    /// Too few to make one new coin after the fee.
    TooFew { coin: Denomination },
}

/// `offered` changed into `into` at the rates, less `fee` percent of the new coins, rounded
/// up. Each kind offered converts on its own: coins worth more make `into` coins exactly;
/// coins worth less go by the whole `into` coin they make, and the rest of them stays.
pub fn exchange(offered: &Coins, into: Denomination, fee: u8) -> Result<Exchange, Unexchangeable> {
    if offered.get(into) != 0 {
        return Err(Unexchangeable::SameCoin { coin: into });
    }
    let (mut taken, mut made) = (Coins::default(), 0i64);
    for (coin, count) in offered.held() {
        let (from, to) = (coin.copper(), into.copper());
        let (used, makes) = if from > to {
            (count, count.saturating_mul(from / to))
        } else {
            let per = to / from;
            let makes = count / per;
            (makes * per, makes)
        };
        *taken.get_mut(coin) = used;
        made = made.saturating_add(makes);
    }
    let fee = (made.saturating_mul(i64::from(fee)) + 99) / 100;
    let received = made - fee;
    if received <= 0 {
        return Err(Unexchangeable::TooFew { coin: into });
    }
    Ok(Exchange {
        taken,
        made,
        fee,
        received: Coins::of(into, received),
    })
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

    #[test]
    fn coins_change_at_the_rates_and_what_does_not_convert_stays() {
        let e = exchange(&coins(&[(Sp, 1205)]), Gp, 0).unwrap();
        assert_eq!(
            (e.taken, e.received),
            (coins(&[(Sp, 1200)]), coins(&[(Gp, 120)]))
        );
        let e = exchange(&coins(&[(Pp, 3)]), Gp, 0).unwrap();
        assert_eq!(e.received, coins(&[(Gp, 15)]), "1 pp = 5 gp");
        let e = exchange(&coins(&[(Gp, 1)]), Ep, 0).unwrap();
        assert_eq!(e.received, coins(&[(Ep, 2)]), "1 gp = 2 ep");
        let e = exchange(&coins(&[(Ep, 3), (Cp, 250)]), Gp, 0).unwrap();
        assert_eq!(e.taken, coins(&[(Ep, 2), (Cp, 200)]));
        assert_eq!(e.received, coins(&[(Gp, 3)]));
    }

    #[test]
    fn the_changer_takes_a_fee_rounded_up() {
        let e = exchange(&coins(&[(Sp, 1200)]), Gp, 3).unwrap();
        assert_eq!((e.made, e.fee, e.received), (120, 4, coins(&[(Gp, 116)])));
        let e = exchange(&coins(&[(Sp, 1000)]), Gp, 3).unwrap();
        assert_eq!(e.fee, 3, "exactly 3 % of 100");
        assert_eq!(
            exchange(&coins(&[(Sp, 10)]), Gp, 3),
            Err(Unexchangeable::TooFew { coin: Gp }),
            "one gp made, one taken"
        );
        assert_eq!(
            exchange(&coins(&[(Sp, 9)]), Gp, 0),
            Err(Unexchangeable::TooFew { coin: Gp })
        );
        assert_eq!(
            exchange(&coins(&[(Gp, 9)]), Gp, 0),
            Err(Unexchangeable::SameCoin { coin: Gp })
        );
    }
}
