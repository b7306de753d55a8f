//! Opening a campaign database: the one place a connection is made, and the transaction a
//! command runs in.
//!
//! `--db` names a SQLite file (a plain path) or a PostgreSQL database (a `postgres://` or
//! `postgresql://` URL): [`Location`]. A command opens the database for what it does
//! ([`Access`]): a read runs in one read transaction from its first statement to its last, so
//! everything it shows is of one moment however many processes write meanwhile; a write takes
//! the write lock when it begins ([`Db::begin_write`]; on PostgreSQL, the lock of the campaign
//! it writes in); a dry run does everything inside a transaction that is never committed.
//! Reads and dry runs never create a file, a folder or a schema.

use std::fmt;
use std::path::{Path, PathBuf};

use super::access::Access;
use super::conn::Conn;
use super::error::{Error, Problem, Result};
use super::{postgres, sqlite};

/// Where a campaign database lives. Shown in messages as [`fmt::Display`] writes it: a
/// server's password never.
pub enum Location {
    /// A SQLite file (checked, followed through symbolic links).
    File(PathBuf),
    /// A PostgreSQL database (boxed: its connection options are large).
    Server(Box<postgres::Server>),
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::File(path) => write!(f, "{}", path.display()),
            Location::Server(server) => write!(f, "{server}"),
        }
    }
}

/// The transaction open on the connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tx {
    None,
    Read,
    Write,
}

/// What `--db` names, as messages show it: a file's path, or a server's URL without its
/// password.
pub fn shown(db: &Path) -> String {
    let text = db.to_string_lossy();
    match postgres::Server::parse(&text) {
        Ok(Some(server)) => server.to_string(),
        Ok(None) => match text.split_once("://") {
            // A URL of another scheme may hold a password too.
            Some((scheme, _)) => format!("{scheme}://…"),
            None => db.display().to_string(),
        },
        Err(_) => "postgres://…".into(),
    }
}

/// An open database.
pub struct Db {
    conn: Conn,
    location: Location,
    access: Access,
    tx: Tx,
    /// The events this handle has committed, so that the edge can name them if the
    /// command's answer then cannot be printed.
    committed: Vec<i64>,
}

/// Open the database `--db` names (a file's path or a server's URL) for `access`.
pub async fn open(db: &Path, access: Access) -> Result<Db> {
    let mut db = connect(db, access, false).await?;
    let begun = match access {
        Access::Read => db.begin(Tx::Read).await,
        Access::DryRun => db.begin(Tx::Write).await,
        Access::Write => Ok(()),
    };
    match begun {
        Ok(()) => Ok(db),
        Err(e) => {
            let _ = db.close().await;
            Err(e)
        }
    }
}

/// Open the database `db` names to read only, on a connection that cannot write (the web
/// server's): SQLite's read-only mode, or on PostgreSQL a connection whose every transaction
/// is read-only. Each read is begun with [`Db::begin_read`] and ended with [`Db::end_read`],
/// so one connection serves many requests, each at its own moment.
pub async fn open_read_only(db: &Path) -> Result<Db> {
    connect(db, Access::Read, true).await
}

/// Connect to the engine `db` names, no transaction begun; on SQLite, `read_only` through
/// its read-only mode.
async fn connect(db: &Path, access: Access, read_only: bool) -> Result<Db> {
    let (conn, location) = match postgres::Server::parse(&db.to_string_lossy())? {
        Some(server) => (
            postgres::connect(&server, access).await?,
            Location::Server(Box::new(server)),
        ),
        None => {
            let path = checked_path(db, access)?;
            let conn = if read_only {
                sqlite::connect_read_only(&path).await?
            } else {
                sqlite::connect(&path, access).await?
            };
            (conn, Location::File(path))
        }
    };
    Ok(Db {
        conn,
        location,
        access,
        tx: Tx::None,
        committed: Vec::new(),
    })
}

impl Db {
    pub fn conn(&mut self) -> &mut Conn {
        &mut self.conn
    }

    /// Where the database lives, to show in messages (a server's password left out).
    pub fn location(&self) -> &Location {
        &self.location
    }

    /// The database file, on SQLite (what a backup or an export must never overwrite).
    pub fn file(&self) -> Option<&Path> {
        match &self.location {
            Location::File(path) => Some(path),
            Location::Server(_) => None,
        }
    }

    /// What the command does with the database.
    pub fn access(&self) -> Access {
        self.access
    }

    /// Whether nothing this command does will be committed.
    pub fn dry_run(&self) -> bool {
        self.access == Access::DryRun
    }

    /// Whether a write transaction is open.
    pub fn writing(&self) -> bool {
        self.tx == Tx::Write
    }

    /// Take the write lock: writers queue behind each other. Under a dry run the whole command
    /// is already one write transaction.
    pub async fn begin_write(&mut self) -> Result<()> {
        match self.tx {
            Tx::Write if self.dry_run() => Ok(()),
            Tx::None => self.begin(Tx::Write).await,
            _ => Err(Problem::NestedWrite.into()),
        }
    }

    async fn begin(&mut self, tx: Tx) -> Result<()> {
        if tx == Tx::None {
            return Ok(());
        }
        self.conn
            .begin(tx == Tx::Write)
            .await
            .map_err(|e| self.explain(e))?;
        self.tx = tx;
        Ok(())
    }

