//! What the referee reads: the demo, reports, the audit and `explain` (snapshots, in English
//! and French), points in time, suggestions, colour, completions and the manual.

use serde_json::json;

use crate::common::Hoard;

/// Assert that `text` is the snapshot `name`: one file for both engines, named as this
/// module's SQLite run names it, so the PostgreSQL run must print the very same.
fn snapshot(name: &str, text: &str) {
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!(format!("cli__ux__{name}"), text));
}

/// The demo played on a fresh database, with its path replaced by `<db>`.
fn demo(h: &Hoard, lang: &str) -> String {
    let text = h.ok(&["--lang", lang, "demo"]);
    text.replace(&h.shown(), "<db>")
}

#[test]
fn the_demo_tells_its_story_the_same_way_every_time() {
    for lang in ["en", "fr"] {
        let h = Hoard::new();
        let text = demo(&h, lang);
        snapshot(&format!("demo_{lang}"), &text);
        // The story happened as told, through the real rules.
        let log = h.json(&["audit", "swords"]);
        let checks = log["checks"].as_array().unwrap();
        assert_eq!(checks.len(), 2);
        assert_eq!(checks[0]["controlled"], false);
        assert_eq!(checks[1]["controlled"], true);
        assert!(h.ok(&["check"]).starts_with("ok:"));
    }
}

/// `demo --edition ose`: an Old-School Essentials campaign — OSE's items, cursed armour that
/// tests +1 until a wound shows its curse, potions mixed — told the same way every time.
#[test]
fn the_ose_demo_plays_an_ose_campaign() {
    for lang in ["en", "fr"] {
        let h = Hoard::new();
        let text = h.ok(&["--lang", lang, "demo", "--edition", "ose"]);
        let text = text.replace(&h.shown(), "<db>");
        snapshot(&format!("demo_ose_{lang}"), &text);
        let settings = &h.json(&["campaign", "show"])["settings"];
        assert_eq!(settings["edition"], "ose", "{settings}");
        let brigit = h.json(&["character", "show", "Brigit"]);
        assert_eq!(
            brigit["armor_class"],
            json!({"ac": 8, "aac": 11}),
            "{brigit}"
        );
        assert!(h.ok(&["check"]).starts_with("ok:"));
    }
    let text = Hoard::new().ok(&["demo", "--edition", "ose"]);
    for told in [
        "Wenna knows it as: Chainmail +1",
        "AC 3 [16]",
        "it mixes with Potion of ESP; both are cancelled",
        "Wenna is sick from mixed potions and cannot act",
        "The curse of Chainmail, cursed, AC 9 [10] shows in combat",
        "AC 8 [11]",
        "Brigit is under the curse of Chainmail, cursed, AC 9 [10] and cannot take it off",
    ] {
        assert!(text.contains(told), "{told} in {text}");
    }
}

#[test]
fn the_demo_refuses_a_database_that_already_holds_it() {
    let h = Hoard::new();
    demo(&h, "en");
    let err = h.fails(&["demo"], 2);
    assert!(err.contains("already holds a demo campaign"), "{err}");
}

#[test]
fn report_audit_and_explain_read_well_in_both_languages() {
    let h = Hoard::new();
    demo(&h, "en");
    for lang in ["en", "fr"] {
        let l = ["--lang", lang];
        let run = |args: &[&str]| h.ok(&[&l[..], args].concat());
        snapshot(&format!("report_{lang}"), &run(&["report", "session", "1"]));
        snapshot(&format!("audit_{lang}"), &run(&["audit", "swords"]));
        // The control check the wound set off, the scroll that faded, a generated item, and
        // the sword's whole story.
        let explained = [
            run(&["explain", "33"]),
            run(&["explain", "#19"]),
            run(&["explain", "6"]),
            run(&["explain", "Nightfang"]),
        ]
        .join("\n");
        snapshot(&format!("explain_{lang}"), &explained);
    }
}

