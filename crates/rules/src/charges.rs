//! Charged items (rods, staves, wands and anything with charges; AD&D 2e DMG, Rods, Staves,
//! Wands): spending charges, the last one draining all magic and a roll deciding whether the
//! item crumbles to dust, recharging, and trapped wands turning on anyone but their maker.

use super::dice::{Dice, Expr, Roll};
use super::item::{Category, Item, Names, Status};

/// Why charges cannot be spent or added (words are the edge's).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    /// Its last charge spent: « s'il est vidé de toutes ses charges, il perd toutes ses
    /// propriétés magiques ».
    Drained {
        item: Names,
    },
    NoCharges {
        item: Names,
    },
    NoneSpent,
    TooMany {
        item: Names,
        left: i32,
        wanted: u32,
    },
    /// Recharging adds 1 to [`RECHARGE_LIMIT`] at a time.
    OutOfRange,
    /// The campaign does not recharge (`campaign set recharge none`): OSE *Rods, Staves,
    /// Wands*, « Recharging: Is not possible ».
    NoRecharging,
    /// More charges than an item can count (`i32`): refused, never rounded down.
    NoRoom {
        item: Names,
        left: i32,
        wanted: u32,
    },
}

/// Chance (%) that a drained rod or staff crumbles to dust: « très souvent réduit en
/// poussière » (AD&D 2e DMG, Rods and Staves), "very often".
pub const CRUMBLE_ROD: u8 = 75;
/// Chance (%) that a drained wand crumbles to dust: « presque toujours réduite en poussière »
/// (AD&D 2e DMG, Wands), "almost always".
pub const CRUMBLE_WAND: u8 = 95;
/// The most charges one command may add: a typo guard.
pub const RECHARGE_LIMIT: u32 = 1_000;

/// The crumbling chance for this item: the campaign's setting or the default.
pub fn crumble_chance(category: Category, rod: Option<u8>, wand: Option<u8>) -> u8 {
    match category {
        Category::Wand => wand.unwrap_or(CRUMBLE_WAND),
        _ => rod.unwrap_or(CRUMBLE_ROD),
    }
}

/// The roll that decides whether a drained item crumbles.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Crumble {
    pub chance: u8,
    pub roll: Roll,
    pub crumbled: bool,
}

/// What spending charges did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spend {
    pub charges: u32,
    pub remaining: i32,
    /// A trapped wand used by someone other than its maker: its effect turns on the user.
    pub backfired: bool,
    pub drained: bool,
    pub crumble: Option<Crumble>,
}

/// The charges an item holds, if it has charges and is not drained: draining alone ends them,
/// whatever else befell the item (drunk, faded, vanished).
fn usable(item: &Item) -> Result<i32, Refusal> {
    let name = || item.names();
    match (item.status, item.charges) {
        (Status::Drained | Status::Crumbled, _) => Err(Refusal::Drained { item: name() }),
        (_, None) => Err(Refusal::NoCharges { item: name() }),
        (_, Some(left)) => Ok(left),
    }
}

/// Spending charges: the last one, crumbling, trapped wands.
/// Stated for `hoard explain`, citing the book.
pub const SPENDING: super::statement::Statement = super::statement::Statement {
    en: "Charges: spending the last one drains the item of all magic, and a roll decides whether it crumbles to dust; a trapped wand turns on anyone but its maker (AD&D 2e DMG, Rods, Staves and Wands).",
    fr: "Charges : dépenser la dernière vide l'objet de toute magie, et un jet décide s'il tombe en poussière ; une baguette piégée se retourne contre tout autre que son créateur (AD&D 2e, Guide du maître, Sceptres, bâtons et baguettes).",
};

/// Spend `n` charges for `user` (a character id).
pub fn spend(
    item: &Item,
    n: u32,
    user: &str,
    crumble_chance: u8,
    dice: &mut impl Dice,
) -> Result<Spend, Refusal> {
    let remaining = after_spending(item, n)?;
    let trusted =
        item.identity.maker.as_deref() == Some(user) || item.trusted.iter().any(|t| t == user);
    let backfired = item.identity.trapped && !trusted;
    let drained = remaining == 0;
    // At no chance there is nothing to roll: OSE's « the item loses its magical potency ».
    let crumble = (drained && crumble_chance > 0).then(|| {
        let roll = Expr::dice(1, 100).roll(dice);
        let crumbled = roll.total <= i64::from(crumble_chance);
        Crumble {
            chance: crumble_chance,
            roll,
            crumbled,
        }
    });
    Ok(Spend {
        charges: n,
        remaining,
        backfired,
        drained,
        crumble,
    })
}

