//! What the sentient-sword commands refuse. Worded by `view::words::sword`.

use crate::rules::item::Names;
use serde::Serialize;

/// Why a sword command refuses: data, worded by `view::words::sword`.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    /// The item has no mind.
    NotSentient {
        item: Names,
    },
    /// The character named does not hold the sword.
    NotHeld {
        sword: Names,
        character: String,
    },
    /// Sheathing a sword that is not in hand.
    NotInHand {
        sword: Names,
        character: String,
    },
    /// No power of the sword answers to what was typed.
    NoSuchPower {
        sword: Names,
        power: String,
        powers: Vec<String>,
    },
    /// A power is used from the wielder's hand only.
    NotWielded {
        sword: Names,
    },
    /// A power's limit is reached: `used` times since `since`, usable again at `until`.
    UsedUp {
        sword: Names,
        power: String,
        uses: String,
        used: i64,
        since: i64,
        until: i64,
        now: i64,
    },
    /// Demands and release need a sword in control.
    ControlsNoOne {
        sword: Names,
    },
    EncounterUnderWay,
    NoEncounter,
}
