//! The query plans of the statements that must stay instant as a campaign grows: the reads a
//! referee makes at the table (`log --limit`, `item history`, `audit swords`, `character show`
//! …) and every statement a recording command runs, whatever the size of the ledger and the
//! number of items. Each must walk an index: no scan of a large table, no search of one that
//! narrows it only to the campaign, no sort of a whole result in a temporary B-tree.
//!
//! The reads are taken from the same builders the store runs; the recording commands are run
//! for real, and every statement they send is collected ([`collect`]) and explained — on
//! SQLite, and on PostgreSQL. This module is the checker, compiled only for the tests
//! (`tests/plans.rs`, which runs the commands on a throwaway server) by the `plans` feature:
//! the shipped store has none of it.
//!
//! PostgreSQL plans by cost, so an empty test database says nothing (any plan is cheap, and
//! the planner picks among indexes at random). Its tables are first filled with a campaign of
//! realistic shape — a hundred thousand events, twenty thousand items, their references and
//! effects — and analysed, so it chooses among indexes as it would on a campaign in play;
//! then the statements are explained as generic plans (for any arguments) with sequential
//! scans and sorts priced out of reach (`enable_seqscan`, `enable_sort` off): a plan that
//! still scans or sorts, or walks a whole campaign, means no index serves the statement,
//! which is what this test asks. The benchmarks time the plans the server picks unaided on a
//! campaign of a million events (docs/benchmarks.md).

use sqlx::{PgConnection, SqliteConnection};

use super::conn::{Conn, SEEN};
use super::sql::Sql;
use super::{characters, effects, events, items};

/// Tables that grow with the campaign; a plan may only search them through an index.
pub const LARGE: [&str; 5] = ["events", "event_refs", "items", "effects", "voided"];

