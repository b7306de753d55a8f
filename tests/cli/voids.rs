//! Voids that cannot wedge the ledger nor leave a state the rules forbid: an event whose
//! consequences are already voided can still be voided, and a void that would leave a later
//! event standing on nothing is refused, naming it, with `check` ok throughout.

use serde_json::Value;

use crate::common::Hoard;

fn seq(answer: &Value, kind: &str) -> i64 {
    answer["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["kind"] == kind)
        .unwrap_or_else(|| panic!("no {kind} in {answer}"))["id"]
        .as_i64()
        .unwrap()
}

/// The number of the latest event.
fn last_event(h: &Hoard) -> i64 {
    let line = h.ok(&["--json", "log", "--limit", "1"]);
    serde_json::from_str::<Value>(&line).unwrap()["id"]
        .as_i64()
        .unwrap()
}

#[test]
fn an_event_whose_consequence_is_voided_can_be_voided_too() {
    let h = Hoard::new();
    h.character("Mordo", 9, 14, 7, "neutral");
    h.ok(&[
        "item",
        "add",
        "Scroll",
        "--category",
        "scroll",
        "--kind",
        "protection",
    ]);
    let given = h.json(&["--seed", "1", "give", "Scroll", "--to", "Mordo"]);
    let (give, fade) = (seq(&given, "item_passed"), seq(&given, "scroll_fade"));
    h.ok(&["void", &fade.to_string()]);
    h.ok(&["check"]);
    let voided = h.json(&["void", &give.to_string()]);
    assert_eq!(
        voided["events"],
        serde_json::json!([give]),
        "the fade went already"
    );
    h.ok(&["check"]);
    assert_eq!(h.json(&["item", "show", "Scroll"])["holder"], Value::Null);
}

#[test]
fn a_void_that_would_leave_a_later_use_standing_on_nothing_is_refused() {
    let h = Hoard::new();
    h.character("Arnaud", 12, 10, 10, "neutral");
    h.character("Mordo", 9, 14, 7, "neutral");
    h.wand("Wand", 5, Some("Arnaud"));
    let given = h.json(&["give", "Wand", "--to", "Mordo"]);
    let give = seq(&given, "item_passed");
    h.ok(&["--seed", "1", "use", "Wand"]);
    let spend = last_event(&h);
    let stderr = h.refused_unchanged(&["void", &give.to_string()], 4);
    assert!(
        stderr.contains(&format!("#{spend}")) && stderr.contains("someone else"),
        "{stderr}"
    );
    h.ok(&["check"]);
    // Once the use is voided, the gift can go.
    h.ok(&["void", &spend.to_string()]);
    h.ok(&["void", &give.to_string()]);
    assert_eq!(h.json(&["item", "show", "Wand"])["charges"], 5);
    h.ok(&["check"]);
}

#[test]
fn a_void_that_would_leave_a_sword_controlling_someone_who_gave_it_away_is_refused() {
    let h = Hoard::new();
    // Enough HP that the touch (1d6) does not wound and set off a check of its own.
    h.character("Weakling", 3, 3, 40, "neutral");
    h.character("Other", 12, 12, 40, "neutral");
    // INT 12 + Ego 12 + 1 + 1d10 against STR 3 + WIS 3: the sword always wins.
    h.strong_sword("Hater", "chaotic", "telepathy", &[]);
    h.ok(&["--seed", "1", "give", "Hater", "--to", "Weakling"]);
    let audit = h.json(&["audit", "swords"]);
    assert_eq!(audit["current"].as_array().unwrap().len(), 1, "{audit}");
    let release = seq(&h.json(&["release", "Hater"]), "control_ended");
    let given = h.json(&["--seed", "2", "give", "Hater", "--to", "Other"]);
    let give = seq(&given, "item_passed");
    let stderr = h.refused_unchanged(&["void", &release.to_string()], 4);
    assert!(stderr.contains(&format!("#{give}")), "{stderr}");
    h.ok(&["check"]);
}

#[test]
fn check_finds_a_state_the_rules_forbid() {
    let h = Hoard::new();
    h.character("Weakling", 3, 3, 10, "neutral");
    h.strong_sword("Hater", "chaotic", "telepathy", &[]);
    h.ok(&["--seed", "1", "give", "Hater", "--to", "Weakling"]);
    h.ok(&["check"]);
    // The stored row says the sword lies in the treasure while it controls its old holder.
    h.execute("UPDATE items SET holder = NULL WHERE name = 'Hater'");
    let report = h.fails(&["check"], 5);
    assert!(report.contains("problem"), "{report}");
    let json = h.cmd(&["--json", "check"]).output().unwrap();
    let json: Value = serde_json::from_slice(&json.stdout).unwrap();
    let breach = &json["report"]["invariants"][0]["breach"];
    assert_eq!(breach["breach"], "control_over_non_holder", "{json}");
    assert!(
        json["message"]
            .as_str()
            .unwrap()
            .contains("does not hold it"),
        "{json}"
    );
}

/// `undo` right after `void` of an older event would reach past the void (which cannot be
/// voided) to an unrelated command and void it for good: refused, the ledger unchanged. So is
/// an `undo` right after an `undo`: it never reaches past a void, its own neither (`redo`
/// takes it back, `void N` an older event).
#[test]
fn undo_never_reaches_past_a_void() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "w", "--use"]);
    h.ok(&["roll", "1d6"]);
    h.ok(&["roll", "1d6"]);
    let (first, second) = (last_event(&h) - 1, last_event(&h));
    h.ok(&["void", &first.to_string()]);
    let void = last_event(&h);
    let stderr = h.refused_unchanged(&["undo"], 4);
    assert!(
        stderr.contains(&format!("voided event #{first} (event #{void})")),
        "{stderr}"
    );
    let voided: Vec<Value> = h
        .ok(&["--json", "log"])
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let standing = voided.iter().find(|e| e["id"] == second).unwrap();
    assert!(standing["voided_by"].is_null(), "{standing}");

    // Undo after undo: the first takes back the latest command, the second is refused.
    h.ok(&["roll", "1d6"]);
    h.ok(&["roll", "1d6"]);
    let latest = last_event(&h);
    h.ok(&["undo"]);
    let stderr = h.refused_unchanged(&["undo"], 4);
    assert!(
        stderr.contains(&format!("voided event #{latest} (event #{})", latest + 1)),
        "{stderr}"
    );
    let log = h.ok(&["log"]);
    let line = |seq: i64| {
        log.lines()
            .find(|l| l.starts_with(&format!("#{seq} ")))
            .unwrap()
            .to_string()
    };
    assert!(line(latest).contains("voided by"), "{log}");
    assert!(!line(latest - 1).contains("voided by"), "{log}");
    h.ok(&["redo"]);
    h.ok(&["check"]);
}

