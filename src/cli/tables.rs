//! `hoard tables …`

use std::path::Path;

use serde_json::json;

use super::args::tables::TablesCommand;
use super::out::{Out, table};
use crate::app::{self, Ctx};
use crate::error::{Error, Result};
use crate::i18n::pick;
use crate::rules::tables::Entry;
use crate::tr;
use crate::view::inert::safe;
use crate::view::words::Titled;

/// `tables list|show|check` where no database is read: `tables check DIR`, which only reads
/// the folder, and any of them before a campaign is created, on the shipped tables with the
/// folder `--tables` names laid over them. `None` for `tables roll`, which records.
pub fn without_db(
    out: &mut Out,
    command: &TablesCommand,
    folder: Option<&Path>,
) -> Option<Result<()>> {
    Some(match command {
        TablesCommand::List => app::tables::without_campaign(folder).and_then(|l| list(out, l)),
        TablesCommand::Show { name } => {
            app::tables::without_campaign(folder).and_then(|l| show(out, l, name))
        }
        TablesCommand::Check { dir } => report(
            out,
            app::tables::load(dir.as_deref().or(folder)).map(|l| app::tables::counted(&l.tables)),
        ),
        TablesCommand::Roll { .. } => return None,
    })
}

fn report(
    out: &mut Out,
    result: std::result::Result<usize, Vec<crate::rules::tables::TableError>>,
) -> Result<()> {
    match result {
        Ok(n) => {
            if out.json() {
                return out.doc(&json!({ "ok": true, "tables": n, "errors": [] }));
            }
            out.line(&tr!(
                "{n} tables: all faces covered, all references found.",
                "{n} tables : toutes les faces couvertes, tous les renvois trouvés."
            ))
        }
        Err(errors) => {
            if out.json() {
                let said: Vec<String> = errors
                    .iter()
                    .map(|e| crate::i18n::Worded(e).to_string())
                    .collect();
                let message = said.join("\n");
                out.doc(&json!({ "ok": false, "errors": errors, "message": message }))?;
            } else {
                for e in &errors {
                    eprintln!("{}", safe(&crate::i18n::Worded(&e).to_string()));
                }
            }
            let n = crate::i18n::counted(
                errors.len() as i64,
                ("problem", "problems"),
                ("problème", "problèmes"),
            );
            Err(Error::Invalid(
                tr!("{n} in the tables", "{n} dans les tables").into(),
            ))
        }
    }
}

fn entry_text(entry: &Entry) -> String {
    let mut text = safe(pick(&entry.name, &entry.fr));
    if let Some(t) = &entry.table {
        text = format!("{text} → {t}");
    }
    if entry.reroll {
        text = format!("{text} ↺");
    }
    text
}

/// `tables list`: every table in force.
fn list(out: &mut Out, loaded: app::tables::Loaded) -> Result<()> {
    if out.json() {
        let list: Vec<_> = loaded
            .tables
            .iter()
            .map(|t| json!({ "name": t.name, "title": t.title, "title_fr": t.title_fr, "die": t.die.to_string(), "version": t.version, "entries": t.all_entries().count(), "file": t.file, "hash": t.hash }))
            .collect();
        let treasures: Vec<_> = loaded
            .tables
            .all_treasures()
            .map(|t| json!({ "name": t.name, "title": t.title, "title_fr": t.title_fr, "version": t.version, "types": t.types.len() + t.levels.len(), "file": t.file }))
            .collect();
        let equipment: Vec<_> = loaded
            .tables
            .all_equipment()
            .map(|e| json!({ "name": e.name, "title": e.title, "title_fr": e.title_fr, "version": e.version, "goods": e.goods.len(), "file": e.file }))
            .collect();
        return out.doc(&json!({ "source": loaded.source, "tables": list, "treasure_types": treasures, "equipment": equipment }));
    }
    let mut t = table(&[
        tr!("Table", "Table"),
        tr!("Die", "Dé"),
        tr!("Entries", "Entrées"),
        tr!("Title", "Titre"),
    ]);
    for tb in loaded.tables.iter() {
        t.add_row(vec![
            tb.name.clone(),
            tb.die.to_string(),
            tb.all_entries().count().to_string(),
            tb.title().to_string(),
        ]);
    }
    // Treasure types roll d100 for each part of a type (`hoard treasure types` shows them).
    for tr in loaded.tables.all_treasures() {
        let types = tr.types.len() + tr.levels.len();
        t.add_row(vec![
            tr.name.clone(),
            "d100".into(),
            crate::i18n::counted(types as i64, ("type", "types"), ("type", "types")),
            pick(&tr.title, &tr.title_fr).to_string(),
        ]);
    }
    // Price lists are bought from (`hoard buy`), not rolled.
    for e in loaded.tables.all_equipment() {
        t.add_row(vec![
            e.name.clone(),
            "—".into(),
            crate::i18n::counted(
                e.goods.len() as i64,
                ("goods", "goods"),
                ("article", "articles"),
            ),
            pick(&e.title, &e.title_fr).to_string(),
        ]);
    }
    out.table(t)?;
    out.line(&tr!("Tables: {}", "Tables : {}", safe(&loaded.source)))
}

