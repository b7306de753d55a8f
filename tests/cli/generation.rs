//! Tables and generation through the CLI.

use std::path::Path;

use serde_json::Value;

use crate::common::Hoard;

fn shipped(name: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tables")
            .join(name),
    )
    .unwrap()
}

#[test]
fn generated_items_are_stored_printed_and_reproducible() {
    let h = Hoard::new();
    let items = h.json(&["--seed", "77", "generate", "any", "--count", "40"]);
    let items = items.as_array().unwrap();
    assert_eq!(items.len(), 40);
    for item in items {
        for field in [
            "id",
            "name",
            "category",
            "charges",
            "sentience",
            "status",
            "holder",
        ] {
            assert!(item.get(field).is_some(), "{field} missing in {item}");
        }
        if ["wand", "rod", "staff"].contains(&item["category"].as_str().unwrap()) {
            assert!(item["charges"].is_i64());
        }
    }
    let listed = h.json(&["item", "list"]);
    assert_eq!(listed.as_array().unwrap().len(), 40);
    let again = Hoard::new();
    let same = again.json(&["--seed", "77", "generate", "any", "--count", "40"]);
    let names = |v: &Value| -> Vec<(String, Value)> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|i| {
                (
                    i["name"].as_str().unwrap().to_string(),
                    i["charges"].clone(),
                )
            })
            .collect()
    };
    assert_eq!(
        names(&Value::Array(items.clone())),
        names(&same),
        "--seed makes a generation reproducible"
    );
    let events = h.ok(&["--json", "log", "--kind", "item_created"]);
    assert_eq!(events.lines().count(), 40, "one ledger event per item");
    let first: Value = serde_json::from_str(events.lines().next().unwrap()).unwrap();
    let steps = first["payload"]["origin"]["steps"].as_array().unwrap();
    assert!(
        steps[0]["what"] == "magic-items" && steps[0]["faces"].is_array(),
        "every roll kept: {first}"
    );
    assert_eq!(first["payload"]["origin"]["seed"], 77);
}

#[test]
fn a_sentient_sword_shows_its_whole_mind() {
    let h = Hoard::new();
    let swords = h.json(&[
        "--seed",
        "5",
        "generate",
        "sword",
        "--sentient",
        "--count",
        "20",
    ]);
    for sword in swords.as_array().unwrap() {
        assert_eq!(sword["category"], "sword");
        let s = &sword["sentience"];
        for field in [
            "int",
            "ego",
            "alignment",
            "communication",
            "reads",
            "languages",
            "sensory_powers",
            "extraordinary_powers",
            "special_purpose",
        ] {
            assert!(s.get(field).is_some(), "{field} missing in {s}");
        }
        let int = s["int"].as_i64().unwrap();
        assert!((7..=12).contains(&int));
        if !s["special_purpose"].is_null() {
            assert_eq!((int, s["ego"].as_i64().unwrap()), (12, 12));
        }
    }
    let text = h.ok(&["--seed", "5", "generate", "épées", "--sentient"]);
    assert!(text.contains("sentient: INT"), "{text}");
}

#[test]
fn generating_to_a_character_and_finding_items() {
    let h = Hoard::new();
    h.character("Arnaud", 12, 10, 8, "neutral");
    let wands = h.json(&[
        "--seed", "1", "generate", "wands", "--count", "2", "--to", "Arnaud",
    ]);
    assert_eq!(wands[0]["holder"], "Arnaud");
    let charges = wands[0]["charges"].as_i64().unwrap();
    assert!((81..=100).contains(&charges));
    let id = wands[0]["id"].as_str().unwrap();
    let shown = h.json(&["item", "show", &id[..6]]);
    assert_eq!(shown["id"], id);
    assert_eq!(shown["origin"]["how"], "generated");
    let mine = h.json(&["item", "list", "--owner", "arnaud"]);
    assert_eq!(mine.as_array().unwrap().len(), 2);
    assert_eq!(
        h.json(&["item", "list", "--category", "wand"])
            .as_array()
            .unwrap()
            .len(),
        2
    );
    h.ok(&["item", "add", "Gem of Kel", "--category", "misc"]);
    h.ok(&["item", "add", "Twin", "--category", "misc"]);
    h.ok(&["item", "add", "Twin", "--category", "misc"]);
    assert_eq!(
        h.json(&["item", "show", "gem of kel"])["name"],
        "Gem of Kel"
    );
    let stderr = h.refused_unchanged(&["item", "show", "Twin"], 3);
    assert!(stderr.contains("2 items match \"Twin\""), "{stderr}");
    let text = h.ok(&["item", "show", id]);
    assert!(
        text.contains("generated from table wands (seed 1"),
        "{text}"
    );
    assert!(text.contains("charges: 80+1d20 ["), "{text}");
}

