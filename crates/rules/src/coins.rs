//! Coins: amounts in the five denominations, their arithmetic and their value in gold (how a
//! pool is shared out is `party`'s). Integer arithmetic only: an amount is a count of each
//! denomination, and a value is counted in copper pieces, so no sum is ever rounded except
//! where a rule says so (a share's remainder stays in the pool).
//!
//! Rates (Old-School Essentials Classic Fantasy: Rules Tome, *Coins*; the same in the AD&D 2e
//! Player's Handbook): 1 pp = 5 gp = 10 ep = 50 sp = 500 cp.

use serde::{Deserialize, Serialize};

use crate::limits;

/// The five coins of both games, from the least to the most valuable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Denomination {
    Cp,
    Sp,
    Ep,
    Gp,
    Pp,
}

impl Denomination {
    pub const ALL: [Denomination; 5] = [
        Denomination::Cp,
        Denomination::Sp,
        Denomination::Ep,
        Denomination::Gp,
        Denomination::Pp,
    ];

    /// Each coin's worth in copper pieces (OSE Rules Tome: 1 pp = 5 gp, 1 gp = 2 ep = 10 sp
    /// = 100 cp).
    pub fn copper(self) -> i64 {
        match self {
            Denomination::Cp => 1,
            Denomination::Sp => 10,
            Denomination::Ep => 50,
            Denomination::Gp => 100,
            Denomination::Pp => 500,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Denomination::Cp => "cp",
            Denomination::Sp => "sp",
            Denomination::Ep => "ep",
            Denomination::Gp => "gp",
            Denomination::Pp => "pp",
        }
    }

    /// The abbreviation as typed, in English (cp, sp, ep, gp, pp) or French (pc, pa, pe, po,
    /// pp), any case.
    pub fn parse(text: &str) -> Option<Denomination> {
        match text.to_lowercase().as_str() {
            "cp" | "pc" => Some(Denomination::Cp),
            "sp" | "pa" => Some(Denomination::Sp),
            "ep" | "pe" => Some(Denomination::Ep),
            "gp" | "po" => Some(Denomination::Gp),
            "pp" => Some(Denomination::Pp),
            _ => None,
        }
    }
}

/// An amount of coins: a count of each denomination, never negative.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Coins {
    pub cp: i64,
    pub sp: i64,
    pub ep: i64,
    pub gp: i64,
    pub pp: i64,
}

impl Coins {
    pub fn of(denomination: Denomination, count: i64) -> Coins {
        let mut coins = Coins::default();
        *coins.get_mut(denomination) = count;
        coins
    }

    pub fn get(&self, d: Denomination) -> i64 {
        match d {
            Denomination::Cp => self.cp,
            Denomination::Sp => self.sp,
            Denomination::Ep => self.ep,
            Denomination::Gp => self.gp,
            Denomination::Pp => self.pp,
        }
    }

    pub fn get_mut(&mut self, d: Denomination) -> &mut i64 {
        match d {
            Denomination::Cp => &mut self.cp,
            Denomination::Sp => &mut self.sp,
            Denomination::Ep => &mut self.ep,
            Denomination::Gp => &mut self.gp,
            Denomination::Pp => &mut self.pp,
        }
    }

    pub fn is_zero(&self) -> bool {
        Denomination::ALL.iter().all(|d| self.get(*d) == 0)
    }

    /// Every count between 0 and `cap`.
    pub fn within(&self, cap: i64) -> bool {
        Denomination::ALL
            .iter()
            .all(|d| (0..=cap).contains(&self.get(*d)))
    }

    /// Every count between 0 and [`limits::COINS`]: what one holder may have, and what an
    /// amount read from a file must be.
    pub fn is_valid(&self) -> bool {
        self.within(limits::COINS)
    }

    /// The sum, or the first denomination whose count would pass `cap` ([`limits::COINS`] for
    /// a holder, [`limits::COINS_COUNTED`] for the campaign's totals).
    pub fn checked_add(&self, other: &Coins, cap: i64) -> Result<Coins, Denomination> {
        let mut out = Coins::default();
        for d in Denomination::ALL {
            *out.get_mut(d) = self
                .get(d)
                .checked_add(other.get(d))
                .filter(|n| *n <= cap)
                .ok_or(d)?;
        }
        Ok(out)
    }