#[test]
fn explain_shows_the_arithmetic_of_a_control_check() {
    let h = Hoard::new();
    demo(&h, "en");
    let text = h.ok(&["explain", "33"]);
    assert!(
        text.contains("sword will 10 INT + 6 Ego + 1d10 (10) = 26 vs Arnaud's will 13 STR + 9 WIS − 2d4 (6) = 16: the sword takes control"),
        "{text}"
    );
    assert!(text.contains("a consequence of event #32"), "{text}");
    let doc = h.json(&["explain", "33"]);
    assert_eq!(doc["event"]["kind"], "control_checked");
    // The sentences in `message`, a line each; the rest is data, the same in every language.
    let message = doc["message"].as_str().unwrap();
    assert!(message.lines().count() >= 3, "{doc}");
    assert!(message.contains("the sword takes control"), "{doc}");
    assert!(doc.get("explanation").is_none(), "{doc}");
    // A generated item names its table, version, each die and the matching row.
    let made = h.ok(&["explain", "6"]);
    assert!(
        made.contains("generated from table magic-items with seed 5"),
        "{made}"
    );
    assert!(
        made.contains("magic-items v1: 1d100 [81] = 81 (row 76-00) → Weapons"),
        "{made}"
    );
    h.fails(&["explain", "999"], 3);
    h.fails(&["explain", "no such thing"], 3);
}

#[test]
fn show_at_gives_the_state_at_the_end_of_a_session() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "c", "--use"]);
    h.character("Arnaud", 12, 10, 10, "neutral");
    h.character("Mordo", 9, 14, 6, "neutral");
    h.wand("Wand of Frost", 5, None);
    h.ok(&["session", "start"]);
    h.ok(&["give", "Wand of Frost", "--to", "Arnaud"]);
    h.ok(&["character", "damage", "Arnaud", "3"]);
    h.ok(&["use", "Wand of Frost"]);
    h.ok(&["session", "end"]);
    h.ok(&["session", "start"]);
    h.ok(&["character", "damage", "Arnaud", "4"]);
    h.ok(&["give", "Wand of Frost", "--to", "Mordo"]);
    h.ok(&["use", "Wand of Frost", "--charges", "2"]);
    h.ok(&["session", "end"]);

    let then = h.json(&["character", "show", "Arnaud", "--at", "1"]);
    assert_eq!(then["hp"], 7);
    assert_eq!(then["items"][0]["name"], "Wand of Frost");
    let now = h.json(&["character", "show", "Arnaud"]);
    assert_eq!(now["hp"], 3);
    assert_eq!(now["items"].as_array().unwrap().len(), 0);

    let wand = h.json(&["item", "show", "Wand of Frost", "--at", "1"]);
    assert_eq!(wand["holder"], "Arnaud");
    assert_eq!(wand["charges"], 4);
    let wand = h.json(&["item", "show", "Wand of Frost"]);
    assert_eq!(wand["holder"], "Mordo");
    assert_eq!(wand["charges"], 2);
    let text = h.ok(&["item", "show", "Wand of Frost", "--at", "1"]);
    assert!(text.starts_with("At the end of session 1:"), "{text}");

    let err = h.fails(&["character", "show", "Arnaud", "--at", "9"], 3);
    assert!(err.contains("session 9"), "{err}");
    // With --as: the sheet as Mordo saw it then.
    let seen = h.json(&["character", "show", "Arnaud", "--at", "1", "--as", "Mordo"]);
    assert_eq!(seen["hp"], 7);
    assert_eq!(seen["items"].as_array().unwrap().len(), 1);
}

#[test]
fn mistyped_names_get_a_suggestion() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "c", "--use"]);
    h.character("Arnaud", 12, 10, 10, "neutral");
    h.ok(&["item", "add", "Ring of Warmth", "--category", "ring"]);
    let err = h.refused_unchanged(&["give", "Ring of Warmt", "--to", "Arnaud"], 3);
    assert!(err.contains(r#"did you mean "Ring of Warmth"?"#), "{err}");
    let err = h.refused_unchanged(&["give", "Ring of Warmth", "--to", "Arnauld"], 3);
    assert!(err.contains(r#"did you mean "Arnaud"?"#), "{err}");
    let err = h.refused_unchanged(
        &["--lang", "fr", "give", "Ring of Warmth", "--to", "Arnauld"],
        3,
    );
    assert!(err.contains(r#"vouliez-vous dire "Arnaud" ?"#), "{err}");
}

#[test]
fn the_language_follows_lang_unless_given() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "c", "--use"]);
    let out = h
        .cmd(&[
            "character",
            "add",
            "Arnaud",
            "--str",
            "12",
            "--wis",
            "10",
            "--hp",
            "10",
        ])
        .env("LANG", "fr_FR.UTF-8")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("niveau 1"), "{text}");
    let out = h
        .cmd(&["--lang", "en", "character", "show", "Arnaud"])
        .env("LANG", "fr_FR.UTF-8")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("STR 12"), "{text}");
}

