//! The edges' one door to the campaign database: they open it here for what a command does
//! ([`Access`]) and hand the [`Db`] to the commands, and ask here whether a failure was only
//! a race with another writer ([`contention`]); no edge reaches into the store.

use std::path::Path;

use crate::error::{Error, Problem, Result};
use crate::store;

pub use crate::store::{Access, Db};

/// Whether `--db` names a server (a PostgreSQL URL), which a command reaches over the network,
/// rather than a file.
pub fn on_a_server(db: &Path) -> bool {
    store::postgres::names_server(&db.to_string_lossy())
}

/// Open the database `--db` names (a file's path or a server's URL) for `access`.
pub async fn open(db: &Path, access: Access) -> Result<Db> {
    Ok(store::open(db, access).await?)
}

/// Open the database `db` names on a connection that cannot write (the web server's).
pub async fn open_read_only(db: &Path) -> Result<Db> {
    Ok(store::open_read_only(db).await?)
}

/// Whether opening failed with `e` only because hoard has made no database there yet (a file
/// never created, a server's database without hoard's schema): the commands that can answer
/// without one do so.
pub fn absent(e: &Error) -> bool {
    use store::Problem::{NoDatabase, NotHoardServer};
    matches!(e, Error::NotFound(p) if matches!(**p, Problem::Store(NoDatabase { .. } | NotHoardServer { .. })))
}

/// Whether a command that failed with `e` failed only because another process wrote at the
/// same moment: run again from the start, it succeeds or is refused for a reason the referee
/// can act on.
pub fn contention(e: &Error) -> bool {
    matches!(e, Error::Database(e) if store::contention(e))
}
