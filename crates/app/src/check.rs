//! `hoard check`: the file (SQLite's integrity and foreign-key checks), the ledger's hash
//! chain (an event rewritten, removed or added under hoard: `store::chain`) and the referees'
//! tags `log --by` reads, the rules' invariants, and a full replay — the state rebuilt from the ledger alone, from the dice its
//! events stored, compared with the state the database holds. Every difference names the
//! event that last touched the row. What it finds is data; `view::words::check` words it.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use super::replay::Replay;
use crate::ctx::Ctx;
use crate::error::Result;
use crate::ledger::invariants::{self, Breach};
use crate::ledger::{Conflict, State};
use crate::rules::item::Names;
use crate::store::events;

/// What `check` found, each list in the order it is said.
#[derive(Debug, Default, Serialize)]
pub struct Report {
    pub events: usize,
    /// The hash the ledger's chain ends with: noted elsewhere (a group's channel, a backup's
    /// name), a later `check` showing the same vouches for every event up to here.
    pub head: Option<String>,
    /// SQLite's `integrity_check` and `foreign_key_check` findings.
    pub file: Vec<Finding>,
    /// The ledger's rows rewritten: where its hash chain breaks, where a referee's tag
    /// disagrees with the event.
    pub ledger: Vec<Finding>,
    /// Rows that break a rule of the game whatever the ledger says.
    pub invariants: Vec<Finding>,
    /// Events the replay could not apply.
    pub conflicts: Vec<Finding>,
    /// Rows that differ from the replay, with the event that last touched them.
    pub differences: Vec<Finding>,
}

impl Report {
    pub fn ok(&self) -> bool {
        self.problems() == 0
    }

    /// How many findings there are.
    pub fn problems(&self) -> usize {
        self.file.len()
            + self.ledger.len()
            + self.invariants.len()
            + self.conflicts.len()
            + self.differences.len()
    }

    /// Every finding, in the order they are said.
    pub fn findings(&self) -> impl Iterator<Item = &Finding> {
        self.file
            .iter()
            .chain(&self.ledger)
            .chain(&self.invariants)
            .chain(&self.conflicts)
            .chain(&self.differences)
    }
}

/// One thing `check` found wrong. Its JSON names it in `finding` (`dangling`, `differs` …),
/// beside its fields.
#[derive(Debug, Serialize)]
#[serde(tag = "finding", rename_all = "snake_case")]
pub enum Finding {
    /// SQLite's integrity check, in its own words.
    File { said: String },
    /// Rows pointing to rows that do not exist.
    Dangling { rows: usize },
    /// The ledger's hash chain breaks at `event`: that event's row is not the one recorded
    /// after the event before it (changed, removed or added by hand).
    Rewritten { event: i64 },
    /// The `referee:` tag `log --by` reads for `event` disagrees with the event's referee:
    /// `event_refs` rewritten by hand.
    Mistagged { event: i64 },
    /// A broken invariant, with the names of the rows it names by id.
    Breach { breach: Breach, rows: Rows },
    /// The coins' findings beyond the stored balance (`app::coins`).
    Coins { coins: super::coins::Discrepancy },
    /// An event the replay could not apply.
    Conflict { conflict: Conflict },
    /// The stored list of voided events is not the ledger's.
    VoidList,
    /// The campaign's own row differs from the replay's.
    Campaign { fields: Vec<Field> },
    /// The ledger ends at `ledger`, the campaign counts `campaign`.
    LastSeq { ledger: i64, campaign: i64 },
    /// A row differs from the replay's; `event` last touched it.
    Differs {
        table: Table,
        id: String,
        name: Option<String>,
        fields: Vec<Field>,
        event: Option<i64>,
    },
    /// A row no event made.
    Unmade { table: Table, id: String },
    /// A row an event made (`event`, if known) that the database lacks.
    Missing {
        table: Table,
        id: String,
        event: Option<i64>,
    },
}

/// The names of the rows a breach names by id: items by their names, characters by theirs.
#[derive(Debug, Default, Serialize)]
pub struct Rows {
    pub items: BTreeMap<String, Names>,
    pub characters: BTreeMap<String, String>,
}

/// A field that differs: its path, and its value in the database and by the ledger.
#[derive(Debug, Serialize)]
pub struct Field {
    pub path: String,
    pub database: serde_json::Value,
    pub ledger: serde_json::Value,
}

/// The kind of row a difference is in.
#[derive(Clone, Copy, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Table {
    Session,
    Character,
    Item,
    Effect,
}

/// The rows `breach` names, found by walking its fields for ids the state knows.
fn rows(state: &State, breach: &Breach) -> Rows {
    fn walk(value: &serde_json::Value, state: &State, rows: &mut Rows) {
        match value {
            serde_json::Value::String(id) => {
                if let Some(i) = state.items.get(id) {
                    rows.items.insert(id.clone(), i.names());
                }
                if let Some(c) = state.characters.get(id) {
                    rows.characters.insert(id.clone(), c.name.clone());
                }
            }
            serde_json::Value::Array(list) => list.iter().for_each(|v| walk(v, state, rows)),
            serde_json::Value::Object(map) => map.values().for_each(|v| walk(v, state, rows)),
            _ => {}
        }
    }
    let mut rows = Rows::default();
    walk(
        &serde_json::to_value(breach).unwrap_or_default(),
        state,
        &mut rows,
    );
    rows
}

