//! A new referee's first hour: the rough edges met when hoard was first tried as a newcomer
//! would, each pinned by the behaviour that replaced it.

use crate::common::Hoard;

fn campaign() -> Hoard {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "Tomb copy", "--use"]);
    h.character("Arnaud", 12, 12, 20, "lawful");
    h
}

fn stderr(h: &Hoard, args: &[&str]) -> (Option<i32>, String) {
    let out = h.cmd(args).output().expect("run hoard");
    (out.status.code(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn every_command_taking_an_event_accepts_the_number_as_log_prints_it() {
    let h = campaign();
    h.wand("Wand of Frost", 5, Some("Arnaud"));
    h.ok(&["use", "Wand of Frost"]);
    let last = *h.log_ids(&[]).last().unwrap();
    let hashed = format!("#{last}");
    assert!(h.ok(&["explain", &hashed]).contains("Wand of Frost"));
    h.ok(&["void", &hashed]);
    // Already voided, by either spelling: the same refusal, not a parse error.
    let (code, err) = stderr(&h, &["void", &last.to_string()]);
    assert_ne!(code, Some(2), "{err}");
    let (code, err) = stderr(&h, &["void", "#x"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("not an event number"), "{err}");
}

#[test]
fn an_all_digit_prefix_is_an_item_an_event_or_a_question() {
    let h = campaign();
    // A number no item begins with is the event; `#` always is.
    assert!(h.ok(&["explain", "1"]).contains("Tomb copy"));
    assert!(h.ok(&["explain", "#1"]).contains("Tomb copy"));
    let (code, err) = stderr(&h, &["explain", "9999"]);
    assert_eq!(code, Some(3));
    assert!(
        err.contains("no event #9999 and no item whose id begins with 9999"),
        "{err}"
    );
}

#[test]
fn suggested_commands_quote_names_with_spaces() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "Tomb of Horrors"]);
    let text = h.ok(&["campaign", "new", "Keep on the Borderlands"]);
    assert!(
        text.contains("`hoard campaign use 'Keep on the Borderlands'`"),
        "{text}"
    );
    let err = h.fails(&["campaign", "new", "Tomb of Horrors"], 2);
    assert!(
        err.contains("`hoard campaign use 'Tomb of Horrors'`"),
        "{err}"
    );
}

#[test]
fn a_faded_scroll_and_a_drained_wand_are_told_once_and_twins_by_their_ids() {
    let h = campaign();
    h.ok(&["session", "start"]);
    h.ok(&["campaign", "set", "scroll-fade", "30"]);
    // A scroll that fades on its way to Arnaud (the seed is one where it does).
    let mut faded = false;
    for seed in 0..40 {
        let name = format!("Scroll {seed}");
        h.ok(&[
            "item",
            "add",
            &name,
            "--category",
            "scroll",
            "--kind",
            "spell",
        ]);
        let given = h.json(&["--seed", &seed.to_string(), "give", &name, "--to", "Arnaud"]);
        if given.to_string().contains("scroll_fade") && given.to_string().contains("\"faded\":true")
        {
            faded = true;
            break;
        }
    }
    assert!(faded, "no seed faded a scroll");
    h.wand("Wand of Frost", 1, Some("Arnaud"));
    h.wand("Wand of Frost", 2, Some("Arnaud"));
    h.ok(&["campaign", "set", "crumble-wand", "100"]);
    let ids = h.json(&["item", "list"]);
    let wand = ids
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["name"] == "Wand of Frost" && i["charges"] == 1)
        .unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string();
    h.ok(&["use", &wand[..8]]);
    let report = h.ok(&["report", "session"]);
    assert!(report.contains("faded (blank)"), "{report}");
    assert_eq!(report.matches("Wand of Frost [").count(), 2, "{report}");
    let charges = report
        .split("Drained or crumbled:")
        .next()
        .unwrap()
        .split("Charges:")
        .nth(1)
        .unwrap_or_default();
    assert!(!charges.contains("crumbles"), "told twice:\n{report}");
}

