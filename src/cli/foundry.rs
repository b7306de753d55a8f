//! `hoard export --foundry ose|dnd5e -o DIR [ITEM…] [--holder C] [--session N] [--as C]
//! [--force]`: the items as Foundry VTT documents, written into DIR — one file per item for
//! "Import Data", and a module whose pack sources `fvtt package pack` compiles. This edge
//! chooses the words (the same lines as `item show` and `item history`) and writes the
//! files; `foundry` builds the documents; the app reads what they hold.

use std::collections::HashMap;
use std::io::Write as _;
use std::path::{Component, Path, PathBuf};

use super::args::foundry::{FoundryArgs, FoundrySystem};
use super::out::Out;
use crate::app::foundry::{Gathered, Selection};
use crate::app::{self, Ctx};
use crate::error::{Error, Result};
use crate::foundry::{self, File, Piece, System, View, Words};
use crate::rules::knowledge::KnownName;
use crate::tr;
use crate::view::inert::safe;
use crate::view::words::Labelled;

pub async fn export(
    cx: &mut Ctx,
    out: &mut Out,
    system: FoundrySystem,
    args: FoundryArgs,
    viewer: Option<&str>,
    dir: &Path,
    force: bool,
) -> Result<()> {
    let system = match system {
        FoundrySystem::Ose => System::Ose,
        FoundrySystem::Dnd5e => System::Dnd5e,
    };
    let selection = Selection {
        items: args.items,
        holder: args.holder,
        session: cx.named_session().await?,
    };
    // Refuse a folder in use before reading anything.
    check_dir(dir, force)?;
    let Gathered {
        campaign,
        pieces,
        left_out,
    } = app::foundry::gather(cx, &selection, viewer).await?;
    let tables = match args.roll_tables {
        true => Some(app::foundry::tables(cx).await?),
        false => None,
    };
    if pieces.is_empty() {
        return Err(Error::NotFound(tr!(
            "no item to export: nothing matches (items gone for good are left out unless named)",
            "aucun objet à exporter : rien ne correspond (les objets disparus sont écartés sauf s'ils sont nommés)"
        ).into()));
    }
    // The documents are worded in the Foundry world's language, not the reader's: the same
    // files whatever `--lang` says.
    let (worded, files, names, left_names) = crate::i18n::within(args.pack_lang.into(), async {
        let worded: Vec<(Piece, Words)> = pieces
            .into_iter()
            .map(|piece| {
                let words = words(&piece);
                (piece, words)
            })
            .collect();
        let files = foundry::files(system, &campaign, &worded, tables.as_ref());
        let name = |known: &KnownName| foundry::clean(&crate::i18n::Worded(known).to_string());
        let names: HashMap<String, String> = worded
            .iter()
            .map(|(p, _)| (p.seen.id.clone(), name(&p.seen.name)))
            .collect();
        let left: Vec<String> = left_out.iter().map(|(_, known, _)| name(known)).collect();
        (worded, files, names, left)
    })
    .await;
    // A dry run lists what it would write, and writes nothing (not even the folder).
    let dry = cx.dry_run();
    if !dry {
        let mode = if args.private {
            Mode::PRIVATE
        } else {
            Mode::SHARED
        };
        write_all(dir, &files, force, mode)?;
    }
    let shown = |path: &Path| safe(&dir.join(path).display().to_string());
    let name_of = |id: &Option<String>| id.as_deref().and_then(|id| names.get(id)).cloned();
    if out.json() {
        let listed: Vec<_> = files
            .iter()
            .map(|f| {
                serde_json::json!({
                    "path": dir.join(&f.path),
                    "item": f.item,
                    "table": f.table,
                    "name": name_of(&f.item),
                })
            })
            .collect();
        let left: Vec<_> = left_out
            .iter()
            .zip(&left_names)
            .map(|((id, _, status), name)| serde_json::json!({ "id": id, "name": name, "status": status }))
            .collect();
        return out.doc(&serde_json::json!({
            "system": system.id(),
            "system_version": system.version(),
            "core_version": foundry::CORE_VERSION,
            "dir": dir,
            "dry_run": dry,
            "items": worded.len(),
            "files": listed,
            "left_out": left,
        }));
    }
    let n = crate::i18n::counted(
        worded.len() as i64,
        ("item", "items"),
        if dry {
            ("objet", "objets")
        } else {
            ("objet exporté", "objets exportés")
        },
    );
    let (system_id, version, into) = (
        system.id(),
        system.version(),
        safe(&dir.display().to_string()),
    );
    let core = foundry::CORE_VERSION;
    out.line(&if dry {
        tr!(
            "Would export {n} as Foundry VTT documents for {system_id} {version} (Foundry {core}) into {into}:",
            "Exporterait {n} en documents Foundry VTT pour {system_id} {version} (Foundry {core}) dans {into} :"
        )
    } else {
        tr!(
            "Exported {n} as Foundry VTT documents for {system_id} {version} (Foundry {core}) into {into}:",
            "{n} en documents Foundry VTT pour {system_id} {version} (Foundry {core}) dans {into} :"
        )
    })?;
    for f in &files {
        let name = name_of(&f.item)
            .or_else(|| f.table.clone())
            .map(|n| format!("  {}", safe(&n)))
            .unwrap_or_default();
        out.line(&format!("  {}{name}", shown(&f.path)))?;
    }
    for ((_, _, status), name) in left_out.iter().zip(&left_names) {
        out.line(&tr!(
            "  left out: {} ({})",
            "  écarté : {} ({})",
            safe(name),
            crate::view::item::status_label(*status)
        ))?;
    }
    Ok(())
}