/// Undoing a rename whose old name another campaign took since is a rule's refusal (exit 4,
/// both campaigns as they were), not the database's constraint failing.
#[test]
fn undoing_a_rename_to_a_name_taken_since_is_refused() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "a", "--use"]);
    h.ok(&["campaign", "rename", "a", "b"]);
    h.ok(&["campaign", "new", "a"]);
    let rename = last_event(&h);
    for args in [
        vec!["--campaign", "b", "undo"],
        vec!["--campaign", "b", "void", &rename.to_string()],
    ] {
        let stderr = h.refused_unchanged(&args, 4);
        assert!(
            stderr.contains("\"a\"") && stderr.contains("rename"),
            "{stderr}"
        );
    }
    h.ok(&["campaign", "rename", "a", "c"]);
    h.ok(&["--campaign", "b", "undo"]);
    let names: Vec<String> = h
        .json(&["campaign", "list"])
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap().to_string())
        .collect();
    assert!(
        names.contains(&"a".to_string()) && names.contains(&"c".to_string()),
        "{names:?}"
    );
}

/// Every object of `doc` (at any depth) that is an event of the ledger: its number.
fn event_ids(doc: &Value, ids: &mut Vec<i64>) {
    match doc {
        Value::Object(map) => {
            if let (Some(id), Some(_)) = (map.get("id").and_then(Value::as_i64), map.get("kind")) {
                ids.push(id);
            }
            map.values().for_each(|v| event_ids(v, ids));
        }
        Value::Array(values) => values.iter().for_each(|v| event_ids(v, ids)),
        _ => {}
    }
}

