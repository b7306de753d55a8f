//! What reaches the terminal: names that hold escape sequences or bidi controls are shown,
//! never obeyed, in every view and in JSON; an answer that cannot be printed after its change
//! was recorded says so with its own exit code.

use assert_cmd::Command;
use std::process::Stdio;

use crate::common::Hoard;

/// A name a hostile player could give: a window-title escape, a CSI clear-screen in its C1
/// form, a right-to-left override and DEL.
const EVIL: &str = "Ev\u{1b}]0;owned\u{7}il\u{9b}2J\u{202e}dlrow\u{7f}";

/// Whether a terminal would obey some character of `text` (hoard's own line breaks aside).
fn obeyed(text: &str) -> Option<char> {
    text.chars().find(|&c| {
        (c.is_control() && c != '\n')
            || matches!(
                c,
                '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{2028}' | '\u{2029}'
            )
            || ('\u{202a}'..='\u{202e}').contains(&c)
            || ('\u{2066}'..='\u{2069}').contains(&c)
    })
}

#[test]
fn hostile_names_are_shown_not_obeyed_in_every_view() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", EVIL, "--use"]);
    h.ok(&["session", "start"]);
    h.character(EVIL, 12, 12, 8, "lawful");
    h.wand(EVIL, 5, Some(EVIL));
    h.ok(&["use", EVIL, "--by", EVIL]);
    h.ok(&["coins", "add", "100gp"]);
    let views: &[&[&str]] = &[
        &["campaign", "list"],
        &["campaign", "show"],
        &["session", "list"],
        &["character", "list"],
        &["character", "show", EVIL],
        &["item", "list"],
        &["item", "show", EVIL],
        &["item", "history", EVIL],
        &["log"],
        &["explain", "3"],
        &["report", "session"],
        &["report", "character", EVIL],
        &["coins", "show"],
        &["check"],
    ];
    for args in views {
        let text = h.ok(args);
        assert_eq!(obeyed(&text), None, "hoard {args:?} printed:\n{text}");
        let json = h.ok(&[&["--json"][..], args].concat());
        assert_eq!(
            obeyed(&json),
            None,
            "hoard --json {args:?} printed:\n{json}"
        );
        // The escapes are JSON's own: every document still reads.
        for doc in serde_json::Deserializer::from_str(&json).into_iter::<serde_json::Value>() {
            doc.expect("JSON");
        }
    }
    let shown = h.json(&["character", "show", EVIL]);
    assert_eq!(shown["name"], EVIL, "{shown}");
    // Errors name the thing asked for, safely too, in both forms.
    let asked = format!("{EVIL}x");
    let err = h.fails(&["character", "show", &asked], 3);
    assert_eq!(obeyed(&err), None, "{err}");
    let out = h
        .cmd(&["--json", "character", "show", &asked])
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(obeyed(&err), None, "{err}");
    let error: serde_json::Value = serde_json::from_str(&err).expect("a JSON error");
    assert_eq!(error["error"]["code"], "not_found", "{error}");
}

