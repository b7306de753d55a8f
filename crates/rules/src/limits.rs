//! Every limit hoard keeps on an amount of money or experience, in one place: the commands
//! refuse what would pass one (the ledger's admission and projector, `ledger::Refusal`), `check`
//! holds a stored campaign to the same, and the help and the reference state these numbers.
//!
//! They are far past any campaign and near enough to catch a typo; and they keep every sum
//! hoard makes inside an `i64`: a value in copper is at most 661 × [`COINS_COUNTED`]
//! (the five coins' rates added), under 10^18.

/// The most coins of one denomination one holder — the pool, a purse, a place — may have,
/// and the most of one denomination an amount typed may name: a trillion.
pub const COINS: i64 = 1_000_000_000_000;

/// The most coins of one denomination the campaign's own totals may count — every coin that
/// came in, every coin spent, and all the holders' together: a thousand times [`COINS`].
pub const COINS_COUNTED: i64 = 1_000 * COINS;

/// The most experience a sheet may hold, and the most one award may give in all (its
/// treasure's XP and its monsters'): ten times the last threshold of any level table.
pub const XP: i64 = 100_000_000;

/// The most a valuable may be worth, in gold pieces: as many as a sheet may hold XP, since a
/// gold piece of treasure is one XP.
pub const VALUE_GP: i64 = XP;

/// [`VALUE_GP`] in copper pieces, as values are counted.
pub const VALUE_COPPER: i64 = VALUE_GP * 100;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coins::Denomination;

    #[test]
    fn every_value_in_copper_fits_an_i64() {
        let rates: i64 = Denomination::ALL.iter().map(|d| d.copper()).sum();
        assert_eq!(rates, 661);
        assert!(COINS_COUNTED.checked_mul(rates).is_some());
        assert!(VALUE_COPPER < COINS * Denomination::Cp.copper());
    }
}
