//! PostgreSQL, the shared engine: one database on a server that several referees' hoards use
//! at once, from `--db postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`.
//!
//! Reads run in one `REPEATABLE READ READ ONLY` transaction (one snapshot). Writes run in
//! `READ COMMITTED` and lock the row of the campaign they write in before reading anything of
//! it ([`lock_campaign`]): the writers of one campaign queue, so its ledger stays gapless and
//! in order, while writers of other campaigns go on in parallel. Locks are waited for as long
//! as SQLite's busy timeout (`lock_timeout`). What can still collide — two processes creating
//! the same campaign at once — fails with an error [`is_contention`] recognises, and the
//! command is run again from the start (`cli::main`), never shown to the referee.
//!
//! Migrations (`migrations/postgres/`, numbered as SQLite's are) are embedded
//! ([`super::migrations`]) and applied under an advisory lock, so two first commands on an empty
//! database both succeed; the version is read from sqlx's own table, so a database from a
//! newer hoard is refused before anything touches it. The URL's password is never shown:
//! messages name the database by [`Server`]'s display, built without it.

#[cfg(feature = "postgres")]
use std::borrow::Cow;
use std::fmt;
#[cfg(feature = "postgres")]
use std::str::FromStr;

#[cfg(feature = "postgres")]
use sqlx::ConnectOptions;
#[cfg(feature = "postgres")]
use sqlx::postgres::{PgConnectOptions, PgConnection, PgDatabaseError};

#[cfg(feature = "postgres")]
use super::access::{Access, BUSY_TIMEOUT};
#[cfg(feature = "postgres")]
use super::conn::{Conn, Engine, Lent, Pending, linked};
use super::error::{Error, Privilege, Problem, Result};
#[cfg(feature = "postgres")]
use super::sql::Sql;

#[cfg(feature = "postgres")]
use super::migrations::POSTGRES_MIGRATOR as MIGRATOR;

/// The advisory lock migrations are applied under (any number that is hoard's alone: "hoard"
/// in ASCII).
#[cfg(feature = "postgres")]
const MIGRATION_LOCK: i64 = 0x0068_6f61_7264;

/// The schema version this hoard writes: the number of the last embedded migration.
#[cfg(feature = "postgres")]
pub fn schema_version() -> i64 {
    super::migrations::postgres_version()
}

/// A PostgreSQL database named by a URL: how to connect, and how to name it in messages.
#[cfg(feature = "postgres")]
pub struct Server {
    options: PgConnectOptions,
    /// The URL without its password (and with the defaults filled in).
    shown: String,
    /// The password as written in the URL, to strip from any message that might echo it.
    secrets: Vec<String>,
}

#[cfg(feature = "postgres")]
impl fmt::Display for Server {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.shown)
    }
}

#[cfg(feature = "postgres")]
impl Server {
    /// The server `--db` names, if it is a `postgres://` or `postgresql://` URL.
    pub fn parse(text: &str) -> Result<Option<Server>> {
        if !names_server(text) {
            return Ok(None);
        }
        let secrets = secrets(text);
        let options = PgConnectOptions::from_str(text).map_err(|e| Problem::BadUrl {
            cause: scrub(&secrets, e.to_string()),
        })?;
        let user = options.get_username().to_string();
        let database = options.get_database().unwrap_or(&user).to_string();
        let port = options.get_port();
        let shown = match options.get_socket() {
            Some(dir) => format!(
                "postgres://{user}@localhost:{port}/{database}?host={}",
                dir.display()
            ),
            None => format!("postgres://{user}@{}:{port}/{database}", options.get_host()),
        };
        let options = options
            .application_name("hoard")
            .options([
                ("lock_timeout", format!("{}s", BUSY_TIMEOUT.as_secs())),
                ("client_min_messages", "warning".into()),
            ])
            .disable_statement_logging();
        Ok(Some(Server {
            options,
            shown,
            secrets,
        }))
    }
}

/// Whether `--db` names a server: a `postgres://` or `postgresql://` URL.
pub fn names_server(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    lower.starts_with("postgres://") || lower.starts_with("postgresql://")
}

/// A build without PostgreSQL (`--no-default-features`): no server can be named, so a
/// [`super::open::Location`] is always a file.
#[cfg(not(feature = "postgres"))]
pub enum Server {}

