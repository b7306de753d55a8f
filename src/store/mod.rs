//! The store owns every SQL statement. One SQLite file holds all campaigns; a command uses one
//! connection, opened by [`open::open`].

pub mod campaigns;
pub mod characters;
pub mod effects;
pub mod events;
pub mod items;
pub mod open;
#[cfg(test)]
mod plans;
pub mod sessions;
pub mod state;
pub mod write;

pub use open::{Db, open};
