//! Opening the database: the one place a connection is made.
//!
//! WAL journal (readers never wait for the writer), `synchronous = NORMAL` (a commit is durable
//! across a crash of hoard; a power cut may lose the last commits but never corrupts), foreign
//! keys on, and a busy timeout so concurrent `hoard` processes queue for the write lock. Writes
//! start with `BEGIN IMMEDIATE` (see [`begin_write`]), which takes the lock at once.
//!
//! Migrations are embedded with `sqlx::migrate!` and applied under the write lock: sqlx's
//! SQLite migrator takes no lock of its own, and two processes creating one database at the
//! same moment must not both apply them. `PRAGMA user_version` holds the schema version, so an
//! up-to-date database costs a single pragma at start-up, and a database written by a newer
//! hoard is refused before anything touches it.

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::{Duration, Instant};

use sqlx::migrate::Migrator;
use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection, SqliteSynchronous};
use sqlx::{ConnectOptions, Connection};

use crate::error::Error;
use crate::tr;

static MIGRATOR: Migrator = sqlx::migrate!();

/// How long a command waits for another process's write before giving up.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(60);

pub struct Db {
    pub conn: SqliteConnection,
    pub path: PathBuf,
    /// A write transaction is open (see `store::write`); closing rolls it back.
    pub writing: bool,
    /// `--dry-run`: commits send their statements but never `COMMIT`; closing rolls back.
    pub dry_run: bool,
}

impl Db {
    /// Close the connection cleanly. The last connection to close checkpoints the WAL into the
    /// database and removes it, so the next process opens a small file instead of replaying a
    /// long WAL.
    pub async fn close(mut self) -> Result<(), Error> {
        if self.writing {
            // A command that failed mid-write: undo it explicitly rather than rely on close.
            super::write::rollback(&mut self.conn).await?;
        }
        self.conn.close().await.map_err(Error::from)
    }
}

/// The schema version this hoard writes: the number of the last embedded migration.
pub fn schema_version() -> i64 {
    MIGRATOR.iter().map(|m| m.version).max().unwrap_or(0)
}

/// Open (creating and migrating if needed) the database at `path`.
pub async fn open(path: &Path) -> Result<Db, Error> {
    create_private(path)?;
    // Read the header before SQLite opens the file: closing another descriptor of a file
    // drops every POSIX lock this process holds on it, SQLite's included.
    let settled = settled_version(path);
    let options = SqliteConnectOptions::from_str("sqlite:")
        .map_err(Error::Database)?
        .filename(path)
        .foreign_keys(true)
        .synchronous(SqliteSynchronous::Normal)
        .busy_timeout(BUSY_TIMEOUT)
        .disable_statement_logging();
    let mut conn = options.connect().await.map_err(|e| {
        Error::Io(std::io::Error::other(tr!(
            "cannot open the database {}: {e}",
            "impossible d'ouvrir la base {} : {e}",
            path.display()
        )))
    })?;
    if settled != Some(schema_version()) {
        migrate(&mut conn, path).await?;
    }
    Ok(Db {
        conn,
        path: path.to_path_buf(),
        writing: false,
        dry_run: false,
    })
}

/// Create the file and its folders, readable and writable by its owner only, so the campaign
/// (and SQLite's -wal and -shm files, which copy its mode) is private from the start.
fn create_private(path: &Path) -> Result<(), Error> {
    if path.exists() {
        return Ok(());
    }
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| {
            Error::Io(std::io::Error::new(
                e.kind(),
                tr!(
                    "cannot create the folder {}: {e}",
                    "impossible de créer le dossier {} : {e}",
                    dir.display()
                ),
            ))
        })?;
    }
    let mut file = std::fs::OpenOptions::new();
    file.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        file.mode(0o600);
    }
    match file.open(path) {
        Ok(_) => Ok(()),
        // Another process created it first: fine, it is the same database.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(Error::Io(std::io::Error::new(
            e.kind(),
            tr!(
                "cannot create the database {}: {e}",
                "impossible de créer la base {} : {e}",
                path.display()
            ),
        ))),
    }
}

async fn user_version(conn: &mut SqliteConnection) -> Result<i64, Error> {
    sqlx::query_scalar("PRAGMA user_version")
        .fetch_one(conn)
        .await
        .map_err(Error::from)
}

