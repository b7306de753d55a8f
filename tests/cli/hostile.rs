//! Campaign files are untrusted input: a crafted or damaged export is refused at its first bad
//! line, named with its number and the reason, by the same rules the live commands keep to, and
//! nothing is written.

use serde_json::{Value, json};

use crate::common::Hoard;

/// A small campaign exported: a character, a wand they use, a session, time passing, a wound,
/// a roll. Its lines, parsed.
fn exported() -> Vec<Value> {
    let h = Hoard::new();
    h.character("Arnaud", 12, 10, 10, "neutral");
    h.wand("Wand", 5, Some("Arnaud"));
    h.ok(&["session", "start", "One"]);
    h.ok(&["--seed", "1", "use", "Wand"]);
    h.ok(&["time", "advance", "3", "turns"]);
    h.ok(&["character", "damage", "Arnaud", "2"]);
    h.ok(&["--seed", "2", "roll", "1d6"]);
    h.ok(&["export"])
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The index of the first line whose event is of `kind`.
fn line_of(lines: &[Value], kind: &str) -> usize {
    lines
        .iter()
        .position(|l| l["event"]["kind"] == kind)
        .unwrap_or_else(|| panic!("no {kind} event"))
}

fn text(lines: &[Value]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// Import `file` into a fresh database: refused with exit 2, at line `line`, for `why`, and
/// the database is as it was.
fn refused(file: &[u8], line: usize, why: &str) {
    let h = Hoard::new();
    h.ok(&["roll", "1d6"]);
    let path = h.dir.path().join("crafted.jsonl");
    std::fs::write(&path, file).unwrap();
    let stderr = h.refused_unchanged(&["import", path.to_str().unwrap(), "--as", "Crafted"], 2);
    assert!(
        stderr.contains(&format!("line {line} ")) && stderr.contains(why),
        "expected line {line} and {why:?}: {stderr}"
    );
    assert_eq!(h.json(&["campaign", "list"]).as_array().unwrap().len(), 1);
}

#[test]
fn a_crafted_event_is_refused_at_its_line_by_the_live_rules() {
    let lines = exported();
    type Craft = fn(&mut Value);
    let cases: [(&str, Craft, &str); 9] = [
        (
            "character_added",
            |e| e["character"]["str"] = json!(200),
            "STR 200",
        ),
        (
            "character_added",
            |e| e["character"]["name"] = json!(" "),
            "empty",
        ),
        (
            "character_added",
            |e| e["character"]["id"] = json!("\u{1b}[2J"),
            "not an id",
        ),
        (
            "item_created",
            |e| e["item"]["charges"] = json!(-5),
            "negative",
        ),
        (
            "item_created",
            |e| e["item"]["holder"] = json!("nobody"),
            "no character",
        ),
        (
            "time_advanced",
            |e| e["rounds"] = json!(1_i64 << 44),
            "stops at",
        ),
        (
            "charges_spent",
            |e| e["charges"] = json!(u32::MAX),
            "cannot be spent",
        ),
        (
            "dice_rolled",
            |e| e["roll"]["faces"] = json!([9]),
            "9 on a d6",
        ),
        (
            "item_created",
            |e| e["item"]["name"] = json!("x".repeat(500)),
            "500 characters",
        ),
    ];
    for (kind, craft, why) in cases {
        let mut crafted = lines.clone();
        let at = line_of(&crafted, kind);
        craft(&mut crafted[at]["event"]);
        refused(text(&crafted).as_bytes(), at + 1, why);
    }
}

#[test]
fn a_crafted_envelope_is_refused_at_its_line() {
    let lines = exported();
    let at = line_of(&lines, "character_damaged");
    let seq = lines[at]["seq"].as_i64().unwrap();
    for (cause, why) in [
        (json!(seq), "cause"),
        (json!(seq + 3), "cause"),
        (json!(0), "cause"),
    ] {
        let mut crafted = lines.clone();
        crafted[at]["cause"] = cause;
        refused(text(&crafted).as_bytes(), at + 1, why);
    }
    let mut crafted = lines.clone();
    crafted[at]["wall_time"] = json!("\u{1b}]0;pwned\u{7}");
    refused(text(&crafted).as_bytes(), at + 1, "wall time");
    let mut crafted = lines.clone();
    crafted[at]["event"] = json!({"kind": "campaign_created", "name": "again"});
    refused(text(&crafted).as_bytes(), at + 1, "first");
}

#[test]
fn sessions_and_clocks_no_command_gives_are_refused_at_their_line() {
    let lines = exported();
    // The wound is in session 1, after 3 turns (30 rounds); the wand was made before it began.
    let wound = line_of(&lines, "character_damaged");
    assert_eq!(
        (
            lines[wound]["session"].clone(),
            lines[wound]["game_time"].clone()
        ),
        (json!(1), json!(30))
    );
    let made = line_of(&lines, "item_created");
    assert_eq!(lines[made]["session"], Value::Null);
    type Craft = fn(&mut Value);
    let cases: [(usize, Craft, &str); 7] = [
        (wound, |l| l["session"] = json!(42), "marked in session 42"),
        (wound, |l| l["session"] = json!(0), "marked in session 0"),
        (wound, |l| l["session"] = Value::Null, "outside any session"),
        (
            made,
            |l| l["session"] = json!(1),
            "recorded it outside any session",
        ),
        // Before the session began (at round 0), and the clock running backwards.
        (wound, |l| l["game_time"] = json!(0), "game time is round 0"),
        (
            wound,
            |l| l["game_time"] = json!(29),
            "clock then stood at round 30",
        ),
        (
            wound,
            |l| l["game_time"] = json!(31),
            "game time is round 31",
        ),
    ];
    for (at, craft, why) in cases {
        let mut crafted = lines.clone();
        craft(&mut crafted[at]);
        refused(text(&crafted).as_bytes(), at + 1, why);
    }
    // A session's start stamped with another session.
    let mut crafted = lines.clone();
    let start = line_of(&crafted, "session_started");
    crafted[start]["session"] = json!(2);
    refused(text(&crafted).as_bytes(), start + 1, "marked in session 2");
}

#[test]
fn check_finds_an_event_stamped_in_a_session_or_time_it_was_not() {
    for tamper in [
        "UPDATE events SET session = 42 WHERE kind = 'character_damaged'",
        "UPDATE events SET game_time = 0 WHERE kind = 'character_damaged'",
    ] {
        let h = Hoard::new();
        h.character("Arnaud", 12, 10, 10, "neutral");
        h.ok(&["session", "start"]);
        h.ok(&["time", "advance", "3", "turns"]);
        h.ok(&["character", "damage", "Arnaud", "2"]);
        h.ok(&["check"]);
        h.execute(tamper);
        let out = h.cmd(&["check"]).output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(5), "{tamper}: {stdout}");
        assert!(
            stdout.contains("event #5 (character_damaged) cannot stand"),
            "{tamper}: {stdout}"
        );
    }
}

#[test]
fn voids_of_time_and_sessions_keep_their_later_stamps_standing() {
    // After a void, later events are stamped by the campaign as it then stood: the clock
    // without the voided advances, the session without its voided start.
    let h = Hoard::new();
    h.character("Arnaud", 12, 10, 10, "neutral"); // #2
    h.ok(&["time", "advance", "3", "turns"]); // #3
    h.ok(&["session", "start"]); // #4
    h.ok(&["coins", "add", "5gp"]); // #5
    h.ok(&["time", "advance", "2", "turns"]); // #6
    h.ok(&["void", "3"]);
    h.ok(&["void", "6"]);
    h.ok(&["coins", "add", "2gp"]);
    h.ok(&["void", "4"]);
    h.ok(&["coins", "add", "3gp"]);
    h.ok(&["session", "start"]);
    h.ok(&["session", "end"]);
    h.ok(&["undo"]);
    h.ok(&["check"]);
    let file = h.dir.path().join("voids.jsonl");
    h.ok(&["export", "-o", file.to_str().unwrap()]);
    h.ok(&["import", file.to_str().unwrap(), "--as", "Copy"]);
    h.ok(&["--campaign", "Copy", "check"]);
}

#[test]
fn a_header_whose_voids_disagree_with_the_file_is_refused() {
    let mut lines = exported();
    let last = lines.last().unwrap()["seq"].as_i64().unwrap();
    lines[0]["voided"] = json!([[last, last]]);
    refused(text(&lines).as_bytes(), 1, "voided");
    // And the other way round: a void event the header does not list.
    let h = Hoard::new();
    h.character("Arnaud", 12, 10, 10, "neutral");
    h.ok(&["character", "damage", "Arnaud", "2"]);
    h.ok(&["undo"]);
    let mut lines: Vec<Value> = h
        .ok(&["export"])
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_ne!(lines[0]["voided"], json!([]));
    lines[0]["voided"] = json!([]);
    refused(text(&lines).as_bytes(), 1, "voided");
}

#[test]
fn a_line_too_long_or_not_text_is_refused_before_it_is_read_whole() {
    let lines = exported();
    let mut long = text(&lines[..2]).into_bytes();
    long.extend(std::iter::repeat_n(b'x', (16 << 20) + 1));
    long.push(b'\n');
    refused(&long, 3, "longer than 16 MiB");
    let mut binary = text(&lines[..2]).into_bytes();
    binary.extend_from_slice(b"{\"seq\": 2, \xff\xfe}\n");
    refused(&binary, 3, "UTF-8");
}

#[test]
fn a_clean_import_still_stands_and_checks() {
    let lines = exported();
    let h = Hoard::new();
    h.ok(&["roll", "1d6"]);
    let path = h.dir.path().join("clean.jsonl");
    std::fs::write(&path, text(&lines)).unwrap();
    h.ok(&["import", path.to_str().unwrap(), "--as", "Clean"]);
    h.ok(&["--campaign", "Clean", "check"]);
}

#[test]
fn an_impossible_roll_is_refused_with_its_fault_in_the_readers_language() {
    let mut lines = exported();
    let at = line_of(&lines, "dice_rolled");
    lines[at]["event"]["roll"]["faces"] = json!([9]);
    lines[at]["event"]["roll"]["total"] = json!(9);
    let h = Hoard::new();
    h.ok(&["roll", "1d6"]);
    let path = h.dir.path().join("crafted.jsonl");
    std::fs::write(&path, text(&lines)).unwrap();
    let import = ["import", path.to_str().unwrap(), "--as", "Crafted"];
    let seq = lines[at]["seq"].as_i64().unwrap();
    for (lang, said) in [
        (
            "en",
            format!("event #{seq} (dice_rolled) cannot stand: a roll showing 9 on a d6"),
        ),
        (
            "fr",
            format!("l'événement n°{seq} (dice_rolled) ne tient pas : un jet montrant 9 sur un d6"),
        ),
    ] {
        let args: Vec<&str> = ["--lang", lang].iter().chain(&import).copied().collect();
        let stderr = h.refused_unchanged(&args, 2);
        assert!(stderr.contains(&said), "{lang}: {stderr}");
    }
}

/// A foe's kind from a file keeps to the limit the command line keeps to.
#[test]
fn a_crafted_foe_past_the_name_limit_is_refused() {
    let h = Hoard::new();
    h.ok(&["encounter", "--with", "orc"]);
    let mut lines: Vec<Value> = h
        .ok(&["export"])
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let at = line_of(&lines, "encounter_started");
    lines[at]["event"]["foe"]["kind"] = json!("x".repeat(10_240));
    refused(text(&lines).as_bytes(), at + 1, "foe");
}

#[test]
fn a_reading_through_a_sword_not_in_the_readers_hand_is_refused() {
    let h = Hoard::new();
    h.ok_words("character add Sage --class magic-user --str 9 --wis 12 --hp 8 --alignment lawful");
    h.ok(&["item", "add", "Sleep", "--category", "scroll"]);
    // A sword that reads, which the sage never holds.
    h.strong_sword("Hater", "lawful", "healing", &[]);
    // Read as it is taken: it cannot fade first.
    h.ok(&["give", "Sleep", "--to", "Sage", "--read"]);
    let sword = h.json(&["item", "show", "Hater"])["id"].clone();
    let mut lines: Vec<Value> = h
        .ok(&["export"])
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let at = line_of(&lines, "identified");
    lines[at]["event"]["through"] = json!({
        "sword": sword,
        "sword_name": "Hater",
        "sword_name_fr": "Hater",
    });
    refused(text(&lines).as_bytes(), at + 1, "cannot read for Sage");
}