#[test]
fn an_unknown_class_is_kept_with_a_warning_and_a_likely_typo() {
    let h = campaign();
    let out = h
        .cmd(&[
            "character",
            "add",
            "Mira",
            "--str",
            "9",
            "--wis",
            "12",
            "--hp",
            "4",
            "--alignment",
            "neutral",
            "--class",
            "magic-usr",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("no rules for the class magic-usr"), "{err}");
    assert!(err.contains("Did you mean magic-user?"), "{err}");
    let (_, err) = stderr(&h, &["character", "set", "Mira", "class", "magic-user"]);
    assert!(err.is_empty(), "{err}");
    let text = h.ok(&["character", "set", "Mira", "class", "fighter"]);
    assert!(text.starts_with("Mira: class is now fighter."), "{text}");
}

#[test]
fn campaigns_can_be_renamed_and_deleted_and_the_implicit_one_is_announced() {
    let h = Hoard::new();
    let (code, err) = stderr(
        &h,
        &[
            "character",
            "add",
            "Arnaud",
            "--str",
            "12",
            "--wis",
            "12",
            "--hp",
            "8",
            "--alignment",
            "lawful",
        ],
    );
    assert_eq!(code, Some(0));
    assert!(err.contains("Started a campaign named default"), "{err}");
    // Only the first time.
    let (_, err) = stderr(&h, &["roll", "1d6"]);
    assert!(!err.contains("Started a campaign"), "{err}");
    h.ok(&["campaign", "rename", "default", "West Marches"]);
    let list = h.ok(&["campaign", "list"]);
    assert!(
        list.contains("West Marches") && !list.contains("default"),
        "{list}"
    );
    // It stays the campaign in use, and replay names it so.
    assert!(h.ok(&["character", "list"]).contains("Arnaud"));
    assert!(h.ok(&["check"]).starts_with("ok:"));
    let err = h.fails(&["campaign", "delete", "West Marches"], 4);
    assert!(err.contains("--force"), "{err}");
    assert!(err.contains("'West Marches'"), "{err}");
    h.ok(&["campaign", "delete", "West Marches", "--force"]);
    let list = h.ok(&["campaign", "list"]);
    assert!(list.contains("No campaigns yet"), "{list}");
}

#[test]
fn empty_lists_say_what_to_do_next() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "west", "--use"]);
    assert!(
        h.ok(&["character", "list"])
            .contains("`hoard character add")
    );
    assert!(h.ok(&["item", "list"]).contains("`hoard generate any`"));
    assert!(h.ok(&["session", "list"]).contains("`hoard session start"));
}

#[test]
fn every_answer_holding_events_gives_them_in_the_log_shape() {
    let h = campaign();
    h.ok(&["item", "add", "Healing", "--category", "potion"]);
    h.ok(&["give", "Healing", "--to", "Arnaud"]);
    h.wand("Wand of Frost", 5, Some("Arnaud"));
    for (args, path) in [
        (&["drink", "Healing"][..], "event"),
        (&["use", "Wand of Frost"][..], "event"),
    ] {
        let doc = h.json(args);
        let event = &doc[path];
        for field in ["id", "kind", "session", "game_time", "wall_time", "payload"] {
            assert!(event.get(field).is_some(), "{args:?}: no {field} in {doc}");
        }
        assert!(event.get("seq").is_none(), "{args:?}: {doc}");
    }
    // `log --kind` takes the kebab-case every other value takes.
    let kebab = h.ok(&["--json", "log", "--kind", "charges-spent"]);
    let snake = h.ok(&["--json", "log", "--kind", "charges_spent"]);
    assert_eq!(kebab, snake);
    assert_eq!(kebab.lines().count(), 1);
}

#[test]
fn a_worn_ring_of_protection_improves_armor_class_and_saves() {
    let h = campaign();
    h.ok(&[
        "item",
        "add",
        "Ring of Protection +1",
        "--category",
        "ring",
        "--to",
        "Arnaud",
    ]);
    let before = h.json(&["character", "show", "Arnaud"]);
    h.ok(&["wear", "Ring of Protection +1", "--hand", "left"]);
    let after = h.json(&["character", "show", "Arnaud"]);
    assert_eq!(before["protection"]["ac"], 0, "{before}");
    assert_eq!(after["protection"]["ac"], 1, "{after}");
    assert_eq!(after["protection"]["ring"], 1, "{after}");
    let text = h.ok(&["character", "show", "Arnaud"]);
    assert!(
        text.contains("ring of protection: AC better by 1, every saving throw +1"),
        "{text}"
    );
}