    /// What is left once `other` is taken, or `None` if some denomination lacks: coins are
    /// never negative, and no coin is changed for another.
    pub fn checked_sub(&self, other: &Coins) -> Option<Coins> {
        let mut out = Coins::default();
        for d in Denomination::ALL {
            *out.get_mut(d) = self.get(d).checked_sub(other.get(d)).filter(|n| *n >= 0)?;
        }
        Some(out)
    }

    /// The worth of the coins in copper pieces. Saturating, deliberately: counts within
    /// [`limits::COINS_COUNTED`] never come near `i64::MAX` (see [`limits`]), so only a count
    /// no command allows (a file edited by hand) saturates, and the worth stays past every
    /// limit it is then held to rather than wrapping to a small or negative one.
    pub fn copper(&self) -> i64 {
        Denomination::ALL.iter().fold(0i64, |sum, d| {
            sum.saturating_add(self.get(*d).saturating_mul(d.copper()))
        })
    }

    /// `copper` copper pieces counted out in gold, silver and copper, the fewest coins: how a
    /// seller pays (a sale's price, a shop's change).
    pub fn counted(copper: i64) -> Coins {
        let (gp, rest) = (copper / 100, copper % 100);
        let mut coins = Coins::of(Denomination::Gp, gp);
        coins.sp = rest / 10;
        coins.cp = rest % 10;
        coins
    }

    /// The coins of these that come nearest `copper` without passing it, each taken the most
    /// valuable first while it does not pass what is left (no change given), and the copper
    /// they leave short: how a purse pays a price (`purchase::pay`) or a wage (`wages::pay`).
    pub fn toward(&self, copper: i64) -> (Coins, i64) {
        let (mut left, mut taken) = (copper, Coins::default());
        for d in Denomination::ALL.iter().rev() {
            let n = self.get(*d).min(left / d.copper()).max(0);
            *taken.get_mut(*d) = n;
            left -= n * d.copper();
        }
        (taken, left)
    }

    /// The denominations held, the most valuable first, with their counts.
    pub fn held(&self) -> impl Iterator<Item = (Denomination, i64)> + '_ {
        Denomination::ALL
            .iter()
            .rev()
            .map(|d| (*d, self.get(*d)))
            .filter(|(_, n)| *n != 0)
    }
}

/// A value counted in copper pieces, shown in gold: whole gold pieces and the copper left.
pub fn gold(copper: i64) -> (i64, i64) {
    (copper.div_euclid(100), copper.rem_euclid(100))
}

/// Why an amount as typed is not one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AmountError {
    /// Nothing was given.
    Empty,
    /// A word that is not a count followed by a denomination.
    Malformed(String),
    /// A count followed by something that is not a denomination.
    UnknownDenomination(String),
    /// A count past [`limits::COINS`].
    TooLarge(String),
    /// Only zeros.
    Zero,
}