/// The fields that differ between two values.
fn differences(path: &str, a: &serde_json::Value, b: &serde_json::Value, out: &mut Vec<Field>) {
    use serde_json::Value;
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys: BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            for key in keys {
                let (va, vb) = (
                    x.get(key).unwrap_or(&Value::Null),
                    y.get(key).unwrap_or(&Value::Null),
                );
                let sub = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                differences(&sub, va, vb, out);
            }
        }
        _ if a != b => out.push(Field {
            path: path.to_string(),
            database: a.clone(),
            ledger: b.clone(),
        }),
        _ => {}
    }
}

fn compare<T: PartialEq + Serialize>(
    table: Table,
    stored: &BTreeMap<String, T>,
    replayed: &BTreeMap<String, T>,
    last_touch: &BTreeMap<String, i64>,
    out: &mut Vec<Finding>,
) {
    let ids: BTreeSet<&String> = stored.keys().chain(replayed.keys()).collect();
    for id in ids {
        let (event, id) = (last_touch.get(id).copied(), id.clone());
        match (stored.get(&id), replayed.get(&id)) {
            (Some(a), Some(b)) if a != b => {
                let (a, b) = (
                    serde_json::to_value(a).unwrap_or_default(),
                    serde_json::to_value(b).unwrap_or_default(),
                );
                let mut fields = Vec::new();
                differences("", &a, &b, &mut fields);
                let name = a.get("name").and_then(|n| n.as_str()).map(String::from);
                out.push(Finding::Differs {
                    table,
                    id,
                    name,
                    fields,
                    event,
                });
            }
            (Some(_), None) => out.push(Finding::Unmade { table, id }),
            (None, Some(_)) => out.push(Finding::Missing { table, id, event }),
            _ => {}
        }
    }
}

pub async fn check(cx: &mut Ctx) -> Result<Report> {
    let found = cx.campaign().await?;
    let campaign = found.id;
    let mut report = Report::default();
    let (integrity, dangling) = cx.conn().file_problems().await?;
    report
        .file
        .extend(integrity.into_iter().map(|said| Finding::File { said }));
    if dangling > 0 {
        report.file.push(Finding::Dangling { rows: dangling });
    }

    let chain = crate::store::chain::verify(cx.conn(), campaign).await?;
    report.head = chain.head;
    if let Some(event) = chain.broken {
        report.ledger.push(Finding::Rewritten { event });
    }
    if let Some(event) = events::mistagged_referee(cx.conn(), campaign).await? {
        report.ledger.push(Finding::Mistagged { event });
    }

    let stored = crate::store::state::load_all(cx.conn(), found).await?;
    report.invariants = invariants::breaches(&stored)
        .into_iter()
        .map(|breach| Finding::Breach {
            rows: rows(&stored, &breach),
            breach,
        })
        .collect();

    let voided = events::voided(cx.conn(), campaign).await?;
    let stored_voids = events::void_marks(cx.conn(), campaign).await?;
    if stored_voids != voided.iter().map(|(a, b)| (*a, *b)).collect::<Vec<_>>() {
        report.differences.push(Finding::VoidList);
    }
    let replay = Replay::campaign(cx.conn(), campaign, voided).await?;
    report.events = replay.state.last_seq as usize;
    let (replayed, conflicts, last_touch) = (replay.state, replay.conflicts, replay.last_touch);
    report.conflicts = conflicts
        .into_iter()
        .map(|conflict| Finding::Conflict { conflict })
        .collect();
    if stored.campaign != replayed.campaign {
        let mut fields = Vec::new();
        differences(
            "",
            &serde_json::to_value(&stored.campaign).unwrap_or_default(),
            &serde_json::to_value(&replayed.campaign).unwrap_or_default(),
            &mut fields,
        );
        report.differences.push(Finding::Campaign { fields });
    }
    if stored.last_seq != replayed.last_seq {
        report.differences.push(Finding::LastSeq {
            ledger: replayed.last_seq,
            campaign: stored.last_seq,
        });
    }
    let sessions = |s: &State| -> BTreeMap<String, _> {
        s.sessions
            .iter()
            .map(|(n, v)| (n.to_string(), v.clone()))
            .collect()
    };
    compare(
        Table::Session,
        &sessions(&stored),
        &sessions(&replayed),
        &BTreeMap::new(),
        &mut report.differences,
    );
    compare(
        Table::Character,
        &stored.characters,
        &replayed.characters,
        &last_touch,
        &mut report.differences,
    );
    compare(
        Table::Item,
        &stored.items,
        &replayed.items,
        &last_touch,
        &mut report.differences,
    );
    compare(
        Table::Effect,
        &stored.effects,
        &replayed.effects,
        &last_touch,
        &mut report.differences,
    );
    let (mut invariants, mut differences) = (Vec::new(), Vec::new());
    super::coins::check(&stored, &replayed, &mut invariants, &mut differences);
    let coins = |coins| Finding::Coins { coins };
    report.invariants.extend(invariants.into_iter().map(coins));
    report
        .differences
        .extend(differences.into_iter().map(coins));
    Ok(report)
}
