//! What `light` and `douse` refuse. Worded by `view::words::light`.

use serde::Serialize;

use crate::rules::item::Names;
use crate::rules::light::Unlit;

/// A light that cannot be lit or put out by this character, and why (`rules::light`).
#[derive(Debug, Clone, Serialize)]
pub struct Refusal {
    pub item: Names,
    pub character: String,
    #[serde(flatten)]
    pub why: Unlit,
}
