//! Selling treasure: which market an item sells on, and the price a buyer pays by default — a
//! fraction of its worth the campaign sets per market. Neither OSE nor the AD&D 2e DMG gives
//! one rule for every sale, so the fractions are the referee's (`campaign set sell-fraction`),
//! their defaults hoard's (`docs/sources.md`): gems, jewellery and art at their full worth (a
//! valuable's worth is what it fetches), magic items and other goods at half.

use serde::{Deserialize, Serialize};

use crate::coins::{Coins, Denomination};
use crate::custody;
use crate::item::{Category, Item};

/// Selling treasure. Stated for `hoard explain`.
pub const SELLING: crate::statement::Statement = crate::statement::Statement {
    en: "Selling treasure (hoard's rule; neither OSE nor the AD&D 2e DMG prices every sale): each item fetches its worth times its market's fraction (campaign set sell-fraction: gems, jewellery and art 100%, magic items and other goods 50% by default), or the price the referee names; its coins are new to the campaign.",
    fr: "Vente de trésor (règle de hoard ; ni OSE ni le Guide du maître d'AD&D 2e ne fixent le prix de toute vente) : chaque objet rapporte sa valeur fois la fraction de son marché (campaign set sell-fraction : gemmes, bijoux et objets d'art 100 %, objets magiques et autres biens 50 % par défaut), ou le prix que le MJ nomme ; ses pièces sont nouvelles dans la campagne.",
};

/// A market treasure sells on, each with its fraction of the worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Market {
    /// Gems, jewellery and works of art.
    Gems,
    /// Magic items: every category but valuables.
    Magic,
    /// Other goods: valuables of no kind of gem, jewellery or art (`valuable add --kind
    /// other`: trade goods, furs), and everything bought (gear, armour, weapons).
    Equipment,
}

impl Market {
    pub const ALL: [Market; 3] = [Market::Gems, Market::Magic, Market::Equipment];

    /// The market `item` sells on: anything bought (a suit of armour, a sword) on the
    /// equipment market, whatever its category.
    pub fn of(item: &Item) -> Market {
        match (item.category, item.identity.kind.as_deref()) {
            _ if item.bought() => Market::Equipment,
            (Category::Valuable, Some("gem" | "jewelry" | "art")) => Market::Gems,
            (Category::Valuable | Category::Gear, _) => Market::Equipment,
            _ => Market::Magic,
        }
    }

    /// The fraction of the worth paid, in percent, when the campaign sets none.
    pub fn default_percent(self) -> u8 {
        match self {
            Market::Gems => 100,
            Market::Magic | Market::Equipment => 50,
        }
    }

    /// A market as the referee names it, in English or French.
    pub fn parse(text: &str) -> Option<Market> {
        match text.trim().to_lowercase().as_str() {
            "gems" | "gem" | "jewelry" | "jewellery" | "art" | "gemmes" | "bijoux" => {
                Some(Market::Gems)
            }
            "magic" | "magie" => Some(Market::Magic),
            "equipment" | "goods" | "équipement" | "equipement" => Some(Market::Equipment),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Market::Gems => "gems",
            Market::Magic => "magic",
            Market::Equipment => "equipment",
        }
    }
}

/// A fraction as the referee types it — `1.0`, `0.5`, `0.25`, `50%` — in whole percent, from 0
/// to 100 (a buyer never pays more than the worth); `None` for anything else.
pub fn parse_fraction(text: &str) -> Option<u8> {
    let text = text.trim();
    let percent = match text.strip_suffix('%') {
        Some(p) => p.trim().parse::<u32>().ok()?,
        None => {
            let (whole, part) = text.split_once('.').unwrap_or((text, ""));
            let digits = format!("{part:0<2}");
            if part.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            whole.parse::<u32>().ok()? * 100 + digits.parse::<u32>().ok()?
        }
    };
    u8::try_from(percent).ok().filter(|p| *p <= 100)
}

/// `percent` of `worth`, rounded down to the copper piece, paid in gold, silver and copper.
pub fn price(worth: &Coins, percent: u8) -> Coins {
    Coins::counted(worth.copper().saturating_mul(i64::from(percent)) / 100)
}