/// Run hoard under a pseudo-terminal (`script`, from util-linux), as a referee would.
fn on_a_terminal(h: &Hoard, args: &str, no_color: bool) -> String {
    let bin = assert_cmd::cargo::cargo_bin("hoard");
    let line = format!("{} --db {} {args}", bin.display(), h.db.display());
    let mut cmd = std::process::Command::new("script");
    cmd.args(["-qec", &line, "/dev/null"])
        .env("LANG", "C")
        .env_remove("HOARD_DB")
        .env_remove("HOARD_CAMPAIGN");
    if no_color {
        cmd.env("NO_COLOR", "1");
    } else {
        cmd.env_remove("NO_COLOR");
    }
    let out = cmd.output().expect("script(1) from util-linux");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn colour_only_on_a_terminal_and_never_with_no_color() {
    let h = Hoard::new();
    demo(&h, "en");
    let coloured = on_a_terminal(&h, "audit swords", false);
    assert!(coloured.contains("\u{1b}[1m\u{1b}[31m#33"), "{coloured:?}");
    let plain = on_a_terminal(&h, "audit swords", true);
    assert!(!plain.contains('\u{1b}'), "{plain:?}");
    // Piped output is plain even without NO_COLOR.
    let piped = h
        .cmd(&["audit", "swords"])
        .env_remove("NO_COLOR")
        .output()
        .unwrap();
    assert!(!piped.stdout.contains(&0x1b));
}

#[test]
fn completions_and_the_manual_need_no_database() {
    let h = Hoard::new();
    // Each script calls hoard back with COMPLETE set (tests/cli/manuals.rs: what it answers).
    for (shell, marker) in [
        ("bash", "_clap_complete_hoard()"),
        ("zsh", "#compdef hoard"),
        ("fish", "complete --keep-order --exclusive --command hoard"),
        ("powershell", "Register-ArgumentCompleter"),
    ] {
        let script = h.ok(&["completions", shell]);
        assert!(script.contains(marker), "{shell}");
        assert!(script.contains("COMPLETE"), "{shell} calls hoard back");
    }
    let page = h.ok(&["man"]);
    assert!(page.contains(".TH hoard 1"), "{page}");
    assert!(page.contains("HOARD_DB"));
    let dir = h.dir.path().join("man");
    h.ok(&["man", "--dir", dir.to_str().unwrap()]);
    let give = std::fs::read_to_string(dir.join("hoard-give.1")).unwrap();
    assert!(give.contains("\\-\\-to"), "{give}");
    assert!(!h.exists(), "no database was created");
    h.fails(&["completions", "tcsh"], 2);
}

#[test]
fn commands_show_what_they_set_off_and_sheets_what_is_gone() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "c", "--use"]);
    h.character("Tess", 12, 10, 100, "chaotic");
    h.ok(&[
        "sword",
        "add",
        "Blade",
        "--int",
        "7",
        "--ego",
        "1",
        "--alignment",
        "lawful",
        "--sensory",
        "detect-magic",
        "--to",
        "Tess",
    ]);
    // A magic weapon handed to the holder of a sentient sword: the jealousy check shows.
    let added = h.ok(&[
        "--seed",
        "3",
        "item",
        "add",
        "Axe +1",
        "--category",
        "weapon",
        "--bonus",
        "1",
        "--to",
        "Tess",
    ]);
    assert!(
        added.contains("Control check (jealousy) of Blade over Tess"),
        "{added}"
    );
    let doc = h.json(&[
        "--seed",
        "4",
        "item",
        "add",
        "Bow +1",
        "--category",
        "weapon",
        "--bonus",
        "1",
        "--to",
        "Tess",
    ]);
    assert_eq!(doc["consequences"][0]["kind"], "control_checked");
    // A potion drunk is no longer carried; the sheet says so.
    h.ok(&[
        "item",
        "add",
        "Potion of Healing",
        "--category",
        "potion",
        "--consumable",
        "--to",
        "Tess",
    ]);
    h.ok(&["--seed", "5", "drink", "Potion of Healing"]);
    let sheet = h.ok(&["character", "show", "Tess"]);
    assert!(
        sheet.contains("no longer: Potion of Healing (consumed)"),
        "{sheet}"
    );
    let carried = sheet.split("no longer").next().unwrap();
    assert!(!carried.contains("Potion of Healing"), "{sheet}");
    // A player who has identified an item sees who holds it.
    h.ok(&[
        "item",
        "add",
        "Potion of ESP",
        "--category",
        "potion",
        "--consumable",
        "--to",
        "Tess",
    ]);
    h.ok(&["taste", "Potion of ESP", "--by", "Tess"]);
    let seen = h.json(&["item", "show", "Potion of ESP", "--as", "Tess"]);
    assert_eq!(
        (&seen["known"], &seen["holder"]),
        (&json!("full"), &json!("Tess"))
    );
    let text = h.ok(&["item", "show", "Potion of ESP", "--as", "Tess"]);
    assert!(text.contains("Tess"), "{text}");
}

