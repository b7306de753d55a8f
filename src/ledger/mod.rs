//! The ledger: every change to a campaign is an [`Event`], recorded with when it happened and
//! every die it rolled, and applied to the campaign [`State`] by one projector
//! ([`State::apply`]). Live commands and replay use the same projector, so the state can always
//! be rebuilt from the events alone, never re-rolling a die. Pure: no SQL here.

mod apply;
mod event;
pub mod state;

pub use apply::Conflict;
pub use event::Origin;
pub use event::{Act, Change, Event, Recorded};
pub use state::{Campaign, Changed, Character, Item, Session, Setting, Settings, State};

/// Entity ids (characters, items) are UUID text: readable in the plain `sqlite3` client.
pub type Id = String;

pub fn new_id() -> Id {
    uuid::Uuid::new_v4().to_string()
}
