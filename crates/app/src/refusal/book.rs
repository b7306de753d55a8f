//! What `study` refuses before the rules of books are asked. Worded by `view::words::study`.

use crate::rules::item::Names;
use serde::Serialize;

/// Why a book cannot be studied before the rules are asked: data, worded by
/// `view::words::book`.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    /// The reader must own the book.
    NotOwned { character: String, item: Names },
}
