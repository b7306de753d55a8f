//! An Old-School Essentials campaign's magic items (`campaign set magic-items ose`): OSE
//! Classic Fantasy's tables, in the column of the party's level or the one chosen; an AD&D
//! campaign's stay the DMG's. Shared with PostgreSQL.

use std::collections::BTreeSet;

use crate::common::Hoard;

/// The names a generation made.
fn names(h: &Hoard, args: &[&str]) -> BTreeSet<String> {
    let made = h.json(args);
    made.as_array()
        .unwrap()
        .iter()
        .map(|i| i["name"].as_str().unwrap().to_string())
        .collect()
}

/// OSE, *Potions*: the B column (d8) holds eight potions, the X column (d%) twenty-six.
const BASIC_POTIONS: [&str; 8] = [
    "Potion of Diminution",
    "Potion of ESP",
    "Potion of Gaseous Form",
    "Potion of Growth",
    "Potion of Healing",
    "Potion of Invisibility",
    "Potion of Levitation",
    "Potion of Poison",
];

#[test]
fn an_ose_campaign_rolls_oses_items_in_the_partys_column() {
    let h = Hoard::new();
    h.ok(&["campaign", "set", "magic-items", "ose"]);
    let potions = &["--seed", "4", "generate", "potion", "-n", "200"];
    // No one yet, then a party of 3rd level: the B column.
    assert_eq!(names(&h, potions), BASIC_POTIONS.map(String::from).into());
    for name in ["Ada", "Bran"] {
        let args = [
            "character",
            "add",
            name,
            "--str",
            "10",
            "--wis",
            "10",
            "--hp",
            "9",
        ];
        h.ok(&[&args[..], &["--level", "3"]].concat());
    }
    assert_eq!(names(&h, potions), BASIC_POTIONS.map(String::from).into());
    // An average of 4th level (3 and 5): the X column, potions the B column lacks.
    h.ok(&[
        "character",
        "add",
        "Cole",
        "--str",
        "10",
        "--wis",
        "10",
        "--hp",
        "9",
        "--level",
        "6",
    ]);
    let expert = names(&h, potions);
    assert!(expert.contains("Potion of Speed"), "{expert:?}");
    assert!(expert.len() > 20, "{expert:?}");
    // Chosen: the campaign's column, then the command's.
    h.ok(&["campaign", "set", "magic-column", "basic"]);
    assert_eq!(names(&h, potions), BASIC_POTIONS.map(String::from).into());
    let chosen = names(&h, &[&potions[..], &["--column", "expert"]].concat());
    assert!(chosen.contains("Potion of Speed"), "{chosen:?}");
    let shown = h.ok(&["campaign", "show"]);
    assert!(shown.contains("magic-items: ose"), "{shown}");
    assert!(shown.contains("magic-column: basic"), "{shown}");
    h.fails(&["campaign", "set", "magic-column", "q"], 2);
}

#[test]
fn an_ose_hoard_holds_oses_items_and_an_adnd_campaign_the_dmgs() {
    let items = |h: &Hoard| -> Vec<String> {
        let mut all = Vec::new();
        // N: « 40%: 2d4 potions »; ten hoards, to be sure of some.
        for seed in 1..=10 {
            let seed = seed.to_string();
            let rolled = h.json(&["--seed", &seed, "treasure", "roll", "N"]);
            for item in rolled["items"].as_array().unwrap() {
                all.push(item["name"].as_str().unwrap().to_string());
            }
        }
        all
    };
    let ose = Hoard::new();
    ose.ok(&["campaign", "set", "magic-items", "ose"]);
    let made = items(&ose);
    assert!(!made.is_empty());
    for name in &made {
        assert!(BASIC_POTIONS.contains(&name.as_str()), "{name}");
    }
    // Unset and set to adnd alike: the DMG's potions, the same dice giving the same.
    let (before, adnd) = (Hoard::new(), Hoard::new());
    adnd.ok(&["campaign", "set", "magic-items", "adnd"]);
    let dmg = items(&before);
    assert_eq!(dmg, items(&adnd));
    assert!(
        dmg.iter().any(|n| !BASIC_POTIONS.contains(&n.as_str())),
        "{dmg:?}"
    );
}

