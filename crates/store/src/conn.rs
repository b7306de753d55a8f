//! The connection to a campaign database, whichever engine holds it, and the two traits that
//! let the store's statements and row readers be written once: [`Row`] (a column read as one
//! of hoard's plain types) and [`FromRow`] (a value read from a row).
//!
//! Nothing outside `store` sees an engine's types: the application holds a [`Conn`] and passes
//! it to the store's functions. A [`Conn`] holds an [`Engine`], which SQLite's connection
//! ([`super::sqlite`]) and PostgreSQL's ([`super::postgres`]) implement: how statements are
//! sent ([`Link`], written once here for both) and each engine's own business (how a
//! transaction begins, how a campaign is locked). The futures it returns are `Send`, so a
//! server can await a read on any of its threads.

use std::borrow::Cow;
use std::future::Future;
use std::pin::Pin;

use futures_util::{Stream, StreamExt};
use sqlx::Row as _;

use super::error::{Error, Privilege, Problem, Result};
use super::sql::Sql;
// Circle kept: the engines implement these traits; a sqlx error names no engine, so both read it.
use super::{postgres, sqlite};

/// A future of the store, `Send` whichever engine runs it.
pub(super) type Pending<'a, T> = Pin<Box<dyn Future<Output = Result<T>> + Send + 'a>>;

/// The rows of a statement as they come, whichever engine reads them.
pub(super) type Rows<'a> = Pin<Box<dyn Stream<Item = Result<Box<dyn Cells>>> + Send + 'a>>;

/// An open connection, whichever engine holds it; opaque outside the store, so no engine type
/// reaches the application through it.
pub struct Conn(pub(super) Box<dyn Engine>);

/// How statements travel to an engine and rows come back: the same for both engines, written
/// once ([`link!`]) over sqlx's connection of each.
pub(super) trait Link: Send {
    /// Run `text`, the statement in the engine's own spelling, with `sql`'s arguments.
    fn execute<'a>(&'a mut self, text: &'a str, sql: &'a Sql) -> Pending<'a, u64>;
    /// The rows of `text` with `sql`'s arguments, as they come.
    fn fetch<'a>(&'a mut self, text: &'a str, sql: &'a Sql) -> Rows<'a>;
    /// Run statements that need no argument, as they are.
    fn run<'a>(&'a mut self, text: &'a str) -> Pending<'a, ()>;
    fn close(self: Box<Self>) -> Pending<'static, ()>;
    /// The engine's own connection, for the tests that ask an engine for its plans.
    #[cfg(feature = "plans")]
    fn any(&mut self) -> &mut dyn std::any::Any;
}

/// What an engine does its own way; everything else is [`Link`]'s.
pub(super) trait Engine: Link {
    /// A statement in the engine's own spelling.
    fn text<'s>(&self, sql: &'s str) -> Cow<'s, str>;
    /// How a transaction begins, for a read or a write.
    fn begin(&self, write: bool) -> &'static str;
    /// The statement that locks campaign `id` until the commit, where writers lock campaigns
    /// one by one rather than the whole database.
    fn lock_campaign(&self, id: i64) -> Option<Sql>;
    /// The statement that readies the engine for a bulk write, if it needs one.
    fn expect_bulk(&self) -> Option<&'static str>;
    /// The query naming the role this connection acts as, where the engine has roles.
    fn role(&self) -> Option<&'static str>;
    /// The query naming the owner of hoard's tables and whether this connection's role acts
    /// as it ([`Owner`]), where the engine has roles.
    fn owner(&self) -> Option<&'static str>;
    /// The engine's own checks of the database: its problems, and how many rows point at
    /// rows that do not exist.
    fn file_problems(&mut self) -> Pending<'_, (Vec<String>, usize)>;
}

