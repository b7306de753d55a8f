//! `hoard check`: the file (SQLite's integrity and foreign-key checks), the rules' invariants,
//! and a full replay — the state rebuilt from the ledger alone, from the dice its events
//! stored, compared with the state the database holds. Every difference names the event that
//! last touched the row.

use crate::tr;
use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use super::Ctx;
use crate::error::Result;
use crate::ledger::invariants::{self, Breach};
use crate::ledger::{Recorded, State};
use crate::store::events::{self, Filter};
use crate::view::words::Named;

#[derive(Debug, Default, Serialize)]
pub struct Report {
    pub events: usize,
    /// SQLite's `integrity_check` and `foreign_key_check` findings.
    pub file: Vec<String>,
    /// Rows that break a rule of the game whatever the ledger says.
    pub invariants: Vec<String>,
    /// Events the replay could not apply.
    pub conflicts: Vec<String>,
    /// Rows that differ from the replay, with the event that last touched them.
    pub differences: Vec<String>,
}

impl Report {
    pub fn ok(&self) -> bool {
        self.file.is_empty()
            && self.invariants.is_empty()
            && self.conflicts.is_empty()
            && self.differences.is_empty()
    }
}

/// Rebuilds a campaign's state from its events alone, one event at a time, skipping the
/// voided ones; keeps every event that could not stand and the last event touching each row.
#[derive(Debug)]
pub struct Replay {
    pub state: State,
    pub conflicts: Vec<crate::ledger::Conflict>,
    pub last_touch: BTreeMap<String, i64>,
    voided: BTreeMap<i64, i64>,
}

impl Replay {
    pub fn new(voided: BTreeMap<i64, i64>) -> Self {
        Replay {
            state: State::blank(),
            conflicts: Vec::new(),
            last_touch: BTreeMap::new(),
            voided,
        }
    }

    pub fn feed(&mut self, rec: &Recorded) {
        if self.voided.contains_key(&rec.seq) {
            // It no longer counts; its number stays taken.
            self.state.last_seq = rec.seq;
            return;
        }
        for id in rec.event.refs() {
            self.last_touch.insert(id.clone(), rec.seq);
        }
        if let Err(conflict) = self.state.apply(rec) {
            self.conflicts.push(conflict);
            // Keep numbering so later events still apply in order.
            self.state.last_seq = rec.seq;
        }
    }

    /// Replay a whole campaign's ledger.
    pub async fn campaign(
        conn: &mut crate::store::Conn,
        campaign: i64,
        voided: BTreeMap<i64, i64>,
    ) -> Result<Self> {
        let mut replay = Replay::new(voided);
        events::select(conn, campaign, &Filter::default(), |rec| {
            replay.feed(&rec);
            Ok::<_, crate::error::Error>(())
        })
        .await?;
        // Nothing is changed yet; what the events created, and by which event, is kept for a
        // state that replaces the stored one.
        replay.state.changed = crate::ledger::Changed {
            created: std::mem::take(&mut replay.state.changed.created),
            ..Default::default()
        };
        Ok(replay)
    }
}

/// A broken invariant, in words, naming the rows by name.
fn breach_words(state: &State, breach: Breach) -> String {
    let item = |id: &str| match state.items.get(id) {
        Some(i) => label(&serde_json::json!({ "name": i.name() }), id),
        None => id.to_string(),
    };
    let who = |id: &str| match state.characters.get(id) {
        Some(c) => c.name.clone(),
        None => id.to_string(),
    };
    match breach {
        Breach::NegativeCharges { item: i } => {
            tr!(
                "item {}: negative charges",
                "objet {} : charges négatives",
                item(&i)
            )
        }
        Breach::DrainedWithCharges { item: i } => tr!(
            "item {}: drained but holds charges",
            "objet {} : vidé mais encore chargé",
            item(&i)
        ),
        Breach::HolderMissing { item: i, .. } => tr!(
            "item {}: held by a character who does not exist",
            "objet {} : porté par un personnage qui n'existe pas",
            item(&i)
        ),
        Breach::WornUnheld { item: i } => tr!(
            "item {}: worn or in hand, but nobody holds it",
            "objet {} : porté ou en main, mais personne ne le détient",
            item(&i)
        ),
        Breach::GoneInUse { item: i } => tr!(
            "item {}: gone, yet still worn or in control",
            "objet {} : disparu, mais encore porté ou en contrôle",
            item(&i)
        ),
        Breach::ControlByNonSword { item: i } => tr!(
            "item {}: controls someone but is no sentient sword",
            "objet {} : contrôle quelqu'un sans être une épée intelligente",
            item(&i)
        ),
        Breach::ControlOverNonHolder { item: i, character } => tr!(
            "sword {}: controls {}, who does not hold it",
            "épée {} : contrôle {}, qui ne la tient pas",
            item(&i),
            who(&character)
        ),
        Breach::TwoMasters { character, swords } => {
            let swords: Vec<String> = swords.iter().map(|s| item(s)).collect();
            tr!(
                "{} is controlled by two swords at once ({})",
                "{} est contrôlé par deux épées à la fois ({})",
                who(&character),
                swords.join(", ")
            )
        }
        Breach::WaitingForNothing { item: i, sword } => tr!(
            "sword {}: a circumstance waits on a sword that does not exist ({sword})",
            "épée {} : une circonstance attend une épée qui n'existe pas ({sword})",
            item(&i)
        ),
        Breach::BoundUnheld { item: i } => tr!(
            "item {}: bound to its owner, yet nobody holds it",
            "objet {} : lié à son possesseur, mais personne ne le détient",
            item(&i)
        ),
        Breach::EffectOnNobody { effect, .. } => tr!(
            "effect {effect}: on a character who does not exist",
            "effet {effect} : sur un personnage qui n'existe pas"
        ),
        Breach::SheetOutOfRange { character } => tr!(
            "character {}: hit points, ability scores, level, XP or share out of range",
            "personnage {} : points de vie, caractéristiques, niveau, XP ou part hors limites",
            who(&character)
        ),
        Breach::CoinsUnbalanced => super::coins::unbalanced(state),
    }
}

