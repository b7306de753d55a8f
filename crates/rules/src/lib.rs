//! The game's rules as plain functions over plain data. Randomness comes in as
//! `&mut impl Dice`; nothing here touches a file, a database or the terminal.

#![forbid(unsafe_code)]

pub mod alignment;
pub mod armor;
pub mod armor_kind;
pub mod book;
pub mod character;
pub mod charges;
pub mod claims;
pub mod class;
pub mod clock;
pub mod coins;
pub mod control;
pub mod custody;
pub mod defaults;
pub mod dice;
pub mod effect;
pub mod encumbrance;
pub mod exchange;
#[cfg(any(test, feature = "fixtures"))]
pub mod fixtures;
pub mod food;
pub mod generate;
pub mod health;
pub mod item;
pub mod knowledge;
pub mod light;
pub mod limits;
pub mod loot;
pub mod magic;
pub mod party;
pub mod potion;
pub mod purchase;
pub mod raise;
pub mod rarity;
pub mod ring;
pub mod sale;
pub mod scroll;
pub mod share;
pub mod statement;
pub mod sword;
pub mod tables;
pub mod treasure;
pub mod upkeep;
pub mod wages;
pub mod weapon;
pub mod weight;
pub mod xp;