/// Statements, bound and sent the same way on each engine's connection (`$conn`).
macro_rules! linked {
    ($conn:ty) => {
        impl $crate::conn::Link for $conn {
            fn execute<'a>(
                &'a mut self,
                text: &'a str,
                sql: &'a $crate::sql::Sql,
            ) -> $crate::conn::Pending<'a, u64> {
                Box::pin(async move {
                    let query = $crate::conn::bound!(text, sql);
                    Ok(query.execute(self).await?.rows_affected())
                })
            }

            fn fetch<'a>(
                &'a mut self,
                text: &'a str,
                sql: &'a $crate::sql::Sql,
            ) -> $crate::conn::Rows<'a> {
                use futures_util::StreamExt as _;
                let query = $crate::conn::bound!(text, sql);
                Box::pin(
                    query
                        .fetch(self)
                        .map(|row| Ok(Box::new(row?) as Box<dyn $crate::conn::Cells>)),
                )
            }

            fn run<'a>(&'a mut self, text: &'a str) -> $crate::conn::Pending<'a, ()> {
                // sqlx's own boxed future: `raw_sql(text).execute(self)` is not `Send` for
                // every lifetime.
                let done = sqlx::Executor::execute(self, sqlx::raw_sql(text));
                Box::pin(async move {
                    done.await?;
                    Ok(())
                })
            }

            fn close(self: Box<Self>) -> $crate::conn::Pending<'static, ()> {
                Box::pin(async move { Ok(sqlx::Connection::close(*self).await?) })
            }

            #[cfg(feature = "plans")]
            fn any(&mut self) -> &mut dyn std::any::Any {
                self
            }
        }
    };
}
pub(super) use linked;

/// Statements with more arguments than this are bulk inserts whose text is rarely seen twice:
/// they are not kept in the connection's statement cache.
pub(super) const CACHED_ARGS: usize = 64;

