//! Every kind of event through every view (issue #46): one campaign that records each kind
//! `ledger::Event` has at least once — the test fails until a new kind is produced here too —
//! then every `log` line in English and French has its words, `explain` words every event
//! alike in both languages, `log --json` and `explain --json` carry the same data whatever
//! `--lang` says (the sentences in `message`), and the chronicle tells the table what it saw
//! and nothing it did not.

use std::collections::BTreeSet;

use serde_json::Value;
use strum::VariantNames as _;

use crate::common::Hoard;

/// A session at the Barrow that records every kind of event. Each roll is seeded, so the story
/// is the same on both engines and in every run.
fn every_kind(h: &Hoard) {
    let run = |args: &[&str]| {
        h.ok(args);
    };
    run(&["campaign", "new", "marches", "--use"]);
    run(&["campaign", "rename", "marches", "West Marches"]);
    // Under AD&D's death's door the dying bleed until bound.
    run(&["campaign", "set", "death", "adnd"]);
    run(&["referee", "add", "Alice"]);
    h.ok_words("character add Arnaud --str 13 --wis 9 --hp 20 --class fighter");
    h.ok_words("character add Mordo --str 9 --wis 12 --hp 8 --class magic-user --level 5");
    h.ok_words("character add Bran --str 12 --wis 10 --hp 6 --alignment lawful");
    // STR 3 + WIS 3: any sentient sword takes Weak over.
    h.ok_words("character add Weak --str 3 --wis 3 --hp 30 --alignment lawful");
    // Found before the session and damaged in it, named by nothing else in it: the chronicle
    // names it all the same.
    h.ok_words("valuable add Torc --value 300gp --kind jewelry");
    run(&[
        "--referee",
        "Alice",
        "session",
        "start",
        "The Barrow",
        "--with",
        "Arnaud,Mordo,Bran,Weak",
    ]);

    // Dice, tables and a hoard.
    h.ok_words("--seed 1 roll 2d6");
    h.ok_words("--seed 1 tables roll potions");
    h.ok_words("--seed 2 treasure roll C");

    // The treasury.
    h.ok_words("coins add 100gp 200sp");
    h.ok_words("coins spend 5gp");
    h.ok_words("coins move 10gp --to Arnaud");
    h.ok_words("exchange 100sp --for gp");
    h.ok_words("valuable add Ruby --value 100gp --kind gem");
    h.ok_words("valuable damage Torc");
    h.ok_words("valuable appraise Ruby --by Arnaud");
    h.ok_words("sell Ruby");

    // Characters: hurt, healed, a level, one dying who bleeds until bound.
    h.ok_words("character damage Arnaud 3");
    h.ok_words("character heal Arnaud 2");
    // The level's training charged (`campaign set training`).
    run(&["campaign", "set", "training", "1gp/level"]);
    h.ok_words("character set Arnaud level 2");
    h.ok_words("character damage Bran 6");
    h.ok_words("time advance 2 rounds");
    h.ok_words("character bind Bran --by Arnaud");

    // Items: drunk, faded or not, cast, read, worn, spent, recharged, trusted, studied,
    // renamed, given, claimed.
    let item = |name: &str, more: &[&str]| {
        let mut args = vec!["item", "add", name];
        args.extend_from_slice(more);
        h.ok(&args);
    };
    item(
        "Potion of Healing",
        &["--category", "potion", "--to", "Arnaud"],
    );
    run(&["--seed", "1", "drink", "Potion of Healing"]);
    run(&[
        "--seed",
        "1",
        "item",
        "add",
        "Scroll of Warding",
        "--category",
        "scroll",
        "--to",
        "Mordo",
    ]);
    let scroll = h.json(&[
        "--seed", "3", "generate", "scroll", "--to", "Mordo", "--read",
    ]);
    let scroll = scroll[0]["id"].as_str().expect("a scroll's id").to_string();
    run(&["--seed", "9", "cast", &scroll, "--spell", "1"]);
    let protection = "Scroll of Protection from Undead";
    item(
        protection,
        &["--category", "scroll", "--kind", "protection"],
    );
    run(&["give", protection, "--to", "Arnaud", "--read"]);
    run(&["cast", protection, "--turns", "3"]);
    item("Ring of Warmth", &["--category", "ring", "--to", "Arnaud"]);
    run(&["wear", "Ring of Warmth", "--hand", "left"]);
    run(&["remove", "Ring of Warmth"]);
    run(&["stash", "Ring of Warmth", "--at", "Bank"]);
    let wand = "Wand of Frost";
    item(
        wand,
        &[
            "--category",
            "wand",
            "--charges",
            "3",
            "--trapped",
            "--maker",
            "Mordo",
            "--to",
            "Mordo",
        ],
    );
    run(&["item", "trust", wand, "--to", "Arnaud"]);
    run(&["--seed", "1", "use", wand]);
    run(&["recharge", wand, "2"]);
    item(
        "Vacuous Grimoire",
        &["--category", "book", "--harmful", "--to", "Mordo"],
    );
    run(&["study", "Vacuous Grimoire"]);
    item("Wand of Frots", &["--category", "wand", "--charges", "2"]);
    run(&["item", "rename", "Wand of Frots", "Wand of Fire"]);
    run(&["give", "Wand of Fire", "--to", "Arnaud"]);
    item("Shield +1", &["--category", "armor", "--kind", "shield"]);
    run(&["claim", "Shield +1", "need", "--by", "Arnaud"]);
    h.ok_words("--seed 1 claims settle");

    // Gear: bought, a torch lit that burns out as time passes, another lit and put out.
    h.ok_words("buy torches --by Arnaud");
    run(&["light", "Torches (6)", "--by", "Arnaud"]);
    h.ok_words("time advance 6 turns");
    run(&["light", "Torches (6)", "--by", "Arnaud"]);
    run(&["douse", "Torches (6)", "--by", "Arnaud"]);
    // Rations eaten as a day passes: Arnaud's bought, the others hungry.
    run(&["campaign", "set", "rations", "on"]);
    h.ok_words("buy rations --by Arnaud");
    // A retainer paid as the day passes, then dismissed.
    run(&[
        "retainer", "hire", "Bran", "--by", "Arnaud", "--wage", "1 gp/day",
    ]);
    h.ok_words("time advance 1 day");
    run(&["retainer", "dismiss", "Bran"]);

    // A sentient sword: handled, in control, wielded while in control (the check waits),
    // demanding, released, a power used; an encounter.
    h.strong_sword(
        "Hater",
        "chaotic",
        "telepathy",
        &["--seed", "1", "--to", "Weak"],
    );
    h.ok_words("--seed 1 touch Hater --by Weak");
    h.ok_words("--seed 1 wield Hater");
    h.ok_words("sword demand Hater gifts");
    h.ok_words("--seed 1 release Hater");
    h.ok_words("sword power Hater detect-magic");
    h.ok_words("encounter --with orc");
    h.ok_words("encounter end");

    // The dying Bran dies, and is raised by AD&D's book.
    h.ok_words("character damage Bran 10");
    h.ok_words("--seed 1 character raise Bran --con 12");

    // The session's reckoning, a roll taken back, the end.
    h.ok_words("share");
    h.ok_words("xp award --monsters 100");
    h.ok_words("--seed 1 roll 1d6");
    h.ok_words("undo");
    h.ok_words("session end");
}

