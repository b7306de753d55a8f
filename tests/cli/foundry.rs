//! `hoard export --foundry ose|dnd5e`: documents shaped as the systems' own (golden shapes in
//! tests/cli/foundry/, each naming the source file and version it was transcribed from), valid
//! for a whole random campaign, secret-free for a player, byte-stable, and written only inside
//! the folder asked for.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use rand::{Rng, SeedableRng};
use serde_json::Value;

use super::common::Hoard;

pub(crate) const SYSTEMS: [&str; 2] = ["ose", "dnd5e"];

/// The JSON type of a value, as the golden shapes name it.
fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// Maps keyed by ids or module names, compared as whole objects: an activity's id, a module's
/// flags.
const OPAQUE: [&str; 3] = ["flags", "system.activities", "effects"];

/// Every leaf of a document by its dotted path, with its type.
fn shape(doc: &Value) -> BTreeMap<String, &'static str> {
    fn walk(v: &Value, path: String, out: &mut BTreeMap<String, &'static str>) {
        match v {
            Value::Object(map) if !OPAQUE.contains(&path.as_str()) => {
                for (k, x) in map {
                    let p = if path.is_empty() {
                        k.clone()
                    } else {
                        format!("{path}.{k}")
                    };
                    walk(x, p, out);
                }
            }
            _ => {
                out.insert(path, type_name(v));
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(doc, String::new(), &mut out);
    out
}

/// The golden shape of a document type: path → the types a real document has there.
fn golden(system: &str, kind: &str) -> BTreeMap<String, Vec<String>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cli/foundry")
        .join(format!("{system}-{kind}.json"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("no golden shape {}: {e}", path.display()));
    let file: Value = serde_json::from_str(&text).expect("golden JSON");
    assert!(
        file["source"]
            .as_str()
            .is_some_and(|s| s.contains("5.3.3") || s.contains("2.2.2")),
        "{}: the golden names its source and version",
        path.display()
    );
    file["shape"]
        .as_object()
        .expect("a shape")
        .iter()
        .map(|(k, v)| {
            let types = v.as_str().expect("a type").split('|').map(String::from);
            (k.clone(), types.collect())
        })
        .collect()
}

/// The document's keys and value types are those of a real document of its type, and so are
/// each of its activities' (dnd5e) of theirs.
pub(crate) fn assert_shape(system: &str, doc: &Value, what: &str) {
    let kind = doc["type"].as_str().expect("a type");
    assert_matches(system, kind, doc, what);
    if let Some(activities) = doc["system"]["activities"].as_object() {
        for (id, activity) in activities {
            assert_eq!(activity["_id"], id.as_str(), "{what}");
            let kind = format!("activity-{}", activity["type"].as_str().expect("a type"));
            assert_matches(system, &kind, activity, &format!("{what} {id}"));
        }
    }
}

/// `doc`'s keys and value types are those of the golden shape `system-kind`.
fn assert_matches(system: &str, kind: &str, doc: &Value, what: &str) {
    let expected = golden(system, kind);
    let got = shape(doc);
    let missing: Vec<_> = expected.keys().filter(|k| !got.contains_key(*k)).collect();
    let extra: Vec<_> = got.keys().filter(|k| !expected.contains_key(*k)).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "{what} ({system} {kind}): missing {missing:?}, extra {extra:?}"
    );
    for (path, ty) in &got {
        assert!(
            expected[path].iter().any(|t| t == ty),
            "{what} ({system} {kind}): {path} is {ty}, a real document has {:?}",
            expected[path]
        );
    }
}

/// `hoard --json export --foundry SYSTEM -o DIR ARGS…`: the listing.
pub(crate) fn export(h: &Hoard, system: &str, dir: &Path, args: &[&str]) -> Value {
    let dir = dir.to_str().expect("utf-8 path");
    let mut all = vec!["export", "--foundry", system, "-o", dir];
    all.extend_from_slice(args);
    h.json(&all)
}

/// Export the referee's view, or `viewer`'s, into a new folder named after them and `tag`.
pub(crate) fn export_view(h: &Hoard, system: &str, viewer: Option<&str>, tag: &str) -> PathBuf {
    let dir = h
        .dir
        .path()
        .join(format!("{system}-{}-{tag}", viewer.unwrap_or("referee")));
    let args: Vec<&str> = viewer.map(|v| vec!["--as", v]).unwrap_or_default();
    export(h, system, &dir, &args);
    dir
}

/// `hoard export --foundry ose -o DIR ARGS…`, expected to fail with `code`: its stderr.
fn refused(h: &Hoard, dir: &Path, args: &[&str], code: i32) -> String {
    let mut all = vec![
        "export",
        "--foundry",
        "ose",
        "-o",
        dir.to_str().expect("utf-8 path"),
    ];
    all.extend_from_slice(args);
    h.fails(&all, code)
}

/// The item documents of an export folder, by hoard item id.
pub(crate) fn documents(dir: &Path) -> BTreeMap<String, Value> {
    let mut docs = BTreeMap::new();
    for entry in std::fs::read_dir(dir).expect("export folder") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "json") {
            let doc: Value = serde_json::from_slice(&std::fs::read(&path).expect("read"))
                .expect("a JSON document");
            let id = doc["flags"]["hoard"]["id"]
                .as_str()
                .expect("hoard id")
                .to_string();
            docs.insert(id, doc);
        }
    }
    docs
}

