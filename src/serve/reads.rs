//! The server's reads: a pool of reader threads and of read-only connections kept open
//! between requests, each request run in one read transaction of its own on one of them (the
//! same [`Ctx`] the command line gives an `app` function). A reader runs the request's work on
//! its own single-threaded runtime, so that work need not be `Send` (the store's reads through
//! sqlx's generic executors are not, for every lifetime), and the server's runtime only
//! awaits the answer.
//!
//! A SQLite file can be replaced under the server (`mv restore.db hoard.db`, a restore from
//! backup) while its connections hold the old one open. Each request first looks at which
//! file the path names now; when it is another, the server waits for the reads in flight,
//! closes every connection to the old file, and only then opens the new one (a connection
//! left open would share the path's `-wal` and `-shm` with it). A request reads one file,
//! never two; a deleted file is an error page, not an old moment.

use std::future::Future;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::sync::{Arc, Mutex, mpsc};

use tokio::sync::{RwLock, RwLockReadGuard};

use crate::app::open::{Db, open_read_only};
use crate::app::{Ctx, Options};
use crate::error::{Error, Result};
use crate::i18n;

/// Which file a path names: its device and inode (`None`: a server, or no file there).
pub type Identity = Option<(u64, u64)>;

/// The moment of the ledger a page shows: the file, the campaign and its last event's number.
pub type Stamp = (Identity, i64, i64);

/// The file the path `db` names now; `None` for a PostgreSQL URL or a path with no file.
fn identity(db: &Path) -> Identity {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(db).ok().map(|m| (m.dev(), m.ino()))
}

/// At most this many reads at once, each on a connection kept open for the next: a request
/// that finds them all busy waits for one, so connections are neither opened per request
/// nor without bound (each holds SQLite's page cache).
const CONNECTIONS: usize = 8;

/// A request's work, run by a reader.
type Job = Box<dyn FnOnce() -> Pin<Box<dyn Future<Output = ()>>> + Send>;

/// The open connections, all to one file.
#[derive(Default)]
struct Connections {
    /// The file they are open on; a read holds it shared, a change of file exclusively.
    file: RwLock<Identity>,
    /// Those no read is using.
    idle: Mutex<Vec<Db>>,
}

impl Connections {
    /// The file the path names now, held for one read: if it is not the one the connections
    /// are open on, close them all first (once the reads in flight have ended).
    async fn on(&self, db: &Path) -> RwLockReadGuard<'_, Identity> {
        loop {
            let now = identity(db);
            let file = self.file.read().await;
            if *file == now {
                return file;
            }
            drop(file);
            let mut file = self.file.write().await;
            if *file != now {
                let old = std::mem::take(&mut *self.idle());
                for db in old {
                    let _ = db.close().await;
                }
                *file = now;
            }
        }
    }

    fn idle(&self) -> std::sync::MutexGuard<'_, Vec<Db>> {
        // A read that panicked leaves the list whole: a push or a pop.
        self.idle
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

pub struct Reads {
    db: PathBuf,
    campaign: Option<String>,
    jobs: Mutex<mpsc::Sender<Job>>,
    connections: Arc<Connections>,
}

impl Reads {
    /// The pool, its readers started; they end when it is dropped.
    pub fn new(db: PathBuf, campaign: Option<String>) -> Reads {
        let (jobs, queue) = mpsc::channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        for n in 0..CONNECTIONS {
            let queue = Arc::clone(&queue);
            // A reader that cannot start leaves the others to serve.
            let _ = std::thread::Builder::new()
                .name(format!("hoard-reader-{n}"))
                .spawn(move || reader(&queue));
        }
        Reads {
            db,
            campaign,
            jobs: Mutex::new(jobs),
            connections: Arc::default(),
        }
    }

    /// Run `work` on the campaign in one read transaction, in the request's language, on a
    /// connection to the file the path names now.
    pub async fn read<T: Send + 'static>(
        &self,
        work: impl AsyncFnOnce(&mut Ctx) -> Result<T> + Send + 'static,
    ) -> Result<T> {
        let (answer, answered) = tokio::sync::oneshot::channel();
        let (path, campaign, lang) = (self.db.clone(), self.campaign.clone(), i18n::lang());
        let connections = Arc::clone(&self.connections);
        let job: Job = Box::new(move || {
            Box::pin(async move {
                let result = i18n::within(lang, async {
                    let _file = connections.on(&path).await;
                    let idle = connections.idle().pop();
                    let mut db = match idle {
                        Some(db) => db,
                        None => open_read_only(&path).await?,
                    };
                    db.begin_read().await?;
                    let options = Options {
                        campaign,
                        ..Options::default()
                    };
                    let mut cx = Ctx::new(db, options);
                    let result = work(&mut cx).await;
                    let mut db = cx.db;
                    // One that could not end its read cleanly is not kept.
                    if db.end_read().await.is_ok() {
                        connections.idle().push(db);
                    }
                    result
                })
                .await;
                // The request may have gone (a closed page): nobody is left to answer.
                let _ = answer.send(result);
            })
        });
        let sent = self
            .jobs
            .lock()
            .map_err(|_| gone())
            .and_then(|jobs| jobs.send(job).map_err(|_| gone()));
        sent?;
        answered.await.map_err(|_| gone())?
    }

    /// The file, the campaign in use and its last event's number now; `(0, 0)` before there
    /// is a campaign.
    pub async fn stamp(&self) -> Result<Stamp> {
        let file = identity(&self.db);
        let (campaign, seq) = self
            .read(async |cx| match cx.campaign().await {
                Ok(found) => Ok((found.id, found.last_seq)),
                Err(crate::error::Error::NotFound(_)) => Ok((0, 0)),
                Err(e) => Err(e),
            })
            .await?;
        Ok((file, campaign, seq))
    }
}

/// A reader: takes the next job, runs it on its own runtime with its connection, until the
/// pool is dropped.
fn reader(queue: &Mutex<mpsc::Receiver<Job>>) {
    let Ok(runtime) = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    else {
        return;
    };
    loop {
        // The lock is held only while waiting for a job, not while running it.
        let job = match queue.lock() {
            Ok(queue) => queue.recv(),
            Err(_) => return,
        };
        match job {
            Ok(job) => runtime.block_on(job()),
            Err(_) => return,
        }
    }
}

/// The pool's readers are gone (they could not start, or one panicked holding the queue).
fn gone() -> Error {
    Error::Io(std::io::Error::other("the server's readers stopped"))
}
