//! `hoard void`, `undo`, `backup`, `export`, `import`.

use std::io::Write as _;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::describe::describe;
use super::log::EventView;
use super::out::{Out, safe};
use super::progress::{Mode, Progress};
use crate::app::history::Voided;
use crate::app::{self, Ctx};
use crate::error::{Error, Result};
use crate::tr;

#[derive(Debug, Args)]
pub struct VoidArgs {
    /// The event's number, as `hoard log` shows it
    pub event: i64,
}

#[derive(Debug, Args)]
pub struct BackupArgs {
    /// Where to write the copy (must not exist)
    pub path: PathBuf,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Format {
    Json,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// JSON lines: a header, then every event
    #[arg(long, value_enum, default_value = "json")]
    pub format: Format,
    /// A player's view: one character's sheet and what they know of what they carry (with
    /// --foundry: the items as they know them)
    #[arg(long = "as", value_name = "CHARACTER")]
    pub as_character: Option<String>,
    /// Write to this file (with --foundry: this folder) instead of standard output
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub foundry: super::foundry::FoundryArgs,
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// An export (`-` for standard input)
    pub file: PathBuf,
    /// Name the new campaign this instead of the name in the file
    #[arg(long = "as", value_name = "NAME")]
    pub name: Option<String>,
}

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
    let v = app::history::void(cx, a.event).await?;
    voided(out, &v)
}

pub async fn undo(cx: &mut Ctx, out: &mut Out) -> Result<()> {
    let v = app::history::undo(cx).await?;
    voided(out, &v)
}

pub async fn backup(cx: &mut Ctx, out: &mut Out, a: BackupArgs) -> Result<()> {
    let bytes = app::export::backup(cx, &a.path).await?;
    if out.json() {
        return out.doc(&serde_json::json!({ "path": a.path, "bytes": bytes }));
    }
    let path = safe(&a.path.display().to_string());
    out.line(&tr!(
        "Backed up to {path} ({bytes} bytes).",
        "Sauvegardé dans {path} ({bytes} octets)."
    ))
}

pub async fn export(cx: &mut Ctx, out: &mut Out, a: ExportArgs) -> Result<()> {
    if let (Some(system), Some(dir)) = (a.foundry.foundry, &a.output) {
        let viewer = a.as_character.as_deref();
        return super::foundry::export(cx, out, system, a.foundry, viewer, dir).await;
    }
    if let Some(who) = &a.as_character {
        let view = app::export::player(cx, who).await?;
        return match &a.output {
            Some(path) => {
                let text = serde_json::to_string_pretty(&view).map_err(|e| Error::Io(e.into()))?;
                std::fs::write(path, text + "\n").map_err(Error::Io)
            }
            None => out.doc(&view),
        };
    }
    match &a.output {
        Some(path) => {
            let file = std::fs::File::create(path).map_err(|e| {
                Error::Io(std::io::Error::new(
                    e.kind(),
                    tr!(
                        "cannot create {}: {e}",
                        "impossible de créer {} : {e}",
                        path.display()
                    ),
                ))
            })?;
            let mut w = std::io::BufWriter::new(file);
            let events = app::export::export(cx, &mut w).await?;
            w.flush().map_err(Error::Io)?;
            let path = safe(&path.display().to_string());
            if out.json() {
                return out.doc(&serde_json::json!({ "path": path, "events": events }));
            }
            out.line(&tr!(
                "Exported {events} events to {path}.",
                "{events} événements exportés dans {path}."
            ))
        }
        None => {
            let stdout = std::io::stdout();
            let mut w = std::io::BufWriter::new(stdout.lock());
            app::export::export(cx, &mut w).await?;
            w.flush().map_err(Error::Io)
        }
    }
}

pub async fn import(cx: &mut Ctx, out: &mut Out, a: ImportArgs, mode: Mode) -> Result<()> {
    let mut bar = Progress::new(mode, 0);
    let mut report = |done: i64, total: i64| bar.set(done.max(0) as u64, total.max(0) as u64);
    let (name, events) = if a.file.as_os_str() == "-" {
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        app::export::import(cx, &mut input, a.name.as_deref(), &mut report).await?
    } else {
        let file = std::fs::File::open(&a.file).map_err(|e| {
            Error::NotFound(tr!(
                "cannot read {}: {e}",
                "impossible de lire {} : {e}",
                a.file.display()
            ))
        })?;
        let mut input = std::io::BufReader::new(file);
        app::export::import(cx, &mut input, a.name.as_deref(), &mut report).await?
    };
    bar.finish();
    if out.json() {
        return out.doc(&serde_json::json!({ "campaign": name, "events": events }));
    }
    let name = safe(&name);
    out.line(&tr!(
        "Imported campaign {name}: {events} events.",
        "Campagne {name} importée : {events} événements."
    ))
}
