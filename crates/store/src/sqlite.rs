//! SQLite, the embedded engine: one file per database, nothing to set up.
//!
//! WAL journal (readers never wait for the writer), `synchronous = NORMAL` (a commit is durable
//! across a crash of hoard; a power cut may lose the last commits but never corrupts), foreign
//! keys on, and a busy timeout so concurrent `hoard` processes queue for the write lock. Writes
//! start with `BEGIN IMMEDIATE`, which takes the lock at once: a deferred transaction that
//! reads and then writes would fail under a second writer instead of waiting.
//!
//! Migrations (`migrations/sqlite/`) are embedded ([`super::migrations`]) and applied under the
//! write lock: sqlx's SQLite migrator takes no lock of its own, and two processes creating one
//! database at the same moment must not both apply them. `PRAGMA user_version` holds the
//! schema version, so a database written by a newer hoard is refused before anything touches
//! it.

use std::borrow::Cow;
use std::path::Path;
use std::str::FromStr;
use std::time::{Duration, Instant};

use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection, SqliteSynchronous};
use sqlx::{ConnectOptions, Connection};

use super::access::{Access, BUSY_TIMEOUT};
use super::conn::{Conn, Engine, Lent, Pending, linked};
use super::error::{Error, Problem, Result};
use super::sql::Sql;

use super::migrations::SQLITE_MIGRATOR as MIGRATOR;

/// The schema version this hoard writes: the number of the last embedded migration.
pub fn schema_version() -> i64 {
    super::migrations::sqlite_version()
}

/// Connect to the database file at `path` (which [`super::open`] has checked), migrating it
/// if it is older than this hoard.
pub(super) async fn connect(path: &Path, access: Access) -> Result<Conn> {
    let options = options(path)?;
    let mut conn = options
        .connect()
        .await
        .map_err(|e| cannot_open(path, false, e))?;
    // Refused or failed, the connection is closed before the error goes up: a connection
    // dropped as the process ends may leave SQLite's -wal and -shm files behind.
    match prepare(&mut conn, path, access).await {
        Ok(()) => Ok(Conn(Box::new(conn))),
        Err(e) => {
            let _ = conn.close().await;
            Err(e)
        }
    }
}

/// Connect to the database file at `path` through SQLite's read-only mode: no statement sent
/// on it can change the file (the web server's connections). Its schema must be this
/// hoard's: an older file is brought up to date by any other command first.
pub(super) async fn connect_read_only(path: &Path) -> Result<Conn> {
    let mut conn = options(path)?
        .read_only(true)
        .connect()
        .await
        .map_err(|e| cannot_open(path, true, e))?;
    let found = match user_version(&mut conn).await {
        Ok(found) => found,
        Err(e) => {
            let _ = conn.close().await;
            return Err(e);
        }
    };
    let current = check_not_newer(found, path).and_then(|()| {
        let path = path.display().to_string();
        match found {
            // No schema at all, as `prepare` says it for a reading command.
            0 => Err(Problem::NotHoardFile { path }.into()),
            found if found == schema_version() => Ok(()),
            _ => Err(Problem::Older { path }.into()),
        }
    });
    match current {
        Ok(()) => Ok(Conn(Box::new(conn))),
        Err(e) => {
            let _ = conn.close().await;
            Err(e)
        }
    }
}

fn cannot_open(path: &Path, to_read: bool, e: sqlx::Error) -> Error {
    Problem::CannotOpen {
        path: path.display().to_string(),
        to_read,
        cause: e.to_string(),
    }
    .into()
}

/// How hoard connects to a file: never creating it, foreign keys on, durable commits, a busy
/// timeout, and room for SQLite to read ahead of a long read.
fn options(path: &Path) -> Result<SqliteConnectOptions> {
    Ok(SqliteConnectOptions::from_str("sqlite:")
        .map_err(Error::Database)?
        .filename(path)
        .create_if_missing(false)
        .foreign_keys(true)
        .synchronous(SqliteSynchronous::Normal)
        .busy_timeout(BUSY_TIMEOUT)
        .row_buffer_size(super::conn::ROWS_IN_FLIGHT)
        .disable_statement_logging())
}

