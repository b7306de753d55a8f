//! Whether the SQLite file the server reads is still the one it started on, as SQLite left it.
//!
//! The readers keep their connections open, each with SQLite's cache of the pages it read,
//! and in WAL mode a reader trusts that cache for as long as the WAL's index (`-shm`) says
//! nothing was committed. So a file put in the path's place (`mv restore.db hoard.db`, a new
//! inode) or written over in place (`cp restore.db hoard.db`, the same inode, new bytes under
//! the old cache and the old WAL) would answer from a mix of both files. Neither can be
//! followed safely (the path's `-wal` and `-shm` belong to the file that was there), so either
//! is detected, once and for good, and every read then says to start the server again.
//!
//! A file in WAL mode is written in place only by a checkpoint, which copies committed pages
//! from the WAL: before it writes, SQLite records in the `-shm` how far it will go
//! (`nBackfillAttempted`), and once done, how far it went (`nBackfill`); a WAL started anew
//! changes its salts (<https://sqlite.org/walformat.html>, « The WAL-Index Header » and
//! « Checkpoint Information »). So when the file's size or time of last change moves, the
//! write was a checkpoint if those moved since the file last looked as it did, or move within
//! [`GRACE`] (a checkpoint that was under way then, and ends); anything else wrote it.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, SystemTime};

/// What the path shows of its file.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Seen {
    device: u64,
    inode: u64,
    len: u64,
    modified: Option<SystemTime>,
}

/// The file the path names now, if any.
fn look(path: &Path) -> Option<Seen> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).ok().map(|m| Seen {
        device: m.dev(),
        inode: m.ino(),
        len: m.len(),
        modified: m.modified().ok(),
    })
}

/// The checkpoints a WAL index records: its salts (a WAL started anew), how far a checkpoint
/// went and how far the last one set out to go (`None`: no index to read).
type Checkpoints = Option<[u8; 16]>;

/// The WAL index's header and checkpoint information: the first 136 bytes of `-shm`.
const INDEX: usize = 136;

/// Read through `shm`, the index opened once and kept open: closing any descriptor of a file
/// drops every POSIX lock this process holds on it, SQLite's own included. The readers' hold
/// on the index would go, and the next process to open the database would take the index for
/// abandoned and reset it under them (<https://sqlite.org/howtocorrupt.html>, 2.2, « Posix
/// advisory locks canceled by a separate thread doing close() »): reads from a half-reset
/// index, or the server killed by SIGBUS.
fn checkpoints(db: &Path, shm: &mut Option<std::fs::File>) -> Checkpoints {
    use std::os::unix::fs::FileExt as _;
    if shm.is_none() {
        let mut path = db.as_os_str().to_owned();
        path.push("-shm");
        *shm = std::fs::File::open(path).ok();
    }
    let mut index = [0u8; INDEX];
    shm.as_ref()?.read_exact_at(&mut index, 0).ok()?;
    let mut kept = [0u8; 16];
    // aSalt (header bytes 32..40), nBackfill (96..100), nBackfillAttempted (128..132).
    kept[..8].copy_from_slice(&index[32..40]);
    kept[8..12].copy_from_slice(&index[96..100]);
    kept[12..].copy_from_slice(&index[128..132]);
    Some(kept)
}

/// How long a file written in place may wait for its WAL index to say a checkpoint wrote it:
/// a checkpoint under way when the index was last read records how far it went once it has
/// written every page and synced the file.
const GRACE: Duration = Duration::from_secs(2);

/// How often the index is read again meanwhile.
const STEP: Duration = Duration::from_millis(20);

/// What a look at the path finds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Look {
    /// The file the server started on, as SQLite left it.
    Same,
    /// Another file, none, or one written in place by something else.
    Lost,
    /// Written in place, and no checkpoint recorded yet.
    Written,
}

/// The file a server reads: `None` inside when the path named no file at start (a PostgreSQL
/// URL).
pub struct File {
    path: PathBuf,
    state: Option<Mutex<State>>,
}

struct State {
    seen: Seen,
    index: Checkpoints,
    /// The WAL index, once it could be opened: never closed while the server runs.
    shm: Option<std::fs::File>,
    /// Replaced, moved, deleted or written over: for good.
    lost: bool,
}

impl File {
    /// The file `path` names now.
    pub fn new(path: &Path) -> File {
        // The index first, then the file: a checkpoint between them is in both.
        let state = look(path).map(|first| {
            let mut shm = None;
            let index = checkpoints(path, &mut shm);
            Mutex::new(State {
                seen: look(path).unwrap_or(first),
                index,
                shm,
                lost: false,
            })
        });
        File {
            path: path.to_path_buf(),
            state,
        }
    }