/// What was voided never happened, on every surface: the audit of swords, an item's history,
/// a session's and a character's report leave it out, as the state does.
#[test]
fn voided_events_are_left_out_of_every_report() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "w", "--use"]);
    h.character("Brune", 18, 18, 20, "neutral");
    h.ok(&["session", "start"]);
    h.strong_sword("Lawbringer", "lawful", "healing", &[]);
    h.ok(&["--seed", "1", "touch", "Lawbringer", "--by", "Brune"]);
    let undone = h.json(&["undo"]);
    let voided: Vec<i64> = undone["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_i64().unwrap())
        .collect();
    assert!(voided.len() > 1, "{undone}");
    let audit = h.json(&["audit", "swords"]);
    assert_eq!(audit["checks"], serde_json::json!([]), "{audit}");
    for args in [
        &["item", "history", "Lawbringer"][..],
        &["report", "session", "1"],
        &["report", "character", "Brune"],
    ] {
        let doc = h.json(args);
        let mut ids = Vec::new();
        event_ids(&doc, &mut ids);
        assert!(
            ids.iter().all(|id| !voided.contains(id)),
            "{args:?} shows a voided event: {ids:?} (voided {voided:?})"
        );
    }
}

/// `redo` right after `undo` records the undone events again: new numbers, the same dice, each
/// consequence after its new cause, the same state; anything recorded in between refuses it.
#[test]
fn redo_records_what_undo_took_back_with_the_same_dice() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "w", "--use"]);
    h.ok(&["session", "start", "One"]);
    h.character("Arnaud", 12, 12, 30, "lawful");
    h.strong_sword("Blackfang", "chaotic", "telekinesis", &[]);
    let touched = h.json(&[
        "--seed",
        "7",
        "touch",
        "Blackfang",
        "--by",
        "Arnaud",
        "--rounds",
        "3",
    ]);
    let before = h.json(&["character", "show", "Arnaud"]);
    let undone = h.json(&["undo"]);
    let n = undone["events"].as_array().unwrap().len();
    assert!(n >= 2, "a touch and its consequences: {undone}");
    let redone = h.json(&["redo"]);
    let again = redone["events"].as_array().unwrap();
    assert_eq!(again.len(), n, "{redone}");
    let rolls =
        |events: &[Value]| -> Vec<Value> { events.iter().map(|e| e["payload"].clone()).collect() };
    let first: Vec<Value> = touched["events"].as_array().unwrap().to_vec();
    let now: Vec<Value> = again.iter().map(|e| e["event"].clone()).collect();
    assert_eq!(rolls(&first), rolls(&now), "the same events, the same dice");
    for (old, new) in first.iter().zip(&now) {
        assert!(new["id"].as_i64() > old["id"].as_i64());
        if let Some(cause) = new["cause"].as_i64() {
            assert!(now.iter().any(|e| e["id"].as_i64() == Some(cause)), "{new}");
        }
    }
    assert_eq!(h.json(&["character", "show", "Arnaud"]), before);
    assert!(h.ok(&["check"]).starts_with("ok:"));
    // Once redone, nothing is left to redo; nor after another command.
    let err = h.fails(&["redo"], 4);
    assert!(err.contains("nothing to redo"), "{err}");
    h.ok(&["undo"]);
    h.ok(&["roll", "1d6"]);
    h.fails(&["redo"], 4);
}

/// A campaign of two referees with an evening's two tables open: Alice runs session 1 with
/// Ada, Bob session 2 with Bran.
fn two_tables() -> Hoard {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "w", "--use"]);
    h.ok(&["referee", "add", "Alice"]);
    h.ok(&["referee", "add", "Bob"]);
    h.fighter("Ada", 10);
    h.fighter("Bran", 10);
    h.ok_words("session start Barrow --with Ada --referee Alice");
    h.ok_words("session start Road --with Bran --referee Bob");
    h
}

