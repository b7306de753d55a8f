//! What hoard writes and reads beside the database, alike on either engine: an export that
//! keeps an existing file unless forced, is written privately and whole or not at all; a
//! tables folder read through regular files of bounded size; a demo that never touches the
//! referee's database; a hand-edited ledger that `undo` refuses to follow round a loop.

use std::path::Path;
use std::process::Command;

use crate::common::{Hoard, bin, cut_short, refuses_then_forces, snapshot, with_finds};

#[test]
fn export_refuses_an_existing_file_unless_forced_and_writes_privately() {
    let h = with_finds();
    let path = h.dir.path().join("out.jsonl");
    refuses_then_forces(&h, &["export", "-o", path.to_str().unwrap()], &path);
    let copy = Hoard::new();
    copy.ok(&["import", path.to_str().unwrap(), "--as", "copy"]);
    copy.ok(&["--campaign", "copy", "check"]);
}

#[test]
fn a_killed_export_leaves_no_half_file() {
    let h = Hoard::new();
    h.character("Arnaud", 12, 10, 10, "neutral");
    h.ok(&["--seed", "4", "generate", "any", "--count", "3000"]);
    cut_short(&h, &["export", "-o", "out.jsonl"]);
    h.ok(&["check"]);
}

/// A ledger edited by hand so that an event names itself, or a later one, as its cause: `undo`
/// refuses at once instead of following the loop for ever.
#[test]
fn undo_never_follows_a_cause_that_loops() {
    let h = with_finds();
    h.ok(&["character", "damage", "Arnaud", "1"]);
    h.ok(&["character", "heal", "Arnaud", "1"]);
    h.execute("UPDATE events SET cause = seq WHERE seq = (SELECT max(seq) FROM events)");
    let out = h
        .cmd(&["undo"])
        .timeout(std::time::Duration::from_secs(30))
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(5),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("edited by hand"));
}

#[test]
fn a_tables_folder_is_read_only_through_regular_files_of_bounded_size() {
    let h = with_finds();
    let tables = |name: &str| {
        let dir = h.dir.path().join(name);
        std::fs::create_dir(&dir).unwrap();
        dir
    };
    // A FIFO would block the reader until a writer came; a link to a device never ends.
    let fifo = tables("fifo");
    let made = Command::new("mkfifo")
        .arg(fifo.join("potions.toml"))
        .status()
        .expect("mkfifo");
    assert!(made.success());
    let device = tables("device");
    std::os::unix::fs::symlink("/dev/zero", device.join("wands.toml")).unwrap();
    let large = tables("large");
    std::fs::write(large.join("rings.toml"), "#".repeat((1 << 20) + 1)).unwrap();
    for (dir, why) in [
        (&fifo, "not a regular file"),
        (&device, "not a regular file"),
        (&large, "larger than 1 MiB"),
    ] {
        let dir = dir.to_str().unwrap();
        for args in [
            &["tables", "check", dir][..],
            &["--tables", dir, "generate", "potion"][..],
        ] {
            let out = h
                .cmd(args)
                .timeout(std::time::Duration::from_secs(60))
                .output()
                .expect("run hoard");
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
            assert!(err.contains(why), "{args:?}: {err}");
        }
    }
    // A link to a regular table file is read like the file.
    let linked = tables("linked");
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("tables/wands.toml");
    std::os::unix::fs::symlink(&shipped, linked.join("wands.toml")).unwrap();
    h.ok(&["tables", "check", linked.to_str().unwrap()]);
}

#[test]
fn the_demo_never_touches_the_database_hoard_db_names() {
    let h = with_finds();
    let home = tempfile::tempdir().unwrap();
    let (before, rows) = (snapshot(h.dir.path()), h.dump());
    let out = Command::new(bin())
        .arg("demo")
        .env("HOARD_DB", &h.db)
        .env("XDG_DATA_HOME", home.path())
        .env("HOME", home.path())
        .env("LANG", "C")
        .env("NO_COLOR", "1")
        .output()
        .expect("run the demo");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(snapshot(h.dir.path()), before, "the user's folder changed");
    assert_eq!(h.dump(), rows, "the user's database changed");
    assert!(home.path().join("hoard/demo.db").is_file());
    // HOARD_DB still names the database of every other command.
    let listed = Command::new(bin())
        .args(["campaign", "list"])
        .env("HOARD_DB", &h.db)
        .env("LANG", "C")
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&listed.stdout).contains("default"));
}

/// A long read outlasts the rows the engine hands over ahead of hoard (SQLite's thread reads
/// up to 1,024 ahead): every event comes out once and in order, from `export` as from `log`.
#[test]
fn a_long_read_gives_every_event_once_in_order() {
    let h = Hoard::new();
    h.ok(&["--seed", "4", "generate", "any", "--count", "3000"]);
    let seq_of = |line: &str, field: &str| {
        serde_json::from_str::<serde_json::Value>(line).unwrap()[field]
            .as_i64()
            .unwrap()
    };
    let export = h.ok(&["export"]);
    let mut lines = export.lines();
    let header: serde_json::Value = serde_json::from_str(lines.next().unwrap()).unwrap();
    let exported: Vec<i64> = lines.map(|line| seq_of(line, "seq")).collect();
    assert_eq!(Some(exported.len() as u64), header["events"].as_u64());
    assert!(exported.len() > 2 * 1024, "{} events", exported.len());
    assert!(
        exported.iter().zip(1..).all(|(seq, n)| *seq == n),
        "every event once, in order"
    );
    let logged: Vec<i64> = h
        .ok(&["--json", "log"])
        .lines()
        .map(|line| seq_of(line, "id"))
        .collect();
    assert_eq!(logged, exported);
}
