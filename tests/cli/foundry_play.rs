//! Exported items work at the table: dnd5e activities that spend their uses, weapons of their
//! make, prices in their denomination, weights that count, and one document type per item
//! whoever's pack it is in.

use std::collections::BTreeMap;

use rand::{Rng, SeedableRng};
use serde_json::Value;

use crate::common::Hoard;
use crate::foundry::{
    SYSTEMS, add, assert_shape, documents, every_category, export, export_view, words,
};

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
    assert_eq!(plate["type"]["baseItem"], "plate");
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

/// #52.4: each kind of armour is its dnd5e base armour (`packs/_source/items/armor/*.yml`,
/// dnd5e 5.3.3), with the AC dnd5e gives it and its own plus on top; dnd5e has no
/// brigandine, banded mail, field or full plate, which take the armour AD&D ranks with them.
/// In OSE's system each protects as the campaign's edition says.
#[test]
fn each_kind_of_armour_is_its_dnd5e_base_armour_and_its_editions_ac_in_ose() {
    let h = Hoard::new();
    // kind, dnd5e type and base item, AC, Dexterity cap, Strength, loud; OSE's AC, AD&D's AC.
    let kinds = [
        ("padded", "light", "padded", 11, None, None, true, 8, 8),
        ("leather", "light", "leather", 11, None, None, false, 7, 8),
        (
            "studded-leather",
            "light",
            "studded",
            12,
            None,
            None,
            false,
            7,
            7,
        ),
        ("ring", "heavy", "ringmail", 14, Some(0), None, true, 7, 7),
        (
            "brigandine",
            "medium",
            "scalemail",
            14,
            Some(2),
            None,
            true,
            6,
            6,
        ),
        (
            "scale",
            "medium",
            "scalemail",
            14,
            Some(2),
            None,
            true,
            6,
            6,
        ),
        (
            "chain",
            "heavy",
            "chainmail",
            16,
            Some(0),
            Some(13),
            true,
            5,
            5,
        ),
        (
            "splint",
            "heavy",
            "splint",
            17,
            Some(0),
            Some(15),
            true,
            4,
            4,
        ),
        (
            "banded",
            "heavy",
            "splint",
            17,
            Some(0),
            Some(15),
            true,
            4,
            4,
        ),
        ("plate", "heavy", "plate", 18, Some(0), Some(15), true, 3, 3),
        (
            "field-plate",
            "heavy",
            "plate",
            18,
            Some(0),
            Some(15),
            true,
            2,
            2,
        ),
        (
            "full-plate",
            "heavy",
            "plate",
            18,
            Some(0),
            Some(15),
            true,
            1,
            1,
        ),
        ("shield", "shield", "shield", 2, None, None, false, 1, 1),
    ];
    let mut made = BTreeMap::new();
    for (kind, ..) in kinds {
        let name = format!("Heirloom {kind} +1");
        let id = add(
            &h,
            &[
                &name,
                "--category",
                "armor",
                "--armor",
                kind,
                "--bonus",
                "1",
            ],
        );
        made.insert(kind, id);
    }
    // The kind its name says, with no `--armor`.
    let banded = add(
        &h,
        &["Banded mail +2", "--category", "armor", "--bonus", "2"],
    );
    let dnd = h.dir.path().join("dnd5e");
    export(&h, "dnd5e", &dnd, &[]);
    let docs = documents(&dnd);
    for (kind, class, base, ac, dex, strength, loud, ..) in kinds {
        let s = &docs[&made[kind]]["system"];
        assert_eq!(
            (
                &s["type"]["value"],
                &s["type"]["baseItem"],
                &s["armor"]["value"],
                &s["armor"]["magicalBonus"],
                &s["armor"]["dex"],
                &s["strength"]
            ),
            (
                &class.into(),
                &base.into(),
                &ac.into(),
                &1.into(),
                &serde_json::json!(dex),
                &serde_json::json!(strength)
            ),
            "{kind}"
        );
        let props = s["properties"].as_array().unwrap();
        assert_eq!(
            props.contains(&"stealthDisadvantage".into()),
            loud,
            "{kind}"
        );
    }
    let s = &docs[&banded]["system"];
    assert_eq!(
        (
            &s["type"]["baseItem"],
            &s["armor"]["value"],
            &s["armor"]["magicalBonus"]
        ),
        (&"splint".into(), &17.into(), &2.into())
    );

    // OSE's system: OSE's table (AD&D's for a kind it does not list), then AD&D's for a
    // campaign of AD&D; each +1 improves it by one more (a shield's improvement grows).
    for (edition, ose_dir) in [("ose", "ose-ose"), ("adnd", "ose-adnd")] {
        h.ok(&["campaign", "set", "treasure", edition]);
        let dir = h.dir.path().join(ose_dir);
        export(&h, "ose", &dir, &[]);
        let docs = documents(&dir);
        for (kind, .., ose, adnd) in kinds {
            let table = if edition == "ose" { ose } else { adnd };
            let (ac, aac) = if kind == "shield" {
                (table + 1, table + 1)
            } else {
                (table - 1, 19 - table + 1)
            };
            let s = &docs[&made[kind]]["system"];
            assert_eq!(
                (&s["ac"]["value"], &s["aac"]["value"]),
                (&ac.into(), &aac.into()),
                "{edition}: {kind}"
            );
        }
    }
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

/// #52.1: dnd5e counts only armour and shields toward AC, so a ring of protection carries an
/// effect on AC and saving throws, as dnd5e's own ring does, and no armour plus of its own; a
/// player who does not know its plus gets no effect until they do.
#[test]
fn a_ring_of_protection_protects_through_an_effect() {
    let h = Hoard::new();
    h.character("Bel", 10, 10, 6, "neutral");
    let ring = add(
        &h,
        &[
            "Ring of Protection",
            "--category",
            "ring",
            "--bonus",
            "2",
            "--to",
            "Bel",
        ],
    );
    let warmth = add(&h, &["Ring of Warmth", "--category", "ring", "--to", "Bel"]);
    h.ok(&["wear", &ring, "--hand", "left"]);
    let dir = export_view(&h, "dnd5e", None, "rings");
    let docs = documents(&dir);
    let doc = &docs[&ring];
    assert_eq!(doc["system"]["armor"]["magicalBonus"], Value::Null);
    assert_eq!(doc["system"]["equipped"], true);
    let effects = doc["effects"].as_array().unwrap();
    assert_eq!(effects.len(), 1);
    let effect = &effects[0];
    assert_eq!(
        (&effect["transfer"], &effect["disabled"]),
        (&true.into(), &false.into())
    );
    let changes: Vec<(&str, &str, i64)> = effect["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["key"].as_str().unwrap(),
                c["value"].as_str().unwrap(),
                c["mode"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        changes,
        [
            ("system.attributes.ac.bonus", "+2", 2),
            ("system.bonuses.abilities.save", "+2", 2)
        ]
    );
    assert_eq!(docs[&warmth]["effects"], serde_json::json!([]));
    // In the pack, the effect is packed under its own key within the item's.
    let packed = std::fs::read_dir(dir.join("module/packs/_source/hoard-items"))
        .unwrap()
        .map(|e| {
            serde_json::from_slice::<Value>(&std::fs::read(e.unwrap().path()).unwrap()).unwrap()
        })
        .find(|d| d["flags"]["hoard"]["id"] == ring.as_str())
        .unwrap();
    let key = format!(
        "!items.effects!{}.hoardprotection0",
        doc["_id"].as_str().unwrap()
    );
    assert_eq!(packed["effects"][0]["_key"], key.as_str());
    // ose has no such effects.
    let ose = documents(&export_view(&h, "ose", None, "rings"));
    assert_eq!(ose[&ring]["effects"], serde_json::json!([]));
    // Bel wears it without knowing its plus: none in his pack until he does.
    let unknown = documents(&export_view(&h, "dnd5e", Some("Bel"), "rings"));
    assert_eq!(unknown[&ring]["effects"], serde_json::json!([]));
    assert_eq!(
        unknown[&ring]["system"]["armor"]["magicalBonus"],
        Value::Null
    );
    h.ok(&["identify", &ring, "--by", "Bel", "--method", "spell"]);
    let known = documents(&export_view(&h, "dnd5e", Some("Bel"), "known"));
    assert_eq!(known[&ring]["effects"][0]["changes"][0]["value"], "+2");
}

/// #52.3: a wand, staff or rod a player does not know can be used from their pack: an activity
/// that spends no count (none is shown) and says the referee counts the charges; once known,
/// its charges are the uses it spends.
#[test]
fn an_unknown_wand_is_used_without_showing_its_charges() {
    let h = Hoard::new();
    h.character("Bel", 10, 10, 6, "neutral");
    let mut ids = Vec::new();
    for (name, category) in [
        ("Wand of Frost", "wand"),
        ("Rod of Cancellation", "rod"),
        ("Staff of Striking", "staff"),
    ] {
        ids.push(add(
            &h,
            &[
                name,
                "--category",
                category,
                "--charges",
                "9",
                "--to",
                "Bel",
            ],
        ));
    }
    let docs = documents(&export_view(&h, "dnd5e", Some("Bel"), "unknown"));
    for id in &ids {
        let doc = &docs[id];
        let text = doc.to_string();
        assert!(
            !text.contains("Frost") && !text.contains("Striking"),
            "{text}"
        );
        assert_eq!(doc["system"]["uses"]["max"], "", "no count shown");
        assert_eq!(doc["flags"]["hoard"]["charges"], Value::Null);
        let used = &doc["system"]["activities"]["hoarduse00000000"];
        assert_eq!(used["type"], "utility", "{id}: usable");
        assert_eq!(used["consumption"]["targets"], serde_json::json!([]));
        assert!(
            used["description"]["chatFlavor"]
                .as_str()
                .unwrap()
                .contains("referee"),
            "{used}"
        );
    }
    h.ok(&["identify", &ids[0], "--by", "Bel", "--method", "spell"]);
    let known = documents(&export_view(&h, "dnd5e", Some("Bel"), "known"));
    let wand = &known[&ids[0]];
    assert_eq!(wand["system"]["uses"]["max"], "9");
    assert!(spender(wand).is_some(), "its charges spent");
}

/// #52.2: arrows, bolts and sling bullets are dnd5e ammunition (`ammo`, their count, their
/// plus) in every pack, and bows, crossbows and slings shoot them (`amm`, `ammunition.type`).
#[test]
fn arrows_are_ammunition_their_launcher_spends() {
    let h = Hoard::new();
    h.character("Bel", 10, 10, 6, "neutral");
    // Arrows +1 ×11, bolts +2 ×7, bolts +1 ×19 among them.
    h.ok(&words("--seed 7 generate weapon --count 12 --to Bel"));
    let mut launchers = BTreeMap::new();
    for (kind, shoots) in [
        ("bow", "arrow"),
        ("crossbow", "crossbowBolt"),
        ("sling", "slingBullet"),
    ] {
        let id = add(
            &h,
            &[kind, "--category", "weapon", "--kind", kind, "--to", "Bel"],
        );
        launchers.insert(id, shoots);
    }
    let referee = documents(&export_view(&h, "dnd5e", None, "ammo"));
    let bel = documents(&export_view(&h, "dnd5e", Some("Bel"), "ammo"));
    let mut seen = BTreeMap::new();
    for (id, truth) in &referee {
        let identity = &truth["flags"]["hoard"]["identity"];
        let subtype = match identity["kind"].as_str() {
            Some("arrows") => "arrow",
            Some("bolts") => "crossbowBolt",
            Some("sling-bullets") => "slingBullet",
            _ => continue,
        };
        *seen.entry(subtype).or_insert(0) += 1;
        assert_eq!(truth["system"]["magicalBonus"], identity["bonus"], "{id}");
        for doc in [truth, &bel[id]] {
            let s = &doc["system"];
            assert_eq!(doc["type"], "consumable", "{id}");
            assert_shape("dnd5e", doc, id);
            assert_eq!(
                (&s["type"]["value"], &s["type"]["subtype"]),
                (&"ammo".into(), &subtype.into())
            );
            assert_eq!(s["quantity"], identity["count"], "{id}: its count");
            assert!(s["quantity"].as_u64().unwrap() > 1);
            assert_eq!(
                s["activities"],
                serde_json::json!({}),
                "spent by the launcher"
            );
        }
    }
    assert_eq!(
        (seen.get("arrow"), seen.get("crossbowBolt")),
        (Some(&1), Some(&2))
    );
    for (id, shoots) in &launchers {
        let s = &referee[id]["system"];
        assert_eq!(s["ammunition"]["type"], *shoots, "{id}");
        assert!(s["properties"].as_array().unwrap().contains(&"amm".into()));
        assert_eq!(bel[id]["system"]["ammunition"]["type"], *shoots);
    }
}
