//! The query plans of the statements that must stay instant as a campaign grows: the reads a
//! referee makes at the table (`log --limit`, `item history`, `audit swords`, `character show`
//! …) and every statement a recording command runs, whatever the size of the ledger and the
//! number of items. Each must walk an index: no scan of a large table, no search of one that
//! narrows it only to the campaign, no sort of a whole result in a temporary B-tree.
//!
//! The reads are taken from the same builders the store runs; the recording commands are run
//! for real, and every statement they send is collected and explained.

use super::conn::{Conn, SEEN};
use super::sql::Sql;
use super::{characters, effects, events, items};

/// Tables that grow with the campaign; a plan may only search them through an index.
const LARGE: [&str; 5] = ["events", "event_refs", "items", "effects", "voided"];

fn hot_reads() -> Vec<(String, Sql)> {
    use events::Filter;
    let mut reads: Vec<(&str, Sql)> = vec![
        ("events::origin", events::origin_sql()),
        ("events::power_uses", events::power_uses_sql()),
        ("events::voids", events::voids_sql()),
        (
            "events::consequences_after",
            events::consequences_after_sql(),
        ),
        ("events::get", events::get_sql()),
        ("events::latest_standing", events::latest_standing_sql()),
        ("items::held_by", items::held_by_sql()),
        ("items::at_places", items::at_places_sql()),
        ("events::tagged", events::tagged_sql()),
        ("items::purpose_swords", items::purpose_swords_sql()),
        ("items::in_control", items::in_control_sql()),
        ("items::in_hand", items::in_hand_sql()),
        ("characters::by_name", characters::by_name_sql()),
        ("items::find", items::find_sql(1, "Wand of Frost")),
        ("items::find by id prefix", items::find_sql(1, "8aa2ef3c")),
        ("effects::active", effects::active_sql()),
        ("audit swords", events::control_checks_sql(1, None)),
        (
            "audit swords --session",
            events::control_checks_sql(1, Some(2)),
        ),
    ];
    let filters = [
        (
            "log --limit 20",
            Filter {
                limit: Some(20),
                ..Filter::default()
            },
        ),
        (
            "item history",
            Filter {
                entity: Some("x".into()),
                ..Filter::default()
            },
        ),
        (
            "log --character --limit 20",
            Filter {
                entity: Some("x".into()),
                limit: Some(20),
                ..Filter::default()
            },
        ),
        (
            "log --session",
            Filter {
                session: Some(3),
                ..Filter::default()
            },
        ),
        (
            "log --kind --limit 20",
            Filter {
                kind: Some("x".into()),
                limit: Some(20),
                ..Filter::default()
            },
        ),
        (
            "state at a session",
            Filter {
                until: Some(100),
                ..Filter::default()
            },
        ),
    ];
    for (name, filter) in filters {
        reads.push((name, events::select_sql(1, &filter)));
    }
    reads.into_iter().map(|(n, s)| (n.to_string(), s)).collect()
}

/// One step of a plan: its id, its parent's id, and what it does.
type Step = (i64, i64, String);

/// Problems in a plan: a temporary B-tree, a scan of a large table, or a search of one that
/// only narrows it to the campaign — a walk over all its rows — unless the index is partial
/// (it then holds only the rows asked for), or the walk stops early: a `max(seq)` over the
/// key reads one row, and an ordered walk with a LIMIT stops after that many rows.
fn problems(sql: &str, plan: &[Step], partial: &[String]) -> Vec<String> {
    let tables = large_tables(sql);
    let stops_early = |step: &Step| {
        let under_max = sql.contains("max(seq)")
            && plan
                .iter()
                .any(|p| p.0 == step.1 && p.2.contains("SCALAR SUBQUERY"));
        under_max || sql.contains(" LIMIT ")
    };
    plan.iter()
        .filter(|step| {
            let detail = &step.2;
            let large = tables.iter().any(|t| {
                detail.starts_with(&format!("SCAN {t}"))
                    || detail.starts_with(&format!("SEARCH {t} "))
            });
            let whole_campaign = detail.starts_with("SCAN ")
                || (detail.ends_with("(campaign_id=?)")
                    && !partial
                        .iter()
                        .any(|i| detail.contains(&format!("INDEX {i} ")))
                    && !stops_early(step));
            detail.contains("TEMP B-TREE") || (large && whole_campaign)
        })
        .map(|step| step.2.clone())
        .collect()
}