/// The charges left once `n` are spent, if they can be: at least one, no more than remain,
/// from an item not drained. [`spend`] asks this before its roll, and the ledger of every
/// spending it holds, live, imported or replayed.
pub fn after_spending(item: &Item, n: u32) -> Result<i32, Refusal> {
    let left = usable(item)?;
    if n == 0 {
        return Err(Refusal::NoneSpent);
    }
    if i64::from(n) > i64::from(left) {
        return Err(Refusal::TooMany {
            item: item.names(),
            left,
            wanted: n,
        });
    }
    Ok(left - n as i32)
}

/// Whether a campaign recharges: the AD&D 2e DMG's items may be (the default); OSE's *Rods,
/// Staves, Wands* says « Recharging: Is not possible ».
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Recharging {
    #[default]
    Allowed,
    None,
}

/// Add `n` charges to an item that still holds at least one, where the campaign recharges:
/// the charges it then holds. The live command and the ledger (an import, a replay) both ask
/// this.
pub fn recharge(item: &Item, n: u32, recharging: Recharging) -> Result<i32, Refusal> {
    if recharging == Recharging::None {
        return Err(Refusal::NoRecharging);
    }
    let left = usable(item)?;
    if n == 0 || n > RECHARGE_LIMIT {
        return Err(Refusal::OutOfRange);
    }
    // A charged item keeps at least one charge until drained; none left means drained.
    if left < 1 {
        return Err(Refusal::Drained { item: item.names() });
    }
    left.checked_add(n as i32).ok_or_else(|| Refusal::NoRoom {
        item: item.names(),
        left,
        wanted: n,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::scripted::Scripted;
    use crate::item::Identity;

    fn wand(charges: i32) -> Item {
        let mut w = Item::new(
            "w".into(),
            "Wand".into(),
            "Baguette".into(),
            Category::Wand,
            Identity::default(),
        );
        w.charges = Some(charges);
        w
    }

    #[test]
    fn spending_leaves_the_rest() {
        let s = spend(&wand(10), 3, "a", 95, &mut Scripted::new(&[])).unwrap();
        assert_eq!((s.remaining, s.drained, s.crumble), (7, false, None));
    }

    #[test]
    fn the_last_charge_drains_and_a_roll_decides_the_dust() {
        let s = spend(&wand(2), 2, "a", 95, &mut Scripted::new(&[95])).unwrap();
        assert!(s.drained);
        assert_eq!(s.remaining, 0);
        assert!(s.crumble.unwrap().crumbled, "at the chance: crumbles");
        let s = spend(&wand(1), 1, "a", 95, &mut Scripted::new(&[96])).unwrap();
        assert!(!s.crumble.unwrap().crumbled);
    }

    /// OSE, *Rods, Staves, Wands*: « Consuming the last charge: the item loses its magical
    /// potency », no roll; at a chance of 1 % the roll is still made.
    #[test]
    fn at_no_chance_of_crumbling_the_last_charge_drains_without_a_roll() {
        let s = spend(&wand(1), 1, "a", 0, &mut Scripted::new(&[])).unwrap();
        assert_eq!((s.remaining, s.drained, s.crumble), (0, true, None));
        let s = spend(&wand(1), 1, "a", 1, &mut Scripted::new(&[1])).unwrap();
        assert!(s.crumble.unwrap().crumbled);
    }

    /// OSE, *Rods, Staves, Wands*: « Recharging: Is not possible ».
    #[test]
    fn a_campaign_without_recharging_refuses_even_one_charge() {
        assert_eq!(
            recharge(&wand(5), 1, Recharging::None),
            Err(Refusal::NoRecharging)
        );
        assert_eq!(recharge(&wand(5), 1, Recharging::Allowed), Ok(6));
    }

    #[test]
    fn more_than_remain_or_a_drained_item_is_refused() {
        assert_eq!(
            spend(&wand(2), 3, "a", 95, &mut Scripted::new(&[])),
            Err(Refusal::TooMany {
                item: Names {
                    en: "Wand".into(),
                    fr: "Baguette".into()
                },
                left: 2,
                wanted: 3
            })
        );
        assert_eq!(
            spend(&wand(2), 0, "a", 95, &mut Scripted::new(&[])),
            Err(Refusal::NoneSpent)
        );
        let mut drained = wand(0);
        drained.status = Status::Drained;
        assert!(spend(&drained, 1, "a", 95, &mut Scripted::new(&[])).is_err());
        assert!(
            recharge(&drained, 5, Recharging::Allowed).is_err(),
            "a drained item cannot be recharged"
        );
        let mut plain = wand(1);
        plain.charges = None;
        assert!(spend(&plain, 1, "a", 95, &mut Scripted::new(&[])).is_err());
    }

    #[test]
    fn spending_all_that_remain_leaves_none_and_one_more_is_refused() {
        assert_eq!(after_spending(&wand(3), 3), Ok(0));
        assert_eq!(after_spending(&wand(3), 1), Ok(2));
        for n in [4, u32::MAX] {
            assert!(matches!(
                after_spending(&wand(3), n),
                Err(Refusal::TooMany { left: 3, wanted, .. }) if wanted == n
            ));
        }
        assert_eq!(after_spending(&wand(3), 0), Err(Refusal::NoneSpent));
    }

    #[test]
    fn recharging_needs_a_charge_left() {
        assert_eq!(recharge(&wand(1), 10, Recharging::Allowed), Ok(11));
        assert_eq!(
            recharge(&wand(1), RECHARGE_LIMIT, Recharging::Allowed),
            Ok(1_001)
        );
        assert_eq!(
            recharge(&wand(1), 0, Recharging::Allowed),
            Err(Refusal::OutOfRange)
        );
        assert_eq!(
            recharge(&wand(1), RECHARGE_LIMIT + 1, Recharging::Allowed),
            Err(Refusal::OutOfRange)
        );
        assert!(
            matches!(
                recharge(&wand(0), 1, Recharging::Allowed),
                Err(Refusal::Drained { .. })
            ),
            "none left is drained, whatever its status says"
        );
    }

    #[test]
    fn recharging_stops_at_the_most_charges_an_item_counts() {
        assert_eq!(
            recharge(&wand(i32::MAX - 10), 10, Recharging::Allowed),
            Ok(i32::MAX)
        );
        assert!(matches!(
            recharge(&wand(i32::MAX - 10), 11, Recharging::Allowed),
            Err(Refusal::NoRoom {
                left: 2_147_483_637,
                wanted: 11,
                ..
            })
        ));
    }

    #[test]
    fn only_draining_ends_the_charges_of_an_item() {
        let mut crumbled = wand(0);
        crumbled.status = Status::Crumbled;
        assert!(matches!(
            after_spending(&crumbled, 1),
            Err(Refusal::Drained { .. })
        ));
        assert!(matches!(
            recharge(&crumbled, 1, Recharging::Allowed),
            Err(Refusal::Drained { .. })
        ));
        for status in [Status::Consumed, Status::Faded, Status::Vanished] {
            let mut gone = wand(2);
            gone.status = status;
            assert_eq!(after_spending(&gone, 1), Ok(1), "{status:?}");
            assert_eq!(recharge(&gone, 1, Recharging::Allowed), Ok(3), "{status:?}");
        }
    }

    #[test]
    fn a_trapped_wand_turns_on_all_but_its_maker_and_those_designated() {
        let mut w = wand(5);
        w.identity.trapped = true;
        w.identity.maker = Some("maker".into());
        w.trusted.push("friend".into());
        assert!(
            spend(&w, 1, "thief", 95, &mut Scripted::new(&[]))
                .unwrap()
                .backfired
        );
        assert!(
            !spend(&w, 1, "maker", 95, &mut Scripted::new(&[]))
                .unwrap()
                .backfired
        );
        assert!(
            !spend(&w, 1, "friend", 95, &mut Scripted::new(&[]))
                .unwrap()
                .backfired
        );
        assert!(
            !spend(&wand(5), 1, "thief", 95, &mut Scripted::new(&[]))
                .unwrap()
                .backfired
        );
    }

    #[test]
    fn crumbling_defaults_by_kind() {
        assert_eq!(crumble_chance(Category::Wand, None, None), 95);
        assert_eq!(crumble_chance(Category::Rod, None, None), 75);
        assert_eq!(crumble_chance(Category::Staff, Some(10), Some(50)), 10);
    }
}
