//! The query plans of the statements that must stay instant as a campaign grows, on both
//! engines: the store's hot reads, and every statement the recording commands send, run for
//! real in this process. The checker is the store's (`store::plans`, built for the tests by
//! its `plans` feature); the server is the tests' throwaway one.

use hoard::store::plans::{
    check, collect, collected, fill_for_statistics, hot_reads, indexes, pg_problems, problems,
};
use hoard::store::{Access, open};

#[path = "support/postgres.rs"]
mod cluster;

fn block_on<F: Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime")
        .block_on(f)
}

/// A database for `name` on each engine that is here: a SQLite file in `dir`, and a
/// PostgreSQL database (unless no server is available, which the test says loudly).
fn databases(
    dir: &std::path::Path,
    name: &str,
) -> Vec<(std::path::PathBuf, Option<cluster::Database>)> {
    let mut all = vec![(dir.join(format!("{name}.db")), None)];
    match cluster::server() {
        Some(server) => {
            let database = server.database();
            all.push((database.url.clone().into(), Some(database)));
        }
        None => cluster::skipped("the query plans were checked on SQLite only"),
    }
    all
}

#[test]
fn every_hot_read_walks_an_index() {
    let dir = tempfile::tempdir().expect("temp dir");
    for (db, _database) in databases(dir.path(), "plans") {
        block_on(async {
            let mut db = open(&db, Access::Write).await.expect("open");
            fill_for_statistics(db.conn()).await;
            let indexes = indexes(db.conn()).await;
            let mut failures = Vec::new();
            for (name, sql) in hot_reads() {
                let bad = check(db.conn(), sql.text(), &indexes)
                    .await
                    .unwrap_or_else(|e| panic!("{name}: {e}\n{}", sql.text()));
                if !bad.is_empty() {
                    failures.push(format!("{name}: {bad:?}\n  sql: {}", sql.text()));
                }
            }
            assert!(failures.is_empty(), "{}", failures.join("\n\n"));
        });
    }
}

/// Run a command line as `hoard` would, in this process.
async fn hoard(db: &std::path::Path, line: &[&str]) {
    use clap::Parser;
    let mut args = vec!["hoard", "--db", db.to_str().expect("utf-8 path or URL")];
    args.extend_from_slice(line);
    let cli = hoard::cli::args::Cli::try_parse_from(&args).expect("command line");
    hoard::cli::dispatch::run(cli)
        .await
        .unwrap_or_else(|e| panic!("{line:?}: {e:?}"));
}

/// Every statement that recording commands send walks an index: a command costs the same on
/// a campaign of many items as on an empty one.
#[test]
fn recording_commands_never_walk_the_items() {
    let dir = tempfile::tempdir().expect("temp dir");
    for (db, _database) in databases(dir.path(), "record") {
        block_on(recording_commands_walk_indexes(&db));
    }
}

async fn recording_commands_walk_indexes(db: &std::path::Path) {
    {
        let setup: &[&[&str]] = &[
            &[
                "character",
                "add",
                "Arnaud",
                "--str",
                "13",
                "--wis",
                "9",
                "--hp",
                "12",
                "--alignment",
                "neutral",
            ],
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
                "--alignment",
                "lawful",
            ],
            &["--seed", "3", "generate", "any", "--count", "40"],
            &[
                "item",
                "add",
                "Wand of Frost",
                "--category",
                "wand",
                "--charges",
                "9",
                "--to",
                "Arnaud",
            ],
            &[
                "item",
                "add",
                "Potion of Heroism",
                "--category",
                "potion",
                "--consumable",
                "--to",
                "Arnaud",
            ],
            &[
                "sword",
                "add",
                "Nightfang",
                "--int",
                "12",
                "--ego",
                "12",
                "--alignment",
                "lawful",
                "--purpose",
                "slay-chaotic",
            ],
            &["session", "start", "One"],
        ];
        for line in setup {
            hoard(db, line).await;
        }
        let recording: &[&[&str]] = &[
            &["character", "damage", "Arnaud", "3"],
            &["character", "heal", "Arnaud", "1"],
            &["--seed", "1", "use", "Wand of Frost"],
            &["--seed", "2", "drink", "Potion of Heroism"],
            &["time", "advance", "3", "turns"],
            &["--seed", "4", "give", "Nightfang", "--to", "Arnaud"],
            &["--seed", "5", "wield", "Nightfang"],
            &["--seed", "6", "character", "damage", "Arnaud", "6"],
            &["--seed", "7", "roll", "2d6"],
            &["give", "Wand of Frost", "--to", "Mordo"],
        ];
        collect();
        for line in recording {
            hoard(db, line).await;
        }
        let seen = collected();
        let mut db = open(db, Access::Write).await.expect("open");
        fill_for_statistics(db.conn()).await;
        let indexes = indexes(db.conn()).await;
        let mut failures = Vec::new();
        let mut explained = 0;
        for sql in seen {
            let verb = sql.split_whitespace().next().unwrap_or("").to_uppercase();
            if !matches!(verb.as_str(), "SELECT" | "UPDATE" | "DELETE" | "INSERT") {
                continue;
            }
            explained += 1;
            let bad = check(db.conn(), &sql, &indexes)
                .await
                .unwrap_or_else(|e| panic!("{e}\n{sql}"));
            if !bad.is_empty() {
                failures.push(format!("{bad:?}\n  sql: {sql}"));
            }
        }
        assert!(explained > 20, "only {explained} statements were collected");
        assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    }
}