/// The large tables a statement reads, by name and by the aliases it gives them.
fn large_tables(sql: &str) -> Vec<String> {
    let words: Vec<&str> = sql
        .split(|c: char| c.is_whitespace() || c == ',' || c == '(' || c == ')')
        .filter(|w| !w.is_empty())
        .collect();
    let mut names = Vec::new();
    for (i, word) in words.iter().enumerate() {
        if LARGE.contains(word) {
            names.push(word.to_string());
            let alias = match words.get(i + 1) {
                Some(w) if w.eq_ignore_ascii_case("AS") => words.get(i + 2),
                other => other,
            };
            if let Some(alias) =
                alias.filter(|a| a.len() <= 2 && a.chars().all(|c| c.is_ascii_lowercase()))
            {
                names.push(alias.to_string());
            }
        }
    }
    names
}

async fn explain(conn: &mut Conn, sql: &str) -> Result<Vec<Step>, String> {
    let Conn::Sqlite(c) = conn;
    let rows: Vec<(i64, i64, i64, String)> = sqlx::query_as(&format!("EXPLAIN QUERY PLAN {sql}"))
        .fetch_all(c)
        .await
        .map_err(|e| e.to_string())?;
    Ok(rows.into_iter().map(|r| (r.0, r.1, r.3)).collect())
}

async fn partial_indexes(conn: &mut Conn) -> Vec<String> {
    conn.fetch_all(&Sql::new(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND sql LIKE '% WHERE %'",
    ))
    .await
    .expect("indexes")
}

fn block_on<F: std::future::Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("runtime")
        .block_on(f)
}

#[test]
fn every_hot_read_walks_an_index() {
    block_on(async {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut db = super::open(&dir.path().join("plans.db"), super::Access::Write)
            .await
            .expect("open");
        let partial = partial_indexes(db.conn()).await;
        let mut failures = Vec::new();
        for (name, sql) in hot_reads() {
            let plan = explain(db.conn(), sql.text())
                .await
                .unwrap_or_else(|e| panic!("{name}: {e}\n{}", sql.text()));
            let bad = problems(sql.text(), &plan, &partial);
            if !bad.is_empty() {
                failures.push(format!(
                    "{name}: {bad:?}\n  plan: {plan:?}\n  sql: {}",
                    sql.text()
                ));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    });
}

/// Run a command line as `hoard` would, in this process.
async fn hoard(db: &std::path::Path, line: &[&str]) {
    use clap::Parser;
    let mut args = vec!["hoard", "--db", db.to_str().expect("utf-8 path")];
    args.extend_from_slice(line);
    let cli = crate::cli::Cli::try_parse_from(&args).expect("command line");
    crate::cli::run(cli)
        .await
        .unwrap_or_else(|e| panic!("{line:?}: {e}"));
}

/// Every statement that recording commands send walks an index: a command costs the same on
/// a campaign of many items as on an empty one.
#[test]
fn recording_commands_never_walk_the_items() {
    block_on(async {
        let dir = tempfile::tempdir().expect("temp dir");
        let db = dir.path().join("record.db");
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
            hoard(&db, line).await;
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
        SEEN.with(|s| *s.borrow_mut() = Some(Vec::new()));
        for line in recording {
            hoard(&db, line).await;
        }
        let seen = SEEN.with(|s| s.borrow_mut().take()).unwrap_or_default();
        let mut db = super::open(&db, super::Access::Read).await.expect("open");
        let partial = partial_indexes(db.conn()).await;
        let mut failures = Vec::new();
        let mut explained = 0;
        for sql in seen {
            let verb = sql.split_whitespace().next().unwrap_or("").to_uppercase();
            if !matches!(verb.as_str(), "SELECT" | "UPDATE" | "DELETE" | "INSERT") {
                continue;
            }
            explained += 1;
            let plan = explain(db.conn(), &sql)
                .await
                .unwrap_or_else(|e| panic!("{e}\n{sql}"));
            let bad = problems(&sql, &plan, &partial);
            if !bad.is_empty() {
                failures.push(format!("{bad:?}\n  plan: {plan:?}\n  sql: {sql}"));
            }
        }
        assert!(explained > 20, "only {explained} statements were collected");
        assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    });
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