/// `log --json`, a JSON object per line, in `lang`.
fn log_json(h: &Hoard, lang: &str) -> (String, Vec<Value>) {
    let text = h.ok(&["--lang", lang, "--json", "log"]);
    let events = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    (text, events)
}

/// A `log` line's words: what follows its number, session, game time and referee.
fn words<'a>(line: &'a str, event: &Value) -> &'a str {
    // The game time is the first thing with a colon in the line: `day 1, 00:03`.
    let (_, after) = line.split_once(':').unwrap_or_else(|| panic!("{line}"));
    let mut rest = after[2..].trim_start();
    if let Some(referee) = event["referee"].as_str() {
        rest = rest
            .strip_prefix(&format!("[{referee}] "))
            .unwrap_or_else(|| panic!("{referee} recorded it: {line}"));
    }
    rest
}

#[test]
fn every_kind_of_event_is_worded_in_every_view() {
    let h = Hoard::new();
    every_kind(&h);

    // JSON: one object per line, each with its kind, the same in every language.
    let (en_json, events) = log_json(&h, "en");
    let (fr_json, _) = log_json(&h, "fr");
    assert_eq!(en_json, fr_json, "log --json depends on --lang");
    let mut kinds = BTreeSet::new();
    for e in &events {
        let kind = e["kind"].as_str().unwrap_or_else(|| panic!("no kind: {e}"));
        assert_eq!(e["payload"]["kind"], kind, "{e}");
        kinds.insert(kind);
    }
    let all: BTreeSet<&str> = hoard::ledger::Event::VARIANTS.iter().copied().collect();
    assert_eq!(
        kinds, all,
        "a kind of event this scenario never records: add what records it to `every_kind`"
    );

    for lang in ["en", "fr"] {
        let log = h.ok(&["--lang", lang, "log"]);
        let lines: Vec<&str> = log.lines().collect();
        assert_eq!(lines.len(), events.len(), "{log}");
        for (line, event) in lines.iter().zip(&events) {
            let id = event["id"].as_i64().unwrap();
            assert!(line.starts_with(&format!("#{id} ")), "{line}");
            // A voided event says so after its words.
            let said = words(line, event);
            let said = said
                .split(" [voided by #")
                .next()
                .and_then(|s| s.split(" [annulé par le n°").next())
                .unwrap();
            assert!(!said.trim().is_empty(), "{lang}: no words for {event}");

            // `explain` opens with the same words, then the rule and its arithmetic.
            let n = format!("#{id}");
            let explained = h.ok(&["--lang", lang, "explain", &n]);
            let first = explained.lines().next().unwrap();
            assert!(
                first.starts_with(&format!("#{id} ")) && first.ends_with(&format!(" — {said}")),
                "{lang}: {first} / {line}"
            );
            // Its JSON: the event as `log` gives it, whatever the language, and the same
            // sentences in `message`.
            let json = h.json(&["--lang", lang, "explain", &n]);
            let keys: Vec<&String> = json.as_object().unwrap().keys().collect();
            assert_eq!(keys, ["event", "message"], "{json}");
            assert_eq!(json["message"], explained.trim_end_matches('\n'), "{lang}");
            let mut logged = event.clone();
            logged.as_object_mut().unwrap().remove("voided_by");
            assert_eq!(json["event"], logged, "{lang}");
        }
    }

    // An item's story: the same data in both languages, its sentences apart.
    let data = |lang: &str| {
        let mut json = h.json(&["--lang", lang, "explain", "Hater"]);
        let message = json
            .as_object_mut()
            .unwrap()
            .remove("message")
            .expect("a message");
        let text = h.ok(&["--lang", lang, "explain", "Hater"]);
        assert_eq!(message, text.trim_end_matches('\n'), "{lang}");
        (json, message)
    };
    let ((en, en_said), (fr, fr_said)) = (data("en"), data("fr"));
    assert_eq!(en, fr, "explain ITEM --json depends on --lang");
    assert!(en_said.as_str().unwrap().contains("Story:"), "{en_said}");
    assert!(
        fr_said.as_str().unwrap().contains("Histoire :"),
        "{fr_said}"
    );
    assert!(!en["events"].as_array().unwrap().is_empty(), "{en}");
    h.ok(&["check"]);
}

