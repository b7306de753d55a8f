//! Integration tests: the real `hoard` binary on temporary database files.

mod common;
mod foundation;
mod foundry;
mod generation;
mod items;
mod readme;
mod swords;
mod treasury;
mod trust;
mod ux;
