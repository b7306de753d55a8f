//! One JSON whatever the language: every `--json` answer, and every file hoard writes, is the
//! same under `--lang en` and `--lang fr`. Names travel as data (`name` and `name_fr`, `item`
//! and `item_fr`); only human sentences, under `message`, are in the reader's language.

use std::path::Path;

use serde_json::Value;

use crate::common::Hoard;

/// `value` without its `message` fields (the only words in the reader's language) and the
/// wall-clock times two runs cannot share.
fn data(mut value: Value) -> Value {
    fn strip(value: &mut Value) {
        match value {
            Value::Object(fields) => {
                for key in [
                    "message",
                    "wall_time",
                    "created_at",
                    "started_at",
                    "ended_at",
                ] {
                    fields.remove(key);
                }
                fields.values_mut().for_each(strip);
            }
            Value::Array(list) => list.iter_mut().for_each(strip),
            _ => {}
        }
    }
    strip(&mut value);
    value
}

/// The `--json` answer of `args` in `lang`, parsed (one document, or one per line for `log`),
/// then what it wrote on stderr (an error, notices), with its exit code: a refusal's error
/// document is compared too.
fn answer(h: &Hoard, lang: &str, args: &[&str]) -> (Option<i32>, Vec<Value>) {
    let mut all = vec!["--json", "--lang", lang];
    all.extend_from_slice(args);
    let out = h.cmd(&all).output().unwrap();
    let parse = |bytes: Vec<u8>| -> Vec<Value> {
        let text = String::from_utf8(bytes).unwrap();
        match serde_json::from_str::<Value>(&text) {
            Ok(doc) => vec![doc],
            Err(_) => text
                .lines()
                .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{args:?}: {e}: {l}")))
                .collect(),
        }
    };
    let mut parsed = parse(out.stdout);
    parsed.extend(parse(out.stderr));
    (out.status.code(), parsed.into_iter().map(data).collect())
}

/// Where `a` and `b` first differ, as a JSON path with both values.
fn difference(a: &Value, b: &Value, at: &str) -> Option<String> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys: std::collections::BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            keys.into_iter().find_map(|k| {
                let (v, w) = (&x.get(k), &y.get(k));
                match (v, w) {
                    (Some(v), Some(w)) => difference(v, w, &format!("{at}.{k}")),
                    _ => Some(format!("{at}.{k}: {v:?} / {w:?}")),
                }
            })
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .enumerate()
            .find_map(|(i, (v, w))| difference(v, w, &format!("{at}[{i}]"))),
        _ if a == b => None,
        _ => Some(format!("{at}: {a} / {b}")),
    }
}

/// Two answers are the same, or say where they differ.
fn same(args: &[&str], en: &(Option<i32>, Vec<Value>), fr: &(Option<i32>, Vec<Value>)) {
    let (a, b) = (Value::Array(en.1.clone()), Value::Array(fr.1.clone()));
    let differs = difference(&a, &b, "");
    assert!(
        en.0 == fr.0 && differs.is_none(),
        "hoard --json {args:?} differs by language (exit {:?} / {:?}): {differs:?}",
        en.0,
        fr.0
    );
}

/// `args` answers the same data in both languages.
fn same_in_both(h: &Hoard, args: &[&str]) {
    same(args, &answer(h, "en", args), &answer(h, "fr", args));
}

/// The id of the first item a `generate` answer made.
fn made(answer: &Value) -> String {
    answer[0]["id"].as_str().unwrap().to_string()
}

