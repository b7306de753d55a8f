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
            if system == "ose" {
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
