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
/// voided) to an unrelated command and void it for good: refused, the ledger unchanged. After
/// an `undo`, another `undo` walks back as asked.
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
        stderr.contains(&format!("event #{second}")) && stderr.contains(&format!("#{void}")),
        "{stderr}"
    );
    let voided: Vec<Value> = h
        .ok(&["--json", "log"])
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let standing = voided.iter().find(|e| e["id"] == second).unwrap();
    assert!(standing["voided_by"].is_null(), "{standing}");

    // Undo after undo: each takes back the latest command still standing.
    h.ok(&["roll", "1d6"]);
    h.ok(&["roll", "1d6"]);
    let latest = last_event(&h);
    h.ok(&["undo"]);
    h.ok(&["undo"]);
    let log = h.ok(&["log"]);
    for seq in [latest, latest - 1] {
        assert!(log.contains("voided by #"), "{log}");
        let line = log
            .lines()
            .find(|l| l.starts_with(&format!("#{seq} ")))
            .unwrap();
        assert!(line.contains("voided by"), "{line}");
    }
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