/// OSE, *Rods, Staves, Wands*: « Recharging: Is not possible » and « Consuming the last
/// charge: the item loses its magical potency » (no crumbling roll at 0 %); *Armour and
/// Shields*: enchanted armour weighs 50 % less.
#[test]
fn oses_charges_and_enchanted_armour() {
    let h = Hoard::new();
    h.ok(&[
        "character",
        "add",
        "Ada",
        "--str",
        "10",
        "--wis",
        "10",
        "--hp",
        "8",
        "--class",
        "magic-user",
    ]);
    h.ok(&[
        "item",
        "add",
        "Wand of Cold",
        "--category",
        "wand",
        "--charges",
        "2",
        "--to",
        "Ada",
    ]);
    h.ok(&["recharge", "Wand of Cold", "1"]);
    h.ok(&["campaign", "set", "recharge", "none"]);
    let refused = h.fails(&["recharge", "Wand of Cold", "1"], 4);
    assert!(
        refused.contains("campaign set recharge allowed"),
        "{refused}"
    );
    h.ok(&["campaign", "set", "crumble-wand", "0"]);
    let used = h.json(&["use", "Wand of Cold", "--charges", "3", "--by", "Ada"]);
    assert_eq!(used["drained"], true);
    assert!(
        used["event"]["payload"]["crumble"].is_null(),
        "no roll: {used}"
    );
    h.ok(&["campaign", "set", "crumble-wand", "1"]);
    h.ok(&[
        "item",
        "add",
        "Wand of Fear",
        "--category",
        "wand",
        "--charges",
        "1",
        "--to",
        "Ada",
    ]);
    let used = h.json(&["use", "Wand of Fear", "--by", "Ada"]);
    assert!(
        used["event"]["payload"]["crumble"]["roll"].is_object(),
        "{used}"
    );
    // Chainmail +1 worn: nothing (the DMG's), then half its 400 coins (OSE's).
    h.ok(&[
        "item",
        "add",
        "Chainmail +1",
        "--category",
        "armor",
        "--bonus",
        "1",
        "--to",
        "Ada",
    ]);
    h.ok(&["wear", "Chainmail +1"]);
    let load = |h: &Hoard| {
        h.json(&["character", "show", "Ada"])["load"]
            .as_i64()
            .unwrap()
    };
    let before = load(&h);
    let said = |h: &Hoard| h.ok(&["character", "show", "Ada"]);
    assert!(said(&h).contains("magic armor's weight does not count"));
    h.ok(&["campaign", "set", "armour-weight", "half"]);
    assert_eq!(load(&h), before + 200);
    assert!(h.ok(&["campaign", "show"]).contains("armour-weight: half"));
    // The sheet says the rule the campaign keeps.
    assert!(
        said(&h).contains("magic armor counts half its weight"),
        "{}",
        said(&h)
    );
    let sheet = h.json(&["character", "show", "Ada"]);
    assert_eq!(sheet["protection"]["enchanted_armour"], "half", "{sheet}");
}

