//! The query plans of the reads that must stay instant as the ledger grows (`log --limit`,
//! `item history`, `audit swords`, `character show`, and the start of every write): each must
//! walk an index — no scan of a large table, no sort of a whole result set in a temporary
//! B-tree. The SQL checked is the SQL the store runs, taken from the same constants and
//! builders.

use sqlx::{QueryBuilder, Sqlite};

use super::write::Preload;
use super::{characters, effects, events, items, write};

/// Tables that grow with the campaign; a plan may only search them through an index.
const LARGE: [&str; 5] = ["events", "event_refs", "items", "effects", "voided"];

/// Every statement of a builder's SQL (batches hold several), without the `BEGIN`.
fn statements(query: QueryBuilder<'static, Sqlite>) -> Vec<String> {
    query
        .sql()
        .split(";\n")
        .filter(|s| !s.trim_start().starts_with("BEGIN"))
        .map(str::to_string)
        .collect()
}

fn hot_reads() -> Vec<(&'static str, String)> {
    use events::Filter;
    let log = |filter: Filter| statements(events::select_query(1, &filter));
    let mut reads = vec![
        ("events::ORIGIN", events::ORIGIN.to_string()),
        ("events::POWER_USES", events::POWER_USES.to_string()),
        ("events::VOIDED", events::VOIDED.to_string()),
        (
            "events::CONSEQUENCES_AFTER",
            events::CONSEQUENCES_AFTER.to_string(),
        ),
        ("events::GET", events::GET.to_string()),
        (
            "events::LATEST_STANDING",
            events::LATEST_STANDING.to_string(),
        ),
        ("items::held_by", items::held_by_sql()),
        ("items::purpose_swords", items::purpose_swords_sql()),
        ("items::in_control", items::in_control_sql()),
        ("items::in_hand", items::in_hand_sql()),
        ("characters::by_name", characters::by_name_sql()),
        (
            "items::find",
            items::find_query(1, "Wand of Frost").sql().to_string(),
        ),
        (
            "items::find by id prefix",
            items::find_query(1, "8aa2ef3c").sql().to_string(),
        ),
        ("effects::active", effects::active_sql()),
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
        if filter.limit.is_some() {
            reads.extend(log(filter).into_iter().map(|sql| (name, sql)));
        } else {
            let seq = if filter.entity.is_some() {
                "r.seq"
            } else {
                "e.seq"
            };
            let chunk = events::chunk_query(seq, |q| events::select_where(q, 1, &filter), 0);
            reads.push((name, chunk.sql().to_string()));
        }
    }
    let checks = events::chunk_query("e.seq", |q| events::control_checks_where(q, 1, None), 0);
    reads.push(("audit swords", checks.sql().to_string()));
    let checks = events::chunk_query("e.seq", |q| events::control_checks_where(q, 1, Some(2)), 0);
    reads.push(("audit swords --session", checks.sql().to_string()));
    let preloads = [Preload::Character("Arnaud"), Preload::Holdings("Arnaud")];
    reads.extend(
        statements(write::begin_query(None, &preloads))
            .into_iter()
            .map(|sql| ("write::begin", sql)),
    );
    reads
}

/// Problems in a plan: a temporary B-tree, a scan of a large table, or a search of one that
/// only narrows it to the campaign — a walk over all its rows — unless the index is partial
/// (it then holds only the rows asked for).
fn problems(plan: &[String], partial: &[String]) -> Vec<String> {
    plan.iter()
        .filter(|step| {
            let large = LARGE.iter().any(|t| {
                step.starts_with(&format!("SCAN {t}")) || step.starts_with(&format!("SEARCH {t} "))
            });
            let whole_campaign = step.starts_with("SCAN ")
                || (step.ends_with("(campaign_id=?)")
                    && !partial
                        .iter()
                        .any(|i| step.contains(&format!("INDEX {i} "))));
            step.contains("TEMP B-TREE") || (large && whole_campaign)
        })
        .cloned()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_hot_read_walks_an_index() {
        tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("runtime")
            .block_on(check_plans());
    }

    async fn check_plans() {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut db = crate::store::open(&dir.path().join("plans.db"))
            .await
            .expect("open");
        let partial: Vec<String> = sqlx::query_scalar(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND sql LIKE '% WHERE %'",
        )
        .fetch_all(&mut db.conn)
        .await
        .expect("indexes");
        let mut failures = Vec::new();
        for (name, sql) in hot_reads() {
            let rows: Vec<(i64, i64, i64, String)> =
                sqlx::query_as(&format!("EXPLAIN QUERY PLAN {sql}"))
                    .fetch_all(&mut db.conn)
                    .await
                    .unwrap_or_else(|e| panic!("{name}: {e}\n{sql}"));
            let plan: Vec<String> = rows.into_iter().map(|r| r.3).collect();
            let bad = problems(&plan, &partial);
            if !bad.is_empty() {
                failures.push(format!("{name}: {bad:?}\n  plan: {plan:?}\n  sql: {sql}"));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    }

    #[test]
    fn the_checker_catches_scans_and_sorts() {
        let bad = |s: &str| !problems(&[s.to_string()], &["items_in_control".into()]).is_empty();
        assert!(bad("SCAN events"));
        assert!(bad("USE TEMP B-TREE FOR ORDER BY"));
        assert!(bad(
            "SEARCH items USING INDEX items_by_name (campaign_id=?)"
        ));
        assert!(!bad(
            "SEARCH items USING INDEX items_in_control (campaign_id=?)"
        ));
        assert!(!bad(
            "SEARCH events USING PRIMARY KEY (campaign_id=? AND seq>?)"
        ));
        assert!(!bad("SCAN campaigns"));
    }
}
