//! Costs of living and of training (`campaign set living LIFESTYLE|AMOUNT/month`, `character
//! set NAME living …`, `campaign set training AMOUNT/level`), off unless a campaign or a
//! character sets them. The cost of living may be a lifestyle of the AD&D 2e DMG's Table 22
//! (*Player Character Living Expenses*), whose figures are here, or an amount; OSE Classic
//! Fantasy gives no figure, and the DMG's *Training* gives weeks but no gold, so training
//! is the campaign's own amount (`docs/sources.md`). hoard's calendar counts days only, so a
//! month is [`MONTH_DAYS`] days of the clock. What a purse cannot pay is owed, and the next
//! charge asks for the debt first; `hoard debts pay` pays it (a charge of nothing new,
//! [`Upkeep::Debt`]).

use serde::{Deserialize, Serialize};

use crate::clock::{Round, Unit};
use crate::coins::{Coins, Denomination};

/// Charging living and training costs. Stated for `hoard explain`.
pub const CHARGING: crate::statement::Statement = crate::statement::Statement {
    en: "Living and training costs (campaign set living, character set living, campaign set training; optional in the AD&D 2e DMG, left to the referee by OSE Classic Fantasy): each character pays the cost of living, their own else the campaign's (a retainer's is paid by their employer, as OSE Classic Fantasy's Retainers has the employer pay their upkeep), each time the clock passes the start of a month of 30 days: a lifestyle of the AD&D 2e DMG's Table 22, Player Character Living Expenses (a month: squalid 3 gp, poor 5 gp, middle-class 50 gp and wealthy 200 gp multiplied by the character's level), or an amount a month; and the campaign's own cost of training for each level gained (the DMG's Training gives weeks, no gold); from their purse, the most valuable coins first, no change given; what the purse cannot pay is owed, asked for first by the next charge, and paid when the referee asks (hoard debts pay).",
    fr: "Coûts de la vie et de l'entraînement (campaign set living, character set living, campaign set training ; optionnels dans le Guide du maître d'AD&D 2e (DMG), laissés au MJ par OSE Classic Fantasy) : chaque personnage paie le coût de la vie, le sien sinon celui de la campagne (celui d'un homme d'armes est payé par son employeur, qui paie son entretien selon les Retainers d'OSE Classic Fantasy), chaque fois que l'horloge passe le début d'un mois de 30 jours : un train de vie de la table 22 du DMG d'AD&D 2e, Dépenses des personnages (par mois : misérable 3 po, pauvre 5 po, classe moyenne 50 po et riche 200 po multipliés par le niveau du personnage), ou un montant par mois ; et le coût d'entraînement de la campagne pour chaque niveau gagné (l'Entraînement du DMG donne des semaines, pas d'or) ; de sa bourse, les pièces les plus précieuses d'abord, sans rendu de monnaie ; ce que la bourse ne peut payer est dû, demandé d'abord par la charge suivante, et payé quand le MJ le demande (hoard debts pay).",
};

/// Days in hoard's month: the calendar counts days, not months.
pub const MONTH_DAYS: i64 = 30;

/// A way of living of the AD&D 2e DMG's Table 22 (*Player Character Living Expenses*): « the
/// players say how well their characters live and the DM decides the category ».
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Lifestyle {
    Squalid,
    Poor,
    MiddleClass,
    Wealthy,
}

impl Lifestyle {
    /// The lifestyle as typed (`middle` for `middle-class`).
    pub fn parse(typed: &str) -> Option<Lifestyle> {
        match typed.trim().to_ascii_lowercase().as_str() {
            "squalid" => Some(Lifestyle::Squalid),
            "poor" => Some(Lifestyle::Poor),
            "middle-class" | "middle" => Some(Lifestyle::MiddleClass),
            "wealthy" => Some(Lifestyle::Wealthy),
            _ => None,
        }
    }

    /// Its name, as typed and in `--json`.
    pub fn key(self) -> &'static str {
        match self {
            Lifestyle::Squalid => "squalid",
            Lifestyle::Poor => "poor",
            Lifestyle::MiddleClass => "middle-class",
            Lifestyle::Wealthy => "wealthy",
        }
    }

    /// Table 22's base expense a month, in gold pieces.
    pub fn base_gp(self) -> i64 {
        match self {
            Lifestyle::Squalid => 3,
            Lifestyle::Poor => 5,
            Lifestyle::MiddleClass => 50,
            Lifestyle::Wealthy => 200,
        }
    }

    /// « Characters living middle-class or wealthy lifestyles multiply the base living expense
    /// by their level »; squalid and poor cost the same for all.
    pub fn by_level(self) -> bool {
        matches!(self, Lifestyle::MiddleClass | Lifestyle::Wealthy)
    }

    /// What a character of `level` pays a month.
    pub fn rate(self, level: u8) -> Coins {
        let times = if self.by_level() { i64::from(level) } else { 1 };
        Coins::of(Denomination::Gp, self.base_gp() * times)
    }
}

