//! What only a server has: a schema made by the first command, a newer schema refused, roles
//! that may only read, passwords in URLs, many writers at once in several campaigns, and a
//! campaign moved between the two engines.

use std::process::{Command, Output};

use serde_json::{Value, json};

use crate::common::{Engine, Hoard, bin, cluster, pg};

/// `hoard --db <db> <args>` with nothing leaking in from the environment.
fn hoard(db: &str, args: &[&str]) -> Output {
    Command::new(bin())
        .env_remove("HOARD_DB")
        .env_remove("HOARD_CAMPAIGN")
        .env_remove("HOARD_REFEREE")
        .env("LANG", "C")
        .arg("--db")
        .arg(db)
        .args(args)
        .output()
        .expect("run hoard")
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn a_read_on_an_empty_database_creates_nothing_and_the_first_record_makes_the_schema() {
    let h = Hoard::new();
    let stderr = h.fails(&["character", "list"], 3);
    assert!(stderr.contains("holds no hoard campaign"), "{stderr}");
    assert!(stderr.contains(&h.shown()), "{stderr}");
    // The campaigns are listed, none yet, as on a fresh install.
    assert_eq!(h.json(&["campaign", "list"]), serde_json::json!([]));
    h.fails(&["--dry-run", "roll", "1d6"], 3);
    assert!(!h.exists(), "a read or a dry run made the schema");
    h.ok(&["roll", "1d6"]);
    assert!(h.exists());
    assert_eq!(h.json(&["campaign", "list"])[0]["name"], "default");
}

#[test]
fn a_database_from_a_newer_hoard_is_refused_untouched() {
    let h = Hoard::new();
    h.ok(&["roll", "1d6"]);
    pg(&h.db, async |conn| {
        sqlx::query(
            "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time)
             VALUES (999, 'from the future', true, '\\x00', 0)",
        )
        .execute(&mut *conn)
        .await
        .unwrap();
    });
    let before = h.dump();
    for args in [&["time", "show"][..], &["roll", "1d6"]] {
        let stderr = h.fails(args, 5);
        assert!(stderr.contains("newer hoard"), "{stderr}");
    }
    assert_eq!(before, h.dump());
}

/// A database made by the migrations before names left ICU (schema 0009: names compared
/// through the case-blind collation `hoard_nocase`), with data in it, opened by this hoard:
/// upgraded, nothing lost, names found ignoring ASCII case, and the collation gone.
#[test]
fn a_database_at_schema_9_is_upgraded_with_nothing_lost() {
    let h = Hoard::new();
    let dir = h.dir.path().join("migrations");
    std::fs::create_dir(&dir).unwrap();
    let shipped = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations/postgres");
    for name in ["0008_schema.sql", "0009_treasury.sql"] {
        std::fs::copy(shipped.join(name), dir.join(name)).unwrap();
    }
    pg(&h.db, async |conn| {
        let migrator = sqlx::migrate::Migrator::new(dir.as_path()).await.unwrap();
        migrator.run(&mut *conn).await.unwrap();
        let created = r#"{"kind":"campaign_created","name":"West"}"#;
        let added = |id: &str, name: &str| {
            format!(
                r#"{{"kind":"character_added","character":{{"id":"{id}","name":"{name}","alignment":"lawful","class":"fighter","level":4,"str":13,"wis":9,"hp":20,"hp_max":20}}}}"#
            )
        };
        let at = "'2025-01-01T00:00:00.000Z'";
        let statements = [
            format!("INSERT INTO campaigns (id, name, created_at) VALUES (1, 'West', {at})"),
            format!("INSERT INTO events VALUES (1, 1, NULL, NULL, 0, {at}, 'campaign_created', NULL, NULL, '{created}')"),
            format!("INSERT INTO events VALUES (1, 2, NULL, NULL, 0, {at}, 'character_added', NULL, 'c1', '{}')", added("c1", "Old Tom")),
            format!("INSERT INTO events VALUES (1, 3, NULL, NULL, 0, {at}, 'character_added', NULL, 'c2', '{}')", added("c2", "Émile")),
            "INSERT INTO event_refs VALUES (1, 'c1', 2), (1, 'c2', 3)".to_string(),
            "INSERT INTO characters (campaign_id, id, name, alignment, class, level, str, wis, hp, hp_max)
             VALUES (1, 'c1', 'Old Tom', 'lawful', 'fighter', 4, 13, 9, 20, 20),
                    (1, 'c2', 'Émile', 'lawful', 'fighter', 4, 13, 9, 20, 20)".to_string(),
            "INSERT INTO preferences VALUES ('campaign', 'WEST')".to_string(),
        ];
        for sql in statements {
            sqlx::query(&sql).execute(&mut *conn).await.unwrap();
        }
    });
    // The campaign in use, remembered as `WEST`, is still West.
    let tom = h.json(&["character", "show", "OLD TOM"]);
    assert_eq!(
        (tom["name"].as_str(), tom["hp"].as_i64()),
        (Some("Old Tom"), Some(20))
    );
    assert_eq!(h.json(&["character", "show", "ÉMILE"])["name"], "Émile");
    // Under ICU these were one name; now, as on SQLite, two.
    h.character("émile", 10, 10, 5, "neutral");
    h.refused_unchanged(&["campaign", "new", "west"], 2);
    h.ok(&["--seed", "1", "generate", "sword", "--to", "old tom"]);
    h.ok(&["check"]);
    let (version, collations): (i64, i64) = pg(&h.db, async |conn| {
        sqlx::query_as(
            "SELECT (SELECT max(version) FROM _sqlx_migrations),
                    (SELECT count(*) FROM pg_collation WHERE collname = 'hoard_nocase')",
        )
        .fetch_one(&mut *conn)
        .await
        .unwrap()
    });
    assert!(version >= 10, "upgraded to the current schema ({version})");
    assert_eq!(collations, 0, "hoard_nocase is dropped");
}

#[test]
fn backup_points_at_the_servers_own_tools() {
    let h = Hoard::new();
    h.ok(&["roll", "1d6"]);
    let copy = h.dir.path().join("backup.db");
    // Refused (exit 4), not a usage error: the same command works on a file.
    let stderr = h.refused_unchanged(&["backup", copy.to_str().unwrap()], 4);
    assert!(
        stderr.contains("pg_dump") && stderr.contains("hoard export"),
        "{stderr}"
    );
    assert_eq!(std::fs::read_dir(h.dir.path()).unwrap().count(), 0);
}

/// The read-only role docs/postgres.md gives players, made by running its SQL block as
/// written (names aside): it reads everything but the personal links, even a table made after
/// the grant, and a write through it is one line, exit 4, nothing written.
#[test]
fn the_documented_read_only_role_reads_and_is_refused_writes_in_one_line() {
    let h = Hoard::new();
    h.character("Arnaud", 12, 10, 10, "neutral");
    h.wand("Wand", 5, Some("Arnaud"));
    let database = url::Url::parse(h.db.to_str().unwrap()).unwrap();
    let name = database.path()[1..].to_string();
    let owner = database.username().to_string();
    let role = format!("{name}_players");
    let docs = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/postgres.md"),
    )
    .unwrap();
    let block = docs
        .split("```sql\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("docs/postgres.md has a sql block");
    let grants = block
        .replace("players", &format!("\"{role}\""))
        .replace("DATABASE west", &format!("DATABASE \"{name}\""))
        .replace("ROLE referee", &format!("ROLE \"{owner}\""));
    h.execute(&grants);
    // A table a later hoard might add, made by the owner after the grants.
    h.execute("CREATE TABLE later (x BIGINT); INSERT INTO later VALUES (1)");
    let mut player = database.clone();
    player.set_username(&role).unwrap();
    player.set_password(Some("their-password")).unwrap();
    let player = player.to_string();
    for args in [
        &["character", "show", "Arnaud"][..],
        &["log"],
        &["export", "--as", "Arnaud"],
        &["check"],
    ] {
        let out = hoard(&player, args);
        assert!(out.status.success(), "{args:?}: {}", text(&out));
    }
    let later: i64 = pg(std::path::Path::new(&player), async |conn| {
        sqlx::query_scalar("SELECT x FROM later")
            .fetch_one(&mut *conn)
            .await
            .unwrap()
    });
    assert_eq!(later, 1);
    // The personal links stay the referee's: no token for the players' role.
    let links: Result<i64, _> = pg(std::path::Path::new(&player), async |conn| {
        sqlx::query_scalar("SELECT count(*) FROM links")
            .fetch_one(&mut *conn)
            .await
    });
    assert!(links.is_err(), "the players' role reads the links");
    let before = h.dump();
    for args in [
        &["use", "Wand"][..],
        &["character", "damage", "Arnaud", "3"],
        &["--dry-run", "roll", "1d6"],
        &["campaign", "new", "Other"],
        &["coins", "add", "10gp"],
    ] {
        let out = hoard(&player, args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(4), "{args:?}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
        assert!(
            stderr.contains("may read the campaign but not record in it"),
            "{stderr}"
        );
        assert!(!stderr.contains("their-password"), "{stderr}");
    }
    assert_eq!(before, h.dump(), "a refused write changed the database");
    h.execute(&format!("DROP OWNED BY \"{role}\""));
    cluster::server()
        .expect("a server")
        .admin(&[format!("DROP ROLE \"{role}\"")]);
}

/// `HOARD_DB` selects PostgreSQL as `--db` does, by either scheme.
#[test]
fn hoard_db_names_a_server_by_either_scheme() {
    let h = Hoard::new();
    let url = h.db.to_str().unwrap().to_string();
    assert!(url.starts_with("postgres://"));
    let other = url.replacen("postgres://", "postgresql://", 1);
    for db in [&url, &other] {
        let out = Command::new(bin())
            .env("HOARD_DB", db)
            .env_remove("HOARD_CAMPAIGN")
            .env("LANG", "C")
            .args(["--seed", "1", "roll", "1d6"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{db}: {}", text(&out));
    }
    assert_eq!(
        h.ok(&["--json", "log", "--kind", "dice_rolled"])
            .lines()
            .count(),
        2,
        "both rolls went to the one database"
    );
}

/// The password in a URL shows nowhere: not in answers, errors, help, the demo, nor when the
/// server refuses it or cannot be reached.
#[test]
fn the_password_in_the_url_never_shows() {
    let secret = "Xyzzy-s3cret-9731";
    let mut seen = Vec::new();
    // Servers that cannot be reached, URLs that cannot be read.
    for db in [
        format!("postgres://referee:{secret}@127.0.0.1:1/west"),
        format!("postgresql://referee:{secret}@127.0.0.1:99999/west"),
        format!("postgres://referee@127.0.0.1:1/west?password={secret}"),
        format!("postgres://referee:{secret}@[::1/west"),
        format!("mysql://referee:{secret}@127.0.0.1/west"),
    ] {
        for args in [&["roll", "1d6"][..], &["log"], &["demo"]] {
            let out = hoard(&db, args);
            assert!(!out.status.success(), "{db} {args:?}");
            seen.push(text(&out));
        }
    }
    // A URL where the grammar expects something else, echoed back by the usage error; a home
    // of its own, so that a command that opens the default database opens none of the user's.
    let url = format!("postgres://referee:{secret}@127.0.0.1:1/west");
    let home = tempfile::tempdir().unwrap();
    for args in [
        &["--db", "x.db", url.as_str(), "roll", "1d6"][..],
        &["--json", "--db", "x.db", url.as_str()],
        &["roll", "1d6", url.as_str()],
        &["campaign", "new", "West", url.as_str()],
    ] {
        let out = Command::new(bin())
            .env("HOME", home.path())
            .env("XDG_DATA_HOME", home.path().join("data"))
            .env_remove("HOARD_DB")
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{}", text(&out));
        assert!(
            text(&out).contains("postgres://referee:***@"),
            "{}",
            text(&out)
        );
        seen.push(text(&out));
    }
    let help = Command::new(bin())
        .env(
            "HOARD_DB",
            format!("postgres://referee:{secret}@127.0.0.1/west"),
        )
        .arg("--help")
        .output()
        .unwrap();
    assert!(help.status.success());
    seen.push(text(&help));
    // A server that asks for the password: the right one works, a wrong one is refused.
    let h = Hoard::new();
    let name = url::Url::parse(h.db.to_str().unwrap()).unwrap().path()[1..].to_string();
    let server = cluster::server().expect("a server");
    if let Some(password) = server.password() {
        let right = server.password_url(&name, &password).unwrap();
        let wrong = server.password_url(&name, secret).unwrap();
        let out = hoard(&wrong, &["roll", "1d6"]);
        assert_eq!(out.status.code(), Some(1), "{}", text(&out));
        assert!(text(&out).contains("password authentication failed"));
        seen.push(text(&out));
        for args in [
            &[
                "character",
                "add",
                "Arnaud",
                "--str",
                "9",
                "--wis",
                "9",
                "--hp",
                "4",
            ][..],
            &["character", "show", "Nobody"],
            &["--json", "character", "show", "Nobody"],
            &["campaign", "list"],
            &["--campaign", "Nowhere", "log"],
            &["backup", "copy.db"],
            &["check"],
            &["--progress", "generate", "any", "--count", "1200"],
            &["export", "-o", "out.jsonl"],
            &["--progress", "import", "out.jsonl", "--as", "Copy"],
            &["--progress", "import", "out.jsonl", "--as", "Copy"],
            &["demo"],
        ] {
            // The demo writes beside the default database: here, not in the real home.
            let out = Command::new(bin())
                .env("HOARD_DB", &right)
                .env("LANG", "C")
                .env("HOME", h.dir.path())
                .env("XDG_DATA_HOME", h.dir.path())
                .current_dir(h.dir.path())
                .args(args)
                .output()
                .unwrap();
            seen.push(text(&out));
        }
        assert!(
            seen.iter()
                .any(|s| s.contains("Demo campaign in postgres://"))
        );
        assert!(seen.iter().any(|s| s.contains("progress: 1000/")));
        for text in &seen {
            assert!(!text.contains(&password), "the password showed: {text}");
        }
    }
    for text in &seen {
        assert!(!text.contains(secret), "the password showed: {text}");
        assert!(!text.contains("panicked"), "{text}");
    }
}

/// A shared server reached over the network speaks TLS, as the URL's `sslmode` asks: the
/// throwaway cluster's port takes encrypted connections only, so a plain one is turned away
/// and `require` gets in; `verify-full` checks the server's certificate against
/// `sslrootcert`, and a certificate hoard cannot trust is one line naming the server, never
/// its password, with nothing written.
#[test]
fn a_server_over_the_network_is_reached_through_tls() {
    let server = cluster::server().expect("a server");
    let (Some(root), Some(password)) = (server.certificate(), server.password()) else {
        eprintln!("TLS test skipped: HOARD_TEST_POSTGRES names a server whose TLS is its own");
        return;
    };
    let h = Hoard::new();
    let name = url::Url::parse(h.db.to_str().unwrap()).unwrap().path()[1..].to_string();
    let url = server.password_url(&name, &password).unwrap();
    let with = |query: String| format!("{url}?{query}");
    let add = ["campaign", "new", "west"];

    let plain = hoard(&with("sslmode=disable".into()), &add);
    assert_eq!(plain.status.code(), Some(1), "{}", text(&plain));
    assert!(text(&plain).contains("no encryption"), "{}", text(&plain));

    let untrusted = hoard(&with("sslmode=verify-full".into()), &add);
    assert_eq!(untrusted.status.code(), Some(1), "{}", text(&untrusted));
    assert!(
        text(&untrusted).contains("certificate"),
        "{}",
        text(&untrusted)
    );

    for refused in [&plain, &untrusted] {
        let said = text(refused);
        assert_eq!(said.lines().count(), 1, "{said}");
        assert!(said.starts_with("hoard: cannot connect to postgres://hoard@127.0.0.1:"));
        assert!(!said.contains(&password), "{said}");
    }
    assert!(!h.exists(), "a refused connection writes nothing");

    let required = hoard(&with("sslmode=require".into()), &add);
    assert!(required.status.success(), "{}", text(&required));
    let trusted = format!("sslmode=verify-full&sslrootcert={}", root.display());
    let listed = hoard(&with(trusted), &["campaign", "list"]);
    assert!(listed.status.success(), "{}", text(&listed));
    assert!(text(&listed).contains("west"), "{}", text(&listed));
}

/// The writers of one campaign queue; campaigns do not wait for each other. 32 processes at
/// once on one wand and one character of one campaign, 32 more on a second campaign, each
/// recording 50 events: exact charges and hit points, a gapless ledger per campaign, `check`
/// ok, and not one command refused. Each writer heals the wound it dealt before dealing
/// another, so hit points stay between 8 and 40 whatever the order.
#[test]
fn many_writers_in_two_campaigns_keep_exact_gapless_ledgers() {
    const WRITERS: usize = 32;
    const EVENTS: usize = 50;
    let h = Hoard::new();
    for campaign in ["East", "West"] {
        h.ok(&["campaign", "new", campaign]);
        let on = |args: &[&str]| h.ok(&[&["--campaign", campaign][..], args].concat());
        on(&[
            "character",
            "add",
            "Arnaud",
            "--str",
            "12",
            "--wis",
            "10",
            "--hp",
            "40",
        ]);
        on(&[
            "item",
            "add",
            "Wand",
            "--category",
            "wand",
            "--charges",
            "1000",
            "--to",
            "Arnaud",
        ]);
        on(&["campaign", "set", "crumble-wand", "0"]);
    }
    let start = std::sync::Arc::new(std::sync::Barrier::new(2 * WRITERS));
    let writers: Vec<_> = (0..2 * WRITERS)
        .map(|n| {
            let db = h.db.to_str().unwrap().to_string();
            let start = start.clone();
            std::thread::spawn(move || {
                let campaign = if n % 2 == 0 { "East" } else { "West" };
                start.wait();
                for i in 0..EVENTS {
                    let args: &[&str] = match i % 3 {
                        0 => &["use", "Wand"],
                        1 => &["character", "damage", "Arnaud", "1"],
                        _ => &["character", "heal", "Arnaud", "1"],
                    };
                    let out = hoard(&db, &[&["--campaign", campaign][..], args].concat());
                    assert!(out.status.success(), "{args:?}: {}", text(&out));
                }
            })
        })
        .collect();
    for writer in writers {
        writer.join().expect("a writer failed");
    }
    let per_writer = |k: usize| (0..EVENTS).filter(|i| i % 3 == k).count() as i64;
    for campaign in ["East", "West"] {
        let on = |args: &[&str]| h.json(&[&["--campaign", campaign][..], args].concat());
        let uses = WRITERS as i64 * per_writer(0);
        let wounds = WRITERS as i64 * (per_writer(1) - per_writer(2));
        assert_eq!(on(&["item", "show", "Wand"])["charges"], 1000 - uses);
        assert_eq!(on(&["character", "show", "Arnaud"])["hp"], 40 - wounds);
        let ids = h.log_ids(&["--campaign", campaign]);
        let setup = 4;
        assert_eq!(
            ids,
            (1..=setup + (WRITERS * EVENTS) as i64).collect::<Vec<_>>(),
            "{campaign}: numbered without gaps or repeats"
        );
        assert!(h.ok(&["--campaign", campaign, "check"]).starts_with("ok:"));
    }
}

/// A deadlock is lost inside hoard, never shown: another session holds the wand's row and,
/// once `use` waits for it while holding its campaign's lock, asks for that lock too. The
/// server breaks the cycle by failing hoard's side (its deadlock timeout is the shorter), and
/// hoard runs the command again: one charge spent, once, with nothing said of the fight.
#[test]
fn a_deadlock_with_another_session_is_retried_and_never_shown() {
    let h = Hoard::new();
    h.character("Mordo", 9, 14, 7, "neutral");
    h.wand("Wand of Frost", 5, Some("Mordo"));
    let before = h.log_ids(&[]).len();
    let child = pg(&h.db, async |conn| {
        // Where the server allows it (a superuser), this side waits longest before looking
        // for a deadlock, so the side that gives way is hoard's.
        let _ = sqlx::query("SET deadlock_timeout = '60s'")
            .execute(&mut *conn)
            .await;
        sqlx::query("BEGIN").execute(&mut *conn).await.unwrap();
        sqlx::query("SELECT id FROM items WHERE name = 'Wand of Frost' FOR UPDATE")
            .execute(&mut *conn)
            .await
            .unwrap();
        let child = Command::new(bin())
            .env_remove("HOARD_DB")
            .env("LANG", "C")
            .arg("--db")
            .arg(&h.db)
            .args(["use", "Wand of Frost"])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // hoard waits for this transaction once it holds its campaign's row (pg_locks, unlike
        // pg_stat_activity, is read anew by each statement).
        let waiting =
            "SELECT count(*) FROM pg_locks WHERE NOT granted AND locktype = 'transactionid'";
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while sqlx::query_scalar::<_, i64>(waiting)
            .fetch_one(&mut *conn)
            .await
            .unwrap()
            == 0
        {
            assert!(std::time::Instant::now() < deadline, "hoard never waited");
        }
        // hoard holds its campaign's row while it waits: asking for it is a deadlock.
        sqlx::query("SAVEPOINT probe")
            .execute(&mut *conn)
            .await
            .unwrap();
        let held = sqlx::query("SELECT id FROM campaigns FOR UPDATE NOWAIT")
            .execute(&mut *conn)
            .await
            .unwrap_err();
        assert!(held.to_string().contains("could not obtain lock"), "{held}");
        sqlx::query("ROLLBACK TO SAVEPOINT probe")
            .execute(&mut *conn)
            .await
            .unwrap();
        sqlx::query("SELECT id FROM campaigns FOR UPDATE")
            .execute(&mut *conn)
            .await
            .expect("the server fails hoard's side of the deadlock");
        sqlx::query("ROLLBACK").execute(&mut *conn).await.unwrap();
        child
    });
    let out = child.wait_with_output().unwrap();
    let said = text(&out);
    assert!(out.status.success(), "{said}");
    assert!(said.contains("Wand of Frost"), "{said}");
    for word in ["deadlock", "database", "40P01"] {
        assert!(!said.to_lowercase().contains(word), "{said}");
    }
    assert_eq!(h.json(&["item", "show", "Wand of Frost"])["charges"], 4);
    assert_eq!(h.log_ids(&[]).len(), before + 1, "the use recorded once");
    assert!(h.ok(&["check"]).starts_with("ok:"));
}

/// Processes creating the same campaign at the same moment: one creates it, the others are
/// told it exists — each answers once, none with a database error.
#[test]
fn racing_creations_of_one_campaign_settle_with_one_winner() {
    let h = Hoard::new();
    h.ok(&["roll", "1d6"]);
    let start = std::sync::Arc::new(std::sync::Barrier::new(8));
    let racers: Vec<_> = (0..8)
        .map(|_| {
            let db = h.db.to_str().unwrap().to_string();
            let start = start.clone();
            std::thread::spawn(move || {
                start.wait();
                hoard(&db, &["campaign", "new", "Shared"])
            })
        })
        .collect();
    let outs: Vec<Output> = racers.into_iter().map(|r| r.join().unwrap()).collect();
    let won: Vec<&Output> = outs.iter().filter(|o| o.status.success()).collect();
    assert_eq!(
        won.len(),
        1,
        "{:?}",
        outs.iter().map(text).collect::<Vec<_>>()
    );
    assert_eq!(
        String::from_utf8_lossy(&won[0].stdout).lines().count(),
        1,
        "answered once: {}",
        text(won[0])
    );
    for out in outs.iter().filter(|o| !o.status.success()) {
        assert_eq!(out.status.code(), Some(2), "{}", text(out));
        assert!(text(out).contains("already exists"), "{}", text(out));
        assert!(out.stdout.is_empty());
    }
    assert_eq!(h.json(&["campaign", "list"]).as_array().unwrap().len(), 2);
}

/// Imports read from a pipe racing to create one campaign: one wins; a loser that collided
/// with it cannot read its input again, so it says so in one line (exit 5) instead of being
/// run again on an empty pipe; one that came later finds the name taken (exit 2).
#[test]
fn racing_imports_from_a_pipe_settle_with_one_winner() {
    let h = Hoard::new();
    a_campaign(&h);
    let export = h.dir.path().join("west.jsonl");
    h.ok(&["export", "-o", export.to_str().unwrap()]);
    let start = std::sync::Arc::new(std::sync::Barrier::new(8));
    let racers: Vec<_> = (0..8)
        .map(|_| {
            let (db, export) = (h.db.to_str().unwrap().to_string(), export.clone());
            let start = start.clone();
            std::thread::spawn(move || {
                let input = std::fs::File::open(export).unwrap();
                let mut cmd = Command::new(bin());
                cmd.env_remove("HOARD_DB").env("LANG", "C").stdin(input);
                cmd.args(["--db", &db, "import", "-", "--as", "Shared"]);
                start.wait();
                cmd.output().unwrap()
            })
        })
        .collect();
    let outs: Vec<Output> = racers.into_iter().map(|r| r.join().unwrap()).collect();
    let said: Vec<String> = outs.iter().map(text).collect();
    assert_eq!(
        outs.iter().filter(|o| o.status.success()).count(),
        1,
        "{said:?}"
    );
    for out in outs.iter().filter(|o| !o.status.success()) {
        let text = text(out);
        match out.status.code() {
            Some(2) => assert!(text.contains("already exists"), "{text}"),
            Some(5) => assert!(text.contains("run the import again"), "{text}"),
            other => panic!("exit {other:?}: {text}"),
        }
        assert_eq!(text.lines().count(), 1, "{text}");
    }
    h.ok(&["--campaign", "Shared", "check"]);
}

fn a_campaign(h: &Hoard) {
    h.character("Arnaud", 12, 10, 10, "neutral");
    h.ok(&["session", "start", "One"]);
    h.ok(&[
        "--seed", "4", "generate", "any", "--count", "40", "--to", "Arnaud",
    ]);
    h.strong_sword("Hater", "chaotic", "telepathy", &[]);
    h.ok(&["--seed", "1", "give", "Hater", "--to", "Arnaud"]);
    h.ok(&["character", "damage", "Arnaud", "3"]);
    h.ok(&["undo"]);
    h.ok(&["time", "advance", "2", "turns"]);
    h.ok(&["coins", "add", "1200gp", "300sp", "--at", "Vault"]);
    h.ok(&["coins", "move", "200gp", "--at", "Vault", "--to", "Arnaud"]);
    h.ok(&["coins", "add", "90gp"]);
    h.ok(&["session", "end"]);
    h.ok(&["share"]);
    h.ok(&["xp", "award", "--monsters", "40"]);
}

/// `export` from one engine, `import` into the other, `export` again: the same bytes, both
/// ways, and the same campaign.
#[test]
fn a_campaign_moves_between_engines_byte_for_byte() {
    for (from, to) in [
        (Engine::Sqlite, Engine::Postgres),
        (Engine::Postgres, Engine::Sqlite),
    ] {
        let source = Hoard::on(from);
        a_campaign(&source);
        let first = source.ok(&["export"]);
        let file = source.dir.path().join("campaign.jsonl");
        std::fs::write(&file, &first).unwrap();
        let target = Hoard::on(to);
        target.ok(&["import", file.to_str().unwrap()]);
        assert_eq!(target.ok(&["export"]), first, "{from:?} → {to:?}");
        target.ok(&["check"]);
        for args in [
            &["character", "show", "Arnaud"][..],
            &["item", "list"],
            &["audit", "swords"],
            &["coins"],
        ] {
            assert_eq!(
                target.json(args),
                source.json(args),
                "{from:?} → {to:?} {args:?}"
            );
        }
    }
}

/// Names compare ignoring ASCII case on both engines, through `lower()` (ASCII letters only
/// on both), and list in the same order: `Émile` and `émile` are two names on each.
#[test]
fn names_ignore_case_and_list_alike_on_both_engines() {
    let names = [
        "béatrice",
        "Zed",
        "arnaud",
        "_under",
        "{brace}",
        "Émile",
        "a b",
        "A",
        "zz top",
    ];
    let mut lists = Vec::new();
    for engine in [Engine::Sqlite, Engine::Postgres] {
        let h = Hoard::on(engine);
        for name in names {
            h.character(name, 10, 10, 5, "neutral");
        }
        h.refused_unchanged(
            &[
                "character",
                "add",
                "ARNAUD",
                "--str",
                "9",
                "--wis",
                "9",
                "--hp",
                "4",
            ],
            2,
        );
        assert_eq!(h.json(&["character", "show", "ZED"])["name"], "Zed");
        h.character("émile", 10, 10, 5, "neutral");
        assert_eq!(h.json(&["character", "show", "ÉMILE"])["name"], "Émile");
        assert_eq!(h.json(&["character", "show", "éMILE"])["name"], "émile");
        h.refused_unchanged(
            &[
                "character",
                "add",
                "ÉMILE",
                "--str",
                "9",
                "--wis",
                "9",
                "--hp",
                "4",
            ],
            2,
        );
        h.wand("Wand of Frost", 3, Some("arnaud"));
        assert_eq!(h.json(&["item", "show", "WAND OF FROST"])["charges"], 3);
        h.ok(&["campaign", "new", "West"]);
        h.ok(&["--campaign", "WEST", "roll", "1d6"]);
        h.refused_unchanged(&["campaign", "new", "west"], 2);
        let list: Vec<Value> = h.json(&["character", "list"]).as_array().unwrap().clone();
        lists.push(list.iter().map(|c| c["name"].clone()).collect::<Vec<_>>());
    }
    assert_eq!(lists[0], lists[1]);
}

/// The wall-clock times in `text` (`2026-01-01T00:00:00.000Z`), masked: the one thing two
/// runs of a story may not share.
fn without_wall_times(text: &str) -> String {
    let shape = b"dddd-dd-ddTdd:dd:dd.dddZ";
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let fits = bytes.len() - i >= shape.len()
            && shape.iter().zip(&bytes[i..]).all(|(s, b)| match s {
                b'd' => b.is_ascii_digit(),
                s => s == b,
            });
        if fits {
            out.extend_from_slice(b"<wall time>");
            i += shape.len();
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

/// `check --json`'s chain head (`"head": "…"`) masked: it is a hash of the wall times too.
fn without_heads(text: &str) -> String {
    let key = "\"head\": \"";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(key) {
        let start = at + key.len();
        out.push_str(&rest[..start]);
        let hex = rest[start..]
            .bytes()
            .take_while(u8::is_ascii_hexdigit)
            .count();
        out.push_str(if hex == 64 { "<head>" } else { "" });
        rest = &rest[start + if hex == 64 { 64 } else { 0 }..];
    }
    out.push_str(rest);
    out
}

/// One story, every command seeded (dice and ids), told on both engines: every answer, in
/// words and in JSON, and every refusal, the same, wall-clock times (and the chain's head,
/// which hashes them) aside.
#[test]
fn one_story_reads_the_same_on_both_engines() {
    // Recorded once each, in words or (every other one) in JSON.
    let records = [
        "character add Arnaud --str 13 --wis 9 --hp 12 --alignment lawful --class fighter --level 3 --xp 7300",
        "character add Mordo --str 9 --wis 14 --int 17 --hp 7 --alignment neutral --class magic-user --level 5",
        "character add émile --str 10 --wis 10 --hp 5",
        "campaign set scroll-fade 30",
        "session start 'The Barrow of Kel'",
        "generate any --count 25 --to Mordo",
        "item add 'Wand of Frost' --category wand --charges 3",
        "item add 'Scroll of Protection from Undead' --category scroll --kind protection",
        "sword add Nightfang --int 10 --ego 6 --alignment chaotic --sensory detect-magic --sensory detect-traps --sensory see-invisible",
        "give 'Scroll of Protection from Undead' --to Mordo",
        "give 'Wand of Frost' --to Mordo",
        "use 'Wand of Frost' --charges 3",
        "touch Nightfang --by Arnaud",
        "time advance 9 turns",
        "character heal Arnaud 6",
        "character damage Arnaud 4",
        "coins add 1200gp 300sp 40pp",
        "coins move 10pp --to-place Cache",
        "valuable add Bloodstone --value 50gp --kind gem",
        "valuable appraise Bloodstone --by Mordo",
        "session end",
        "share",
        "xp award --monsters 150",
        "character damage Mordo 2",
        "undo",
        // Refused: the same line, the same code.
        "character show Nobody",
        "use 'Wand of Frost'",
        "coins spend 99999gp --from Arnaud",
    ];
    // Read in words and in JSON.
    let reads = [
        "character show Arnaud",
        "character show Mordo --as Arnaud",
        "character list",
        "item list",
        "item show Nightfang --as Arnaud",
        "item history Nightfang",
        "coins",
        "log",
        "log --limit 5",
        "log --character Arnaud",
        "explain 7",
        "explain Nightfang",
        "report session",
        "report character Arnaud",
        "audit swords",
        "session list",
        "campaign show",
        "campaign list",
        "time show",
        "odds Nightfang Mordo",
        "check",
        "export",
    ];
    let tell = |engine: Engine| {
        let h = Hoard::on(engine);
        let runs = records
            .iter()
            .enumerate()
            .map(|(n, line)| (n, *line, n % 2 == 1))
            .chain(
                reads
                    .iter()
                    .flat_map(|line| [(0, *line, false), (0, *line, true)]),
            );
        runs.map(|(n, line, json)| {
            let seed = (n + 1).to_string();
            let mut args = vec!["--seed", &seed];
            if json {
                args.push("--json");
            }
            let words = shell_words::split(line).unwrap();
            args.extend(words.iter().map(String::as_str));
            let out = h.cmd(&args).output().unwrap();
            format!(
                "$ hoard {}\n[{:?}]\n{}",
                args.join(" "),
                out.status.code(),
                without_heads(&without_wall_times(&text(&out).replace(&h.shown(), "<db>")))
            )
        })
        .collect::<Vec<_>>()
    };
    let (sqlite, postgres) = (tell(Engine::Sqlite), tell(Engine::Postgres));
    assert_eq!(sqlite.len(), postgres.len());
    for (a, b) in sqlite.iter().zip(&postgres) {
        assert_eq!(a, b, "SQLite and PostgreSQL answered differently");
    }
    assert!(
        sqlite.iter().any(|a| a.contains("[Some(3)]")),
        "a refusal was told"
    );
}

/// The server going away under `serve`: the players read that the campaign is unavailable,
/// never the server's address; the referee's dashboard and terminal say what is wrong.
#[cfg(feature = "serve")]
#[test]
fn players_see_an_unavailable_campaign_and_the_referee_why() {
    use crate::serve::{Served, campaign, get};
    let h = Hoard::new();
    campaign(&h);
    let s = Served::start(&h, &["--referee"]);
    assert_eq!(get(&s.url, &[]).status, 200);
    let url = h.db.to_string_lossy().to_string();
    let name = url::Url::parse(&url).expect("a URL").path()[1..].to_string();
    cluster::server()
        .expect("the server")
        .admin(&[format!("DROP DATABASE \"{name}\" WITH (FORCE)")]);
    for path in ["/", "/treasure", "/chronicle", "/party.json", "/"] {
        let page = get(&s.at(path), &[]);
        assert_eq!(page.status, 503, "{path}: {}", page.body);
        assert!(page.body.contains("unavailable"), "{path}: {}", page.body);
        assert!(!page.body.contains("postgres"), "{path}: {}", page.body);
        assert!(!page.body.contains(&name), "{path}: {}", page.body);
    }
    let dashboard = get(&s.referee(), &[]);
    assert_eq!(dashboard.status, 503, "{}", dashboard.body);
    assert!(dashboard.body.contains(&name), "{}", dashboard.body);
    let (_, _, terminal) = s.interrupt();
    assert!(terminal.contains(&name), "{terminal}");
    assert_eq!(terminal.lines().count(), 1, "said once: {terminal}");
}

/// Two referees record at full speed for 30 s, each from their own process, into two sessions
/// open at once in one campaign: every command lands, each in its own session and by its own
/// referee, with its own party's coins; the ledger is gapless and `check` replays it.
#[test]
fn two_referees_recording_at_once_into_two_sessions_lose_nothing() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "Marches", "--use"]);
    for referee in ["Alice", "Bob"] {
        h.ok(&["referee", "add", referee]);
    }
    for name in ["Ada", "Bran", "Cato", "Dag"] {
        h.character(name, 12, 10, 40, "neutral");
    }
    h.ok(&[
        "session",
        "start",
        "East",
        "--with",
        "Ada,Bran",
        "--referee",
        "Alice",
    ]);
    h.ok(&[
        "session",
        "start",
        "West",
        "--with",
        "Cato,Dag",
        "--referee",
        "Bob",
    ]);
    let setup = h.log_ids(&[]).len() as i64;
    let until = std::time::Instant::now() + std::time::Duration::from_secs(30);
    let start = std::sync::Arc::new(std::sync::Barrier::new(2));
    let writers: Vec<_> = [("Alice", "East", "Ada"), ("Bob", "West", "Cato")]
        .into_iter()
        .map(|(referee, session, hero)| {
            let db = h.db.to_str().unwrap().to_string();
            let start = start.clone();
            std::thread::spawn(move || {
                start.wait();
                let mut done = 0;
                while std::time::Instant::now() < until {
                    let args: &[&str] = match done % 3 {
                        0 => &["coins", "add", "1gp"],
                        1 => &["character", "damage", hero, "1"],
                        _ => &["character", "heal", hero, "1"],
                    };
                    let base = [
                        "--campaign",
                        "Marches",
                        "--referee",
                        referee,
                        "--session",
                        session,
                    ];
                    let out = hoard(&db, &[&base[..], args].concat());
                    assert!(out.status.success(), "{args:?}: {}", text(&out));
                    done += 1;
                }
                done
            })
        })
        .collect();
    let done: Vec<i64> = writers
        .into_iter()
        .map(|w| w.join().expect("a writer failed"))
        .collect();
    let coins = h.json(&["coins", "show"]);
    let events: Vec<Value> = h
        .ok(&["--json", "log"])
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let ids: Vec<i64> = events.iter().map(|e| e["id"].as_i64().unwrap()).collect();
    assert_eq!(
        ids,
        (1..=setup + done[0] + done[1]).collect::<Vec<_>>(),
        "gapless"
    );
    for ((referee, session), n) in [("Alice", 1), ("Bob", 2)].into_iter().zip(&done) {
        let theirs: Vec<&Value> = events.iter().filter(|e| e["session"] == session).collect();
        assert_eq!(
            theirs.len() as i64,
            n + 1,
            "{referee}: every command and the start"
        );
        assert!(theirs.iter().all(|e| e["referee"] == referee), "{referee}");
        let pool = coins["expeditions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["session"] == session)
            .map_or(0, |p| p["coins"]["gp"].as_i64().unwrap());
        assert_eq!(pool, (n + 2) / 3, "{referee}: their party's pool");
    }
    for (hero, n) in [("Ada", done[0]), ("Cato", done[1])] {
        let wounded = (n + 1) / 3 - n / 3;
        assert_eq!(
            h.json(&["character", "show", hero])["hp"],
            40 - wounded,
            "{hero}"
        );
    }
    assert!(h.ok(&["check"]).starts_with("ok:"));
}

/// The `n`th block of SQL in `docs/NAME` (from 1).
fn sql_block(name: &str, n: usize) -> String {
    let docs = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(name))
        .unwrap();
    // docs/west-marches.md fences its SQL with `~~~`, apart from the walk-through's commands.
    docs.replace("~~~", "```")
        .split("```sql\n")
        .nth(n)
        .and_then(|rest| rest.split("```").next())
        .unwrap_or_else(|| panic!("{name} has a sql block number {n}"))
        .to_string()
}

/// `url` as `role` (the test server trusts its socket: the password is not asked for).
fn as_role(url: &url::Url, role: &str) -> String {
    let mut url = url.clone();
    url.set_username(role).unwrap();
    url.set_password(Some("their-password")).unwrap();
    url.to_string()
}

/// Run `statement` through `role`'s own connection to the database: the server's answer.
fn raw(url: &str, statement: &str) -> Result<(), String> {
    pg(std::path::Path::new(url), async |conn| {
        sqlx::raw_sql(statement)
            .execute(&mut *conn)
            .await
            .map(|_| ())
            .map_err(|e| match e {
                sqlx::Error::Database(d) => format!("{}: {}", d.code().unwrap_or_default(), d),
                e => e.to_string(),
            })
    })
}

/// Drop the test's roles (and what they own or were granted in its database).
fn drop_roles(h: &Hoard, owner: &str, roles: &[&str]) {
    let quoted: Vec<String> = roles.iter().map(|r| format!("\"{r}\"")).collect();
    h.execute(&format!(
        "REASSIGN OWNED BY {} TO \"{owner}\"; DROP OWNED BY {}",
        quoted.join(", "),
        quoted.join(", ")
    ));
    cluster::server()
        .expect("a server")
        .admin(&[format!("DROP ROLE {}", quoted.join(", "))]);
}

/// What the documented recording role may do with each of hoard's tables: (read, add, change,
/// delete). Every table hoard makes is here: a table a later migration adds fails the test
/// until docs/postgres.md says what the role may do with it.
fn recording_privileges() -> std::collections::BTreeMap<&'static str, [bool; 4]> {
    let (ledger, rows, state, version) = (
        [true, true, false, false],
        [true, true, true, false],
        [true, true, true, true],
        [true, false, false, false],
    );
    [
        ("_sqlx_migrations", version),
        ("events", ledger),
        ("event_refs", ledger),
        ("voided", ledger),
        ("campaigns", rows),
        ("links", rows),
        ("preferences", rows),
        ("sessions", state),
        ("characters", state),
        ("items", state),
        ("effects", state),
        ("coins", state),
    ]
    .into_iter()
    .collect()
}

/// Issue #47, case 5. The documented recording role (docs/postgres.md's SQL, run as written)
/// records with every common command, as the referee its role names under `campaign set
/// referees role`; it may append to the ledger and never rewrite it — the server refuses its
/// `UPDATE`, `DELETE` and `TRUNCATE` of the ledger's tables, and `campaign delete` — and it may
/// not change who records: not turn `referees role` off, not add a referee while it is on, not
/// void the owner's event that turned it on. Every table's privileges are the documented ones.
#[test]
fn the_documented_recording_role_appends_and_cannot_rewrite_the_ledger() {
    let h = Hoard::new();
    h.character("Arnaud", 12, 10, 10, "neutral");
    let database = url::Url::parse(h.db.to_str().unwrap()).unwrap();
    let name = database.path()[1..].to_string();
    let owner = database.username().to_string();
    let role = format!("{name}_marcher");
    let grants = sql_block("docs/postgres.md", 2)
        .replace("marcher", &format!("\"{role}\""))
        .replace("DATABASE west", &format!("DATABASE \"{name}\""));
    h.execute(&grants);
    let privileges: Vec<(String, bool, bool, bool, bool, bool)> = h.rows(&format!(
        "SELECT tablename::text,
                has_table_privilege('{role}', quote_ident(tablename), 'SELECT'),
                has_table_privilege('{role}', quote_ident(tablename), 'INSERT'),
                has_table_privilege('{role}', quote_ident(tablename), 'UPDATE'),
                has_table_privilege('{role}', quote_ident(tablename), 'DELETE'),
                has_table_privilege('{role}', quote_ident(tablename), 'TRUNCATE')
         FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1"
    ));
    let expected = recording_privileges();
    let found: Vec<&str> = privileges.iter().map(|p| p.0.as_str()).collect();
    assert_eq!(
        found,
        expected.keys().copied().collect::<Vec<_>>(),
        "a table docs/postgres.md does not name"
    );
    for (table, read, add, change, delete, truncate) in &privileges {
        assert_eq!(
            [*read, *add, *change, *delete],
            expected[table.as_str()],
            "{table}"
        );
        assert!(!truncate, "{table}");
    }

    h.ok(&["referee", "add", &owner]);
    h.ok(&["referee", "add", &role]);
    h.ok(&["campaign", "set", "referees", "role"]);
    h.ok(&["character", "damage", "Arnaud", "1"]);
    let marcher = as_role(&database, &role);
    let run = |args: &[&str]| {
        let out = hoard(&marcher, args);
        assert!(out.status.success(), "{args:?}: {}", text(&out));
        String::from_utf8_lossy(&out.stdout).to_string()
    };
    for args in [
        &["character", "damage", "Arnaud", "2"][..],
        &[
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
        &["session", "start", "The Barrow", "--with", "Arnaud,Mordo"],
        &[
            "item",
            "add",
            "Wand of Frost",
            "--category",
            "wand",
            "--charges",
            "5",
        ],
        &["give", "Wand of Frost", "--to", "Mordo"],
        &["--seed", "15", "use", "Wand of Frost"],
        &["--seed", "3", "generate", "potion", "--to", "Arnaud"],
        &["coins", "add", "100gp"],
        &["time", "advance", "3", "turns"],
        &["character", "heal", "Arnaud", "1"],
        &["undo"],
        &["session", "end"],
        &["share"],
        &["xp", "award", "--monsters", "20"],
        &["campaign", "set", "scroll-fade", "20"],
        &["character", "link", "Mordo"],
        &["campaign", "new", "Elsewhere"],
        &["campaign", "use", "default"],
    ] {
        run(args);
    }
    let last: Value = serde_json::from_str(run(&["--json", "log", "--limit", "1"]).trim()).unwrap();
    assert_eq!(last["referee"], role.as_str(), "the role is who records");
    let out = hoard(
        &marcher,
        &["--referee", &owner, "character", "heal", "Arnaud", "1"],
    );
    assert_eq!(out.status.code(), Some(4), "{}", text(&out));
    assert!(text(&out).contains("you are"), "{}", text(&out));
    // Another referee's wound is theirs to take back, or --force.
    let wound = h.log_ids(&["--kind", "character-damaged"])[0].to_string();
    let out = hoard(&marcher, &["void", &wound]);
    assert_eq!(out.status.code(), Some(4), "{}", text(&out));
    assert!(
        text(&out).contains(&format!("recorded by {owner}")),
        "{}",
        text(&out)
    );
    run(&["void", &wound, "--force"]);

    // The ledger is appended to, never rewritten: the server refuses, whatever the SQL.
    let before = h.dump();
    for statement in [
        "UPDATE events SET referee = 'Bob'",
        "DELETE FROM events",
        "TRUNCATE events",
        "UPDATE event_refs SET entity = 'referee:Bob'",
        "DELETE FROM event_refs",
        "UPDATE voided SET by_seq = 1",
        "DELETE FROM voided",
        "DELETE FROM campaigns",
    ] {
        let refused = raw(&marcher, statement).expect_err(statement);
        assert!(refused.starts_with("42501"), "{statement}: {refused}");
    }
    // Changing who records is the owner's: not turning `referees role` off, not adding a
    // referee under it, not voiding the owner's event that turned it on.
    let setting = h.log_ids(&["--kind", "setting-changed"])[0].to_string();
    for args in [
        &["campaign", "set", "referees", "named"][..],
        &["referee", "add", "Bob"],
        &["void", &setting, "--force"],
    ] {
        let out = hoard(&marcher, args);
        let said = text(&out);
        assert_eq!(out.status.code(), Some(4), "{args:?}: {said}");
        assert_eq!(said.trim_end().lines().count(), 1, "{said}");
        assert!(
            said.contains(&format!(
                "only the campaign's owner may change who records (`campaign set referees`, \
                 and the referees under `referees role`): that is {owner}, the PostgreSQL \
                 role that owns hoard's tables, and this command connects as {role}"
            )),
            "{args:?}: {said}"
        );
    }
    // Nor delete the campaign: said as what the role lacks.
    let out = hoard(&marcher, &["campaign", "delete", "default", "--force"]);
    let said = text(&out);
    assert_eq!(out.status.code(), Some(4), "{said}");
    assert_eq!(said.trim_end().lines().count(), 1, "{said}");
    assert!(
        said.contains("this PostgreSQL role may not delete what this command removes"),
        "{said}"
    );
    assert_eq!(before, h.dump(), "a refused change changed the database");
    // The campaign's row it may change (its clock, its settings), so with SQL it can turn
    // `referees role` off by hand; no event says so, and `check` finds the row unlike the
    // ledger's. The owner puts it back.
    let from = |was: &str, now: &str| {
        format!(
            "UPDATE campaigns SET settings = replace(settings, \
             '\"referee_from\":\"{was}\"', '\"referee_from\":\"{now}\"')"
        )
    };
    raw(&marcher, &from("role", "named")).expect("UPDATE campaigns");
    let out = h.cmd(&["check"]).output().unwrap();
    let said = String::from_utf8_lossy(&out.stdout).to_string();
    assert_eq!(out.status.code(), Some(5), "{said}");
    assert!(
        said.contains(
            r#"campaign: settings.referee_from is "named" in the database, "role" by the ledger"#
        ),
        "{said}"
    );
    h.execute(&from("named", "role"));
    assert!(h.ok(&["check"]).starts_with("ok:"));
    // The owner may: who records goes back to the names given.
    h.ok(&["campaign", "set", "referees", "named"]);
    assert!(h.ok(&["check"]).starts_with("ok:"));
    drop_roles(&h, &owner, &[&role]);
}

/// Issue #48, cases 6 and 7, and #47 case 5 as docs/west-marches.md tells it: Alice, who owns
/// the database, makes hoard's tables with her first command; before the administrator's
/// grants (docs/west-marches.md's SQL, run as written) Bob's role may not even read, and is
/// told so — not that it may read but not record; after them Bob records, is told his role may
/// not delete when he tries `campaign delete`, and cannot turn `referees role` off to record
/// as Alice. Alice can.
#[test]
fn bob_is_granted_after_alices_first_command_and_told_what_his_role_lacks() {
    let h = Hoard::new();
    let database = url::Url::parse(h.db.to_str().unwrap()).unwrap();
    let name = database.path()[1..].to_string();
    let admin = database.username().to_string();
    let (alice, bob) = (format!("{name}_alice"), format!("{name}_bob"));
    let server = cluster::server().expect("a server");
    server.admin(&[
        format!("CREATE ROLE \"{alice}\" LOGIN PASSWORD 'their-password'"),
        format!("CREATE ROLE \"{bob}\" LOGIN PASSWORD 'their-password'"),
        format!("ALTER DATABASE \"{name}\" OWNER TO \"{alice}\""),
    ]);
    let (alice_db, bob_db) = (as_role(&database, &alice), as_role(&database, &bob));
    let ok = |db: &str, args: &[&str]| {
        let out = hoard(db, args);
        assert!(out.status.success(), "{args:?}: {}", text(&out));
    };
    let refused = |db: &str, args: &[&str], words: &str| {
        let before = h.dump();
        let out = hoard(db, args);
        let said = text(&out);
        assert_eq!(out.status.code(), Some(4), "{args:?}: {said}");
        assert_eq!(said.trim_end().lines().count(), 1, "{said}");
        assert!(said.contains(words), "{args:?}: {said}");
        assert_eq!(before, h.dump(), "{args:?} changed the database");
        said
    };
    ok(&alice_db, &["campaign", "new", "Marches", "--use"]);
    let tables: Vec<(String,)> =
        h.rows("SELECT tableowner::text FROM pg_tables WHERE tablename = 'events'");
    assert_eq!(tables[0].0, alice, "Alice's first command made the tables");
    // Before the grants: a read, refused by the server as a read.
    let said = refused(
        &bob_db,
        &["character", "list"],
        "this PostgreSQL role may not read the campaign (the server says: permission denied",
    );
    assert!(
        !said.contains("may read the campaign but not record"),
        "{said}"
    );
    // And as data: what the role lacks, and the server's words.
    let out = hoard(&bob_db, &["--json", "character", "list"]);
    let error: Value = serde_json::from_slice(&out.stderr).unwrap();
    let error = &error["error"];
    assert_eq!(
        (&error["code"], &error["reason"], &error["lacks"]),
        (&json!("refused"), &json!("denied"), &json!("read")),
        "{error}"
    );
    assert!(
        error["said"]
            .as_str()
            .unwrap()
            .starts_with("permission denied for table"),
        "{error}"
    );
    let grants = sql_block("docs/west-marches.md", 1)
        .replace(" bob;", &format!(" \"{bob}\";"))
        .replace("DATABASE west", &format!("DATABASE \"{name}\""));
    h.execute(&grants);
    ok(&alice_db, &["referee", "add", &alice]);
    ok(&alice_db, &["referee", "add", &bob]);
    ok(
        &alice_db,
        &[
            "character",
            "add",
            "Ada",
            "--str",
            "13",
            "--wis",
            "9",
            "--hp",
            "40",
        ],
    );
    ok(&alice_db, &["campaign", "set", "referees", "role"]);
    for _ in 0..5 {
        ok(&bob_db, &["character", "damage", "Ada", "1"]);
    }
    ok(&bob_db, &["character", "list"]);
    // After the grants, Bob records, but may not delete: said as deleting.
    let said = refused(
        &bob_db,
        &["campaign", "delete", "Marches", "--force"],
        "this PostgreSQL role may not delete what this command removes (the server says: permission denied for table",
    );
    assert!(
        !said.contains("may read the campaign but not record"),
        "{said}"
    );
    // Bob cannot turn role mode off to record as Alice; nor write to the ledger by hand.
    refused(
        &bob_db,
        &["campaign", "set", "referees", "named"],
        "only the campaign's owner may change who records",
    );
    refused(
        &bob_db,
        &["--referee", &alice, "character", "heal", "Ada", "1"],
        "you are",
    );
    let update = raw(&bob_db, "UPDATE events SET referee = 'x'").unwrap_err();
    assert!(update.starts_with("42501"), "{update}");
    let by: Vec<(String,)> =
        h.rows("SELECT DISTINCT referee FROM events WHERE kind = 'character_damaged'");
    assert_eq!(by, vec![(bob.clone(),)]);
    // A newer hoard's first command is the owner's too: Bob's (here, a read) is refused as an
    // upgrade, in one line, and leaves the schema as it found it; Alice's upgrades it, chaining
    // the events recorded before, and Bob reads again.
    h.execute(
        "ALTER TABLE events DROP COLUMN hash; ALTER TABLE items DROP COLUMN lit; \
         DELETE FROM _sqlx_migrations WHERE version >= 14",
    );
    refused(
        &bob_db,
        &["character", "list"],
        "this PostgreSQL role may not upgrade hoard's tables to this hoard's schema (the server says: ",
    );
    ok(&alice_db, &["character", "list"]);
    ok(&bob_db, &["character", "list"]);
    // Alice owns the campaign: she may.
    ok(&alice_db, &["campaign", "set", "referees", "named"]);
    ok(&alice_db, &["check"]);
    ok(&alice_db, &["campaign", "delete", "Marches", "--force"]);
    drop_roles(&h, &admin, &[&alice, &bob]);
}

/// Referees starting sessions at once from their own machines: of rosters that share a
/// character exactly one opens, and rosters apart all open; no roster is ever interleaved.
#[test]
fn racing_session_starts_never_put_a_character_in_two() {
    const RACERS: usize = 6;
    let h = Hoard::new();
    h.ok(&["campaign", "new", "Marches", "--use"]);
    h.character("Ada", 12, 10, 8, "neutral");
    for n in 0..RACERS {
        h.character(&format!("Solo{n}"), 12, 10, 8, "neutral");
        h.character(&format!("Pair{n}"), 12, 10, 8, "neutral");
    }
    let start = std::sync::Arc::new(std::sync::Barrier::new(2 * RACERS));
    let racers: Vec<_> = (0..2 * RACERS)
        .map(|i| {
            let db = h.db.to_str().unwrap().to_string();
            let start = start.clone();
            std::thread::spawn(move || {
                let n = i / 2;
                // Even racers all want Ada; odd ones go alone.
                let with = if i % 2 == 0 {
                    format!("Ada,Pair{n}")
                } else {
                    format!("Solo{n}")
                };
                start.wait();
                let args = ["--campaign", "Marches", "session", "start", "--with", &with];
                let out = hoard(&db, &args);
                (i % 2 == 0, out.status.code())
            })
        })
        .collect();
    let results: Vec<(bool, Option<i32>)> = racers.into_iter().map(|r| r.join().unwrap()).collect();
    let with_ada: Vec<Option<i32>> = results.iter().filter(|r| r.0).map(|r| r.1).collect();
    assert_eq!(
        with_ada.iter().filter(|c| **c == Some(0)).count(),
        1,
        "{with_ada:?}"
    );
    assert!(
        with_ada.iter().all(|c| matches!(c, Some(0) | Some(4))),
        "{with_ada:?}"
    );
    assert!(
        results.iter().filter(|r| !r.0).all(|r| r.1 == Some(0)),
        "{results:?}"
    );
    let sessions = h.json(&["session", "list"]);
    let sessions = sessions.as_array().unwrap();
    assert_eq!(sessions.len(), RACERS + 1);
    let mut seen = std::collections::BTreeSet::new();
    for s in sessions {
        for m in s["with"].as_array().unwrap() {
            assert!(seen.insert(m["name"].to_string()), "{} twice", m["name"]);
        }
    }
    assert!(h.ok(&["check"]).starts_with("ok:"));
}
