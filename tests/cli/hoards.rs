//! Whole hoards through the CLI: a treasure type rolled into the pool, a purse or a place,
//! one event with every die whose coins and items follow it and go with it; dry runs,
//! seeds, both games' types, unguarded treasure by level, and a hoard that is shared, sold
//! and awarded and replays from its events alone.

use serde_json::Value;

use crate::common::Hoard;

fn fighter(h: &Hoard, name: &str) {
    h.ok(&[
        "character",
        "add",
        name,
        "--str",
        "13",
        "--wis",
        "9",
        "--hp",
        "30",
        "--class",
        "fighter",
    ]);
}

/// The coins of a JSON amount, in copper.
fn copper(coins: &Value) -> i64 {
    ["cp", "sp", "ep", "gp", "pp"]
        .iter()
        .zip([1, 10, 50, 100, 500])
        .map(|(d, rate)| coins[d].as_i64().unwrap_or(0) * rate)
        .sum()
}

#[test]
fn a_lair_is_rolled_whole_with_every_die_and_undone_as_one() {
    let h = Hoard::new();
    fighter(&h, "Ulric");
    let rolled = h.json(&["--seed", "5", "treasure", "roll", "H"]);
    let event = &rolled["event"];
    assert_eq!(event["kind"], "treasure_rolled", "{rolled}");
    let found = event["payload"]["found"].as_array().unwrap();
    assert_eq!(found.len(), 8, "H has eight parts: {rolled}");
    for part in found {
        let roll = &part["chance_roll"];
        let present = roll["total"].as_i64().unwrap() <= part["chance"].as_i64().unwrap();
        assert_eq!(part["present"], present, "{part}");
    }
    let in_parts: i64 = found.iter().map(|p| copper(&p["coins"])).sum();
    assert_eq!(in_parts, copper(&rolled["coins"]));
    let items: u64 = found.iter().map(|p| p["items"].as_u64().unwrap()).sum();
    assert_eq!(items as usize, rolled["items"].as_array().unwrap().len());
    // Everything else is its consequence, and `undo` takes it all back.
    let seq = event["id"].as_i64().unwrap();
    for c in rolled["consequences"].as_array().unwrap() {
        assert!(c["id"].as_i64().unwrap() > seq);
    }
    assert!(copper(&rolled["coins"]) > 0, "seed 5 finds coins: {rolled}");
    h.ok(&["undo"]);
    let treasury = h.json(&["coins"]);
    assert_eq!(copper(&treasury["pool"]), 0, "{treasury}");
    assert_eq!(h.json(&["item", "list"]).as_array().unwrap().len(), 0);
    h.ok(&["check"]);
}

