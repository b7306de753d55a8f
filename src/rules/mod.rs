//! The game's rules as plain functions over plain data. Randomness comes in as
//! `&mut impl Dice`; nothing here touches a file, a database or the terminal.

pub mod alignment;
pub mod armor;
pub mod character;
pub mod charges;
pub mod clock;
pub mod dice;
pub mod generate;
pub mod health;
pub mod item;
pub mod sword;
pub mod tables;
