//! The game's rules as plain functions over plain data. Randomness comes in as
//! `&mut impl Dice`; nothing here touches a file, a database or the terminal.

pub mod alignment;
pub mod character;
pub mod clock;
pub mod dice;
pub mod health;
