//! What the players see is true: over campaigns played at random (fixed seeds), a character
//! who knows everything they carry sees their sheet as the referee does (the oracle), and no
//! character's view of any sheet says anything the referee's contradicts (the converse). The
//! leak tests (`leak`) keep the other half: a view shows no secret.

use serde_json::Value;

use super::common::Hoard;

/// A small generator of choices, so each seed plays its own campaign.
struct Choices(u64);

impl Choices {
    fn next(&mut self, n: usize) -> usize {
        // xorshift64*: deterministic and good enough to pick among a few options.
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }

    fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
        from[self.next(from.len())]
    }
}

const PARTY: [&str; 3] = ["Ann", "Bors", "Cid"];

/// A command that may be refused (a wand already drained, a potion already drunk …): play
/// goes on either way, as at the table.
fn attempt(h: &Hoard, args: &[&str]) {
    h.cmd(args).output().expect("hoard runs");
}

fn items(h: &Hoard) -> Vec<Value> {
    h.json(&["item", "list"]).as_array().unwrap().clone()
}

/// A campaign played at random from `seed`: treasure found and handed around, potions drunk,
/// wands used to dust, scrolls read or faded, rings worn, swords touched, wounds and time.
fn played(seed: u64) -> Hoard {
    let h = Hoard::new();
    let mut c = Choices(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    if c.next(2) == 0 {
        h.ok(&["campaign", "set", "death", "adnd"]);
    }
    h.ok_words("character add Ann --class magic-user --level 9 --str 12 --wis 12 --hp 400 --alignment neutral");
    h.ok_words(
        "character add Bors --class fighter --level 5 --str 16 --wis 9 --hp 30 --alignment lawful",
    );
    h.ok_words(
        "character add Cid --class cleric --level 5 --str 12 --wis 16 --hp 25 --alignment chaotic",
    );
    h.ok(&["session", "start"]);
    let categories = [
        "potion", "scroll", "ring", "wand", "armor", "sword", "misc", "weapon",
    ];
    for n in 0..14 {
        let seed = (seed * 100 + n).to_string();
        let category = c.pick(&categories);
        match c.next(4) {
            0 => attempt(&h, &["--seed", &seed, "generate", category]),
            _ => attempt(
                &h,
                &[
                    "--seed",
                    &seed,
                    "generate",
                    category,
                    "--to",
                    c.pick(&PARTY),
                ],
            ),
        }
    }
    attempt(
        &h,
        &[
            "valuable", "add", "Opal", "--value", "900gp", "--kind", "gem",
        ],
    );
    for turn in 0..60 {
        let all = items(&h);
        let item = &all[c.next(all.len())];
        let id = item["id"].as_str().unwrap().to_string();
        let seed = (seed * 1000 + turn).to_string();
        let s = seed.as_str();
        // What is in the treasure is first handed to someone; then its holder acts on it.
        let holder = match item["holder"].as_str() {
            Some(holder) => holder.to_string(),
            None => {
                let who = c.pick(&PARTY);
                attempt(&h, &["--seed", s, "give", &id, "--to", who]);
                who.to_string()
            }
        };
        let by = ["--by", holder.as_str()];
        // All its charges at once, to see wands drained and crumbled.
        let charges = item["charges"].as_i64().unwrap_or(1).max(1).to_string();
        // Mostly what the item is for; sometimes a hand-over, a wound, time, a spell.
        let category = item["category"].as_str().unwrap_or("");
        let act: Vec<&str> = match (c.next(8), category) {
            (0, _) => vec!["give", &id, "--to", c.pick(&PARTY)],
            (1, _) => vec!["character", "damage", c.pick(&PARTY), "9"],
            (2, _) => vec!["time", "advance", "3", "turns"],
            (3, _) => [&["identify", id.as_str(), "--method", "spell"][..], &by].concat(),
            (_, "potion") => [&["drink", id.as_str()][..], &by].concat(),
            (_, "wand" | "rod" | "staff") => {
                [&["use", id.as_str(), "--charges", &charges][..], &by].concat()
            }
            (_, "scroll") => [&["read", id.as_str()][..], &by].concat(),
            (_, "ring" | "armor" | "clothing" | "boots") => vec!["wear", &id],
            (_, "sword") => vec!["wield", &id],
            (_, "valuable") => [&["valuable", "appraise", id.as_str()][..], &by].concat(),
            _ => [&["use", id.as_str()][..], &by].concat(),
        };
        attempt(&h, &[&["--seed", s][..], &act].concat());
    }
    h
}

/// A character as `/party.json` serves them (`export --as` prints the same), in the shape
/// [`agree`] reads: their items and effects as they know them, their numbers.
fn party_view(player: &Value) -> Value {
    let c = &player["character"];
    serde_json::json!({
        "items": player["items"],
        "effects": player["effects"],
        "condition": player["condition"],
        "coins": player["coins"],
        "hp": c["hp"],
        "hp_max": c["hp_max"],
        "level": c["level"],
        "xp": c["xp"],
        // The party's page gives no armor class.
        "armor_class_partial": true,
    })
}

/// `character show NAME` as the referee reads it, and as `viewer` does.
fn sheets(h: &Hoard, name: &str, viewer: &str) -> (Value, Value) {
    (
        h.json(&["character", "show", name]),
        h.json(&["character", "show", name, "--as", viewer]),
    )
}

fn status(item: &Value) -> &str {
    item["status"].as_str().unwrap_or("intact")
}

/// Every item of the player's view agrees with the referee's on what it says; `exact`: and
/// says all of it.
fn agree(truth: &Value, seen: &Value, exact: bool, what: &str) {
    let truths = truth["items"].as_array().unwrap();
    let views = seen["items"].as_array().unwrap();
    assert_eq!(truths.len(), views.len(), "{what}: the same items");
    for (t, v) in truths.iter().zip(views) {
        let at = format!("{what}: {t}\n  seen as {v}");
        assert_eq!(t["id"], v["id"], "{at}");
        assert_eq!(t["category"], v["category"], "{at}");
        assert_eq!(
            t["worn"],
            v.get("worn").cloned().unwrap_or(Value::Null),
            "{at}"
        );
        if let Some(charges) = v.get("charges") {
            assert_eq!(&t["charges"], charges, "{at}");
        }
        if v.get("status").is_some() || exact {
            assert_eq!(status(t), status(v), "{at}");
        }
        let known_by_name = matches!(v["known"].as_str(), Some("general" | "full"));
        if known_by_name || exact {
            assert_eq!(t["name"], v["name"], "{at}");
        }
        if exact {
            assert_eq!(
                t["charges"],
                v.get("charges").cloned().unwrap_or(Value::Null),
                "{at}"
            );
        }
    }
    for key in ["hp", "hp_max", "condition", "coins", "level", "xp"] {
        assert_eq!(truth[key], seen[key], "{what}: {key}");
    }
    if seen.get("armor_class").is_some() && (exact || seen["armor_class_partial"] == false) {
        assert_eq!(
            truth["armor_class"], seen["armor_class"],
            "{what}: armor class"
        );
    }
    let ids = |effects: &Value| -> Vec<Value> {
        effects
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["id"].clone())
            .collect()
    };
    let (true_effects, felt) = (ids(&truth["effects"]), ids(&seen["effects"]));
    assert!(
        felt.iter().all(|e| true_effects.contains(e)),
        "{what}: effects"
    );
    if exact {
        assert_eq!(true_effects, felt, "{what}: effects");
    }
}

