//! The two engines' migrations (`migrations/sqlite`, `migrations/postgres`) make the same
//! schema: the same tables, columns (type class, nullability, default), primary keys, unique
//! and foreign keys, checked columns, and indexes (keys, uniqueness, predicate). A migration
//! added to one folder and not the other, or written differently, fails here.

use std::collections::{BTreeMap, BTreeSet};

use sqlx::Row;

use crate::common::{Engine, Hoard, pg, sql};

#[derive(Debug, Default, PartialEq, Eq)]
struct Table {
    columns: BTreeMap<String, Column>,
    primary_key: Vec<String>,
    uniques: BTreeSet<Vec<String>>,
    foreign_keys: BTreeSet<(Vec<String>, String, Vec<String>)>,
    /// The columns each CHECK constraint reads.
    checks: BTreeSet<BTreeSet<String>>,
    indexes: BTreeMap<String, Index>,
}

#[derive(Debug, PartialEq, Eq)]
struct Column {
    /// `integer` or `text`: what hoard stores (PostgreSQL's BOOLEAN flags are SQLite's INTEGER).
    class: &'static str,
    not_null: bool,
    default: Option<String>,
}

#[derive(Debug, PartialEq, Eq)]
struct Index {
    unique: bool,
    keys: Vec<String>,
    predicate: Option<String>,
}

type Schema = BTreeMap<String, Table>;

#[test]
fn both_engines_migrate_to_the_same_schema() {
    let lite = Hoard::on(Engine::Sqlite);
    lite.ok(&["roll", "1d6"]);
    let server = Hoard::on(Engine::Postgres);
    server.ok(&["roll", "1d6"]);
    let sqlite = sql(&lite.db, async |c| sqlite_schema(c).await);
    let postgres = pg(&server.db, async |c| postgres_schema(c).await);
    assert!(sqlite.contains_key("events") && sqlite.contains_key("items"));
    let tables = |s: &Schema| s.keys().cloned().collect::<Vec<_>>();
    assert_eq!(tables(&sqlite), tables(&postgres), "the tables differ");
    let differ: Vec<String> = sqlite
        .iter()
        .filter(|(name, table)| postgres.get(*name) != Some(*table))
        .map(|(name, table)| {
            format!(
                "{name}:\n  sqlite:   {table:?}\n  postgres: {:?}",
                postgres[name]
            )
        })
        .collect();
    assert!(differ.is_empty(), "tables differ:\n{}", differ.join("\n"));
}

/// The class of a declared type, as hoard reads it.
fn class(declared: &str) -> &'static str {
    match declared.to_ascii_lowercase().as_str() {
        "integer" | "bigint" | "boolean" => "integer",
        "text" => "text",
        other => panic!("a column of type {other}: add it to the parity test's classes"),
    }
}

/// An SQL fragment (a default, an index key, a predicate) written the same way for both
/// engines' renderings: lower case, no casts or quotes on types, no spaces or parentheses
/// (which PostgreSQL adds around every term), flags as numbers.
fn normal(text: &str) -> String {
    let mut text = text.to_ascii_lowercase();
    for cast in ["::text", "::bigint", "::integer", "::boolean"] {
        text = text.replace(cast, "");
    }
    text = text.replace("false", "0").replace("true", "1");
    text.chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '(' | ')' | '"'))
        .collect()
}

/// The top-level, comma-separated items of the first parenthesised list after `marker`.
fn list_after(text: &str, marker: &str) -> Vec<String> {
    let start = text.find(marker).expect("the marker") + marker.len();
    let open = start + text[start..].find('(').expect("a list");
    let (mut depth, mut items, mut item) = (0, Vec::new(), String::new());
    for c in text[open..].chars() {
        match c {
            '(' => {
                depth += 1;
                if depth == 1 {
                    continue;
                }
            }
            ')' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            ',' if depth == 1 => {
                items.push(normal(&item));
                item.clear();
                continue;
            }
            _ => {}
        }
        item.push(c);
    }
    items.push(normal(&item));
    items
}

