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

/// Statements with more arguments than this are bulk inserts whose text is rarely seen twice:
/// they are not kept in the connection's statement cache.
const CACHED_ARGS: usize = 64;

fn sqlite_query(sql: &Sql) -> sqlx::query::Query<'_, Sqlite, SqliteArguments<'_>> {
    note(sql);
    let mut query = sqlx::query(sql.text()).persistent(sql.args().len() <= CACHED_ARGS);
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
            Conn::Sqlite(c) => Ok(sqlite_query(sql).execute(c).await?.rows_affected()),
        }
    }

    /// Run a statement that needs no argument (a transaction's BEGIN or COMMIT).
    pub async fn run(&mut self, text: &str) -> Result<()> {
        self.execute(&Sql::new(text)).await.map(|_| ())
    }

    pub async fn fetch_all<T: FromRow>(&mut self, sql: &Sql) -> Result<Vec<T>> {
        match self {
            Conn::Sqlite(c) => sqlite_query(sql)
                .fetch_all(c)
                .await?
                .iter()
                .map(T::from_row)
                .collect(),
        }
    }

    pub async fn fetch_optional<T: FromRow>(&mut self, sql: &Sql) -> Result<Option<T>> {
        match self {
            Conn::Sqlite(c) => sqlite_query(sql)
                .fetch_optional(c)
                .await?
                .as_ref()
                .map(T::from_row)
                .transpose(),
        }
    }

    pub async fn fetch_one<T: FromRow>(&mut self, sql: &Sql) -> Result<T> {
        match self {
            Conn::Sqlite(c) => T::from_row(&sqlite_query(sql).fetch_one(c).await?),
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
                let mut rows = sqlite_query(sql).fetch(c);
                while let Some(row) = rows.try_next().await? {
                    each(T::from_row(&row)?)?;
                }
            }
        }
        Ok(())
    }
}