/// Every file under `dir`, by relative path, with its bytes.
fn tree(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    fn walk(root: &Path, at: &Path, out: &mut BTreeMap<PathBuf, Vec<u8>>) {
        for entry in std::fs::read_dir(at).expect("folder") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                walk(root, &path, out);
            } else {
                let rel = path.strip_prefix(root).expect("inside").to_path_buf();
                out.insert(rel, std::fs::read(&path).expect("read"));
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// A command line's words (none of them holds a space).
pub(crate) fn words(line: &'static str) -> Vec<&'static str> {
    line.split_whitespace().collect()
}

pub(crate) fn add(h: &Hoard, args: &[&str]) -> String {
    let mut all = vec!["item", "add"];
    all.extend_from_slice(args);
    h.json(&all)["id"].as_str().expect("an id").to_string()
}

/// A campaign with one item of every hoard category (a shield and a faded scroll besides),
/// the category of each by id.
pub(crate) fn every_category(h: &Hoard) -> BTreeMap<String, &'static str> {
    for line in [
        "character add Arnaud --str 13 --wis 9 --hp 12 --alignment lawful --class fighter --level 3",
        "character add Mordo --str 9 --wis 14 --hp 7 --alignment neutral --class magic-user --level 5",
        "campaign set scroll-fade 30",
        "session start Barrow",
    ] {
        h.ok(&words(line));
    }
    let mut made = BTreeMap::new();
    for (what, line) in [
        (
            "potion",
            "'Potion of Heroism' --category potion --consumable",
        ),
        (
            "scroll",
            "'Scroll of Warding' --category scroll --kind protection",
        ),
        (
            "faded scroll",
            "'Scroll of Protection from Undead' --category scroll --kind protection",
        ),
        ("ring", "'Ring of Warmth' --category ring --to Arnaud"),
        ("rod", "'Rod of Lordly Might' --category rod --charges 20"),
        ("staff", "'Staff of the Magi' --category staff --charges 25"),
        (
            "wand",
            "'Wand of Frost' --category wand --charges 9 --to Mordo",
        ),
        ("book", "'Manual of Puissant Skill' --category book"),
        ("clothing", "'Cloak of Protection' --category clothing"),
        ("boots", "'Boots of Speed' --category boots"),
        ("household", "'Broom of Flying' --category household"),
        ("instrument", "'Pipes of the Sewers' --category instrument"),
        ("misc", "'Dust of Appearance' --category misc --consumable"),
        ("armor", "'Chain mail +2' --category armor --bonus 2"),
        (
            "shield",
            "'Shield +1' --category armor --kind shield --bonus 1",
        ),
        ("weapon", "'Battle axe +1' --category weapon --bonus 1"),
    ] {
        let args = shell_words::split(line).expect("a command line");
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        made.insert(add(h, &args), what);
    }
    let id = |what: &str| {
        made.iter()
            .find(|(_, w)| **w == what)
            .expect(what)
            .0
            .clone()
    };
    // The demo's seed: d100 20 ≤ 30 %, the scroll fades.
    h.ok(&["--seed", "1", "give", &id("faded scroll"), "--to", "Mordo"]);
    h.ok(&["--seed", "4", "use", &id("wand"), "--charges", "2"]);
    let sword = h.json(&words(
        "sword add Nightfang --int 10 --ego 6 --alignment chaotic --sensory detect-magic --bonus 1 --blade long",
    ));
    made.insert(sword["id"].as_str().expect("id").to_string(), "sword");
    made
}

/// The document type each category becomes.
fn expected_type(system: &str, what: &str) -> &'static str {
    match (system, what) {
        ("ose", "sword" | "weapon") => "weapon",
        ("ose", "armor" | "shield") => "armor",
        ("ose", _) => "item",
        (
            _,
            "potion" | "scroll" | "faded scroll" | "wand" | "rod" | "book" | "misc" | "household"
            | "instrument",
        ) => "consumable",
        (_, "staff" | "sword" | "weapon") => "weapon",
        _ => "equipment",
    }
}

#[test]
fn every_category_has_the_shape_of_a_real_document_of_its_type() {
    let h = Hoard::new();
    let made = every_category(&h);
    assert_eq!(made.len(), 17);
    for system in SYSTEMS {
        for viewer in [None, Some("Arnaud")] {
            let dir = export_view(&h, system, viewer, "");
            let docs = documents(&dir);
            assert_eq!(docs.len(), made.len(), "{system}: one document per item");
            for (id, what) in &made {
                let doc = &docs[id];
                assert_shape(system, doc, what);
                if viewer.is_none() {
                    assert_eq!(doc["type"], expected_type(system, what), "{system} {what}");
                }
            }
        }
    }
}

#[test]
fn documents_carry_what_the_issue_asks_of_each_system() {
    let h = Hoard::new();
    let made = every_category(&h);
    let id = |what: &str| {
        made.iter()
            .find(|(_, w)| **w == what)
            .expect(what)
            .0
            .clone()
    };
    let ose = h.dir.path().join("ose");
    export(&h, "ose", &ose, &[]);
    let docs = documents(&ose);
    let wand = &docs[&id("wand")];
    assert_eq!(
        wand["system"]["quantity"],
        serde_json::json!({ "value": 7, "max": 9 })
    );
    assert_eq!(docs[&id("weapon")]["system"]["bonus"], 1);
    let armor = &docs[&id("armor")]["system"];
    assert_eq!(
        (
            &armor["type"],
            &armor["ac"]["value"],
            &armor["aac"]["value"]
        ),
        (&"heavy".into(), &3.into(), &16.into())
    );
    let shield = &docs[&id("shield")]["system"];
    assert_eq!(
        (&shield["type"], &shield["ac"]["value"]),
        (&"shield".into(), &2.into())
    );
    let sword = docs[&id("sword")]["system"]["description"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(sword.contains("<section class=\"secret\">"), "{sword}");
    for fact in [
        "INT 10",
        "Ego 6",
        "chaotic",
        "speech",
        "Detect magic",
        "History",
    ] {
        assert!(
            sword.contains(fact),
            "the sword's description tells {fact}: {sword}"
        );
    }
    let hoard = &docs[&id("sword")]["flags"]["hoard"];
    assert_eq!(hoard["identity"]["sentience"]["int"], 10);
    assert!(
        hoard["history"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["kind"] == "item_created")
    );
    let faded = &docs[&id("faded scroll")];
    assert_eq!(faded["flags"]["hoard"]["status"], "faded");
    assert!(
        faded["system"]["description"]
            .as_str()
            .unwrap()
            .contains("fades")
    );
    for doc in docs.values() {
        assert_eq!(doc["_stats"]["systemId"], "ose");
        assert_eq!(doc["_stats"]["systemVersion"], "2.2.2");
        assert_eq!(doc["_stats"]["coreVersion"], "13.351");
        assert_eq!(doc["ownership"], serde_json::json!({ "default": 0 }));
        assert!(doc["img"].as_str().unwrap().starts_with("icons/"));
    }

    let dnd = h.dir.path().join("dnd5e");
    export(&h, "dnd5e", &dnd, &[]);
    let docs = documents(&dnd);
    let wand = &docs[&id("wand")]["system"];
    assert_eq!(
        (&wand["uses"]["max"], &wand["uses"]["spent"]),
        (&"9".into(), &2.into())
    );
    assert_eq!(wand["type"]["value"], "wand");
    let potion = &docs[&id("potion")]["system"];
    assert_eq!(
        (&potion["uses"]["autoDestroy"], &potion["type"]["value"]),
        (&true.into(), &"potion".into())
    );
    assert_eq!(docs[&id("weapon")]["system"]["magicalBonus"], 1);
    assert_eq!(docs[&id("weapon")]["system"]["rarity"], "uncommon");
    assert_eq!(docs[&id("armor")]["system"]["armor"]["magicalBonus"], 2);
    assert_eq!(docs[&id("armor")]["system"]["rarity"], "veryRare");
    assert_eq!(docs[&id("ring")]["system"]["type"]["value"], "ring");
    // Arnaud holds the ring but has not identified it.
    let ring = &docs[&id("ring")]["system"];
    assert_eq!(ring["identified"], false);
    assert_eq!(ring["unidentified"]["name"], "ring");
    assert_eq!(
        docs[&id("sword")]["system"]["type"]["baseItem"],
        "longsword"
    );
    for doc in docs.values() {
        assert_eq!(doc["_stats"]["systemVersion"], "5.3.3");
        assert_eq!(doc["folder"], Value::Null);
    }
}

#[test]
fn the_module_packs_every_document_under_its_key() {
    let h = Hoard::new();
    every_category(&h);
    for system in SYSTEMS {
        let dir = h.dir.path().join(system);
        let listing = export(&h, system, &dir, &[]);
        let module: Value =
            serde_json::from_slice(&std::fs::read(dir.join("module/module.json")).unwrap())
                .unwrap();
        let pack = &module["packs"][0];
        assert_eq!(
            (&pack["type"], &pack["system"]),
            (&"Item".into(), &system.into())
        );
        assert_eq!(module["relationships"]["systems"][0]["id"], system);
        assert_eq!(
            pack["ownership"]["PLAYER"], "NONE",
            "{system}: the referee's truth is closed to players"
        );
        let seen = h.dir.path().join(format!("{system}-as"));
        export(&h, system, &seen, &["--as", "Arnaud"]);
        let theirs: Value =
            serde_json::from_slice(&std::fs::read(seen.join("module/module.json")).unwrap())
                .unwrap();
        assert_eq!(theirs["packs"][0]["ownership"]["PLAYER"], "OBSERVER");
        let (core, version) = if system == "ose" {
            ("13", "2.2.2")
        } else {
            ("13.347", "5.3.3")
        };
        assert_eq!(module["compatibility"]["minimum"], core, "{system}");
        assert_eq!(
            module["relationships"]["systems"][0]["compatibility"]["minimum"],
            version
        );
        let sources = dir
            .join("module")
            .join(
                pack["path"]
                    .as_str()
                    .unwrap()
                    .replacen("packs/", "packs/_source/", 1),
            );
        let docs = documents(&dir);
        let mut packed = 0;
        for entry in std::fs::read_dir(&sources).expect("pack sources") {
            let path = entry.unwrap().path();
            let mut source: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
            let key = source
                .as_object_mut()
                .unwrap()
                .remove("_key")
                .expect("a _key");
            assert_eq!(key, format!("!items!{}", source["_id"].as_str().unwrap()));
            let id = source["flags"]["hoard"]["id"].as_str().unwrap();
            assert_eq!(source, docs[id], "the pack source is the item's document");
            let name = path.file_name().unwrap();
            assert!(dir.join(name).exists(), "the same file name at the top");
            packed += 1;
        }
        assert_eq!(packed, docs.len());
        let files = listing["files"].as_array().unwrap();
        assert_eq!(
            files.len(),
            2 * docs.len() + 1,
            "items, pack sources and module.json"
        );
    }
}

/// One character's knowledge of an item, as `item show --as` tells it.
fn known(h: &Hoard, id: &str, who: &str) -> Value {
    h.json(&["item", "show", id, "--as", who])
}

#[test]
fn a_random_campaign_exports_valid_documents_and_no_secret_to_a_player() {
    let h = Hoard::new();
    for (name, class) in [("Arnaud", "fighter"), ("Mordo", "magic-user")] {
        h.ok(&[
            "character",
            "add",
            name,
            "--str",
            "12",
            "--wis",
            "12",
            "--hp",
            "20",
            "--alignment",
            "neutral",
            "--class",
            class,
            "--level",
            "6",
        ]);
    }
    h.ok(&["session", "start", "Dragon's Hoard"]);
    h.ok(&words("--seed 11 generate any --count 40 --to Arnaud"));
    h.ok(&words(
        "--seed 12 generate any --count 40 --to Mordo --read",
    ));
    h.ok(&["--seed", "13", "generate", "any", "--count", "40"]);
    h.ok(&words(
        "--seed 14 generate sword --count 3 --sentient --to Arnaud",
    ));
    h.ok(&words("--seed 15 generate sword --count 2 --sentient"));
    let truth: Vec<Value> = h.json(&["item", "list"]).as_array().unwrap().clone();
    // A seeded choice of items Arnaud identifies by spell (some methods refuse: that's fine).
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(17);
    for item in truth.iter().filter(|i| i["holder"] == "Arnaud") {
        if rng.random_bool(0.4) {
            let id = item["id"].as_str().unwrap();
            let _ = h
                .cmd(&["identify", id, "--by", "Arnaud", "--method", "spell"])
                .output();
        }
    }
    let truth: BTreeMap<String, Value> = h
        .json(&["item", "list"])
        .as_array()
        .unwrap()
        .iter()
        .map(|i| (i["id"].as_str().unwrap().to_string(), i.clone()))
        .collect();
    assert!(truth.len() >= 120);
    for system in SYSTEMS {
        let allowed: &[&str] = if system == "ose" {
            &["item", "weapon", "armor", "container", "spell"]
        } else {
            &["consumable", "equipment", "weapon", "loot"]
        };
        for viewer in [None, Some("Arnaud"), Some("Mordo")] {
            let dir = export_view(&h, system, viewer, "");
            let docs = documents(&dir);
            assert_eq!(
                docs.len(),
                truth.values().filter(|i| i["status"] != "consumed").count()
            );
            let mut ids = BTreeSet::new();
            let mut levels = BTreeMap::new();
            for (id, doc) in &docs {
                let what = format!("{id} {viewer:?}");
                let fid = doc["_id"].as_str().unwrap();
                assert!(
                    fid.len() == 16 && fid.chars().all(|c| c.is_ascii_alphanumeric()),
                    "{fid}"
                );
                assert!(ids.insert(fid.to_string()), "_id {fid} twice");
                assert!(
                    allowed.contains(&doc["type"].as_str().unwrap()),
                    "{what}: {}",
                    doc["type"]
                );
                assert_shape(system, doc, &what);
                let s = &doc["system"];
                if system == "ose" {
                    // A maximum only where something counts: charges, or a quiver's arrows.
                    let (q, hoard) = (&s["quantity"], &doc["flags"]["hoard"]);
                    let counted = hoard["identity"]["count"].as_i64();
                    match hoard["charges"]["made"].as_i64().or(counted) {
                        Some(max) if doc["flags"]["hoard"]["status"] != "crumbled" => {
                            assert_eq!(q["max"], max, "{what}: {q}");
                            assert!(q["value"].as_i64().unwrap() <= max, "{what}: {q}");
                        }
                        _ => assert_eq!(q["max"], 0, "{what}: {q}"),
                    }
                } else {
                    assert!(s["quantity"].as_i64().unwrap() >= 0);
                    if let Some(uses) = s.get("uses") {
                        let spent = uses["spent"].as_i64().unwrap();
                        match uses["max"].as_str().unwrap() {
                            "" => assert_eq!(spent, 0, "{what}: {uses}"),
                            max => assert!(spent <= max.parse::<i64>().unwrap(), "{what}: {uses}"),
                        }
                    }
                }
                if let Some(who) = viewer {
                    no_secret(&h, &truth[id], doc, who, system);
                    *levels
                        .entry(doc["flags"]["hoard"]["known"].to_string())
                        .or_insert(0) += 1;
                }
            }
            if viewer.is_some() {
                // Both sides of the rule were exercised: items known fully and items not.
                assert!(levels.get("\"full\"").is_some_and(|n| *n > 0), "{levels:?}");
                assert!(levels.get("null").is_some_and(|n| *n > 0), "{levels:?}");
            }
        }
    }
}

/// A player's documents reveal no more than `rules::knowledge` allows, the same as `item show
/// --as`: a wand they have not identified keeps its charges (and its name) to itself, and a
/// sentient sword they identified by spell tells its mind but not its alignment until they
/// touch it.
#[test]
fn a_players_export_reveals_no_more_than_they_may_know() {
    let h = Hoard::new();
    for line in [
        "character add Arnaud --str 13 --wis 9 --hp 30 --alignment chaotic --class fighter --level 3",
        "character add Mordo --str 9 --wis 14 --hp 7 --alignment neutral --class magic-user --level 5",
        "session start Barrow",
    ] {
        h.ok(&words(line));
    }
    let wand = add(
        &h,
        &[
            "Wand of Frost",
            "--category",
            "wand",
            "--charges",
            "9",
            "--to",
            "Mordo",
        ],
    );
    let sword = h.json(&words(
        "sword add Nightfang --int 10 --ego 6 --alignment chaotic --sensory detect-magic --bonus 1 --blade long",
    ))["id"]
        .as_str()
        .expect("id")
        .to_string();
    h.ok(&["identify", &sword, "--by", "Arnaud", "--method", "spell"]);
    let docs =
        |system: &str, who: &str, tag: &str| documents(&export_view(&h, system, Some(who), tag));
    for system in SYSTEMS {
        let arnaud = docs(system, "Arnaud", "before");
        let seen = &arnaud[&wand];
        let (text, hoard) = (seen.to_string(), &seen["flags"]["hoard"]);
        assert_eq!(hoard["known"], Value::Null, "{system}");
        assert_eq!(hoard["charges"], Value::Null, "{system}: {text}");
        assert!(!text.contains("Frost"), "{system}: {text}");
        if system == "ose" {
            assert_eq!(
                seen["system"]["quantity"],
                serde_json::json!({ "value": 1, "max": 0 }),
                "{system}: one wand, its charges unknown: {text}"
            );
        } else {
            assert_eq!(
                seen["system"]["uses"]["max"], "",
                "its charges unknown, never one of one: {text}"
            );
        }
        let seen = &arnaud[&sword];
        let (text, hoard) = (seen.to_string(), &seen["flags"]["hoard"]);
        assert_eq!(hoard["known"], "full", "{system}");
        let mind = &hoard["identity"]["sentience"];
        assert_eq!(
            mind["int"], 10,
            "{system}: the spell tells its mind: {text}"
        );
        assert_eq!(mind.get("alignment"), None, "{system}: {text}");
        assert_eq!(hoard["alignment"], Value::Null, "{system}");
        assert!(
            !text.contains("chaotic"),
            "{system}: the alignment of a sword Arnaud never touched: {text}"
        );
        assert_eq!(known(&h, &sword, "Arnaud")["sentience"], *mind);
    }
    h.ok(&["identify", &wand, "--by", "Mordo", "--method", "spell"]);
    h.ok(&["--seed", "3", "touch", &sword, "--by", "Arnaud"]);
    for system in SYSTEMS {
        let seen = &docs(system, "Mordo", "after")[&wand];
        assert_eq!(seen["flags"]["hoard"]["charges"]["left"], 9, "{system}");
        assert!(seen.to_string().contains("Wand of Frost"), "{system}");
        let arnaud = docs(system, "Arnaud", "after");
        let seen = &arnaud[&wand];
        assert_eq!(
            seen["flags"]["hoard"]["charges"],
            Value::Null,
            "{system}: Mordo's"
        );
        let seen = &arnaud[&sword];
        let hoard = &seen["flags"]["hoard"];
        assert_eq!(hoard["alignment"], "chaotic", "{system}: learnt by touch");
        assert_eq!(hoard["identity"]["sentience"]["alignment"], "chaotic");
        assert_eq!(
            known(&h, &sword, "Arnaud")["sentience"],
            hoard["identity"]["sentience"]
        );
    }
}

/// A player's document of an item says nothing they do not know: not its true name before
/// they know what it is, not its charges, enchantment or powers before they know it fully,
/// not a sword's alignment before they touch it.
fn no_secret(h: &Hoard, truth: &Value, doc: &Value, who: &str, system: &str) {
    let id = truth["id"].as_str().unwrap();
    let text = doc.to_string();
    let seen = known(h, id, who);
    let level = seen["known"].as_str();
    if matches!(level, None | Some("magical")) {
        for name in [&truth["name"], &truth["name_fr"]] {
            let name = name.as_str().unwrap();
            if !seen["name"].as_str().unwrap().contains(name) {
                assert!(
                    !text.contains(name),
                    "{who}'s {system} document of {id} names it {name}: {text}"
                );
            }
        }
    }
    if level != Some("full") {
        let hoard = &doc["flags"]["hoard"];
        assert_eq!(hoard["charges"], Value::Null, "{who}: charges of {id}");
        assert_eq!(
            hoard["identity"]["bonus"],
            Value::Null,
            "{who}: bonus of {id}"
        );
        assert_eq!(
            hoard["identity"]["sentience"],
            Value::Null,
            "{who}: mind of {id}"
        );
        if system == "ose" {
            assert!(
                doc["system"].get("bonus").is_none_or(|b| b == 0),
                "{who}: {id}"
            );
        } else {
            assert_eq!(doc["system"]["rarity"], "", "{who}: rarity of {id}");
        }
        if let Some(mind) = truth["sentience"].as_object() {
            for power in mind["sensory_powers"]
                .as_array()
                .unwrap()
                .iter()
                .chain(mind["extraordinary_powers"].as_array().unwrap())
            {
                let name = power["name"].as_str().unwrap();
                assert!(!text.contains(name), "{who}: power {name} of {id}");
            }
            if seen["alignment"].is_null() {
                let alignment = mind["alignment"].as_str().unwrap();
                assert!(
                    !text.contains(alignment),
                    "{who}: {alignment} of {id}: {text}"
                );
            }
        }
    }
    assert!(
        doc["flags"]["hoard"].get("history").is_none(),
        "no ledger history for a player"
    );
}

#[test]
fn the_same_export_twice_gives_the_same_bytes() {
    let h = Hoard::new();
    every_category(&h);
    for system in SYSTEMS {
        for viewer in [None, Some("Arnaud")] {
            let a = tree(&export_view(&h, system, viewer, "a"));
            let b = tree(&export_view(&h, system, viewer, "b"));
            assert!(!a.is_empty());
            assert_eq!(a, b, "{system} {viewer:?}");
        }
    }
}

#[test]
fn the_selection_takes_named_items_a_holder_or_a_session() {
    let h = Hoard::new();
    h.character("Arnaud", 13, 9, 12, "lawful");
    h.ok(&["session", "start", "One"]);
    let ring = add(
        &h,
        &["Ring of Warmth", "--category", "ring", "--to", "Arnaud"],
    );
    let potion = add(
        &h,
        &[
            "Potion of Heroism",
            "--category",
            "potion",
            "--consumable",
            "--to",
            "Arnaud",
        ],
    );
    h.ok(&["--seed", "13", "drink", &potion, "--by", "Arnaud"]);
    h.ok(&["session", "end"]);
    h.ok(&["session", "start", "Two"]);
    let wand = add(
        &h,
        &["Wand of Frost", "--category", "wand", "--charges", "3"],
    );
    let ids = |listing: &Value| -> BTreeSet<String> {
        listing["files"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|f| f["item"].as_str().map(String::from))
            .collect()
    };
    let dir = |n: &str| h.dir.path().join(n);
    let all = export(&h, "ose", &dir("all"), &[]);
    assert_eq!(
        ids(&all),
        BTreeSet::from([ring.clone(), wand.clone()]),
        "the drunk potion is left out"
    );
    assert_eq!(all["left_out"][0]["id"], potion.as_str());
    assert_eq!(all["left_out"][0]["status"], "consumed");
    let held = export(&h, "ose", &dir("held"), &["--holder", "Arnaud"]);
    assert_eq!(ids(&held), BTreeSet::from([ring.clone()]));
    let found = export(&h, "ose", &dir("found"), &["--session", "2"]);
    assert_eq!(ids(&found), BTreeSet::from([wand.clone()]));
    let named = export(&h, "dnd5e", &dir("named"), &[&potion, "Wand of Frost"]);
    assert_eq!(
        ids(&named),
        BTreeSet::from([potion.clone(), wand]),
        "named: exported whatever became of it"
    );
    let drunk = &documents(&dir("named"))[&potion];
    assert_eq!(
        (
            &drunk["system"]["quantity"],
            &drunk["system"]["uses"]["spent"]
        ),
        (&0.into(), &1.into())
    );
    refused(&h, &dir("none"), &["--session", "9"], 3);
    refused(&h, &dir("nobody"), &["--as", "Nobody"], 3);
    refused(&h, &dir("both"), &[&ring, "--holder", "Arnaud"], 2);
    h.fails(&["export", "--foundry", "ose"], 2);
    assert!(
        !dir("none").exists() && !dir("nobody").exists(),
        "a refused export writes nothing"
    );
}

#[test]
fn a_folder_in_use_is_refused_unless_forced_and_files_are_readable_unless_private() {
    let h = Hoard::new();
    add(&h, &["Ring of Warmth", "--category", "ring"]);
    let dir = h.dir.path().join("out");
    std::fs::create_dir(&dir).unwrap();
    std::fs::write(dir.join("notes.txt"), "mine").unwrap();
    let err = refused(&h, &dir, &[], 2);
    assert!(err.contains("--force"), "{err}");
    assert_eq!(tree(&dir).len(), 1, "nothing written");
    let listing = export(&h, "ose", &dir, &["--force"]);
    assert_eq!(
        std::fs::read_to_string(dir.join("notes.txt")).unwrap(),
        "mine",
        "other files kept"
    );
    modes(&listing, &dir, 0o644, 0o755);
    let private = h.dir.path().join("private");
    modes(
        &export(&h, "ose", &private, &["--private"]),
        &private,
        0o600,
        0o700,
    );
    // Forced again: the same files, replaced.
    export(&h, "ose", &dir, &["--force"]);
    let file = h.dir.path().join("a-file");
    std::fs::write(&file, "x").unwrap();
    refused(&h, &file, &[], 2);
}

/// Every file of the listing is inside `dir`, with mode `file`; every folder the export made,
/// with `folder`.
fn modes(listing: &Value, dir: &Path, file: u32, folder: u32) {
    for f in listing["files"].as_array().unwrap() {
        let path = PathBuf::from(f["path"].as_str().unwrap());
        assert!(path.starts_with(dir));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode(&path), file, "{}", path.display());
            let parent = path.parent().unwrap();
            if parent != dir {
                assert_eq!(mode(parent), folder, "{}", parent.display());
            }
        }
    }
}

