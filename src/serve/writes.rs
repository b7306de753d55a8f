//! The server's only writes: the personal links `serve --players` prints, the claims the
//! players make on them, and the referee's console (`serve --referee`, [`super::console`]).
//! Each runs an `app` function — the same the command line runs — in one
//! write transaction of its own, on a connection opened for it alone (writes are rare: a tap
//! on a phone), on a thread of its own with its own runtime, as the readers do
//! ([`super::reads`]). The server's reads stay on their read-only connections.
//!
//! Several processes write one campaign: like any command, a write here queues behind the
//! others (the store's write lock), and one that collided with another is run again.

use std::path::PathBuf;

use crate::app::Ctx;
use crate::app::open::{Access, contention, open};
use crate::error::{Error, Result};
use crate::i18n;

pub struct Writes {
    db: PathBuf,
    campaign: Option<String>,
    /// One write at a time from this server: the others queue here, not on the database.
    one: tokio::sync::Mutex<()>,
}

/// How many times a write that collided with another process's is run again.
const ATTEMPTS: usize = 5;

impl Writes {
    pub fn new(db: PathBuf, campaign: Option<String>) -> Writes {
        Writes {
            db,
            campaign,
            one: tokio::sync::Mutex::new(()),
        }
    }

    /// Run `work` in one write transaction of its own, in the request's language.
    pub async fn write<T: Send + 'static>(
        &self,
        work: impl AsyncFn(&mut Ctx) -> Result<T> + Send + Sync + 'static,
    ) -> Result<T> {
        let (db, campaign) = (self.db.clone(), self.campaign.clone());
        self.alone(async move || once(&db, campaign.clone(), &work).await)
            .await
    }

    /// The database and the campaign (`--campaign`, else the one in use) the server writes.
    pub fn place(&self) -> (&std::path::Path, Option<&str>) {
        (&self.db, self.campaign.as_deref())
    }

    /// Run `attempt` on a thread and runtime of its own, in the request's language, after
    /// this server's other writes; again while it collides with another process's write.
    pub async fn alone<T: Send + 'static>(
        &self,
        attempt: impl AsyncFn() -> Result<T> + Send + 'static,
    ) -> Result<T> {
        let _one = self.one.lock().await;
        let lang = i18n::lang();
        let job = tokio::task::spawn_blocking(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .map_err(Error::Io)?;
            runtime.block_on(i18n::within(lang, async {
                let mut tries = 0;
                loop {
                    tries += 1;
                    match attempt().await {
                        Err(e) if tries < ATTEMPTS && contention(&e) => continue,
                        other => return other,
                    }
                }
            }))
        });
        job.await
            .map_err(|e| Error::Io(std::io::Error::other(e.to_string())))?
    }
}

async fn once<T>(
    db: &std::path::Path,
    campaign: Option<String>,
    work: &impl AsyncFn(&mut Ctx) -> Result<T>,
) -> Result<T> {
    let db = open(db, Access::Write).await?;
    let mut cx = Ctx::new(db, super::options(campaign));
    let result = work(&mut cx).await;
    let closed = cx.db.close().await;
    let value = result?;
    closed?;
    Ok(value)
}
