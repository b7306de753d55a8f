//! What the application refuses, as data: one type a family of commands, each worded by its
//! namesake in `view::words`, and each carried by an [`crate::error::Problem`] whose fields a
//! `--json` error holds. They sit below every command, so that `error` can name them all
//! without the commands and `error` importing each other.

pub mod book;
pub mod campaign;
pub mod character;
pub mod claims;
pub mod coins;
pub mod custody;
pub mod debts;
pub mod export;
pub mod files;
pub mod generate;
pub mod history;
pub mod item;
pub mod light;
pub mod log;
pub mod lookup;
pub mod retainer;
pub mod scroll;
pub mod session;
pub mod shop;
pub mod sword;
pub mod tables;
pub mod treasure;
pub mod wear;