#[test]
fn hostile_names_stay_inert_and_inside_the_folder() {
    let h = Hoard::new();
    h.character("Arnaud", 13, 9, 12, "lawful");
    for name in [
        "../../x",
        "..",
        "/etc/passwd",
        "<script>alert(\"pwned\")</script>",
        "Tess's \u{202e}gnp.exe",
        "C:\\Windows\\evil",
    ] {
        add(&h, &[name, "--category", "ring", "--to", "Arnaud"]);
    }
    let root = h.dir.path().join("nested");
    std::fs::create_dir(&root).unwrap();
    // One folder a kind of export (a folder holds one: `one_folder_holds_one_kind_of_export`).
    let mut files = BTreeMap::new();
    for system in SYSTEMS {
        for viewer in [None, Some("Arnaud")] {
            let dir = root.join(format!("{system}-{}", viewer.unwrap_or("referee")));
            let mut args = vec![];
            if let Some(v) = viewer {
                args.extend(["--as", v]);
            }
            export(&h, system, &dir, &args);
            // Again, forced over itself.
            args.push("--force");
            export(&h, system, &dir, &args);
            files.extend(tree(&dir).into_iter().map(|(p, b)| (dir.join(p), b)));
        }
    }
    assert_eq!(
        std::fs::read_dir(&root).unwrap().count(),
        4,
        "nothing beside the folders"
    );
    assert!(!h.dir.path().join("x").exists());
    for (path, bytes) in &files {
        let text = String::from_utf8(bytes.clone()).unwrap();
        assert!(
            !text.contains('\u{202e}'),
            "{}: a bidi override",
            path.display()
        );
        let doc: Value = serde_json::from_str(&text).unwrap();
        if let Some(system) = doc.get("system") {
            let html = match &system["description"] {
                Value::String(s) => s.clone(),
                d => format!("{}{}", d["value"], system["unidentified"]["description"]),
            };
            assert!(!html.contains("<script"), "{}: {html}", path.display());
            let name = doc["name"].as_str().unwrap();
            if name.contains("<script>") {
                assert!(html.contains("&lt;script&gt;"), "shown, escaped: {html}");
            }
            assert!(!html.contains("Tess's"), "quotes escaped: {html}");
        }
        let name = path.file_name().unwrap().to_str().unwrap();
        assert!(
            name.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '.'),
            "{name}"
        );
    }
}

