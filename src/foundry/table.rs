//! hoard's random tables as Foundry RollTable documents, so that a referee can roll them inside
//! Foundry: the shape of the dnd5e 5.3.3 pack sources (`packs/_source/tables/carpet-of-flying.yml`
//! for a result that is a document, `armor-of-resistance.yml` for one that is text), in a pack of
//! their own. A result whose entry sends to another table links to that table's document; one
//! whose entry names an exported item links to that item's document in the items' pack.

use std::collections::BTreeMap;

use serde_json::{Value, json};

use super::{CORE_VERSION, System, clean, foundry_id};
use crate::rules::tables::{Entry, Table, Tables};

/// The compendium pack the tables fill.
pub const PACK: &str = "hoard-tables";

/// Each table's RollTable `_id`, by its name: what links to a table point at.
pub fn ids(system: System, tables: &Tables) -> BTreeMap<&str, String> {
    tables
        .iter()
        .map(|t| (t.name.as_str(), table_id(system, &t.name, None)))
        .collect()
}

/// One RollTable for each table (each band of a banded table: hoard picks the band by what the
/// roll depends on, Foundry cannot), by its file stem. `items` gives an exported item's `_id`
/// by the name its document bears; `ids` each table's ([`ids`]); `module` is the module's id,
/// for the links.
pub fn documents(
    system: System,
    tables: &Tables,
    items: &BTreeMap<String, String>,
    ids: &BTreeMap<&str, String>,
    module: &str,
) -> Vec<(String, Value)> {
    let link = Links {
        items,
        tables: ids,
        module,
    };
    let mut out = Vec::new();
    for table in tables.iter() {
        if table.bands.is_empty() {
            let id = table_id(system, &table.name, None);
            let doc = document(system, table, &id, None, &table.entries, &link);
            out.push((table.name.clone(), doc));
        }
        for (n, band) in table.bands.iter().enumerate() {
            // The first band stands for the table where another table sends to it.
            let id = table_id(system, &table.name, (n > 0).then_some(n));
            let doc = document(system, table, &id, Some(&band.when), &band.entries, &link);
            out.push((format!("{}-{}", table.name, n + 1), doc));
        }
    }
    out
}

struct Links<'a> {
    items: &'a BTreeMap<String, String>,
    tables: &'a BTreeMap<&'a str, String>,
    module: &'a str,
}

fn table_id(system: System, name: &str, band: Option<usize>) -> String {
    let key = match band {
        Some(n) => format!("table:{name}:{n}"),
        None => format!("table:{name}"),
    };
    foundry_id(system, &key)
}

fn document(
    system: System,
    table: &Table,
    id: &str,
    band: Option<&str>,
    entries: &[Entry],
    link: &Links<'_>,
) -> Value {
    let mut name = clean(crate::i18n::pick(&table.title, &table.title_fr));
    if let Some(when) = band {
        name.push_str(&format!(" ({})", clean(when)));
    }
    let results: Vec<Value> = entries
        .iter()
        .enumerate()
        .map(|(n, entry)| result(system, id, &table.name, n, entry, link))
        .collect();
    let mut flags =
        json!({ "hoard": { "table": table.name, "version": table.version, "hash": table.hash } });
    if system == System::Ose {
        // ose marks a treasure table with its flag (`src/module/helpers-treasure.js`,
        // `getFlag(game.system.id, "treasure")`); there each result is drawn on its own at a
        // chance of its weight in percent. hoard's tables pick one entry a roll, so they are
        // flagged as not such tables: ose's "Roll treasure" then rolls them as Foundry does.
        flags["ose"] = json!({ "treasure": false });
    }
    json!({
        "_id": id,
        "name": name,
        "img": "icons/svg/d20-black.svg",
        "description": super::escape(&table.source),
        "results": results,
        "formula": table.die.to_string(),
        "replacement": true,
        "displayRoll": true,
        "folder": null,
        "sort": 0,
        "ownership": { "default": 0 },
        "flags": flags,
        "_stats": stats(system),
        "_key": format!("!tables!{id}"),
    })
}

/// A result: the entry's range and weight (its share of the die), its words, and what it
/// links to.
fn result(
    system: System,
    table: &str,
    name: &str,
    n: usize,
    entry: &Entry,
    link: &Links<'_>,
) -> Value {
    let id = foundry_id(system, &format!("table:{name}:result:{n}"));
    let text = clean(crate::i18n::pick(&entry.name, &entry.fr));
    let target = match &entry.table {
        Some(other) => link
            .tables
            .get(other.as_str())
            .map(|to| format!("Compendium.{}.{PACK}.RollTable.{to}", link.module)),
        None => link
            .items
            .get(&text)
            .map(|to| format!("Compendium.{}.{}.Item.{to}", link.module, super::PACK)),
    };
    let mut result = json!({
        "type": "text",
        "weight": entry.hi - entry.lo + 1,
        "range": [entry.lo, entry.hi],
        "drawn": false,
        "_id": id,
        "img": "icons/svg/d20-black.svg",
        "flags": {},
        "_stats": result_stats(),
        "description": super::escape(&text),
        "name": "",
        "_key": format!("!tables.results!{table}.{id}"),
    });
    if let Some(uuid) = target {
        result["type"] = json!("document");
        result["name"] = json!(text);
        result["description"] = json!("");
        result["documentUuid"] = json!(uuid);
    }
    result
}

pub(super) fn stats(system: System) -> Value {
    json!({
        "duplicateSource": null,
        "coreVersion": CORE_VERSION,
        "systemId": system.id(),
        "systemVersion": system.version(),
        "createdTime": null,
        "modifiedTime": null,
        "lastModifiedBy": null,
        "exportSource": null,
    })
}

pub(super) fn result_stats() -> Value {
    json!({
        "coreVersion": CORE_VERSION,
        "systemId": null,
        "systemVersion": null,
        "createdTime": null,
        "modifiedTime": null,
        "lastModifiedBy": null,
        "compendiumSource": null,
        "duplicateSource": null,
        "exportSource": null,
    })
}