/// The statement `$text` with `$sql`'s arguments bound: the same plain values for either
/// engine.
macro_rules! bound {
    ($text:expr, $sql:expr) => {{
        use $crate::sql::Value;
        let sql: &$crate::sql::Sql = $sql;
        let mut query =
            sqlx::query($text).persistent(sql.args().len() <= $crate::conn::CACHED_ARGS);
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
pub(super) use bound;

#[cfg(feature = "plans")]
thread_local! {
    /// The statements run on this thread, while a test collects them (`store::plans`).
    pub(crate) static SEEN: std::cell::RefCell<Option<Vec<String>>> = const { std::cell::RefCell::new(None) };
}

fn note(_text: &str) {
    #[cfg(feature = "plans")]
    SEEN.with(|seen| {
        if let Some(seen) = seen.borrow_mut().as_mut() {
            seen.push(_text.to_string());
        }
    });
}

/// A column, named or by position.
#[derive(Clone, Copy, Debug)]
pub(super) enum Col<'a> {
    Name(&'a str),
    At(usize),
}

/// A column, as the store's row readers write it: a name or a position.
pub(super) trait Column: Copy + std::fmt::Debug {
    fn col(&self) -> Col<'_>;
}
impl Column for &str {
    fn col(&self) -> Col<'_> {
        Col::Name(self)
    }
}
impl Column for usize {
    fn col(&self) -> Col<'_> {
        Col::At(*self)
    }
}

/// One engine's row, read as hoard's plain types (what [`Row`] reads through).
pub(super) trait Cells: Send {
    fn int(&self, col: Col<'_>) -> Result<i64>;
    fn opt_int(&self, col: Col<'_>) -> Result<Option<i64>>;
    fn text(&self, col: Col<'_>) -> Result<String>;
    fn opt_text(&self, col: Col<'_>) -> Result<Option<String>>;
    fn bool(&self, col: Col<'_>) -> Result<bool>;
}

/// Both engines' rows read hoard's types the same way.
macro_rules! cells {
    ($($row:ty),*) => {$(
        impl Cells for $row {
            fn int(&self, col: Col<'_>) -> Result<i64> {
                Ok(match col { Col::Name(c) => self.try_get(c)?, Col::At(c) => self.try_get(c)? })
            }
            fn opt_int(&self, col: Col<'_>) -> Result<Option<i64>> {
                Ok(match col { Col::Name(c) => self.try_get(c)?, Col::At(c) => self.try_get(c)? })
            }
            fn text(&self, col: Col<'_>) -> Result<String> {
                Ok(match col { Col::Name(c) => self.try_get(c)?, Col::At(c) => self.try_get(c)? })
            }
            fn opt_text(&self, col: Col<'_>) -> Result<Option<String>> {
                Ok(match col { Col::Name(c) => self.try_get(c)?, Col::At(c) => self.try_get(c)? })
            }
            fn bool(&self, col: Col<'_>) -> Result<bool> {
                Ok(match col { Col::Name(c) => self.try_get(c)?, Col::At(c) => self.try_get(c)? })
            }
        }
    )*};
}
cells!(sqlx::sqlite::SqliteRow);
#[cfg(feature = "postgres")]
cells!(sqlx::postgres::PgRow);

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

/// An engine's row as the row readers see it.
struct Fields<'r>(&'r dyn Cells);

impl Row for Fields<'_> {
    fn int(&self, col: impl Column) -> Result<i64> {
        self.0.int(col.col())
    }
    fn opt_int(&self, col: impl Column) -> Result<Option<i64>> {
        self.0.opt_int(col.col())
    }
    fn text(&self, col: impl Column) -> Result<String> {
        self.0.text(col.col())
    }
    fn opt_text(&self, col: impl Column) -> Result<Option<String>> {
        self.0.opt_text(col.col())
    }
    fn bool(&self, col: impl Column) -> Result<bool> {
        self.0.bool(col.col())
    }
}

fn read<T: FromRow>(row: Result<Box<dyn Cells>>) -> Result<T> {
    T::from_row(&Fields(row?.as_ref()))
}

fn out_of_range(col: impl Column, n: i64) -> Error {
    Problem::OutOfRange {
        column: format!("{col:?}"),
        value: n,
    }
    .into()
}

/// A value read from one row of a result.
pub(super) trait FromRow: Sized {
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

impl FromRow for (String, String) {
    fn from_row(row: &impl Row) -> Result<Self> {
        Ok((row.text(0)?, row.text(1)?))
    }
}

impl FromRow for (i64, String) {
    fn from_row(row: &impl Row) -> Result<Self> {
        Ok((row.int(0)?, row.text(1)?))
    }
}

/// The owner of hoard's tables on a server, and the role a connection acts as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Owner {
    /// The role that owns hoard's tables (PostgreSQL's owner of `events`).
    pub owner: String,
    /// The role this connection acts as (`current_user`).
    pub role: String,
    /// Whether that role is the owner or has its privileges (a member of it, a superuser).
    pub owns: bool,
}

impl FromRow for Owner {
    fn from_row(row: &impl Row) -> Result<Self> {
        Ok(Owner {
            owner: row.text("owner")?,
            role: row.text("role")?,
            owns: row.bool("owns")?,
        })
    }
}

impl FromRow for (i64, String, i64) {
    fn from_row(row: &impl Row) -> Result<Self> {
        Ok((row.int(0)?, row.text(1)?, row.int(2)?))
    }
}

/// How many rows of a long read are in flight: read ahead by SQLite's thread, and taken
/// together as they arrive. Why: audit, export, log and check 1.3x–1.5x faster on a big
/// campaign (docs/benchmarks.md, "A long read's rows in flight").
pub(super) const ROWS_IN_FLIGHT: usize = 1024;

/// A connection lent to the store's own statements: a [`Conn`]'s engine, or an engine's
/// connection before a [`Conn`] holds it (a migration's work, inside its transaction). Every
/// statement goes through here, so a privilege the server refuses is named once, with the
/// statement that needed it ([`denied`]).
pub(super) struct Lent<'c>(pub(super) &'c mut dyn Engine);

impl Lent<'_> {
    /// Run a statement; the number of rows it changed.
    pub(super) async fn execute(&mut self, sql: &Sql) -> Result<u64> {
        note(sql.text());
        let text = self.0.text(sql.text());
        self.0
            .execute(&text, sql)
            .await
            .map_err(|e| denied(e, sql.text()))
    }

    /// Run statements that need no argument, as they are.
    pub(super) async fn run(&mut self, text: &str) -> Result<()> {
        note(text);
        self.0.run(text).await.map_err(|e| denied(e, text))
    }

    pub(super) async fn fetch_all<T: FromRow>(&mut self, sql: &Sql) -> Result<Vec<T>> {
        let mut all = Vec::new();
        self.for_each(sql, |row| {
            all.push(row);
            Ok::<_, Error>(())
        })
        .await?;
        Ok(all)
    }

    pub(super) async fn fetch_optional<T: FromRow>(&mut self, sql: &Sql) -> Result<Option<T>> {
        note(sql.text());
        let text = self.0.text(sql.text());
        let mut rows = self.0.fetch(&text, sql);
        let row = rows.next().await.map(read).transpose();
        row.map_err(|e| denied(e, sql.text()))
    }

    pub(super) async fn fetch_one<T: FromRow>(&mut self, sql: &Sql) -> Result<T> {
        match self.fetch_optional(sql).await? {
            Some(row) => Ok(row),
            None => Err(sqlx::Error::RowNotFound.into()),
        }
    }

    pub(super) async fn for_each<T: FromRow, E: From<Error>>(
        &mut self,
        sql: &Sql,
        mut each: impl FnMut(T) -> Result<(), E>,
    ) -> Result<(), E> {
        note(sql.text());
        let text = self.0.text(sql.text());
        let mut rows = self.0.fetch(&text, sql).ready_chunks(ROWS_IN_FLIGHT);
        while let Some(ready) = rows.next().await {
            for row in ready {
                each(read(row).map_err(|e| denied(e, sql.text()))?)?;
            }
        }
        Ok(())
    }
}

/// An engine's error for the statement `text`: a privilege the server refused (SQLSTATE
/// 42501) becomes [`Problem::Denied`], naming what the role lacks by what the statement does —
/// reading, recording, deleting or changing the schema — and what the server said.
fn denied(e: Error, text: &str) -> Error {
    match e {
        Error::Database(d) if postgres::is_denied(&d) => Problem::Denied {
            database: None,
            lacks: Privilege::of(text),
            said: postgres::message(&d),
        }
        .into(),
        e => e,
    }
}

impl Privilege {
    /// What a statement needs of the role: by its verb, a lock taken with `FOR UPDATE` being
    /// a write's (the server asks for the UPDATE privilege).
    pub(super) fn of(text: &str) -> Privilege {
        let verb: String = text
            .trim_start()
            .chars()
            .take_while(char::is_ascii_alphabetic)
            .collect::<String>()
            .to_ascii_uppercase();
        match verb.as_str() {
            "SELECT" | "WITH" if text.contains("FOR UPDATE") => Privilege::Record,
            "SELECT" | "WITH" => Privilege::Read,
            "DELETE" | "TRUNCATE" | "DROP" => Privilege::Delete,
            "CREATE" | "ALTER" => Privilege::Upgrade,
            _ => Privilege::Record,
        }
    }
}

impl Conn {
    /// The connection, lent to a statement.
    fn lent(&mut self) -> Lent<'_> {
        Lent(&mut *self.0)
    }

    /// Run a statement; the number of rows it changed.
    pub async fn execute(&mut self, sql: &Sql) -> Result<u64> {
        self.lent().execute(sql).await
    }

    /// Run a statement that needs no argument (a transaction's BEGIN or COMMIT), as it is: no
    /// statement to prepare, one round trip to a server.
    pub async fn run(&mut self, text: &str) -> Result<()> {
        self.lent().run(text).await
    }

    pub(super) async fn fetch_all<T: FromRow>(&mut self, sql: &Sql) -> Result<Vec<T>> {
        self.lent().fetch_all(sql).await
    }

    pub(super) async fn fetch_optional<T: FromRow>(&mut self, sql: &Sql) -> Result<Option<T>> {
        self.lent().fetch_optional(sql).await
    }

    pub(super) async fn fetch_one<T: FromRow>(&mut self, sql: &Sql) -> Result<T> {
        self.lent().fetch_one(sql).await
    }

    /// Every row, read as it comes rather than gathered first: a long read (an audit, an
    /// export) holds no more than about a thousand rows at a time, however long the ledger.
    ///
    /// The rows that have arrived are taken together, [`ROWS_IN_FLIGHT`] at most.
    pub(super) async fn for_each<T: FromRow, E: From<Error>>(
        &mut self,
        sql: &Sql,
        each: impl FnMut(T) -> Result<(), E>,
    ) -> Result<(), E> {
        self.lent().for_each(sql, each).await
    }

    /// Begin a transaction: for a read, one snapshot of the whole database; for a write, on
    /// SQLite, the database's write lock (PostgreSQL's writers lock their campaign instead:
    /// [`Conn::lock_campaign`]).
    pub async fn begin(&mut self, write: bool) -> Result<()> {
        let text = self.0.begin(write);
        self.run(text).await
    }

    /// Within a write, wait for and keep the right to write in campaign `id` until the commit:
    /// the writers of one campaign queue, so its ledger stays gapless and in order. On SQLite
    /// the write transaction already holds the whole file.
    pub async fn lock_campaign(&mut self, id: i64) -> Result<()> {
        match self.0.lock_campaign(id) {
            Some(sql) => self.execute(&sql).await.map(|_| ()),
            None => Ok(()),
        }
    }

    /// The role this connection acts as (PostgreSQL's `current_user`); none on SQLite.
    pub async fn role(&mut self) -> Result<Option<String>> {
        match self.0.role() {
            Some(query) => self.fetch_one::<String>(&Sql::new(query)).await.map(Some),
            None => Ok(None),
        }
    }

    /// Who owns the campaigns on this database, where the engine has roles: the role that
    /// owns hoard's tables, and whether this connection's role is it or acts with its
    /// privileges. On SQLite, none: whoever may write the file owns it.
    pub async fn owner(&mut self) -> Result<Option<Owner>> {
        match self.0.owner() {
            Some(query) => self.fetch_optional(&Sql::new(query)).await,
            None => Ok(None),
        }
    }

    /// Whether [`Conn::lock_campaign`] locks anything: then what was read of a campaign before
    /// it must be read again.
    pub fn locks_campaigns(&self) -> bool {
        self.0.lock_campaign(0).is_some()
    }

    /// A bulk write is under way (generate, import): the engine readies itself for one.
    pub async fn expect_bulk(&mut self) -> Result<()> {
        match self.0.expect_bulk() {
            Some(text) => self.run(text).await,
            None => Ok(()),
        }
    }

    /// The engine's own checks of the database: its problems (none when all is well), and how
    /// many rows point at rows that do not exist.
    pub async fn file_problems(&mut self) -> Result<(Vec<String>, usize)> {
        self.0.file_problems().await
    }

    /// Close the connection cleanly.
    pub async fn close(self) -> Result<()> {
        self.0.close().await
    }

    /// The engine's own connection, if it is a `C` (the tests that ask an engine for its
    /// plans).
    #[cfg(feature = "plans")]
    pub(super) fn raw<C: 'static>(&mut self) -> Option<&mut C> {
        self.0.any().downcast_mut()
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
            // Transactions read-only by default for this role: it may read, not record.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_statement_is_named_by_what_it_does() {
        for (text, lacks) in [
            ("SELECT id FROM campaigns", Privilege::Read),
            (
                "  select max(version) FROM _sqlx_migrations",
                Privilege::Read,
            ),
            ("WITH x AS (SELECT 1) SELECT * FROM x", Privilege::Read),
            (
                "SELECT id FROM campaigns WHERE id = $1 FOR UPDATE",
                Privilege::Record,
            ),
            ("INSERT INTO events (seq) VALUES ($1)", Privilege::Record),
            ("UPDATE campaigns SET clock = $1", Privilege::Record),
            (
                "DELETE FROM event_refs WHERE campaign_id = $1",
                Privilege::Delete,
            ),
            ("TRUNCATE events", Privilege::Delete),
            (
                "ALTER TABLE events ADD COLUMN hash TEXT",
                Privilege::Upgrade,
            ),
            ("CREATE INDEX x ON events (seq)", Privilege::Upgrade),
        ] {
            assert_eq!(Privilege::of(text), lacks, "{text}");
        }
    }
}
