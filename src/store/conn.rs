//! The connection to a campaign database, whichever engine holds it, and the two traits that
//! let the store's statements and row readers be written once: [`Row`] (a column read as one
//! of hoard's plain types) and [`FromRow`] (a value read from a row).
//!
//! Nothing outside `store` sees an engine's types: the application holds a [`Conn`] and passes
//! it to the store's functions. Each engine's own statements (how a transaction begins, how a
//! campaign is locked) come from its module, [`super::sqlite`] or [`super::postgres`].

use futures_util::StreamExt;
use sqlx::postgres::{PgArguments, PgConnection, PgRow};
use sqlx::sqlite::{SqliteArguments, SqliteConnection, SqliteRow};
use sqlx::{Postgres, Row as _, Sqlite};

use super::error::{Error, Problem, Result};
use super::sql::{Sql, Value};
use super::{postgres, sqlite};

/// An open connection, whichever engine holds it; opaque outside the store, so no engine type
/// reaches the application through it.
pub struct Conn(pub(super) Engine);

/// The engine behind a [`Conn`], with its own connection.
pub(super) enum Engine {
    Sqlite(SqliteConnection),
    Postgres(PgConnection),
}

#[cfg(test)]
thread_local! {
    /// The statements run on this thread, while a test collects them (`store::plans`).
    pub(crate) static SEEN: std::cell::RefCell<Option<Vec<String>>> = const { std::cell::RefCell::new(None) };
}

fn note(_sql: &Sql) {
    #[cfg(test)]
    SEEN.with(|seen| {
        if let Some(seen) = seen.borrow_mut().as_mut() {
            seen.push(_sql.text().to_string());
        }
    });
}

/// A column, named or by position.
pub(super) trait Column:
    sqlx::ColumnIndex<SqliteRow> + sqlx::ColumnIndex<PgRow> + Copy + std::fmt::Debug
{
}
impl Column for &str {}
impl Column for usize {}

/// A row of a result, read as hoard's plain types.
pub(super) trait Row {
    fn int(&self, col: impl Column) -> Result<i64>;
    fn opt_int(&self, col: impl Column) -> Result<Option<i64>>;
    fn text(&self, col: impl Column) -> Result<String>;
    fn opt_text(&self, col: impl Column) -> Result<Option<String>>;
    fn bool(&self, col: impl Column) -> Result<bool>;

    /// An integer column that must fit a narrower type (a level, an ability score).
    fn small<T: TryFrom<i64>>(&self, col: impl Column) -> Result<T> {
        let n = self.int(col)?;
        T::try_from(n).map_err(|_| out_of_range(col, n))
    }

    fn opt_small<T: TryFrom<i64>>(&self, col: impl Column) -> Result<Option<T>> {
        self.opt_int(col)?
            .map(|n| T::try_from(n).map_err(|_| out_of_range(col, n)))
            .transpose()
    }
}

fn out_of_range(col: impl Column, n: i64) -> Error {
    Problem::OutOfRange {
        column: format!("{col:?}"),
        value: n,
    }
    .into()
}

/// Both engines' rows read hoard's types the same way.
macro_rules! row {
    ($($row:ty),*) => {$(
        impl Row for $row {
            fn int(&self, col: impl Column) -> Result<i64> {
                Ok(self.try_get(col)?)
            }
            fn opt_int(&self, col: impl Column) -> Result<Option<i64>> {
                Ok(self.try_get(col)?)
            }
            fn text(&self, col: impl Column) -> Result<String> {
                Ok(self.try_get(col)?)
            }
            fn opt_text(&self, col: impl Column) -> Result<Option<String>> {
                Ok(self.try_get(col)?)
            }
            fn bool(&self, col: impl Column) -> Result<bool> {
                Ok(self.try_get(col)?)
            }
        }
    )*};
}
row!(SqliteRow, PgRow);

/// A value read from one row of a result.
pub(super) trait FromRow: Sized {
    fn from_row(row: &impl Row) -> Result<Self>;
}

#[cfg(test)]
#[test]
fn placeholders_become_sqlites_own_outside_quotes() {
    assert_eq!(
        sqlite_text("SELECT '$1', x FROM t WHERE a = $1 AND b = $12"),
        "SELECT '$1', x FROM t WHERE a = ?1 AND b = ?12"
    );
    assert!(matches!(
        sqlite_text("SELECT 1"),
        std::borrow::Cow::Borrowed(_)
    ));
}

impl FromRow for i64 {
    fn from_row(row: &impl Row) -> Result<Self> {
        row.int(0)
    }
}

impl FromRow for Option<i64> {
    fn from_row(row: &impl Row) -> Result<Self> {
        row.opt_int(0)
    }
}

