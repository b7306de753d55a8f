//! Character rows.

use super::batch::Batch;
use super::conn::{Conn, FromRow, Row};
use super::error::{Broken, Error, Problem, Result};
use super::sql::{Sql, name_key};
use crate::ledger::Character;

impl FromRow for Character {
    fn from_row(row: &impl Row) -> Result<Self> {
        let broken = |cause: Broken| Error::from(Problem::UnreadableCharacter { cause });
        let json = |e: serde_json::Error| {
            broken(Broken::Json {
                error: e.to_string(),
            })
        };
        let state = serde_json::from_str::<CharacterState>(&row.text("state")?).map_err(json)?;
        Ok(Character {
            id: row.text("id")?,
            name: row.text("name")?,
            alignment: row.text("alignment")?.parse().map_err(
                |crate::rules::alignment::UnknownAlignment { given: found }| {
                    broken(Broken::Alignment { found })
                },
            )?,
            class: row.opt_text("class")?,
            level: row.small("level")?,
            str: row.small("str")?,
            wis: row.small("wis")?,
            hp: row.small("hp")?,
            hp_max: row.small("hp_max")?,
            reads_magic: row.bool("reads_magic")?,
            literate: row.bool("literate")?,
            quests: state.quests,
            reads_languages: state.reads_languages,
            int: row.opt_small("intelligence")?,
            dex: row.opt_small("dexterity")?,
            con: state.con,
            cha: state.cha,
            xp: row.int("xp")?,
            share: crate::rules::share::Share(row.small("half_shares")?),
            bound: state.bound,
            hungry: state.hungry,
            hire: state.hire,
            owed: state.owed,
            living: state.living,
        })
    }
}

pub(super) const COLUMNS: &str = "id, name, alignment, class, level, str, wis, hp, hp_max, \
    reads_magic, literate, state, intelligence, dexterity, xp, half_shares";

/// What play changes beyond the columns.
#[derive(Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
struct CharacterState {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    quests: Vec<crate::rules::character::Quest>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    reads_languages: bool,
    // CON and CHA ride in the state: no query reads them, so they need no columns.
    #[serde(skip_serializing_if = "Option::is_none")]
    con: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cha: Option<u8>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    bound: bool,
    #[serde(skip_serializing_if = "is_zero")]
    hungry: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    hire: Option<crate::rules::wages::Hire>,
    #[serde(skip_serializing_if = "is_nil")]
    owed: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    living: Option<crate::rules::upkeep::Living>,
}