/// Hold the database to this hoard's schema: refuse a newer one, and bring an older one up to
/// date — unless the command only reads and finds no hoard database at all, or is a dry run.
async fn prepare(conn: &mut SqliteConnection, path: &Path, access: Access) -> Result<()> {
    let found = user_version(conn).await?;
    check_not_newer(found, path)?;
    if found < schema_version() {
        if found == 0 && access != Access::Write {
            return Err(Problem::NotHoardFile {
                path: path.display().to_string(),
            }
            .into());
        }
        if access == Access::DryRun {
            return Err(Problem::DryRunUpgradeFile {
                path: path.display().to_string(),
            }
            .into());
        }
        migrate(conn, path).await?;
    }
    Ok(())
}

async fn user_version(conn: &mut SqliteConnection) -> Result<i64> {
    sqlx::query_scalar("PRAGMA user_version")
        .fetch_one(conn)
        .await
        .map_err(Error::from)
}

fn check_not_newer(found: i64, path: &Path) -> Result<()> {
    let known = schema_version();
    if found > known {
        return Err(Problem::Newer {
            database: path.display().to_string(),
            schema: found,
            known,
        }
        .into());
    }
    Ok(())
}

async fn migrate(conn: &mut SqliteConnection, path: &Path) -> Result<()> {
    enable_wal(conn).await?;
    let mut tx = conn.begin_with("BEGIN IMMEDIATE").await?;
    // Another process may have migrated while this one waited for the lock.
    let found = user_version(&mut tx).await?;
    check_not_newer(found, path)?;
    if found < schema_version() {
        MIGRATOR
            .run(&mut *tx)
            .await
            .map_err(|e| Problem::CannotUpgrade {
                database: path.display().to_string(),
                schema: schema_version(),
                cause: e.to_string(),
            })?;
        // What the migrations leave to hoard itself, in the same transaction.
        super::chain::fill(&mut Lent(&mut *tx)).await?;
        sqlx::query(&format!("PRAGMA user_version = {}", schema_version()))
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Switch to WAL. The switch needs an exclusive lock that SQLite's busy timeout does not wait
/// for, so a second process creating the same database retries for a while.
async fn enable_wal(conn: &mut SqliteConnection) -> Result<()> {
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

linked!(SqliteConnection);

impl Engine for SqliteConnection {
    fn text<'s>(&self, sql: &'s str) -> Cow<'s, str> {
        placeholders(sql)
    }

    /// A read sees one moment; a write takes the write lock at once, where a deferred
    /// transaction that reads and then writes would fail under a second writer instead of
    /// waiting.
    fn begin(&self, write: bool) -> &'static str {
        if write { "BEGIN IMMEDIATE" } else { "BEGIN" }
    }

    /// The write transaction already holds the whole file.
    fn lock_campaign(&self, _id: i64) -> Option<Sql> {
        None
    }

    /// A file has no roles.
    fn role(&self) -> Option<&'static str> {
        None
    }

    /// Nor an owner but whoever may write it.
    fn owner(&self) -> Option<&'static str> {
        None
    }

    /// A page cache large enough to keep the index pages a bulk write keeps coming back to
    /// (measured: importing 300,000 events takes 6 s instead of 40 s), where short commands
    /// and reads do best with SQLite's small default.
    fn expect_bulk(&self) -> Option<&'static str> {
        Some("PRAGMA cache_size = -24000")
    }

    fn file_problems(&mut self) -> Pending<'_, (Vec<String>, usize)> {
        Box::pin(async move {
            let integrity: Vec<String> = sqlx::query_scalar(INTEGRITY_CHECK)
                .fetch_all(&mut *self)
                .await?;
            let dangling: Vec<String> = sqlx::query_scalar(DANGLING_ROWS)
                .fetch_all(&mut *self)
                .await?;
            Ok((
                integrity.into_iter().filter(|l| l != "ok").collect(),
                dangling.len(),
            ))
        })
    }
}