    /// Commit the write. Under a dry run nothing is committed: the statements ran, so the
    /// command can show what it would have done, and closing rolls them back.
    pub async fn commit(&mut self, events: impl IntoIterator<Item = i64>) -> Result<()> {
        if self.dry_run() {
            return Ok(());
        }
        self.conn.run("COMMIT").await.map_err(|e| self.explain(e))?;
        self.tx = Tx::None;
        self.committed.extend(events);
        Ok(())
    }

    /// The numbers of the events committed through this handle, in order.
    pub fn committed(&self) -> &[i64] {
        &self.committed
    }

    /// Undo what the open transaction did.
    pub async fn rollback(&mut self) -> Result<()> {
        if self.tx != Tx::None {
            self.conn.run("ROLLBACK").await?;
            self.tx = Tx::None;
        }
        Ok(())
    }

    /// Begin a read (after [`Db::end_read`]): what it reads is of one moment, the latest.
    pub async fn begin_read(&mut self) -> Result<()> {
        self.begin(Tx::Read).await
    }

    /// End a read before work that needs the connection free of any transaction (a backup).
    pub async fn end_read(&mut self) -> Result<()> {
        if self.tx == Tx::Read {
            self.rollback().await?;
        }
        Ok(())
    }

    /// Close cleanly: a transaction still open is rolled back (a failed write, a dry run, a
    /// read); the last connection to close checkpoints the WAL into the database and removes
    /// it, so the next process opens a small file.
    pub async fn close(mut self) -> Result<()> {
        self.rollback().await?;
        self.conn.close().await
    }

    /// Write a consistent copy of the whole database to a new file at `path`: one snapshot,
    /// so writers elsewhere neither wait nor tear it. A PostgreSQL server has its own tools
    /// for that: hoard points at them.
    pub async fn copy_to(&mut self, path: &Path) -> Result<()> {
        if let Location::Server(server) = &self.location {
            return Err(postgres::no_backup(server));
        }
        self.end_read().await?;
        self.conn.execute(&sqlite::copy_to(path)).await.map(|_| ())
    }

    /// A database error in the words of this database's situation.
    fn explain(&self, e: Error) -> Error {
        match (&e, &self.location) {
            (Error::Database(d), Location::File(path)) if sqlite::is_read_only(d) => {
                read_only(path)
            }
            _ => e,
        }
    }
}

fn read_only(path: &Path) -> Error {
    Problem::ReadOnlyFile {
        path: path.display().to_string(),
    }
    .into()
}

/// The database file a `--db` value names, checked: a plain path (SQLite's `:memory:` and
/// `file:` URIs would silently keep nothing, or make stray folders), of a regular file with one
/// name (SQLite keeps a WAL per name: two writers through two hard links corrupt the file),
/// followed through symbolic links (so its WAL lives beside the real file). A read or a dry run
/// needs it to exist; a write creates it.
fn checked_path(path: &Path, access: Access) -> Result<PathBuf> {
    let text = path.to_string_lossy();
    if text.is_empty() || text.starts_with(':') || text.starts_with("file:") || text.contains("://")
    {
        let shown = shown(path);
        return Err(Problem::NotAPath { shown }.into());
    }
    match std::fs::metadata(path) {
        Ok(meta) => {
            if !meta.is_file() {
                return Err(Problem::NotAFile {
                    path: path.display().to_string(),
                }
                .into());
            }
            #[cfg(unix)]
            {
                use std::os::unix::fs::MetadataExt;
                if meta.nlink() > 1 {
                    return Err(Problem::HardLinks {
                        path: path.display().to_string(),
                        names: meta.nlink(),
                    }
                    .into());
                }
            }
            if access == Access::Write && meta.permissions().readonly() {
                return Err(read_only(path));
            }
            std::fs::canonicalize(path).map_err(Error::Io)
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if let Ok(target) = std::fs::read_link(path) {
                return Err(Problem::DanglingLink {
                    path: path.display().to_string(),
                    target: target.display().to_string(),
                }
                .into());
            }
            if access != Access::Write {
                return Err(Problem::NoDatabase {
                    path: path.display().to_string(),
                }
                .into());
            }
            create_private(path)?;
            std::fs::canonicalize(path).map_err(Error::Io)
        }
        Err(e) => Err(Problem::CannotRead {
            path: path.display().to_string(),
            cause: e.to_string(),
        }
        .into()),
    }
}

/// Create the file and its folders, readable and writable by its owner only, so the campaign
/// (and SQLite's -wal and -shm files, which copy its mode) is private from the start.
fn create_private(path: &Path) -> Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| Problem::CannotCreateFolder {
            folder: dir.display().to_string(),
            cause: e.to_string(),
        })?;
    }
    match private_file(path) {
        Ok(_) => Ok(()),
        // Another process created it first: fine, it is the same database.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(Problem::CannotCreate {
            path: path.display().to_string(),
            cause: e.to_string(),
        }
        .into()),
    }
}

/// Create a new file (never one that exists) that only its owner may read or write: a
/// campaign, and what `files` writes of one (a backup, an export).
pub fn private_file(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(path)
}