fn is_nil(n: &i64) -> bool {
    *n == 0
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The character of that name (names are unique per campaign, ignoring ASCII case).
pub async fn by_name(conn: &mut Conn, campaign: i64, name: &str) -> Result<Option<Character>> {
    conn.fetch_optional(&by_name_sql().bind(campaign).bind(name_key(name)))
        .await
}

/// The SELECT behind [`by_name`].
pub(super) fn by_name_sql() -> Sql {
    Sql::new(format!(
        "SELECT {COLUMNS} FROM characters WHERE campaign_id = $1 AND lower(name) = $2"
    ))
}

pub async fn by_id(conn: &mut Conn, campaign: i64, id: &str) -> Result<Option<Character>> {
    let sql = Sql::new(format!(
        "SELECT {COLUMNS} FROM characters WHERE campaign_id = $1 AND id = $2"
    ))
    .bind(campaign)
    .bind(id);
    conn.fetch_optional(&sql).await
}

/// The campaign's characters, by name.
pub async fn list(conn: &mut Conn, campaign: i64) -> Result<Vec<Character>> {
    let sql = Sql::new(format!(
        "SELECT {COLUMNS} FROM characters WHERE campaign_id = $1"
    ))
    .bind(campaign);
    let mut all: Vec<Character> = conn.fetch_all(&sql).await?;
    all.sort_by(|a, b| name_order(&a.name, &b.name).then_with(|| a.id.cmp(&b.id)));
    Ok(all)
}

/// The campaign's characters between 0 HP and the floor, not included: those who may be
/// dying (whether they are is the campaign's death rule).
pub async fn at_deaths_door(conn: &mut Conn, campaign: i64) -> Result<Vec<Character>> {
    let sql = Sql::new(format!(
        "SELECT {COLUMNS} FROM characters WHERE campaign_id = $1 AND hp <= 0 AND hp > $2"
    ))
    .bind(campaign)
    .bind(crate::rules::health::HP_FLOOR);
    let mut found: Vec<Character> = conn.fetch_all(&sql).await?;
    found.sort_by(|a, b| a.id.cmp(&b.id));
    Ok(found)
}

/// The campaign's character names, in order.
pub async fn names(conn: &mut Conn, campaign: i64) -> Result<Vec<String>> {
    let sql = Sql::new("SELECT name FROM characters WHERE campaign_id = $1").bind(campaign);
    let mut names: Vec<String> = conn.fetch_all(&sql).await?;
    names.sort_by(|a, b| name_order(a, b));
    Ok(names)
}

/// Names in order ignoring ASCII case, by the key they are looked up by ([`name_key`]):
/// SQLite's NOCASE order. Sorted here rather than by the engine, so that the one order both
/// engines list in is written once, instead of resting on each engine's collation.
fn name_order(a: &str, b: &str) -> std::cmp::Ordering {
    name_key(a).cmp(&name_key(b))
}

/// Queue the insert of characters the events brought into being.
pub fn push_insert(batch: &mut Batch, campaign: i64, characters: &[&Character]) {
    for chunk in characters.chunks(100) {
        let mut sql = Sql::new(format!("INSERT INTO characters (campaign_id, {COLUMNS}) "));
        sql.push_values(chunk, |row, c| {
            row.push_bind(campaign)
                .push_bind(&c.id)
                .push_bind(&c.name)
                .push_bind(c.alignment.as_str())
                .push_bind(c.class.clone())
                .push_bind(c.level)
                .push_bind(c.str)
                .push_bind(c.wis)
                .push_bind(c.hp)
                .push_bind(c.hp_max)
                .push_bind(c.reads_magic)
                .push_bind(c.literate)
                .push_bind(state(c))
                .push_bind(c.int)
                .push_bind(c.dex)
                .push_bind(c.xp)
                .push_bind(c.share.0);
        });
        batch.push(sql);
    }
}

/// Queue the update of a stored character: the columns play changes (the name's unique index
/// is left alone).
pub fn push_update(batch: &mut Batch, campaign: i64, c: &Character) {
    batch.push(
        Sql::new(
            "UPDATE characters SET alignment = $1, class = $2, level = $3, str = $4, wis = $5,
                    hp = $6, hp_max = $7, reads_magic = $8, literate = $9, state = $10,
                    intelligence = $11, dexterity = $12, xp = $13, half_shares = $14
             WHERE campaign_id = $15 AND id = $16",
        )
        .bind(c.alignment.as_str())
        .bind(c.class.clone())
        .bind(c.level)
        .bind(c.str)
        .bind(c.wis)
        .bind(c.hp)
        .bind(c.hp_max)
        .bind(c.reads_magic)
        .bind(c.literate)
        .bind(state(c))
        .bind(c.int)
        .bind(c.dex)
        .bind(c.xp)
        .bind(c.share.0)
        .bind(campaign)
        .bind(&c.id),
    );
}

fn state(c: &Character) -> String {
    let state = CharacterState {
        quests: c.quests.clone(),
        reads_languages: c.reads_languages,
        con: c.con,
        cha: c.cha,
        bound: c.bound,
        hungry: c.hungry,
        hire: c.hire.clone(),
        owed: c.owed,
        living: c.living,
    };
    // Serialising plain data to a String cannot fail.
    serde_json::to_string(&state).unwrap_or_default()
}
