//! Files that cannot destroy a campaign: where hoard writes (never over the database, never
//! over a file unless told, complete or not at all, private), which databases it opens (a plain
//! path to a file of one name), what reads and dry runs leave behind (nothing). All about the
//! SQLite file itself, so on SQLite only (`tests/postgres/server.rs` has PostgreSQL's side, and
//! `outputs.rs` what is alike on both engines).

use std::process::Command;

use crate::common::{Engine, Hoard, bin, wal, with_finds};

#[test]
fn export_never_writes_over_the_database_by_any_name() {
    let h = with_finds();
    let before = h.dump();
    let dir = h.dir.path();
    std::os::unix::fs::symlink(&h.db, dir.join("link.db")).unwrap();
    for target in [
        "campaign.db",
        "campaign.db-wal",
        "campaign.db-shm",
        "link.db",
    ] {
        let path = dir.join(target);
        for force in [false, true] {
            let mut args = vec!["export", "-o", path.to_str().unwrap()];
            if force {
                args.push("--force");
            }
            let stderr = h.fails(&args, 4);
            assert!(
                stderr.contains("campaign database itself"),
                "{target}: {stderr}"
            );
        }
    }
    assert_eq!(before, h.dump());
    // A hard link is a second name for the file: hoard refuses to open the database at all
    // while it has one, so no write can go through it.
    std::fs::hard_link(&h.db, dir.join("hard.db")).unwrap();
    let stderr = h.fails(
        &[
            "export",
            "-o",
            dir.join("hard.db").to_str().unwrap(),
            "--force",
        ],
        4,
    );
    assert!(stderr.contains("hard links"), "{stderr}");
    std::fs::remove_file(dir.join("hard.db")).unwrap();
    assert_eq!(before, h.dump());
    h.ok(&["check"]);
}

/// `backup` as `export` (`outputs.rs`): an existing file is kept unless `--force`, and the
/// copy, a whole campaign database, is written privately.
#[test]
fn backup_refuses_an_existing_file_unless_forced_and_writes_privately() {
    let h = with_finds();
    let path = h.dir.path().join("copy.db");
    crate::common::refuses_then_forces(&h, &["backup", path.to_str().unwrap()], &path);
    let mut copy = Hoard::on(Engine::Sqlite);
    copy.db = path;
    copy.ok(&["check"]);
}

/// A backup killed while it writes leaves nothing at the destination (as an export,
/// `outputs.rs`).
#[test]
fn a_killed_backup_leaves_no_half_file() {
    let h = Hoard::new();
    h.character("Arnaud", 12, 10, 10, "neutral");
    h.ok(&["--seed", "4", "generate", "any", "--count", "3000"]);
    crate::common::cut_short(&h, &["backup", "copy.db"]);
    h.ok(&["check"]);
}

#[test]
fn a_database_is_a_plain_path_to_a_file_of_one_name() {
    let h = Hoard::new();
    for name in [
        ":memory:",
        "file:x.db?mode=memory",
        "file:campaign.db",
        "sqlite://x.db",
    ] {
        let out = Command::new(bin())
            .current_dir(h.dir.path())
            .args(["--db", name, "roll", "1d6"])
            .env("LANG", "C")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{name}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("not a database path"), "{name}: {stderr}");
    }
    assert_eq!(
        std::fs::read_dir(h.dir.path()).unwrap().count(),
        0,
        "nothing created"
    );
    let h = with_finds();
    std::fs::hard_link(&h.db, h.dir.path().join("second.db")).unwrap();
    let stderr = h.refused_unchanged(&["character", "damage", "Arnaud", "1"], 4);
    assert!(stderr.contains("hard links"), "{stderr}");
}

#[test]
fn reads_never_create_a_database_or_a_folder() {
    let h = Hoard::new();
    let missing = h.dir.path().join("a/b/campaign.db");
    for read in [
        vec!["check"],
        vec!["log"],
        vec!["report", "session"],
        vec!["audit", "swords"],
        vec!["export"],
        vec!["explain", "1"],
        vec!["odds", "Sword", "Arnaud"],
        vec!["character", "list"],
        vec!["item", "show", "Wand"],
        vec!["session", "list"],
        vec!["time", "show"],
    ] {
        let out = Command::new(bin())
            .arg("--db")
            .arg(&missing)
            .args(&read)
            .env("LANG", "C")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{read:?}: {stderr}");
        assert!(
            stderr.contains("no campaign database at"),
            "{read:?}: {stderr}"
        );
        assert!(!h.dir.path().join("a").exists(), "{read:?} made a folder");
    }
    // What can be answered without a database is, and makes nothing either.
    for read in [
        &["campaign", "list"][..],
        &["tables", "list"],
        &["tables", "check"],
    ] {
        let out = Command::new(bin())
            .arg("--db")
            .arg(&missing)
            .args(read)
            .env("LANG", "C")
            .output()
            .unwrap();
        assert!(out.status.success(), "{read:?}: {out:?}");
        assert!(!h.dir.path().join("a").exists(), "{read:?} made a folder");
    }
}