#[cfg(unix)]
#[test]
fn symbolic_links_are_never_written_through() {
    let h = Hoard::new();
    let ring = add(&h, &["Ring of Warmth", "--category", "ring"]);
    let outside = h.dir.path().join("outside");
    std::fs::create_dir(&outside).unwrap();
    let link = h.dir.path().join("link");
    std::os::unix::fs::symlink(&outside, &link).unwrap();
    let err = refused(&h, &link, &[], 2);
    assert!(err.contains("symbolic link"), "{err}");
    // A new folder that would be made inside a link, at any depth.
    for new in [link.join("sub"), link.join("sub/deeper")] {
        let err = refused(&h, &new, &[], 2);
        assert!(
            err.contains(&format!("{} is a symbolic link", link.display())),
            "{err}"
        );
    }
    // A link inside the folder, where the module goes.
    let dir = h.dir.path().join("out");
    std::fs::create_dir(&dir).unwrap();
    std::os::unix::fs::symlink(&outside, dir.join("module")).unwrap();
    refused(&h, &dir, &["--force"], 2);
    // A link where an item's file goes.
    let first = h.dir.path().join("first");
    let listing = export(&h, "ose", &first, &[]);
    let file = listing["files"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["item"] == ring.as_str())
        .unwrap();
    let name = Path::new(file["path"].as_str().unwrap())
        .file_name()
        .unwrap()
        .to_owned();
    let dir = h.dir.path().join("out2");
    std::fs::create_dir(&dir).unwrap();
    std::os::unix::fs::symlink(outside.join("stolen.json"), dir.join(&name)).unwrap();
    refused(&h, &dir, &["--force"], 2);
    assert_eq!(
        std::fs::read_dir(&outside).unwrap().count(),
        0,
        "nothing written outside"
    );
}

