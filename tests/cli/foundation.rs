//! Campaigns, sessions, characters, the clock, dice and the ledger through the CLI.

use std::process::Stdio;

use serde_json::Value;

use crate::common::Hoard;

fn add_arnaud(h: &Hoard) {
    h.ok(&[
        "character",
        "add",
        "Arnaud",
        "--str",
        "12",
        "--wis",
        "10",
        "--hp",
        "8",
        "--alignment",
        "lawful",
        "--class",
        "fighter",
        "--level",
        "3",
    ]);
}

#[test]
fn characters_are_added_shown_and_listed() {
    let h = Hoard::new();
    add_arnaud(&h);
    let c = h.json(&["character", "show", "arnaud"]);
    assert_eq!(c["name"], "Arnaud");
    assert_eq!(c["alignment"], "lawful");
    assert_eq!((c["str"].as_i64(), c["wis"].as_i64()), (Some(12), Some(10)));
    assert_eq!((c["hp"].as_i64(), c["hp_max"].as_i64()), (Some(8), Some(8)));
    assert_eq!(c["class"], "fighter");
    assert_eq!(c["level"], 3);
    h.character("Béatrice", 9, 15, 5, "neutral");
    let list = h.json(&["character", "list"]);
    let names: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Arnaud", "Béatrice"]);
    assert_eq!(list[1]["alignment"], "neutral", "neutral by default");
    let shown = h.ok(&["character", "show", "Arnaud"]);
    assert!(
        shown.contains("Arnaud — lawful fighter, level 3"),
        "{shown}"
    );
}

#[test]
fn hit_points_stay_between_the_floor_and_the_maximum() {
    let h = Hoard::new();
    add_arnaud(&h);
    let d = h.json(&["character", "damage", "Arnaud", "5"]);
    assert_eq!(
        (d["hp_before"].as_i64(), d["hp"].as_i64()),
        (Some(8), Some(3))
    );
    let d = h.json(&["character", "damage", "Arnaud", "100"]);
    assert_eq!(d["hp"], -10, "HP stops at -10");
    // The dead are raised, not healed: back with 1 HP.
    h.json(&["character", "raise", "Arnaud"]);
    let d = h.json(&["character", "heal", "Arnaud", "4"]);
    assert_eq!(d["hp"], 5);
    let d = h.json(&["character", "heal", "Arnaud", "4000000000"]);
    assert_eq!(d["hp"], 8, "never above the maximum");
}

#[test]
fn campaigns_are_separate_and_remembered() {
    let h = Hoard::new();
    add_arnaud(&h);
    h.ok(&["campaign", "new", "Greyhawk"]);
    // Not switched: Arnaud is still in the default campaign.
    h.ok(&["character", "show", "Arnaud"]);
    h.ok(&["campaign", "use", "greyhawk"]);
    h.fails(&["character", "show", "Arnaud"], 3);
    h.character("Arnaud", 3, 18, 1, "neutral");
    assert_eq!(h.json(&["character", "show", "Arnaud"])["str"], 3);
    // --campaign and HOARD_CAMPAIGN override for one command.
    assert_eq!(
        h.json(&["--campaign", "default", "character", "show", "Arnaud"])["str"],
        12
    );
    let out = h
        .cmd(&["--json", "character", "show", "Arnaud"])
        .env("HOARD_CAMPAIGN", "default")
        .output()
        .unwrap();
    assert_eq!(
        serde_json::from_slice::<Value>(&out.stdout).unwrap()["str"],
        12
    );
    let list = h.json(&["campaign", "list"]);
    let current: Vec<_> = list
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["current"] == true)
        .collect();
    assert_eq!(current.len(), 1);
    assert_eq!(current[0]["name"], "Greyhawk");
    h.ok(&["campaign", "new", "Blackmoor", "--use"]);
    assert_eq!(h.json(&["character", "list"]), serde_json::json!([]));
}