/// What a referee keeps at the table: keep-highest and keep-lowest dice, and game time in
/// minutes and weeks.
#[test]
fn dice_keep_the_highest_or_lowest_and_time_passes_in_minutes_and_weeks() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "w", "--use"]);
    let roll = h.json(&["--seed", "3", "roll", "4d6kh3"]);
    let faces: Vec<i64> = roll["faces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_i64().unwrap())
        .collect();
    assert_eq!(faces.len(), 4, "{roll}");
    let mut sorted = faces.clone();
    sorted.sort_unstable();
    assert_eq!(roll["total"], sorted[1..].iter().sum::<i64>(), "{roll}");
    let low = h.json(&["roll", "2d20kl1"]);
    let least = low["faces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_i64().unwrap())
        .min();
    assert_eq!(low["total"].as_i64(), least, "{low}");
    let err = h.fails(&["roll", "4d6kh5"], 2);
    assert!(err.contains("keeps 5 dice of 4"), "{err}");
    h.ok(&["time", "advance", "30", "minutes"]);
    h.ok(&["time", "advance", "1", "week"]);
    let now = h.json(&["time", "show"]);
    assert_eq!(now["clock"], 30 + 7 * 1_440, "{now}");
}

/// A sheet keeps constitution and charisma when the referee records them, checked like the
/// other abilities, and shows them; a sheet without them reads as before.
#[test]
fn a_sheet_keeps_constitution_and_charisma() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "w", "--use"]);
    h.ok_words("character add Gorm --str 16 --wis 9 --hp 10 --con 15 --cha 7");
    let sheet = h.json(&["character", "show", "Gorm"]);
    assert_eq!(
        (sheet["con"].as_i64(), sheet["cha"].as_i64()),
        (Some(15), Some(7)),
        "{sheet}"
    );
    assert!(
        h.ok(&["character", "show", "Gorm"])
            .contains("CON 15  CHA 7")
    );
    h.ok(&["character", "set", "Gorm", "cha", "9"]);
    assert_eq!(h.json(&["character", "show", "Gorm"])["cha"], 9);
    h.fails(&["character", "set", "Gorm", "con", "19"], 2);
    let bad = "character add Bad --str 9 --wis 9 --hp 4 --cha 2";
    h.fails(&bad.split(' ').collect::<Vec<_>>(), 2);
    h.character("Plain", 10, 10, 5, "neutral");
    let plain = h.json(&["character", "show", "Plain"]);
    assert!(plain.get("con").is_none(), "{plain}");
    assert!(h.ok(&["check"]).starts_with("ok:"));
}