/// Why an item cannot be sold, as data (its words are the edge's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unsaleable {
    /// It is bound, gone, or a sword in control of its holder (`custody::can_pass`).
    Custody(custody::Refusal),
    /// It has no worth to take a fraction of (a magic item): a price must be named.
    Unpriced(crate::item::Names),
}

/// The price `item` fetches by default at `percent` of its worth — or, with `asked` (the
/// referee's `--for`), whether it may be sold at all. An item goes as it would to another
/// holder: not bound, not gone, not a sword in control (`custody::can_pass`).
pub fn offer(item: &Item, percent: u8, asked: bool) -> Result<Option<Coins>, Unsaleable> {
    match custody::can_pass(item, None) {
        Ok(()) | Err(custody::Refusal::InTreasure { .. }) => {}
        Err(refused) => return Err(Unsaleable::Custody(refused)),
    }
    // Gear is worth what it cost for the pieces left (`purchase::worth`).
    let worth = match crate::purchase::worth(item) {
        Some(copper) => Some(Coins::of(Denomination::Cp, copper)),
        None => item.identity.value,
    };
    match (asked, worth) {
        (true, _) => Ok(None),
        (false, Some(worth)) => Ok(Some(price(&worth, percent))),
        (false, None) => Err(Unsaleable::Unpriced(item.names())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::item::Status;

    fn gp(n: i64) -> Coins {
        Coins::of(Denomination::Gp, n)
    }

    #[test]
    fn fractions_are_read_as_typed_and_stay_within_the_worth() {
        for (text, percent) in [("1.0", Some(100)), ("0.5", Some(50)), ("0.25", Some(25))] {
            assert_eq!(parse_fraction(text), percent, "{text}");
        }
        assert_eq!(parse_fraction("50%"), Some(50));
        assert_eq!(parse_fraction("1"), Some(100));
        assert_eq!(parse_fraction("0"), Some(0));
        for bad in ["1.5", "0.125", "half", "-0.5", "101%", ""] {
            assert_eq!(parse_fraction(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_price_is_the_fraction_rounded_down_to_the_copper() {
        assert_eq!(price(&gp(50), 100), gp(50));
        assert_eq!(
            price(&gp(5), 50),
            Coins {
                gp: 2,
                sp: 5,
                ..Coins::default()
            }
        );
        let odd = Coins {
            cp: 3,
            ..Coins::default()
        };
        assert_eq!(
            price(&odd, 50),
            Coins {
                cp: 1,
                ..Coins::default()
            }
        );
        assert_eq!(price(&gp(1), 0), Coins::default());
    }

    #[test]
    fn each_item_has_its_market_and_a_magic_item_needs_a_price() {
        let mut gem = crate::fixtures::item(Category::Valuable);
        gem.identity.kind = Some("gem".into());
        gem.identity.value = Some(gp(10));
        assert_eq!(Market::of(&gem), Market::Gems);
        assert_eq!(offer(&gem, 100, false), Ok(Some(gp(10))));
        gem.identity.kind = Some("other".into());
        assert_eq!(Market::of(&gem), Market::Equipment);
        let wand = crate::fixtures::item(Category::Wand);
        assert_eq!(Market::of(&wand), Market::Magic);
        assert!(matches!(
            offer(&wand, 50, false),
            Err(Unsaleable::Unpriced(_))
        ));
        assert_eq!(offer(&wand, 50, true), Ok(None));
        let mut gone = wand.clone();
        gone.status = Status::Sold;
        assert!(matches!(
            offer(&gone, 50, true),
            Err(Unsaleable::Custody(_))
        ));
    }

    #[test]
    fn bought_armour_and_weapons_sell_as_equipment_at_what_they_cost() {
        for category in [Category::Armor, Category::Weapon] {
            let mut item = crate::fixtures::item(category);
            assert_eq!(Market::of(&item), Market::Magic, "{category:?}");
            item.identity.value = Some(gp(40));
            item.identity.lot = Some(1);
            item.identity.count = Some(1);
            assert_eq!(Market::of(&item), Market::Equipment, "{category:?}");
            assert_eq!(offer(&item, 50, false), Ok(Some(gp(20))), "{category:?}");
        }
    }
}