#[test]
fn every_event_records_the_open_session_and_the_clock() {
    let h = Hoard::new();
    add_arnaud(&h);
    let s = h.json(&["session", "start", "The", "Tomb"]);
    assert_eq!(
        (s["number"].as_i64(), s["title"].as_str()),
        (Some(1), Some("The Tomb"))
    );
    h.ok(&["time", "advance", "3", "turns"]);
    h.ok(&["character", "damage", "Arnaud", "2"]);
    h.ok(&["session", "end"]);
    h.ok(&["time", "advance", "1", "day"]);
    h.ok(&["roll", "1d6"]);
    let log = h.ok(&["--json", "log"]);
    let events: Vec<Value> = log
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let kinds: Vec<&str> = events.iter().map(|e| e["kind"].as_str().unwrap()).collect();
    assert_eq!(
        kinds,
        [
            "campaign_created",
            "character_added",
            "session_started",
            "time_advanced",
            "character_damaged",
            "session_ended",
            "time_advanced",
            "dice_rolled"
        ]
    );
    let damaged = &events[4];
    assert_eq!(damaged["session"], 1);
    assert_eq!(damaged["game_time"], 30, "3 turns = 30 rounds");
    assert_eq!(damaged["payload"]["amount"], 2);
    assert!(damaged["wall_time"].as_str().unwrap().ends_with('Z'));
    assert_eq!(events[7]["session"], Value::Null, "after the session ended");
    assert_eq!(events[7]["game_time"], 30 + 1_440);
    assert_eq!(h.json(&["time", "show"])["clock"], 1_470);
    let sessions = h.json(&["session", "list"]);
    assert_eq!(events[2]["session"], 1, "a session's start belongs to it");
    assert_eq!(sessions[0]["events"], 4);
    assert_eq!(sessions[0]["ended_round"], 30);
}

#[test]
fn log_filters_and_limits_keep_newest_last() {
    let h = Hoard::new();
    add_arnaud(&h);
    h.character("Béatrice", 9, 15, 5, "neutral");
    h.ok(&["session", "start"]);
    for _ in 0..3 {
        h.ok(&["character", "damage", "Arnaud", "1"]);
        h.ok(&["character", "damage", "Béatrice", "1"]);
    }
    h.ok(&["session", "end"]);
    h.ok(&["session", "start"]);
    h.ok(&["character", "heal", "Arnaud", "1"]);
    let ids = |args: &[&str]| h.log_ids(args);
    let all = ids(&[]);
    assert_eq!(all, (1..=13).collect::<Vec<_>>());
    assert_eq!(ids(&["--limit", "2"]), [12, 13]);
    assert_eq!(ids(&["--session", "1"]), (4..=11).collect::<Vec<_>>());
    assert_eq!(ids(&["--session", "2"]), [12, 13]);
    let err = h.fails(&["log", "--session", "9"], 3);
    assert!(err.contains("no session 9"), "{err}");
    assert_eq!(ids(&["--character", "béatrice"]), [3, 6, 8, 10]);
    assert_eq!(ids(&["--character", "Arnaud", "--limit", "2"]), [9, 13]);
    assert_eq!(ids(&["--kind", "character_healed"]), [13]);
    assert_eq!(
        ids(&[
            "--session",
            "1",
            "--kind",
            "character_damaged",
            "--limit",
            "1"
        ]),
        [10]
    );
    let text = h.ok(&["log", "--limit", "1"]);
    assert!(text.contains("Arnaud heals 1"), "{text}");
}

/// A whole log streams through many of the store's batches (rows are taken as they arrive,
/// up to 256 at once) and still gives every event once, in order.
#[test]
fn a_long_log_gives_every_event_once_in_order() {
    let h = Hoard::new();
    add_arnaud(&h);
    h.ok(&["--seed", "2", "generate", "any", "--count", "400"]);
    let ids = h.log_ids(&[]);
    assert!(ids.len() > 256, "{} events", ids.len());
    assert_eq!(ids, (1..=ids.len() as i64).collect::<Vec<_>>());
}

