//! Trust: void and undo, dry runs, backups, export and import, upgrades, concurrency, faults,
//! hostile input and the player-safe view.

use std::io::{BufRead, Write};
use std::process::{Command, Stdio};

use serde_json::Value;

use crate::common::{Hoard, bin};

#[test]
fn void_and_undo_rebuild_the_state_from_the_ledger() {
    let h = Hoard::new();
    h.character("Arnaud", 3, 3, 10, "lawful");
    h.wand("Wand", 5, Some("Arnaud"));
    h.ok(&["use", "Wand", "--charges", "2"]); // #4
    h.ok(&["use", "Wand"]); // #5
    h.ok(&["character", "damage", "Arnaud", "4"]); // #6
    // Undo voids the latest command.
    let undone = h.json(&["undo"]);
    assert_eq!(undone["events"], serde_json::json!([6]));
    assert_eq!(h.json(&["character", "show", "Arnaud"])["hp"], 10);
    // Void an older event: the charges come back; the ledger keeps everything.
    h.ok(&["void", "4"]);
    assert_eq!(h.json(&["item", "show", "Wand"])["charges"], 4);
    let log = h.ok(&["--json", "log"]);
    assert_eq!(log.lines().count(), 8, "nothing is deleted");
    let marked: Vec<i64> = log
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|e| !e["voided_by"].is_null())
        .map(|e| e["id"].as_i64().unwrap())
        .collect();
    assert_eq!(marked, [4, 6]);
    // An event later ones depend on cannot be voided; a void cannot be voided; nor twice.
    let stderr = h.refused_unchanged(&["void", "3"], 4);
    assert!(
        stderr.contains("depend on it") && stderr.contains("#5"),
        "{stderr}"
    );
    h.refused_unchanged(&["void", "7"], 4);
    h.refused_unchanged(&["void", "4"], 4);
    h.refused_unchanged(&["void", "1"], 4);
    h.refused_unchanged(&["void", "99"], 3);
    h.ok(&["check"]);

    // A command's consequences go with it: a sword's first-contact check follows the gift.
    h.strong_sword("Hater", "chaotic", "telepathy", &[]);
    // Seed 3: the first touch wounds for 3, short of half HP (seed 1's 11 killed him, and a
    // fallen holder is controlled by nothing).
    h.ok(&["--seed", "3", "give", "Hater", "--to", "Arnaud"]);
    assert_eq!(
        h.json(&["audit", "swords"])["current"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    let undone = h.json(&["undo"]);
    assert_eq!(
        undone["events"].as_array().unwrap().len(),
        5,
        "the gift, its check, the first touch, its round on the clock and its wound (not to \
         half HP, with this seed)"
    );
    assert_eq!(
        h.json(&["audit", "swords"])["current"],
        serde_json::json!([])
    );
    assert_eq!(h.json(&["item", "show", "Hater"])["holder"], Value::Null);
    h.ok(&["check"]);
}

#[test]
fn a_dry_run_shows_what_would_happen_and_writes_nothing() {
    let h = Hoard::new();
    h.character("Arnaud", 12, 10, 10, "neutral");
    h.wand("Wand", 1, Some("Arnaud"));
    for args in [
        vec!["--dry-run", "--seed", "1", "use", "Wand"],
        vec!["--dry-run", "character", "damage", "Arnaud", "3"],
        vec!["--dry-run", "generate", "any", "--count", "5"],
        vec!["--dry-run", "undo"],
        vec!["--dry-run", "session", "start"],
        vec!["--dry-run", "time", "advance", "2", "days"],
    ] {
        let before = h.dump();
        let out = h.cmd(&args).output().unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(String::from_utf8_lossy(&out.stderr).contains("dry run: nothing was written"));
        assert!(!out.stdout.is_empty(), "{args:?} shows what it would do");
        assert_eq!(before, h.dump(), "{args:?} wrote something");
    }
    let used = h.json(&["--dry-run", "--seed", "1", "use", "Wand"]);
    assert_eq!(used["drained"], true, "the rule outcome is shown");
    assert_eq!(h.json(&["item", "show", "Wand"])["charges"], 1);
}

#[test]
fn export_then_import_then_export_is_byte_identical() {
    let h = Hoard::new();
    h.character("Arnaud", 12, 10, 10, "neutral");
    h.ok(&["session", "start", "One"]);
    h.ok(&[
        "--seed", "4", "generate", "any", "--count", "30", "--to", "Arnaud",
    ]);
    h.ok(&["character", "damage", "Arnaud", "3"]);
    h.ok(&["undo"]);
    let first = h.ok(&["export"]);
    let file = h.dir.path().join("campaign.jsonl");
    std::fs::write(&file, &first).unwrap();
    let other = Hoard::new();
    let imported = other.json(&["import", file.to_str().unwrap()]);
    assert_eq!(imported["campaign"], "default");
    assert_eq!(other.ok(&["export"]), first);
    other.ok(&["check"]);
    assert_eq!(
        other.json(&["character", "show", "Arnaud"]),
        h.json(&["character", "show", "Arnaud"])
    );
    // Into the same database under another name; the same name is refused.
    h.refused_unchanged(&["import", file.to_str().unwrap()], 2);
    h.ok(&["import", file.to_str().unwrap(), "--as", "Copy"]);
    h.ok(&["--campaign", "Copy", "check"]);
    // Malformed input: nothing is imported.
    let lines: Vec<&str> = first.lines().collect();
    for (name, text) in [
        ("not-json", "this is not json\n".to_string()),
        (
            "broken-line",
            format!("{}\n{}\n{{\"seq\": 2, oops\n", lines[0], lines[1]),
        ),
        ("gap", format!("{}\n{}\n{}\n", lines[0], lines[1], lines[3])),
        ("short", format!("{}\n{}\n", lines[0], lines[1])),
        (
            "unknown-kind",
            format!(
                "{}\n{}\n{}\n",
                lines[0],
                lines[1],
                lines[2].replace("character_added", "dragon_hatched")
            ),
        ),
    ] {
        let bad = h.dir.path().join(name);
        std::fs::write(&bad, text).unwrap();
        let stderr = h.refused_unchanged(&["import", bad.to_str().unwrap(), "--as", name], 2);
        assert!(
            stderr.contains("line") || stderr.contains("header"),
            "{name}: {stderr}"
        );
    }
}

/// 8 processes spend 20 charges each from one 100-charge wand: exactly 100 succeed.
#[test]
fn concurrent_charges_never_overspend() {
    let h = Hoard::new();
    h.character("Arnaud", 12, 10, 10, "neutral");
    h.wand("Wand", 100, Some("Arnaud"));
    h.ok(&["campaign", "set", "crumble-wand", "0"]);
    let workers: Vec<_> = (0..8)
        .map(|_| {
            let db = h.db.clone();
            std::thread::spawn(move || {
                let mut codes = Vec::new();
                for _ in 0..20 {
                    let out = Command::new(bin())
                        .arg("--db")
                        .arg(&db)
                        .args(["use", "Wand"])
                        .env("LANG", "C")
                        .output()
                        .unwrap();
                    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
                    assert!(!stderr.contains("locked"), "{stderr}");
                    codes.push(out.status.code().unwrap());
                }
                codes
            })
        })
        .collect();
    let codes: Vec<i32> = workers
        .into_iter()
        .flat_map(|w| w.join().unwrap())
        .collect();
    assert_eq!(codes.iter().filter(|c| **c == 0).count(), 100);
    assert_eq!(
        codes.iter().filter(|c| **c == 4).count(),
        60,
        "the rest are refused"
    );
    let wand = h.json(&["item", "show", "Wand"]);
    assert_eq!(
        (wand["charges"].as_i64(), wand["status"].as_str()),
        (Some(0), Some("drained"))
    );
    h.ok(&["check"]);
}

/// SIGKILL in the middle of a large generation: afterwards the campaign holds none of it.
#[test]
fn a_killed_generation_leaves_nothing_half_written() {
    let h = Hoard::new();
    h.character("Arnaud", 12, 10, 10, "neutral");
    let mut child = Command::new(bin())
        .arg("--db")
        .arg(&h.db)
        .args(["--progress", "generate", "any", "--count", "200000"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    for line in std::io::BufReader::new(stderr).lines() {
        let line = line.unwrap();
        let done: u64 = line
            .trim_start_matches("progress: ")
            .split('/')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        if done >= 20_000 {
            break;
        }
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(h.json(&["item", "list"]), serde_json::json!([]));
    assert_eq!(
        h.log_ids(&[]).len(),
        2,
        "only the campaign and the character"
    );
    h.ok(&["check"]);
}

/// SIGKILL in the middle of an import read from a pipe: nothing of it remains.
#[cfg(unix)]
#[test]
fn a_killed_import_leaves_nothing_half_written() {
    let source = Hoard::new();
    source.ok(&["--seed", "2", "generate", "any", "--count", "3000"]);
    let export = source.ok(&["export"]);
    let h = Hoard::new();
    h.ok(&["roll", "1d6"]);
    let fifo = h.dir.path().join("pipe");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let mut child = Command::new(bin())
        .arg("--db")
        .arg(&h.db)
        .args(["import", fifo.to_str().unwrap(), "--as", "Half"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut pipe = std::fs::OpenOptions::new().write(true).open(&fifo).unwrap();
    // Writing blocks until the import reads: once all but the last line is written, the
    // import has taken in nearly everything and has not seen the end.
    let cut = export.trim_end().rfind('\n').unwrap();
    pipe.write_all(&export.as_bytes()[..cut]).unwrap();
    pipe.flush().unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    drop(pipe);
    let list = h.json(&["campaign", "list"]);
    assert_eq!(
        list.as_array().unwrap().len(),
        1,
        "no half campaign: {list}"
    );
    h.ok(&["check"]);
    // Nothing of it holds the name or a lock: the whole file imports under that name.
    let file = h.dir.path().join("whole.jsonl");
    std::fs::write(&file, &export).unwrap();
    h.ok(&["import", file.to_str().unwrap(), "--as", "Half"]);
    h.ok(&["--campaign", "Half", "check"]);
}

#[test]
fn hostile_text_is_stored_verbatim_and_never_obeyed() {
    let h = Hoard::new();
    let names = [
        "O'Brien \"the Bold\"",
        "Robert'); DROP TABLE items;--",
        "two\nlines",
        "\u{1b}]0;pwned\u{7}\u{1b}[2J",
        "ünïcödé — ✓",
    ];
    for (i, name) in names.iter().enumerate() {
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
        h.ok(&[
            "item",
            "add",
            &format!("{name} item"),
            "--category",
            "misc",
            "--to",
            name,
        ]);
        h.ok(&["session", "start", name]);
        h.ok(&["session", "end"]);
        assert_eq!(h.json(&["character", "show", name])["name"], *name);
        assert_eq!(h.json(&["session", "list"])[i]["title"], *name);
    }
    for args in [
        vec!["character", "list"],
        vec!["item", "list"],
        vec!["log"],
        vec!["session", "list"],
        vec!["report", "session"],
    ] {
        let text = h.ok(&args);
        assert!(
            !text.contains('\u{1b}') && !text.contains('\u{7}'),
            "{args:?}: raw control characters reached the terminal"
        );
    }
    let long = "x".repeat(10_000);
    for args in [
        vec![
            "character",
            "add",
            &long,
            "--str",
            "10",
            "--wis",
            "10",
            "--hp",
            "5",
        ],
        vec!["campaign", "new", &long],
        vec!["item", "add", &long, "--category", "misc"],
        vec!["session", "start", &long],
    ] {
        let stderr = h.refused_unchanged(&args, 2);
        assert!(stderr.contains("10000 characters"), "{stderr}");
    }
    let dir = h.dir.path().join("broken-tables");
    std::fs::create_dir(&dir).unwrap();
    let wands = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tables/wands.toml"),
    )
    .unwrap();
    std::fs::write(
        dir.join("wands.toml"),
        wands.replace("roll = \"19\"", "roll = \"18\""),
    )
    .unwrap();
    let stderr = h.refused_unchanged(&["--tables", dir.to_str().unwrap(), "generate", "wand"], 2);
    assert!(stderr.contains("wands.toml"), "{stderr}");
    h.ok(&["check"]);
}

/// For every kind of item, what a character has not identified stays secret in every
/// player-facing view.
#[test]
fn the_player_view_keeps_every_secret() {
    let h = Hoard::new();
    h.ok(&[
        "character",
        "add",
        "Player",
        "--str",
        "10",
        "--wis",
        "10",
        "--hp",
        "5",
        "--class",
        "fighter",
    ]);
    let categories = [
        "potion",
        "scroll",
        "ring",
        "rod",
        "staff",
        "wand",
        "book",
        "clothing",
        "boots",
        "household",
        "instrument",
        "misc",
        "armor",
        "sword",
        "weapon",
    ];
    let mut secrets = Vec::new();
    for (n, category) in categories.iter().enumerate() {
        let items = h.json(&[
            "--seed",
            &n.to_string(),
            "generate",
            category,
            "--count",
            "3",
            "--to",
            "Player",
        ]);
        for item in items.as_array().unwrap() {
            secrets.push(item["name"].as_str().unwrap().to_string());
        }
    }
    let sheet = h.ok(&["--json", "character", "show", "Player", "--as", "Player"]);
    let text = h.ok(&["character", "show", "Player", "--as", "Player"]);
    let export = h.ok(&["export", "--as", "Player"]);
    let mut shown = Vec::new();
    for item in h.json(&["item", "list"]).as_array().unwrap() {
        shown.push(h.ok(&[
            "--json",
            "item",
            "show",
            item["id"].as_str().unwrap(),
            "--as",
            "Player",
        ]));
    }
    for secret in &secrets {
        for view in [&sheet, &text, &export].into_iter().chain(shown.iter()) {
            assert!(
                !view.contains(secret.as_str()),
                "{secret:?} leaked in {view}"
            );
        }
    }
    for secret in [
        "charges",
        "sentience",
        "bonus",
        "cursed",
        "spells",
        "identity",
    ] {
        assert!(
            !export.contains(&format!("\"{secret}\"")),
            "{secret} in {export}"
        );
        assert!(
            !sheet.contains(&format!("\"{secret}\":")) || secret == "charges",
            "{secret} in {sheet}"
        );
    }
    // Once tasted, a potion's name is the player's to see.
    let potion = h.json(&["item", "list", "--category", "potion"])[0].clone();
    h.ok(&["taste", potion["id"].as_str().unwrap(), "--by", "Player"]);
    assert!(
        h.ok(&["export", "--as", "Player"])
            .contains(potion["name"].as_str().unwrap())
    );
}