    /// Whether the path no longer names the file the server started on as SQLite left it:
    /// another file put there, none, or its bytes written by anything but a checkpoint.
    pub async fn lost(&self) -> bool {
        let mut waited = Duration::ZERO;
        loop {
            match self.look() {
                Look::Same => return false,
                Look::Lost => return true,
                Look::Written if waited >= GRACE => {
                    self.lose();
                    return true;
                }
                Look::Written => {
                    tokio::time::sleep(STEP).await;
                    waited += STEP;
                }
            }
        }
    }

    fn state(&self) -> Option<std::sync::MutexGuard<'_, State>> {
        let state = self.state.as_ref()?;
        Some(state.lock().unwrap_or_else(|p| p.into_inner()))
    }

    fn lose(&self) {
        if let Some(mut state) = self.state() {
            state.lost = true;
        }
    }

    fn look(&self) -> Look {
        let Some(mut state) = self.state() else {
            return Look::Same;
        };
        if state.lost {
            return Look::Lost;
        }
        let same_file = |s: &Option<Seen>, was: &Seen| {
            s.is_some_and(|s| (s.device, s.inode) == (was.device, was.inode))
        };
        // The file, then the index, then the file again: a write the first look shows was made
        // before the index was read, and an index kept is weighed against writes made after
        // the second look. A file written again meanwhile is looked at anew.
        for _ in 0..LOOKS {
            let before = look(&self.path);
            if !same_file(&before, &state.seen) {
                state.lost = true;
                return Look::Lost;
            }
            let index = checkpoints(&self.path, &mut state.shm);
            // Written in place since it looked as it did, and no checkpoint since: yet.
            if before != Some(state.seen) && (index.is_none() || index == state.index) {
                return Look::Written;
            }
            let after = look(&self.path);
            if let (Some(seen), true) = (before, after == before) {
                state.seen = seen;
                state.index = index;
                return Look::Same;
            }
        }
        // A checkpoint writing on: weighed at the next look.
        Look::Same
    }
}

/// How many times a file written while it is looked at is looked at again.
const LOOKS: usize = 4;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_written_over_in_place_is_lost_and_stays_lost() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("s.db");
        std::fs::write(&db, b"first").unwrap();
        let file = File::new(&db);
        assert_eq!(file.look(), Look::Same);
        // The same inode, other bytes, no WAL index saying a checkpoint wrote them.
        std::fs::write(&db, b"second, longer").unwrap();
        assert_eq!(file.look(), Look::Written);
        file.lose();
        std::fs::write(&db, b"first").unwrap();
        assert_eq!(file.look(), Look::Lost, "for good");
    }

    #[test]
    fn a_checkpoint_recorded_in_the_wal_index_is_no_loss() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("s.db");
        let shm = dir.path().join("s.db-shm");
        std::fs::write(&db, b"pages").unwrap();
        let mut index = vec![0u8; 32 * 1024];
        std::fs::write(&shm, &index).unwrap();
        let file = File::new(&db);
        // A checkpoint sets out (nBackfillAttempted) and writes.
        index[128] = 7;
        std::fs::write(&shm, &index).unwrap();
        std::fs::write(&db, b"pages, checkpointed").unwrap();
        assert_eq!(file.look(), Look::Same);
        // It writes more, looked at before it says how far it went (nBackfill): not yet...
        std::fs::write(&db, b"pages, checkpointed, all").unwrap();
        assert_eq!(file.look(), Look::Written);
        // ...then it does.
        index[96] = 7;
        std::fs::write(&shm, &index).unwrap();
        assert_eq!(file.look(), Look::Same);
        // Then something else writes the file: nothing moved in the index.
        std::fs::write(&db, b"other pages").unwrap();
        assert_eq!(file.look(), Look::Written);
    }

    #[test]
    fn a_file_moved_or_deleted_is_lost() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("s.db");
        std::fs::write(&db, b"first").unwrap();
        let file = File::new(&db);
        std::fs::write(dir.path().join("other.db"), b"other").unwrap();
        std::fs::rename(dir.path().join("other.db"), &db).unwrap();
        assert_eq!(file.look(), Look::Lost);
        let gone = File::new(&db);
        std::fs::remove_file(&db).unwrap();
        assert_eq!(gone.look(), Look::Lost);
    }

    #[test]
    fn no_file_no_loss() {
        let url = File::new(Path::new("postgres://localhost/hoard"));
        assert_eq!(url.look(), Look::Same);
    }
}
