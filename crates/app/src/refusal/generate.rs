//! What `generate` refuses before it rolls. Worded by `view::words::generate`.

use serde::Serialize;

/// Why `generate` refuses its options: data, worded by `view::words::generate`.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    /// `--count` beyond 1 to `max`.
    CountOutOfRange { count: u32, max: u32 },
    /// `--read` without `--to`: no one to read.
    ReadWithoutTo,
    /// `--sentient` for what is not a sword.
    SentientNotSword,
    /// Valuables are recorded by hand, not rolled.
    Valuable,
    /// Gear is bought (`buy`), not rolled.
    Gear,
}