pub fn hot_reads() -> Vec<(String, Sql)> {
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
        ("items::in_treasure", items::in_treasure_sql()),
        ("events::tagged", events::tagged_sql()),
        ("referee list", events::by_referee_sql()),
        ("items::purpose_swords", items::purpose_swords_sql()),
        ("items::in_control", items::in_control_sql()),
        ("items::in_hand", items::in_hand_sql()),
        ("items::lit", items::lit_sql()),
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
            "log --by",
            Filter {
                entity: Some(events::referee_tag("x")),
                ..Filter::default()
            },
        ),
        (
            "log --by --character --limit 20",
            Filter {
                entity: Some("x".into()),
                referee: Some("x".into()),
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
pub type Step = (i64, i64, String);

/// Problems in a plan: a temporary B-tree, a scan of a large table, or a search of one that
/// only narrows it to the campaign — a walk over all its rows — unless the index is partial
/// (it then holds only the rows asked for), or the walk stops early: a `max(seq)` over the
/// key reads one row, and an ordered walk with a LIMIT stops after that many rows.
pub fn problems(sql: &str, plan: &[Step], partial: &[String]) -> Vec<String> {
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
pub fn large_tables(sql: &str) -> Vec<String> {
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

/// SQLite's plan of `sql`.
pub async fn explain(conn: &mut Conn, sql: &str) -> Result<Vec<Step>, String> {
    let Some(c) = conn.raw::<SqliteConnection>() else {
        return Err("not SQLite".into());
    };
    let rows: Vec<(i64, i64, i64, String)> = sqlx::query_as(&format!("EXPLAIN QUERY PLAN {sql}"))
        .fetch_all(c)
        .await
        .map_err(|e| e.to_string())?;
    Ok(rows.into_iter().map(|r| (r.0, r.1, r.3)).collect())
}

pub async fn partial_indexes(conn: &mut Conn) -> Vec<String> {
    conn.fetch_all(&Sql::new(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND sql LIKE '% WHERE %'",
    ))
    .await
    .expect("indexes")
}

/// What a problem in a plan is, on either engine: the statement, its plan, what is wrong.
pub async fn check(conn: &mut Conn, sql: &str, indexes: &Indexes) -> Result<Vec<String>, String> {
    match indexes {
        Indexes::Sqlite(partial) => {
            let plan = explain(conn, sql).await?;
            Ok(problems(sql, &plan, partial)
                .into_iter()
                .map(|p| format!("{p}\n  plan: {plan:?}"))
                .collect())
        }
        Indexes::Postgres(indexes) => {
            let plan = pg_explain(conn, sql).await?;
            let mut found = Vec::new();
            pg_problems(sql, &plan, indexes, &mut found);
            Ok(found
                .into_iter()
                .map(|p| format!("{p}\n  plan: {plan}"))
                .collect())
        }
    }
}

/// Each engine's indexes as the checks need them.
pub enum Indexes {
    /// SQLite's partial indexes.
    Sqlite(Vec<String>),
    /// PostgreSQL's indexes: name → (table, partial).
    Postgres(std::collections::HashMap<String, (String, bool)>),
}

pub async fn indexes(conn: &mut Conn) -> Indexes {
    match conn.raw::<SqliteConnection>() {
        Some(_) => Indexes::Sqlite(partial_indexes(conn).await),
        None => {
            let rows: Vec<String> = conn
                .fetch_all(&Sql::new(
                    "SELECT indexname || ' ' || tablename || CASE WHEN indexdef LIKE '% WHERE %' THEN ' partial' ELSE '' END
                     FROM pg_indexes WHERE schemaname = current_schema()",
                ))
                .await
                .expect("indexes");
            Indexes::Postgres(
                rows.iter()
                    .filter_map(|row| {
                        let mut words = row.split(' ');
                        let (index, table) = (words.next()?, words.next()?);
                        let partial = words.next().is_some();
                        Some((index.to_string(), (table.to_string(), partial)))
                    })
                    .collect(),
            )
        }
    }
}

/// A campaign of realistic shape beside the test's own, analysed, so PostgreSQL's planner
/// chooses among indexes as it would in play (see the module's comment).
pub async fn fill_for_statistics(conn: &mut Conn) {
    let Some(c) = conn.raw::<PgConnection>() else {
        return;
    };
    sqlx::raw_sql(
        "INSERT INTO campaigns (id, name, created_at) VALUES (1000, 'statistics', 'x');
         INSERT INTO characters (campaign_id, id, name, alignment, level, str, wis, hp, hp_max)
             SELECT 1000, 'c' || n, 'character ' || n, 'neutral', 1, 10, 10, 5, 5
             FROM generate_series(0, 199) n;
         INSERT INTO events (campaign_id, seq, cause, session, game_time, wall_time, kind,
                             actor, subject, payload)
             SELECT 1000, n, CASE WHEN n % 10 = 0 THEN n - 1 END, n / 1000, n, 'x',
                    CASE WHEN n % 100 = 0 THEN 'control_checked'
                         WHEN n % 1000 = 1 THEN 'events_voided'
                         WHEN n % 500 = 2 THEN 'sword_power_used'
                         ELSE (ARRAY['item_created', 'charges_spent', 'character_damaged',
                                     'dice_rolled', 'item_given'])[1 + n % 5] END,
                    'c' || (n % 200), 'i' || (n % 20000), '{}'
             FROM generate_series(1, 100000) n;
         INSERT INTO event_refs (campaign_id, entity, seq)
             SELECT 1000, actor, seq FROM events WHERE campaign_id = 1000
             UNION SELECT 1000, subject, seq FROM events WHERE campaign_id = 1000
             UNION SELECT 1000, 'kind:' || kind, seq FROM events
                 WHERE campaign_id = 1000 AND kind IN ('control_checked', 'events_voided');
         INSERT INTO items (campaign_id, id, name, name_fr, category, holder, created_seq,
                            controls, purpose, in_hand)
             SELECT 1000, 'i' || n, 'item ' || n, 'objet ' || n, 'wand',
                    CASE WHEN n % 4 <> 0 THEN 'c' || (n % 200) END, n * 5,
                    CASE WHEN n % 1000 = 0 THEN 'c' || (n % 200) END, n % 500 = 0,
                    n % 700 = 0
             FROM generate_series(1, 20000) n;
         INSERT INTO effects (campaign_id, id, character, kind, name, name_fr, started_at,
                              ends_at)
             SELECT 1000, 'e' || n, 'c' || (n % 200), 'potion', 'x', 'x', n * 10, n * 10 + 50
             FROM generate_series(1, 5000) n;
         INSERT INTO sessions (campaign_id, number, started_at, started_round, started_seq,
                               ended_seq)
             SELECT 1000, n, 'x', n, n * 1000, n * 1000 + 999 FROM generate_series(1, 100) n;
         INSERT INTO voided (campaign_id, seq, by_seq)
             SELECT 1000, n * 997, n * 997 + 1 FROM generate_series(1, 100) n;
         ANALYZE;",
    )
    .execute(c)
    .await
    .expect("fill the statistics campaign");
}

/// PostgreSQL's generic plan of `sql` (for any arguments), as JSON, with sequential scans and
/// sorts priced out of reach (see the module's comment).
pub async fn pg_explain(conn: &mut Conn, sql: &str) -> Result<serde_json::Value, String> {
    let Some(c) = conn.raw::<PgConnection>() else {
        return Err("not PostgreSQL".into());
    };
    let params = (1..=2000)
        .take_while(|n| sql.contains(&format!("${n}")))
        .count();
    let arguments = vec!["NULL"; params].join(", ");
    let execute = if params == 0 {
        "EXECUTE hot".to_string()
    } else {
        format!("EXECUTE hot({arguments})")
    };
    let run = async |c: &mut PgConnection, text: &str| {
        sqlx::raw_sql(text)
            .fetch_all(c)
            .await
            .map_err(|e| format!("{text}: {e}"))
    };
    run(
        c,
        "SET enable_seqscan = off; SET enable_sort = off; SET plan_cache_mode = force_generic_plan",
    )
    .await?;
    run(c, &format!("PREPARE hot AS {sql}")).await?;
    let rows = run(c, &format!("EXPLAIN (FORMAT JSON) {execute}")).await;
    run(c, "DEALLOCATE hot").await?;
    let text: String = sqlx::Row::try_get_unchecked(&rows?[0], 0).map_err(|e| e.to_string())?;
    serde_json::from_str(&text).map_err(|e| e.to_string())
}

/// Problems in a PostgreSQL plan (the JSON of `EXPLAIN`, or one of its nodes): a scan of a
/// large table, a sort, or an index walked with no condition or only the campaign's — a walk
/// over all its rows — unless the index is partial (it then holds only the rows asked for)
/// or the walk stops early (a LIMIT, a `max(seq)` over the key).
pub fn pg_problems(
    sql: &str,
    plan: &serde_json::Value,
    indexes: &std::collections::HashMap<String, (String, bool)>,
    found: &mut Vec<String>,
) {
    if let Some(all) = plan.as_array() {
        for p in all {
            pg_problems(sql, p, indexes, found);
        }
        return;
    }
    let node = plan.get("Plan").unwrap_or(plan);
    let kind = node["Node Type"].as_str().unwrap_or_default();
    let index = node["Index Name"].as_str().and_then(|i| indexes.get(i));
    let table = node["Relation Name"]
        .as_str()
        .or(index.map(|(t, _)| t.as_str()))
        .unwrap_or_default();
    let large = LARGE.contains(&table);
    let condition = node["Index Cond"].as_str().unwrap_or_default();
    let only_campaign = condition.is_empty()
        || condition
            .trim_matches(|c| c == '(' || c == ')')
            .rsplit('.')
            .next()
            .is_some_and(|c| c.starts_with("campaign_id = $") && !c.contains(" AND "));
    let partial = index.is_some_and(|(_, partial)| *partial);
    let stops_early = sql.contains(" LIMIT ") || sql.contains("max(seq)");
    let bad = match kind {
        "Sort" | "Incremental Sort" => true,
        "Seq Scan" => large,
        "Index Scan" | "Index Only Scan" | "Bitmap Index Scan" => {
            large && only_campaign && !partial && !stops_early
        }
        _ => false,
    };
    if bad {
        found.push(format!("{kind} on {table} ({condition})"));
    }
    if let Some(children) = node["Plans"].as_array() {
        for child in children {
            pg_problems(sql, child, indexes, found);
        }
    }
}

/// Collect every statement this thread runs from now on.
pub fn collect() {
    SEEN.with(|s| *s.borrow_mut() = Some(Vec::new()));
}

/// The statements this thread ran since [`collect`], and stop collecting.
pub fn collected() -> Vec<String> {
    SEEN.with(|s| s.borrow_mut().take()).unwrap_or_default()
}