#[cfg(not(feature = "postgres"))]
impl fmt::Display for Server {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {}
    }
}

#[cfg(not(feature = "postgres"))]
impl Server {
    /// A PostgreSQL URL is refused in one line: this build cannot reach a server.
    pub fn parse(text: &str) -> Result<Option<Server>> {
        if !names_server(text) {
            return Ok(None);
        }
        Err(Problem::NoPostgres.into())
    }
}

/// No server to connect to in a build without PostgreSQL.
#[cfg(not(feature = "postgres"))]
pub(super) async fn connect(server: &Server, _access: super::Access) -> Result<super::Conn> {
    match *server {}
}

/// No server to back up in a build without PostgreSQL.
#[cfg(not(feature = "postgres"))]
pub fn no_backup(server: &Server) -> Error {
    match *server {}
}

/// The password a URL holds, as written and as decoded (in its user part, or as a
/// `password=` parameter).
pub fn secrets(text: &str) -> Vec<String> {
    let Ok(url) = url::Url::parse(text) else {
        // Unreadable: whatever follows the scheme may hold it.
        return text
            .split_once("://")
            .map(|(_, rest)| vec![rest.to_string()])
            .unwrap_or_default();
    };
    let mut found: Vec<String> = url.password().map(str::to_string).into_iter().collect();
    found.extend(
        url.query_pairs()
            .filter(|(k, _)| k.contains("password"))
            .map(|(_, v)| v.into_owned()),
    );
    let decoded: Vec<String> = found
        .iter()
        .filter_map(|s| percent_decode(s))
        .filter(|d| !found.contains(d))
        .collect();
    found.extend(decoded);
    found.retain(|s| !s.is_empty());
    found
}

fn percent_decode(text: &str) -> Option<String> {
    percent_encoding::percent_decode_str(text)
        .decode_utf8()
        .ok()
        .map(|d| d.into_owned())
}

/// A message with every secret replaced by `***`.
pub fn scrub(secrets: &[String], mut text: String) -> String {
    for secret in secrets {
        text = text.replace(secret.as_str(), "***");
    }
    text
}

/// Connect to the database, creating or upgrading its schema for a command that records, and
/// refusing a command that records through a role that may only read.
#[cfg(feature = "postgres")]
pub(super) async fn connect(server: &Server, access: Access) -> Result<Conn> {
    let mut conn = server
        .options
        .connect()
        .await
        .map_err(|e| Problem::CannotConnect {
            database: server.to_string(),
            cause: scrub(&server.secrets, e.to_string()),
        })?;
    let (found, writable) = version(&mut conn, server).await?;
    check_not_newer(found, server)?;
    if found < schema_version() {
        if found == 0 && access != Access::Write {
            return Err(Problem::NotHoardServer {
                database: server.to_string(),
            }
            .into());
        }
        if access == Access::DryRun {
            return Err(Problem::DryRunUpgradeServer {
                database: server.to_string(),
            }
            .into());
        }
        migrate(&mut conn, server).await?;
    } else if access != Access::Read && !writable {
        return Err(read_only(Some(server)));
    }
    Ok(Conn(Box::new(conn)))
}

/// The schema version found (0 for an empty database), and whether this connection may
/// record: its role may insert events, and its transactions are not read-only by default.
#[cfg(feature = "postgres")]
async fn version(conn: &mut PgConnection, server: &Server) -> Result<(i64, bool)> {
    let found: std::result::Result<(i64, bool), sqlx::Error> = sqlx::query_as(
        "SELECT COALESCE(max(version), 0),
                COALESCE(has_table_privilege(to_regclass('events'), 'INSERT'), true)
                    AND current_setting('transaction_read_only') = 'off'
         FROM _sqlx_migrations WHERE success",
    )
    .fetch_one(&mut *conn)
    .await;
    match found {
        Err(sqlx::Error::Database(e)) if e.code().as_deref() == Some("42P01") => Ok((0, true)),
        // A role that may not even read hoard's tables.
        Err(e) if is_denied(&e) => Err(denied_to(server, Privilege::Read, &e)),
        other => Ok(other?),
    }
}

#[cfg(feature = "postgres")]
fn check_not_newer(found: i64, server: &Server) -> Result<()> {
    let known = schema_version();
    if found > known {
        return Err(Problem::Newer {
            database: server.to_string(),
            schema: found,
            known,
        }
        .into());
    }
    Ok(())
}