/// AD&D 2e DMG, *Ring of Protection*: of two rings only the strongest counts, and over magic
/// armor a ring adds to saves, not to armor class; with plain armor or a magic shield it adds
/// to both.
#[test]
fn rings_of_protection_do_not_stack_nor_add_to_magic_armor() {
    let h = campaign();
    h.ok_words(
        "item add Ring-of-Protection-+2 --category ring --kind protection --bonus 2 --to Arnaud",
    );
    h.ok_words(
        "item add Ring-of-Protection-+3 --category ring --kind protection --bonus 3 --to Arnaud",
    );
    h.ok_words("item add Plate --category armor --kind armor --bonus 1 --to Arnaud");
    h.ok_words("item add Mail --category armor --kind armor --to Arnaud");
    h.ok_words("item add Shield --category armor --kind shield --bonus 1 --to Arnaud");
    h.ok_words("wear Ring-of-Protection-+2 --hand left");
    h.ok_words("wear Ring-of-Protection-+3 --hand right");
    // Two rings, unarmoured: the +3 alone, AC 9 [10] → 6 [13].
    let two = h.json(&["character", "show", "Arnaud"]);
    assert_eq!(two["protection"]["ac"], 3, "{two}");
    assert_eq!(two["protection"]["ring"], 3, "{two}");
    assert_eq!(two["armor_class"], serde_json::json!({"ac": 6, "aac": 13}));
    assert_eq!(
        two["protection"]["rings_aside"][0]["why"], "weaker",
        "{two}"
    );
    let text = h.ok(&["character", "show", "Arnaud"]);
    assert!(
        text.contains("Ring-of-Protection-+2 (+2) does not count: of several rings of protection, only the strongest works"),
        "{text}"
    );
    // The case: plate +1 and both rings are AC better by 1, not 6; saves +3.
    h.ok_words("wear Plate");
    let plate = h.json(&["character", "show", "Arnaud"]);
    assert_eq!(plate["protection"]["ac"], 1, "{plate}");
    assert_eq!(plate["protection"]["ring"], 3, "{plate}");
    assert_eq!(plate["protection"]["ring_ac"], serde_json::Value::Null);
    // Plate mail, OSE 3 [16], +1: 2 [17].
    assert_eq!(
        plate["armor_class"],
        serde_json::json!({"ac": 2, "aac": 17})
    );
    let text = h.ok(&["character", "show", "Arnaud"]);
    assert!(
        text.contains("ring of protection: every saving throw +3"),
        "{text}"
    );
    assert!(
        text.contains("Ring-of-Protection-+3 (+3) adds nothing to AC: magic armor is worn"),
        "{text}"
    );
    let fr = h.ok(&["--lang", "fr", "character", "show", "Arnaud"]);
    assert!(
        fr.contains("n'ajoute rien à la CA : une armure magique est portée"),
        "{fr}"
    );
    // Plain mail and a shield +1: the ring counts again. Mail 5 [14], shield 2, ring 3: 0 [19].
    h.ok_words("remove Plate");
    h.ok_words("wear Mail");
    h.ok_words("wear Shield");
    let plain = h.json(&["character", "show", "Arnaud"]);
    assert_eq!(plain["protection"]["ac"], 4, "{plain}");
    assert_eq!(
        plain["armor_class"],
        serde_json::json!({"ac": 0, "aac": 19})
    );
}