/// The kinds the table sees happen (`app::chronicle`); a character sheet's change only when it
/// is a level. Everything else — the referee's dice, a sword's will, settings, claims — never.
#[cfg(feature = "serve")]
const SEEN: [&str; 30] = [
    "item_created",
    "light_burnt",
    "rations_eaten",
    "coins_added",
    "coins_spent",
    "items_sold",
    "valuable_damaged",
    "coins_exchanged",
    "coins_moved",
    "coins_shared",
    // A retainer paid: coins changing hands at the table.
    "wages_paid",
    // When the purse could not pay it all: the cost paid is the coins spent beside it.
    "upkeep_charged",
    "xp_awarded",
    "character_added",
    "character_damaged",
    "character_healed",
    "character_raised",
    "character_updated",
    "protection_read",
    "spell_cast",
    "item_stashed",
    "potion_taken",
    "charges_spent",
    "identified",
    "item_passed",
    "item_worn",
    "item_removed",
    "sword_wielded",
    // When they hurt.
    "sword_touched",
    "sword_held",
];

#[test]
fn the_chronicle_tells_what_the_players_saw() {
    let h = Hoard::new();
    every_kind(&h);
    let posting = h.ok(&["report", "session", "1", "--markdown"]);
    for told in [
        "**Who went:** Arnaud, Mordo, Bran, Weak",
        "**Found:** 100 gp, 200 sp, 1000 cp; Ruby (100 gp); Potion of Healing;",
        "**Sold:** Ruby (100 gp) for 100 gp\n",
        "**Received:** Arnaud: ",
        "**Left:** Bank: ring\n",
        "**Split:** Arnaud ",
        "**Experience:** Arnaud +",
        "**Identified:** Ruby (100 gp);",
        "**Used up:** Arnaud drank Potion of Healing;",
    ] {
        assert!(posting.contains(told), "{told:?} in:\n{posting}");
    }
    // What the table never learnt: a sword's name, a book's, a scroll's never read.
    for secret in ["Hater", "Vacuous Grimoire", "Scroll of Warding"] {
        assert!(!posting.contains(secret), "{secret} in:\n{posting}");
    }
    let truth = h.ok(&["report", "session", "1", "--markdown", "--referee"]);
    for secret in ["Hater", "Vacuous Grimoire", "Scroll of Warding"] {
        assert!(truth.contains(secret), "{secret} in:\n{truth}");
    }
    let posting = h.ok(&["--lang", "fr", "report", "session", "1", "--markdown"]);
    for told in [
        "**Trouvé :** 100 po, 200 pa, 1000 pc ; Ruby (100 po) ;",
        "**Vendu :** Ruby (100 po) pour 100 po\n",
        "**Utilisé :**",
    ] {
        assert!(posting.contains(told), "{told:?} in:\n{posting}");
    }
    #[cfg(feature = "serve")]
    chronicle_page(&h);
}

