//! Exported items work at the table: dnd5e activities that spend their uses, weapons of their
//! make, prices in their denomination, weights that count, and one document type per item
//! whoever's pack it is in.

use std::collections::BTreeMap;

use rand::{Rng, SeedableRng};
use serde_json::Value;

use crate::common::Hoard;
use crate::foundry::{SYSTEMS, add, documents, every_category, export, export_view, words};

/// The activity of a dnd5e document that consumes its uses, if any.
fn spender(doc: &Value) -> Option<&Value> {
    doc["system"]["activities"].as_object()?.values().find(|a| {
        a["consumption"]["targets"].as_array().is_some_and(|t| {
            t.iter()
                .any(|t| t["type"] == "itemUses" && t["value"] == "1")
        })
    })
}

#[test]
fn a_potion_is_drunk_a_wand_zapped_and_a_sword_swung() {
    let h = Hoard::new();
    let made = every_category(&h);
    let id = |what: &str| made.iter().find(|(_, w)| **w == what).unwrap().0.clone();
    let healing = add(
        &h,
        &["Potion of Healing", "--category", "potion", "--consumable"],
    );
    let dir = h.dir.path().join("dnd5e");
    export(&h, "dnd5e", &dir, &[]);
    let docs = documents(&dir);
    let heal = spender(&docs[&healing]).expect("a potion of healing heals");
    assert_eq!(heal["type"], "heal");
    assert_eq!(heal["healing"]["custom"]["formula"], "2d4+2");
    let potion = &docs[&id("potion")];
    assert_eq!(spender(potion).unwrap()["type"], "utility");
    assert_eq!(potion["system"]["uses"]["autoDestroy"], true);
    let wand = &docs[&id("wand")];
    assert_eq!(spender(wand).unwrap()["type"], "utility");
    assert_eq!(
        (
            &wand["system"]["uses"]["max"],
            &wand["system"]["uses"]["spent"]
        ),
        (&"9".into(), &2.into()),
        "the charges are the uses the activity spends"
    );
    let sword = &docs[&id("sword")]["system"];
    let attack = &sword["activities"]["hoardattack00000"];
    assert_eq!(attack["type"], "attack");
    assert_eq!(attack["attack"]["type"]["value"], "melee");
    assert_eq!(attack["damage"]["includeBase"], true);
    assert_eq!(sword["damage"]["base"]["denomination"], 8);
    let staff = &docs[&id("staff")]["system"];
    assert_eq!(
        staff["activities"].as_object().unwrap().len(),
        2,
        "swung, or a charge spent"
    );
    assert!(spender(&docs[&id("staff")]).is_some());
    for doc in docs.values() {
        if doc["system"]["uses"]["max"]
            .as_str()
            .is_some_and(|m| !m.is_empty())
        {
            assert!(
                spender(doc).is_some(),
                "{}: uses no activity spends",
                doc["name"]
            );
        }
    }
}