/// Stdout on a full disk (`/dev/full`): the change stands, and the exit code says so.
fn to_full_disk(h: &Hoard, args: &[&str]) -> (Option<i32>, String) {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("hoard"))
        .env("LANG", "C")
        .env("NO_COLOR", "1")
        .env_remove("HOARD_CAMPAIGN")
        .arg("--db")
        .arg(&h.db)
        .args(args)
        .stdout(Stdio::from(full))
        .output()
        .expect("run hoard");
    (out.status.code(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn a_recorded_change_whose_answer_cannot_be_printed_exits_7_naming_its_events() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "west", "--use"]);
    h.character("Arnaud", 12, 12, 8, "lawful");
    let before = h.log_ids(&[]);
    let (code, err) = to_full_disk(&h, &["character", "damage", "Arnaud", "3"]);
    assert_eq!(code, Some(7), "{err}");
    let after = h.log_ids(&[]);
    assert_eq!(after.len(), before.len() + 1, "the damage was recorded");
    let last = after.last().unwrap();
    assert!(err.contains(&format!("#{last}")), "{err}");
    assert!(err.contains("do not record it again"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    // Nothing recorded, nothing to warn about: a read that cannot print exits 1.
    let (code, err) = to_full_disk(&h, &["character", "show", "Arnaud"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("cannot print the answer"), "{err}");
}

/// The rules' faults and an unreachable database carry their data beside `code` and
/// `message`, as every refusal does, so a script need not read the prose.
#[test]
fn errors_under_json_carry_their_fields() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "west", "--use"]);
    let error = |args: &[&str], exit: i32| {
        let out = h.cmd(args).output().expect("run hoard");
        assert_eq!(out.status.code(), Some(exit), "{args:?}");
        let err: serde_json::Value =
            serde_json::from_slice(&out.stderr).expect("one JSON object on stderr");
        err["error"].clone()
    };
    let dice = error(&["--json", "roll", "2d6)"], 2);
    assert_eq!(dice["code"], "invalid", "{dice}");
    assert_eq!(dice["expr"], "2d6)", "{dice}");
    assert_eq!(dice["fault"]["reason"], "unexpected", "{dice}");
    assert_eq!(dice["fault"]["found"], ")", "{dice}");

    let sheet = error(
        &[
            "--json",
            "character",
            "add",
            "Arnaud",
            "--str",
            "25",
            "--wis",
            "10",
            "--hp",
            "8",
        ],
        2,
    );
    assert_eq!(sheet["reason"], "ability", "{sheet}");
    assert_eq!(sheet["which"], "STR", "{sheet}");
    assert_eq!(sheet["value"], 25, "{sheet}");

    let clock = error(&["--json", "time", "advance", "999999999999", "days"], 2);
    assert_eq!(clock["reason"], "too_far", "{clock}");
    assert_eq!(clock["amount"], 999_999_999_999_u64, "{clock}");
    assert_eq!(clock["unit"], "days", "{clock}");
    let message = clock["message"].as_str().unwrap();
    assert!(
        message.starts_with("999999999999 days is too far"),
        "{clock}"
    );

    // A database under a plain file cannot be reached: an I/O failure naming the path.
    let file = h.dir.path().join("plain-file");
    std::fs::write(&file, "").unwrap();
    let under = file.join("campaign.db");
    let out = Command::cargo_bin("hoard")
        .unwrap()
        .env("LANG", "C")
        .args([
            "--json",
            "--db",
            under.to_str().unwrap(),
            "campaign",
            "list",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let unreachable: serde_json::Value = serde_json::from_slice(&out.stderr).unwrap();
    let unreachable = &unreachable["error"];
    assert_eq!(unreachable["code"], "io", "{unreachable}");
    assert_eq!(unreachable["reason"], "cannot_read", "{unreachable}");
    assert_eq!(
        unreachable["path"],
        under.to_str().unwrap(),
        "{unreachable}"
    );
    assert!(unreachable["cause"].is_string(), "{unreachable}");
}

#[test]
fn errors_under_json_carry_a_stable_code() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "west", "--use"]);
    h.character("Arnaud", 12, 12, 8, "lawful");
    for (args, exit, code) in [
        (
            &["--json", "character", "show", "Nobody"][..],
            3,
            "not_found",
        ),
        (&["--json", "roll", "2d"][..], 2, "invalid"),
        (&["--json", "character", "frobnicate"][..], 2, "usage"),
    ] {
        let out = h.cmd(args).output().expect("run hoard");
        assert_eq!(out.status.code(), Some(exit), "{args:?}");
        let err: serde_json::Value =
            serde_json::from_slice(&out.stderr).expect("one JSON object on stderr");
        assert_eq!(err["error"]["code"], code, "{args:?}: {err}");
        assert!(
            err["error"]["message"]
                .as_str()
                .is_some_and(|m| !m.is_empty())
        );
    }
}

