//! Coin rows: one per holder (the pool, a purse, a place) and one for each of the campaign's
//! totals (added, spent), a count per denomination.

use super::batch::Batch;
use super::conn::{Conn, FromRow, Row};
use super::error::Result;
use super::sql::Sql;
use crate::ledger::treasury::{CoinRow, Treasury};
use crate::rules::coins::Coins;

/// A row as stored: its kind, its holder, its coins.
struct Stored {
    row: CoinRow,
    coins: Coins,
}

impl FromRow for Stored {
    fn from_row(r: &impl Row) -> Result<Self> {
        let holder = r.text("holder")?;
        let row = match r.text("holder_kind")?.as_str() {
            "purse" => CoinRow::Purse(holder),
            "place" => CoinRow::Place(holder),
            "added" => CoinRow::Added,
            "spent" => CoinRow::Spent,
            // An expedition's pool is the pool row of its session's number.
            _ => holder.parse().map_or(CoinRow::Pool, CoinRow::Expedition),
        };
        Ok(Stored {
            row,
            coins: Coins {
                cp: r.int("cp")?,
                sp: r.int("sp")?,
                ep: r.int("ep")?,
                gp: r.int("gp")?,
                pp: r.int("pp")?,
            },
        })
    }
}

/// The kind and holder columns of a row.
fn key(row: &CoinRow) -> (&'static str, String) {
    match row {
        CoinRow::Pool => ("pool", String::new()),
        CoinRow::Expedition(n) => ("pool", n.to_string()),
        CoinRow::Purse(id) => ("purse", id.clone()),
        CoinRow::Place(name) => ("place", name.clone()),
        CoinRow::Added => ("added", String::new()),
        CoinRow::Spent => ("spent", String::new()),
    }
}

/// The campaign's whole treasury: a few rows, read in one go.
pub async fn load(conn: &mut Conn, campaign: i64) -> Result<Treasury> {
    let sql = Sql::new(
        "SELECT holder_kind, holder, cp, sp, ep, gp, pp FROM coins WHERE campaign_id = $1",
    )
    .bind(campaign);
    let mut treasury = Treasury::default();
    for stored in conn.fetch_all::<Stored>(&sql).await? {
        *treasury.row_mut(&stored.row) = stored.coins;
    }
    Ok(treasury)
}

/// A character's purse (nothing if they never had a coin).
pub async fn purse(conn: &mut Conn, campaign: i64, character: &str) -> Result<Coins> {
    let sql = Sql::new(
        "SELECT holder_kind, holder, cp, sp, ep, gp, pp FROM coins
         WHERE campaign_id = $1 AND holder_kind = 'purse' AND holder = $2",
    )
    .bind(campaign)
    .bind(character);
    let found: Option<Stored> = conn.fetch_optional(&sql).await?;
    Ok(found.map(|s| s.coins).unwrap_or_default())
}

/// Queue the rows the applied events changed.
pub fn push_save<'a>(
    batch: &mut Batch,
    campaign: i64,
    treasury: &Treasury,
    rows: impl IntoIterator<Item = &'a CoinRow>,
) {
    let rows: Vec<&CoinRow> = rows.into_iter().collect();
    for chunk in rows.chunks(100) {
        let mut sql =
            Sql::new("INSERT INTO coins (campaign_id, holder_kind, holder, cp, sp, ep, gp, pp) ");
        sql.push_values(chunk, |r, row| {
            let (kind, holder) = key(row);
            let c = treasury.row(row);
            r.push_bind(campaign)
                .push_bind(kind)
                .push_bind(holder)
                .push_bind(c.cp)
                .push_bind(c.sp)
                .push_bind(c.ep)
                .push_bind(c.gp)
                .push_bind(c.pp);
        });
        sql.push(
            " ON CONFLICT (campaign_id, holder_kind, holder) DO UPDATE SET cp = excluded.cp, \
             sp = excluded.sp, ep = excluded.ep, gp = excluded.gp, pp = excluded.pp",
        );
        batch.push(sql);
    }
}
