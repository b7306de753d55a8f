//! What claims refuse (`claim`, `claims settle`, a player's link). Worded by `view::words::claims`.

use crate::rules::item::Names;
use serde::Serialize;

/// Why a claim is refused, as data; `view::words` words it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    /// Not an item of the party's treasure: someone holds it, it was left somewhere, or it is
    /// used up.
    NotInTreasure { item: Names },
    /// A personal link claiming for another character than its own (or for none the
    /// campaign has).
    NotTheirs,
    /// A personal link's claim drawn before this character's latest claim on the item (a
    /// request sent twice, or replayed): it would undo a newer choice.
    Stale,
    /// A personal link's claim drawn at a ledger number the ledger has not reached: forged.
    Forged,
}