/// `tables show NAME`: one table's entries.
/// A table file's closing lines: where it comes from and the choices made.
fn source_and_notes(out: &mut Out, source: &str, notes: &str) -> Result<()> {
    out.line(&tr!("Source: {}", "Source : {}", source))?;
    out.line(notes.trim())
}

fn show(out: &mut Out, loaded: app::tables::Loaded, name: &str) -> Result<()> {
    if let Some(e) = loaded.tables.equipment(name) {
        if out.json() {
            return out.doc(&json!({ "name": e.name, "title": e.title, "title_fr": e.title_fr, "version": e.version, "source": e.source, "notes": e.notes, "file": e.file, "goods": e.goods }));
        }
        let title = pick(&e.title, &e.title_fr);
        out.line(&format!("{} — {} (v{})", e.name, safe(title), e.version))?;
        let mut t = table(&[
            tr!("Goods", "Article"),
            tr!("Name", "Nom"),
            tr!("Price", "Prix"),
            tr!("Pieces", "Pièces"),
            tr!("Weight (coins)", "Poids (pièces)"),
        ]);
        for g in &e.goods {
            t.add_row(vec![
                safe(&g.id),
                safe(pick(&g.name, &g.fr)),
                crate::i18n::coins::text(&g.price),
                g.count.to_string(),
                g.weight.to_string(),
            ]);
        }
        out.table(t)?;
        return source_and_notes(out, &e.source, &e.notes);
    }
    if let Some(t) = loaded.tables.treasures(name) {
        if out.json() {
            return out.doc(&json!({ "name": t.name, "title": t.title, "title_fr": t.title_fr, "version": t.version, "source": t.source, "notes": t.notes, "file": t.file, "types": t.types, "levels": t.levels }));
        }
        let title = pick(&t.title, &t.title_fr);
        out.line(&format!("{} — {} (v{})", t.name, safe(title), t.version))?;
        for kind in t.types.iter().chain(&t.levels) {
            out.line(&crate::view::treasure::kind_line(kind))?;
        }
        return source_and_notes(out, &t.source, &t.notes);
    }
    let tb = crate::rules::generate::table(&loaded.tables, name)
        .map_err(|e| Error::NotFound(crate::i18n::Worded(&e).to_string().into()))?;
    if out.json() {
        let entries = |list: &[Entry]| -> Vec<serde_json::Value> {
            list.iter().map(|e| json!({ "roll": e.roll, "name": e.name, "fr": e.fr, "table": e.table, "reroll": e.reroll, "again": e.again, "sum": e.sum })).collect()
        };
        let bands: Vec<_> = tb
            .bands
            .iter()
            .map(|b| json!({ "when": b.when, "entries": entries(&b.entries) }))
            .collect();
        return out.doc(&json!({ "name": tb.name, "title": tb.title, "title_fr": tb.title_fr, "die": tb.die.to_string(), "version": tb.version, "source": tb.source, "notes": tb.notes, "file": tb.file, "key": tb.key, "entries": entries(&tb.entries), "bands": bands }));
    }
    out.line(&format!(
        "{} — {} ({}, v{})",
        tb.name,
        tb.title(),
        tb.die,
        tb.version
    ))?;
    let mut t = table(&[tb.die.to_string(), tr!("Result", "Résultat")]);
    for e in &tb.entries {
        t.add_row(vec![e.roll.clone(), entry_text(e)]);
    }
    for band in &tb.bands {
        for e in &band.entries {
            t.add_row(vec![
                format!(
                    "{} {}: {}",
                    tb.key.as_deref().unwrap_or(""),
                    band.when,
                    e.roll
                ),
                entry_text(e),
            ]);
        }
    }
    out.table(t)?;
    source_and_notes(out, &tb.source, &tb.notes)
}

pub async fn run(cx: &mut Ctx, out: &mut Out, command: TablesCommand) -> Result<()> {
    match command {
        TablesCommand::List => list(out, app::tables::for_campaign(cx).await?),
        TablesCommand::Show { name } => show(out, app::tables::for_campaign(cx).await?, &name),
        TablesCommand::Roll { name, key } => {
            let rolled = app::tables::roll(cx, &name, key).await?;
            let Some(last) = rolled.rolls.last() else {
                return Ok(());
            };
            if out.json() {
                let rolls: Vec<_> = rolled
                    .rolls
                    .iter()
                    .map(|r| json!({ "roll": r.roll, "entry": r.entry, "entry_fr": r.entry_fr, "reroll": r.reroll }))
                    .collect();
                return out.doc(&json!({ "table": rolled.table, "roll": last.roll, "entry": last.entry, "entry_fr": last.entry_fr, "table_next": rolled.leads_to, "rolls": rolls }));
            }
            // Every roll but the last said « roll again » (and says so in its own words).
            for r in &rolled.rolls {
                let next = match &rolled.leads_to {
                    Some(t) if !r.reroll => tr!(" (roll on {t})", " (lancez sur {t})"),
                    _ => String::new(),
                };
                out.line(&format!(
                    "{}: {} → {}{next}",
                    rolled.table,
                    r.roll.describe(),
                    safe(pick(&r.entry, &r.entry_fr))
                ))?;
            }
            Ok(())
        }
        TablesCommand::Check { dir } => {
            let result = app::tables::check(cx, dir.as_deref()).await?;
            report(out, result)
        }
    }
}
