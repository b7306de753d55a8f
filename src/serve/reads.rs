//! The server's reads: a pool of reader threads, each with its read-only connection kept
//! open between requests, each request run in one read transaction of its own on one of them
//! (the same [`Ctx`] the command line gives an `app` function). A reader runs the request's
//! work on its own single-threaded runtime, so that work need not be `Send` (the store's
//! reads through sqlx's generic executors are not, for every lifetime), and the server's
//! runtime only awaits the answer. A connection stays with the reader that opened it: a
//! PostgreSQL connection belongs to the runtime it was made on.
//!
//! A SQLite file can be replaced, moved or deleted under the server (`mv restore.db
//! hoard.db`), or written over in place (`cp restore.db hoard.db`), while the readers hold
//! the old one open. Reopening the path then would leave connections to two files sharing its
//! `-wal` and `-shm`, so the server never does: every read checks, before and after it reads,
//! that the path still names the file it started on as SQLite left it ([`super::file`]), and
//! otherwise is an error saying to start the server again ([`Reads::replaced`]).

use std::future::Future;
use std::path::PathBuf;
use std::pin::Pin;
use std::sync::{Arc, Mutex, mpsc};

use super::file::File;
use crate::app::Ctx;
use crate::app::open::{Db, open_read_only};
use crate::error::{Error, Problem, Result};
use crate::i18n;
use crate::tr;

/// The moment of the ledger a page shows: the campaign and its last event's number.
pub type Stamp = (i64, i64);

/// At most this many reads at once, each on a connection kept open for the next: a request
/// that finds them all busy waits for one, so connections are neither opened per request
/// nor without bound (each holds SQLite's page cache).
const CONNECTIONS: usize = 8;

/// A request's work, handed to a reader with the reader's connection (none before its first
/// read, or after one that could not end cleanly).
type Job =
    Box<dyn for<'a> FnOnce(&'a mut Option<Db>) -> Pin<Box<dyn Future<Output = ()> + 'a>> + Send>;

pub struct Reads {
    db: PathBuf,
    /// The file the path named when the server started.
    serving: File,
    campaign: Option<String>,
    jobs: Mutex<mpsc::Sender<Job>>,
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
            serving: File::new(&db),
            db,
            campaign,
            jobs: Mutex::new(jobs),
        }
    }

    /// Run `work` on the campaign in one read transaction, in the request's language, on a
    /// reader's connection.
    pub async fn read<T: Send + 'static>(
        &self,
        work: impl AsyncFnOnce(&mut Ctx) -> Result<T> + Send + 'static,
    ) -> Result<T> {
        if self.replaced().await {
            return Err(self.gone_from_under());
        }
        let (answer, answered) = tokio::sync::oneshot::channel();
        let (db, campaign, lang) = (self.db.clone(), self.campaign.clone(), i18n::lang());
        let job: Job = Box::new(move |slot: &mut Option<Db>| {
            Box::pin(async move {
                let result = i18n::within(lang, async {
                    // A kept connection the server has since closed (a restart) fails at
                    // its first statement: it is dropped for a new one.
                    let kept = match slot.take() {
                        Some(mut kept) => kept.begin_read().await.is_ok().then_some(kept),
                        None => None,
                    };
                    let db = match kept {
                        Some(db) => db,
                        None => {
                            let mut fresh = open_read_only(&db).await?;
                            fresh.begin_read().await?;
                            fresh
                        }
                    };
                    let mut cx = Ctx::new(db, super::options(campaign));
                    let result = work(&mut cx).await;
                    let mut db = cx.db;
                    if db.end_read().await.is_ok() {
                        *slot = Some(db);
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
        let result = answered.await.map_err(|_| gone())?;
        // A file written over while it was read: nothing read from it stands.
        if self.replaced().await {
            return Err(self.gone_from_under());
        }
        result
    }

    /// Whether the path no longer names the file the server started on, as SQLite left it.
    pub async fn replaced(&self) -> bool {
        self.serving.lost().await
    }

    /// What every read answers once the file was replaced: the referee's dashboard and
    /// terminal say it; the players read only that the campaign is unavailable.
    fn gone_from_under(&self) -> Error {
        let path = crate::view::inert::safe(&self.db.display().to_string());
        Error::Unusable(Box::new(Problem::Said(tr!(
            "{path} was replaced, written over, moved or deleted while being served: stop this server (Ctrl-C) and start it again to show the file there now",
            "{path} a été remplacé, écrasé, déplacé ou supprimé pendant qu'il était servi : arrêtez ce serveur (Ctrl-C) et relancez-le pour montrer le fichier qui s'y trouve maintenant"
        ))))
    }

    /// The campaign in use and its last event's number now; `(0, 0)` before there is one.
    pub async fn stamp(&self) -> Result<Stamp> {
        self.read(async |cx| match cx.campaign().await {
            Ok(found) => Ok((found.id, found.last_seq)),
            Err(Error::NotFound(_)) => Ok((0, 0)),
            Err(e) => Err(e),
        })
        .await
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
    let mut connection = None;
    loop {
        // The lock is held only while waiting for a job, not while running it.
        let job = match queue.lock() {
            Ok(queue) => queue.recv(),
            Err(_) => return,
        };
        match job {
            Ok(job) => runtime.block_on(job(&mut connection)),
            Err(_) => return,
        }
    }
}

/// The pool's readers are gone (they could not start, or one panicked holding the queue).
fn gone() -> Error {
    Error::Io(std::io::Error::other("the server's readers stopped"))
}
