//! Item rows.

use futures_util::TryStreamExt;
use sqlx::sqlite::{SqliteConnection, SqliteRow};
use sqlx::{FromRow, QueryBuilder, Row, Sqlite};

use std::collections::BTreeMap;

use super::write::Batch;
use crate::error::Result;
use crate::ledger::Item;
use crate::rules::item::{Control, Knowledge, ScrollSpell, Slot};

/// What play changes beyond the indexed columns.
#[derive(Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
struct ItemState {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    spells: Vec<ScrollSpell>,
    #[serde(skip_serializing_if = "Option::is_none")]
    worn: Option<Slot>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    attached: bool,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    known: BTreeMap<String, Knowledge>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    trusted: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    touched: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    control: Option<Control>,
}

impl<'r> FromRow<'r, SqliteRow> for Item {
    fn from_row(row: &'r SqliteRow) -> sqlx::Result<Self> {
        let decode = |e: String| sqlx::Error::Decode(e.into());
        let category: String = row.try_get("category")?;
        let status: String = row.try_get("status")?;
        let identity: String = row.try_get("identity")?;
        let state: String = row.try_get("state")?;
        let state: ItemState = serde_json::from_str(&state).map_err(|e| decode(e.to_string()))?;
        Ok(Item {
            id: row.try_get("id")?,
            name: row.try_get("name")?,
            name_fr: row.try_get("name_fr")?,
            category: category
                .parse()
                .map_err(|e: crate::rules::item::UnknownCategory| decode(e.to_string()))?,
            holder: row.try_get("holder")?,
            charges: row.try_get("charges")?,
            status: serde_json::from_value(serde_json::Value::String(status))
                .map_err(|e| decode(e.to_string()))?,
            identity: serde_json::from_str(&identity).map_err(|e| decode(e.to_string()))?,
            spells: state.spells,
            worn: state.worn,
            attached: state.attached,
            known: state.known,
            trusted: state.trusted,
            touched: state.touched,
            control: state.control,
        })
    }
}

pub(super) const COLUMNS: &str =
    "id, name, name_fr, category, holder, charges, status, identity, state";

/// Queue the insert of items the events brought into being.
pub fn push_insert(batch: &mut Batch, campaign: i64, items: &[&Item]) {
    for chunk in items.chunks(100) {
        let q = batch.statement();
        q.push(format!("INSERT INTO items (campaign_id, {COLUMNS}) "));
        q.push_values(chunk, |mut row, item| {
            row.push_bind(campaign)
                .push_bind(item.id.clone())
                .push_bind(item.name.clone())
                .push_bind(item.name_fr.clone())
                .push_bind(item.category.as_str())
                .push_bind(item.holder.clone())
                .push_bind(item.charges)
                .push_bind(item.status.as_str())
                .push_bind(serde_json::to_string(&item.identity).unwrap_or_default())
                .push_bind(state(item));
        });
        batch.bound(10 * chunk.len());
    }
}

/// Queue the update of a stored item: the columns play changes (an UPDATE costs SQLite half
/// the work of an upsert to prepare).
pub fn push_update(batch: &mut Batch, campaign: i64, item: &Item) {
    batch
        .statement()
        .push("UPDATE items SET holder = ")
        .push_bind(item.holder.clone())
        .push(", charges = ")
        .push_bind(item.charges)
        .push(", status = ")
        .push_bind(item.status.as_str())
        .push(", state = ")
        .push_bind(state(item))
        .push(" WHERE campaign_id = ")
        .push_bind(campaign)
        .push(" AND id = ")
        .push_bind(item.id.clone());
    batch.bound(6);
}

fn state(item: &Item) -> String {
    let state = ItemState {
        spells: item.spells.clone(),
        worn: item.worn,
        attached: item.attached,
        known: item.known.clone(),
        trusted: item.trusted.clone(),
        touched: item.touched.clone(),
        control: item.control.clone(),
    };
    // Serialising plain data to a String cannot fail.
    serde_json::to_string(&state).unwrap_or_default()
}

/// The items whose id, id prefix, or name (in either language) is `key`. More than one match
/// is for the caller to report.
pub async fn find(conn: &mut SqliteConnection, campaign: i64, key: &str) -> Result<Vec<Item>> {
    let mut found: Vec<Item> = find_query(campaign, key)
        .build_query_as()
        .fetch_all(conn)
        .await?;
    // An item found both by name and by id is one item.
    let mut seen = std::collections::HashSet::new();
    found.retain(|i| seen.insert(i.id.clone()));
    Ok(found)
}

/// The SELECT behind [`find`]: one indexed lookup per way of naming an item, so none of them
/// walks the campaign's items.
pub(super) fn find_query(campaign: i64, key: &str) -> QueryBuilder<'static, Sqlite> {
    let mut q = QueryBuilder::<Sqlite>::new("");
    let arm = |q: &mut QueryBuilder<'static, Sqlite>, first: bool| {
        if !first {
            q.push(" UNION ALL ");
        }
        q.push(format!("SELECT {COLUMNS} FROM items WHERE campaign_id = "))
            .push_bind(campaign);
    };
    arm(&mut q, true);
    q.push(" AND name = ").push_bind(key.to_string());
    arm(&mut q, false);
    q.push(" AND name_fr = ").push_bind(key.to_string());
    arm(&mut q, false);
    q.push(" AND id = ").push_bind(key.to_lowercase());
    if key.len() >= 4 && key.chars().all(|c| c.is_ascii_hexdigit() || c == '-') {
        // An id prefix: a range on the primary key.
        let prefix = key.to_lowercase();
        arm(&mut q, false);
        q.push(" AND id >= ")
            .push_bind(prefix.clone())
            .push(" AND id < ")
            .push_bind(format!("{prefix}\u{10ffff}"));
    }
    q.push(" LIMIT 20");
    q
}