#[test]
fn rolls_record_every_die_and_repeat_with_a_seed() {
    let h = Hoard::new();
    let a = h.json(&["--seed", "42", "roll", "4d6+2"]);
    let b = h.json(&["--seed", "42", "roll", "4d6", "+", "2"]);
    assert_eq!(a, b);
    let faces: Vec<i64> = a["faces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_i64().unwrap())
        .collect();
    assert_eq!(faces.len(), 4);
    assert!(faces.iter().all(|f| (1..=6).contains(f)));
    assert_eq!(a["total"].as_i64().unwrap(), faces.iter().sum::<i64>() + 2);
    assert_eq!(a["expr"], "4d6+2");
    let percent = h.json(&["roll", "d%"]);
    assert_eq!(percent["expr"], "1d100");
    assert!((1..=100).contains(&percent["faces"][0].as_i64().unwrap()));
    let last = h.ok(&["--json", "log", "--limit", "1"]);
    let last: Value = serde_json::from_str(last.trim()).unwrap();
    assert_eq!(last["payload"]["roll"], percent);
    let text = h.ok(&["--seed", "42", "roll", "4d6+2"]);
    assert_eq!(
        text.trim(),
        format!(
            "4d6+2 [{}] = {}",
            faces
                .iter()
                .map(|f| f.to_string())
                .collect::<Vec<_>>()
                .join(" "),
            a["total"]
        )
    );
}

#[test]
fn refused_commands_leave_the_database_unchanged() {
    let h = Hoard::new();
    add_arnaud(&h);
    h.ok(&["session", "start"]);
    let cases: &[(&[&str], i32, &str)] = &[
        (
            &["character", "show", "Arnauld"],
            3,
            "did you mean \"Arnaud\"?",
        ),
        (
            &["character", "damage", "Nobody", "3"],
            3,
            "no character named \"Nobody\"",
        ),
        (
            &["--campaign", "Nowhere", "character", "list"],
            3,
            "hoard campaign new Nowhere",
        ),
        (&["campaign", "use", "Nowhere"], 3, "no campaign named"),
        (&["roll", "2d"], 2, "number of sides"),
        (&["roll", "1001d6"], 2, "at most 1000 dice"),
        (&["roll", "99999999999999999999d6"], 2, "larger than"),
        (
            &[
                "character",
                "add",
                "X",
                "--str",
                "19",
                "--wis",
                "10",
                "--hp",
                "5",
            ],
            2,
            "STR 19 is out of range",
        ),
        (
            &[
                "character",
                "add",
                "X",
                "--str",
                "2",
                "--wis",
                "10",
                "--hp",
                "5",
            ],
            2,
            "STR 2",
        ),
        (
            &[
                "character",
                "add",
                "X",
                "--str",
                "10",
                "--wis",
                "25",
                "--hp",
                "5",
            ],
            2,
            "WIS 25",
        ),
        (
            &[
                "character",
                "add",
                "X",
                "--str",
                "10",
                "--wis",
                "10",
                "--hp",
                "0",
            ],
            2,
            "maximum HP 0",
        ),
        (
            &[
                "character",
                "add",
                "X",
                "--str",
                "10",
                "--wis",
                "10",
                "--hp",
                "-3",
            ],
            2,
            "maximum HP -3",
        ),
        (
            &[
                "character",
                "add",
                "X",
                "--str",
                "10",
                "--wis",
                "10",
                "--hp",
                "99999999999999999999",
            ],
            2,
            "invalid value",
        ),
        (
            &[
                "character",
                "add",
                "X",
                "--str",
                "10",
                "--wis",
                "10",
                "--hp",
                "5",
                "--level",
                "0",
            ],
            2,
            "level 0",
        ),
        (
            &[
                "character",
                "add",
                "ARNAUD",
                "--str",
                "10",
                "--wis",
                "10",
                "--hp",
                "5",
            ],
            2,
            "already has a character",
        ),
        (
            &[
                "character",
                "add",
                "",
                "--str",
                "10",
                "--wis",
                "10",
                "--hp",
                "5",
            ],
            2,
            "name is empty",
        ),
        (
            &[
                "character",
                "add",
                "   ",
                "--str",
                "10",
                "--wis",
                "10",
                "--hp",
                "5",
            ],
            2,
            "name is empty",
        ),
        (
            &[
                "character",
                "add",
                &"x".repeat(10_000),
                "--str",
                "10",
                "--wis",
                "10",
                "--hp",
                "5",
            ],
            2,
            "10000 characters long",
        ),
        (
            &[
                "character",
                "add",
                "X",
                "--str",
                "10",
                "--wis",
                "10",
                "--hp",
                "5",
                "--alignment",
                "good",
            ],
            2,
            "unknown alignment",
        ),
        (
            &["character", "damage", "Arnaud", "0"],
            2,
            "the amount must be positive",
        ),
        (
            &["character", "damage", "Arnaud", "-4"],
            2,
            "the amount must be positive",
        ),
        (
            &["character", "damage", "Arnaud", "4294967296"],
            2,
            "invalid value",
        ),
        (
            &["time", "advance", "0", "rounds"],
            2,
            "the amount must be positive",
        ),
        (
            &["time", "advance", "18446744073709551615", "days"],
            2,
            "too far",
        ),
        (&["time", "advance", "3", "fortnights"], 2, "unknown unit"),
        (&["session", "start"], 4, "session 1 is still open"),
        (&["campaign", "new", "default"], 2, "already exists"),
        (&["campaign", "new", ""], 2, "name is empty"),
        (&["log", "--kind", "nonsense"], 2, "unknown event kind"),
        (&["log", "--character", "Nobody"], 3, "no character"),
    ];
    for (args, code, message) in cases {
        let stderr = h.refused_unchanged(args, *code);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
    h.ok(&["session", "end"]);
    let stderr = h.refused_unchanged(&["session", "end"], 4);
    assert!(stderr.contains("no session is open"), "{stderr}");
}

#[cfg(unix)]
#[test]
fn non_utf8_arguments_are_refused_cleanly() {
    use std::os::unix::ffi::OsStrExt;
    let h = Hoard::new();
    h.ok(&["roll", "1d6"]);
    let before = h.dump();
    let bad = std::ffi::OsStr::from_bytes(b"Arn\xffaud");
    let out = h
        .cmd(&["character", "add"])
        .arg(bad)
        .args(["--str", "10", "--wis", "10", "--hp", "5"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("UTF-8"));
    assert_eq!(before, h.dump());
}

#[test]
fn names_are_stored_verbatim_and_printed_safely() {
    let h = Hoard::new();
    let name = "Robert'); DROP TABLE characters;--\u{1b}[31m\nred";
    h.ok(&[
        "character",
        "add",
        name,
        "--str",
        "10",
        "--wis",
        "10",
        "--hp",
        "5",
    ]);
    assert_eq!(h.json(&["character", "show", name])["name"], name);
    let text = h.ok(&["character", "list"]);
    assert!(
        !text.contains('\u{1b}'),
        "no raw escape reaches the terminal: {text:?}"
    );
    assert!(text.contains("\\u{1b}[31m"), "{text}");
}

/// 8 processes at once, each recording 50 events on one database: every event lands, no
/// process fails, and none sees "database is locked".
/// The shape: 8 processes started together, each recording 50 events in one command
/// (a generation of 50 items: 50 `item_created` events), on one database.
#[test]
fn eight_processes_of_fifty_events_each_all_land() {
    let h = Hoard::new();
    add_arnaud(&h);
    let start = std::sync::Arc::new(std::sync::Barrier::new(8));
    let workers: Vec<_> = (0..8u64)
        .map(|n| {
            let (db, start) = (h.db.clone(), start.clone());
            std::thread::spawn(move || {
                let mut cmd = assert_cmd::Command::cargo_bin("hoard").unwrap();
                cmd.env_remove("HOARD_CAMPAIGN").arg("--db").arg(&db).args([
                    "--seed",
                    &n.to_string(),
                    "generate",
                    "any",
                    "--count",
                    "50",
                ]);
                start.wait();
                cmd.output().unwrap()
            })
        })
        .collect();
    for w in workers {
        let out = w.join().expect("a worker panicked");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{stderr}");
        assert!(!stderr.contains("locked"), "{stderr}");
    }
    let made = h.ok(&["--json", "log", "--kind", "item_created"]);
    assert_eq!(made.lines().count(), 400);
    assert!(h.ok(&["check"]).starts_with("ok:"));
}

/// The first commands on an empty database, racing: each would make the schema, one does and
/// the others wait for it, and every command succeeds (one campaign each).
#[test]
fn first_commands_racing_on_an_empty_database_all_succeed() {
    let h = Hoard::new();
    assert!(!h.exists());
    let start = std::sync::Arc::new(std::sync::Barrier::new(8));
    let racers: Vec<_> = (0..8)
        .map(|n| {
            let (db, start) = (h.db.clone(), start.clone());
            std::thread::spawn(move || {
                let mut cmd = assert_cmd::Command::cargo_bin("hoard").unwrap();
                cmd.env_remove("HOARD_CAMPAIGN")
                    .env_remove("HOARD_DB")
                    .arg("--db")
                    .arg(&db)
                    .args(["campaign", "new", &format!("Racer {n}")]);
                start.wait();
                cmd.output().unwrap()
            })
        })
        .collect();
    for racer in racers {
        let out = racer.join().expect("a racer panicked");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let listed = h.json(&["campaign", "list"]);
    assert_eq!(listed.as_array().map(Vec::len), Some(8), "{listed}");
    for n in 0..8 {
        let check = h.ok(&["--campaign", &format!("Racer {n}"), "check"]);
        assert!(check.starts_with("ok:"), "{check}");
    }
}

#[test]
fn concurrent_processes_queue_for_the_write_lock() {
    let h = Hoard::new();
    add_arnaud(&h);
    let workers: Vec<_> = (0..8)
        .map(|_| {
            let db = h.db.clone();
            std::thread::spawn(move || {
                for _ in 0..50 {
                    let out = assert_cmd::Command::cargo_bin("hoard")
                        .unwrap()
                        .env_remove("HOARD_CAMPAIGN")
                        .arg("--db")
                        .arg(&db)
                        .args(["roll", "1d20"])
                        .output()
                        .unwrap();
                    assert!(
                        out.status.success(),
                        "{}",
                        String::from_utf8_lossy(&out.stderr)
                    );
                }
            })
        })
        .collect();
    for w in workers {
        w.join().expect("a worker failed");
    }
    let rolls = h.ok(&["--json", "log", "--kind", "dice_rolled"]);
    assert_eq!(rolls.lines().count(), 400);
    let ids = h.log_ids(&[]);
    assert_eq!(
        ids,
        (1..=402).collect::<Vec<_>>(),
        "numbered without gaps or repeats"
    );
}

/// Several processes creating the same new database at the same moment: the migration runs
/// once, under the write lock, and every process succeeds.
#[test]
fn concurrent_first_use_migrates_once() {
    let h = Hoard::new();
    let children: Vec<_> = (0..6)
        .map(|_| {
            std::process::Command::new(assert_cmd::cargo::cargo_bin("hoard"))
                .env_remove("HOARD_CAMPAIGN")
                .arg("--db")
                .arg(&h.db)
                .args(["roll", "1d6"])
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for child in children {
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let list = h.json(&["campaign", "list"]);
    assert_eq!(
        list.as_array().unwrap().len(),
        1,
        "one default campaign: {list}"
    );
    assert_eq!(
        h.ok(&["--json", "log", "--kind", "dice_rolled"])
            .lines()
            .count(),
        6
    );
}

#[test]
fn french_messages_follow_lang() {
    let h = Hoard::new();
    add_arnaud(&h);
    let out = h
        .cmd(&["character", "show", "Arnauld"])
        .env("LANG", "fr_FR.UTF-8")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("aucun personnage nommé \"Arnauld\" ; vouliez-vous dire \"Arnaud\""),
        "{stderr}"
    );
    let shown = h.ok(&["--lang", "fr", "character", "damage", "Arnaud", "2"]);
    assert!(shown.contains("Arnaud subit 2 dégâts"), "{shown}");
}
