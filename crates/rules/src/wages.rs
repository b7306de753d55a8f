//! A retainer's wages (`hoard retainer hire R --by C --wage AMOUNT/day|/adventure`): what is
//! due for the days that passed (or the adventure), which of the employer's coins pay it, and
//! what is left owed. OSE Classic Fantasy, *Retainers*: « Retainers must be paid a fee of 1gp
//! per day plus a half share of treasure »; the book says nothing of a purse that cannot pay.
//! hoard's choice (`docs/sources.md`): the purse pays what its coins can, the most valuable
//! first, no change given (as buying does), and the rest is owed to the retainer, in copper,
//! until a `coins move` from the employer to the retainer pays it.

use serde::{Deserialize, Serialize};

use crate::coins::{Coins, Denomination};

/// Paying retainers. Stated for `hoard explain`.
pub const WAGES: crate::statement::Statement = crate::statement::Statement {
    en: "Retainers' wages (OSE Classic Fantasy, Retainers: a fee of 1gp per day plus a half share of treasure): a wage per day is due at each midnight the employer's expedition clock passes, a wage per adventure when a session the retainer goes on ends; the employer's purse pays what its coins can, the most valuable first, without change, and the rest is owed until a coins move from employer to retainer pays it.",
    fr: "Gages des hommes d'armes (OSE Classic Fantasy, Retainers : 1 po par jour plus une demi-part du trésor) : un gage par jour est dû à chaque minuit que passe l'horloge de l'expédition de l'employeur, un gage par aventure quand finit une séance où va l'homme d'armes ; la bourse de l'employeur paie ce que ses pièces peuvent, les plus précieuses d'abord, sans rendu de monnaie, et le reste est dû jusqu'à ce qu'un coins move de l'employeur à l'homme d'armes le paie.",
};

/// How often a wage falls due.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Per {
    Day,
    Adventure,
}

impl Per {
    pub fn as_str(self) -> &'static str {
        match self {
            Per::Day => "day",
            Per::Adventure => "adventure",
        }
    }

    pub fn parse(text: &str) -> Option<Per> {
        match text.trim().to_lowercase().as_str() {
            "day" | "jour" => Some(Per::Day),
            "adventure" | "aventure" => Some(Per::Adventure),
            _ => None,
        }
    }
}

/// A retainer's hire: who employs them, for what wage, and what is owed them. A dismissed
/// retainer still owed keeps their hire, `dismissed`, until the debt is paid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hire {
    pub employer: String,
    pub employer_name: String,
    pub wage: Coins,
    pub per: Per,
    /// Copper pieces owed: wages the employer's purse could not pay.
    #[serde(default)]
    pub owed: i64,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dismissed: bool,
}

impl Hire {
    /// Who pays this retainer's upkeep (OSE Classic Fantasy, *Retainers*: « The hiring PC must
    /// also pay for the retainer's daily upkeep »): the employer, until they are dismissed.
    pub fn upkeep_by(&self) -> Option<&str> {
        (!self.dismissed).then_some(self.employer.as_str())
    }
}

/// The wages of `times` periods at `wage` each, taken from `purse`: the coins paid, and the
/// copper left owed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paid {
    pub due: Coins,
    pub paid: Coins,
    pub owed: i64,
}

/// What `times` wages of `wage` cost, and which of `purse`'s coins pay it: each coin, the most
/// valuable first, while it does not pass what is left due; what they cannot make is owed.
pub fn pay(wage: &Coins, times: u32, purse: &Coins) -> Paid {
    let mut due = Coins::default();
    for d in Denomination::ALL {
        *due.get_mut(d) = wage.get(d).saturating_mul(i64::from(times));
    }
    let (paid, left) = purse.toward(due.copper());
    Paid {
        due,
        paid,
        owed: left,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gp(n: i64) -> Coins {
        Coins::of(Denomination::Gp, n)
    }

    #[test]
    fn the_employer_pays_upkeep_until_the_retainer_is_dismissed() {
        let mut hire = Hire {
            employer: "ann".into(),
            employer_name: "Ann".into(),
            wage: gp(1),
            per: Per::Day,
            owed: 300,
            dismissed: false,
        };
        assert_eq!(hire.upkeep_by(), Some("ann"));
        // Dismissed but still owed wages: the hire stays, the upkeep is the retainer's own.
        hire.dismissed = true;
        assert_eq!(hire.upkeep_by(), None);
    }

    #[test]
    fn an_exact_purse_pays_all_and_owes_nothing() {
        let p = pay(&gp(1), 1, &gp(1));
        assert_eq!((p.paid, p.owed), (gp(1), 0));
    }

    #[test]
    fn a_purse_short_by_one_copper_owes_that_copper() {
        let mut purse = Coins::of(Denomination::Sp, 9);
        *purse.get_mut(Denomination::Cp) = 9;
        let p = pay(&gp(1), 1, &purse);
        assert_eq!(p.paid, purse);
        assert_eq!(p.owed, 1);
    }

    #[test]
    fn several_days_are_due_at_once_and_what_is_missing_is_owed() {
        let p = pay(&gp(1), 3, &gp(2));
        assert_eq!(p.due, gp(3));
        assert_eq!(p.paid, gp(2));
        assert_eq!(p.owed, 100);
    }

    #[test]
    fn no_change_is_given_a_coin_worth_more_than_what_is_due_stays() {
        let p = pay(&gp(1), 1, &Coins::of(Denomination::Pp, 1));
        assert!(p.paid.is_zero());
        assert_eq!(p.owed, 100);
    }

    #[test]
    fn an_empty_purse_owes_everything_and_no_time_owes_nothing() {
        assert_eq!(pay(&gp(1), 2, &Coins::default()).owed, 200);
        let none = pay(&gp(1), 0, &gp(5));
        assert_eq!((none.paid.is_zero(), none.owed), (true, 0));
    }

    #[test]
    fn a_wage_per_is_read_in_both_languages() {
        assert_eq!(Per::parse("day"), Some(Per::Day));
        assert_eq!(Per::parse("aventure"), Some(Per::Adventure));
        assert_eq!(Per::parse("week"), None);
    }
}