/// An amount from the words typed: `1200gp 300sp 40pp`, `1200 gp`, `1gp5sp`, French
/// abbreviations too (`40po`). A denomination named twice adds up.
pub fn parse(words: &[&str]) -> Result<Coins, AmountError> {
    let text = words.join(" ");
    let mut coins = Coins::default();
    let mut rest = text.trim();
    if rest.is_empty() {
        return Err(AmountError::Empty);
    }
    while !rest.is_empty() {
        let digits = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '_' || c == ','))
            .unwrap_or(rest.len());
        let word_end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let word = &rest[..word_end];
        let number: String = rest[..digits]
            .chars()
            .filter(|c| c.is_ascii_digit())
            .collect();
        // Digits in groups, `_` or `,` only between two of them: `1_000`, `1,000`.
        if number.is_empty() || rest[..digits].split(['_', ',']).any(str::is_empty) {
            return Err(AmountError::Malformed(word.to_string()));
        }
        let after = rest[digits..].trim_start();
        let letters = after
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(after.len());
        let Some(d) = Denomination::parse(&after[..letters]) else {
            return Err(if letters == 0 {
                AmountError::Malformed(word.to_string())
            } else {
                AmountError::UnknownDenomination(after[..letters].to_string())
            });
        };
        let too_large = || AmountError::TooLarge(format!("{number}{}", d.as_str()));
        let count: i64 = number.parse().map_err(|_| too_large())?;
        let total = coins
            .get(d)
            .checked_add(count)
            .filter(|n| *n <= limits::COINS);
        *coins.get_mut(d) = total.ok_or_else(too_large)?;
        rest = after[letters..].trim_start();
    }
    if coins.is_zero() {
        return Err(AmountError::Zero);
    }
    Ok(coins)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn coins(words: &str) -> Coins {
        parse(&words.split(' ').collect::<Vec<_>>()).unwrap()
    }

    #[test]
    fn the_rates_are_those_of_the_books() {
        assert_eq!(coins("1pp").copper(), coins("5gp").copper());
        assert_eq!(coins("5gp").copper(), coins("10ep").copper());
        assert_eq!(coins("10ep").copper(), coins("50sp").copper());
        assert_eq!(coins("50sp").copper(), coins("500cp").copper());
        assert_eq!(coins("1200gp 300sp 40pp").copper(), 143_000);
        assert_eq!(gold(coins("1200gp 300sp 40pp 7cp").copper()), (1430, 7));
    }

    #[test]
    fn amounts_are_read_in_any_spelling_of_the_denominations() {
        let expected = Coins {
            gp: 1200,
            sp: 300,
            pp: 40,
            ..Coins::default()
        };
        assert_eq!(coins("1200gp 300sp 40pp"), expected);
        assert_eq!(coins("1200 GP 300 sp 40 pp"), expected);
        assert_eq!(coins("1,200po 300pa 40pp"), expected);
        assert_eq!(
            coins("1gp5sp"),
            Coins {
                gp: 1,
                sp: 5,
                ..Coins::default()
            }
        );
        assert_eq!(coins("3gp 4gp").gp, 7, "a denomination named twice adds up");
    }

    #[test]
    fn what_is_not_an_amount_says_why() {
        let p = |w: &str| parse(&w.split(' ').collect::<Vec<_>>());
        assert_eq!(parse(&[]), Err(AmountError::Empty));
        assert_eq!(p("gp"), Err(AmountError::Malformed("gp".into())));
        assert_eq!(p("-5gp"), Err(AmountError::Malformed("-5gp".into())));
        assert_eq!(p("5"), Err(AmountError::Malformed("5".into())));
        assert_eq!(p("5dp"), Err(AmountError::UnknownDenomination("dp".into())));
        assert_eq!(p(",gp"), Err(AmountError::Malformed(",gp".into())));
        // A separator only between two digits.
        for word in ["_1gp", "1,,0gp", "1__0gp", "1_gp", "1,gp", "1_,0gp"] {
            assert_eq!(p(word), Err(AmountError::Malformed(word.into())), "{word}");
        }
        assert_eq!(p("1_000gp 2,500sp").unwrap().copper(), 125_000);
        assert_eq!(p("0gp 0sp"), Err(AmountError::Zero));
        assert!(matches!(
            p("1000000000001gp"),
            Err(AmountError::TooLarge(_))
        ));
        assert!(matches!(
            p("99999999999999999999999gp"),
            Err(AmountError::TooLarge(_))
        ));
        assert_eq!(
            p("1000000000000gp").unwrap().gp,
            limits::COINS,
            "the limit itself is fine"
        );
        assert!(matches!(
            p("1000000000000gp 1gp"),
            Err(AmountError::TooLarge(_))
        ));
    }

    #[test]
    fn coins_are_never_negative_and_never_changed() {
        let purse = coins("10gp 5sp");
        assert_eq!(purse.checked_sub(&coins("10gp")), Some(coins("5sp")));
        assert_eq!(
            purse.checked_sub(&coins("1pp")),
            None,
            "no platinum, though the gold is worth more"
        );
        assert_eq!(purse.checked_sub(&coins("6sp")), None);
        let full = Coins::of(Denomination::Gp, limits::COINS);
        assert_eq!(
            full.checked_add(&coins("1gp"), limits::COINS),
            Err(Denomination::Gp)
        );
        assert_eq!(
            full.checked_add(&coins("1gp"), limits::COINS_COUNTED),
            Ok(Coins::of(Denomination::Gp, limits::COINS + 1))
        );
        // A count no command allows saturates its worth, never wrapping it.
        assert_eq!(Coins::of(Denomination::Pp, i64::MAX / 2).copper(), i64::MAX);
        assert!(
            !Coins {
                cp: -1,
                ..Coins::default()
            }
            .is_valid()
        );
    }
}