/// What a character lives on: a lifestyle of the DMG's Table 22, or an amount a month (a
/// campaign's from before lifestyles were: a bare amount, as its events hold it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Living {
    Lifestyle(Lifestyle),
    Amount(Coins),
}

/// Why a cost of living cannot be taken as typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotLiving {
    /// Neither a lifestyle nor an amount a month.
    Unknown,
    /// A lifestyle in a campaign that does not play AD&D: OSE Classic Fantasy gives no cost of
    /// living, so the DMG's lifestyles have no figure there.
    NoFigure(Lifestyle),
}

/// A cost of living as typed: a lifestyle, where the campaign plays AD&D (`adnd`), or an
/// amount a month (`100gp/month`).
pub fn parse(typed: &str, adnd: bool) -> Result<Living, NotLiving> {
    match Lifestyle::parse(typed) {
        Some(l) if adnd => Ok(Living::Lifestyle(l)),
        Some(l) => Err(NotLiving::NoFigure(l)),
        None => amount(typed, "month")
            .map(Living::Amount)
            .ok_or(NotLiving::Unknown),
    }
}

/// An amount a `per` as typed (`100gp/month`, `1500 gp/level`); none if it is not one, or
/// nothing.
pub fn amount(typed: &str, per: &str) -> Option<Coins> {
    let amount = typed
        .trim()
        .strip_suffix(per)?
        .trim_end()
        .strip_suffix('/')?;
    crate::coins::parse(&[amount]).ok().filter(|c| !c.is_zero())
}

/// A month's cost of living, and how it was reckoned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Monthly {
    pub living: Living,
    /// The character's own figure (`character set NAME living`), not the campaign's.
    pub own: bool,
    /// The character's level, where the lifestyle multiplies by it.
    pub level: Option<u8>,
    pub rate: Coins,
}

/// What a character of `level` pays a month: their `own` figure, else the `campaign`'s; none
/// where neither is set.
pub fn monthly(own: Option<Living>, campaign: Option<Living>, level: u8) -> Option<Monthly> {
    let (living, is_own) = match (own, campaign) {
        (Some(own), _) => (own, true),
        (None, Some(campaign)) => (campaign, false),
        (None, None) => return None,
    };
    let (rate, level) = match living {
        Living::Lifestyle(l) => (l.rate(level), l.by_level().then_some(level)),
        Living::Amount(amount) => (amount, None),
    };
    Some(Monthly {
        living,
        own: is_own,
        level,
        rate,
    })
}

/// What is charged, and for what.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "for", rename_all = "snake_case")]
pub enum Upkeep {
    /// The cost of living for `months` months begun, at `rate` a month: a `lifestyle`'s (at
    /// `level`, where it multiplies by it) or an amount, the character's `own` or the
    /// campaign's. Charges recorded before these were told have none of them.
    Living {
        months: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lifestyle: Option<Lifestyle>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        level: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rate: Option<Coins>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        own: bool,
    },
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

impl Upkeep {
    /// The cost of living for `months` months at `monthly`.
    pub fn living(monthly: &Monthly, months: u32) -> Upkeep {
        Upkeep::Living {
            months,
            lifestyle: match monthly.living {
                Living::Lifestyle(l) => Some(l),
                Living::Amount(_) => None,
            },
            level: monthly.level,
            rate: Some(monthly.rate),
            own: monthly.own,
        }
    }