/// The same campaign recorded twice, once in each language, command by command with the same
/// seeds: every answer carries the same data.
fn play(en: &Hoard, fr: &Hoard) -> Vec<String> {
    let both = |args: &[&str]| {
        let (a, b) = (answer(en, "en", args), answer(fr, "fr", args));
        same(args, &a, &b);
        assert_eq!(a.0, Some(0), "hoard {args:?} failed: {:?}", a.1);
        a.1.into_iter().next().unwrap()
    };
    let seeded = |seed: &str, args: &[&str]| {
        let mut all = vec!["--seed", seed];
        all.extend_from_slice(args);
        both(&all)
    };
    for (seed, name, class, alignment) in [
        ("1", "Arnaud", "fighter", "lawful"),
        ("2", "Mordo", "magic-user", "neutral"),
        ("3", "Brune", "fighter", "chaotic"),
    ] {
        let sheet = [
            "character",
            "add",
            name,
            "--str",
            "13",
            "--wis",
            "10",
            "--int",
            "14",
            "--hp",
            "12",
            "--class",
            class,
            "--alignment",
            alignment,
        ];
        seeded(seed, &sheet);
    }
    seeded(
        "4",
        &["session", "start", "The Barrow", "--with", "Arnaud,Mordo"],
    );
    let finds = seeded("5", &["generate", "any", "--count", "6", "--to", "Arnaud"]);
    let potion = made(&seeded("6", &["generate", "potion", "--to", "Arnaud"]));
    let wand = made(&seeded("7", &["generate", "wand", "--to", "Mordo"]));
    let ring = made(&seeded("8", &["generate", "ring", "--to", "Arnaud"]));
    let scroll = made(&seeded("9", &["generate", "scroll"]));
    let sword = [
        "sword",
        "add",
        "Nightfang",
        "--int",
        "10",
        "--ego",
        "6",
        "--alignment",
        "chaotic",
        "--sensory",
        "detect-magic",
    ];
    seeded("10", &sword);
    seeded("11", &["touch", "Nightfang", "--by", "Arnaud"]);
    seeded("12", &["odds", "Nightfang", "Arnaud"]);
    seeded("13", &["taste", &potion, "--by", "Arnaud"]);
    seeded("14", &["drink", &potion, "--by", "Arnaud"]);
    seeded("15", &["use", &wand]);
    seeded("16", &["wear", &ring, "--hand", "left"]);
    seeded(
        "17",
        &["identify", &ring, "--by", "Mordo", "--method", "spell"],
    );
    seeded("18", &["item", "show", &scroll, "--as", "Arnaud"]);
    seeded("19", &["valuable", "add", "Bloodstone", "--value", "50gp"]);
    seeded(
        "20",
        &["valuable", "appraise", "Bloodstone", "--by", "Mordo"],
    );
    seeded("21", &["coins", "add", "1200gp", "300sp"]);
    seeded("22", &["time", "advance", "2", "turns"]);
    seeded("23", &["treasure", "roll", "A"]);
    seeded("24", &["roll", "3d6"]);
    seeded("25", &["tables", "roll", "potions"]);
    seeded("26", &["claim", "Bloodstone", "need", "--by", "Arnaud"]);
    seeded("27", &["claims", "settle"]);
    seeded("28", &["encounter", "--with", "undead"]);
    seeded("29", &["character", "damage", "Arnaud", "5"]);
    seeded("30", &["session", "end"]);
    // Arnaud claimed the bloodstone: counted against his share, named in both languages.
    seeded("31", &["share", "--items"]);
    seeded("32", &["xp", "award", "--monsters", "150"]);
    seeded("33", &["--dry-run", "generate", "any", "--count", "3"]);
    seeded("34", &["undo"]);
    seeded("35", &["coins", "add", "5gp", "--to", "Arnaud"]);
    seeded("36", &["buy", "torches", "--count", "2", "--by", "Arnaud"]);
    let first = finds[0]["id"].as_str().unwrap().to_string();
    vec![first, potion, wand, ring, scroll]
}