#[test]
fn check_never_calls_an_empty_or_cut_file_ok() {
    let h = Hoard::new();
    std::fs::write(&h.db, b"").unwrap();
    let stderr = h.fails(&["check"], 3);
    assert!(stderr.contains("not a hoard campaign database"), "{stderr}");
    assert_eq!(std::fs::metadata(&h.db).unwrap().len(), 0, "left empty");
    let whole = with_finds();
    let bytes = whole.dump();
    std::fs::write(&h.db, &bytes[..bytes.len() / 2]).unwrap();
    let out = h.cmd(&["check"]).output().unwrap();
    assert!(!out.status.success(), "a half file is not ok");
    assert!(!String::from_utf8_lossy(&out.stdout).contains("ok:"));
}

#[test]
fn a_read_only_database_is_read_but_not_written_and_says_so() {
    use std::os::unix::fs::PermissionsExt;
    let h = with_finds();
    std::fs::set_permissions(&h.db, std::fs::Permissions::from_mode(0o400)).unwrap();
    let stderr = h.refused_unchanged(&["character", "damage", "Arnaud", "1"], 4);
    assert!(
        stderr.contains("read-only") && !stderr.contains("code: 8"),
        "{stderr}"
    );
    h.ok(&["character", "show", "Arnaud"]);
}

/// Under `--dry-run` no byte of any file changes and no file or folder appears — whatever
/// the command, on a current database, an older one, or none.
#[test]
fn a_dry_run_changes_no_file_at_all() {
    let h = with_finds();
    h.ok(&["campaign", "new", "Second"]);
    h.ok(&[
        "item",
        "add",
        "Scroll",
        "--category",
        "scroll",
        "--kind",
        "protection",
    ]);
    let folder = h.dir.path();
    let before = crate::common::snapshot(folder);
    for args in [
        vec!["campaign", "use", "Second"],
        vec!["campaign", "new", "Third"],
        vec!["campaign", "set", "scroll-fade", "10"],
        vec!["backup", "copy.db"],
        vec!["export", "-o", "out.jsonl"],
        vec![
            "character",
            "add",
            "Mordo",
            "--str",
            "9",
            "--wis",
            "14",
            "--hp",
            "7",
        ],
        vec!["character", "damage", "Arnaud", "3"],
        vec!["give", "Scroll", "--to", "Arnaud"],
        vec!["session", "start", "Dry"],
        vec!["time", "advance", "2", "days"],
        vec!["--seed", "5", "generate", "any", "--count", "50"],
        vec!["roll", "3d6"],
        vec!["undo"],
    ] {
        let mut all = vec!["--dry-run"];
        all.extend_from_slice(&args);
        let out = h.cmd(&all).current_dir(folder).output().unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            before,
            crate::common::snapshot(folder),
            "--dry-run {args:?} changed a file"
        );
    }
    // A missing database is neither created nor its folder made.
    let missing = folder.join("new/campaign.db");
    let out = Command::new(bin())
        .args([
            "--dry-run",
            "--db",
            missing.to_str().unwrap(),
            "roll",
            "1d6",
        ])
        .env("LANG", "C")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(before, crate::common::snapshot(folder));
    // An older database is not upgraded by a dry run.
    crate::common::sql(&h.db, async |conn| {
        sqlx::query("PRAGMA user_version = 6")
            .execute(&mut *conn)
            .await
            .unwrap();
    });
    let older = crate::common::snapshot(folder);
    let stderr = h.fails(&["--dry-run", "roll", "1d6"], 4);
    assert!(stderr.contains("dry run cannot"), "{stderr}");
    assert_eq!(older, crate::common::snapshot(folder));
    assert!(!wal(&h.db).exists());
}

/// What a killed backup left beside its destination (`.NAME.PID.part` and its journal) is
/// removed by the next backup once its process is gone; a running process's part is left.
#[cfg(target_os = "linux")]
#[test]
fn a_backup_sweeps_the_parts_a_killed_one_left() {
    use std::os::unix::fs::PermissionsExt;
    let h = Hoard::new();
    h.ok(&["campaign", "new", "w", "--use"]);
    // A process that has ended: its number names no running process.
    let mut child = Command::new("true").spawn().unwrap();
    let dead = child.id();
    child.wait().unwrap();
    let dir = h.dir.path();
    let stale = dir.join(format!(".copy.db.{dead}.part"));
    let journal = dir.join(format!(".copy.db.{dead}.part-journal"));
    let running = dir.join(format!(".copy.db.{}.part", std::process::id()));
    for part in [&stale, &journal, &running] {
        std::fs::write(part, "half a copy").unwrap();
    }
    let copy = dir.join("copy.db");
    h.ok(&["backup", copy.to_str().unwrap()]);
    assert!(
        !stale.exists() && !journal.exists(),
        "the dead process's parts stay"
    );
    assert!(running.exists(), "a running process's part was removed");
    let mode = std::fs::metadata(&copy).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
}