#[test]
fn a_referee_chooses_a_swords_qualities() {
    let h = Hoard::new();
    let sword = h.json(&[
        "sword",
        "add",
        "Blackrazor",
        "--int",
        "12",
        "--ego",
        "12",
        "--alignment",
        "chaotic",
        "--sensory",
        "detect-magic",
        "--sensory",
        "detect-traps",
        "--sensory",
        "see-invisible",
        "--extraordinary",
        "telepathy",
        "--purpose",
        "slay-lawful",
        "--languages",
        "3",
    ]);
    let s = &sword["sentience"];
    assert_eq!((s["int"].as_i64(), s["ego"].as_i64()), (Some(12), Some(12)));
    assert_eq!(s["alignment"], "chaotic");
    assert_eq!(s["special_purpose"]["id"], "slay-lawful");
    assert_eq!(s["languages"], 3);
    for (args, message) in [
        (vec!["--int", "13", "--ego", "5"], "INT 13"),
        (vec!["--int", "7", "--ego", "0"], "Ego 0"),
        (
            vec!["--int", "7", "--ego", "5", "--purpose", "slay-warriors"],
            "INT 12 and Ego 12",
        ),
    ] {
        let mut all = vec![
            "sword",
            "add",
            "X",
            "--alignment",
            "lawful",
            "--sensory",
            "detect-magic",
        ];
        all.extend(args);
        let stderr = h.refused_unchanged(&all, 2);
        assert!(stderr.contains(message), "{stderr}");
    }
}

