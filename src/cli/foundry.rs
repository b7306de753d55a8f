//! `hoard export --foundry ose|dnd5e -o DIR [ITEM…] [--holder C] [--session N] [--as C]
//! [--force]`: the items as Foundry VTT documents, written into DIR — one file per item for
//! "Import Data", and a module whose pack sources `fvtt package pack` compiles. This edge
//! chooses the words (the same lines as `item show` and `item history`) and writes the
//! files; `foundry` builds the documents; the app reads what they hold.

use std::collections::{BTreeSet, HashMap};
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
        current,
    } = app::foundry::gather(cx, &selection, viewer).await?;
    same_kind(dir, system, &campaign)?;
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
        let left: Vec<String> = left_out.iter().map(|(_, known, ..)| name(known)).collect();
        (worded, files, names, left)
    })
    .await;
    // A dry run lists what it would write, and writes nothing (not even the folder).
    let dry = cx.dry_run();
    let removed = stale(dir, &files, &current);
    if !dry {
        let mode = if args.private {
            Mode::PRIVATE
        } else {
            Mode::SHARED
        };
        write_all(dir, &files, &removed, force, mode)?;
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
            .map(|((id, _, status, _), name)| serde_json::json!({ "id": id, "name": name, "status": status }))
            .collect();
        return out.doc(&serde_json::json!({
            "system": system.id(),
            "system_version": system.version(),
            "core_version": foundry::CORE_VERSION,
            "dir": dir,
            "dry_run": dry,
            "items": worded.len(),
            "files": listed,
            "removed": removed,
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
    for path in &removed {
        let path = safe(&path.display().to_string());
        out.line(&if dry {
            tr!(
                "  would remove: {path} (an earlier export's, no longer current)",
                "  supprimerait : {path} (d'un export précédent, périmé)"
            )
        } else {
            tr!(
                "  removed: {path} (an earlier export's, no longer current)",
                "  supprimé : {path} (d'un export précédent, périmé)"
            )
        })?;
    }
    for ((_, _, status, look), name) in left_out.iter().zip(&left_names) {
        out.line(&tr!(
            "  left out: {} ({})",
            "  écarté : {} ({})",
            safe(name),
            crate::view::item::status_word(*status, *look)
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
/// writes nothing; then what an earlier export left that this one replaces goes (`stale`),
/// and files are created anew, never written through a link.
fn write_all(dir: &Path, files: &[File], stale: &[PathBuf], force: bool, mode: Mode) -> Result<()> {
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
    for path in stale {
        std::fs::remove_file(path).map_err(|e| cannot(path, e))?;
    }
    // A pack left without sources goes too, so no empty pack is left to compile.
    for folder in foundry::pack_sources().map(|p| dir.join(p)) {
        if !stale.is_empty() && plain_folder(dir, &folder) && empty(&folder) {
            std::fs::remove_dir(&folder).map_err(|e| cannot(&folder, e))?;
        }
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

/// What an earlier export left that this one replaces: the same documents under a name this
/// one does not use (the item was renamed: in a pack's sources two files with one `_key` make
/// `fvtt package pack` fail), the documents of items no longer in play (drunk, sold, voided),
/// and the tables this export does not write (it has none, or the campaign's tables changed),
/// so a re-export holds exactly the current items and tables. Only plain JSON files hoard
/// wrote (`flags.hoard`) go; whatever else is there stays (an earlier session's items still in
/// play, the referee's own files).
fn stale(dir: &Path, files: &[File], current: &BTreeSet<String>) -> Vec<PathBuf> {
    let read = |bytes: &[u8]| serde_json::from_slice::<serde_json::Value>(bytes).ok();
    let ids: BTreeSet<String> = files
        .iter()
        .filter_map(|f| read(&f.bytes)?["_id"].as_str().map(String::from))
        .collect();
    let written: BTreeSet<PathBuf> = files.iter().map(|f| dir.join(&f.path)).collect();
    let mut folders = vec![dir.to_path_buf()];
    folders.extend(foundry::pack_sources().iter().map(|p| dir.join(p)));
    let mut out = Vec::new();
    for folder in folders {
        let Ok(entries) = std::fs::read_dir(&folder).map_err(drop).and_then(|e| {
            // Never through a link: the folders on the way must be real ones.
            plain_folder(dir, &folder).then_some(e).ok_or(())
        }) else {
            continue;
        };
        for path in entries.flatten().map(|e| e.path()) {
            let plain = std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_file());
            if !plain || path.extension().is_none_or(|e| e != "json") || written.contains(&path) {
                continue;
            }
            let Some(doc) = std::fs::read(&path).ok().and_then(|b| read(&b)) else {
                continue;
            };
            let hoard = &doc["flags"]["hoard"];
            let twin = doc["_id"].as_str().is_some_and(|i| ids.contains(i));
            let gone = hoard["id"].as_str().is_some_and(|i| !current.contains(i));
            let table = hoard["table"].is_string();
            if twin || gone || table {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// `folder` is `dir` or a real folder under it, with no symbolic link on the way.
fn plain_folder(dir: &Path, folder: &Path) -> bool {
    let Ok(rest) = folder.strip_prefix(dir) else {
        return false;
    };
    let mut at = dir.to_path_buf();
    rest.iter().all(|part| {
        at.push(part);
        std::fs::symlink_metadata(&at).is_ok_and(|m| m.is_dir())
    })
}

fn empty(folder: &Path) -> bool {
    std::fs::read_dir(folder).is_ok_and(|mut e| e.next().is_none())
}

/// One folder holds one kind of export: refuse to write the referee's truth, a player's view,
/// another system's or another campaign's documents into a folder that holds another's (its
/// `module/module.json` names it), since what it held would stay beside them — the referee's
/// documents in a pack players may open, dnd5e documents in a pack declared ose.
fn same_kind(dir: &Path, system: System, campaign: &foundry::Campaign) -> Result<()> {
    let manifest = dir.join("module").join("module.json");
    if !plain_folder(dir, &dir.join("module"))
        || !std::fs::symlink_metadata(&manifest).is_ok_and(|m| m.is_file())
    {
        return Ok(());
    }
    let Some(theirs) = std::fs::read(&manifest)
        .ok()
        .and_then(|b| serde_json::from_slice::<serde_json::Value>(&b).ok())
    else {
        return Ok(());
    };
    let ours = foundry::module_id(system, campaign);
    let their_id = theirs["id"].as_str().unwrap_or_default();
    if their_id == ours {
        return Ok(());
    }
    let their_system = theirs["relationships"]["systems"][0]["id"]
        .as_str()
        .unwrap_or("?");
    let their_kind = if theirs["packs"][0]["ownership"]["PLAYER"] == "OBSERVER" {
        tr!(
            "a player's view for {}",
            "la vue d'un joueur pour {}",
            safe(their_system)
        )
    } else {
        tr!(
            "the referee's truth for {}",
            "la vérité du MD pour {}",
            safe(their_system)
        )
    };
    let our_kind = match &campaign.viewer {
        Some(who) => tr!(
            "{}'s view for {}",
            "la vue de {} pour {}",
            safe(who),
            system.id()
        ),
        None => tr!(
            "the referee's truth for {}",
            "la vérité du MD pour {}",
            system.id()
        ),
    };
    let (shown, their_id) = (safe(&dir.display().to_string()), safe(their_id));
    Err(invalid(tr!(
        "{shown} holds another export, {their_id} ({their_kind}), and this one is {ours} ({our_kind}): one folder holds one kind of export; write into another folder, or empty {shown} first",
        "{shown} contient un autre export, {their_id} ({their_kind}), et celui-ci est {ours} ({our_kind}) : un dossier ne contient qu'une sorte d'export ; écrivez dans un autre dossier, ou videz d'abord {shown}"
    )))
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