/// One switch for the game: `campaign new --edition`, `campaign set edition` setting every
/// setting that depends on it; `campaign show` marks those that hold the edition's value; each
/// may be set again alone; the round only before time passes.
#[test]
fn an_edition_sets_its_settings_at_once() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "west", "--edition", "ose", "--use"]);
    let settings = &h.json(&["campaign", "show"])["settings"];
    assert_eq!(settings["edition"], "ose");
    assert_eq!(settings["magic_items"], "ose");
    assert_eq!(settings["round"], "ose");
    assert_eq!(settings["recharge"], "none");
    assert_eq!(settings["armour_weight"], "half");
    assert_eq!(
        (
            settings["crumble_rod"].as_i64(),
            settings["crumble_wand"].as_i64()
        ),
        (Some(0), Some(0))
    );
    h.ok(&["campaign", "set", "death", "adnd"]);
    let shown = h.ok(&["campaign", "show"]);
    for line in [
        "treasure: ose (edition ose)",
        "magic-items: ose (edition ose)",
        "round: ose (10 seconds) (edition ose)",
    ] {
        assert!(shown.contains(line), "{line} in {shown}");
    }
    assert!(shown.contains("  death: adnd\n"), "overridden: {shown}");
    // Time passes: AD&D's edition leaves the round as it is.
    h.ok(&["time", "advance", "1", "turn"]);
    h.ok(&["campaign", "set", "edition", "adnd"]);
    let settings = &h.json(&["campaign", "show"])["settings"];
    assert_eq!(
        (
            settings["treasure"].as_str(),
            settings["encumbrance"].as_str()
        ),
        (Some("adnd"), Some("adnd"))
    );
    assert_eq!(settings["round"], "ose");
    assert!(settings["magic_items"].is_null() && settings["recharge"].is_null());
    h.ok(&["check"]);
    // A campaign made without one keeps the defaults and names no edition.
    h.ok(&["campaign", "new", "old"]);
    let old = h.ok(&["--campaign", "old", "campaign", "show"]);
    assert!(!old.contains("edition"), "{old}");
    h.fails(&["campaign", "set", "edition", "basic"], 2);
}

/// OSE, *Potion of Healing*: « Restores 1d6+1 hit points »; the DMG's restores 2d4+2.
#[test]
fn an_ose_potion_of_healing_heals_1d6_plus_1() {
    for (items, expr) in [("ose", "1d6+1"), ("adnd", "2d4+2")] {
        let h = Hoard::new();
        h.ok(&["campaign", "set", "magic-items", items]);
        h.character("Ada", 10, 10, 20, "neutral");
        h.ok(&["character", "damage", "Ada", "15"]);
        h.ok(&[
            "item",
            "add",
            "Potion of Healing",
            "--category",
            "potion",
            "--to",
            "Ada",
        ]);
        let drunk = h.json(&["drink", "Potion of Healing"]);
        assert_eq!(drunk["event"]["payload"]["healed"]["expr"], expr, "{drunk}");
        h.ok(&["check"]);
    }
}

/// The effects running on Ada, by name.
/// The potions running on Ada, by name (effects begun the same round come in no set order).
fn running(h: &Hoard) -> Vec<String> {
    let sheet = h.json(&["character", "show", "Ada"]);
    let mut names: Vec<String> = sheet["effects"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap().to_string())
        .collect();
    names.sort();
    names
}

/// Ada, with a Potion of Speed and a Potion of Flying, in a campaign of `items`.
fn two_potions(items: &str) -> Hoard {
    let h = Hoard::new();
    h.ok(&["campaign", "set", "magic-items", items]);
    h.character("Ada", 10, 10, 8, "neutral");
    for potion in ["Potion of Speed", "Potion of Flying"] {
        h.ok(&["item", "add", potion, "--category", "potion", "--to", "Ada"]);
    }
    h
}

/// OSE, *Potions*, Mixing Potions: a potion drunk under another's effect cancels both and
/// disables the drinker for 3 turns; explained, shown in the log, undone with the drink.
#[test]
fn in_ose_mixing_potions_cancels_both_and_sickens_the_drinker() {
    let h = two_potions("ose");
    h.ok(&["drink", "Potion of Speed"]);
    h.ok(&["time", "advance", "1", "turn"]);
    let drunk = h.json(&["drink", "Potion of Flying"]);
    let mixed = &drunk["event"]["payload"]["mixed"];
    assert_eq!(mixed["cancelled"][0]["name"], "Potion of Speed", "{drunk}");
    assert_eq!(mixed["cancelled"][0]["ends_at"], 10, "{drunk}");
    assert_eq!(mixed["sickness"]["ends_at"], 10 + 30, "3 turns: {drunk}");
    assert!(drunk["event"]["payload"]["effect"].is_null(), "{drunk}");
    assert_eq!(running(&h), ["Sickness (mixed potions)"]);
    let seq = format!("#{}", drunk["event"]["id"]);
    let explained = h.ok(&["explain", &seq]);
    assert!(explained.contains("Mixing potions (OSE"), "{explained}");
    assert!(
        explained.contains("cancelled: Potion of Speed"),
        "{explained}"
    );
    let log = h.ok(&["log"]);
    assert!(
        log.contains("it mixes with Potion of Speed; both are cancelled"),
        "{log}"
    );
    let fr = h.ok(&["--lang", "fr", "log"]);
    assert!(fr.contains("se mélange à Potion of Speed"), "{fr}");
    h.ok(&["check"]);
    h.ok(&["undo"]);
    assert_eq!(running(&h), ["Potion of Speed"]);
    h.ok(&["check"]);
}

