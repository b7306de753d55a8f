//! What only a server has: a schema made by the first command, a newer schema refused, roles
//! that may only read, passwords in URLs, many writers at once in several campaigns, and a
//! campaign moved between the two engines.

use std::process::{Command, Output};

use serde_json::Value;

use crate::common::{Engine, Hoard, cluster, pg};

fn bin() -> std::path::PathBuf {
    assert_cmd::cargo::cargo_bin("hoard")
}

/// `hoard --db <db> <args>` with nothing leaking in from the environment.
fn hoard(db: &str, args: &[&str]) -> Output {
    Command::new(bin())
        .env_remove("HOARD_DB")
        .env_remove("HOARD_CAMPAIGN")
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
    let stderr = h.fails(&["campaign", "list"], 3);
    assert!(stderr.contains("holds no hoard campaign"), "{stderr}");
    assert!(stderr.contains(&h.shown()), "{stderr}");
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

#[test]
fn backup_points_at_the_servers_own_tools() {
    let h = Hoard::new();
    h.ok(&["roll", "1d6"]);
    let copy = h.dir.path().join("backup.db");
    let stderr = h.refused_unchanged(&["backup", copy.to_str().unwrap()], 2);
    assert!(
        stderr.contains("pg_dump") && stderr.contains("hoard export"),
        "{stderr}"
    );
    assert_eq!(std::fs::read_dir(h.dir.path()).unwrap().count(), 0);
}

/// A role granted only SELECT — the README's player role — reads everything, and a write
/// through it is one line, exit 4, nothing written.
#[test]
fn a_read_only_role_reads_and_is_refused_writes_in_one_line() {
    let h = Hoard::new();
    h.character("Arnaud", 12, 10, 10, "neutral");
    h.wand("Wand", 5, Some("Arnaud"));
    let server = cluster::server().expect("a server");
    let database = h.db.to_str().unwrap().to_string();
    let name = url::Url::parse(&database).unwrap().path()[1..].to_string();
    let role = format!("{name}_player");
    server.admin(&[
        format!("CREATE ROLE \"{role}\" LOGIN"),
        format!("GRANT CONNECT ON DATABASE \"{name}\" TO \"{role}\""),
    ]);
    pg(&h.db, async |conn| {
        for grant in [
            format!("GRANT USAGE ON SCHEMA public TO \"{role}\""),
            format!("GRANT SELECT ON ALL TABLES IN SCHEMA public TO \"{role}\""),
        ] {
            sqlx::raw_sql(&grant).execute(&mut *conn).await.unwrap();
        }
    });
    let mut player = url::Url::parse(&database).unwrap();
    player.set_username(&role).unwrap();
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
    let before = h.dump();
    for args in [
        &["use", "Wand"][..],
        &["character", "damage", "Arnaud", "3"],
        &["--dry-run", "roll", "1d6"],
        &["campaign", "new", "Other"],
    ] {
        let out = hoard(&player, args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(4), "{args:?}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
        assert!(
            stderr.contains("may read the campaign but not record in it"),
            "{stderr}"
        );
    }
    assert_eq!(before, h.dump(), "a refused write changed the database");
    pg(&h.db, async |conn| {
        sqlx::raw_sql(&format!(
            "REVOKE ALL ON ALL TABLES IN SCHEMA public FROM \"{role}\";
             REVOKE USAGE ON SCHEMA public FROM \"{role}\""
        ))
        .execute(&mut *conn)
        .await
        .unwrap();
    });
    server.admin(&[
        format!("REVOKE CONNECT ON DATABASE \"{name}\" FROM \"{role}\""),
        format!("DROP ROLE \"{role}\""),
    ]);
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
    if let Some(right) = server.tcp_url(&name, cluster::PASSWORD) {
        let wrong = server.tcp_url(&name, secret).unwrap();
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
            &["campaign", "list"],
            &["--campaign", "Nowhere", "log"],
            &["backup", "copy.db"],
            &["check"],
            &["demo"],
        ] {
            let out = Command::new(bin())
                .env("HOARD_DB", &right)
                .env("LANG", "C")
                .current_dir(h.dir.path())
                .args(args)
                .output()
                .unwrap();
            seen.push(text(&out));
        }
        assert!(
            seen.iter()
                .any(|s| s.contains("Demo campaign in postgres://hoard@"))
        );
        for text in &seen {
            assert!(
                !text.contains(cluster::PASSWORD),
                "the password showed: {text}"
            );
        }
    }
    for text in &seen {
        assert!(!text.contains(secret), "the password showed: {text}");
        assert!(!text.contains("panicked"), "{text}");
    }
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
        ] {
            assert_eq!(
                target.json(args),
                source.json(args),
                "{from:?} → {to:?} {args:?}"
            );
        }
    }
}

/// Names compare ignoring case on both engines (SQLite's NOCASE, PostgreSQL's case-blind ICU
/// collation), and list in the same order.
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