#[test]
fn weapons_are_of_their_make_and_heavy_armour_is_loud() {
    let h = Hoard::new();
    let mut made = BTreeMap::new();
    for (what, line) in [
        (
            "axe",
            "'Battle axe +1' --category weapon --kind battle-axe --bonus 1",
        ),
        (
            "dagger",
            "'Dagger +2' --category weapon --kind dagger --bonus 2",
        ),
        ("bow", "'Bow +1' --category weapon --kind bow --bonus 1"),
        (
            "spear",
            "'Spear +1' --category weapon --kind spear --bonus 1",
        ),
        ("plate", "'Plate mail +1' --category armor --bonus 1"),
    ] {
        let args = shell_words::split(line).unwrap();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        made.insert(what, add(&h, &args));
    }
    let two = h.json(&words(
        "sword add Cleaver --int 7 --ego 2 --alignment lawful --blade two-handed",
    ));
    made.insert("greatsword", two["id"].as_str().unwrap().to_string());
    let dnd = h.dir.path().join("dnd5e");
    export(&h, "dnd5e", &dnd, &[]);
    let docs = documents(&dnd);
    let sys = |what: &str| docs[&made[what]]["system"].clone();
    // weapon/battleaxe.yml, dagger.yml, longbow.yml, spear.yml, greatsword.yml (dnd5e 5.3.3)
    for (what, class, base, die, props, range) in [
        ("axe", "martialM", "battleaxe", 8, vec!["ver"], None),
        (
            "dagger",
            "simpleM",
            "dagger",
            4,
            vec!["fin", "lgt", "thr"],
            Some((20, 60)),
        ),
        (
            "bow",
            "martialR",
            "longbow",
            8,
            vec!["amm", "hvy", "two"],
            Some((150, 600)),
        ),
        (
            "spear",
            "simpleM",
            "spear",
            6,
            vec!["thr", "ver"],
            Some((20, 60)),
        ),
        (
            "greatsword",
            "martialM",
            "greatsword",
            6,
            vec!["hvy", "two"],
            None,
        ),
    ] {
        let s = sys(what);
        assert_eq!(s["type"]["value"], class, "{what}");
        assert_eq!(s["type"]["baseItem"], base, "{what}");
        assert_eq!(s["damage"]["base"]["denomination"], die, "{what}");
        for p in props {
            assert!(
                s["properties"].as_array().unwrap().contains(&p.into()),
                "{what}: {p}"
            );
        }
        let got = (s["range"]["value"].as_u64(), s["range"]["long"].as_u64());
        assert_eq!(
            got,
            range.map_or((None, None), |(a, b)| (Some(a), Some(b))),
            "{what}"
        );
    }
    assert_eq!(sys("spear")["damage"]["versatile"]["denomination"], 8);
    assert_eq!(
        sys("bow")["activities"]["hoardattack00000"]["attack"]["type"]["value"],
        "ranged"
    );
    let plate = sys("plate");
    assert_eq!(plate["type"]["baseItem"], "chainmail");
    assert!(
        plate["properties"]
            .as_array()
            .unwrap()
            .contains(&"stealthDisadvantage".into())
    );

    let ose = h.dir.path().join("ose");
    export(&h, "ose", &ose, &[]);
    let docs = documents(&ose);
    let sys = |what: &str| docs[&made[what]]["system"].clone();
    // OSE Rules Tome, Weapons
    for (what, damage, missile, melee, short) in [
        ("axe", "1d8", false, true, 0),
        ("dagger", "1d4", true, true, 10),
        ("bow", "1d6", true, false, 70),
        ("spear", "1d6", true, true, 20),
        ("greatsword", "1d10", false, true, 0),
    ] {
        let s = sys(what);
        assert_eq!(
            (
                &s["damage"],
                &s["missile"],
                &s["melee"],
                &s["range"]["short"]
            ),
            (
                &damage.into(),
                &missile.into(),
                &melee.into(),
                &short.into()
            ),
            "{what}"
        );
    }
    // OSE: « Plate mail … 500 » coins.
    assert_eq!(sys("plate")["weight"], 500.0);
}