/// A potion whose effect has just ended mixes with nothing; an AD&D campaign never mixes.
#[test]
fn a_potion_ended_or_an_adnd_campaign_mixes_nothing() {
    let h = two_potions("ose");
    let speed = h.json(&["drink", "Potion of Speed"]);
    let turns = speed["event"]["payload"]["duration"]["total"]
        .as_i64()
        .unwrap();
    h.ok(&["time", "advance", &turns.to_string(), "turns"]);
    let drunk = h.json(&["drink", "Potion of Flying"]);
    assert!(drunk["event"]["payload"].get("mixed").is_none(), "{drunk}");
    assert_eq!(running(&h), ["Potion of Flying"]);

    let h = two_potions("adnd");
    h.ok(&["drink", "Potion of Speed"]);
    let drunk = h.json(&["drink", "Potion of Flying"]);
    assert!(drunk["event"]["payload"].get("mixed").is_none(), "{drunk}");
    assert_eq!(running(&h), ["Potion of Flying", "Potion of Speed"]);
}

/// `ledger` (an export) with each `potion_taken` of `item` changed by `forge`.
fn forged_drinks(ledger: &str, item: &str, forge: impl Fn(&mut serde_json::Value)) -> String {
    ledger
        .lines()
        .map(|line| {
            let mut event: serde_json::Value = serde_json::from_str(line).unwrap();
            let payload = &mut event["event"];
            if payload["kind"] == "potion_taken" && payload["item_name"] == item {
                forge(payload);
            }
            format!("{event}\n")
        })
        .collect()
}

/// An imported drink whose mixing contradicts the potions running on the drinker is refused:
/// one that says it mixed when no potion ran, and one that says it did not when one ran.
#[test]
fn an_imported_drink_mixes_as_the_potions_running_say() {
    let h = two_potions("ose");
    h.ok(&["drink", "Potion of Speed"]);
    h.ok(&["drink", "Potion of Flying"]);
    let ledger = h.ok(&["export"]);
    let file = h.dir.path().join("mixed.jsonl");
    let import = |text: &str| {
        std::fs::write(&file, text).unwrap();
        Hoard::new()
            .cmd(&["import", file.to_str().unwrap()])
            .output()
            .unwrap()
    };
    assert!(import(&ledger).status.success(), "the ledger as it is");
    // Speed made instantaneous: nothing ran when Flying says it mixed.
    let none_ran = forged_drinks(&ledger, "Potion of Speed", |p| {
        p["duration"] = serde_json::Value::Null;
        p["effect"] = serde_json::Value::Null;
    });
    // Flying's mixing struck out: Speed still ran.
    let unmixed = forged_drinks(&ledger, "Potion of Flying", |p| {
        p.as_object_mut().unwrap().remove("mixed");
    });
    for (forged, why) in [
        (
            none_ran,
            "Potion of Flying mixes with no potion: none runs on Ada",
        ),
        (
            unmixed,
            "Potion of Flying mixes with the 1 potion(s) running on Ada and no others",
        ),
    ] {
        let out = import(&forged);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(why), "{stderr}");
    }
}