/// The sheet gives an armor class, not only how much better it is: the worn suit's (or
/// unarmoured), the shield, rings of protection and DEX (OSE), descending and ascending.
#[test]
fn a_sheet_gives_an_armor_class() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "w", "--use"]);
    h.ok_words("character add Gorm --str 16 --wis 9 --hp 10 --dex 16");
    let bare = h.json(&["character", "show", "Gorm"]);
    assert_eq!(
        bare["armor_class"],
        serde_json::json!({"ac": 7, "aac": 12}),
        "{bare}"
    );
    h.ok_words("item add Chain --category armor --kind armor --bonus 1 --to Gorm");
    h.ok_words("item add Shield --category armor --kind shield --to Gorm");
    h.ok_words("wear Chain --by Gorm");
    h.ok_words("wear Shield --by Gorm");
    // Chain +1: 4 [15]; a shield: 3 [16]; DEX 16: 1 [18].
    let armed = h.json(&["character", "show", "Gorm"]);
    assert_eq!(
        armed["armor_class"],
        serde_json::json!({"ac": 1, "aac": 18}),
        "{armed}"
    );
    assert!(h.ok(&["character", "show", "Gorm"]).contains("AC 1 [18]"));
    assert!(
        h.ok(&["--lang", "fr", "character", "show", "Gorm"])
            .contains("CA 1 [18]")
    );
    // Each kind its own AC and weight (OSE « Plate mail 3 [16] … 500 »): the kind the name
    // says, or the one `--armor` gives.
    h.ok_words("remove Chain");
    h.ok_words("remove Shield");
    let sheet = |h: &Hoard| h.json(&["character", "show", "Gorm"]);
    let bare_load = sheet(&h)["load"].as_i64().unwrap();
    h.ok(&[
        "item",
        "add",
        "Plate mail +1",
        "--category",
        "armor",
        "--bonus",
        "1",
        "--to",
        "Gorm",
    ]);
    h.ok(&["wear", "Plate mail +1", "--by", "Gorm"]);
    // 3 [16], +1, DEX 16: 0 [19]; plate +1 is magic, and weighs nothing.
    assert_eq!(
        sheet(&h)["armor_class"],
        serde_json::json!({"ac": 0, "aac": 19})
    );
    h.ok(&["remove", "Plate mail +1"]);
    h.ok_words("item add Heirloom --category armor --armor plate --to Gorm");
    h.ok_words("wear Heirloom --by Gorm");
    let worn = sheet(&h);
    assert_eq!(worn["armor_class"], serde_json::json!({"ac": 1, "aac": 18}));
    assert_eq!(worn["load"].as_i64().unwrap() - bare_load, 500, "{worn}");
    let stderr = h.refused_unchanged(
        &[
            "item",
            "add",
            "Coat",
            "--category",
            "armor",
            "--armor",
            "mithril",
        ],
        2,
    );
    assert!(stderr.contains("full-plate"), "{stderr}");
}

/// A level past the last a class reaches is refused where it comes in (OSE: a halfling stops
/// at 8th), on `add`, on `set level` and on `set class`; an import holding one too.
#[test]
fn a_level_past_the_class_maximum_is_refused() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "w", "--use"]);
    let add = "character add Pip --str 9 --wis 9 --hp 4 --class halfling --level";
    let err = h.fails(&format!("{add} 9").split(' ').collect::<Vec<_>>(), 2);
    assert!(err.contains("halfling") && err.contains('8'), "{err}");
    h.ok_words(&format!("{add} 8"));
    h.fails(&["character", "set", "Pip", "level", "9"], 2);
    h.ok_words("character add Bruno --str 16 --wis 9 --hp 9 --class fighter --level 10");
    h.fails(&["character", "set", "Bruno", "class", "halfling"], 2);
    h.ok(&["character", "set", "Bruno", "class", "ranger"]);
    assert!(h.ok(&["check"]).starts_with("ok:"));
    // A class taken off stays off when the ledger is replayed.
    h.ok(&["character", "set", "Bruno", "class", "none"]);
    assert!(h.ok(&["check"]).starts_with("ok:"));
    assert!(h.json(&["character", "show", "Bruno"])["class"].is_null());
}