#[test]
fn no_player_view_contradicts_the_truth() {
    for seed in 1..=4 {
        let h = played(seed);
        for name in PARTY {
            for viewer in PARTY {
                let (truth, seen) = sheets(&h, name, viewer);
                agree(
                    &truth,
                    &seen,
                    false,
                    &format!("seed {seed}, {name} as {viewer}"),
                );
            }
        }
    }
}

#[test]
fn who_knows_everything_they_carry_sees_the_referees_sheet() {
    for seed in 1..=4 {
        let h = played(seed);
        // Ann learns all she carries: every method the rules give her, and a touch of
        // every sword.
        for item in h.json(&["character", "show", "Ann"])["items"]
            .as_array()
            .unwrap()
        {
            let id = item["id"].as_str().unwrap();
            for method in ["spell", "read-magic", "wish", "wish"] {
                attempt(&h, &["identify", id, "--by", "Ann", "--method", method]);
            }
            attempt(&h, &["valuable", "appraise", id, "--by", "Ann"]);
            if item["category"] == "sword" {
                attempt(&h, &["--seed", "1", "touch", id, "--by", "Ann"]);
            }
        }
        let (truth, seen) = sheets(&h, "Ann", "Ann");
        agree(&truth, &seen, true, &format!("seed {seed}"));
        let exported = party_view(&h.json(&["export", "--as", "Ann"]));
        agree(
            &truth,
            &exported,
            true,
            &format!("seed {seed}, export --as Ann"),
        );
        assert_eq!(seen["armor_class_partial"], false, "seed {seed}");
        // And her sheet reads as the referee's, line for line, but for how long an
        // effect has left (a player feels it run, not its end).
        let lines = |args: &[&str]| -> Vec<String> {
            h.ok(args)
                .lines()
                .filter(|l| !l.trim_start().starts_with("under "))
                .map(str::to_string)
                .collect()
        };
        assert_eq!(
            lines(&["character", "show", "Ann", "--as", "Ann"]),
            lines(&["character", "show", "Ann"]),
            "seed {seed}"
        );
    }
}

/// The item documents of a Foundry export for `system` (the referee's, or `--as` a
/// character's), by `_id`.
fn foundry(
    h: &Hoard,
    system: &str,
    viewer: Option<&str>,
) -> std::collections::BTreeMap<String, Value> {
    let dir = h
        .dir
        .path()
        .join(format!("{system}-{}", viewer.unwrap_or("referee")));
    let mut args = vec![
        "export",
        "--foundry",
        system,
        "-o",
        dir.to_str().unwrap(),
        "--force",
    ];
    if let Some(viewer) = viewer {
        args.extend(["--as", viewer]);
    }
    h.ok(&args);
    std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| {
            let doc: Value = serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap();
            (doc["_id"].as_str().unwrap().to_string(), doc)
        })
        .collect()
}