#[test]
fn a_dry_run_keeps_nothing_and_a_seed_rolls_the_same_hoard() {
    let h = Hoard::new();
    fighter(&h, "Ulric");
    let log = h.ok(&["log"]);
    let dry = h.json(&[
        "--seed",
        "21",
        "--dry-run",
        "treasure",
        "roll",
        "A",
        "--count",
        "3",
    ]);
    assert_eq!(h.ok(&["log"]), log, "a dry run records nothing");
    let kept = h.json(&["--seed", "21", "treasure", "roll", "A", "--count", "3"]);
    assert_eq!(dry["coins"], kept["coins"]);
    assert_eq!(dry["event"]["payload"], kept["event"]["payload"]);
    let names = |v: &Value| -> Vec<String> {
        v["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["name"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(names(&dry), names(&kept));
    assert_eq!(kept["event"]["payload"]["count"], 3);
    assert_eq!(
        kept["event"]["payload"]["found"].as_array().unwrap().len(),
        24
    );
}

#[test]
fn a_hoard_goes_to_a_purse_or_a_place_as_asked() {
    let h = Hoard::new();
    fighter(&h, "Ulric");
    // AD&D 2e's type R always holds gold, platinum or electrum, gems and art.
    h.ok(&["campaign", "set", "treasure", "adnd"]);
    let to = h.json(&["--seed", "2", "treasure", "roll", "R", "--to", "Ulric"]);
    assert_eq!(
        (&to["to"]["holder"], &to["to"]["name"]),
        (&Value::from("character"), &Value::from("Ulric")),
        "{to}"
    );
    let purse = h.json(&["coins"])["purses"].clone();
    assert!(purse.to_string().contains("Ulric"), "{purse}");
    for item in to["items"].as_array().unwrap() {
        assert_eq!(item["holder"], "Ulric", "{item}");
        assert!(
            item["value"].is_object(),
            "a gem or art has its worth: {item}"
        );
    }
    let at = h.json(&["--seed", "3", "treasure", "roll", "R", "--at", "Lair"]);
    assert_eq!(
        (&at["to"]["holder"], &at["to"]["name"]),
        (&Value::from("place"), &Value::from("Lair")),
        "{at}"
    );
    let places = h.json(&["coins"])["places"].clone();
    assert!(places.to_string().contains("Lair"), "{places}");
    for item in at["items"].as_array().unwrap() {
        assert_eq!(item["place"], "Lair", "{item}");
    }
    h.ok(&["check"]);
}

#[test]
fn each_game_has_its_types_and_only_ose_its_unguarded_treasure() {
    let h = Hoard::new();
    fighter(&h, "Ulric");
    let ose = h.json(&["treasure", "types"]);
    let letters = |v: &Value| -> String {
        v["types"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["key"].as_str().unwrap())
            .collect()
    };
    assert_eq!(letters(&ose), "ABCDEFGHIJKLMNOPQRSTUV");
    assert_eq!(ose["levels"].as_array().unwrap().len(), 5);
    // The files are tables like the others: listed, shown and counted.
    let listed = h.json(&["tables", "list"]);
    assert_eq!(
        listed["treasure_types"].as_array().unwrap().len(),
        2,
        "{listed}"
    );
    let shown = h.ok(&["tables", "show", "treasure-ose"]);
    assert!(shown.contains("H (lair): 25% 3d8*1000 cp"), "{shown}");
    // OSE's U and V are carried by a group between them, P–T by each creature.
    let types = h.ok(&["treasure", "types"]);
    assert!(types.contains("  T (individual): "), "{types}");
    assert!(
        types.contains("  U (group): ") && types.contains("  V (group): "),
        "{types}"
    );
    let rolled = h.json(&["--seed", "1", "treasure", "roll", "U", "--dry-run"]);
    assert_eq!(rolled["type"]["group"], "group", "{rolled}");
    assert_eq!(
        letters(&h.json(&["treasure", "types", "--system", "adnd"])),
        "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    );
    let stderr = h.refused_unchanged(&["treasure", "roll", "W"], 3);
    assert!(stderr.contains("no treasure type \"W\""), "{stderr}");
    let level = h.json(&["--seed", "1", "treasure", "roll", "--level", "3"]);
    assert_eq!(level["type"]["key"], "2-3", "{level}");
    assert_eq!(level["event"]["payload"]["level"], 3);
    assert!(
        copper(&level["coins"]) >= 100 * 10,
        "at least 1d12 × 100 sp"
    );
    h.ok(&["campaign", "set", "treasure", "adnd"]);
    assert!(h.ok(&["campaign", "show"]).contains("treasure: adnd"));
    h.ok(&["--seed", "1", "treasure", "roll", "W"]);
    let stderr = h.refused_unchanged(&["treasure", "roll", "--level", "3"], 3);
    assert!(stderr.contains("no unguarded treasure"), "{stderr}");
    h.refused_unchanged(&["campaign", "set", "treasure", "bx"], 2);
    let fr = h.ok(&["--lang", "fr", "--seed", "4", "treasure", "roll", "Q"]);
    assert!(fr.contains("Trésor de type Q") && fr.contains("po"), "{fr}");
    assert!(
        h.ok(&["--lang", "fr", "log"])
            .contains("trésor de type Q tiré")
    );
}

/// A hoard rolled, shared, its gems sold and its experience awarded: the purses and awards
/// are what its events give when the ledger is replayed (`check`), on either engine.
#[test]
fn a_hoard_shared_sold_and_awarded_replays_from_its_events() {
    let h = Hoard::new();
    fighter(&h, "Ulric");
    fighter(&h, "Brann");
    h.ok(&["campaign", "set", "treasure", "adnd"]);
    h.ok(&["session", "start", "The lair"]);
    // AD&D 2e's type Q is 1d4 gems, always.
    let rolled = h.json(&["--seed", "8", "treasure", "roll", "Q"]);
    let gems: Vec<String> = rolled["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["id"].as_str().unwrap().to_string())
        .collect();
    assert!(!gems.is_empty());
    let worth: i64 = rolled["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| copper(&i["value"]))
        .sum();
    h.ok(&["coins", "add", "100gp"]);
    let award = h.json(&["xp", "award"]);
    assert_eq!(
        award["treasure"]["xp"].as_i64().unwrap(),
        100 + worth / 100,
        "the gems count at their worth when found: {award}"
    );
    let mut sell = vec!["sell"];
    sell.extend(gems.iter().map(String::as_str));
    let sold = h.json(&sell);
    assert_eq!(
        copper(&sold["event"]["payload"]["price"]),
        worth,
        "gems sell at their worth"
    );
    h.ok(&["share"]);
    let purses = h.json(&["coins"])["purses"].clone();
    let total: i64 = purses
        .as_array()
        .unwrap()
        .iter()
        .map(|p| copper(&p["coins"]))
        .sum::<i64>()
        + copper(&h.json(&["coins"])["pool"]);
    assert_eq!(total, worth + 100 * 100);
    assert!(h.ok(&["check"]).starts_with("ok"));
}

#[test]
fn an_edited_treasure_file_is_checked_like_any_table() {
    let h = Hoard::new();
    let dir = tempfile::tempdir().unwrap();
    let shipped = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tables/treasure-ose.toml"),
    )
    .unwrap();
    let broken = shipped
        .replacen(
            "chance = 25\ncoins = [\"cp\"]",
            "chance = 250\ncoins = [\"cp\"]",
            1,
        )
        .replacen(
            "valuables = \"gems-ose\"",
            "valuables = \"gems-nowhere\"",
            1,
        );
    std::fs::write(dir.path().join("treasure-ose.toml"), broken).unwrap();
    let out = h
        .cmd(&["tables", "check", dir.path().to_str().unwrap()])
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{text}");
    assert!(
        text.contains("type A, part 1: chance 250 is outside 1-100"),
        "{text}"
    );
    // A raised chance is the referee's to make: the edited types are rolled.
    let edited = shipped.replacen(
        "letter = \"J\"\ngroup = \"lair\"\n\n[[type.part]]\nchance = 25",
        "letter = \"J\"\ngroup = \"lair\"\n\n[[type.part]]\nchance = 100",
        1,
    );
    assert_ne!(edited, shipped);
    std::fs::write(dir.path().join("treasure-ose.toml"), edited).unwrap();
    h.ok(&["tables", "check", dir.path().to_str().unwrap()]);
    let rolled = h.json(&[
        "--tables",
        dir.path().to_str().unwrap(),
        "treasure",
        "roll",
        "J",
    ]);
    assert_eq!(
        rolled["event"]["payload"]["found"][0]["present"], true,
        "{rolled}"
    );
    // The roll says its tables were edited, and stands on its own dice.
    assert_eq!(
        rolled["event"]["payload"]["edited"],
        dir.path().to_str().unwrap()
    );
    h.ok(&["check"]);
}

#[test]
fn damaged_jewellery_is_worth_half_once_and_anyone_sees_it() {
    let h = Hoard::new();
    fighter(&h, "Ulric");
    h.ok(&[
        "valuable",
        "add",
        "Gold torc",
        "--value",
        "1101gp",
        "--kind",
        "jewelry",
        "--to",
        "Ulric",
    ]);
    h.ok(&[
        "valuable", "add", "Ruby", "--value", "500gp", "--kind", "gem",
    ]);
    let text = h.ok(&["valuable", "damage", "Gold torc"]);
    assert!(
        text.contains("Gold torc is damaged: worth 1101 gp → 550 gp 50 cp"),
        "half, to the copper: {text}"
    );
    let torc = h.json(&["item", "show", "Gold torc"]);
    assert_eq!(copper(&torc["value"]), 55_050, "{torc}");
    let stderr = h.refused_unchanged(&["valuable", "damage", "Gold torc"], 4);
    assert!(stderr.contains("damaged already"), "{stderr}");
    let stderr = h.refused_unchanged(&["valuable", "damage", "Ruby"], 4);
    assert!(stderr.contains("no jewellery nor art"), "{stderr}");
    let seen = h.ok(&["character", "show", "Ulric", "--as", "Ulric"]);
    assert!(seen.contains("damaged"), "{seen}");
    let fr = h.ok(&["--lang", "fr", "log", "--limit", "1"]);
    assert!(fr.contains("est endommagé"), "{fr}");
    h.ok(&["undo"]);
    assert_eq!(
        copper(&h.json(&["item", "show", "Gold torc"])["value"]),
        110_100
    );
    h.ok(&["check"]);
}

/// A hoard stands only on its dice, as `treasure roll` records it: an import whose roll is on
/// another game's types or a type the table lacks, rolled 5000 times, whose coins are ten
/// times what the dice gave, whose jewel is worth fifty times its worth roll, or whose coins
/// and items are stripped of their cause, is refused, saying why; the same edits made behind
/// hoard's back are found by `check`. A consequence voided alone, and redone, still stands.
#[test]
fn a_forged_hoard_is_refused_on_import_and_found_by_check() {
    let h = Hoard::new();
    fighter(&h, "Ulric");
    // OSE's type B under seed 12: 5,000 sp and 3,000 gp, and two pieces of jewellery.
    let rolled = h.json(&["--seed", "12", "treasure", "roll", "B"]);
    assert_eq!(
        copper(&rolled["coins"]),
        5_000 * 10 + 3_000 * 100,
        "{rolled}"
    );
    let jewel = &rolled["items"][0];
    assert_eq!(jewel["value"]["gp"], 800, "{rolled}");
    h.ok(&["coins", "add", "5gp"]);
    let ledger = h.ok(&["export"]);
    let file = h.dir.path().join("ledger.jsonl");
    let lines: Vec<Value> = ledger
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let import = |lines: &[Value]| {
        let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
        std::fs::write(&file, text).unwrap();
        Hoard::new()
            .cmd(&["import", file.to_str().unwrap()])
            .output()
            .unwrap()
    };
    assert!(import(&lines).status.success(), "it imports as it is");
    let kind = |l: &Value| l["event"]["kind"].as_str().unwrap_or("").to_string();
    let roll = lines
        .iter()
        .position(|l| kind(l) == "treasure_rolled")
        .unwrap();
    let added = lines.iter().position(|l| kind(l) == "coins_added").unwrap();
    let made = lines
        .iter()
        .position(|l| kind(l) == "item_created")
        .unwrap();
    type Forge = fn(&mut [Value], usize, usize, usize);
    let forgeries: [(Forge, &str); 7] = [
        (
            |l, r, _, _| l[r]["event"]["treasure_type"] = "Z".into(),
            "has no treasure type \"Z\"",
        ),
        (
            |l, r, _, _| l[r]["event"]["table"] = "treasure-adnd".into(),
            "where the campaign rolls Old-School Essentials's treasure types",
        ),
        (
            |l, r, _, _| l[r]["event"]["count"] = 5000.into(),
            "rolled 5000 times, where a roll is of 1 to 1000",
        ),
        (
            |l, _, a, _| {
                l[a]["event"]["coins"]["sp"] = 50_000.into();
                l[a]["event"]["coins"]["gp"] = 30_000.into();
            },
            "brought in by treasure roll #3, whose dice gave",
        ),
        (
            |l, _, _, m| l[m]["event"]["item"]["identity"]["value"]["gp"] = 40_000.into(),
            "is worth 40000 gp, where its worth roll gave 800 gp",
        ),
        (
            |l, _, _, _| {
                for line in l.iter_mut().filter(|l| l["cause"] == 3) {
                    line["cause"] = Value::Null;
                }
            },
            "treasure roll #3 is not followed by its hoard (its coins never came; 0 of its 2 items)",
        ),
        (
            |l, _, _, m| l[m]["cause"] = Value::Null,
            "treasure roll #3 is not followed by its hoard (its coins came; 0 of its 2 items)",
        ),
    ];
    for (forge, why) in forgeries {
        let mut forged = lines.clone();
        forge(&mut forged, roll, added, made);
        let out = import(&forged);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{why}: {stderr}");
        assert!(stderr.contains(why), "{why}: {stderr}");
    }
    // The same, behind hoard's back: `check` finds them.
    let tampers = [
        (
            "UPDATE events SET payload = replace(payload, '\"treasure_type\":\"B\"', '\"treasure_type\":\"Z\"') WHERE kind = 'treasure_rolled'",
            "has no treasure type \"Z\"",
        ),
        (
            "UPDATE events SET payload = replace(payload, '\"count\":1,', '\"count\":5000,') WHERE kind = 'treasure_rolled'",
            "rolled 5000 times",
        ),
        (
            "UPDATE events SET payload = replace(payload, '\"sp\":5000,', '\"sp\":50000,') WHERE kind = 'coins_added'",
            "whose dice gave",
        ),
        (
            "UPDATE events SET payload = replace(payload, '\"gp\":800,', '\"gp\":40000,') WHERE kind = 'item_created'",
            "where its worth roll gave 800 gp",
        ),
        (
            "UPDATE events SET cause = NULL WHERE kind = 'coins_added'",
            "its coins never came",
        ),
    ];
    for (tamper, why) in tampers {
        let t = Hoard::new();
        fighter(&t, "Ulric");
        t.ok(&["--seed", "12", "treasure", "roll", "B"]);
        t.ok(&["coins", "add", "5gp"]);
        t.ok(&["check"]);
        t.execute(tamper);
        let out = t.cmd(&["check"]).output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(5), "{tamper}: {stdout}");
        assert!(
            stdout.contains("cannot stand") && stdout.contains(why),
            "{tamper}: {stdout}"
        );
    }
    // One piece voided alone stands, and so does its redo: the hoard had it.
    let piece = lines[made]["seq"].as_i64().unwrap().to_string();
    h.ok(&["void", &piece]);
    h.ok(&["check"]);
    let voided: Vec<Value> = h
        .ok(&["export"])
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(import(&voided).status.success());
    h.ok(&["redo"]);
    h.ok(&["check"]);
    h.ok(&["undo"]);
    h.ok(&["check"]);
}
