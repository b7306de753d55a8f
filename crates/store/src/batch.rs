//! The statements a write queues until its commit: the events and the rows they changed, sent
//! together once the rules have decided everything, so a refused command sends nothing.

use super::conn::Conn;
use super::error::Result;
use super::sql::Sql;

/// Bound arguments past which a bulk write (generate, import) sends what it has queued before
/// queuing more: memory stays flat however many items or events it makes.
const FLUSH_AT: usize = 20_000;

/// Statements queued for the commit.
#[derive(Default)]
pub struct Batch {
    statements: Vec<Sql>,
    args: usize,
}

impl Batch {
    pub fn push(&mut self, sql: Sql) {
        self.args += sql.args().len();
        self.statements.push(sql);
    }

    /// Send what is queued if it has grown large; the transaction stays open. A write this
    /// large is a bulk one, and tells the engine so.
    pub async fn flush_if_large(&mut self, conn: &mut Conn) -> Result<()> {
        if self.args >= FLUSH_AT {
            conn.expect_bulk().await?;
            std::mem::take(self).send(conn).await?;
        }
        Ok(())
    }

    /// Send what is queued, in order; the transaction stays open.
    pub async fn send(self, conn: &mut Conn) -> Result<()> {
        for sql in &self.statements {
            conn.execute(sql).await?;
        }
        Ok(())
    }
}
