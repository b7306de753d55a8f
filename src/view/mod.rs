//! What the two edges show, in the reader's language: the command line and the web page both
//! word events, items, money and the rules' refusals through these modules, and pass every
//! text from outside through [`inert`]. Rendering only: nothing here reads the database or
//! decides a rule.

pub mod armor;
pub mod describe;
pub mod encumbrance;
pub mod error;
pub mod inert;
pub mod item;
pub mod money;
pub mod posting;
pub mod tone;
pub mod treasure;
pub mod words;