/// The words of one item: the referee's lines of `item show` and `item history`, or what one
/// character knows as `item show --as` tells it.
fn words(piece: &Piece) -> Words {
    let (seen, item) = (&piece.seen, piece.item());
    let holder = piece.holder.as_deref();
    match piece.view {
        View::Referee => {
            let mind = seen.mind.as_ref();
            let mut facts = crate::view::item::details_seen(item, holder, None, mind, None);
            for r in &piece.running {
                let who = safe(&r.character);
                facts.push(match r.rounds_left {
                    Some(left) => {
                        let left = crate::i18n::time::span(left);
                        tr!(
                            "  {who} is under its effect: {left} left",
                            "  {who} est sous son effet : encore {left}"
                        )
                    }
                    None => tr!(
                        "  {who} is under its effect until the referee ends it",
                        "  {who} est sous son effet jusqu'à ce que le MD y mette fin"
                    ),
                });
            }
            Words {
                facts,
                look: crate::i18n::known::look(crate::rules::knowledge::disguise(item)).to_string(),
                history: piece
                    .history
                    .iter()
                    .map(crate::view::describe::line)
                    .collect(),
            }
        }
        View::Player => {
            let name = crate::i18n::Worded(&seen.name).to_string();
            let mut facts = vec![format!("{} ({})", safe(&name), item.category.label())];
            // The lines of `item show --as`, without its id (Foundry lists them trimmed).
            facts.extend(crate::view::item::known_lines(seen, holder));
            Words {
                facts,
                look: name,
                history: Vec::new(),
            }
        }
    }
}

/// `path` is a symbolic link hoard will not write through.
fn link(path: &Path) -> String {
    let shown = safe(&path.display().to_string());
    tr!(
        "{shown} is a symbolic link: hoard writes only into a real folder; give its target instead",
        "{shown} est un lien symbolique : hoard n'écrit que dans un vrai dossier ; donnez plutôt sa cible"
    )
}

fn invalid(why: String) -> Error {
    Error::Invalid(why.into())
}

/// Refuse a symbolic link, a file, or a folder with anything in it (unless `force`). A
/// folder still to be made is made in the nearest one that exists, which must not be a
/// symbolic link either (`-o link/new` would write through it).
fn check_dir(dir: &Path, force: bool) -> Result<()> {
    let Ok(meta) = std::fs::symlink_metadata(dir) else {
        let existing = dir
            .ancestors()
            .skip(1)
            .filter(|a| !a.as_os_str().is_empty())
            .find(|a| std::fs::symlink_metadata(a).is_ok());
        return match existing {
            Some(parent) if std::fs::symlink_metadata(parent)?.file_type().is_symlink() => {
                Err(invalid(link(parent)))
            }
            _ => Ok(()),
        };
    };
    if meta.file_type().is_symlink() {
        return Err(invalid(link(dir)));
    }
    let shown = safe(&dir.display().to_string());
    if !meta.is_dir() {
        return Err(invalid(tr!(
            "{shown} is a file, not a folder: give a folder to write the export into",
            "{shown} est un fichier, pas un dossier : donnez un dossier où écrire l'export"
        )));
    }
    let empty = std::fs::read_dir(dir).map_err(Error::Io)?.next().is_none();
    if !empty && !force {
        return Err(invalid(tr!(
            "{shown} is not empty: choose a new folder, or add --force to write into it",
            "{shown} n'est pas vide : choisissez un nouveau dossier, ou ajoutez --force pour y écrire"
        )));
    }
    Ok(())
}

/// The permissions of what an export creates: files, folders.
#[derive(Clone, Copy)]
struct Mode {
    file: u32,
    folder: u32,
}

impl Mode {
    /// For another program (a Foundry server, perhaps another user's): readable by all.
    const SHARED: Mode = Mode {
        file: 0o644,
        folder: 0o755,
    };
    /// `--private`: readable by their owner only.
    const PRIVATE: Mode = Mode {
        file: 0o600,
        folder: 0o700,
    };
}