/// Items that share a name and whose ids share their letters and digits (ids from an import:
/// `ab-cd` and `abcd`, `aaaaaaaa` and `aaaaaaaa1`, in either order) each get a file of their
/// own: as many documents as items, whatever the ids.
#[test]
fn every_item_has_a_file_of_its_own_whatever_its_id() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "w", "--use"]);
    for _ in 0..4 {
        h.ok(&["item", "add", "Twin", "--category", "misc"]);
    }
    let items = h.json(&["item", "list"]);
    let ids: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids.len(), 4);
    let export = h.dir.path().join("w.jsonl");
    h.ok(&["export", "-o", export.to_str().unwrap()]);
    let mut text = std::fs::read_to_string(&export).unwrap();
    for (id, crafted) in ids.iter().zip(["aaaaaaaa1", "aaaaaaaa", "ab-cd", "abcd"]) {
        text = text.replace(id, crafted);
    }
    let crafted = h.dir.path().join("crafted.jsonl");
    std::fs::write(&crafted, text).unwrap();
    h.ok(&["import", crafted.to_str().unwrap(), "--as", "Crafted"]);
    for system in SYSTEMS {
        let dir = h.dir.path().join(format!("twins-{system}"));
        let dir_text = dir.to_str().unwrap();
        h.ok(&[
            "--campaign",
            "Crafted",
            "export",
            "--foundry",
            system,
            "-o",
            dir_text,
        ]);
        let docs = documents(&dir);
        let wanted: BTreeSet<&str> = ["aaaaaaaa1", "aaaaaaaa", "ab-cd", "abcd"].into();
        assert_eq!(
            docs.keys().map(String::as_str).collect::<BTreeSet<_>>(),
            wanted
        );
        let packed = std::fs::read_dir(dir.join("module/packs/_source/hoard-items"))
            .unwrap()
            .count();
        assert_eq!(packed, 4, "{system}: one pack source per item");
    }
}

