//! Files hoard writes: private to their owner, complete or absent, and never in place of the
//! campaign database.
//!
//! A campaign file holds every secret of a campaign, so whatever hoard writes (the database, a
//! backup, an export) is created readable by its owner only. A backup or an export is written
//! to a temporary file beside its destination and renamed into place once complete: a killed
//! command leaves no half file that looks whole.

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::refusal::files::Refusal;

/// Create `path` (which must not exist) for writing, readable by its owner only: as the store
/// creates a campaign's file.
pub use crate::store::open::private_file as create_private;

/// Where a backup or an export goes, checked before anything is written: never the database
/// (nor its journal files, nor another name of it), and never an existing file unless the
/// referee said `--force`.
#[derive(Debug)]
pub struct Destination {
    path: PathBuf,
}

impl Destination {
    /// `database` is the campaign's file, if it lives in one (on SQLite).
    pub fn check(path: &Path, database: Option<&Path>, force: bool) -> Result<Destination> {
        if database.is_some_and(|database| is_database(path, database)) {
            return Err(Error::Refused(refusal(Refusal::IsDatabase {
                path: shown(path),
            })));
        }
        match std::fs::symlink_metadata(path) {
            Ok(meta) if meta.is_dir() => Err(Error::Invalid(refusal(Refusal::IsFolder {
                path: shown(path),
            }))),
            Ok(_) if !force => Err(Error::Invalid(refusal(Refusal::Exists {
                path: shown(path),
            }))),
            _ => Ok(Destination {
                path: path.to_path_buf(),
            }),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// A temporary file beside the destination, private, that [`Pending::finish`] renames
    /// into place. Dropped unfinished, it is removed; one a killed hoard left behind (its
    /// process gone) is removed by the next.
    pub fn pending(&self) -> Result<Pending> {
        let dir = match self.path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let name = self
            .path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        sweep_stale_parts(&dir, &name);
        let temp = dir.join(format!(".{name}.{}.part", std::process::id()));
        let file = create_private(&temp).map_err(|e| cannot_write(&temp, e))?;
        Ok(Pending {
            temp,
            file: Some(std::io::BufWriter::new(file)),
            to: self.path.clone(),
        })
    }
}

/// A file being written, not yet in place.
pub struct Pending {
    temp: PathBuf,
    file: Option<std::io::BufWriter<std::fs::File>>,
    to: PathBuf,
}

impl Pending {
    /// The temporary file's path, for a writer that fills it itself after
    /// [`Pending::close`].
    pub fn temp(&self) -> &Path {
        &self.temp
    }

    /// Close the temporary file, leaving it empty and private for a writer that opens it
    /// itself (SQLite's `VACUUM INTO` fills an empty file and keeps its mode); it is still
    /// removed if the work fails.
    pub fn close(&mut self) {
        self.file = None;
    }

    /// Flush, sync and rename into place.
    pub fn finish(mut self) -> Result<u64> {
        if let Some(file) = self.file.take() {
            let file = file
                .into_inner()
                .map_err(|e| cannot_write(&self.temp, e.into_error()))?;
            file.sync_all().map_err(|e| cannot_write(&self.temp, e))?;
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&self.temp, std::fs::Permissions::from_mode(0o600))
                .map_err(|e| cannot_write(&self.temp, e))?;
        }
        std::fs::rename(&self.temp, &self.to).map_err(|e| cannot_write(&self.to, e))?;
        let bytes = std::fs::metadata(&self.to).map(|m| m.len()).unwrap_or(0);
        // Renamed: nothing left for Drop to remove.
        self.temp = PathBuf::new();
        Ok(bytes)
    }
}

impl std::io::Write for Pending {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match &mut self.file {
            Some(file) => file.write(buf),
            None => Err(std::io::Error::other("the file was released")),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match &mut self.file {
            Some(file) => file.flush(),
            None => Ok(()),
        }
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        if !self.temp.as_os_str().is_empty() {
            let _ = std::fs::remove_file(&self.temp);
            let mut journal = self.temp.clone().into_os_string();
            journal.push("-journal");
            let _ = std::fs::remove_file(journal);
        }
    }
}

/// Remove the parts of `name` (`.NAME.PID.part` and SQLite's `-journal` beside one) whose
/// process is gone: a hoard killed while writing. Where the system does not say which
/// processes run (no `/proc`), they are left.
fn sweep_stale_parts(dir: &Path, name: &str) {
    if !Path::new("/proc/self").exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let prefix = format!(".{name}.");
    for entry in entries.flatten() {
        let file = entry.file_name();
        let Some(rest) = file.to_str().and_then(|f| f.strip_prefix(&prefix)) else {
            continue;
        };
        let pid = rest
            .strip_suffix(".part")
            .or_else(|| rest.strip_suffix(".part-journal"));
        let Some(pid) = pid.filter(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
        else {
            continue;
        };
        if !Path::new("/proc").join(pid).exists() {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

fn cannot_write(path: &Path, e: std::io::Error) -> Error {
    Error::Unusable(refusal(Refusal::CannotWrite {
        path: shown(path),
        cause: e.to_string(),
    }))
}

fn refusal(refusal: Refusal) -> Box<crate::error::Problem> {
    Box::new(crate::error::Problem::File(refusal))
}

fn shown(path: &Path) -> String {
    path.display().to_string()
}

/// Whether `path` is the database or one of SQLite's files beside it, by any name: the same
/// file (inode) as one of them, or the same path once links are followed.
fn is_database(path: &Path, database: &Path) -> bool {
    let mut names = vec![database.to_path_buf()];
    for suffix in ["-wal", "-shm", "-journal"] {
        let mut name = database.as_os_str().to_owned();
        name.push(suffix);
        names.push(PathBuf::from(name));
    }
    let resolved = resolve(path);
    names.iter().any(|name| {
        same_file(path, name)
            || resolved
                .as_deref()
                .is_some_and(|r| Some(r) == resolve(name).as_deref())
    })
}

/// The path with its folder's links resolved (the file itself may not exist yet).
fn resolve(path: &Path) -> Option<PathBuf> {
    if let Ok(real) = std::fs::canonicalize(path) {
        return Some(real);
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    Some(std::fs::canonicalize(dir).ok()?.join(path.file_name()?))
}

#[cfg(unix)]
fn same_file(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_file(_: &Path, _: &Path) -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_database_and_its_journals_are_never_a_destination() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("c.db");
        std::fs::write(&db, b"x").unwrap();
        let db = std::fs::canonicalize(&db).unwrap();
        for name in ["c.db", "c.db-wal", "c.db-shm"] {
            let e = Destination::check(&dir.path().join(name), Some(&db), true).unwrap_err();
            assert!(matches!(e, Error::Refused(_)), "{name}: {e:?}");
        }
        let link = dir.path().join("link.db");
        std::os::unix::fs::symlink(&db, &link).unwrap();
        assert!(Destination::check(&link, Some(&db), true).is_err());
        let hard = dir.path().join("hard.db");
        std::fs::hard_link(&db, &hard).unwrap();
        assert!(Destination::check(&hard, Some(&db), true).is_err());
        assert!(Destination::check(&dir.path().join("other.jsonl"), Some(&db), false).is_ok());
    }

    #[test]
    fn an_existing_file_needs_force() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("c.db");
        let there = dir.path().join("there.jsonl");
        std::fs::write(&there, b"keep").unwrap();
        assert!(matches!(
            Destination::check(&there, Some(&db), false),
            Err(Error::Invalid(_))
        ));
        assert!(Destination::check(&there, Some(&db), true).is_ok());
    }

    #[test]
    fn an_unfinished_file_leaves_nothing_and_a_finished_one_is_private() {
        use std::io::Write as _;
        let dir = tempfile::tempdir().unwrap();
        let to = dir.path().join("out.jsonl");
        let dest = Destination::check(&to, Some(&dir.path().join("c.db")), false).unwrap();
        let mut pending = dest.pending().unwrap();
        pending.write_all(b"half").unwrap();
        drop(pending);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
        let mut pending = dest.pending().unwrap();
        pending.write_all(b"whole\n").unwrap();
        assert_eq!(pending.finish().unwrap(), 6);
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&to).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }
}
