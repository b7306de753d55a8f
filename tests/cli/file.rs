//! The SQLite file itself: created with its folders on first use and private to its owner,
//! refused when a newer hoard wrote it, upgraded from an old schema, copied by `backup`. These
//! scenarios are about the file and SQLite's own machinery (`PRAGMA user_version`, `VACUUM
//! INTO`, a file that has no roles), so they run on SQLite only; `tests/postgres/server.rs`
//! has PostgreSQL's side of each (a schema made on first use, a newer schema refused, `backup`
//! pointing at `pg_dump`).

use std::process::Command;

use serde_json::Value;

use crate::common::{Hoard, bin, sql};

#[test]
fn the_first_command_works_with_no_set_up() {
    let h = Hoard::new();
    let nested = h.dir.path().join("a/b/c/hoard.db");
    let hoard = |args: &[&str]| {
        assert_cmd::Command::cargo_bin("hoard")
            .unwrap()
            .env("HOARD_DB", &nested)
            .env_remove("HOARD_CAMPAIGN")
            .args(args)
            .output()
            .unwrap()
    };
    // A read finds nothing to read, and creates nothing (the list of campaigns is empty); the
    // first record creates it all.
    let out = hoard(&["character", "list"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no campaign database at"));
    let out = hoard(&["campaign", "list"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("No campaigns yet"));
    assert!(!h.dir.path().join("a").exists());
    assert!(hoard(&["roll", "1d6"]).status.success());
    let out = hoard(&["campaign", "list", "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let list: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(list[0]["name"], "default");
    assert_eq!(list[0]["current"], true);
    assert!(nested.exists(), "HOARD_DB creates the file and its folders");
}

#[cfg(unix)]
#[test]
fn the_database_is_private_to_its_owner() {
    use std::os::unix::fs::PermissionsExt;
    let h = Hoard::new();
    h.ok(&["roll", "1d6"]);
    let mode = std::fs::metadata(&h.db).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
}

#[test]
fn a_database_from_a_newer_hoard_is_refused_untouched() {
    let h = Hoard::new();
    h.ok(&["roll", "1d6"]);
    sql(&h.db, async |conn| {
        sqlx::query("PRAGMA user_version = 999")
            .execute(&mut *conn)
            .await
            .unwrap();
    });
    let before = std::fs::read(&h.db).unwrap();
    let stderr = h.fails(&["time", "show"], 5);
    assert!(stderr.contains("newer hoard"), "{stderr}");
    assert_eq!(before, std::fs::read(&h.db).unwrap());
}

#[test]
fn a_backup_is_a_consistent_private_copy() {
    let h = Hoard::new();
    h.character("Arnaud", 12, 10, 10, "neutral");
    h.ok(&["--seed", "1", "generate", "any", "--count", "50"]);
    let copy = h.dir.path().join("backup.db");
    h.ok(&["backup", copy.to_str().unwrap()]);
    h.refused_unchanged(&["backup", copy.to_str().unwrap()], 2);
    let from_copy = |args: &[&str]| {
        let out = Command::new(bin())
            .arg("--db")
            .arg(&copy)
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(
        from_copy(&["--json", "item", "list"]),
        h.ok(&["--json", "item", "list"])
    );
    from_copy(&["check"]);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(
            std::fs::metadata(&copy).unwrap().permissions().mode() & 0o777,
            0o600
        );
    }
}

/// A database made by the first migration alone, with data in it, opened by this hoard:
/// upgraded, and nothing lost.
#[test]
fn an_old_database_is_upgraded_with_nothing_lost() {
    let h = Hoard::new();
    let first = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("migrations/sqlite/0001_foundation.sql");
    let dir = h.dir.path().join("migrations");
    std::fs::create_dir(&dir).unwrap();
    std::fs::copy(&first, dir.join("0001_foundation.sql")).unwrap();
    std::fs::File::create(&h.db).unwrap();
    sql(&h.db, async |conn| {
        sqlx::query("PRAGMA journal_mode = WAL")
            .execute(&mut *conn)
            .await
            .unwrap();
        let migrator = sqlx::migrate::Migrator::new(dir.as_path()).await.unwrap();
        migrator.run(&mut *conn).await.unwrap();
        sqlx::query("PRAGMA user_version = 1")
            .execute(&mut *conn)
            .await
            .unwrap();
        let character = r#"{"kind":"character_added","character":{"id":"c1","name":"Old Tom","alignment":"lawful","class":"fighter","level":4,"str":13,"wis":9,"hp":20,"hp_max":20}}"#;
        let damaged =
            r#"{"kind":"character_damaged","character":"c1","name":"Old Tom","amount":5,"hp":15}"#;
        for sql in [
            "INSERT INTO campaigns (id, name, created_at, clock) VALUES (1, 'default', '2025-01-01T00:00:00.000Z', 0)".to_string(),
            r#"INSERT INTO events VALUES (1, 1, NULL, NULL, 0, '2025-01-01T00:00:00.000Z', 'campaign_created', NULL, NULL, '{"kind":"campaign_created","name":"default"}')"#.to_string(),
            format!("INSERT INTO events VALUES (1, 2, NULL, NULL, 0, '2025-01-01T00:00:00.000Z', 'character_added', NULL, 'c1', '{character}')"),
            format!("INSERT INTO events VALUES (1, 3, NULL, NULL, 0, '2025-01-01T00:00:00.000Z', 'character_damaged', NULL, 'c1', '{damaged}')"),
            "INSERT INTO event_refs VALUES (1, 'c1', 2), (1, 'c1', 3)".to_string(),
            "INSERT INTO characters VALUES (1, 'c1', 'Old Tom', 'lawful', 'fighter', 4, 13, 9, 15, 20)".to_string(),
        ] {
            sqlx::query(&sql).execute(&mut *conn).await.unwrap();
        }
    });
    let tom = h.json(&["character", "show", "Old Tom"]);
    assert_eq!(
        (tom["hp"].as_i64(), tom["level"].as_i64()),
        (Some(15), Some(4))
    );
    // What later schemas added reads as its default: no XP, a full share, an empty purse.
    assert_eq!(
        (&tom["xp"], &tom["share"], &tom["coins"]["gp"]),
        (
            &serde_json::json!(0),
            &serde_json::json!(1),
            &serde_json::json!(0)
        )
    );
    let version: i64 = sql(&h.db, async |conn| {
        sqlx::query_scalar("PRAGMA user_version")
            .fetch_one(&mut *conn)
            .await
            .unwrap()
    });
    assert!(version >= 5, "upgraded to the current schema ({version})");
    h.ok(&["--seed", "1", "generate", "sword", "--to", "Old Tom"]);
    h.ok(&["coins", "add", "10gp", "--to", "Old Tom"]);
    h.ok(&["check"]);
}

/// `--db` through a symbolic link whose target is gone names the link and its target, for
/// a reading and a writing command alike; nothing is created at the target.
#[test]
fn a_dangling_link_is_named_with_its_target() {
    let h = Hoard::new();
    let target = h.dir.path().join("gone/campaign.db");
    let link = h.dir.path().join("link.db");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    for args in [&["campaign", "list"][..], &["campaign", "new", "w"]] {
        let out = assert_cmd::Command::cargo_bin("hoard")
            .unwrap()
            .env("LANG", "C")
            .arg("--db")
            .arg(&link)
            .args(args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains(link.to_str().unwrap()) && stderr.contains(target.to_str().unwrap()),
            "{stderr}"
        );
    }
    assert!(!target.exists());
}

/// An empty file is no hoard database, for the server as for `check`.
#[cfg(feature = "serve")]
#[test]
fn the_server_calls_an_empty_file_no_hoard_database() {
    let h = Hoard::new();
    std::fs::write(&h.db, "").unwrap();
    let out = h
        .cmd(&["serve", "--port", "0"])
        .timeout(std::time::Duration::from_secs(20))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(stderr.contains("not a hoard campaign database"), "{stderr}");
    let check = h.fails(&["check"], 3);
    assert!(check.contains("not a hoard campaign database"), "{check}");
}

/// Completion never freezes the shell's prompt: a database another process holds locked
/// offers no names at once, rather than after the minute a command waits for a writer.
#[test]
fn completion_gives_up_at_once_on_a_locked_database() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "w", "--use"]);
    h.character("Arnaud", 12, 12, 10, "neutral");
    // A rollback journal, whose writer's exclusive lock keeps readers out (WAL's would not).
    sql(&h.db, async |c| {
        sqlx::query("PRAGMA journal_mode = DELETE")
            .execute(c)
            .await
            .map(|_| ())
    })
    .unwrap();
    let (locked, held) = std::sync::mpsc::channel();
    let (release, released) = std::sync::mpsc::channel::<()>();
    let db = h.db.clone();
    let holder = std::thread::spawn(move || {
        sql(&db, async move |c| {
            sqlx::query("BEGIN EXCLUSIVE")
                .execute(&mut *c)
                .await
                .unwrap();
            locked.send(()).unwrap();
            released.recv().unwrap();
            sqlx::query("ROLLBACK").execute(&mut *c).await.unwrap();
        })
    });
    held.recv().unwrap();
    let line = ["--db", h.db.to_str().unwrap(), "character", "show", "A"];
    let out = crate::common::completion(&line)
        .timeout(std::time::Duration::from_secs(20))
        .output();
    release.send(()).unwrap();
    holder.join().unwrap();
    let out = out.expect("completion answers while the database is locked");
    assert!(out.status.success(), "{out:?}");
    assert!(!String::from_utf8_lossy(&out.stdout).contains("Arnaud"));
    // Unlocked, the names come back.
    let out = crate::common::completion(&line).output().unwrap();
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("Arnaud"),
        "{out:?}"
    );
}

/// A file replaced under `serve` (a restore from backup): the server never reads the new one
/// beside connections still open on the old (they would share its `-wal` and `-shm`), nor
/// shows the old one as if it were there. Every answer, concurrent ones too, says the
/// campaign is unavailable; open pages hear of it; the referee's dashboard and terminal say to
/// start the server again, which then shows the file there now. A deleted file alike.
#[cfg(feature = "serve")]
#[test]
fn the_server_never_mixes_its_file_with_one_put_in_its_place() {
    use crate::serve::{Served, Stream, campaign, get};
    let h = Hoard::new();
    campaign(&h);
    let restored = Hoard::new();
    restored.ok(&["campaign", "new", "Crypt"]);
    restored.character("Zoé", 12, 12, 7, "neutral");
    let s = Served::start(&h, &["--referee"]);
    let mut page = Stream::open(&s, "/events");
    assert!(get(&s.url, &[]).body.contains("Arnaud"));
    std::fs::rename(&restored.db, &h.db).unwrap();
    let answers: Vec<(u16, String)> = std::thread::scope(|scope| {
        let asked: Vec<_> = (0..16)
            .map(|n| {
                let url = if n % 2 == 0 {
                    s.url.clone()
                } else {
                    s.at("/party.json")
                };
                scope.spawn(move || {
                    let answer = get(&url, &[]);
                    (answer.status, answer.body)
                })
            })
            .collect();
        asked.into_iter().map(|a| a.join().unwrap()).collect()
    });
    for (status, body) in answers {
        assert_eq!(status, 503, "{body}");
        assert!(body.contains("unavailable"), "{body}");
        assert!(!body.contains("Zoé") && !body.contains("Arnaud"), "{body}");
    }
    // A bound, not a pause: generous, as a loaded machine may take seconds to notice.
    page.change(std::time::Duration::from_secs(30));
    let dashboard = get(&s.referee(), &[]).body;
    assert!(dashboard.contains("start it again"), "{dashboard}");
    let (_, _, terminal) = s.interrupt();
    assert_eq!(terminal.matches("start it again").count(), 1, "{terminal}");
    let s = Served::start(&h, &[]);
    let party = get(&s.url, &[]).body;
    assert!(
        party.contains("Zoé") && !party.contains("Arnaud"),
        "{party}"
    );
    std::fs::remove_file(&h.db).unwrap();
    let gone = get(&s.url, &[]);
    assert_eq!(gone.status, 503);
    assert!(gone.body.contains("unavailable"), "{}", gone.body);
    assert!(!gone.body.contains("Zoé"), "{}", gone.body);
}

/// A file written over in place under `serve` (`cp restore.db hoard.db`: the same inode, new
/// bytes under the readers' caches): detected as a file put in its place is. Every answer,
/// concurrent ones too, says the campaign is unavailable, never a page from the old file, the
/// new one or a mix; open pages hear of it; the terminal says it once, personal links
/// included; started again, the server shows the file there now.
#[cfg(feature = "serve")]
#[test]
fn the_server_never_answers_from_a_file_written_over_in_place() {
    use crate::serve::{Served, Stream, campaign, get};
    let h = Hoard::new();
    campaign(&h);
    let restored = Hoard::new();
    restored.ok(&["campaign", "new", "Crypt"]);
    restored.character("Zoé", 12, 12, 7, "neutral");
    let s = Served::start(&h, &["--referee", "--players"]);
    let link = s
        .lines
        .iter()
        .find_map(|l| l.strip_prefix("Arnaud: "))
        .expect("Arnaud's link")
        .to_string();
    let mut page = Stream::open(&s, "/events");
    assert!(get(&s.url, &[]).body.contains("Arnaud"));
    assert!(get(&link, &[]).body.contains("Arnaud"));
    std::fs::copy(&restored.db, &h.db).unwrap();
    let answers: Vec<(String, u16, String)> = std::thread::scope(|scope| {
        let asked: Vec<_> = (0..20)
            .map(|n| {
                let url = match n % 4 {
                    0 => s.url.clone(),
                    1 => s.at("/party.json"),
                    2 => s.at("/treasure"),
                    _ => link.clone(),
                };
                scope.spawn(move || {
                    let answer = get(&url, &[]);
                    (url, answer.status, answer.body)
                })
            })
            .collect();
        asked.into_iter().map(|a| a.join().unwrap()).collect()
    });
    for (url, status, body) in answers {
        assert_eq!(status, 503, "{url}: {body}");
        assert!(body.contains("unavailable"), "{url}: {body}");
        assert!(
            !body.contains("Zoé") && !body.contains("Arnaud"),
            "{url}: {body}"
        );
    }
    page.change(std::time::Duration::from_secs(30));
    let dashboard = get(&s.referee(), &[]).body;
    assert!(dashboard.contains("start it again"), "{dashboard}");
    let (_, _, terminal) = s.interrupt();
    assert_eq!(terminal.matches("start it again").count(), 1, "{terminal}");
    let s = Served::start(&h, &[]);
    let party = get(&s.url, &[]).body;
    assert!(
        party.contains("Zoé") && !party.contains("Arnaud"),
        "{party}"
    );
}

/// SQLite writes the file in place too, when a checkpoint copies the WAL into it (every 1,000
/// pages, or when a process asks): the server tells that from a file written over, and goes on
/// serving what was recorded.
#[cfg(feature = "serve")]
#[test]
fn a_checkpoint_under_the_server_is_no_replacement() {
    use crate::serve::{Served, Stream, campaign, get};
    let h = Hoard::new();
    campaign(&h);
    let s = Served::start(&h, &[]);
    let mut page = Stream::open(&s, "/events");
    let before = std::fs::metadata(&h.db).unwrap().modified().unwrap();
    h.ok(&["character", "damage", "Arnaud", "3"]);
    page.change(std::time::Duration::from_secs(5));
    let copied: (i64, i64, i64) = sql(&h.db, async |c| {
        sqlx::query_as("PRAGMA wal_checkpoint(PASSIVE)")
            .fetch_one(c)
            .await
            .unwrap()
    });
    assert!(copied.2 > 0, "the checkpoint copied nothing: {copied:?}");
    assert_ne!(
        std::fs::metadata(&h.db).unwrap().modified().unwrap(),
        before
    );
    let party = get(&s.url, &[]);
    assert_eq!(party.status, 200, "{}", party.body);
    assert!(party.body.contains("9 / 12"), "{}", party.body);
    h.ok(&["character", "damage", "Arnaud", "2"]);
    page.change(std::time::Duration::from_secs(5));
    assert!(get(&s.url, &[]).body.contains("7 / 12"));
    let (_, _, terminal) = s.interrupt();
    assert!(!terminal.contains("start it again"), "{terminal}");
}

/// The server looks at the file's WAL index (`-shm`) at every read, to tell a checkpoint from
/// a file written over: it must never close a descriptor of it, which would drop the locks
/// its SQLite readers hold on it, so that the next command would reset the index under them
/// (reads from a half-reset index; a server killed by SIGBUS on a large campaign). After
/// answering, the server still holds the index's « in use » lock (byte 128, SQLite's DMS).
#[cfg(feature = "serve")]
#[test]
fn the_server_keeps_its_hold_on_the_wal_index_while_it_looks_at_it() {
    use crate::serve::{Served, campaign, get};
    use std::os::fd::AsRawFd;
    let h = Hoard::new();
    campaign(&h);
    let s = Served::start(&h, &[]);
    for _ in 0..3 {
        assert_eq!(get(&s.url, &[]).status, 200);
    }
    let mut shm = h.db.as_os_str().to_owned();
    shm.push("-shm");
    let index = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(shm)
        .expect("the WAL index");
    // Who would stop this process taking the lock whole: F_UNLCK, no one.
    // SAFETY: a plain fcntl on a descriptor this test owns, with a zeroed struct it fills.
    let holder = unsafe {
        let mut lock: libc::flock = std::mem::zeroed();
        lock.l_type = libc::F_WRLCK as libc::c_short;
        lock.l_whence = libc::SEEK_SET as libc::c_short;
        lock.l_start = 128;
        lock.l_len = 1;
        assert_eq!(libc::fcntl(index.as_raw_fd(), libc::F_GETLK, &mut lock), 0);
        lock
    };
    assert_ne!(
        holder.l_type,
        libc::F_UNLCK as libc::c_short,
        "the server no longer holds the WAL index"
    );
    assert_eq!(get(&s.url, &[]).status, 200);
}

#[test]
/// `campaign set referees role` on a file, which has no roles: the referee named records.
fn referees_by_role_fall_back_to_names_on_a_file() {
    let h = Hoard::new();
    h.fighter("Ada", 8);
    h.ok(&["referee", "add", "Alice"]);
    h.ok(&["campaign", "set", "referees", "role"]);
    assert!(
        h.ok(&["campaign", "show"])
            .contains("referees: role (Alice)")
    );
    h.ok(&["--referee", "Alice", "character", "damage", "Ada", "1"]);
    let last: Value =
        serde_json::from_str(h.ok(&["--json", "log", "--limit", "1"]).trim()).unwrap();
    assert_eq!(last["referee"], "Alice");
    let stderr = h.refused_unchanged(&["campaign", "set", "referees", "roles"], 2);
    assert!(stderr.contains("referees must be named"), "{stderr}");
}