/// `--dry-run` lists the files an export would write and writes none, not even its folder.
#[test]
fn a_dry_run_export_writes_nothing() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "w", "--use"]);
    h.ok(&["item", "add", "Potion of Heroism", "--category", "potion"]);
    let dir = h.dir.path().join("dry").join("run");
    let dir_text = dir.to_str().unwrap();
    let text = h.ok(&["--dry-run", "export", "--foundry", "ose", "-o", dir_text]);
    assert!(text.starts_with("Would export 1 item"), "{text}");
    assert!(text.contains("potion-of-heroism-"), "{text}");
    let json = h.json(&["--dry-run", "export", "--foundry", "dnd5e", "-o", dir_text]);
    assert_eq!(json["dry_run"], true, "{json}");
    assert_eq!(json["files"].as_array().unwrap().len(), 3, "{json}");
    assert!(
        !h.dir.path().join("dry").exists(),
        "a dry run made a folder"
    );
    let written = h.json(&["export", "--foundry", "ose", "-o", dir_text]);
    assert_eq!(written["dry_run"], false);
    assert!(dir.join("module/module.json").exists());
}

/// The documents' hoard ids in a pack's sources (`None`: the folder is not there).
fn packed_ids(dir: &Path, pack: &str) -> Option<BTreeSet<String>> {
    let folder = dir.join("module/packs/_source").join(pack);
    let entries = std::fs::read_dir(folder).ok()?;
    Some(
        entries
            .map(|e| {
                let doc: Value =
                    serde_json::from_slice(&std::fs::read(e.unwrap().path()).unwrap()).unwrap();
                let hoard = &doc["flags"]["hoard"];
                hoard["id"]
                    .as_str()
                    .or(hoard["table"].as_str())
                    .unwrap()
                    .to_string()
            })
            .collect(),
    )
}