#[test]
fn bad_generation_requests_are_refused_and_change_nothing() {
    let h = Hoard::new();
    h.ok(&["roll", "1d6"]);
    for (args, code, message) in [
        (vec!["generate", "gadget"], 2, "unknown category"),
        (
            vec!["generate", "wand", "--count", "0"],
            2,
            "0 is not in 1..=1000000",
        ),
        (
            vec!["generate", "wand", "--count", "-3"],
            2,
            "unexpected argument",
        ),
        (
            vec!["generate", "wand", "--count", "2000000"],
            2,
            "2000000 is not in",
        ),
        (
            vec!["generate", "wand", "--count", "99999999999"],
            2,
            "invalid value",
        ),
        (
            vec!["generate", "wand", "--sentient"],
            2,
            "--sentient is for swords",
        ),
        (
            vec!["generate", "wand", "--to", "Nobody"],
            3,
            "no character named",
        ),
        (vec!["tables", "show", "nonsense"], 3, "no table named"),
        (vec!["tables", "roll", "nonsense"], 3, "no table named"),
        (vec!["item", "show", "nothing"], 3, "no item"),
        (
            vec!["item", "add", "X", "--category", "gadget"],
            2,
            "unknown category",
        ),
        (
            vec!["item", "add", "X", "--category", "wand", "--charges", "0"],
            2,
            "0 charges",
        ),
    ] {
        let stderr = h.refused_unchanged(&args, code);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
}

/// The books' misprinted languages and scroll-failure tables are refused, naming the
/// file and the ranges.
#[test]
fn tables_check_rejects_the_uncorrected_seed_tables() {
    let h = Hoard::new();
    let dir = h.dir.path().join("edited");
    std::fs::create_dir(&dir).unwrap();
    h.ok(&["tables", "check", dir.to_str().unwrap()]);
    let languages = shipped("sword-languages.toml").replace("roll = \"96-99\"", "roll = \"95-99\"");
    std::fs::write(dir.join("sword-languages.toml"), languages).unwrap();
    let failure = shipped("scroll-failure.toml").replace("roll = \"31-00\"", "roll = \"71-00\"");
    assert_ne!(
        failure,
        shipped("scroll-failure.toml"),
        "the corrected row is in the file"
    );
    std::fs::write(dir.join("scroll-failure.toml"), failure).unwrap();
    let out = h
        .cmd(&["tables", "check", dir.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("sword-languages.toml: ranges 86-95 and 95-99 overlap at 95"),
        "{stderr}"
    );
    assert!(
        stderr.contains(
            "scroll-failure.toml: band 16+: nothing covers 31-70 (between 01-30 and 71-00)"
        ),
        "{stderr}"
    );
    // A campaign pointed at the broken folder refuses to generate, unchanged.
    h.ok(&["roll", "1d6"]);
    let stderr = h.refused_unchanged(&["--tables", dir.to_str().unwrap(), "generate", "sword"], 2);
    assert!(
        stderr.contains("overlap at 95") || stderr.contains("nothing covers"),
        "{stderr}"
    );
    let stderr = h.refused_unchanged(&["campaign", "set", "tables", dir.to_str().unwrap()], 2);
    assert!(stderr.contains("problem"), "{stderr}");
}

#[test]
fn an_edited_table_is_used_instead_of_the_shipped_one() {
    let h = Hoard::new();
    let dir = h.one_wand_tables("Wand of Kel", "Baguette de Kel", "10");
    h.ok(&["campaign", "set", "tables", dir.to_str().unwrap()]);
    let made = h.json(&["generate", "wand"]);
    assert_eq!(
        (made[0]["name"].as_str(), made[0]["charges"].as_i64()),
        (Some("Wand of Kel"), Some(10))
    );
    h.ok(&["campaign", "set", "tables", "shipped"]);
    let made = h.json(&["generate", "wand"]);
    assert_ne!(made[0]["name"], "Wand of Kel");
    let made = h.json(&["--tables", dir.to_str().unwrap(), "generate", "wand"]);
    assert_eq!(made[0]["name"], "Wand of Kel");
}

#[test]
fn tables_are_listed_shown_and_rolled() {
    let h = Hoard::new();
    h.ok(&["roll", "1d6"]);
    let list = h.json(&["tables", "list"]);
    assert_eq!(list["source"], "shipped");
    let names: Vec<&str> = list["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    for expected in [
        "magic-items",
        "potions",
        "scrolls",
        "rings",
        "rods",
        "staves",
        "wands",
        "books",
        "clothing",
        "boots",
        "household",
        "instruments",
        "misc",
        "armor",
        "armor-special",
        "swords",
        "swords-generic",
        "swords-special",
        "weapons",
        "weapons-special",
        "sword-languages",
        "sword-sensory",
        "sword-extraordinary",
        "sword-purpose",
        "scroll-failure",
    ] {
        assert!(names.contains(&expected), "{expected}");
    }
    let shown = h.json(&["tables", "show", "sword-languages"]);
    assert_eq!(shown["die"], "1d100");
    assert!(shown["notes"].as_str().unwrap().contains("95"));
    let rolled = h.json(&["--seed", "3", "tables", "roll", "sword-alignment"]);
    assert!(rolled["roll"]["faces"][0].as_i64().unwrap() <= 20);
    let logged = h.ok(&["--json", "log", "--kind", "table_rolled"]);
    assert_eq!(logged.lines().count(), 1);
    let failure = h.json(&["tables", "roll", "scroll-failure", "--key", "17"]);
    assert!(
        ["Total failure", "Reversed or harmful effect"]
            .contains(&failure["entry"].as_str().unwrap())
    );
    h.fails(&["tables", "roll", "scroll-failure"], 2);
}

/// A generated spell scroll is named by what it holds — its type and its spells' levels — not
/// by the range of the table's row.
#[test]
fn a_spell_scroll_is_named_by_its_type_and_the_levels_it_holds() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "w", "--use"]);
    let made = h.json(&["--seed", "11", "generate", "scroll", "--count", "60"]);
    let scrolls: Vec<&Value> = made
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["kind"] == "spell")
        .collect();
    assert!(scrolls.len() > 10, "{made}");
    for scroll in scrolls {
        // In the scroll's own order, the order `cast --spell N` counts.
        let levels: Vec<u64> = scroll["spells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["level"].as_u64().unwrap())
            .collect();
        let list = levels
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        let (name, fr) = (
            scroll["name"].as_str().unwrap(),
            scroll["name_fr"].as_str().unwrap(),
        );
        let (kind, kind_fr) = match scroll["caster"].as_str() {
            Some("priest") => ("Priest scroll", "Parchemin de prêtre"),
            _ => ("Wizard scroll", "Parchemin de magicien"),
        };
        assert!(
            name.starts_with(kind) && name.ends_with(&format!(" {list})")),
            "{name}"
        );
        assert!(
            fr.starts_with(kind_fr) && fr.ends_with(&format!(" {list})")),
            "{fr}"
        );
        assert!(!name.contains('{') && !fr.contains('{'), "{name} / {fr}");
    }
    // Said once, in one order: a line does not repeat the levels its name lists.
    let text = h.ok(&["--seed", "12", "generate", "scroll", "--count", "20"]);
    assert!(
        text.lines().any(|l| l.contains(" spells, levels ")),
        "{text}"
    );
    for line in text.lines() {
        assert!(!line.contains("spells of level"), "{line}");
    }
}
