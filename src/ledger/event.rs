//! The events of a campaign. Each holds everything needed to apply it again — including every
//! die rolled — and the names of what it touched, so the ledger reads on its own.

use serde::{Deserialize, Serialize};
use strum::{IntoStaticStr, VariantNames};

use super::Id;
use super::state::{Character, Item, Setting};
use crate::rules::dice::Roll;
use crate::rules::item::Step;

/// An event as stored: its number in the campaign, what caused it (for consequences such as a
/// control check set off by a wound), the session open at the time, the game clock, the wall
/// clock, and the event itself.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Recorded {
    pub seq: i64,
    pub cause: Option<i64>,
    pub session: Option<u32>,
    pub game_time: i64,
    pub wall_time: String,
    #[serde(flatten)]
    pub event: Event,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, IntoStaticStr, VariantNames)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum Event {
    CampaignCreated {
        name: String,
    },
    SettingChanged {
        setting: Setting,
    },
    SessionStarted {
        number: u32,
        title: Option<String>,
    },
    SessionEnded {
        number: u32,
    },
    CharacterAdded {
        character: Character,
    },
    CharacterDamaged {
        character: Id,
        name: String,
        amount: u32,
        hp: i32,
    },
    CharacterHealed {
        character: Id,
        name: String,
        amount: u32,
        hp: i32,
    },
    TimeAdvanced {
        rounds: i64,
        clock: i64,
    },
    DiceRolled {
        roll: Roll,
    },
    /// A roll on one table (`hoard tables roll`).
    TableRolled {
        table: String,
        version: u32,
        roll: Roll,
        entry: String,
    },
    /// An item enters the campaign: generated from the tables or added by the referee.
    ItemCreated {
        item: Box<Item>,
        origin: Box<Origin>,
    },
}

/// Where an item came from: how it was made, and for a generated one the seed, the tables
/// and every roll (so `explain` can tell its story and replay never needs the tables).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Origin {
    /// `generated` or `added`.
    pub how: String,
    /// The table generation started from (`magic-items`, `wands` …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// `shipped`, or the folder of edited tables that was used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tables: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<Step>,
}

impl Event {
    /// The `kind` column: the serde tag of the variant.
    pub fn kind(&self) -> &'static str {
        self.into()
    }

    /// The character who acted, when one did.
    pub fn actor(&self) -> Option<&Id> {
        None
    }

    /// The character or item the event is about.
    pub fn subject(&self) -> Option<&Id> {
        match self {
            Event::CharacterAdded { character } => Some(&character.id),
            Event::ItemCreated { item, .. } => Some(&item.id),
            Event::CharacterDamaged { character, .. }
            | Event::CharacterHealed { character, .. } => Some(character),
            _ => None,
        }
    }

    /// Every entity the event touches (for `log --character` and `item history`).
    pub fn refs(&self) -> Vec<&Id> {
        let mut refs: Vec<&Id> = self.actor().into_iter().chain(self.subject()).collect();
        if let Event::ItemCreated { item, .. } = self {
            refs.extend(item.holder.as_ref());
        }
        refs.sort();
        refs.dedup();
        refs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kind_matches_the_serde_tag() {
        let event = Event::TimeAdvanced {
            rounds: 10,
            clock: 10,
        };
        let json = serde_json::to_value(&event).unwrap();
        assert_eq!(json["kind"], event.kind());
        assert!(Event::VARIANTS.contains(&event.kind()));
    }
}