/// Every JSON document hoard writes escapes what a terminal would obey, as `log --json` does,
/// wherever it goes: `export` to a pipe and to a file (`--as` too); the escapes mean the same
/// characters, so the file imports back the same names. Completion never offers such a name.
#[test]
fn exports_are_inert_json_and_completion_offers_no_hostile_name() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "w", "--use"]);
    h.character(EVIL, 12, 12, 8, "lawful");
    let lined = "Two\nlines";
    h.character(lined, 12, 12, 8, "lawful");
    h.character("Plain", 12, 12, 8, "lawful");
    h.wand(EVIL, 5, Some(EVIL));
    let piped = h.ok(&["export"]);
    assert_eq!(obeyed(&piped), None, "{piped}");
    let file = h.dir.path().join("w.jsonl");
    h.ok(&["export", "-o", file.to_str().unwrap()]);
    let written = std::fs::read_to_string(&file).unwrap();
    assert_eq!(obeyed(&written), None, "{written}");
    assert_eq!(written, piped, "a file and a pipe get the same bytes");
    let player = h.dir.path().join("player.json");
    h.ok(&["export", "--as", EVIL, "-o", player.to_str().unwrap()]);
    let player = std::fs::read_to_string(&player).unwrap();
    assert_eq!(obeyed(&player), None, "{player}");
    h.ok(&["import", file.to_str().unwrap(), "--as", "Copy"]);
    let names: Vec<String> = h
        .json(&["--campaign", "Copy", "character", "list"])
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap().to_string())
        .collect();
    assert!(names.contains(&EVIL.to_string()), "{names:?}");

    let line = ["--db", h.db.to_str().unwrap(), "character", "show", ""];
    let out = crate::common::completion(&line).output().unwrap();
    let offered: Vec<&str> = std::str::from_utf8(&out.stdout)
        .unwrap()
        .lines()
        .filter(|w| !w.starts_with('-'))
        .collect();
    assert_eq!(offered, ["Plain"], "{out:?}");
}

/// What changes no ledger but is made for good — a campaign imported, deleted or put in use,
/// a backup written — exits 7 too when its answer cannot be printed, naming what was made.
#[test]
fn a_change_beside_the_ledger_whose_answer_cannot_be_printed_exits_7() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "west", "--use"]);
    h.character("Arnaud", 12, 12, 8, "lawful");
    h.ok(&["campaign", "new", "east"]);
    let export = h.dir.path().join("west.jsonl");
    h.ok(&["export", "-o", export.to_str().unwrap()]);
    let (code, err) = to_full_disk(&h, &["import", export.to_str().unwrap(), "--as", "copy"]);
    assert_eq!(code, Some(7), "{err}");
    assert!(
        err.contains("copy") && err.contains("campaign list"),
        "{err}"
    );
    assert!(h.ok(&["campaign", "list"]).contains("copy"), "imported");
    let (code, err) = to_full_disk(&h, &["campaign", "use", "east"]);
    assert_eq!(code, Some(7), "{err}");
    assert!(err.contains("east"), "{err}");
    let (code, err) = to_full_disk(&h, &["campaign", "delete", "copy", "--force"]);
    assert_eq!(code, Some(7), "{err}");
    assert!(!h.ok(&["campaign", "list"]).contains("copy"), "deleted");
    if h.engine() == crate::common::Engine::Sqlite {
        let copy = h.dir.path().join("copy.db");
        let (code, err) = to_full_disk(&h, &["backup", copy.to_str().unwrap()]);
        assert_eq!(code, Some(7), "{err}");
        assert!(err.contains("copy.db") && err.contains("whole"), "{err}");
        assert!(copy.exists());
    }
    // A refusal changes nothing: it exits with its own code, whatever stdout is.
    let (code, err) = to_full_disk(&h, &["campaign", "delete", "west"]);
    assert_eq!(code, Some(4), "{err}");
}
