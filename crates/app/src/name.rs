//! An item's names as the commands return them: kept in both languages ([`Names`]), so that
//! the application chooses none and `--json` reads the same in every language. A field
//! `item: Names` marked `#[serde(flatten, serialize_with = "name::item")]` reads
//! `"item": "Wand of Frost", "item_fr": "Baguette de givre"`, as events carry their names.

use serde::ser::{SerializeMap, Serializer};

use crate::rules::item::Names;

/// `key` and `key_fr`: the English name and the French one (the English where there is none).
fn pair<S: Serializer>(key: &str, names: Option<&Names>, s: S) -> Result<S::Ok, S::Error> {
    let mut out = s.serialize_map(Some(2))?;
    let both = names.map(|n| Names::both(&n.en, &n.fr));
    out.serialize_entry(key, &both.as_ref().map(|n| &n.en))?;
    out.serialize_entry(&format!("{key}_fr"), &both.as_ref().map(|n| &n.fr))?;
    out.end()
}

/// `item` and `item_fr`.
pub fn item<S: Serializer>(names: &Names, s: S) -> Result<S::Ok, S::Error> {
    pair("item", Some(names), s)
}

/// `sword` and `sword_fr`.
pub fn sword<S: Serializer>(names: &Names, s: S) -> Result<S::Ok, S::Error> {
    pair("sword", Some(names), s)
}

/// `weapon` and `weapon_fr`, null when there is none.
pub fn weapon<S: Serializer>(names: &Option<Names>, s: S) -> Result<S::Ok, S::Error> {
    pair("weapon", names.as_ref(), s)
}

/// A list of names, each `{"name": …, "name_fr": …}`.
pub fn list<S: Serializer>(names: &[Names], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(names.iter().map(Named))
}

/// One name of a [`list`].
struct Named<'a>(&'a Names);

impl serde::Serialize for Named<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        pair("name", Some(self.0), s)
    }
}
