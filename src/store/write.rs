//! Write transactions in as few round trips as possible.
//!
//! sqlx runs SQLite on a worker thread, and every statement sent there is a round trip between
//! threads — the largest cost of a short command. A write therefore goes in two trips:
//! `BEGIN IMMEDIATE` together with loading the campaign, and then one batch holding every
//! INSERT and UPDATE followed by `COMMIT`. Reads a rule needs in between (a character, an item)
//! are the only other trips. SQLite runs a multi-statement batch in order; anonymous `?`
//! parameters are bound across its statements in order.
//!
//! The transaction is managed here rather than by `sqlx::Transaction` so that `COMMIT` can
//! travel with the batch. A write that fails before its commit is rolled back by
//! [`rollback`], or by SQLite when the connection closes: nothing is ever half-written.

use sqlx::sqlite::SqliteConnection;
use sqlx::{FromRow, QueryBuilder, Row, Sqlite};

use super::campaigns::{self, Found};
use super::{characters, items};
use crate::error::Result;
use crate::ledger::{Character, Item};

/// A read that travels with `BEGIN IMMEDIATE`, saving a round trip when a command knows what
/// it will need (a character named on the command line).
pub enum Preload<'a> {
    Character(&'a str),
    /// Everything the named character holds (for the swords a wound or a gift concerns).
    Holdings(&'a str),
}

/// What [`begin`] found: the campaign, and whatever the preloads asked for that exists.
pub struct Begun {
    pub campaign: Option<Found>,
    pub characters: Vec<Character>,
    /// Holdings asked for, by the name given in the preload.
    pub holdings: Vec<(String, Vec<Item>)>,
}

/// Take the write lock, load the campaign and the preloads — in one round trip. Each SELECT
/// tags its rows with a `row_kind` column so the rows can be told apart.
pub async fn begin(
    conn: &mut SqliteConnection,
    name: Option<&str>,
    preloads: &[Preload<'_>],
) -> Result<Begun> {
    let mut query = begin_query(name, preloads);
    let mut begun = Begun {
        campaign: None,
        characters: Vec::new(),
        holdings: preloads
            .iter()
            .filter_map(|p| match p {
                Preload::Holdings(n) => Some((n.to_string(), Vec::new())),
                _ => None,
            })
            .collect(),
    };
    for row in query.build().fetch_all(conn).await? {
        match row.try_get::<&str, _>("row_kind")? {
            "campaign" => begun.campaign = Some(campaigns::found(&row)?),
            "holdings" => {
                let whose: String = row.try_get("preload")?;
                let item = Item::from_row(&row)?;
                if let Some((_, list)) = begun.holdings.iter_mut().find(|(n, _)| *n == whose) {
                    list.push(item);
                }
            }
            _ => begun.characters.push(Character::from_row(&row)?),
        }
    }
    Ok(begun)
}

/// The round trip behind [`begin`]: `BEGIN IMMEDIATE`, then the campaign and each preload.
pub(super) fn begin_query(
    name: Option<&str>,
    preloads: &[Preload<'_>],
) -> QueryBuilder<'static, Sqlite> {
    let mut query = QueryBuilder::new("BEGIN IMMEDIATE;\n");
    campaigns::push_find(&mut query, name);
    for preload in preloads {
        query.push(";\n");
        match preload {
            Preload::Character(character) => {
                query.push(format!(
                    "SELECT 'character' AS row_kind, {} FROM characters WHERE campaign_id = ",
                    characters::COLUMNS
                ));
                campaigns::push_id(&mut query, name);
                query.push(" AND name = ").push_bind(character.to_string());
            }
            Preload::Holdings(character) => {
                query.push("SELECT 'holdings' AS row_kind, ");
                query.push_bind(character.to_string());
                query.push(format!(
                    " AS preload, {} FROM items i WHERE i.campaign_id = ",
                    items::COLUMNS
                ));
                campaigns::push_id(&mut query, name);
                query.push(" AND i.holder = (SELECT id FROM characters WHERE campaign_id = i.campaign_id AND name = ");
                query.push_bind(character.to_string());
                query.push(")");
            }
        }
    }
    query
}

pub async fn rollback(conn: &mut SqliteConnection) -> Result<()> {
    sqlx::query("ROLLBACK").execute(conn).await?;
    Ok(())
}

/// Bound parameters past which a batch is sent before more is added: keeps memory flat for
/// bulk commands (generate, import) without changing what is committed.
const FLUSH_AT: usize = 20_000;

/// Statements queued for one round trip.
pub struct Batch {
    query: QueryBuilder<'static, Sqlite>,
    statements: usize,
    binds: usize,
}

impl Default for Batch {
    fn default() -> Self {
        Batch {
            query: QueryBuilder::new(""),
            statements: 0,
            binds: 0,
        }
    }
}

impl Batch {
    /// Start a new statement and return the builder to write it with.
    pub fn statement(&mut self) -> &mut QueryBuilder<'static, Sqlite> {
        if self.statements > 0 {
            self.query.push(";\n");
        }
        self.statements += 1;
        &mut self.query
    }

    /// Count parameters bound by the caller, so [`Batch::flush_if_large`] knows the size.
    pub fn bound(&mut self, binds: usize) {
        self.binds += binds;
    }

    /// Send what is queued if it has grown large; the transaction stays open. A write this
    /// large is a bulk one (generate, import): it gets a page cache big enough to keep the
    /// index pages it keeps coming back to, where short commands and reads do best with
    /// SQLite's small default (a large cache costs a long read more than it saves).
    pub async fn flush_if_large(&mut self, conn: &mut SqliteConnection) -> Result<()> {
        if self.binds >= FLUSH_AT {
            sqlx::query("PRAGMA cache_size = -24000")
                .execute(&mut *conn)
                .await?;
            std::mem::take(self).send(conn).await?;
        }
        Ok(())
    }

    /// Send what is queued; the transaction stays open. Not kept in the statement cache: a
    /// batch's text is rarely seen twice, and a cached bulk statement holds megabytes.
    pub async fn send(mut self, conn: &mut SqliteConnection) -> Result<()> {
        if self.statements > 0 {
            self.query.build().persistent(false).execute(conn).await?;
        }
        Ok(())
    }

    /// Send what is queued followed by `COMMIT`, in one round trip.
    pub async fn commit(mut self, conn: &mut SqliteConnection) -> Result<()> {
        self.statement().push("COMMIT");
        self.send(conn).await
    }
}