#[test]
fn money_keeps_its_denomination_and_nothing_weighs_nothing() {
    let h = Hoard::new();
    let mut made = BTreeMap::new();
    for (value, kind) in [
        ("5sp", "gem"),
        ("3cp", "art"),
        ("1gp5sp", "jewelry"),
        ("500gp", "gem"),
    ] {
        let v = h.json(&[
            "valuable",
            "add",
            &format!("Thing {value}"),
            "--value",
            value,
            "--kind",
            kind,
        ]);
        made.insert(value, v["id"].as_str().unwrap().to_string());
    }
    let ring = add(&h, &["Ring of Warmth", "--category", "ring"]);
    let dnd = h.dir.path().join("dnd5e");
    export(&h, "dnd5e", &dnd, &[]);
    let docs = documents(&dnd);
    for (value, price, denomination, kind) in [
        ("5sp", 5, "sp", "gem"),
        ("3cp", 3, "cp", "art"),
        ("1gp5sp", 15, "sp", "art"),
        ("500gp", 500, "gp", "gem"),
    ] {
        let s = &docs[&made[value]]["system"];
        assert_eq!(
            (
                &s["price"]["value"],
                &s["price"]["denomination"],
                &s["type"]["value"]
            ),
            (&price.into(), &denomination.into(), &kind.into()),
            "{value}"
        );
    }
    for doc in docs.values() {
        assert!(
            doc["system"]["weight"]["value"].as_f64().unwrap() > 0.0,
            "{}",
            doc["name"]
        );
    }
    let ose = h.dir.path().join("ose");
    export(&h, "ose", &ose, &[]);
    let docs = documents(&ose);
    assert_eq!(docs[&made["5sp"]]["system"]["cost"], 0.5);
    assert_eq!(docs[&made["3cp"]]["system"]["cost"], 0.03);
    assert_eq!(
        docs[&made["500gp"]]["system"]["weight"], 1.0,
        "OSE: a gem weighs a coin"
    );
    assert_eq!(
        docs[&ring]["system"]["quantity"],
        serde_json::json!({ "value": 1, "max": 0 }),
        "nothing to count"
    );
}

/// Over a random campaign, in the referee's pack and each player's: one type per `_id`, an
/// activity spending every item's uses, and a price wherever a known worth is more than 0.
#[test]
fn a_random_campaign_works_in_play_in_every_pack() {
    let h = Hoard::new();
    for (name, class) in [("Arnaud", "fighter"), ("Mordo", "magic-user")] {
        h.ok_words(&format!(
            "character add {name} --str 12 --wis 12 --hp 20 --alignment neutral --class {class} --level 6"
        ));
    }
    h.ok(&["session", "start", "Hoard"]);
    h.ok(&words("--seed 21 generate any --count 40 --to Arnaud"));
    h.ok(&words("--seed 22 generate any --count 40 --to Mordo"));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(23);
    for n in 0..20 {
        let (gp, sp, cp) = (
            rng.random_range(0..3),
            rng.random_range(0..10),
            rng.random_range(1..10),
        );
        let kind = ["gem", "jewelry", "art", "other"][n % 4];
        let value: String = [(gp, "gp"), (sp, "sp"), (cp, "cp")]
            .iter()
            .filter(|(n, _)| *n > 0)
            .map(|(n, d)| format!("{n}{d}"))
            .collect();
        let to = if n % 2 == 0 { "Arnaud" } else { "Mordo" };
        let v = h.json(&[
            "valuable",
            "add",
            &format!("Trinket {n}"),
            "--value",
            &value,
            "--kind",
            kind,
            "--to",
            to,
        ]);
        if rng.random_bool(0.5) {
            h.ok(&[
                "valuable",
                "appraise",
                v["id"].as_str().unwrap(),
                "--by",
                to,
            ]);
        }
    }
    for system in SYSTEMS {
        let mut types: BTreeMap<String, Value> = BTreeMap::new();
        for viewer in [None, Some("Arnaud"), Some("Mordo")] {
            let docs = documents(&export_view(&h, system, viewer, "play"));
            for (id, doc) in docs {
                let kind = types
                    .entry(doc["_id"].as_str().unwrap().to_string())
                    .or_insert(doc["type"].clone());
                assert_eq!(*kind, doc["type"], "{system} {viewer:?}: {id} changed type");
                let s = &doc["system"];
                let worth = doc["flags"]["hoard"]["identity"]["value"].clone();
                if system == "dnd5e" {
                    if s["uses"]["max"].as_str().is_some_and(|m| !m.is_empty()) {
                        assert!(
                            spender(&doc).is_some(),
                            "{viewer:?} {id}: uses nobody spends"
                        );
                    }
                    if worth.is_object() {
                        assert!(
                            s["price"]["value"].as_i64().unwrap() > 0,
                            "{viewer:?} {id}: {worth}"
                        );
                    }
                } else if worth.is_object() {
                    assert!(
                        s["cost"].as_f64().unwrap() > 0.0,
                        "{viewer:?} {id}: {worth}"
                    );
                }
            }
        }
    }
}