#[test]
fn the_checker_catches_scans_and_sorts() {
    let step = |s: &str| vec![(2, 0, s.to_string())];
    let bad =
        |sql: &str, s: &str| !problems(sql, &step(s), &["items_in_control".into()]).is_empty();
    let sql = "SELECT x FROM events e JOIN items i ON 1";
    assert!(bad(sql, "SCAN events"));
    assert!(bad(sql, "SCAN e"));
    assert!(bad(sql, "USE TEMP B-TREE FOR ORDER BY"));
    assert!(bad(
        sql,
        "SEARCH i USING INDEX items_by_name (campaign_id=?)"
    ));
    assert!(!bad(
        sql,
        "SEARCH items USING INDEX items_in_control (campaign_id=?)"
    ));
    assert!(!bad(
        sql,
        "SEARCH e USING PRIMARY KEY (campaign_id=? AND seq>?)"
    ));
    assert!(!bad(sql, "SCAN campaigns"));
    assert!(!bad(
        "SELECT x FROM events e ORDER BY e.seq DESC LIMIT 1",
        "SEARCH e USING PRIMARY KEY (campaign_id=?)"
    ));
}

#[test]
fn the_postgres_checker_catches_scans_sorts_and_campaign_walks() {
    let indexes: std::collections::HashMap<String, (String, bool)> = [
        ("items_in_order", "items", false),
        ("items_in_control", "items", true),
        ("events_pkey", "events", false),
    ]
    .into_iter()
    .map(|(i, t, p)| (i.to_string(), (t.to_string(), p)))
    .collect();
    let bad = |sql: &str, node: serde_json::Value| {
        let mut found = Vec::new();
        pg_problems(
            sql,
            &serde_json::json!([{ "Plan": node }]),
            &indexes,
            &mut found,
        );
        !found.is_empty()
    };
    let sql = "SELECT x FROM items WHERE campaign_id = $1 AND holder = $2";
    let scan = |kind: &str, index: &str, cond: &str| serde_json::json!({"Node Type": kind, "Index Name": index, "Index Cond": cond});
    assert!(bad(
        sql,
        serde_json::json!({"Node Type": "Seq Scan", "Relation Name": "items"})
    ));
    assert!(!bad(
        sql,
        serde_json::json!({"Node Type": "Seq Scan", "Relation Name": "campaigns"})
    ));
    assert!(bad(
        sql,
        serde_json::json!({"Node Type": "Sort", "Plans": [scan("Index Scan", "events_pkey", "((campaign_id = $1) AND (seq = $2))")]})
    ));
    assert!(bad(
        sql,
        scan("Index Scan", "items_in_order", "(campaign_id = $1)")
    ));
    assert!(bad(
        sql,
        scan("Bitmap Index Scan", "events_pkey", "(campaign_id = $1)")
    ));
    assert!(bad(sql, scan("Index Only Scan", "events_pkey", "")));
    assert!(!bad(
        sql,
        scan("Index Scan", "items_in_control", "(campaign_id = $1)")
    ));
    assert!(!bad(
        sql,
        scan(
            "Index Scan",
            "events_pkey",
            "((campaign_id = $1) AND (seq = r.seq))"
        )
    ));
    assert!(!bad(
        "SELECT x FROM events e WHERE e.campaign_id = $1 ORDER BY e.seq DESC LIMIT 1",
        scan("Index Scan", "events_pkey", "(campaign_id = $1)")
    ));
}
