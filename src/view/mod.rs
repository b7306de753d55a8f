//! What the two edges show, in the reader's language: the command line and the web page both
//! word events, items, money and the rules' refusals through these modules, and pass every
//! text from outside through [`inert`]. Rendering only: nothing here reads the database or
//! decides a rule.
//!
//! Every match here names each variant of the enum it reads, with no `_` arm to take the rest
//! (`cargo clippy` refuses one: `wildcard_enum_match_arm` is denied), so a new kind of event,
//! refusal or fault does not compile until every view has worded it.

#![deny(clippy::wildcard_enum_match_arm)]

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
pub mod upkeep;
pub mod words;