/// OSE, *Potions*, Mixing Potions: « completely disabled for 3 turns ». The sick drinker can
/// neither drink, wear nor identify until the sickness wears off; the referee may still hand
/// them things.
#[test]
fn a_drinker_sick_from_mixing_cannot_act_for_3_turns() {
    let h = two_potions("ose");
    h.ok(&[
        "item",
        "add",
        "Potion of Healing",
        "--category",
        "potion",
        "--to",
        "Ada",
    ]);
    h.ok(&[
        "item",
        "add",
        "Shield +1",
        "--category",
        "armor",
        "--armor",
        "shield",
        "--bonus",
        "1",
    ]);
    h.ok(&["drink", "Potion of Speed"]);
    h.ok(&["drink", "Potion of Flying"]);
    for act in [
        &["drink", "Potion of Healing"][..],
        &["taste", "Potion of Healing"],
        &["give", "Shield +1", "--to", "Ada"],
        &["wear", "Shield +1"],
    ] {
        if act[0] == "give" {
            h.ok(act);
            continue;
        }
        let err = h.refused_unchanged(act, 4);
        assert!(
            err.contains("Ada is sick from mixed potions and cannot act until day 1, 00:30"),
            "{act:?}: {err}"
        );
    }
    let out = h
        .cmd(&["--json", "drink", "Potion of Healing"])
        .output()
        .unwrap();
    let error: serde_json::Value = serde_json::from_slice(&out.stderr).unwrap();
    assert_eq!(
        (&error["error"]["reason"], &error["error"]["until"]),
        (&"sick".into(), &30.into()),
        "{error}"
    );
    h.ok(&["time", "advance", "3", "turns"]);
    h.ok(&["wear", "Shield +1"]);
    h.ok(&["drink", "Potion of Healing"]);
    h.ok(&["check"]);
}

/// Ada's armour class as `viewer` (the referee: `None`) sees it, and the names of what she
/// wears.
fn armour_seen(h: &Hoard, viewer: Option<&str>) -> (String, Vec<String>) {
    let mut args = vec!["character", "show", "Ada"];
    args.extend(viewer.map(|v| ["--as", v]).into_iter().flatten());
    let sheet = h.json(&args);
    let ac = &sheet["armor_class"];
    let worn = sheet["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| !i["worn"].is_null())
        .map(|i| i["name"].as_str().unwrap().to_string())
        .collect();
    (format!("{} [{}]", ac["ac"], ac["aac"]), worn)
}

/// Ada, made, wearing « Chainmail −1, cursed » (given by hand, as a referee would): its name.
fn ada_wears_cursed_chainmail(h: &Hoard) -> &'static str {
    let cursed = "Chainmail −1, cursed";
    h.character("Ada", 10, 10, 20, "neutral");
    h.ok(&[
        "item",
        "add",
        cursed,
        "--category",
        "armor",
        "--armor",
        "chain",
        "--bonus",
        "-1",
        "--cursed",
        "--to",
        "Ada",
    ]);
    h.ok(&["wear", cursed]);
    cursed
}

