//! Personal links' rows: a token per character, made by `character link` or `serve
//! --players`, revoked by `character link --revoke`. Access, not story: no event records them.

use super::conn::{Conn, FromRow, Row};
use super::error::Result;
use super::sql::Sql;

/// A character's link that stands (not revoked).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub character: String,
    pub token: String,
}

impl FromRow for Link {
    fn from_row(row: &impl Row) -> Result<Self> {
        Ok(Link {
            character: row.text("character_id")?,
            token: row.text("token")?,
        })
    }
}

/// Every link of the campaign that stands, by character.
pub async fn standing(conn: &mut Conn, campaign: i64) -> Result<Vec<Link>> {
    let sql = Sql::new(
        "SELECT character_id, token FROM links
         WHERE campaign_id = $1 AND revoked_at IS NULL ORDER BY character_id",
    )
    .bind(campaign);
    conn.fetch_all(&sql).await
}

/// Give `character` the link `token`.
pub async fn insert(
    conn: &mut Conn,
    campaign: i64,
    character: &str,
    token: &str,
    now: &str,
) -> Result<()> {
    let sql = Sql::new(
        "INSERT INTO links (token, campaign_id, character_id, created_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(token)
    .bind(campaign)
    .bind(character)
    .bind(now);
    conn.execute(&sql).await.map(|_| ())
}

/// Revoke `character`'s standing link; how many were revoked (0 or 1).
pub async fn revoke(conn: &mut Conn, campaign: i64, character: &str, now: &str) -> Result<u64> {
    let sql = Sql::new(
        "UPDATE links SET revoked_at = $1
         WHERE campaign_id = $2 AND character_id = $3 AND revoked_at IS NULL",
    )
    .bind(now)
    .bind(campaign)
    .bind(character);
    conn.execute(&sql).await
}