/// The text in SQLite's spelling. SQLite reads `$N` (and `?N`) as a name, which binding looks
/// up among all the statement's names, one by one: a bulk insert of a thousand arguments spent
/// most of its time comparing names. Placeholders that come in order, each once (`$1`, `$2`
/// …, as [`crate::sql::Sql::push_bind`] writes them), become SQLite's nameless `?`, bound by
/// position; any other text keeps its numbers, as `?N`.
fn placeholders(text: &str) -> Cow<'_, str> {
    if !text.contains('$') {
        return text.into();
    }
    respelled(text, false)
        .or_else(|| respelled(text, true))
        .map_or(text.into(), Cow::Owned)
}

/// `text` with each `$N` outside quotes as `?N` (`numbered`), or as `?`: `None` when the
/// numbers are not 1, 2, 3 … in order, which `?` cannot say.
fn respelled(text: &str, numbered: bool) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let (mut quoted, mut next) = (false, 1u32);
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        match c {
            '\'' => quoted = !quoted,
            '$' if !quoted && chars.peek().is_some_and(|(_, d)| d.is_ascii_digit()) => {
                let digits: String = text[at + 1..]
                    .chars()
                    .take_while(char::is_ascii_digit)
                    .collect();
                for _ in 0..digits.len() {
                    chars.next();
                }
                if numbered {
                    out.push('?');
                    out.push_str(&digits);
                } else if digits.parse() == Ok(next) {
                    out.push('?');
                    next += 1;
                } else {
                    return None;
                }
                continue;
            }
            _ => {}
        }
        out.push(c);
    }
    Some(out)
}

/// Whether SQLite gave up waiting for another process's lock.
pub(super) fn is_busy(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::Database(e) => matches!(e.code().as_deref(), Some("5" | "6" | "517" | "261")),
        _ => false,
    }
}

/// Whether SQLite refused to write a read-only file.
pub(super) fn is_read_only(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::Database(e) => e
            .code()
            .is_some_and(|c| c == "8" || c.parse::<i32>().is_ok_and(|c| c & 0xff == 8)),
        _ => false,
    }
}

/// A copy of the database at `path` (a new file): `VACUUM INTO` reads one snapshot.
pub fn copy_to(path: &Path) -> Sql {
    Sql::new("VACUUM INTO $1").bind(path.to_string_lossy().into_owned())
}

/// SQLite's own check of the file: one row per problem, or the single row "ok".
const INTEGRITY_CHECK: &str = "PRAGMA integrity_check";

/// One row per row that points at a row that does not exist.
const DANGLING_ROWS: &str = "SELECT \"table\" FROM pragma_foreign_key_check";

#[cfg(test)]
#[test]
fn placeholders_become_sqlites_own_outside_quotes() {
    // In order, each once: bound by position.
    assert_eq!(
        placeholders("INSERT INTO t VALUES ($1, '$9', $2), ($3, $4)"),
        "INSERT INTO t VALUES (?, '$9', ?), (?, ?)"
    );
    // A number used twice, or out of order, keeps its number.
    assert_eq!(
        placeholders("SELECT '$1', x FROM t WHERE a = $1 AND b = $12"),
        "SELECT '$1', x FROM t WHERE a = ?1 AND b = ?12"
    );
    assert_eq!(
        placeholders("SELECT x FROM t WHERE a = $1 OR b = $1"),
        "SELECT x FROM t WHERE a = ?1 OR b = ?1"
    );
    assert_eq!(placeholders("SELECT $2, $1"), "SELECT ?2, ?1");
    assert!(matches!(placeholders("SELECT 1"), Cow::Borrowed(_)));
}