#[test]
fn recording_and_reading_answer_the_same_data_in_both_languages() {
    let (en, fr) = (Hoard::new(), Hoard::new());
    let items = play(&en, &fr);
    let h = &en;
    for args in [
        &["campaign", "list"][..],
        &["campaign", "show"],
        &["session", "list"],
        &["referee", "list"],
        &["character", "list"],
        &["time", "show"],
        &["item", "list"],
        &["tables", "list"],
        &["tables", "show", "wands"],
        &["tables", "show", "equipment-adnd"],
        &["coins", "show"],
        &["treasure", "types"],
        &["claims"],
        &["report", "session", "1"],
        &["report", "session", "1", "--markdown"],
        &["--referee", "report", "session", "1", "--markdown"],
        &["report", "character", "Arnaud"],
        &["check"],
        &["audit", "swords"],
        &["log"],
        &["log", "--limit", "5"],
        &["export"],
        &["explain", "Nightfang"],
        // Refusals carry their data beside their words.
        &["character", "show", "Arnauld"],
        &["give", "Wand", "--to", "Nobody"],
        &["coins", "spend", "1000000gp"],
    ] {
        same_in_both(h, args);
    }
    // A folder of edited tables with faults: each fault is data, its words in `message`.
    let tables = h.dir.path().join("edited");
    std::fs::create_dir(&tables).unwrap();
    let gap = "name = \"wands\"\ntitle = \"W\"\ntitle_fr = \"B\"\ndie = \"d6\"\nversion = 1\n\
               source = \"x\"\nnotes = \"\"\n[[entry]]\nroll = \"1-4\"\nname = \"A\"\nfr = \"A\"\n";
    std::fs::write(tables.join("wands.toml"), gap).unwrap();
    same_in_both(h, &["tables", "check", tables.to_str().unwrap()]);
    for who in ["Arnaud", "Mordo", "Brune"] {
        same_in_both(h, &["character", "show", who]);
        same_in_both(h, &["character", "show", who, "--at", "1"]);
        same_in_both(h, &["character", "show", who, "--as", who]);
        same_in_both(h, &["export", "--as", who]);
        for item in &items {
            same_in_both(h, &["item", "show", item, "--as", who]);
        }
    }
    for item in &items {
        same_in_both(h, &["item", "show", item]);
        same_in_both(h, &["item", "history", item]);
        same_in_both(h, &["explain", item]);
    }
    let last = h.json(&["log", "--limit", "1"])["id"].as_i64().unwrap();
    for seq in 1..=last {
        same_in_both(h, &["explain", &seq.to_string()]);
    }
}

/// Every file in `dir`, by its path inside it, with its bytes.
fn files(dir: &Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    let mut found = std::collections::BTreeMap::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                let inside = path.strip_prefix(dir).unwrap().display().to_string();
                found.insert(inside, std::fs::read(&path).unwrap());
            }
        }
    }
    found
}

#[test]
fn the_files_hoard_writes_are_the_same_in_both_languages() {
    let h = Hoard::new();
    h.fighter("Arnaud", 12);
    h.ok(&[
        "--seed", "5", "generate", "any", "--count", "8", "--to", "Arnaud",
    ]);
    h.ok(&["--seed", "6", "generate", "potion", "--count", "2"]);
    let dir = h.dir.path();
    let write = |lang: &str, args: &[&str]| {
        let out = dir.join(lang);
        let mut all = vec!["--lang", lang];
        all.extend_from_slice(args);
        all.extend(["-o", out.to_str().unwrap()]);
        h.ok(&all);
        out
    };
    for (name, args) in [
        ("export", &["export"][..]),
        ("as", &["export", "--as", "Arnaud"]),
    ] {
        let (en, fr) = (write("en", args), write("fr", args));
        assert_eq!(
            std::fs::read(&en).unwrap(),
            std::fs::read(&fr).unwrap(),
            "{name}"
        );
        std::fs::remove_file(en).unwrap();
        std::fs::remove_file(fr).unwrap();
    }
    for system in ["ose", "dnd5e"] {
        let args = ["export", "--foundry", system, "--roll-tables"];
        let (en, fr) = (write("en", &args), write("fr", &args));
        assert_eq!(files(&en), files(&fr), "Foundry {system}");
        // The Foundry world's language is the export's own choice.
        let mut french = args.to_vec();
        french.extend(["--pack-lang", "fr"]);
        let out = dir.join(format!("{system}-fr"));
        let mut all = french.clone();
        all.extend(["-o", out.to_str().unwrap()]);
        let listed = h.json(&all);
        assert_ne!(files(&out), files(&en), "--pack-lang fr");
        let names: Vec<&str> = listed["files"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|f| f["name"].as_str())
            .collect();
        assert!(
            names.iter().any(|n| n.starts_with("Potion de")),
            "{names:?}"
        );
        std::fs::remove_dir_all(en).unwrap();
        std::fs::remove_dir_all(fr).unwrap();
    }
}