/// `hoard ARGS` as `referee` (`HOARD_REFEREE`, as each referee's machine sets it).
fn by(h: &Hoard, referee: &str, args: &[&str]) -> std::process::Output {
    h.cmd(args)
        .env("HOARD_REFEREE", referee)
        .output()
        .expect("hoard runs")
}

fn by_ok(h: &Hoard, referee: &str, args: &[&str]) -> String {
    let out = by(h, referee, args);
    assert!(
        out.status.success(),
        "{referee}: {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// `by`, expected refused with `code`, the database as it was; its one line of stderr.
fn by_refused(h: &Hoard, referee: &str, args: &[&str], code: i32) -> String {
    let before = h.dump();
    let out = by(h, referee, args);
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(
        out.status.code(),
        Some(code),
        "{referee}: {args:?}: {stderr}"
    );
    assert_eq!(
        before,
        h.dump(),
        "{referee}: {args:?} was refused but changed the database"
    );
    assert_eq!(stderr.trim_end().lines().count(), 1, "one line: {stderr}");
    stderr
}

/// The gold pieces that came in, less those voided.
fn added_gp(h: &Hoard) -> i64 {
    h.json(&["coins"])["added"]["gp"].as_i64().unwrap()
}

fn hp(h: &Hoard, name: &str) -> i64 {
    h.json(&["character", "show", name])["hp"].as_i64().unwrap()
}

/// Issue #47.1: Bob voids Alice's latest command; her `undo` must not reach past his void to
/// the command before (her 100 gp), on either engine: it is refused, naming the void, and
/// nothing is wedged — the 100 gp stand, and Alice can still take them back by number.
#[test]
fn undo_never_reaches_past_another_referees_void() {
    let h = two_tables();
    by_ok(&h, "Alice", &["coins", "add", "100gp", "--session", "1"]);
    let coins = last_event(&h);
    by_ok(&h, "Alice", &["character", "damage", "Ada", "7"]);
    let wound = last_event(&h);
    by_ok(&h, "Bob", &["void", &wound.to_string(), "--force"]);
    let void = last_event(&h);
    let stderr = by_refused(&h, "Alice", &["undo"], 4);
    assert!(
        stderr.contains(&format!("event #{wound}"))
            && stderr.contains(&format!("event #{void} (Bob)")),
        "{stderr}"
    );
    assert_eq!(added_gp(&h), 100, "the 100 gp stand");
    // Bob records once more: nothing of Alice's is wedged.
    by_ok(&h, "Bob", &["character", "damage", "Bran", "1"]);
    let stderr = by_refused(&h, "Alice", &["redo"], 4);
    assert!(stderr.contains("nothing to redo"), "{stderr}");
    by_refused(&h, "Alice", &["undo"], 4);
    by_ok(&h, "Alice", &["void", &coins.to_string()]);
    assert_eq!(added_gp(&h), 0);
    by_ok(&h, "Alice", &["redo"]);
    assert_eq!(added_gp(&h), 100, "her void taken back");
    assert!(h.ok(&["check"]).starts_with("ok:"));
}

/// Issue #48.4: on a shared evening, `undo` takes back the recording referee's own latest
/// command, whatever the other table recorded since, and leaves the other table's events be;
/// `redo` records it again likewise.
#[test]
fn undo_and_redo_take_back_ones_own_latest_command_whatever_others_recorded_since() {
    let h = two_tables();
    by_ok(&h, "Alice", &["character", "damage", "Ada", "3"]);
    let wound = last_event(&h);
    by_ok(&h, "Bob", &["character", "damage", "Bran", "4"]);
    let bobs = last_event(&h);
    let undone = h
        .cmd(&["--json", "undo"])
        .env("HOARD_REFEREE", "Alice")
        .output()
        .unwrap();
    assert!(undone.status.success(), "{undone:?}");
    let undone: Value = serde_json::from_slice(&undone.stdout).unwrap();
    assert_eq!(undone["events"], serde_json::json!([wound]), "{undone}");
    assert_eq!(undone["void"]["referee"], "Alice", "her void: {undone}");
    assert_eq!(
        (hp(&h, "Ada"), hp(&h, "Bran")),
        (10, 6),
        "Bob's wound stands"
    );
    // Bob records again; Alice's redo still takes her undo back.
    by_ok(&h, "Bob", &["roll", "1d6", "--session", "2"]);
    by_ok(&h, "Alice", &["redo"]);
    assert_eq!((hp(&h, "Ada"), hp(&h, "Bran")), (7, 6));
    let log: Vec<Value> = h
        .ok(&["--json", "log"])
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let bob = log.iter().find(|e| e["id"] == bobs).unwrap();
    assert!(bob["voided_by"].is_null(), "{bob}");
    // Bob's own undo is his own latest command, not Alice's redo.
    by_ok(&h, "Bob", &["undo"]);
    assert_eq!((hp(&h, "Ada"), hp(&h, "Bran")), (7, 6), "his roll went");
    let stderr = by_refused(&h, "Bob", &["undo"], 4);
    assert!(stderr.contains("your latest command voided"), "{stderr}");
    assert!(h.ok(&["check"]).starts_with("ok:"));
}

/// Issue #47.4: in a campaign of several referees, a void, an undo or a redo needs to know who
/// makes it: with none named it is refused, saying how to name one — never taken as the
/// session's referee's. Named, the void is theirs, and another's event needs `--force`.
#[test]
fn with_several_referees_a_void_says_who_makes_it() {
    let h = two_tables();
    by_ok(&h, "Bob", &["character", "damage", "Bran", "2"]);
    let wound = last_event(&h).to_string();
    for args in [vec!["void", &wound], vec!["undo"], vec!["redo"]] {
        let stderr = h.refused_unchanged(&args, 2);
        assert!(
            stderr.contains("--referee NAME") && stderr.contains("Alice, Bob"),
            "{args:?}: {stderr}"
        );
    }
    let refused = h.cmd(&["--json", "void", &wound]).output().unwrap();
    let error: Value = serde_json::from_slice(&refused.stderr).unwrap();
    assert_eq!(error["error"]["reason"], "who_makes_it", "{error}");
    let stderr = by_refused(&h, "Alice", &["void", &wound], 4);
    assert!(stderr.contains("recorded by Bob, not Alice"), "{stderr}");
    by_ok(&h, "Alice", &["void", &wound, "--force"]);
    let void: Value =
        serde_json::from_str(h.ok(&["--json", "log", "--limit", "1"]).trim()).unwrap();
    assert_eq!(void["referee"], "Alice", "recorded as its maker's: {void}");
    assert_eq!(void["session"], 2, "where the event was: {void}");
    // One referee named: that one makes it, unnamed.
    let solo = Hoard::new();
    solo.ok(&["referee", "add", "Alice"]);
    solo.ok(&["roll", "1d6"]);
    solo.ok(&["undo"]);
    let void: Value =
        serde_json::from_str(solo.ok(&["--json", "log", "--limit", "1"]).trim()).unwrap();
    assert_eq!(void["referee"], "Alice", "{void}");
}

/// A redo meets the ledger as it is now: what another referee recorded since the undo, and
/// that the redone event no longer fits, refuses it, naming that event.
#[test]
fn a_redo_that_a_later_event_no_longer_allows_is_refused_naming_it() {
    let h = Hoard::new();
    h.ok(&["referee", "add", "Alice"]);
    h.ok(&["referee", "add", "Bob"]);
    h.fighter("Ada", 10);
    h.fighter("Bran", 10);
    by_ok(&h, "Alice", &["item", "add", "Rope", "--category", "misc"]);
    by_ok(&h, "Alice", &["give", "Rope", "--to", "Ada"]);
    by_ok(&h, "Alice", &["undo"]);
    by_ok(&h, "Bob", &["give", "Rope", "--to", "Bran"]);
    let bobs = last_event(&h);
    let stderr = by_refused(&h, "Alice", &["redo"], 4);
    assert!(
        stderr.contains(&format!("event #{bobs}, recorded since")),
        "{stderr}"
    );
    by_ok(&h, "Bob", &["undo"]);
    by_ok(&h, "Alice", &["redo"]);
    assert_eq!(h.json(&["item", "show", "Rope"])["holder"], "Ada");
    assert!(h.ok(&["check"]).starts_with("ok:"));
}
