//! The treasure types (OSE's A–V and unguarded treasure, the AD&D 2e DMG's A–Z) as Foundry
//! roll tables, in the tables' pack: a table a type, a result a part. ose rolls such a table
//! in its treasure-table mode (`flags.ose.treasure`, `src/module/helpers-treasure.js`): each
//! result is there on its own when d100 rolls at most its weight, the part's chance. dnd5e has
//! no such mode: its tables draw every part at once (one result a part, all on the formula's
//! one face), each saying its chance with the d100 that decides it. Either way a part's text
//! rolls its amount inline and links to the table its gems, jewellery or magic items are drawn
//! on.

use std::collections::BTreeMap;

use serde_json::{Value, json};

use super::table::{result_stats, stats};
use super::{System, clean, escape, foundry_id};
use crate::rules::tables::Tables;
use crate::rules::tables::treasures::{Group, Holds, Kind, Part, Treasures};
use crate::tr;

/// One RollTable for each type of each game's treasure types, by file stem. `tables` gives a
/// random table's document `_id` by its name, `module` the module's id, for the links.
pub fn documents(
    system: System,
    tables: &Tables,
    ids: &BTreeMap<&str, String>,
    module: &str,
) -> Vec<(String, Value)> {
    let mut out = Vec::new();
    for treasures in tables.all_treasures() {
        for kind in treasures.types.iter().chain(&treasures.levels) {
            let stem = format!("{}-{}", treasures.name, kind.key);
            out.push((stem, document(system, tables, treasures, kind, ids, module)));
        }
    }
    out
}

fn document(
    system: System,
    tables: &Tables,
    treasures: &Treasures,
    kind: &Kind,
    ids: &BTreeMap<&str, String>,
    module: &str,
) -> Value {
    let id = foundry_id(system, &format!("treasure:{}:{}", treasures.name, kind.key));
    let title = clean(crate::i18n::pick(&treasures.title, &treasures.title_fr));
    let key = clean(&kind.key);
    let name = match kind.group {
        Some(Group::Lair) => tr!("{title}: {key} (lair)", "{title} : {key} (repaire)"),
        Some(Group::Individual) => tr!(
            "{title}: {key} (individual)",
            "{title} : {key} (individuel)"
        ),
        Some(Group::Group) => tr!("{title}: {key} (group)", "{title} : {key} (groupe)"),
        None => tr!(
            "{title}: unguarded, levels {key}",
            "{title} : non gardé, niveaux {key}"
        ),
    };
    let link = |table: &str| {
        let label = tables
            .get(table)
            .map_or(table, |t| crate::i18n::pick(&t.title, &t.title_fr));
        // A link's label ends at its brace: none in it.
        let label = escape(label).replace(['{', '}', '[', ']'], "");
        match ids.get(table) {
            Some(to) => format!(
                "@UUID[Compendium.{module}.{}.RollTable.{to}]{{{label}}}",
                super::table::PACK
            ),
            None => label,
        }
    };
    let results: Vec<Value> = kind
        .parts
        .iter()
        .enumerate()
        .map(|(n, part)| {
            let rid = foundry_id(
                system,
                &format!("treasure:{}:{}:result:{n}", treasures.name, kind.key),
            );
            // ose's mode draws a result when d100 ≤ its weight; dnd5e's draw takes every
            // result whose range holds its one face, and the text says the chance.
            let (range, text) = match system {
                System::Ose => (json!([1, part.chance]), holds(part, &link)),
                System::Dnd5e if part.chance >= 100 => (json!([1, 1]), holds(part, &link)),
                System::Dnd5e => {
                    let chance = part.chance;
                    let there = tr!(
                        "{chance} %, there if [[1d100]] ≤ {chance}: ",
                        "{chance} %, présent si [[1d100]] ≤ {chance} : "
                    );
                    (json!([1, 1]), format!("{there}{}", holds(part, &link)))
                }
            };
            json!({
                "type": "text",
                "weight": part.chance,
                "range": range,
                "drawn": false,
                "_id": rid,
                "img": img(part),
                "flags": {},
                "_stats": result_stats(),
                "description": format!("<p>{text}</p>"),
                "name": "",
                "_key": format!("!tables.results!{id}.{rid}"),
            })
        })
        .collect();
    let mut flags = json!({ "hoard": {
        "table": treasures.name,
        "type": kind.key,
        "version": treasures.version,
    } });
    if system == System::Ose {
        flags["ose"] = json!({ "treasure": true });
    }
    json!({
        "_id": id,
        "name": name,
        "img": "icons/svg/d20-black.svg",
        "description": escape(&treasures.source),
        "results": results,
        "formula": match system { System::Ose => "1d100", System::Dnd5e => "1" },
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

/// What a part holds, its amounts rolled inline (`[[1d6*1000]] gp`) and its valuables and
/// magic items linked to the tables they are drawn on.
fn holds(part: &Part, link: &dyn Fn(&str) -> String) -> String {
    let amount = |expr: &dyn std::fmt::Display| {
        let text = escape(&expr.to_string());
        if text.contains('d') {
            format!("[[{text}]]")
        } else {
            text
        }
    };
    match &part.holds {
        Holds::Coins { coins, amount: n } => {
            let coins: Vec<&str> = coins
                .iter()
                .map(|c| crate::i18n::coins::abbreviation(*c))
                .collect();
            format!("{} {}", amount(n), coins.join(&tr!(" or ", " ou ")))
        }
        Holds::Valuables { table, amount: n } => format!("{} × {}", amount(n), link(table)),
        Holds::Magic { lots } => lots
            .iter()
            .map(|lot| {
                let mut text = format!("{} × {}", amount(&lot.count), link(&lot.table));
                let names = |tables: &[String]| {
                    tables
                        .iter()
                        .map(|t| link(t))
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                if !lot.except.is_empty() {
                    text += &tr!(" (not {})", " (sauf {})", names(&lot.except));
                }
                if !lot.only.is_empty() {
                    text += &tr!(" (only {})", " (seulement {})", names(&lot.only));
                }
                text
            })
            .collect::<Vec<_>>()
            .join(" + "),
    }
}

/// A core icon for what the part holds, of those the dnd5e pack sources use.
fn img(part: &Part) -> &'static str {
    match part.holds {
        Holds::Coins { .. } => "icons/commodities/currency/coin-engraved-sun-smile-copper.webp",
        Holds::Valuables { .. } => "icons/commodities/gems/gem-faceted-navette-red.webp",
        Holds::Magic { .. } => "icons/sundries/scrolls/scroll-bound-black-tan.webp",
    }
}