/// What follows ` where ` in an index's definition, normalised.
fn predicate(definition: &str) -> Option<String> {
    let lower = definition.to_ascii_lowercase();
    lower.find(" where ").map(|at| normal(&lower[at + 7..]))
}

/// The identifiers of `expression` that are columns of `columns`.
fn columns_in(expression: &str, columns: &BTreeMap<String, Column>) -> BTreeSet<String> {
    expression
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|word| columns.contains_key(&word.to_ascii_lowercase()))
        .map(str::to_ascii_lowercase)
        .collect()
}

/// Every `CHECK (…)` expression in a CREATE or ALTER statement.
fn checks_in(statement: &str) -> Vec<String> {
    let upper = statement.to_ascii_uppercase();
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = upper[from..].find("CHECK") {
        let start = from + at;
        let open = start + statement[start..].find('(').expect("a check's expression");
        let mut depth = 0;
        let mut end = open;
        for (i, c) in statement[open..].char_indices() {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
            if depth == 0 {
                end = open + i;
                break;
            }
        }
        found.push(statement[open + 1..end].to_string());
        from = end;
    }
    found
}

async fn sqlite_schema(c: &mut sqlx::SqliteConnection) -> Schema {
    let tables: Vec<(String, String)> = sqlx::query_as(
        "SELECT name, sql FROM sqlite_master WHERE type = 'table'
         AND name NOT LIKE 'sqlite_%' AND name <> '_sqlx_migrations' ORDER BY name",
    )
    .fetch_all(&mut *c)
    .await
    .expect("tables");
    let mut schema = Schema::new();
    for (name, create) in tables {
        let mut table = Table::default();
        let mut key = Vec::new();
        for row in
            sqlx::query("SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info(?)")
                .bind(&name)
                .fetch_all(&mut *c)
                .await
                .expect("columns")
        {
            let column: String = row.get(0);
            let pk: i64 = row.get(4);
            if pk > 0 {
                key.push((pk, column.clone()));
            }
            table.columns.insert(
                column,
                Column {
                    class: class(row.get::<String, _>(1).as_str()),
                    not_null: row.get::<i64, _>(2) == 1 || pk > 0,
                    default: row.get::<Option<String>, _>(3).map(|d| normal(&d)),
                },
            );
        }
        key.sort();
        table.primary_key = key.into_iter().map(|(_, c)| c).collect();
        for row in sqlx::query("SELECT \"from\", \"table\", \"to\", id FROM pragma_foreign_key_list(?) ORDER BY id, seq")
            .bind(&name)
            .fetch_all(&mut *c)
            .await
            .expect("foreign keys")
            .chunk_by(|a, b| a.get::<i64, _>(3) == b.get::<i64, _>(3))
        {
            table.foreign_keys.insert((
                row.iter().map(|r| r.get(0)).collect(),
                row[0].get(1),
                row.iter().map(|r| r.get(2)).collect(),
            ));
        }
        // SQLite keeps a table's statement with the columns added since.
        for check in checks_in(&create) {
            table.checks.insert(columns_in(&check, &table.columns));
        }
        for row in sqlx::query("SELECT name, \"unique\", origin FROM pragma_index_list(?)")
            .bind(&name)
            .fetch_all(&mut *c)
            .await
            .expect("indexes")
        {
            let index: String = row.get(0);
            let origin: String = row.get(2);
            let keys: Vec<String> =
                sqlx::query_scalar("SELECT name FROM pragma_index_info(?) ORDER BY seqno")
                    .bind(&index)
                    .fetch_all(&mut *c)
                    .await
                    .expect("index columns");
            match origin.as_str() {
                "pk" => {}
                "u" => {
                    table.uniques.insert(keys);
                }
                _ => {
                    let definition: String =
                        sqlx::query_scalar("SELECT sql FROM sqlite_master WHERE name = ?")
                            .bind(&index)
                            .fetch_one(&mut *c)
                            .await
                            .expect("index sql");
                    table.indexes.insert(
                        index,
                        Index {
                            unique: row.get::<i64, _>(1) == 1,
                            keys: list_after(&definition, " ON "),
                            predicate: predicate(&definition),
                        },
                    );
                }
            }
        }
        nocase_uniques_as_indexes(&mut table, &create);
        schema.insert(name, table);
    }
    schema
}

