//! What `wear` and `remove` refuse. Worded by `view::words::wear`.

use crate::rules::item::Names;
use serde::Serialize;

/// Why an item cannot be worn or taken off: data, worded by `view::words::wear`.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    /// The wearer must hold the item first.
    InTreasure {
        item: Names,
        character: String,
    },
    AlreadyWorn {
        item: Names,
        character: String,
    },
    Gone {
        item: Names,
    },
    /// Only rings, armor and shields are worn.
    NotWearable {
        item: Names,
    },
    /// A ring needs `--hand`.
    WhichHand,
    /// `--hand` given for what is not a ring.
    HandForNonRing {
        item: Names,
    },
    /// The body or shield slot is taken by `other`.
    SlotTaken {
        character: String,
        other: Names,
    },
    NotWorn {
        item: Names,
    },
    /// Cursed armour whose curse has shown: « not able to discard the item. It can only be
    /// removed with magic » (OSE *Cursed Armour and Shields*).
    Cursed {
        item: Names,
        character: String,
    },
}
