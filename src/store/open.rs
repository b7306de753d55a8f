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
use super::{postgres, sqlite};
use crate::error::{Error, Result};
use crate::tr;

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

pub use super::postgres::scrub;

/// The passwords held by those of `words` that are URLs (or an option's `--name=URL`), as
/// written and decoded: what no message may show. The words are the whole command line and
/// `HOARD_DB`, not only `--db`'s value, since a misplaced URL (`--db x.db postgres://…`) is
/// echoed back by the usage error it causes. A URL inside other text (an item's name) is no
/// database's, and is left alone.
pub fn secrets<S: AsRef<std::ffi::OsStr>>(words: impl IntoIterator<Item = S>) -> Vec<String> {
    let mut found = Vec::new();
    for word in words {
        let text = word.as_ref().to_string_lossy();
        let url = match text.split_once('=') {
            Some((option, value)) if option.starts_with("--") => value,
            _ => &text,
        };
        let scheme = url.split_once("://").map_or("", |(scheme, _)| scheme);
        let is_url = scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c));
        if !is_url {
            continue;
        }
        for secret in postgres::secrets(url) {
            if !found.contains(&secret) {
                found.push(secret);
            }
        }
    }
    found
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
            _ => Err(Error::Conflict(
                tr!(
                    "a write began inside another transaction: this is a bug in hoard",
                    "une écriture a commencé dans une autre transaction : c'est un bogue de hoard"
                )
                .into(),
            )),
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
    Error::Refused(tr!(
        "{} is read-only: hoard can show it but not record in it (make it writable with `chmod u+w`, or work on a copy)",
        "{} est en lecture seule : hoard peut la montrer mais pas y enregistrer (rendez-la inscriptible avec `chmod u+w`, ou travaillez sur une copie)",
        path.display()
    ).into())
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
        return Err(Error::Invalid(tr!(
            "{shown:?} is not a database path: give the path of a campaign file, such as ~/campaigns/west.db, or a PostgreSQL URL, postgres://USER@HOST/DATABASE",
            "{shown:?} n'est pas un chemin de base : donnez le chemin d'un fichier de campagne, comme ~/campagnes/ouest.db, ou une URL PostgreSQL, postgres://UTILISATEUR@HÔTE/BASE"
        ).into()));
    }
    match std::fs::metadata(path) {
        Ok(meta) => {
            if !meta.is_file() {
                return Err(Error::Invalid(
                    tr!(
                        "{} is not a file: give the path of a campaign database",
                        "{} n'est pas un fichier : donnez le chemin d'une base de campagne",
                        path.display()
                    )
                    .into(),
                ));
            }
            #[cfg(unix)]
            {
                use std::os::unix::fs::MetadataExt;
                if meta.nlink() > 1 {
                    return Err(Error::Refused(tr!(
                        "{} has {} names (hard links): SQLite keeps a journal per name, so two of them corrupt it; keep one name (a symbolic link is fine)",
                        "{} a {} noms (liens physiques) : SQLite tient un journal par nom, et deux d'entre eux la corrompent ; gardez un seul nom (un lien symbolique convient)",
                        path.display(),
                        meta.nlink()
                    ).into()));
                }
            }
            if access == Access::Write && meta.permissions().readonly() {
                return Err(read_only(path));
            }
            std::fs::canonicalize(path).map_err(Error::Io)
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if access != Access::Write {
                return Err(Error::NotFound(
                    tr!(
                        "no campaign database at {}; `hoard campaign new NAME` creates one",
                        "aucune base de campagne à {} ; `hoard campaign new NOM` en crée une",
                        path.display()
                    )
                    .into(),
                ));
            }
            create_private(path)?;
            std::fs::canonicalize(path).map_err(Error::Io)
        }
        Err(e) => Err(Error::Io(std::io::Error::new(
            e.kind(),
            tr!(
                "cannot read {}: {e}",
                "impossible de lire {} : {e}",
                path.display()
            ),
        ))),
    }
}

/// Create the file and its folders, readable and writable by its owner only, so the campaign
/// (and SQLite's -wal and -shm files, which copy its mode) is private from the start.
fn create_private(path: &Path) -> Result<()> {
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
    match crate::files::create_private(path) {
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
