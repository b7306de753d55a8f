//! The party's money as the ledger keeps it: the pool, each character's purse and each named
//! place (a bank, a stronghold, a cache), with every coin added and spent since the campaign
//! began — so that, denomination by denomination, what the holders have always adds up to what
//! came in less what went out — and what the coin events carry: who holds coins, a share-out's
//! portions, a sale's items, an award's valuables and what each character earned.
//!
//! Plain data, below the events and the state that hold it; how each event moves the coins,
//! and what it must be to stand, is the projector's (`apply::coins`).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::Id;
use crate::rules::coins::Coins;
use crate::rules::limits;
use crate::rules::loot;
use crate::rules::party::{Division, split_coins};
use crate::rules::sale::Market;
use crate::rules::share::Share;
use crate::rules::xp::Gain;

/// Who holds coins.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "holder", rename_all = "snake_case")]
pub enum Holder {
    /// The party's pool: what is shared out with `share`. During an expedition (a session with
    /// a roster) it is that expedition's own pool, folded into the campaign's at its end.
    Pool,
    /// A character's purse.
    Character { id: Id, name: String },
    /// A named place: a bank, a stronghold, a cache.
    Place { name: String },
}

impl Holder {
    pub fn character(&self) -> Option<&Id> {
        match self {
            Holder::Character { id, .. } => Some(id),
            _ => None,
        }
    }

    /// Its row outside an expedition (within one, the pool is the expedition's:
    /// `State::row_of`).
    pub(crate) fn row(&self) -> CoinRow {
        match self {
            Holder::Pool => CoinRow::Pool,
            Holder::Character { id, .. } => CoinRow::Purse(id.clone()),
            Holder::Place { name } => CoinRow::Place(name.clone()),
        }
    }
}

/// One row of coins as the store keeps it: a holder, or one of the campaign's two totals.
/// Its JSON names it in `row` (`pool`, `expedition` with its `session` …).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(tag = "row", content = "of", rename_all = "snake_case")]
pub enum CoinRow {
    Pool,
    /// The pool of an open session with a roster: what that party found and has not shared.
    Expedition(u32),
    Purse(Id),
    Place(String),
    Added,
    Spent,
}

/// Every holder's coins, and the campaign's totals.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Treasury {
    pub pool: Coins,
    /// Purses by character id.
    pub purses: BTreeMap<Id, Coins>,
    /// Places by name.
    pub places: BTreeMap<String, Coins>,
    /// The pools of expeditions under way, by session.
    pub expeditions: BTreeMap<u32, Coins>,
    /// Every coin that came into the campaign, and every coin spent.
    pub added: Coins,
    pub spent: Coins,
}

impl CoinRow {
    /// The most of a coin the row may count: a holder's limit, or the campaign's totals'.
    pub(crate) fn cap(&self) -> i64 {
        match self {
            CoinRow::Added | CoinRow::Spent => limits::COINS_COUNTED,
            CoinRow::Pool | CoinRow::Expedition(_) | CoinRow::Purse(_) | CoinRow::Place(_) => {
                limits::COINS
            }
        }
    }
}

impl Treasury {
    /// The coins of one row (none for a holder never seen).
    pub fn row(&self, row: &CoinRow) -> Coins {
        match row {
            CoinRow::Pool => self.pool,
            CoinRow::Expedition(n) => self.expeditions.get(n).copied().unwrap_or_default(),
            CoinRow::Purse(id) => self.purses.get(id).copied().unwrap_or_default(),
            CoinRow::Place(name) => self.places.get(name).copied().unwrap_or_default(),
            CoinRow::Added => self.added,
            CoinRow::Spent => self.spent,
        }
    }

    pub fn row_mut(&mut self, row: &CoinRow) -> &mut Coins {
        match row {
            CoinRow::Pool => &mut self.pool,
            CoinRow::Expedition(n) => self.expeditions.entry(*n).or_default(),
            CoinRow::Purse(id) => self.purses.entry(id.clone()).or_default(),
            CoinRow::Place(name) => self.places.entry(name.clone()).or_default(),
            CoinRow::Added => &mut self.added,
            CoinRow::Spent => &mut self.spent,
        }
    }

    /// Every row that holds coins, totals included: what the store keeps and `check` compares
    /// (a holder left with nothing is the same as one never seen).
    pub fn rows(&self) -> BTreeMap<CoinRow, Coins> {
        let mut rows = BTreeMap::new();
        rows.insert(CoinRow::Pool, self.pool);
        rows.insert(CoinRow::Added, self.added);
        rows.insert(CoinRow::Spent, self.spent);
        for (id, coins) in &self.purses {
            rows.insert(CoinRow::Purse(id.clone()), *coins);
        }
        for (name, coins) in &self.places {
            rows.insert(CoinRow::Place(name.clone()), *coins);
        }
        for (n, coins) in &self.expeditions {
            rows.insert(CoinRow::Expedition(*n), *coins);
        }
        rows.retain(|_, coins| !coins.is_zero());
        rows
    }