/// #52.5, #52.7: after a potion is drunk and an item sold, `--force` leaves neither their
/// documents nor, without `--roll-tables`, the tables an earlier export wrote; an earlier
/// session's items still in play and the referee's own files stay.
#[test]
fn a_forced_re_export_holds_exactly_the_current_items_and_tables() {
    let h = Hoard::new();
    h.character("Bel", 10, 10, 6, "neutral");
    h.ok(&["session", "start", "One"]);
    let potion = add(
        &h,
        &[
            "Potion of Gaseous Form",
            "--category",
            "potion",
            "--to",
            "Bel",
        ],
    );
    let gem = add(&h, &["Agate", "--category", "valuable", "--kind", "gem"]);
    let ring = add(&h, &["Ring of Warmth", "--category", "ring", "--to", "Bel"]);
    h.ok(&["session", "end"]);
    h.ok(&["session", "start", "Two"]);
    let rope = add(&h, &["Rope of Climbing", "--category", "misc"]);
    let dir = |system: &str| h.dir.path().join(format!("again-{system}"));
    for system in SYSTEMS {
        export(&h, system, &dir(system), &["--roll-tables"]);
        std::fs::write(dir(system).join("notes.json"), "{\"mine\": true}").unwrap();
        let all: BTreeSet<String> = [&potion, &gem, &ring, &rope].map(|s| s.to_string()).into();
        assert_eq!(packed_ids(&dir(system), "hoard-items"), Some(all));
        assert!(packed_ids(&dir(system), "hoard-tables").unwrap().len() > 50);
    }
    h.ok(&["drink", &potion, "--by", "Bel"]);
    h.ok(&["sell", &gem, "--for", "10gp"]);
    for system in SYSTEMS {
        let dir = dir(system);
        // Session two's items alone, forced into the folder that gathered session one's.
        let listing = export(&h, system, &dir, &["--session", "2", "--force"]);
        let kept: BTreeSet<String> = [&ring, &rope].map(|s| s.to_string()).into();
        assert_eq!(
            packed_ids(&dir, "hoard-items"),
            Some(kept.clone()),
            "{system}"
        );
        let top: BTreeSet<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_file() && p.file_name() != Some("notes.json".as_ref()))
            .map(|p| {
                let doc: Value = serde_json::from_slice(&std::fs::read(p).unwrap()).unwrap();
                doc["flags"]["hoard"]["id"].as_str().unwrap().to_string()
            })
            .collect();
        assert_eq!(top, kept, "{system}");
        assert_eq!(
            packed_ids(&dir, "hoard-tables"),
            None,
            "{system}: no table left"
        );
        let module = std::fs::read_to_string(dir.join("module/module.json")).unwrap();
        assert!(!module.contains("hoard-tables"), "{module}");
        let removed = listing["removed"].as_array().unwrap();
        assert!(removed.len() > 54, "{system}: {} removed", removed.len());
        assert!(
            dir.join("notes.json").exists(),
            "the referee's own file stays"
        );
    }
}

