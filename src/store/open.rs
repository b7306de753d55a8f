//! Opening a campaign database: the one place a connection is made, and the transaction a
//! command runs in.
//!
//! A command opens the database for what it does ([`Access`]): a read runs in one read
//! transaction from its first statement to its last, so everything it shows is of one moment
//! however many processes write meanwhile; a write takes the write lock when it begins
//! ([`Db::begin_write`]); a dry run does everything inside a transaction that is never
//! committed. Reads and dry runs never create a file or a folder.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::conn::Conn;
use super::sqlite;
use crate::error::{Error, Result};
use crate::tr;

/// How long a command waits for another process's write before giving up.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(60);

/// What a command does with the database.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// It only reads: the database must exist, and the command sees one moment of it.
    Read,
    /// It records: the database is created (with its folders) if it does not exist.
    Write,
    /// It would record, under `--dry-run`: the database must exist, and nothing it does is
    /// ever committed.
    DryRun,
}

/// The transaction open on the connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tx {
    None,
    Read,
    Write,
}

/// An open database.
pub struct Db {
    conn: Conn,
    /// The database file, as shown in messages.
    pub path: PathBuf,
    access: Access,
    tx: Tx,
}

/// Open the database at `path` for `access`.
pub async fn open(path: &Path, access: Access) -> Result<Db> {
    let path = checked_path(path, access)?;
    let conn = sqlite::connect(&path, access).await?;
    let mut db = Db {
        conn: Conn::Sqlite(conn),
        path,
        access,
        tx: Tx::None,
    };
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

/// Open the database at `path` to read only, on a connection that cannot write (the web
/// server's): SQLite's read-only mode. Each read is begun with [`Db::begin_read`] and ended
/// with [`Db::end_read`], so one connection serves many requests, each at its own moment.
pub async fn open_read_only(path: &Path) -> Result<Db> {
    let path = checked_path(path, Access::Read)?;
    let conn = sqlite::connect_read_only(&path).await?;
    Ok(Db {
        conn: Conn::Sqlite(conn),
        path,
        access: Access::Read,
        tx: Tx::None,
    })
}

impl Db {
    pub fn conn(&mut self) -> &mut Conn {
        &mut self.conn
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
            _ => Err(Error::Conflict(tr!(
                "a write began inside another transaction: this is a bug in hoard",
                "une écriture a commencé dans une autre transaction : c'est un bogue de hoard"
            ))),
        }
    }

    async fn begin(&mut self, tx: Tx) -> Result<()> {
        let text = match tx {
            Tx::Read => "BEGIN",
            Tx::Write => "BEGIN IMMEDIATE",
            Tx::None => return Ok(()),
        };
        self.conn.run(text).await.map_err(|e| self.explain(e))?;
        self.tx = tx;
        Ok(())
    }

    /// Commit the write. Under a dry run nothing is committed: the statements ran, so the
    /// command can show what it would have done, and closing rolls them back.
    pub async fn commit(&mut self) -> Result<()> {
        if self.dry_run() {
            return Ok(());
        }
        self.conn.run("COMMIT").await.map_err(|e| self.explain(e))?;
        self.tx = Tx::None;
        Ok(())
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
        match self.conn {
            Conn::Sqlite(c) => sqlx::Connection::close(c).await.map_err(Error::from),
        }
    }

    /// Write a consistent copy of the whole database to a new file at `path`: one snapshot,
    /// so writers elsewhere neither wait nor tear it.
    pub async fn copy_to(&mut self, path: &Path) -> Result<()> {
        self.end_read().await?;
        sqlite::copy_to(&mut self.conn, path).await
    }

    /// A database error in the words of this database's situation.
    fn explain(&self, e: Error) -> Error {
        match &e {
            Error::Database(d) if sqlite::is_read_only(d) => read_only(&self.path),
            _ => e,
        }
    }
}

fn read_only(path: &Path) -> Error {
    Error::Refused(tr!(
        "{} is read-only: hoard can show it but not record in it (make it writable with `chmod u+w`, or work on a copy)",
        "{} est en lecture seule : hoard peut la montrer mais pas y enregistrer (rendez-la inscriptible avec `chmod u+w`, ou travaillez sur une copie)",
        path.display()
    ))
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
        return Err(Error::Invalid(tr!(
            "{text:?} is not a database path: give the path of a campaign file, such as ~/campaigns/west.db",
            "{text:?} n'est pas un chemin de base : donnez le chemin d'un fichier de campagne, comme ~/campagnes/ouest.db"
        )));
    }
    match std::fs::metadata(path) {
        Ok(meta) => {
            if !meta.is_file() {
                return Err(Error::Invalid(tr!(
                    "{} is not a file: give the path of a campaign database",
                    "{} n'est pas un fichier : donnez le chemin d'une base de campagne",
                    path.display()
                )));
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
                    )));
                }
            }
            if access == Access::Write && meta.permissions().readonly() {
                return Err(read_only(path));
            }
            std::fs::canonicalize(path).map_err(Error::Io)
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if access != Access::Write {
                return Err(Error::NotFound(tr!(
                    "no campaign database at {}; `hoard campaign new NAME` creates one",
                    "aucune base de campagne à {} ; `hoard campaign new NOM` en crée une",
                    path.display()
                )));
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