    /// What the pool, the purses and the places hold together (`None` past the limit of
    /// what the campaign counts).
    pub fn held(&self) -> Option<Coins> {
        self.purses
            .values()
            .chain(self.places.values())
            .chain(self.expeditions.values())
            .try_fold(self.pool, |sum, c| {
                sum.checked_add(c, limits::COINS_COUNTED).ok()
            })
    }

    /// Whether, denomination by denomination, the holders hold exactly what was added less what
    /// was spent, and nobody holds less than nothing.
    pub fn balances(&self) -> bool {
        let rows_valid = self.rows().iter().all(|(row, c)| c.within(row.cap()));
        rows_valid && self.held().is_some() && self.held() == self.added.checked_sub(&self.spent)
    }
}

/// One character's portion of a share-out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Portion {
    pub character: Id,
    pub name: String,
    pub share: Share,
    pub coins: Coins,
    /// Under `share --items`, the items they received since their last share-out, counted
    /// against their portion (`rules::loot`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<Received>,
}

impl Portion {
    /// What the items counted against the portion were worth together, as the party believed
    /// or agreed (none if past the campaign's count of coins: a ledger edited by hand).
    pub fn items_worth(&self) -> Option<Coins> {
        self.items.iter().try_fold(Coins::default(), |sum, r| {
            sum.checked_add(&r.counted().unwrap_or_default(), limits::COINS_COUNTED)
                .ok()
        })
    }

    /// The items counted against the portion whose worth nobody knew nor agreed: counted as
    /// nothing.
    pub fn unknown_worth(&self) -> impl Iterator<Item = &Received> {
        self.items.iter().filter(|r| r.counted().is_none())
    }
}

/// The coins a share-out pays from `pool` to `portions` (their coins aside) and what it
/// leaves: the book's division by `division` (`rules::party`), or, once items are counted
/// against the portions, the reckoning by worth (`rules::loot`), which only divides by
/// shares. `None` for a share-out that cannot be: items counted under another division, one
/// item counted twice, a worth that is not coins.
pub fn share_out(
    pool: &Coins,
    portions: &[Portion],
    division: Division,
) -> Option<(Vec<Coins>, Coins)> {
    let shares: Vec<Share> = portions.iter().map(|p| p.share).collect();
    let items: Vec<&Received> = portions.iter().flat_map(|p| &p.items).collect();
    if items.is_empty() {
        return Some(split_coins(pool, &shares, division));
    }
    let twice = items
        .iter()
        .enumerate()
        .any(|(n, r)| items[..n].iter().any(|o| o.item == r.item));
    let invalid = items
        .iter()
        .any(|r| [r.worth, r.agreed].iter().flatten().any(|w| !w.is_valid()));
    if division != Division::Shares || twice || invalid {
        return None;
    }
    let sharers = portions
        .iter()
        .map(|p| Some((p.share, p.items_worth()?.copper())))
        .collect::<Option<Vec<_>>>()?;
    Some(loot::pay(pool, &loot::reckon(pool.copper(), &sharers)))
}

/// An item a character received from the party's treasure since their last share-out,
/// counted against their next one: its worth as the party believed it then (`None`: not
/// known), or the worth the party agreed it has for this share-out (`share --worth`), which
/// is counted instead; with neither, it counts as nothing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Received {
    pub item: Id,
    pub name: String,
    pub name_fr: String,
    pub worth: Option<Coins>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agreed: Option<Coins>,
}

impl Received {
    /// The worth counted against the portion: the agreed one, else the believed one.
    pub fn counted(&self) -> Option<Coins> {
        self.agreed.or(self.worth)
    }
}

/// A valuable counted in an award, with its value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Valuable {
    pub item: Id,
    pub name: String,
    pub name_fr: String,
    pub value: Coins,
}

/// One item of a sale: who held it or where it was left, and its market's fraction — none
/// when the referee named the price (`sell --for`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sold {
    pub item: Id,
    pub name: String,
    pub name_fr: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<Id>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<String>,
    pub market: Market,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub percent: Option<u8>,
}

/// What one character earned in an award, with the arithmetic (see [`crate::rules::xp::gain`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Earned {
    pub character: Id,
    pub name: String,
    pub share: Share,
    #[serde(flatten)]
    pub gain: Gain,
}
