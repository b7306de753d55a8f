//! The connection to a campaign database, whichever engine holds it, and the two traits that
//! let the store's statements and row readers be written once: [`Row`] (a column read as one
//! of hoard's plain types) and [`FromRow`] (a value read from a row).
//!
//! Nothing outside `store` sees an engine's types: the application holds a [`Conn`] and passes
//! it to the store's functions.

use futures_util::TryStreamExt;
use sqlx::sqlite::{SqliteArguments, SqliteConnection, SqliteRow};
use sqlx::{Row as _, Sqlite};

use super::sql::{Sql, Value};
use crate::error::{Error, Result};

/// An open connection.
pub enum Conn {
    Sqlite(SqliteConnection),
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
pub trait Column: sqlx::ColumnIndex<SqliteRow> + Copy + std::fmt::Debug {}
impl Column for &str {}
impl Column for usize {}

/// A row of a result, read as hoard's plain types.
pub trait Row {
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
    Error::Conflict(crate::tr!(
        "column {col:?} holds {n}, out of range: the database was edited by hand; run `hoard check`",
        "la colonne {col:?} vaut {n}, hors limites : la base a été modifiée à la main ; lancez `hoard check`"
    ))
}

impl Row for SqliteRow {
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

/// A value read from one row of a result.
pub trait FromRow: Sized {
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

fn sqlite_query<'q>(
    sql: &'q Sql,
    text: &'q str,
) -> sqlx::query::Query<'q, Sqlite, SqliteArguments<'q>> {
    note(sql);
    let mut query = sqlx::query(text).persistent(sql.args().len() <= CACHED_ARGS);
    for value in sql.args() {
        query = match value {
            Value::Int(v) => query.bind(*v),
            Value::Text(v) => query.bind(v.as_deref()),
            Value::Bool(v) => query.bind(*v),
        };
    }
    query
}

impl Conn {
    /// Run a statement; the number of rows it changed.
    pub async fn execute(&mut self, sql: &Sql) -> Result<u64> {
        match self {
            Conn::Sqlite(c) => {
                let text = sqlite_text(sql.text());
                Ok(sqlite_query(sql, &text).execute(c).await?.rows_affected())
            }
        }
    }

    /// Run a statement that needs no argument (a transaction's BEGIN or COMMIT).
    pub async fn run(&mut self, text: &str) -> Result<()> {
        self.execute(&Sql::new(text)).await.map(|_| ())
    }

    pub async fn fetch_all<T: FromRow>(&mut self, sql: &Sql) -> Result<Vec<T>> {
        match self {
            Conn::Sqlite(c) => sqlite_query(sql, &sqlite_text(sql.text()))
                .fetch_all(c)
                .await?
                .iter()
                .map(T::from_row)
                .collect(),
        }
    }

    pub async fn fetch_optional<T: FromRow>(&mut self, sql: &Sql) -> Result<Option<T>> {
        match self {
            Conn::Sqlite(c) => sqlite_query(sql, &sqlite_text(sql.text()))
                .fetch_optional(c)
                .await?
                .as_ref()
                .map(T::from_row)
                .transpose(),
        }
    }

    pub async fn fetch_one<T: FromRow>(&mut self, sql: &Sql) -> Result<T> {
        match self {
            Conn::Sqlite(c) => T::from_row(
                &sqlite_query(sql, &sqlite_text(sql.text()))
                    .fetch_one(c)
                    .await?,
            ),
        }
    }

    /// A bulk write is under way (generate, import). SQLite gets a page cache large enough to
    /// keep the index pages such a write keeps coming back to — measured: importing 300,000
    /// events takes 6 s instead of 40 s — where short commands and reads do best with its
    /// small default.
    pub async fn expect_bulk(&mut self) -> Result<()> {
        match self {
            Conn::Sqlite(_) => self.run("PRAGMA cache_size = -24000").await,
        }
    }

    /// The engine's own checks of the database: its problems (none when all is well), and how
    /// many rows point at rows that do not exist.
    pub async fn file_problems(&mut self) -> Result<(Vec<String>, usize)> {
        match self {
            Conn::Sqlite(_) => super::sqlite::file_problems(self).await,
        }
    }

    /// Every row, read as it comes rather than gathered first: a long read (an audit, an
    /// export) holds one row at a time.
    pub async fn for_each<T: FromRow>(
        &mut self,
        sql: &Sql,
        mut each: impl FnMut(T) -> Result<()>,
    ) -> Result<()> {
        match self {
            Conn::Sqlite(c) => {
                let text = sqlite_text(sql.text());
                let mut rows = sqlite_query(sql, &text).fetch(c);
                while let Some(row) = rows.try_next().await? {
                    each(T::from_row(&row)?)?;
                }
            }
        }
        Ok(())
    }
}
