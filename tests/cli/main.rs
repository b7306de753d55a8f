//! Integration tests: the real `hoard` binary on temporary database files.

mod common;
mod foundation;
mod foundry;
mod generation;
mod items;
mod readme;
mod repository;
mod swords;
mod trust;
mod ux;
