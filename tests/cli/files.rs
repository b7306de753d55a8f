//! Files that cannot destroy a campaign: where hoard writes (never over the database, never
//! over a file unless told, complete or not at all, private), which databases it opens (a plain
//! path to a file of one name), what reads and dry runs leave behind (nothing). All about the
//! SQLite file itself, so on SQLite only (`tests/postgres/server.rs` has PostgreSQL's side).

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use crate::common::{Engine, Hoard, wal};

fn bin() -> std::path::PathBuf {
    assert_cmd::cargo::cargo_bin("hoard")
}

/// A campaign with something in it.
fn campaign() -> Hoard {
    let h = Hoard::new();
    h.character("Arnaud", 12, 10, 10, "neutral");
    h.ok(&[
        "--seed", "3", "generate", "any", "--count", "20", "--to", "Arnaud",
    ]);
    h
}

/// Every file under `dir`, by path, with a hash of its bytes and its mode.
fn snapshot(dir: &Path) -> BTreeMap<String, (u64, u32)> {
    use std::hash::{Hash, Hasher};
    let hash = |bytes: &[u8]| {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        bytes.hash(&mut h);
        h.finish()
    };
    use std::os::unix::fs::PermissionsExt;
    let mut files = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            let meta = std::fs::symlink_metadata(&path).unwrap();
            let key = path.strip_prefix(dir).unwrap().display().to_string();
            if meta.is_dir() {
                stack.push(path);
                files.insert(key + "/", (0, meta.permissions().mode()));
            } else if meta.is_file() {
                files.insert(
                    key,
                    (
                        hash(&std::fs::read(&path).unwrap()),
                        meta.permissions().mode(),
                    ),
                );
            } else {
                files.insert(key, (0, meta.permissions().mode()));
            }
        }
    }
    files
}

#[test]
fn export_never_writes_over_the_database_by_any_name() {
    let h = campaign();
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

#[test]
fn export_and_backup_refuse_an_existing_file_unless_forced_and_write_privately() {
    use std::os::unix::fs::PermissionsExt;
    let h = campaign();
    let dir = h.dir.path();
    for (name, command) in [("out.jsonl", "export"), ("copy.db", "backup")] {
        let path = dir.join(name);
        std::fs::write(&path, b"keep me").unwrap();
        let args: Vec<&str> = match command {
            "export" => vec!["export", "-o", path.to_str().unwrap()],
            _ => vec!["backup", path.to_str().unwrap()],
        };
        let stderr = h.refused_unchanged(&args, 2);
        assert!(stderr.contains("--force"), "{stderr}");
        assert_eq!(std::fs::read(&path).unwrap(), b"keep me");
        let mut forced = args.clone();
        forced.push("--force");
        h.ok(&forced);
        assert_ne!(std::fs::read(&path).unwrap(), b"keep me");
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "{name}");
    }
    let left: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".part"))
        .collect();
    assert!(left.is_empty(), "temporary files left: {left:?}");
    // The copy is a whole campaign database.
    let mut copy = Hoard::on(Engine::Sqlite);
    copy.db = dir.join("copy.db");
    copy.ok(&["check"]);
}

/// A backup or an export killed while it writes (here by the file-size limit: SIGXFSZ) leaves
/// nothing at the destination — only its hidden temporary file.
#[test]
fn a_killed_backup_or_export_leaves_no_half_file() {
    let h = Hoard::new();
    h.character("Arnaud", 12, 10, 10, "neutral");
    h.ok(&["--seed", "4", "generate", "any", "--count", "3000"]);
    for command in ["export -o out.jsonl", "backup copy.db"] {
        let status = Command::new("sh")
            .current_dir(h.dir.path())
            .arg("-c")
            // 256 KiB: more than SQLite's own files need, less than the export or the copy.
            .arg(format!(
                "ulimit -f 512; exec \"$0\" --db campaign.db {command}"
            ))
            .arg(bin())
            .env("LANG", "C")
            .status()
            .unwrap();
        assert!(!status.success(), "{command} was meant to be cut short");
        let dest = h.dir.path().join(command.split(' ').next_back().unwrap());
        assert!(!dest.exists(), "{command} left a half file");
    }
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
    let h = campaign();
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
        vec!["campaign", "list"],
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
}

#[test]
fn check_never_calls_an_empty_or_cut_file_ok() {
    let h = Hoard::new();
    std::fs::write(&h.db, b"").unwrap();
    let stderr = h.fails(&["check"], 3);
    assert!(stderr.contains("not a hoard campaign database"), "{stderr}");
    assert_eq!(std::fs::metadata(&h.db).unwrap().len(), 0, "left empty");
    let whole = campaign();
    let bytes = whole.dump();
    std::fs::write(&h.db, &bytes[..bytes.len() / 2]).unwrap();
    let out = h.cmd(&["check"]).output().unwrap();
    assert!(!out.status.success(), "a half file is not ok");
    assert!(!String::from_utf8_lossy(&out.stdout).contains("ok:"));
}

#[test]
fn a_read_only_database_is_read_but_not_written_and_says_so() {
    use std::os::unix::fs::PermissionsExt;
    let h = campaign();
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
    let h = campaign();
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
    let before = snapshot(folder);
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
            snapshot(folder),
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
    assert_eq!(before, snapshot(folder));
    // An older database is not upgraded by a dry run.
    crate::common::sql(&h.db, async |conn| {
        sqlx::query("PRAGMA user_version = 6")
            .execute(&mut *conn)
            .await
            .unwrap();
    });
    let older = snapshot(folder);
    let stderr = h.fails(&["--dry-run", "roll", "1d6"], 4);
    assert!(stderr.contains("dry run cannot"), "{stderr}");
    assert_eq!(older, snapshot(folder));
    assert!(!wal(&h.db).exists());
}

/// A ledger edited by hand so that an event names itself, or a later one, as its cause: `undo`
/// refuses at once instead of following the loop for ever.
#[test]
fn undo_never_follows_a_cause_that_loops() {
    let h = campaign();
    h.ok(&["character", "damage", "Arnaud", "1"]);
    h.ok(&["character", "heal", "Arnaud", "1"]);
    crate::common::sql(&h.db, async |conn| {
        sqlx::query("UPDATE events SET cause = seq WHERE seq = (SELECT max(seq) FROM events)")
            .execute(&mut *conn)
            .await
            .unwrap();
    });
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
    let h = campaign();
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
    let h = campaign();
    let home = tempfile::tempdir().unwrap();
    let before = snapshot(h.dir.path());
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
    assert_eq!(
        snapshot(h.dir.path()),
        before,
        "the user's database changed"
    );
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