/// Every item name in both languages, for "did you mean" on a mistyped one.
pub async fn names(conn: &mut SqliteConnection, campaign: i64) -> Result<Vec<String>> {
    Ok(sqlx::query_scalar(
        "SELECT name FROM items WHERE campaign_id = ?1 \
         UNION SELECT name_fr FROM items WHERE campaign_id = ?1 AND name_fr IS NOT NULL",
    )
    .bind(campaign)
    .fetch_all(conn)
    .await?)
}

#[derive(Debug, Default, Clone)]
pub struct ListFilter {
    pub holder: Option<String>,
    pub category: Option<String>,
}

pub async fn list(
    conn: &mut SqliteConnection,
    campaign: i64,
    filter: &ListFilter,
    mut each: impl FnMut(Item) -> Result<()>,
) -> Result<()> {
    let mut q =
        QueryBuilder::<Sqlite>::new(format!("SELECT {COLUMNS} FROM items WHERE campaign_id = "));
    q.push_bind(campaign);
    if let Some(holder) = &filter.holder {
        q.push(" AND holder = ").push_bind(holder.clone());
    }
    if let Some(category) = &filter.category {
        q.push(" AND category = ").push_bind(category.clone());
    }
    q.push(" ORDER BY rowid");
    let mut rows = q.build().fetch(conn);
    while let Some(row) = rows.try_next().await? {
        each(Item::from_row(&row)?)?;
    }
    Ok(())
}

/// Items created by the events numbered `from..=to`, in that order (what `generate` prints).
pub async fn created(
    conn: &mut SqliteConnection,
    campaign: i64,
    from: i64,
    to: i64,
    mut each: impl FnMut(Item, Option<String>) -> Result<()>,
) -> Result<()> {
    let sql = format!(
        "SELECT {}, c.name AS holder_name
         FROM events e
         JOIN items i ON i.campaign_id = e.campaign_id AND i.id = e.subject
         LEFT JOIN characters c ON c.campaign_id = i.campaign_id AND c.id = i.holder
         WHERE e.campaign_id = ?1 AND e.seq BETWEEN ?2 AND ?3 AND e.kind = 'item_created'
         ORDER BY e.seq",
        COLUMNS
            .split(", ")
            .map(|c| format!("i.{c}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let mut rows = sqlx::query(&sql)
        .bind(campaign)
        .bind(from)
        .bind(to)
        .fetch(conn);
    while let Some(row) = rows.try_next().await? {
        each(Item::from_row(&row)?, row.try_get("holder_name")?)?;
    }
    Ok(())
}

/// Everything a character holds, in the order it came into the campaign.
pub async fn held_by(
    conn: &mut SqliteConnection,
    campaign: i64,
    character: &str,
) -> Result<Vec<Item>> {
    Ok(sqlx::query_as(&held_by_sql())
        .bind(campaign)
        .bind(character)
        .fetch_all(conn)
        .await?)
}

/// Sentient swords with a special purpose that someone holds.
pub async fn purpose_swords(conn: &mut SqliteConnection, campaign: i64) -> Result<Vec<Item>> {
    Ok(sqlx::query_as(&purpose_swords_sql())
        .bind(campaign)
        .fetch_all(conn)
        .await?)
}

/// Swords in control of a character now (an index holds only them).
pub async fn in_control(conn: &mut SqliteConnection, campaign: i64) -> Result<Vec<Item>> {
    Ok(sqlx::query_as(&in_control_sql())
        .bind(campaign)
        .fetch_all(conn)
        .await?)
}

/// Sentient swords in someone's hand now (an index holds only them).
pub async fn in_hand(conn: &mut SqliteConnection, campaign: i64) -> Result<Vec<Item>> {
    Ok(sqlx::query_as(&in_hand_sql())
        .bind(campaign)
        .fetch_all(conn)
        .await?)
}

/// The SELECT behind [`in_hand`].
pub(super) fn in_hand_sql() -> String {
    format!(
        "SELECT {COLUMNS} FROM items WHERE campaign_id = ?1
           AND json_extract(state, '$.worn') = 'hand'
         ORDER BY rowid"
    )
}

/// The SELECT behind [`held_by`].
pub(super) fn held_by_sql() -> String {
    format!("SELECT {COLUMNS} FROM items WHERE campaign_id = ?1 AND holder = ?2 ORDER BY rowid")
}

/// The SELECT behind [`purpose_swords`].
pub(super) fn purpose_swords_sql() -> String {
    format!(
        "SELECT {COLUMNS} FROM items WHERE campaign_id = ?1 AND category = 'sword'
           AND holder IS NOT NULL
           AND json_extract(identity, '$.sentience.special_purpose') IS NOT NULL
         ORDER BY rowid"
    )
}

/// The SELECT behind [`in_control`].
pub(super) fn in_control_sql() -> String {
    format!(
        "SELECT {COLUMNS} FROM items WHERE campaign_id = ?1
           AND json_extract(state, '$.control') IS NOT NULL
         ORDER BY rowid"
    )
}
