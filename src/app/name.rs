//! An item's name as the commands return it: kept in both languages, so that the app chooses
//! none; the edge shows the reader's (`view::words::names` words it, in `--json` too).

use crate::rules::item::{Item, Names};

/// An item's names, shown in the reader's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Name(pub Names);

impl Name {
    pub fn of(item: &Item) -> Self {
        Self(item.names())
    }
}

/// What a character calls an item (`rules::knowledge::KnownName`), shown in the reader's
/// language by `view` (in `--json` too).
#[derive(Clone, Debug)]
pub struct KnownAs(pub crate::rules::knowledge::KnownName);

/// An item as a viewer sees it (`rules::knowledge::Revealed`), shown in the reader's language
/// by `view` (in `--json` too).
#[derive(Clone, Debug)]
pub struct Seen(pub crate::rules::knowledge::Revealed);