/// SQLite keeps names unique with a UNIQUE constraint on `COLLATE NOCASE` columns, from
/// before names were looked up by `lower()`, and cannot drop a constraint without rebuilding
/// the table; PostgreSQL dropped its constraint for a unique index on `lower(name)`. NOCASE
/// and `lower()` fold the same letters (ASCII's), so the two keep the same names apart: the
/// constraint counts as the index on `lower()` of the same columns being unique.
fn nocase_uniques_as_indexes(table: &mut Table, create: &str) {
    let create = create.to_ascii_lowercase();
    let nocase = |column: &str| {
        create.lines().any(|line| {
            let line = line.trim();
            line.starts_with(&format!("{column} ")) && line.contains("collate nocase")
        })
    };
    let uniques = std::mem::take(&mut table.uniques);
    for unique in uniques {
        let folded: Vec<String> = unique
            .iter()
            .map(|c| {
                if nocase(c) {
                    format!("lower{c}")
                } else {
                    c.clone()
                }
            })
            .collect();
        let index = table
            .indexes
            .values_mut()
            .find(|i| i.keys == folded && i.predicate.is_none() && folded != unique);
        match index {
            Some(index) => index.unique = true,
            None => {
                table.uniques.insert(unique);
            }
        }
    }
}

async fn postgres_schema(c: &mut sqlx::PgConnection) -> Schema {
    let tables: Vec<String> = sqlx::query_scalar(
        "SELECT table_name::text FROM information_schema.tables
         WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
         AND table_name <> '_sqlx_migrations' ORDER BY table_name",
    )
    .fetch_all(&mut *c)
    .await
    .expect("tables");
    let mut schema = Schema::new();
    for name in tables {
        let mut table = Table::default();
        for row in sqlx::query(
            "SELECT column_name::text, data_type::text, is_nullable::text, column_default::text
             FROM information_schema.columns
             WHERE table_schema = current_schema() AND table_name = $1",
        )
        .bind(&name)
        .fetch_all(&mut *c)
        .await
        .expect("columns")
        {
            table.columns.insert(
                row.get(0),
                Column {
                    class: class(row.get::<String, _>(1).as_str()),
                    not_null: row.get::<String, _>(2) == "NO",
                    default: row.get::<Option<String>, _>(3).map(|d| normal(&d)),
                },
            );
        }
        // Each constraint with its columns, in the constraint's order.
        let constraints = sqlx::query(
            "SELECT con.contype::text, pg_get_constraintdef(con.oid),
                    ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(n, o)
                          JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.n
                          ORDER BY k.o),
                    ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY k(n, o)
                          JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.n
                          ORDER BY k.o),
                    con.confrelid::regclass::text
             FROM pg_constraint con WHERE con.conrelid = $1::regclass",
        )
        .bind(&name)
        .fetch_all(&mut *c)
        .await
        .expect("constraints");
        for row in constraints {
            let columns: Vec<String> = row.get(2);
            match row.get::<String, _>(0).as_str() {
                "p" => table.primary_key = columns,
                "u" => {
                    table.uniques.insert(columns);
                }
                "f" => {
                    table.foreign_keys.insert((columns, row.get(4), row.get(3)));
                }
                "c" => {
                    let definition: String = row.get(1);
                    table.checks.insert(columns_in(&definition, &table.columns));
                }
                _ => {}
            }
        }
        let indexes = sqlx::query(
            "SELECT i.relname::text, x.indisunique, pg_get_indexdef(x.indexrelid)
             FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
             WHERE x.indrelid = $1::regclass
             AND NOT EXISTS (SELECT 1 FROM pg_constraint con WHERE con.conindid = x.indexrelid)",
        )
        .bind(&name)
        .fetch_all(&mut *c)
        .await
        .expect("indexes");
        for row in indexes {
            let definition: String = row.get(2);
            table.indexes.insert(
                row.get(0),
                Index {
                    unique: row.get(1),
                    keys: list_after(&definition, " USING btree "),
                    predicate: predicate(&definition),
                },
            );
        }
        schema.insert(name, table);
    }
    schema
}