#[test]
fn the_dying_and_the_dead_are_named_and_cannot_act() {
    let h = campaign();
    h.wand("Wand of Frost", 5, Some("Arnaud"));
    // Old-School Essentials, the default: dead at 0.
    let text = h.ok(&["character", "damage", "Arnaud", "30"]);
    assert!(text.contains("20 → -10/20 HP"), "{text}");
    assert!(text.contains("Arnaud is dead."), "{text}");
    let err = h.fails(&["use", "Wand of Frost"], 4);
    assert!(
        err.contains("Arnaud is dead (-10 HP) and cannot act"),
        "{err}"
    );
    // Healing does not raise the dead; raising does.
    h.refused_unchanged(&["character", "heal", "Arnaud", "15"], 4);
    let json = h.json(&["character", "raise", "Arnaud", "--hp", "5"]);
    assert_eq!(json["condition"], "up", "{json}");
    // AD&D's death's door: dying from 0 to -9, dead at -10.
    h.ok(&["campaign", "set", "death", "adnd"]);
    let text = h.ok(&["character", "damage", "Arnaud", "8"]);
    assert!(text.contains("5 → -3/20 HP"), "{text}");
    assert!(text.contains("Arnaud is dying"), "{text}");
    let err = h.fails(&["use", "Wand of Frost"], 4);
    assert!(err.contains("Arnaud is dying"), "{err}");
    let json = h.json(&["character", "damage", "Arnaud", "7"]);
    assert_eq!(json["condition"], "dead", "{json}");
    assert!(h.ok(&["campaign", "show"]).contains("death: adnd"));
    assert!(h.ok(&["check"]).starts_with("ok:"));
}

#[test]
fn a_used_up_sword_power_says_when_it_comes_back() {
    let h = campaign();
    h.strong_sword("Truthseeker", "lawful", "telekinesis", &["--to", "Arnaud"]);
    h.ok(&["wield", "Truthseeker"]);
    let uses = h.json(&["item", "show", "Truthseeker"]);
    let power = uses["sentience"]["extraordinary_powers"][0].clone();
    let (id, limit) = (
        power["id"].as_str().unwrap().to_string(),
        power["uses"].as_str().unwrap().to_string(),
    );
    let Some((n, _)) = limit.split_once('/') else {
        return; // a power usable at will has no period
    };
    for _ in 0..n.parse::<u32>().unwrap() {
        h.ok(&["sword", "power", "Truthseeker", &id]);
    }
    let err = h.fails(&["sword", "power", "Truthseeker", &id], 4);
    assert!(err.contains("it can be used again at day"), "{err}");
    assert!(!err.contains("time(s)"), "{err}");
}