/// Apply the migrations, one process at a time (another may have applied them while this one
/// waited for the lock), in one transaction with what they leave to hoard itself (the hashes
/// of the events recorded before the ledger was chained, [`super::chain::fill`]): a command
/// stopped half-way leaves the schema as it found it.
#[cfg(feature = "postgres")]
async fn migrate(conn: &mut PgConnection, server: &Server) -> Result<()> {
    sqlx::query("SELECT pg_advisory_lock($1)")
        .bind(MIGRATION_LOCK)
        .execute(&mut *conn)
        .await?;
    let result = async {
        let (found, _) = version(conn, server).await?;
        check_not_newer(found, server)?;
        if found < schema_version() {
            let mut tx = sqlx::Connection::begin(&mut *conn).await?;
            MIGRATOR.run(&mut *tx).await.map_err(|e| match e {
                // Changing the schema is its owner's: a role that is not cannot upgrade it.
                sqlx::migrate::MigrateError::Execute(e) if is_denied(&e) => {
                    denied_to(server, Privilege::Upgrade, &e)
                }
                sqlx::migrate::MigrateError::Execute(e) if is_read_only(&e) => {
                    read_only(Some(server))
                }
                e => Problem::CannotUpgrade {
                    database: server.to_string(),
                    schema: schema_version(),
                    cause: e.to_string(),
                }
                .into(),
            })?;
            super::chain::fill(&mut Lent(&mut *tx)).await?;
            tx.commit().await?;
        }
        Ok(())
    }
    .await;
    sqlx::query("SELECT pg_advisory_unlock($1)")
        .bind(MIGRATION_LOCK)
        .execute(&mut *conn)
        .await?;
    result
}

#[cfg(feature = "postgres")]
linked!(PgConnection);

#[cfg(feature = "postgres")]
impl Engine for PgConnection {
    /// `$N` is PostgreSQL's own spelling.
    fn text<'s>(&self, sql: &'s str) -> Cow<'s, str> {
        sql.into()
    }

    /// A read sees one snapshot and may not write; a write reads what is committed, once it
    /// holds its campaign's lock.
    fn begin(&self, write: bool) -> &'static str {
        if write {
            "BEGIN"
        } else {
            "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
        }
    }

    /// Lock campaign `id`'s row until the commit: writers of one campaign queue here.
    fn lock_campaign(&self, id: i64) -> Option<Sql> {
        Some(Sql::new("SELECT id FROM campaigns WHERE id = $1 FOR UPDATE").bind(id))
    }

    /// The cache is the server's.
    fn expect_bulk(&self) -> Option<&'static str> {
        None
    }

    fn role(&self) -> Option<&'static str> {
        Some("SELECT current_user::text")
    }

    /// The role that owns hoard's tables (its first command made them), whether this
    /// connection's role is it or has its privileges (a member of it; a superuser), and this
    /// role.
    fn owner(&self) -> Option<&'static str> {
        Some(
            "SELECT pg_get_userbyid(c.relowner)::text AS owner, current_user::text AS role,
                    pg_has_role(current_user, c.relowner, 'USAGE') AS owns
             FROM pg_class c WHERE c.oid = to_regclass('events')",
        )
    }

    /// Foreign keys are always enforced, so no row points at one that does not exist.
    fn file_problems(&mut self) -> Pending<'_, (Vec<String>, usize)> {
        Box::pin(async move {
            let problems = sqlx::query_scalar(UNCHECKED).fetch_all(&mut *self).await?;
            Ok((problems, 0))
        })
    }
}

#[cfg(feature = "postgres")]
fn code(error: &sqlx::Error) -> Option<&str> {
    match error {
        sqlx::Error::Database(e) => e.try_downcast_ref::<PgDatabaseError>().map(|e| e.code()),
        _ => None,
    }
}

/// A build without PostgreSQL has no code to read.
#[cfg(not(feature = "postgres"))]
fn code(_error: &sqlx::Error) -> Option<&str> {
    None
}

/// Whether the server gave up waiting for another process's lock (`lock_timeout`).
pub(super) fn is_busy(error: &sqlx::Error) -> bool {
    code(error) == Some("55P03")
}

/// Whether the server refused a write because this role's transactions are read-only
/// (`default_transaction_read_only`): it may read, not record.
pub(super) fn is_read_only(error: &sqlx::Error) -> bool {
    code(error) == Some("25006")
}

