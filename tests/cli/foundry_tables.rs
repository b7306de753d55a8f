//! `--roll-tables`: hoard's tables in use, edited ones included, as Foundry RollTables in a
//! pack of their own, their results linking to the exported items and to the other tables.

use serde_json::Value;

use crate::common::Hoard;
use crate::foundry::{export, words};

/// The RollTable sources of an export, by file stem (the table's name; a band's, numbered).
fn tables(dir: &std::path::Path) -> std::collections::BTreeMap<String, Value> {
    std::fs::read_dir(dir.join("module/packs/_source/hoard-tables"))
        .expect("the tables' pack")
        .map(|e| {
            let path = e.unwrap().path();
            let doc: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
            let stem = path.file_stem().unwrap().to_str().unwrap().to_string();
            (stem, doc)
        })
        .collect()
}

#[test]
fn the_tables_in_use_roll_in_foundry_and_lead_to_the_items() {
    let h = Hoard::new();
    h.ok(&["session", "start", "One"]);
    h.ok(&words("--seed 7 generate wand"));
    // An edited wands table: its own title and a first entry of its own.
    let edited = h.one_wand_tables("Wand of Gloom", "Baguette de morosité", "3");
    for system in crate::foundry::SYSTEMS {
        let dir = h.dir.path().join(system);
        let listing = export(&h, system, &dir, &["--roll-tables"]);
        let module: Value =
            serde_json::from_slice(&std::fs::read(dir.join("module/module.json")).unwrap())
                .unwrap();
        let pack = &module["packs"][1];
        assert_eq!(
            (&pack["name"], &pack["type"]),
            (&"hoard-tables".into(), &"RollTable".into())
        );
        assert!(
            listing["files"]
                .as_array()
                .unwrap()
                .iter()
                .any(|f| f["table"] == "wands")
        );
        let docs = tables(&dir);
        let items = crate::foundry::documents(&dir);
        let wand = items.values().next().unwrap();
        let wands = &docs["wands"];
        assert_eq!(
            wands["formula"].as_str().unwrap().trim_start_matches('1'),
            "d20"
        );
        let linked = wands["results"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"] == wand["name"])
            .expect("the wand's entry");
        assert_eq!(linked["type"], "document");
        let module_id = module["id"].as_str().unwrap();
        assert_eq!(
            linked["documentUuid"],
            format!(
                "Compendium.{module_id}.hoard-items.Item.{}",
                wand["_id"].as_str().unwrap()
            )
        );
        let weight: i64 = wands["results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["weight"].as_i64().unwrap())
            .sum();
        assert_eq!(weight, 20, "every face once");
        let signpost = docs["magic-items"]["results"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["type"] == "document")
            .expect("a result sending to another table");
        let to = signpost["documentUuid"]
            .as_str()
            .unwrap()
            .rsplit('.')
            .next()
            .unwrap()
            .to_string();
        assert!(
            docs.values().any(|t| t["_id"] == to.as_str()),
            "{to} is exported"
        );
        for table in docs.values() {
            let id = table["_id"].as_str().unwrap();
            assert_eq!(table["_key"], format!("!tables!{id}"));
            for r in table["results"].as_array().unwrap() {
                assert_eq!(
                    r["_key"],
                    format!("!tables.results!{id}.{}", r["_id"].as_str().unwrap())
                );
            }
            let treasure = &table["flags"]["ose"]["treasure"];
            if table["flags"]["hoard"]["type"].is_string() {
                // A treasure type: `the_treasure_types_roll_as_treasure_tables`.
            } else if system == "ose" {
                assert_eq!(
                    *treasure, false,
                    "hoard's tables pick one entry: not ose treasure tables"
                );
            } else {
                assert!(treasure.is_null());
            }
        }
        let dir = h.dir.path().join(format!("{system}-edited"));
        let edited_dir = edited.to_str().unwrap();
        h.ok(&[
            "--tables",
            edited_dir,
            "export",
            "--foundry",
            system,
            "-o",
            dir.to_str().unwrap(),
            "--roll-tables",
        ]);
        let docs = tables(&dir);
        assert_eq!(
            docs["wands"]["results"][0]["description"], "Wand of Gloom",
            "{system}: the edited table"
        );
    }
}

/// #52.8: every treasure type (OSE's A–V and unguarded treasure, AD&D's A–Z) is a roll table, a
/// result a part: an ose treasure table (each part there at its chance, as ose's treasure
/// mode draws), a dnd5e table drawing every part at once, its chance decided by a d100 in its
/// text; amounts roll inline and valuables and magic items link to the tables they come from.
#[test]
fn the_treasure_types_roll_as_treasure_tables() {
    let h = Hoard::new();
    h.ok(&["item", "add", "Ring of Warmth", "--category", "ring"]);
    for system in crate::foundry::SYSTEMS {
        let dir = h.dir.path().join(system);
        export(&h, system, &dir, &["--roll-tables"]);
        let docs = tables(&dir);
        let module: Value =
            serde_json::from_slice(&std::fs::read(dir.join("module/module.json")).unwrap())
                .unwrap();
        let module_id = module["id"].as_str().unwrap();
        let types: Vec<&Value> = docs
            .values()
            .filter(|t| t["flags"]["hoard"]["type"].is_string())
            .collect();
        // OSE: A–V (22) and 5 spans of unguarded treasure; AD&D: A–Z (26).
        assert_eq!(types.len(), 22 + 5 + 26, "{system}");
        let a = &docs["treasure-ose-a"];
        assert_eq!(
            a["name"],
            "Treasure types (Old-School Essentials): A (lair)"
        );
        let results = a["results"].as_array().unwrap();
        assert_eq!(results.len(), 8, "a result a part");
        let gold = &results[3];
        let gems = results[5]["description"].as_str().unwrap();
        let gems_id = docs["gems-ose"]["_id"].as_str().unwrap();
        assert!(
            gems.contains("[[6d6]] × @UUID[Compendium.")
                && gems.contains(&format!("{module_id}.hoard-tables.RollTable.{gems_id}]")),
            "{gems}"
        );
        let magic = results[7]["description"].as_str().unwrap();
        let magic_id = docs["magic-items"]["_id"].as_str().unwrap();
        assert!(magic.contains(&format!("RollTable.{magic_id}]")), "{magic}");
        assert_eq!(gold["weight"], 35);
        match system {
            "ose" => {
                assert_eq!(a["flags"]["ose"]["treasure"], true);
                assert_eq!(a["formula"], "1d100");
                assert_eq!(gold["range"], serde_json::json!([1, 35]));
                assert_eq!(gold["description"], "<p>[[2d6*1000]] gp</p>");
            }
            _ => {
                assert!(a["flags"]["ose"].is_null());
                assert_eq!(a["formula"], "1");
                for r in results {
                    assert_eq!(r["range"], serde_json::json!([1, 1]), "every part drawn");
                }
                assert_eq!(
                    gold["description"],
                    "<p>35 %, there if [[1d100]] ≤ 35: [[2d6*1000]] gp</p>"
                );
            }
        }
        let unguarded = &docs["treasure-ose-2-3"];
        assert_eq!(
            unguarded["name"],
            "Treasure types (Old-School Essentials): unguarded, levels 2-3"
        );
        let adnd = &docs["treasure-adnd-z"];
        assert!(
            adnd["name"].as_str().unwrap().contains(": Z ("),
            "{}",
            adnd["name"]
        );
        // Every link leads to a table of the pack.
        for t in &types {
            for r in t["results"].as_array().unwrap() {
                let text = r["description"].as_str().unwrap();
                for link in text.split("RollTable.").skip(1) {
                    let to = &link[..16];
                    assert!(docs.values().any(|d| d["_id"] == to), "{system}: {text}");
                }
            }
        }
    }
}