/// Write the files under `dir` with `mode`. Every path is checked first — plain relative
/// names, no symbolic link on the way, no folder where a file goes — so a refused export
/// writes nothing; then what an earlier export left of the same documents under other names
/// goes (`stale`), and files are created anew, never written through a link.
fn write_all(dir: &Path, files: &[File], force: bool, mode: Mode) -> Result<()> {
    check_dir(dir, force)?;
    for f in files {
        let inside = f
            .path
            .components()
            .all(|c| matches!(c, Component::Normal(_)));
        let shown = safe(&dir.join(&f.path).display().to_string());
        if !inside {
            return Err(Error::Conflict(
                tr!(
                    "refusing to write {shown}: it is not a plain name inside the export folder",
                    "refus d'écrire {shown} : ce n'est pas un simple nom dans le dossier d'export"
                )
                .into(),
            ));
        }
        let mut at = dir.to_path_buf();
        for (n, part) in f.path.iter().enumerate() {
            at.push(part);
            let last = n + 1 == f.path.iter().count();
            match std::fs::symlink_metadata(&at) {
                Ok(m) if m.file_type().is_symlink() => {
                    return Err(invalid(tr!(
                        "{} is a symbolic link: hoard does not write through links; remove it or choose a new folder",
                        "{} est un lien symbolique : hoard n'écrit pas à travers un lien ; supprimez-le ou choisissez un nouveau dossier",
                        safe(&at.display().to_string())
                    )));
                }
                Ok(m) if last && m.is_dir() => {
                    return Err(invalid(tr!(
                        "{shown} is a folder where the export puts a file: move it away",
                        "{shown} est un dossier là où l'export met un fichier : déplacez-le"
                    )));
                }
                Ok(m) if !last && !m.is_dir() => {
                    return Err(invalid(tr!(
                        "{} is a file where the export puts a folder: move it away",
                        "{} est un fichier là où l'export met un dossier : déplacez-le",
                        safe(&at.display().to_string())
                    )));
                }
                _ => {}
            }
        }
    }
    for path in stale(dir, files) {
        std::fs::remove_file(&path).map_err(|e| cannot(&path, e))?;
    }
    for f in files {
        let path = dir.join(&f.path);
        if let Some(parent) = path.parent() {
            create_dirs(parent, mode)?;
        }
        write_new(&path, &f.bytes, mode)?;
    }
    Ok(())
}

/// The files an earlier export wrote of the documents this one writes, under a name this one
/// does not use (the item was renamed): in a pack's sources two files with one `_key` make
/// `fvtt package pack` fail, and beside the documents they would be stale twins. Only plain
/// JSON files holding one of this export's `_id`s go; whatever else is there stays (an
/// earlier session's items, the referee's own files).
fn stale(dir: &Path, files: &[File]) -> Vec<PathBuf> {
    let id = |bytes: &[u8]| {
        serde_json::from_slice::<serde_json::Value>(bytes)
            .ok()
            .and_then(|doc| doc["_id"].as_str().map(String::from))
    };
    let ids: std::collections::BTreeSet<String> =
        files.iter().filter_map(|f| id(&f.bytes)).collect();
    let written: std::collections::BTreeSet<PathBuf> =
        files.iter().map(|f| dir.join(&f.path)).collect();
    let mut folders = vec![dir.to_path_buf()];
    folders.extend(foundry::pack_sources().iter().map(|p| dir.join(p)));
    let mut out = Vec::new();
    for folder in folders {
        // `write_all` checked there is no link on the way to these folders.
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for path in entries.flatten().map(|e| e.path()) {
            let plain = std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_file());
            if plain
                && path.extension().is_some_and(|e| e == "json")
                && !written.contains(&path)
                && std::fs::read(&path)
                    .ok()
                    .and_then(|b| id(&b))
                    .is_some_and(|i| ids.contains(&i))
            {
                out.push(path);
            }
        }
    }
    out
}

/// Make the folders down to `path` that do not exist yet, with `mode`'s permissions (set after
/// creation, whatever the umask); folders already there keep theirs.
fn create_dirs(path: &Path, mode: Mode) -> Result<()> {
    let missing: Vec<&Path> = path
        .ancestors()
        .take_while(|a| !a.as_os_str().is_empty() && std::fs::symlink_metadata(a).is_err())
        .collect();
    for folder in missing.into_iter().rev() {
        std::fs::create_dir(folder).map_err(|e| cannot(folder, e))?;
        permit(folder, mode.folder)?;
    }
    Ok(())
}

/// Set a path's permissions (on Unix; elsewhere the platform's defaults stand).
fn permit(path: &Path, mode: u32) -> Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
            .map_err(|e| cannot(path, e))?;
    }
    #[cfg(not(unix))]
    let _ = (path, mode);
    Ok(())
}

/// Replace the file with a new one of these bytes, with `mode`'s permissions; `create_new`
/// refuses whatever appeared at the path meanwhile, a link included. It is created readable by
/// its owner alone and opened up once written.
fn write_new(path: &Path, bytes: &[u8], mode: Mode) -> Result<()> {
    if std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file()) {
        std::fs::remove_file(path).map_err(|e| cannot(path, e))?;
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(path).map_err(|e| cannot(path, e))?;
    file.write_all(bytes).map_err(|e| cannot(path, e))?;
    permit(path, mode.file)
}

fn cannot(path: &Path, e: std::io::Error) -> Error {
    Error::Io(std::io::Error::new(
        e.kind(),
        tr!(
            "cannot write {}: {e}",
            "impossible d'écrire {} : {e}",
            safe(&PathBuf::from(path).display().to_string())
        ),
    ))
}
