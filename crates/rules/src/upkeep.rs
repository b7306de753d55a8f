//! Costs of living and of training (`campaign set living AMOUNT/month`, `campaign set
//! training AMOUNT/level`), off unless a campaign sets them. The AD&D 2e DMG has optional
//! rules for both, and OSE leaves them to the referee; hoard quotes no figure of either and
//! charges the campaign's own (`docs/sources.md`). hoard's calendar counts days only, so a
//! month is [`MONTH_DAYS`] days of the clock. What a purse cannot pay is owed, and the next
//! charge asks for the debt first; `hoard debts pay` pays it (a charge of nothing new,
//! [`Upkeep::Debt`]).

use serde::{Deserialize, Serialize};

use crate::clock::{Round, Unit};
use crate::coins::Coins;

/// Charging living and training costs. Stated for `hoard explain`.
pub const CHARGING: crate::statement::Statement = crate::statement::Statement {
    en: "Living and training costs (campaign set living, campaign set training; optional in the AD&D 2e DMG, left to the referee by OSE Classic Fantasy; the campaign's own figures): each character pays the cost of living each time the clock passes the start of a month of 30 days, and the cost of training for each level gained, from their purse, the most valuable coins first, no change given; what the purse cannot pay is owed, asked for first by the next charge, and paid when the referee asks (hoard debts pay).",
    fr: "Coûts de la vie et de l'entraînement (campaign set living, campaign set training ; optionnels dans le Guide du maître d'AD&D 2e (DMG), laissés au MJ par OSE Classic Fantasy ; les montants de la campagne) : chaque personnage paie le coût de la vie chaque fois que l'horloge passe le début d'un mois de 30 jours, et celui de l'entraînement pour chaque niveau gagné, de sa bourse, les pièces les plus précieuses d'abord, sans rendu de monnaie ; ce que la bourse ne peut payer est dû, demandé d'abord par la charge suivante, et payé quand le MJ le demande (hoard debts pay).",
};

/// Days in hoard's month: the calendar counts days, not months.
pub const MONTH_DAYS: i64 = 30;

/// What is charged, and for what.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "for", rename_all = "snake_case")]
pub enum Upkeep {
    /// The cost of living for `months` months begun.
    Living { months: u32 },
    /// The cost of training for the levels up to `level`, from `from`.
    Training { from: u8, level: u8 },
    /// Nothing new: what is owed, paid as far as the purse goes (`hoard debts pay`).
    Debt,
}

/// How many starts of a month the clock passes going from `from` to `to`.
pub fn months(from: i64, to: i64, round: Round) -> u32 {
    let per = round.per(Unit::Days) * MONTH_DAYS;
    u32::try_from(to.div_euclid(per) - from.div_euclid(per)).unwrap_or(0)
}

/// `rate` charged `times` times, in copper pieces.
pub fn cost(rate: &Coins, times: u32) -> i64 {
    rate.copper().saturating_mul(i64::from(times))
}

/// A charge met: the purse's coins paid, and what is still owed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paid {
    pub paid: Coins,
    pub owed: i64,
}

/// `due` copper pieces (the debt and the new cost) from `purse`: each coin, the most valuable
/// first, taken while it does not pass what is left to pay; the rest is owed.
pub fn pay(purse: &Coins, due: i64) -> Paid {
    let (paid, owed) = purse.toward(due.max(0));
    Paid { paid, owed }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coins::Denomination::*;

    #[test]
    fn a_month_is_thirty_days_of_the_clock() {
        let day = Round::Ose.per(Unit::Days);
        assert_eq!(months(0, 30 * day - 1, Round::Ose), 0);
        assert_eq!(months(30 * day - 1, 30 * day, Round::Ose), 1);
        assert_eq!(months(5, 61 * day, Round::Ose), 2);
        let adnd = Round::Adnd.per(Unit::Days);
        assert_eq!(months(0, 30 * adnd, Round::Adnd), 1);
    }

    #[test]
    fn the_purse_pays_what_it_can_and_the_rest_is_owed() {
        let purse = Coins::of(Gp, 150);
        let rate = Coins::of(Gp, 100);
        assert_eq!(
            pay(&purse, cost(&rate, 1)),
            Paid {
                paid: Coins::of(Gp, 100),
                owed: 0
            }
        );
        assert_eq!(
            pay(&purse, cost(&rate, 2)),
            Paid {
                paid: Coins::of(Gp, 150),
                owed: 5_000
            }
        );
        // No change given: a platinum piece (5 gp) does not pay 2 gp.
        let pp = Coins::of(Pp, 1);
        assert_eq!(
            pay(&pp, Coins::of(Gp, 2).copper()),
            Paid {
                paid: Coins::default(),
                owed: 200
            }
        );
        assert_eq!(pay(&purse, 0).paid, Coins::default());
    }
}