impl FromRow for String {
    fn from_row(row: &impl Row) -> Result<Self> {
        row.text(0)
    }
}

impl FromRow for (i64, i64) {
    fn from_row(row: &impl Row) -> Result<Self> {
        Ok((row.int(0)?, row.int(1)?))
    }
}

impl FromRow for (i64, String) {
    fn from_row(row: &impl Row) -> Result<Self> {
        Ok((row.int(0)?, row.text(1)?))
    }
}

/// The text with SQLite's `?N` for each `$N`. SQLite reads `$N` too, but as a name it looks
/// up among the statement's earlier ones: a bulk insert of a thousand arguments spent half its
/// time comparing names (an import of 30,000 events took 4.9 s instead of 1.7 s).
fn sqlite_text(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains('$') {
        return text.into();
    }
    let mut out = String::with_capacity(text.len());
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' => quoted = !quoted,
            '$' if !quoted && chars.peek().is_some_and(char::is_ascii_digit) => {
                out.push('?');
                continue;
            }
            _ => {}
        }
        out.push(c);
    }
    out.into()
}

/// Statements with more arguments than this are bulk inserts whose text is rarely seen twice:
/// they are not kept in the connection's statement cache.
const CACHED_ARGS: usize = 64;

/// The statement, noted for `store::plans`, with its arguments bound: the same plain values
/// for either engine.
macro_rules! bound {
    ($sql:expr, $text:expr) => {{
        let sql: &Sql = $sql;
        note(sql);
        let mut query = sqlx::query($text).persistent(sql.args().len() <= CACHED_ARGS);
        for value in sql.args() {
            query = match value {
                Value::Int(v) => query.bind(*v),
                Value::Text(v) => query.bind(v.as_deref()),
                Value::Bool(v) => query.bind(*v),
            };
        }
        query
    }};
}

/// Run `$body` with `$query`, the bound statement, on `$c`, the engine's connection.
macro_rules! on_engine {
    ($conn:expr, $sql:expr, |$query:ident, $c:ident| $body:expr) => {
        match &mut $conn.0 {
            Engine::Sqlite($c) => {
                let text = sqlite_text($sql.text());
                let $query: sqlx::query::Query<'_, Sqlite, SqliteArguments<'_>> =
                    bound!($sql, &text);
                $body
            }
            Engine::Postgres($c) => {
                let $query: sqlx::query::Query<'_, Postgres, PgArguments> =
                    bound!($sql, $sql.text());
                $body
            }
        }
    };
}

/// At most this many rows are taken from the engine at once (see [`Conn::for_each`]): a bound
/// on what a long read holds, for an engine that has more ready.
const ROWS_AT_ONCE: usize = 256;

impl Conn {
    /// Run a statement; the number of rows it changed.
    pub async fn execute(&mut self, sql: &Sql) -> Result<u64> {
        Ok(on_engine!(self, sql, |query, c| query
            .execute(c)
            .await?
            .rows_affected()))
    }

    /// Run a statement that needs no argument (a transaction's BEGIN or COMMIT), as it is: no
    /// statement to prepare, one round trip to a server.
    pub async fn run(&mut self, text: &str) -> Result<()> {
        note(&Sql::new(text));
        match &mut self.0 {
            Engine::Sqlite(c) => sqlx::raw_sql(text).execute(c).await.map(|_| ())?,
            Engine::Postgres(c) => sqlx::raw_sql(text).execute(c).await.map(|_| ())?,
        }
        Ok(())
    }

    pub(super) async fn fetch_all<T: FromRow>(&mut self, sql: &Sql) -> Result<Vec<T>> {
        on_engine!(self, sql, |query, c| query
            .fetch_all(c)
            .await?
            .iter()
            .map(T::from_row)
            .collect())
    }

    pub(super) async fn fetch_optional<T: FromRow>(&mut self, sql: &Sql) -> Result<Option<T>> {
        on_engine!(self, sql, |query, c| query
            .fetch_optional(c)
            .await?
            .as_ref()
            .map(T::from_row)
            .transpose())
    }

    pub(super) async fn fetch_one<T: FromRow>(&mut self, sql: &Sql) -> Result<T> {
        on_engine!(self, sql, |query, c| T::from_row(
            &query.fetch_one(c).await?
        ))
    }