#[test]
fn time_reads_in_turns_and_clock_minutes_and_refuses_negative_amounts() {
    let h = campaign();
    let text = h.ok(&["time", "advance", "7", "turns"]);
    assert!(text.contains("7 turns (1 h 10 min) pass"), "{text}");
    let text = h.ok(&["time", "advance", "3", "rounds"]);
    assert!(text.contains("3 rounds pass"), "{text}");
    for args in [
        &["time", "advance", "-3"][..],
        &["character", "damage", "Arnaud", "-3"][..],
        &["character", "heal", "Arnaud", "0"][..],
    ] {
        let err = h.fails(args, 2);
        assert!(
            err.contains("the amount must be positive"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("-- -3"), "{args:?}: {err}");
    }
}

#[test]
fn a_command_s_help_keeps_the_global_options_under_their_own_heading() {
    let h = Hoard::new();
    let help = h.ok(&["give", "--help"]);
    let (own, global) = help.split_once("Global options:").expect("a heading");
    assert!(
        own.contains("--to <CHARACTER>") && !own.contains("--db"),
        "{help}"
    );
    assert!(
        global.contains("--db") && global.contains("--seed"),
        "{help}"
    );
    // Wrapped to the terminal, at most 100 columns when piped.
    assert!(help.lines().all(|l| l.chars().count() <= 100), "{help}");
}

#[test]
fn before_the_first_campaign_the_tables_and_the_campaigns_are_listed_without_a_database() {
    let h = Hoard::new();
    let text = h.ok(&["tables", "check"]);
    assert!(text.contains("all faces covered"), "{text}");
    assert!(h.ok(&["tables", "list"]).contains("Tables: shipped"));
    assert!(h.ok(&["tables", "show", "potions"]).contains("Source:"));
    let text = h.ok(&["campaign", "list"]);
    assert!(text.contains("No campaigns yet"), "{text}");
    assert_eq!(h.json(&["campaign", "list"]), serde_json::json!([]));
    assert!(!h.exists(), "no database was created");
    // Commands that need a campaign still say there is none.
    h.fails(&["character", "list"], 3);
}

#[test]
fn exit_codes_and_flags_say_what_to_type() {
    let h = campaign();
    h.ok(&[
        "--seed",
        "1",
        "item",
        "add",
        "Scroll of Protection from Undead",
        "--category",
        "scroll",
        "--kind",
        "protection",
        "--to",
        "Arnaud",
    ]);
    // A duration left out is a usage error (2), not a rule's refusal (4).
    let err = h.refused_unchanged(&["cast", "Scroll of Protection from Undead"], 2);
    assert!(err.contains("--turns N"), "{err}");
    h.ok(&["cast", "Scroll of Protection from Undead", "--turns", "3"]);

    // Tasting, reading and identifying: the holder tries unless --by says who.
    h.ok(&[
        "item",
        "add",
        "Potion of Healing",
        "--category",
        "potion",
        "--to",
        "Arnaud",
    ]);
    let tasted = h.json(&["taste", "Potion of Healing"]);
    assert_eq!(tasted["character"], "Arnaud", "{tasted}");
    h.ok(&["item", "add", "Potion of Flying", "--category", "potion"]);
    let err = h.refused_unchanged(&["taste", "Potion of Flying"], 2);
    assert!(err.contains("--by"), "{err}");

    // An import onto a name taken asks for another name, the flag that gives one.
    let file = h.dir.path().join("tomb.jsonl");
    h.ok(&["export", "-o", file.to_str().unwrap()]);
    let err = h.refused_unchanged(&["import", file.to_str().unwrap()], 2);
    assert!(err.contains("--as NAME"), "{err}");
    assert!(!err.contains("campaign use"), "{err}");

    // Foundry writes a folder, and says so.
    let err = h.fails(&["export", "--foundry", "ose"], 2);
    assert!(err.contains("--output DIR"), "{err}");
    assert!(!err.contains("<FILE>"), "{err}");
    // `--format` has one value, and no place in the help; scripts that give it still work.
    assert!(!h.ok(&["export", "--help"]).contains("--format"));
    h.ok(&["export", "--format", "json"]);
}

/// `character show --at N` is the sheet at the end of session N with everything recorded for
/// it — its share-out and its award, recorded once it ended — and `--as` joins it: what a
/// character knew then.
#[test]
fn a_sheet_at_a_session_holds_its_share_and_award_and_may_be_seen_as_a_character() {
    let h = campaign();
    h.ok(&["session", "start", "The Barrow"]);
    h.ok(&["coins", "add", "100gp"]);
    h.ok(&["session", "end"]);
    h.ok(&["share"]);
    h.ok(&["xp", "award", "--monsters", "20"]);
    let report = h.ok(&["report", "session", "1"]);
    assert!(report.contains("120 XP"), "{report}");
    h.ok(&["session", "start", "The Road"]);
    h.ok(&["coins", "spend", "30gp", "--from", "Arnaud"]);
    h.ok(&["session", "end"]);
    h.ok(&["xp", "award", "--monsters", "5"]);
    let then = h.json(&["character", "show", "Arnaud", "--at", "1"]);
    assert_eq!(then["xp"], 120, "{then}");
    assert_eq!(then["coins"]["gp"], 100, "{then}");
    let later = h.json(&["character", "show", "Arnaud", "--at", "2"]);
    assert_eq!(
        (&later["xp"], &later["coins"]["gp"]),
        (&125.into(), &70.into())
    );
    // Seen by a character, then.
    let seen = h.json(&["character", "show", "Arnaud", "--at", "1", "--as", "Arnaud"]);
    assert_eq!(
        (&seen["xp"], &seen["coins"]["gp"]),
        (&120.into(), &100.into())
    );
    let text = h.ok(&["character", "show", "Arnaud", "--as", "Arnaud", "--at", "1"]);
    assert!(text.starts_with("At the end of session 1:"), "{text}");
}

/// A name of several words typed without quotes is a usage error whose tip quotes the words
/// as they should have been typed, whatever the command and wherever the name stands.
#[test]
fn a_name_of_several_words_typed_unquoted_is_shown_quoted() {
    let h = campaign();
    let (code, err) = stderr(
        &h,
        &[
            "character",
            "add",
            "Brother",
            "Tomas",
            "--str",
            "10",
            "--wis",
            "10",
            "--hp",
            "5",
        ],
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("tip: to give a name of several words, quote it: \"Brother Tomas\""),
        "{err}"
    );
    let (code, err) = stderr(&h, &["give", "Potion", "of", "Healing", "--to", "Arnaud"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("quote it: \"Potion of Healing\""), "{err}");
    let (_, err) = stderr(&h, &["give", "Torc", "--to", "Brother", "Tomas"]);
    assert!(err.contains("quote it: \"Brother Tomas\""), "{err}");
    // An unknown option is no name: clap's own words stand.
    let (_, err) = stderr(&h, &["give", "Torc", "--to", "Arnaud", "--bogus"]);
    assert!(!err.contains("quote it"), "{err}");
}

/// A mistyped item is matched against its names in both languages, and offered in the
/// reader's: « Torq » finds the Torc, called « Torque » in French.
#[test]
fn a_near_item_is_suggested_in_the_readers_language() {
    let h = campaign();
    let tables = h.one_wand_tables("Torc", "Torque", "1d4");
    h.ok(&["--tables", tables.to_str().unwrap(), "generate", "wand"]);
    let (code, err) = stderr(&h, &["give", "Torq", "--to", "Arnaud"]);
    assert_eq!(code, Some(3), "{err}");
    assert!(err.contains("did you mean \"Torc\"?"), "{err}");
    let (_, err) = stderr(&h, &["--lang", "fr", "give", "Torq", "--to", "Arnaud"]);
    assert!(err.contains("vouliez-vous dire \"Torque\""), "{err}");
    let (_, err) = stderr(&h, &["--json", "give", "Torqe", "--to", "Arnaud"]);
    let error: serde_json::Value = serde_json::from_str(&err).unwrap();
    assert_eq!(
        error["error"]["near"],
        serde_json::json!({"en": "Torc", "fr": "Torque"})
    );
}

/// `referee add` answers with a sentence, as every other `add` does, saying what the name is
/// for.
#[test]
fn adding_a_referee_says_so_in_a_sentence() {
    let h = campaign();
    let said = h.ok(&["referee", "add", "Alice"]);
    assert_eq!(
        said.trim(),
        "Added referee Alice: `--referee Alice` (or HOARD_REFEREE=Alice) records as them."
    );
    assert!(!said.contains('#'), "no log line: {said}");
}

/// The time as a referee keeps it: day and hour, the hour's turn, the turn's round between
/// turns; no count of rounds since the campaign began.
#[test]
fn time_show_says_the_day_the_hour_and_the_turn() {
    let h = campaign();
    h.ok(&["time", "advance", "1", "day"]);
    assert_eq!(
        h.ok(&["time", "show"]).trim(),
        "It is day 2, 00:00 (turn 1 of the hour)."
    );
    h.ok(&["time", "advance", "14", "hours"]);
    h.ok(&["time", "advance", "3", "turns"]);
    h.ok(&["time", "advance", "4", "rounds"]);
    assert_eq!(
        h.ok(&["time", "show"]).trim(),
        "It is day 2, 14:34 (turn 4 of the hour, round 5 of the turn)."
    );
    assert_eq!(
        h.ok(&["--lang", "fr", "time", "show"]).trim(),
        "Il est jour 2, 14:34 (tour 4 de l'heure, round 5 du tour)."
    );
}

/// Unguarded treasure names the span of dungeon levels its table covers in words.
#[test]
fn unguarded_treasure_says_the_levels_its_table_covers() {
    let h = campaign();
    for (level, span) in [
        ("1", "table for level 1)"),
        ("3", "table for levels 2 and 3)"),
        ("9", "table for levels 8 and deeper)"),
    ] {
        let said = h.ok(&["--seed", "3", "treasure", "roll", "--level", level]);
        let heading = said.lines().next().unwrap();
        assert!(heading.contains(span), "{heading}");
        assert!(!heading.contains("levels 1,"), "{heading}");
    }
}

/// `hoard --help` lists the commands under headings by what the referee is doing, as the
/// manual does; a command's own help keeps clap's list.
#[test]
fn the_commands_are_listed_by_what_the_referee_is_doing() {
    let h = Hoard::new();
    let help = h.ok(&["--help"]);
    let headings = [
        "The campaign and its people:",
        "Items in play:",
        "Sentient swords:",
        "Treasure and money:",
        "The ledger:",
        "Sharing and setting up:",
    ];
    let at: Vec<usize> = headings
        .iter()
        .map(|h| {
            help.find(&format!("\n{h}\n"))
                .unwrap_or_else(|| panic!("{h}: {help}"))
        })
        .collect();
    assert!(at.is_sorted(), "{help}");
    assert!(
        !help.contains("\nCommands:\n"),
        "every command has its heading: {help}"
    );
    let swords = &help[at[2]..at[3]];
    assert!(
        swords.contains("\n  wield ") && swords.contains("\n  odds "),
        "{swords}"
    );
    assert!(
        h.ok(&["report", "--help"])
            .contains("\nCommands:\n  session ")
    );
    let man = h.ok(&["man"]);
    for heading in headings {
        let heading = heading.trim_end_matches(':');
        assert!(man.contains(&format!(".SS \"{heading}\"")), "{heading}");
    }
}

/// A dead character takes nothing: `give` to one is refused, saying what to do instead, and
/// nothing is written; the dying (AD&D's death's door) may still be handed things.
#[test]
fn the_dead_are_given_nothing() {
    let h = campaign();
    h.fighter("Krag", 8);
    h.wand("Torc", 3, None);
    h.ok(&["character", "damage", "Krag", "20"]);
    let err = h.refused_unchanged(&["give", "Torc", "--to", "Krag"], 4);
    assert!(
        err.contains("Krag is dead (-10 HP): the dead take nothing"),
        "{err}"
    );
    let out = h
        .cmd(&["--json", "give", "Torc", "--to", "Krag"])
        .output()
        .unwrap();
    let error: serde_json::Value = serde_json::from_slice(&out.stderr).unwrap();
    assert_eq!(error["error"]["reason"], "dead", "{error}");
    h.ok(&["campaign", "set", "death", "adnd"]);
    h.ok(&["character", "damage", "Arnaud", "22"]);
    h.ok(&["give", "Torc", "--to", "Arnaud"]);
}

/// An import into a database with no campaign in use is the campaign in use: `check` and
/// `log` read it at once. A database of campaigns none of which is in use says so, naming
/// them, not « no campaign yet »; and the treasure types need no database.
#[test]
fn an_imported_campaign_is_in_use_and_the_treasure_types_need_no_database() {
    let h = campaign();
    let file = h.dir.path().join("tomb.jsonl");
    std::fs::write(&file, h.ok(&["export"])).unwrap();
    let fresh = Hoard::new();
    fresh.ok(&["import", file.to_str().unwrap()]);
    assert!(fresh.ok(&["check"]).starts_with("ok"));
    assert!(fresh.ok(&["log"]).contains("Arnaud joins"));
    // Beside a campaign in use, an import leaves it in use.
    let other = Hoard::new();
    other.ok(&["campaign", "new", "Keep", "--use"]);
    other.ok(&["import", file.to_str().unwrap()]);
    assert!(other.ok(&["log"]).contains("campaign Keep created"));
    // Campaigns, none in use.
    let none = Hoard::new();
    none.ok(&["campaign", "new", "Tomb of Horrors"]);
    none.ok(&["campaign", "new", "Keep"]);
    let (code, err) = stderr(&none, &["log"]);
    assert_eq!(code, Some(3), "{err}");
    assert!(
        err.contains("no campaign in use (this database holds Tomb of Horrors, Keep): `hoard campaign use 'Tomb of Horrors'`"),
        "{err}"
    );
    // No database at all, or one without a campaign in use: the types of the game named.
    let empty = Hoard::new();
    let adnd = empty.ok(&["treasure", "types", "--system", "adnd"]);
    assert!(adnd.contains("Z (lair)"), "{adnd}");
    assert!(
        empty
            .ok(&["treasure", "types"])
            .contains("(Old-School Essentials)")
    );
    assert!(!empty.exists(), "nothing was created");
    assert!(
        none.ok(&["treasure", "types", "--system", "ose"])
            .contains("V (group)")
    );
}

/// Healing does not raise the dead: `character heal` on a dead Krag is refused, saying what
/// does. `character raise` does, by the campaign's death rule's book — OSE's raise dead with
/// 1 HP, AD&D's resurrection survival roll on CON (a failure leaves Krag dead, a success costs
/// a point) — recorded with its die, told by `log`, `explain` and the session's post, taken
/// back by `undo`, replayed by `check`; a forged raising is refused on import.
#[test]
fn the_dead_are_raised_by_the_book_not_healed() {
    let h = campaign();
    h.fighter("Krag", 14);
    h.ok(&["session", "start", "The Pit"]);
    h.ok(&["character", "damage", "Krag", "30"]);
    let err = h.refused_unchanged(&["character", "heal", "Krag", "20"], 4);
    assert!(
        err.contains("Krag is dead (-10 HP): healing does not raise the dead; `hoard character raise Krag` does"),
        "{err}"
    );
    // Old-School Essentials: back with 1 HP, no die.
    let raised = h.json(&["character", "raise", "Krag"]);
    assert_eq!(raised["event"]["kind"], "character_raised", "{raised}");
    assert_eq!(raised["event"]["payload"]["rule"], "ose", "{raised}");
    assert_eq!(raised["character"]["hp"], 1, "{raised}");
    assert_eq!(raised["condition"], "up", "{raised}");
    let err = h.refused_unchanged(&["character", "raise", "Krag"], 4);
    assert!(err.contains("Krag is not dead (1 HP)"), "{err}");
    let raise = *h.log_ids(&[]).last().unwrap();
    assert!(
        h.ok(&["explain", &raise.to_string()])
            .contains("Old-School Essentials (Rules Tome, Raise Dead)")
    );
    let post = h.ok(&["report", "session", "1", "--markdown"]);
    assert!(
        post.contains("Fallen:** Krag") && post.contains("Raised:** Krag"),
        "{post}"
    );
    let fr = h.ok(&["--lang", "fr", "log", "--limit", "1"]);
    assert!(fr.contains("Krag est rappelé à la vie (1 PV)"), "{fr}");
    h.ok(&["undo"]);
    assert_eq!(h.json(&["character", "show", "Krag"])["hp"], -10);
    h.ok(&["check"]);

    // AD&D: the survival roll on CON, which the sheet lacks until it is given.
    h.ok(&["campaign", "set", "death", "adnd"]);
    let err = h.refused_unchanged(&["character", "raise", "Krag"], 4);
    assert!(err.contains("give it with --con N"), "{err}");
    // CON 9 survives on 70 or less: seed 3 rolls 100, seed 1 rolls 20.
    let failed = h.json(&["--seed", "3", "character", "raise", "Krag", "--con", "9"]);
    let survival = &failed["event"]["payload"]["survival"];
    assert_eq!(
        (
            &survival["chance"],
            &survival["roll"]["total"],
            &survival["survived"]
        ),
        (&70.into(), &100.into(), &false.into()),
        "{failed}"
    );
    assert_eq!(
        (&failed["character"]["hp"], &failed["character"]["con"]),
        (&(-10).into(), &9.into()),
        "still dead, CON kept: {failed}"
    );
    assert_eq!(failed["condition"], "dead");
    let failure = *h.log_ids(&[]).last().unwrap();
    let explained = h.ok(&["explain", &failure.to_string()]);
    assert!(
        explained.contains("resurrection survival, CON 9: 70%; d100")
            && explained.contains("stays dead"),
        "{explained}"
    );
    let raised = h.json(&["--seed", "1", "character", "raise", "Krag"]);
    assert_eq!(
        (&raised["character"]["hp"], &raised["character"]["con"]),
        (&1.into(), &8.into()),
        "{raised}"
    );
    assert!(
        h.ok(&["log", "--limit", "1"])
            .contains("survives (20 on d100, at most 70%), CON now 8")
    );
    h.ok(&["check"]);

    // A failure made a success is refused on import, and found by `check`.
    let ledger = h.ok(&["export"]);
    let file = h.dir.path().join("pit.jsonl");
    let forged = ledger.replace("\"survived\":false", "\"survived\":true");
    assert_ne!(forged, ledger);
    std::fs::write(&file, &forged).unwrap();
    let err = Hoard::new().fails(&["import", file.to_str().unwrap()], 2);
    assert!(
        err.contains("not a raising of Krag the rules make"),
        "{err}"
    );
    h.execute(
        "UPDATE events SET payload = replace(payload, '\"survived\":false', '\"survived\":true') WHERE kind = 'character_raised'",
    );
    let out = h.cmd(&["check"]).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(5), "{stdout}");
    assert!(stdout.contains("not a raising of Krag"), "{stdout}");
}