/// `/chronicle/1` tells one entry for each event of the session the table saw, and no other.
#[cfg(feature = "serve")]
fn chronicle_page(h: &Hoard) {
    use crate::serve::{Served, get};
    let (_, events) = log_json(h, "en");
    let wanted: BTreeSet<i64> = events
        .iter()
        .filter(|e| e["session"] == 1 && e["voided_by"].is_null())
        .filter(|e| SEEN.contains(&e["kind"].as_str().unwrap()))
        .filter(|e| e["kind"] != "character_updated" || e["payload"]["change"]["level"].is_u64())
        // Goods bought are not found: the table sees the coins they cost.
        .filter(|e| e["kind"] != "item_created" || e["payload"]["origin"]["how"] != "bought")
        .filter(|e| e["kind"] != "upkeep_charged" || e["payload"]["owed"].as_i64() > Some(0))
        // Supplies used up are seen; a hungry day uses none.
        .filter(|e| {
            !matches!(e["kind"].as_str(), Some("light_burnt" | "rations_eaten"))
                || e["payload"]["used"]
                    .as_array()
                    .is_some_and(|u| !u.is_empty())
        })
        .filter(|e| {
            !matches!(e["kind"].as_str(), Some("sword_touched" | "sword_held"))
                || e["payload"]["damage"]
                    .as_array()
                    .is_some_and(|d| d.iter().any(|r| r["total"].as_i64() > Some(0)))
        })
        .map(|e| e["id"].as_i64().unwrap())
        .collect();
    let s = Served::start(h, &[]);
    let page = get(&s.at("/chronicle/1"), &[]).body;
    let told: BTreeSet<i64> = page
        .split("<li data-event=\"")
        .skip(1)
        .map(|rest| rest.split('"').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(told, wanted, "{page}");
}
