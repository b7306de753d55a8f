//! What the coin commands refuse (`coins`, `share`, `sell`, `exchange`, `stash`, `xp award`). Worded by `view::money`.

use crate::ledger::treasury::Holder;
use crate::rules::coins::{Coins, Denomination};
use crate::rules::share::Share;
use serde::Serialize;

/// Why a treasury command is refused, as data (a `--json` error carries its fields).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    /// A holder lacks some of the coins asked for (coins are never negative, and none is
    /// changed for another).
    Lacks {
        holder: Holder,
        has: Coins,
        wants: Coins,
    },
    /// Coins moved to where they already are.
    SameHolder { holder: Holder },
    /// Nothing in the pool to share.
    EmptyPool,
    /// Nobody takes part: every character is on 0 or dead (and the dead's treasure does not
    /// go to their heirs), or there is no character.
    NoSharers,
    /// Too few coins of every denomination for anyone to get one.
    TooLittle { pool: Coins, shares: Share },
    /// Experience for this session stands already.
    AlreadyAwarded { session: u32, event: i64 },
    /// No play session to award experience for.
    NoSession,
    /// No treasure brought back and no monster XP: nothing to award.
    NothingToAward { session: u32 },
    /// An item left at the place it already is.
    AlreadyThere {
        item: crate::rules::item::Names,
        place: String,
    },
    /// An item sold without `--for` that has no worth (a magic item).
    Unpriced { item: crate::rules::item::Names },
    /// An item named twice in one sale.
    SoldTwice { item: crate::rules::item::Names },
    /// A worth agreed (`share --worth`) for an item not counted in the share-out: nobody
    /// sharing received it from the treasure since their last share-out, or holds it still.
    NotCounted { item: crate::rules::item::Names },
    /// Two worths agreed for one item.
    AgreedTwice { item: crate::rules::item::Names },
    /// A worth agreed past a valuable's limit (`rules::limits::VALUE_GP`).
    AgreedPastLimit {
        item: crate::rules::item::Names,
        limit: i64,
    },
    /// Magic items and valuables in one sale (`item`, and `first` the other kind's).
    MixedSale {
        item: crate::rules::item::Names,
        first: String,
    },
    /// Coins offered for their own kind (`exchange 10gp --for gp`).
    SameCoin { coin: Denomination },
    /// Too few coins to make one of `coin` after the fee.
    TooFewToChange { coin: Denomination },
}
