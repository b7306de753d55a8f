//! Integration tests: the real `hoard` binary on temporary database files.

mod browser;
mod common;
mod consistency;
mod files;
mod foundation;
mod foundry;
mod generation;
mod hostile;
mod items;
mod leak;
mod readme;
mod repository;
mod serve;
mod swords;
mod treasury;
mod trust;
mod ux;
mod voids;