/// What a document says of its item that a player's must never contradict: its type, and
/// where the player's says them, its counted uses and its quantity.
fn foundry_agree(truth: &Value, seen: &Value, exact: bool, what: &str) {
    assert_eq!(truth["type"], seen["type"], "{what}: type");
    let known = seen["flags"]["hoard"]["known"] == "full";
    if known || exact {
        assert_eq!(truth["name"], seen["name"], "{what}: name");
    }
    for path in ["/system/uses/max", "/system/uses/spent", "/system/quantity"] {
        let (t, s) = (truth.pointer(path), seen.pointer(path));
        let said = s.is_some_and(|s| !(s.is_null() || s == "" || s == 0 && !exact));
        if said || exact {
            assert_eq!(t, s, "{what}: {path}");
        }
    }
}

#[test]
fn foundry_packs_say_nothing_false_and_all_to_who_knows_all() {
    let mut compared = 0;
    for seed in [1, 3] {
        let h = played(seed);
        for system in ["dnd5e", "ose"] {
            let truth = foundry(&h, system, None);
            for viewer in PARTY {
                for (id, seen) in foundry(&h, system, Some(viewer)) {
                    let what = format!("seed {seed}, {system} as {viewer}, {id}");
                    foundry_agree(&truth[&id], &seen, false, &what);
                }
            }
        }
        // Ann learns all she carries: her pack then holds the referee's documents for it.
        let carried: Vec<String> = h.json(&["character", "show", "Ann"])["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["id"].as_str().unwrap().to_string())
            .collect();
        for id in &carried {
            for method in ["spell", "read-magic", "wish", "wish"] {
                attempt(&h, &["identify", id, "--by", "Ann", "--method", method]);
            }
            attempt(&h, &["valuable", "appraise", id, "--by", "Ann"]);
        }
        for system in ["dnd5e", "ose"] {
            let truth = foundry(&h, system, None);
            let seen = foundry(&h, system, Some("Ann"));
            for (id, doc) in &seen {
                if doc["flags"]["hoard"]["id"]
                    .as_str()
                    .is_some_and(|i| carried.iter().any(|c| c == i))
                {
                    foundry_agree(
                        &truth[id],
                        doc,
                        true,
                        &format!("seed {seed}, {system}, {id}"),
                    );
                    compared += 1;
                }
            }
        }
    }
    assert!(compared > 4, "Ann's items were compared: {compared}");
}

/// The served `/party.json` is each character's `export --as`, so the oracle and the converse
/// above hold for it; and the party page names each item as the party's JSON does.
#[cfg(feature = "serve")]
#[test]
fn the_party_page_and_its_json_are_the_players_views() {
    let h = played(2);
    let s = super::serve::Served::start(&h, &[]);
    let served: Value =
        serde_json::from_str(&super::serve::get(&s.at("/party.json"), &[]).body).unwrap();
    let page = super::serve::get(&s.url, &[]).body;
    for name in PARTY {
        let player = served
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["character"]["name"] == name)
            .unwrap_or_else(|| panic!("{name} in {served}"));
        assert_eq!(player, &h.json(&["export", "--as", name]), "{name}");
        let (truth, _) = sheets(&h, name, name);
        agree(
            &truth,
            &party_view(player),
            false,
            &format!("/party.json, {name}"),
        );
        for item in player["items"].as_array().unwrap() {
            let shown = item["name"].as_str().unwrap();
            assert!(page.contains(shown), "{name}'s {shown} on the page");
        }
    }
}

#[test]
fn what_a_player_does_not_know_is_not_said() {
    let h = Hoard::new();
    h.character("Ulric", 12, 10, 10, "lawful");
    h.ok_words("item add Frost --category wand --charges 7 --to Ulric");
    h.ok_words("item add Hide --category armor --bonus 1 --not-metal --to Ulric");
    h.ok(&["wear", "Hide"]);
    let sheet = h.ok(&["character", "show", "Ulric", "--as", "Ulric"]);
    // Leather is seen to be leather (AC 7), its plus is not: no total of bonuses.
    assert!(sheet.contains("AC 7 [12] (counting only"), "{sheet}");
    assert!(sheet.contains("(leather, light)"), "{sheet}");
    assert!(!sheet.contains("better by"), "{sheet}");
    assert!(
        h.ok(&["character", "show", "Ulric"]).contains("AC 6 [13]"),
        "the referee counts the plus"
    );
    // An unknown wand's charges are unknown, never one of one.
    let charges = |viewer: Option<&str>| {
        foundry(&h, "dnd5e", viewer)
            .into_values()
            .find(|d| d["type"] == "consumable")
            .map(|d| d["system"]["uses"]["max"].clone())
    };
    assert_eq!(charges(Some("Ulric")), Some(Value::from("")));
    assert_eq!(charges(None), Some(Value::from("7")));
}
