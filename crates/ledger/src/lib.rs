//! The ledger: every change to a campaign is an [`Event`], recorded with when it happened and
//! every die it rolled, and applied to the campaign [`State`] by one projector
//! ([`State::apply`]). Live commands and replay use the same projector, so the state can always
//! be rebuilt from the events alone, never re-rolling a die. Pure: no SQL here.

#![forbid(unsafe_code)]

// The rules, under the name the ledger has always used for them.
use hoard_rules as rules;

mod admit;
mod apply;
mod event;
pub mod hoards;
pub mod invariants;
mod names;
mod refusal;
pub mod state;
pub mod timeline;
pub mod treasury;

pub use event::Origin;
pub use event::{
    Act, Award, Change, Event, EventView, Family, Fuel, Mixed, Recorded, Through, Upkept, VoidClaim,
};
pub use refusal::{Conflict, Refusal};
pub use state::{Campaign, Changed, Character, Item, Member, Session, Setting, Settings, State};

/// Entity ids (characters, items) are UUID text: readable in the plain `sqlite3` client.
pub type Id = String;

/// The longest id hoard accepts: its own are UUIDs (36 characters).
pub const ID_LIMIT: usize = 64;

/// The first eight characters of an id, as lists show it: cut on a character boundary, so an
/// id from a crafted file (short, or not ASCII) shows as it is.
pub fn short_id(id: &str) -> &str {
    id.char_indices().nth(8).map_or(id, |(end, _)| &id[..end])
}

/// Ids for what a command creates (characters, items, effects). Under `--seed` they are drawn
/// from the seed and the campaign's event count — the same commands on a fresh campaign give
/// the same ids, and two commands of one campaign never share one; otherwise from the OS.
pub struct Ids {
    rng: Option<rand_chacha::ChaCha8Rng>,
}

impl Ids {
    pub fn new(seed: Option<u64>, salt: i64) -> Ids {
        use rand::SeedableRng;
        Ids {
            rng: seed.map(|seed| {
                let mut key = [0u8; 32];
                key[..8].copy_from_slice(&seed.to_le_bytes());
                key[8..16].copy_from_slice(&salt.to_le_bytes());
                key[16] = 1; // keep id streams apart from the dice of the same seed
                rand_chacha::ChaCha8Rng::from_seed(key)
            }),
        }
    }

    pub fn draw(&mut self) -> Id {
        use rand::RngCore;
        match &mut self.rng {
            Some(rng) => {
                let mut bytes = [0u8; 16];
                rng.fill_bytes(&mut bytes);
                uuid::Builder::from_random_bytes(bytes)
                    .into_uuid()
                    .to_string()
            }
            None => uuid::Uuid::new_v4().to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_short_id_is_cut_on_a_character_boundary() {
        assert_eq!(super::short_id("8aa2ef3c-1d48-4aff"), "8aa2ef3c");
        assert_eq!(super::short_id("c1"), "c1");
        assert_eq!(super::short_id("ééééééééé"), "éééééééé");
    }
}