/// Whether the server refused the statement for a privilege the role lacks (SQLSTATE 42501:
/// no SELECT, INSERT, UPDATE or DELETE on a table, or not its owner).
pub(super) fn is_denied(error: &sqlx::Error) -> bool {
    code(error) == Some("42501")
}

/// What the server said of an error, in its own words (`permission denied for table events`).
pub(super) fn message(error: &sqlx::Error) -> String {
    match error {
        sqlx::Error::Database(e) => e.message().to_string(),
        e => e.to_string(),
    }
}

/// A privilege refused, as [`Problem::Denied`] names it.
#[cfg(feature = "postgres")]
fn denied_to(server: &Server, lacks: Privilege, error: &sqlx::Error) -> Error {
    Problem::Denied {
        database: Some(server.to_string()),
        lacks,
        said: scrub(&server.secrets, message(error)),
    }
    .into()
}

/// Whether the statement failed only because another transaction wrote at the same moment:
/// a serialization failure, a deadlock, or a unique key another transaction took first.
pub(super) fn is_contention(error: &sqlx::Error) -> bool {
    matches!(code(error), Some("40001" | "40P01" | "23505"))
}

/// A write refused because the role may only read.
pub fn read_only(server: Option<&Server>) -> Error {
    Problem::ReadOnlyRole {
        database: server.map(Server::to_string),
    }
    .into()
}

/// `backup` writes a SQLite file; a server's database is copied by the server's own tool.
#[cfg(feature = "postgres")]
pub fn no_backup(server: &Server) -> Error {
    Problem::NoBackup {
        database: server.to_string(),
    }
    .into()
}

/// The checks the server does not make by itself, one row per problem: constraints it was
/// told to trust without checking (`NOT VALID`), and indexes left unusable by a failed build.
#[cfg(feature = "postgres")]
const UNCHECKED: &str = "SELECT 'constraint ' || conname || ' is not validated'
     FROM pg_constraint
     WHERE NOT convalidated AND connamespace = to_regnamespace(current_schema())
     UNION ALL
     SELECT 'index ' || i.indexrelid::regclass::text || ' is not valid'
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
     WHERE NOT i.indisvalid AND c.relnamespace = to_regnamespace(current_schema())";

#[cfg(all(test, feature = "postgres"))]
mod tests {
    use super::*;

    #[test]
    fn a_url_is_shown_without_its_password() {
        for url in [
            "postgres://referee:s3cr%21t@db.example:6543/west?sslmode=prefer",
            "postgresql://referee:s3cr!t@db.example:6543/west",
            "POSTGRES://referee@db.example:6543/west?password=s3cr!t",
        ] {
            let server = Server::parse(url).unwrap().expect("a server");
            assert_eq!(
                server.to_string(),
                "postgres://referee@db.example:6543/west",
                "{url}"
            );
            assert!(server.secrets.iter().any(|s| s == "s3cr!t"), "{url}");
            assert_eq!(
                scrub(&server.secrets, format!("failed: {url}")),
                format!(
                    "failed: {}",
                    url.replace("s3cr%21t", "***").replace("s3cr!t", "***")
                )
            );
        }
    }

    #[test]
    fn a_socket_is_shown_as_its_folder() {
        for url in [
            "postgres://referee@localhost/west?host=/run/postgresql",
            "postgres://referee@%2Frun%2Fpostgresql/west",
        ] {
            let server = Server::parse(url).unwrap().unwrap();
            assert_eq!(
                server.to_string(),
                "postgres://referee@localhost:5432/west?host=/run/postgresql"
            );
        }
    }

    #[test]
    fn a_path_is_not_a_server() {
        assert!(Server::parse("/home/me/west.db").unwrap().is_none());
        assert!(Server::parse("mysql://x@y/z").unwrap().is_none());
    }

    #[test]
    fn an_unreadable_url_is_refused_without_echoing_it() {
        let Err(e) = Server::parse("postgres://referee:s3cr!t@db.example:99999/west") else {
            panic!("accepted")
        };
        let Some(Problem::BadUrl { cause }) = e.problem() else {
            panic!("{e:?}")
        };
        assert!(!cause.contains("s3cr!t"), "{cause}");
        assert!(!format!("{e:?}").contains("s3cr!t"), "{e:?}");
    }
}