    /// Every row, read as it comes rather than gathered first: a long read (an audit, an
    /// export) holds no more than about a thousand rows at a time, however long the ledger.
    ///
    /// The rows that have arrived are taken together ([`ROWS_AT_ONCE`] at most). SQLite runs
    /// on a thread of its own and waits whenever its queue of rows read ahead is full
    /// (`ROWS_READ_AHEAD` in `store::sqlite`); taken one by one, each row taken woke it to
    /// read a single row more. Measured on 2026-12-02 (2-CPU virtual machine, 123,517 control
    /// checks, with `describe::Wills`, which alone measured 0.99x): `audit swords` 0.70x the
    /// wall time, 7,500 -> 3,000 context switches (with sqlx's queue of 50).
    pub(super) async fn for_each<T: FromRow, E: From<Error>>(
        &mut self,
        sql: &Sql,
        mut each: impl FnMut(T) -> Result<(), E>,
    ) -> Result<(), E> {
        on_engine!(self, sql, |query, c| {
            let mut rows = query.fetch(c).ready_chunks(ROWS_AT_ONCE);
            while let Some(ready) = rows.next().await {
                for row in ready {
                    let row = row.map_err(Error::from)?;
                    each(T::from_row(&row)?)?;
                }
            }
        });
        Ok(())
    }

    /// Begin a transaction: for a read, one snapshot of the whole database; for a write, on
    /// SQLite, the database's write lock (PostgreSQL's writers lock their campaign instead:
    /// [`Conn::lock_campaign`]).
    pub async fn begin(&mut self, write: bool) -> Result<()> {
        let text = match self.0 {
            Engine::Sqlite(_) => sqlite::begin(write),
            Engine::Postgres(_) => postgres::begin(write),
        };
        self.run(text).await
    }

    /// Within a write, wait for and keep the right to write in campaign `id` until the commit:
    /// the writers of one campaign queue, so its ledger stays gapless and in order. On SQLite
    /// the write transaction already holds the whole file.
    pub async fn lock_campaign(&mut self, id: i64) -> Result<()> {
        match self.0 {
            Engine::Sqlite(_) => Ok(()),
            Engine::Postgres(_) => self.execute(&postgres::lock_campaign(id)).await.map(|_| ()),
        }
    }

    /// Whether [`Conn::lock_campaign`] locks anything: then what was read of a campaign before
    /// it must be read again.
    pub fn locks_campaigns(&self) -> bool {
        matches!(self.0, Engine::Postgres(_))
    }

    /// A bulk write is under way (generate, import). SQLite gets a page cache large enough to
    /// keep the index pages such a write keeps coming back to — measured: importing 300,000
    /// events takes 6 s instead of 40 s — where short commands and reads do best with its
    /// small default. PostgreSQL's cache is the server's.
    pub async fn expect_bulk(&mut self) -> Result<()> {
        match self.0 {
            Engine::Sqlite(_) => self.run("PRAGMA cache_size = -24000").await,
            Engine::Postgres(_) => Ok(()),
        }
    }

    /// The engine's own checks of the database: its problems (none when all is well), and how
    /// many rows point at rows that do not exist.
    pub async fn file_problems(&mut self) -> Result<(Vec<String>, usize)> {
        match self.0 {
            Engine::Sqlite(_) => {
                let integrity: Vec<String> =
                    self.fetch_all(&Sql::new(sqlite::INTEGRITY_CHECK)).await?;
                let dangling: Vec<String> =
                    self.fetch_all(&Sql::new(sqlite::DANGLING_ROWS)).await?;
                Ok((
                    integrity.into_iter().filter(|l| l != "ok").collect(),
                    dangling.len(),
                ))
            }
            Engine::Postgres(_) => Ok((self.fetch_all(&Sql::new(postgres::UNCHECKED)).await?, 0)),
        }
    }

    /// Close the connection cleanly.
    pub async fn close(self) -> Result<()> {
        match self.0 {
            Engine::Sqlite(c) => sqlx::Connection::close(c).await?,
            Engine::Postgres(c) => sqlx::Connection::close(c).await?,
        }
        Ok(())
    }
}

/// An engine's error, named where the store knows it: another process held a lock too long,
/// or the database refuses this connection's writes. (Here, beside the engines that name
/// their errors, so that `store::error` imports neither of them.)
impl From<sqlx::Error> for Error {
    fn from(e: sqlx::Error) -> Self {
        if sqlite::is_busy(&e) || postgres::is_busy(&e) {
            Problem::Busy.into()
        } else if postgres::is_read_only(&e) {
            Problem::ReadOnlyRole { database: None }.into()
        } else {
            Error::Database(e)
        }
    }
}

/// Whether a command that failed with `e` failed only because another process wrote at the
/// same moment (a serialization failure, a deadlock, or a name another process took first):
/// run again from the start, it sees what that process did and succeeds or is refused for
/// a reason the referee can act on.
pub fn contention(e: &sqlx::Error) -> bool {
    postgres::is_contention(e)
}