/// OSE, *Cursed Armour and Shields*: a cursed suit tests as +1 — on the sheet and to whoever
/// identifies it — until used in deadly combat (its wearer wounded while wearing it); then
/// its true penalty counts and it cannot be taken off. An AD&D campaign's is what it is.
#[test]
fn oses_cursed_armour_seems_plus_1_until_used_in_combat() {
    let h = Hoard::new();
    h.ok(&["campaign", "set", "edition", "ose"]);
    let cursed = ada_wears_cursed_chainmail(&h);
    // Chainmail 5 [14], +1 as it seems: 4 [15].
    assert_eq!(armour_seen(&h, None).0, "4 [15]");
    let told = h.ok(&["identify", cursed, "--method", "wish"]);
    assert!(told.contains("Ada knows it as: Chainmail +1"), "{told}");
    assert_eq!(
        armour_seen(&h, Some("Ada")),
        ("4 [15]".into(), vec!["Chainmail +1".into()])
    );
    let fr = h.ok(&["--lang", "fr", "character", "show", "Ada", "--as", "Ada"]);
    assert!(fr.contains("CA 4 [15]"), "{fr}");
    h.ok(&["check"]);

    let wounded = h.json(&["character", "damage", "Ada", "3"]);
    assert_eq!(wounded["cursed"][0]["name"], cursed, "{wounded}");
    let said = h.ok(&["log", "--limit", "1"]);
    assert!(said.contains("Ada takes 3 damage"), "{said}");
    // Chainmail −1: 6 [13], to the referee and to Ada.
    assert_eq!(armour_seen(&h, None).0, "6 [13]");
    assert_eq!(
        armour_seen(&h, Some("Ada")),
        ("6 [13]".into(), vec![cursed.to_string()])
    );
    let err = h.refused_unchanged(&["remove", cursed], 4);
    assert!(
        err.contains("Ada is under the curse of Chainmail −1, cursed and cannot take it off"),
        "{err}"
    );
    let err = h.refused_unchanged(&["drop", cursed], 4);
    assert!(err.contains("only magic removes it"), "{err}");
    h.ok(&["check"]);
    // The wound undone, the curse hides again.
    h.ok(&["undo"]);
    assert_eq!(armour_seen(&h, None).0, "4 [15]");
    h.ok(&["remove", cursed]);

    // « Cursed Shield, AC 9 [10] »: once shown, the wearer's base AC is 9 [10].
    let shield = "Shield, cursed, AC 9 [10]";
    h.ok(&[
        "item",
        "add",
        shield,
        "--category",
        "armor",
        "--armor",
        "shield",
        "--cursed",
        "--to",
        "Ada",
    ]);
    h.ok(&["wear", cursed]);
    h.ok(&["wear", shield]);
    assert_eq!(armour_seen(&h, None).0, "2 [17]", "chainmail +1, shield +1");
    h.ok(&["character", "damage", "Ada", "1"]);
    assert_eq!(armour_seen(&h, None).0, "9 [10]");
    h.ok(&["check"]);

    // AD&D: the curse is no secret, and does not hold.
    let h = Hoard::new();
    h.ok(&["campaign", "set", "edition", "adnd"]);
    ada_wears_cursed_chainmail(&h);
    assert_eq!(armour_seen(&h, None).0, "6 [13]");
    let wounded = h.json(&["character", "damage", "Ada", "3"]);
    assert!(wounded.get("cursed").is_none(), "{wounded}");
    h.ok(&["remove", cursed]);
}

/// A hoard rolled in an OSE campaign names the tables its magic items rolled on and OSE's
/// book, in its printout and in `explain`; an AD&D campaign's names the DMG's.
#[test]
fn a_hoard_names_the_books_and_tables_its_magic_items_rolled_on() {
    let h = Hoard::new();
    h.ok(&["campaign", "set", "edition", "ose"]);
    let rolled = h.ok(&["--seed", "3", "treasure", "roll", "F", "--column", "expert"]);
    for said in [
        "3 × ose-magic-items-x (not ose-weapons-x, ose-swords-x) + 1 × ose-potions-x + 1 × ose-scrolls-x",
        "magic items: Old-School Essentials Classic Fantasy, Magic Items (General) and each category's table, X column (level 4+)",
    ] {
        assert!(rolled.contains(said), "{said} in {rolled}");
    }
    assert!(!rolled.contains("× magic-items"), "{rolled}");
    let fr = h.ok(&["--lang", "fr", "--dry-run", "treasure", "roll", "F"]);
    assert!(
        fr.contains("3 × ose-magic-items-b (sauf ose-weapons-b, ose-swords-b)"),
        "{fr}"
    );
    assert!(fr.contains("colonne B (niveaux 1 à 3)"), "{fr}");
    let rolled_id = format!("#{}", h.log_ids(&["--kind", "treasure-rolled"])[0]);
    let explained = h.ok(&["explain", &rolled_id]);
    assert!(
        explained.contains("Treasure types (Old-School Essentials Classic Fantasy, Rules Tome"),
        "{explained}"
    );
    assert!(!explained.contains("DMG"), "{explained}");

    let h = Hoard::new();
    h.ok(&["campaign", "set", "edition", "adnd"]);
    let rolled = h.ok(&["--seed", "3", "treasure", "roll", "A"]);
    assert!(rolled.contains("× magic-items"), "{rolled}");
    assert!(!rolled.contains("Old-School Essentials"), "{rolled}");
    let rolled_id = format!("#{}", h.log_ids(&["--kind", "treasure-rolled"])[0]);
    let explained = h.ok(&["explain", &rolled_id]);
    assert!(
        explained.contains("Treasure types (AD&D 2e DMG, Table 84)"),
        "{explained}"
    );
}