/// The fields that differ between two values, as `path: stored → replayed`.
fn differences(path: &str, a: &serde_json::Value, b: &serde_json::Value, out: &mut Vec<String>) {
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
        _ if a != b => out.push(tr!(
            "{path} is {a} in the database, {b} by the ledger",
            "{path} vaut {a} dans la base, {b} selon le registre"
        )),
        _ => {}
    }
}

/// Name rows by their `name` field when they have one.
fn label(value: &serde_json::Value, id: &str) -> String {
    match value.get("name").and_then(|n| n.as_str()) {
        Some(name) => format!("{name} ({})", crate::ledger::short_id(id)),
        None => id.to_string(),
    }
}

fn compare<T: PartialEq + Serialize>(
    what: &str,
    stored: &BTreeMap<String, T>,
    replayed: &BTreeMap<String, T>,
    last_touch: &BTreeMap<String, i64>,
    out: &mut Vec<String>,
) {
    let ids: BTreeSet<&String> = stored.keys().chain(replayed.keys()).collect();
    for id in ids {
        let event = last_touch
            .get(id)
            .map(|s| tr!("event #{s}", "l'événement n°{s}"))
            .unwrap_or_else(|| tr!("no event", "aucun événement"));
        match (stored.get(id), replayed.get(id)) {
            (Some(a), Some(b)) if a != b => {
                let (a, b) = (
                    serde_json::to_value(a).unwrap_or_default(),
                    serde_json::to_value(b).unwrap_or_default(),
                );
                let mut fields = Vec::new();
                differences("", &a, &b, &mut fields);
                out.push(tr!(
                    "{what} {}: {} (last touched by {event})",
                    "{what} {} : {} (dernière modification par {event})",
                    label(&a, id),
                    fields.join("; ")
                ));
            }
            (Some(_), None) => out.push(tr!(
                "{what} {id} is in the database but no event made it",
                "{what} {id} est dans la base mais aucun événement ne l'a créé"
            )),
            (None, Some(_)) => out.push(tr!(
                "{what} {id} is missing from the database ({event} made it)",
                "{what} {id} manque dans la base ({event} l'a créé)"
            )),
            _ => {}
        }
    }
}

pub async fn check(cx: &mut Ctx) -> Result<Report> {
    let found = cx.campaign().await?;
    let campaign = found.id;
    let mut report = Report::default();
    let (integrity, dangling) = cx.conn().file_problems().await?;
    report.file.extend(integrity);
    if dangling > 0 {
        report.file.push(tr!(
            "{} rows point to rows that do not exist",
            "{} lignes renvoient à des lignes qui n'existent pas",
            dangling
        ));
    }

    let stored = crate::store::state::load_all(cx.conn(), found).await?;
    report.invariants = invariants::breaches(&stored)
        .into_iter()
        .map(|breach| breach_words(&stored, breach))
        .collect();

    let voided = events::voided(cx.conn(), campaign).await?;
    let stored_voids = events::void_marks(cx.conn(), campaign).await?;
    if stored_voids != voided.iter().map(|(a, b)| (*a, *b)).collect::<Vec<_>>() {
        report.differences.push(tr!(
            "the list of voided events differs from the ledger's void events",
            "la liste des événements annulés diffère des annulations du registre"
        ));
    }
    let replay = Replay::campaign(cx.conn(), campaign, voided).await?;
    report.events = replay.state.last_seq as usize;
    let (replayed, conflicts, last_touch) = (replay.state, replay.conflicts, replay.last_touch);
    report.conflicts = conflicts
        .iter()
        .map(|c| crate::i18n::Worded(c).to_string())
        .collect();
    if stored.campaign != replayed.campaign {
        let mut fields = Vec::new();
        differences(
            "",
            &serde_json::to_value(&stored.campaign).unwrap_or_default(),
            &serde_json::to_value(&replayed.campaign).unwrap_or_default(),
            &mut fields,
        );
        report
            .differences
            .push(tr!("campaign: {}", "campagne : {}", fields.join("; ")));
    }
    if stored.last_seq != replayed.last_seq {
        report.differences.push(tr!(
            "the ledger ends at #{} but the campaign counts #{}",
            "le registre s'arrête au n°{} mais la campagne compte le n°{}",
            replayed.last_seq,
            stored.last_seq
        ));
    }
    let sessions = |s: &State| -> BTreeMap<String, _> {
        s.sessions
            .iter()
            .map(|(n, v)| (n.to_string(), v.clone()))
            .collect()
    };
    compare(
        &tr!("session", "session"),
        &sessions(&stored),
        &sessions(&replayed),
        &BTreeMap::new(),
        &mut report.differences,
    );
    compare(
        &tr!("character", "personnage"),
        &stored.characters,
        &replayed.characters,
        &last_touch,
        &mut report.differences,
    );
    compare(
        &tr!("item", "objet"),
        &stored.items,
        &replayed.items,
        &last_touch,
        &mut report.differences,
    );
    compare(
        &tr!("effect", "effet"),
        &stored.effects,
        &replayed.effects,
        &last_touch,
        &mut report.differences,
    );
    super::coins::check(
        &stored,
        &replayed,
        &mut report.invariants,
        &mut report.differences,
    );
    Ok(report)
}
