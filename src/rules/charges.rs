//! Charged items (rods, staves, wands and anything with charges): spending, draining,
//! crumbling and recharging (seed 004).

/// Chance (%) that a drained rod or staff crumbles to dust: the seed says "very often".
pub const CRUMBLE_ROD: u8 = 75;
/// Chance (%) that a drained wand crumbles to dust: the seed says "almost always".
pub const CRUMBLE_WAND: u8 = 95;