/// OSE, *Potions*: « a potion's effects last for 1d6+6 turns », a length the drinker does not
/// know; an AD&D campaign's potions last the DMG's 4+1d4.
#[test]
fn an_ose_potion_lasts_1d6_plus_6_turns_unknown_to_its_drinker() {
    for (edition, expr) in [("ose", "1d6+6"), ("adnd", "4+1d4")] {
        let h = Hoard::new();
        h.ok(&["campaign", "set", "edition", edition]);
        h.character("Ada", 10, 10, 8, "neutral");
        let made = h.json(&["--seed", "16", "generate", "potion", "--to", "Ada"]);
        let potion = made[0]["name"].as_str().unwrap().to_string();
        let drunk = h.json(&["drink", &potion]);
        let duration = &drunk["event"]["payload"]["duration"];
        assert_eq!(duration["expr"], expr, "{potion}: {drunk}");
        let turns = duration["total"].as_i64().unwrap();
        let effect = &drunk["event"]["payload"]["effect"];
        let per_turn = if edition == "ose" { 60 } else { 10 };
        assert_eq!(effect["ends_at"], turns * per_turn, "{drunk}");
        let felt = h.json(&["character", "show", "Ada", "--as", "Ada"]);
        let effects = felt["effects"].as_array().unwrap();
        assert_eq!(effects.len(), 1, "{felt}");
        assert!(effects[0].get("ends_at").is_none(), "hidden: {felt}");
    }
}

/// The armor class on the sheet reads the campaign's game: AD&D 2e's PHB (unarmoured AC 10,
/// leather 8, Table 1's DEX) or OSE's (9, 7, its own DEX); a character's own view of the sheet
/// (`--as`) is drawn by the campaign's settings as the referee's is.
#[test]
fn the_sheets_armour_class_follows_the_campaigns_game() {
    let ac = |h: &Hoard, viewer: &[&str]| {
        let sheet = h.json(&[&["character", "show", "Ada"][..], viewer].concat());
        let ac = &sheet["armor_class"];
        (ac["ac"].as_i64().unwrap(), ac["aac"].as_i64().unwrap())
    };
    for (edition, bare, leather, dex15, weighs) in [
        ("adnd", (10, 9), 8, 7, "magic armor's weight does not count"),
        ("ose", (9, 10), 7, 6, "magic armor counts half its weight"),
    ] {
        let h = Hoard::new();
        h.ok(&["campaign", "set", "edition", edition]);
        h.ok(&[
            "character",
            "add",
            "Ada",
            "--str",
            "10",
            "--wis",
            "10",
            "--hp",
            "8",
            "--dex",
            "15",
        ]);
        h.ok(&["character", "set", "Ada", "dex", "10"]);
        assert_eq!(ac(&h, &[]), bare, "{edition}: unarmoured");
        h.ok(&[
            "item",
            "add",
            "Leather armor +1",
            "--category",
            "armor",
            "--armor",
            "leather",
            "--bonus",
            "1",
            "--to",
            "Ada",
        ]);
        h.ok(&["identify", "Leather armor +1", "--method", "wish"]);
        h.ok(&["wear", "Leather armor +1"]);
        assert_eq!(ac(&h, &[]).0, leather - 1, "{edition}: leather +1");
        h.ok(&["character", "set", "Ada", "dex", "15"]);
        // DEX 15: better by 1 in AD&D 2e (Table 1), by 1 in OSE (13–15).
        assert_eq!(ac(&h, &[]).0, dex15 - 1, "{edition}: DEX 15");
        assert_eq!(
            ac(&h, &["--as", "Ada"]),
            ac(&h, &[]),
            "{edition}: her own view"
        );
        let own = h.ok(&["character", "show", "Ada", "--as", "Ada"]);
        assert!(own.contains(weighs), "{edition}: {own}");
    }
}