/// #52.6: a folder holds one kind of export. A player's view over the referee's folder, and
/// another system's documents, are refused, saying what the folder holds and what this export
/// is, and nothing is written; the same kind again goes through.
#[test]
fn one_folder_holds_one_kind_of_export() {
    let h = Hoard::new();
    h.character("Bel", 10, 10, 6, "neutral");
    add(&h, &["Ring of Warmth", "--category", "ring", "--to", "Bel"]);
    let dir = h.dir.path().join("referee");
    let dir_text = dir.to_str().unwrap();
    export(&h, "dnd5e", &dir, &[]);
    let before = tree(&dir);
    let as_bel = h.fails(
        &[
            "export",
            "--foundry",
            "dnd5e",
            "-o",
            dir_text,
            "--as",
            "Bel",
            "--force",
        ],
        2,
    );
    assert!(
        as_bel.contains("the referee's truth for dnd5e") && as_bel.contains("Bel's view for dnd5e"),
        "{as_bel}"
    );
    let ose = refused(&h, &dir, &["--force"], 2);
    assert!(
        ose.contains("hoard-") && ose.contains("the referee's truth for ose"),
        "{ose}"
    );
    assert_eq!(tree(&dir), before, "nothing written");
    // The player's folder refuses the referee's truth the other way round.
    let bel = h.dir.path().join("bel");
    export(&h, "dnd5e", &bel, &["--as", "Bel"]);
    let referee = h.fails(
        &[
            "export",
            "--foundry",
            "dnd5e",
            "-o",
            bel.to_str().unwrap(),
            "--force",
        ],
        2,
    );
    assert!(referee.contains("a player's view for dnd5e"), "{referee}");
    export(&h, "dnd5e", &dir, &["--force"]);
    export(&h, "dnd5e", &bel, &["--as", "Bel", "--force"]);
}

/// Armour and a weapon bought at the shop (`buy`) export as the system's armour and weapon, not
/// as loot: OSE's chain mail AC 5 [14] and a sword's 1d8; dnd5e's heavy armour and longsword.
#[test]
fn armour_and_weapons_bought_export_as_armour_and_weapons() {
    let h = Hoard::new();
    h.character("Ulric", 10, 10, 8, "lawful");
    h.ok(&["coins", "add", "60", "gp", "--to", "Ulric"]);
    let bought = |goods: &str| {
        let answer = h.json(&["buy", goods, "--by", "Ulric"]);
        answer["item"]["id"].as_str().expect("id").to_string()
    };
    let (mail, sword) = (bought("chainmail"), bought("sword"));
    let ose = h.dir.path().join("ose");
    export(&h, "ose", &ose, &[]);
    let docs = documents(&ose);
    let armor = &docs[&mail];
    assert_eq!(armor["type"], "armor");
    assert_eq!(
        (
            &armor["system"]["ac"]["value"],
            &armor["system"]["aac"]["value"]
        ),
        (&5.into(), &14.into())
    );
    assert_eq!(docs[&sword]["type"], "weapon");
    assert_eq!(docs[&sword]["system"]["damage"], "1d8");
    let dnd5e = h.dir.path().join("dnd5e");
    export(&h, "dnd5e", &dnd5e, &[]);
    let docs = documents(&dnd5e);
    let armor = &docs[&mail];
    assert_eq!(armor["type"], "equipment");
    assert_eq!(armor["system"]["type"]["value"], "heavy", "{armor}");
    assert_eq!(docs[&sword]["type"], "weapon");
    assert_eq!(docs[&sword]["system"]["type"]["baseItem"], "longsword");
}
