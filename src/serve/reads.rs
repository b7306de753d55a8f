//! The server's reads: read-only connections kept open between requests, each request run
//! in one read transaction of its own on one of them (the same [`Ctx`] the command line
//! gives an `app` function).

use std::path::PathBuf;
use std::sync::Mutex;

use crate::app::open::{Db, open_read_only};
use crate::app::{Ctx, Options};
use crate::error::{Error, Result};
use crate::i18n;

/// The moment of the ledger a page shows: the campaign and its last event's number.
pub type Stamp = (i64, i64);

/// At most this many reads at once, each on a connection kept open for the next: a request
/// that finds them all busy waits for one, so connections are neither opened per request
/// nor without bound (each holds SQLite's page cache).
const CONNECTIONS: usize = 8;

pub struct Reads {
    db: PathBuf,
    campaign: Option<String>,
    idle: Mutex<Vec<Db>>,
    turns: tokio::sync::Semaphore,
}

impl Reads {
    pub fn new(db: PathBuf, campaign: Option<String>) -> Reads {
        Reads {
            db,
            campaign,
            idle: Mutex::new(Vec::new()),
            turns: tokio::sync::Semaphore::new(CONNECTIONS),
        }
    }

    /// Run `work` on the campaign in one read transaction, in the request's language.
    ///
    /// The work runs on a blocking thread that drives it with the runtime's handle: the
    /// store's futures are not `Send` for every lifetime once PostgreSQL's generic executors
    /// are among them, and axum's handlers must be; what the handler awaits is only the
    /// thread's result.
    pub async fn read<T: Send + 'static>(
        &self,
        work: impl AsyncFnOnce(&mut Ctx) -> Result<T> + Send + 'static,
    ) -> Result<T> {
        // Never closed, so never an error.
        let _turn = self.turns.acquire().await;
        let idle = self.idle.lock().ok().and_then(|mut idle| idle.pop());
        let (db, campaign, lang) = (self.db.clone(), self.campaign.clone(), i18n::lang());
        let runtime = tokio::runtime::Handle::current();
        let done = tokio::task::spawn_blocking(move || {
            runtime.block_on(i18n::within(lang, async move {
                let mut db = match idle {
                    Some(db) => db,
                    None => open_read_only(&db).await?,
                };
                db.begin_read().await?;
                let options = Options {
                    campaign,
                    ..Options::default()
                };
                let mut cx = Ctx::new(db, options);
                let result = work(&mut cx).await;
                let mut db = cx.db;
                let reusable = db.end_read().await.is_ok();
                Ok::<_, Error>((reusable.then_some(db), result))
            }))
        })
        .await
        .map_err(|e| Error::Io(std::io::Error::other(e)))?;
        let (db, result): (Option<Db>, Result<T>) = done?;
        if let (Some(db), Ok(mut idle)) = (db, self.idle.lock()) {
            idle.push(db);
        }
        result
    }

    /// The campaign in use and its last event's number now; `(0, 0)` before there is one.
    pub async fn stamp(&self) -> Result<Stamp> {
        self.read(async |cx| match cx.campaign().await {
            Ok(found) => Ok((found.id, found.last_seq)),
            Err(crate::error::Error::NotFound(_)) => Ok((0, 0)),
            Err(e) => Err(e),
        })
        .await
    }
}
