//! `hoard void`, `undo`, `backup`, `export`, `import`.

use std::io::Write as _;

use super::args::history::{BackupArgs, ExportArgs, ImportArgs, VoidArgs};
use super::out::Out;
use super::progress::{Mode, Progress};
use crate::app::history::Voided;
use crate::app::{self, Ctx};
use crate::error::{Error, Result};
use crate::files::Destination;
use crate::i18n::EVENT;
use crate::i18n::counted;
use crate::ledger::EventView;
use crate::tr;
use crate::view::describe::describe;
use crate::view::inert::safe;

fn voided(out: &mut Out, v: &Voided) -> Result<()> {
    if out.json() {
        return out.doc(&serde_json::json!({
            "target": EventView::of(&v.target),
            "events": v.events,
            "void": EventView::of(&v.void),
        }));
    }
    out.event(&v.void.event)?;
    let what = describe(&v.target.event);
    out.line(&tr!("  it was: {what}", "  c'était : {what}"))?;
    out.line(&tr!(
        "  the state is rebuilt from the ledger without it.",
        "  l'état est reconstruit depuis le registre sans lui."
    ))
}

pub async fn void(cx: &mut Ctx, out: &mut Out, a: VoidArgs) -> Result<()> {
    let v = app::history::void(cx, a.event, a.force).await?;
    voided(out, &v)
}

pub async fn undo(cx: &mut Ctx, out: &mut Out, force: bool) -> Result<()> {
    let v = app::history::undo(cx, force).await?;
    voided(out, &v)
}

pub async fn redo(cx: &mut Ctx, out: &mut Out) -> Result<()> {
    let r = app::history::redo(cx).await?;
    if out.json() {
        let events: Vec<_> = r
            .events
            .iter()
            .map(|(was, now)| serde_json::json!({ "was": was, "event": EventView::of(now) }))
            .collect();
        return out.doc(&serde_json::json!({ "void": r.void, "events": events }));
    }
    for (was, now) in &r.events {
        out.event(&now.event)?;
        out.line(&tr!(
            "  again, with the dice of #{was}",
            "  de nouveau, avec les dés du n°{was}"
        ))?;
    }
    Ok(())
}

pub async fn backup(cx: &mut Ctx, out: &mut Out, a: BackupArgs) -> Result<()> {
    let path = safe(&a.path.display().to_string());
    let Some(copy) = app::export::backup(cx, &a.path, a.force).await? else {
        return out.line(&tr!(
            "dry run: would back up to {path}",
            "essai : sauvegarderait dans {path}"
        ));
    };
    if out.json() {
        return out.doc(&serde_json::json!({
            "path": a.path,
            "bytes": copy.bytes,
            "campaigns": copy.campaigns,
            "events": copy.events,
        }));
    }
    let (bytes, campaigns, events) = (
        counted(copy.bytes as i64, ("byte", "bytes"), ("octet", "octets")),
        counted(
            copy.campaigns as i64,
            ("campaign", "campaigns"),
            ("campagne", "campagnes"),
        ),
        counted(copy.events, EVENT[0], EVENT[1]),
    );
    out.line(&tr!(
        "Backed up to {path} ({bytes}: {campaigns}, {events}).",
        "Sauvegardé dans {path} ({bytes} : {campaigns}, {events})."
    ))
}

pub async fn export(cx: &mut Ctx, out: &mut Out, a: ExportArgs) -> Result<()> {
    if let Some(system) = a.foundry.foundry {
        let Some(dir) = &a.output else {
            return Err(Error::Invalid(
                tr!(
                    "--foundry writes a folder of documents: name it with --output DIR",
                    "--foundry écrit un dossier de documents : nommez-le avec --output DOSSIER"
                )
                .into(),
            ));
        };
        let viewer = a.as_character.as_deref();
        return super::foundry::export(cx, out, system, a.foundry, viewer, dir, a.force).await;
    }
    let Some(path) = &a.output else {
        let stdout = std::io::stdout();
        // The lines made inert wherever they go: the escapes mean the same characters, so the
        // file reads back the same.
        let mut w =
            crate::view::inert::InertLines::new(std::io::BufWriter::new(stdout.lock()), true);
        match &a.as_character {
            Some(who) => {
                let view = app::export::player(cx, who).await?;
                drop(w);
                return out.doc(&view);
            }
            None => app::export::export(cx, &mut w).await?,
        };
        return w.flush().map_err(Error::Io);
    };
    let destination = Destination::check(path, cx.db.file(), a.force)?;
    let shown = safe(&path.display().to_string());
    if cx.dry_run() {
        return out.line(&tr!(
            "dry run: would export to {shown}",
            "essai : exporterait dans {shown}"
        ));
    }
    let mut file = destination.pending()?;
    let mut inert = crate::view::inert::InertLines::new(&mut file, true);
    let events = match &a.as_character {
        Some(who) => {
            let view = app::export::player(cx, who).await?;
            serde_json::to_writer_pretty(&mut inert, &view).map_err(|e| Error::Io(e.into()))?;
            inert.write_all(b"\n").map_err(Error::Io)?;
            None
        }
        None => Some(app::export::export(cx, &mut inert).await?),
    };
    inert.flush().map_err(Error::Io)?;
    drop(inert);
    file.finish()?;
    if out.json() {
        return out.doc(&serde_json::json!({ "path": path, "events": events }));
    }
    match events {
        Some(events) => out.line(&tr!(
            "Exported {} to {shown}.",
            "{} dans {shown}.",
            counted(
                events,
                ("event", "events"),
                ("événement exporté", "événements exportés")
            )
        )),
        None => out.line(&tr!(
            "Exported the player's view to {shown}.",
            "Vue du joueur exportée dans {shown}."
        )),
    }
}

pub async fn import(cx: &mut Ctx, out: &mut Out, a: ImportArgs, mode: Mode) -> Result<()> {
    let mut bar = Progress::new(mode, 0);
    let mut report = |done: i64, total: i64| bar.set(done.max(0) as u64, total.max(0) as u64);
    let (name, events) = if a.file.as_os_str() == "-" {
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        // What was read from a pipe cannot be read again, so a collision with another
        // process (see `cli::main`'s retry) is told rather than retried on an empty input.
        app::export::import(cx, &mut input, a.name.as_deref(), &mut report)
            .await
            .map_err(|e| match e {
                e if app::open::contention(&e) => Error::Conflict(tr!(
                    "another process recorded at the same moment (a campaign of this name?), so nothing was imported; run the import again",
                    "un autre processus a écrit au même moment (une campagne de ce nom ?), rien n'a donc été importé ; relancez l'import"
                ).into()),
                e => e,
            })?
    } else {
        let file = std::fs::File::open(&a.file).map_err(|e| {
            Error::NotFound(
                tr!(
                    "cannot read {}: {e}",
                    "impossible de lire {} : {e}",
                    a.file.display()
                )
                .into(),
            )
        })?;
        let mut input = std::io::BufReader::new(file);
        app::export::import(cx, &mut input, a.name.as_deref(), &mut report).await?
    };
    bar.finish();
    if out.json() {
        return out.doc(&serde_json::json!({ "campaign": name, "events": events }));
    }
    let [en, fr] = EVENT;
    let (name, events) = (safe(&name), counted(events, en, fr));
    out.line(&tr!(
        "Imported campaign {name}: {events}.",
        "Campagne {name} importée : {events}."
    ))
}