    /// Whether a charge of `cost` for this is the one `due` (the character's cost of living
    /// as they and the campaign stand, [`monthly`]) makes: its lifestyle, level, rate and
    /// whose, times the months. A charge that tells no rate (recorded before charges told it)
    /// and training, whose rate the campaign's setting holds, have nothing to check.
    pub fn reckons(&self, cost: i64, due: Option<Monthly>) -> bool {
        let Upkeep::Living {
            months,
            rate: Some(_),
            ..
        } = *self
        else {
            return true;
        };
        due.is_some_and(|m| {
            Upkeep::living(&m, months) == *self && self::cost(&m.rate, months) == cost
        })
    }
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
    fn table_22_multiplies_middle_class_and_wealthy_by_level() {
        let middle = Lifestyle::parse("middle").unwrap();
        assert_eq!(middle, Lifestyle::MiddleClass);
        assert_eq!(middle.rate(1), Coins::of(Gp, 50));
        assert_eq!(middle.rate(3), Coins::of(Gp, 150));
        assert_eq!(Lifestyle::Wealthy.rate(2), Coins::of(Gp, 400));
        // Squalid and poor cost the same at every level.
        assert_eq!(Lifestyle::Squalid.rate(1), Coins::of(Gp, 3));
        assert_eq!(Lifestyle::Squalid.rate(9), Coins::of(Gp, 3));
        assert_eq!(Lifestyle::Poor.rate(9), Coins::of(Gp, 5));
        assert_eq!(Lifestyle::parse("rich"), None);
        assert_eq!(
            Lifestyle::parse(" Middle-Class ").map(Lifestyle::key),
            Some("middle-class")
        );
    }

    /// OSE Classic Fantasy gives no cost of living: there, only an amount is taken.
    #[test]
    fn a_lifestyle_needs_an_adnd_campaign() {
        let middle = Living::Lifestyle(Lifestyle::MiddleClass);
        assert_eq!(parse("middle", true), Ok(middle));
        assert_eq!(
            parse("middle-class", false),
            Err(NotLiving::NoFigure(Lifestyle::MiddleClass))
        );
        let hundred = Ok(Living::Amount(Coins::of(Gp, 100)));
        assert_eq!(parse("100gp/month", false), hundred);
        assert_eq!(parse("100 gp / month", true), hundred);
        assert_eq!(parse("100gp", true), Err(NotLiving::Unknown));
        assert_eq!(parse("0gp/month", true), Err(NotLiving::Unknown));
        assert_eq!(amount("1500gp/level", "level"), Some(Coins::of(Gp, 1500)));
    }

    #[test]
    fn a_characters_own_living_comes_before_the_campaigns() {
        let wealthy = Some(Living::Lifestyle(Lifestyle::Wealthy));
        let own = Some(Living::Amount(Coins::of(Gp, 100)));
        let theirs = monthly(own, wealthy, 3).unwrap();
        assert_eq!(
            (theirs.own, theirs.rate, theirs.level),
            (true, Coins::of(Gp, 100), None)
        );
        let campaigns = monthly(None, wealthy, 3).unwrap();
        assert_eq!(
            (campaigns.own, campaigns.rate, campaigns.level),
            (false, Coins::of(Gp, 600), Some(3))
        );
        assert_eq!(monthly(own, None, 3).map(|m| m.own), Some(true));
        assert_eq!(monthly(None, None, 3), None);
    }

    #[test]
    fn a_charge_holds_to_its_arithmetic() {
        let campaign = Some(Living::Lifestyle(Lifestyle::MiddleClass));
        let middle = monthly(None, campaign, 3);
        let charge = Upkeep::living(&middle.unwrap(), 2);
        assert!(charge.reckons(30_000, middle));
        assert!(!charge.reckons(10_000, middle), "a level's rate for three");
        assert!(
            !charge.reckons(30_000, monthly(None, campaign, 4)),
            "not the character's level"
        );
        let own = Some(Living::Amount(Coins::of(Gp, 150)));
        assert!(
            !charge.reckons(30_000, monthly(own, campaign, 3)),
            "not how the character lives"
        );
        assert!(!charge.reckons(30_000, None), "nobody pays");
        let told_nothing = Upkeep::Living {
            months: 1,
            lifestyle: None,
            level: None,
            rate: None,
            own: false,
        };
        assert!(told_nothing.reckons(12_345, None));
    }

    /// A campaign's setting and a charge recorded before lifestyles read as they did.
    #[test]
    fn amounts_and_old_charges_read_as_before() {
        let amount: Living = serde_json::from_str(r#"{"gp":100}"#).unwrap();
        assert_eq!(amount, Living::Amount(Coins::of(Gp, 100)));
        let wealthy: Living = serde_json::from_str(r#""wealthy""#).unwrap();
        assert_eq!(wealthy, Living::Lifestyle(Lifestyle::Wealthy));
        let old: Upkeep = serde_json::from_str(r#"{"for":"living","months":2}"#).unwrap();
        assert!(matches!(
            old,
            Upkeep::Living {
                months: 2,
                rate: None,
                ..
            }
        ));
        assert_eq!(
            serde_json::to_string(&old).unwrap(),
            r#"{"for":"living","months":2}"#
        );
    }

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