fn check_not_newer(found: i64, path: &Path) -> Result<(), Error> {
    let known = schema_version();
    if found > known {
        return Err(Error::Conflict(tr!(
            "{} was written by a newer hoard (schema {found}; this one knows {known}): upgrade hoard to open it",
            "{} a été écrite par un hoard plus récent (schéma {found} ; celui-ci connaît {known}) : mettez hoard à jour",
            path.display()
        )));
    }
    Ok(())
}

/// The schema version read from the file header (bytes 60..64, big-endian), when the header
/// is authoritative: with no WAL beside it, the file holds every committed change. This spares
/// a round trip to SQLite on every command; with a WAL present, ask SQLite. Must run before
/// the connection opens (see [`open`]).
fn settled_version(path: &Path) -> Option<i64> {
    use std::io::Read;
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    if std::fs::metadata(&wal).is_ok_and(|m| m.len() > 0) {
        return None;
    }
    let mut header = [0u8; 100];
    std::fs::File::open(path)
        .ok()?
        .read_exact(&mut header)
        .ok()?;
    if &header[..16] != b"SQLite format 3\0" {
        return None;
    }
    Some(i64::from(u32::from_be_bytes([
        header[60], header[61], header[62], header[63],
    ])))
}

async fn migrate(conn: &mut SqliteConnection, path: &Path) -> Result<(), Error> {
    let found = user_version(conn).await?;
    if found == schema_version() {
        return Ok(());
    }
    check_not_newer(found, path)?;
    enable_wal(conn).await?;
    let mut tx = begin_write(conn).await?;
    // Another process may have migrated while this one waited for the lock.
    let found = user_version(&mut tx).await?;
    check_not_newer(found, path)?;
    if found < schema_version() {
        MIGRATOR.run(&mut *tx).await.map_err(|e| {
            Error::Conflict(tr!(
                "cannot upgrade {} to schema {}: {e}",
                "impossible de mettre {} au schéma {} : {e}",
                path.display(),
                schema_version()
            ))
        })?;
        sqlx::query(&format!("PRAGMA user_version = {}", schema_version()))
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Switch to WAL. The switch needs an exclusive lock that SQLite's busy timeout does not wait
/// for, so a second process creating the same database retries for a while.
async fn enable_wal(conn: &mut SqliteConnection) -> Result<(), Error> {
    let start = Instant::now();
    let mut pause = Duration::from_millis(2);
    loop {
        match sqlx::query("PRAGMA journal_mode = WAL")
            .execute(&mut *conn)
            .await
        {
            Ok(_) => return Ok(()),
            Err(e) if is_busy(&e) && start.elapsed() < BUSY_TIMEOUT => {
                // A one-off wait on a single-threaded runtime: nothing else is waiting to run.
                std::thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_millis(100));
            }
            Err(e) => return Err(e.into()),
        }
    }
}

pub(crate) fn is_busy(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::Database(e) => matches!(e.code().as_deref(), Some("5" | "6" | "517" | "261")),
        _ => false,
    }
}

/// Start a write transaction holding the write lock from its first statement, so writers
/// queue behind each other (busy timeout) instead of failing when a read turns into a write.
pub async fn begin_write(
    conn: &mut SqliteConnection,
) -> Result<sqlx::Transaction<'_, sqlx::Sqlite>, Error> {
    conn.begin_with("BEGIN IMMEDIATE")
        .await
        .map_err(Error::from)
}

/// SQLite's own checks of the file: `integrity_check`'s problems (none when it says "ok"),
/// and how many rows `foreign_key_check` finds pointing at rows that do not exist.
pub async fn file_problems(conn: &mut SqliteConnection) -> Result<(Vec<String>, usize), Error> {
    let integrity: Vec<String> = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_all(&mut *conn)
        .await?;
    let dangling = sqlx::query("PRAGMA foreign_key_check")
        .fetch_all(&mut *conn)
        .await?
        .len();
    Ok((
        integrity.into_iter().filter(|l| l != "ok").collect(),
        dangling,
    ))
}

/// A consistent copy of the whole database at `path`: `VACUUM INTO` reads one snapshot, so
/// writers elsewhere neither wait nor tear it.
pub async fn vacuum_into(conn: &mut SqliteConnection, path: &Path) -> Result<(), Error> {
    sqlx::query("VACUUM INTO ?1")
        .bind(path.display().to_string())
        .execute(conn)
        .await?;
    Ok(())
}
