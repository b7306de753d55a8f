//! Character rows.

use sqlx::sqlite::{SqliteConnection, SqliteRow};
use sqlx::{FromRow, Row};

use super::write::Batch;
use crate::error::Result;
use crate::ledger::Character;

impl<'r> FromRow<'r, SqliteRow> for Character {
    fn from_row(row: &'r SqliteRow) -> sqlx::Result<Self> {
        let alignment: String = row.try_get("alignment")?;
        let state = serde_json::from_str::<CharacterState>(&row.try_get::<String, _>("state")?)
            .map_err(|e| sqlx::Error::Decode(e.into()))?;
        Ok(Character {
            id: row.try_get("id")?,
            name: row.try_get("name")?,
            alignment: alignment
                .parse()
                .map_err(|e| sqlx::Error::Decode(Box::new(e)))?,
            class: row.try_get("class")?,
            level: row.try_get("level")?,
            str: row.try_get("str")?,
            wis: row.try_get("wis")?,
            hp: row.try_get("hp")?,
            hp_max: row.try_get("hp_max")?,
            reads_magic: row.try_get("reads_magic")?,
            literate: row.try_get("literate")?,
            quests: state.quests,
            reads_languages: state.reads_languages,
        })
    }
}

pub(super) const COLUMNS: &str =
    "id, name, alignment, class, level, str, wis, hp, hp_max, reads_magic, literate, state";

/// What play changes beyond the columns.
#[derive(Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
struct CharacterState {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    quests: Vec<crate::rules::character::Quest>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    reads_languages: bool,
}

/// The character of that name (names are unique per campaign, ignoring ASCII case).
pub async fn by_name(
    conn: &mut SqliteConnection,
    campaign: i64,
    name: &str,
) -> Result<Option<Character>> {
    Ok(sqlx::query_as(&by_name_sql())
        .bind(campaign)
        .bind(name)
        .fetch_optional(conn)
        .await?)
}

pub async fn by_id(
    conn: &mut SqliteConnection,
    campaign: i64,
    id: &str,
) -> Result<Option<Character>> {
    Ok(sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM characters WHERE campaign_id = ?1 AND id = ?2"
    ))
    .bind(campaign)
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

pub async fn list(conn: &mut SqliteConnection, campaign: i64) -> Result<Vec<Character>> {
    Ok(sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM characters WHERE campaign_id = ?1 ORDER BY name"
    ))
    .bind(campaign)
    .fetch_all(conn)
    .await?)
}

pub async fn names(conn: &mut SqliteConnection, campaign: i64) -> Result<Vec<String>> {
    Ok(
        sqlx::query_scalar("SELECT name FROM characters WHERE campaign_id = ?1 ORDER BY name")
            .bind(campaign)
            .fetch_all(conn)
            .await?,
    )
}

/// Queue the insert of characters the events brought into being.
pub fn push_insert(batch: &mut Batch, campaign: i64, characters: &[&Character]) {
    for chunk in characters.chunks(100) {
        let q = batch.statement();
        q.push(format!("INSERT INTO characters (campaign_id, {COLUMNS}) "));
        q.push_values(chunk, |mut row, c| {
            row.push_bind(campaign)
                .push_bind(c.id.clone())
                .push_bind(c.name.clone())
                .push_bind(c.alignment.as_str())
                .push_bind(c.class.clone())
                .push_bind(c.level)
                .push_bind(c.str)
                .push_bind(c.wis)
                .push_bind(c.hp)
                .push_bind(c.hp_max)
                .push_bind(c.reads_magic)
                .push_bind(c.literate)
                .push_bind(state(c));
        });
        batch.bound(13 * chunk.len());
    }
}

/// Queue the update of a stored character: the columns play changes. An UPDATE costs SQLite
/// half the work of an upsert to prepare, and the name's unique index is left alone.
pub fn push_update(batch: &mut Batch, campaign: i64, c: &Character) {
    batch
        .statement()
        .push("UPDATE characters SET alignment = ")
        .push_bind(c.alignment.as_str())
        .push(", class = ")
        .push_bind(c.class.clone())
        .push(", level = ")
        .push_bind(c.level)
        .push(", str = ")
        .push_bind(c.str)
        .push(", wis = ")
        .push_bind(c.wis)
        .push(", hp = ")
        .push_bind(c.hp)
        .push(", hp_max = ")
        .push_bind(c.hp_max)
        .push(", reads_magic = ")
        .push_bind(c.reads_magic)
        .push(", literate = ")
        .push_bind(c.literate)
        .push(", state = ")
        .push_bind(state(c))
        .push(" WHERE campaign_id = ")
        .push_bind(campaign)
        .push(" AND id = ")
        .push_bind(c.id.clone());
    batch.bound(12);
}

fn state(c: &Character) -> String {
    let state = CharacterState {
        quests: c.quests.clone(),
        reads_languages: c.reads_languages,
    };
    // Serialising plain data to a String cannot fail.
    serde_json::to_string(&state).unwrap_or_default()
}

/// The SELECT behind [`by_name`].
pub(super) fn by_name_sql() -> String {
    format!("SELECT {COLUMNS} FROM characters WHERE campaign_id = ?1 AND name = ?2")
}
