//! Item rows.
//!
//! Besides the item itself, a row keeps what the hot reads select by: the number of the event
//! that made it (`created_seq`, the order items are listed in), the character a sentient sword
//! controls (`controls`), whether it is a sword with a special purpose (`purpose`), and
//! whether it is a sword in someone's hand (`in_hand`). Each has an index, so no read walks a
//! campaign's items to find them.

use std::collections::BTreeMap;

use super::batch::Batch;
use super::conn::{Conn, FromRow, Row};
use super::error::{Broken, Error, Problem, Result};
use super::sql::{Sql, name_key};
use crate::ledger::Item;
use crate::rules::coins::Coins;
use crate::rules::item::{Category, Control, Knowledge, Names, ScrollSpell, Slot, Status};

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
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    appraised: BTreeMap<String, Coins>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    trusted: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    touched: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    control: Option<Control>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pooled_in: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    lit: Option<i64>,
    #[serde(skip_serializing_if = "is_zero")]
    burnt: i64,
}

fn is_zero(n: &i64) -> bool {
    *n == 0
}

impl FromRow for Item {
    fn from_row(row: &impl Row) -> Result<Self> {
        let broken = |cause: Broken| Error::from(Problem::UnreadableItem { cause });
        let json = |e: serde_json::Error| {
            broken(Broken::Json {
                error: e.to_string(),
            })
        };
        let state: ItemState = serde_json::from_str(&row.text("state")?).map_err(json)?;
        Ok(Item {
            id: row.text("id")?,
            name: row.text("name")?,
            name_fr: row.text("name_fr")?,
            category: row.text("category")?.parse().map_err(
                |crate::rules::item::UnknownCategory(found)| broken(Broken::Category { found }),
            )?,
            holder: row.opt_text("holder")?,
            place: row.opt_text("place")?,
            charges: row.opt_small("charges")?,
            status: serde_json::from_value(serde_json::Value::String(row.text("status")?))
                .map_err(json)?,
            identity: serde_json::from_str(&row.text("identity")?).map_err(json)?,
            spells: state.spells,
            worn: state.worn,
            attached: state.attached,
            known: state.known,
            appraised: state.appraised,
            trusted: state.trusted,
            touched: state.touched,
            control: state.control,
            pooled_in: state.pooled_in,
            lit: state.lit,
            burnt: state.burnt,
        })
    }
}

pub(super) const COLUMNS: &str =
    "id, name, name_fr, category, holder, charges, status, identity, state, place";

/// Queue the insert of items the events brought into being; `created` gives the number of
/// the event that made each.
pub fn push_insert(batch: &mut Batch, campaign: i64, items: &[(&Item, i64)]) {
    for chunk in items.chunks(100) {
        let mut sql = Sql::new(format!(
            "INSERT INTO items (campaign_id, {COLUMNS}, created_seq, controls, purpose, in_hand, lit) "
        ));
        sql.push_values(chunk, |row, (item, created)| {
            row.push_bind(campaign)
                .push_bind(&item.id)
                .push_bind(&item.name)
                .push_bind(&item.name_fr)
                .push_bind(item.category.as_str())
                .push_bind(item.holder.as_ref())
                .push_bind(item.charges)
                .push_bind(item.status.as_str())
                .push_bind(serde_json::to_string(&item.identity).unwrap_or_default())
                .push_bind(state(item))
                .push_bind(item.place.as_ref())
                .push_bind(*created)
                .push_bind(controls(item))
                .push_bind(purpose(item))
                .push_bind(wielded(item))
                .push_bind(item.lit.is_some());
        });
        batch.push(sql);
    }
}

/// Queue the update of a stored item: the columns play changes (its names, once corrected;
/// its identity, once a valuable is damaged).
pub fn push_update(batch: &mut Batch, campaign: i64, item: &Item) {
    batch.push(
        Sql::new(
            "UPDATE items SET holder = $1, charges = $2, status = $3, state = $4, controls = $5,
             in_hand = $6, place = $7, name = $8, name_fr = $9, identity = $10, lit = $11
             WHERE campaign_id = $12 AND id = $13",
        )
        .bind(item.holder.as_ref())
        .bind(item.charges)
        .bind(item.status.as_str())
        .bind(state(item))
        .bind(controls(item))
        .bind(wielded(item))
        .bind(item.place.as_ref())
        .bind(&item.name)
        .bind(&item.name_fr)
        .bind(serde_json::to_string(&item.identity).unwrap_or_default())
        .bind(item.lit.is_some())
        .bind(campaign)
        .bind(&item.id),
    );
}

fn state(item: &Item) -> String {
    let state = ItemState {
        spells: item.spells.clone(),
        worn: item.worn,
        attached: item.attached,
        known: item.known.clone(),
        appraised: item.appraised.clone(),
        trusted: item.trusted.clone(),
        touched: item.touched.clone(),
        control: item.control.clone(),
        pooled_in: item.pooled_in,
        lit: item.lit,
        burnt: item.burnt,
    };
    // Serialising plain data to a String cannot fail.
    serde_json::to_string(&state).unwrap_or_default()
}

fn controls(item: &Item) -> Option<&String> {
    item.control.as_ref().map(|c| &c.character)
}

fn wielded(item: &Item) -> bool {
    item.worn == Some(Slot::Hand)
}

fn purpose(item: &Item) -> bool {
    item.identity
        .sentience
        .as_ref()
        .is_some_and(|s| s.special_purpose.is_some())
}

/// The items whose id, id prefix, or name (in either language) is `key`. More than one match
/// is for the caller to report.
pub async fn find(conn: &mut Conn, campaign: i64, key: &str) -> Result<Vec<Item>> {
    let mut found: Vec<Item> = conn.fetch_all(&find_sql(campaign, key)).await?;
    // An item found both by name and by id is one item.
    let mut seen = std::collections::HashSet::new();
    found.retain(|i| seen.insert(i.id.clone()));
    Ok(found)
}

/// The SELECT behind [`find`]: one indexed lookup per way of naming an item, so none of them
/// walks the campaign's items.
pub(super) fn find_sql(campaign: i64, key: &str) -> Sql {
    let mut sql = Sql::default();
    let arm = |sql: &mut Sql, first: bool| {
        if !first {
            sql.push(" UNION ALL ");
        }
        sql.push(&format!("SELECT {COLUMNS} FROM items WHERE campaign_id = "))
            .push_bind(campaign);
    };
    arm(&mut sql, true);
    sql.push(" AND lower(name) = ").push_bind(name_key(key));
    arm(&mut sql, false);
    sql.push(" AND lower(name_fr) = ").push_bind(name_key(key));
    arm(&mut sql, false);
    sql.push(" AND id = ").push_bind(key.to_lowercase());
    if key.len() >= 4 && key.chars().all(|c| c.is_ascii_hexdigit() || c == '-') {
        // An id prefix: a range on the primary key.
        let prefix = key.to_lowercase();
        arm(&mut sql, false);
        sql.push(" AND id >= ")
            .push_bind(prefix.clone())
            .push(" AND id < ")
            .push_bind(format!("{prefix}\u{10ffff}"));
    }
    sql.push(" LIMIT 20");
    sql
}

/// Every item's names, in both languages, for "did you mean" on a mistyped one: each pair
/// once, in order (sorted here, as names are looked up, rather than by the engine's
/// collation: SQLite's NOCASE, PostgreSQL's "C").
pub async fn names(conn: &mut Conn, campaign: i64) -> Result<Vec<Names>> {
    let sql = Sql::new("SELECT name, name_fr FROM items WHERE campaign_id = $1").bind(campaign);
    let mut pairs: Vec<(String, String)> = conn.fetch_all(&sql).await?;
    pairs.sort_by(|a, b| (name_key(&a.0), &a.0, &a.1).cmp(&(name_key(&b.0), &b.0, &b.1)));
    pairs.dedup();
    Ok(pairs.into_iter().map(|(en, fr)| Names { en, fr }).collect())
}

/// The names of the campaign's items not used up ([`Status::USED_UP`]), in French if
/// `french` else in English, of swords alone if `swords`: what the shell offers.
pub async fn living_names(
    conn: &mut Conn,
    campaign: i64,
    french: bool,
    swords: bool,
) -> Result<Vec<String>> {
    let column = if french { "name_fr" } else { "name" };
    let mut sql = Sql::new(format!("SELECT {column} FROM items WHERE campaign_id = "));
    sql.push_bind(campaign);
    for status in Status::USED_UP {
        sql.push(" AND status <> ")
            .push_bind(status.as_str().to_string());
    }
    if swords {
        sql.push(" AND category = ")
            .push_bind(Category::Sword.as_str().to_string());
    }
    Ok(sorted(conn.fetch_all(&sql).await?))
}

/// Names each once whatever their ASCII case (the first spelling byte by byte), in order.
fn sorted(mut names: Vec<String>) -> Vec<String> {
    names.sort_by(|a, b| name_key(a).cmp(&name_key(b)).then_with(|| a.cmp(b)));
    names.dedup_by(|a, b| a.eq_ignore_ascii_case(b));
    names
}

#[derive(Debug, Default, Clone)]
pub struct ListFilter {
    pub holder: Option<String>,
    pub category: Option<String>,
}

/// The campaign's items that pass `filter`, in the order they came into the campaign.
pub async fn list<E: From<Error>>(
    conn: &mut Conn,
    campaign: i64,
    filter: &ListFilter,
    each: impl FnMut(Item) -> Result<(), E>,
) -> Result<(), E> {
    let mut sql = Sql::new(format!("SELECT {COLUMNS} FROM items WHERE campaign_id = "));
    sql.push_bind(campaign);
    if let Some(holder) = &filter.holder {
        sql.push(" AND holder = ").push_bind(holder);
    }
    if let Some(category) = &filter.category {
        sql.push(" AND category = ").push_bind(category);
    }
    sql.push(" ORDER BY created_seq");
    conn.for_each(&sql, each).await
}

/// An item and the name of its holder.
pub struct Held {
    pub item: Item,
    pub holder_name: Option<String>,
}

impl FromRow for Held {
    fn from_row(row: &impl Row) -> Result<Self> {
        Ok(Held {
            item: Item::from_row(row)?,
            holder_name: row.opt_text("holder_name")?,
        })
    }
}

/// Items created by the events numbered `from..=to`, in that order (what `generate` prints).
pub async fn created<E: From<Error>>(
    conn: &mut Conn,
    campaign: i64,
    from: i64,
    to: i64,
    each: impl FnMut(Held) -> Result<(), E>,
) -> Result<(), E> {
    let columns: Vec<String> = COLUMNS.split(", ").map(|c| format!("i.{c}")).collect();
    let sql = Sql::new(format!(
        "SELECT {}, c.name AS holder_name
         FROM items i
         LEFT JOIN characters c ON c.campaign_id = i.campaign_id AND c.id = i.holder
         WHERE i.campaign_id = $1 AND i.created_seq BETWEEN $2 AND $3
         ORDER BY i.created_seq",
        columns.join(", ")
    ))
    .bind(campaign)
    .bind(from)
    .bind(to);
    conn.for_each(&sql, each).await
}

/// Everything a character holds, in the order it came into the campaign.
pub async fn held_by(conn: &mut Conn, campaign: i64, character: &str) -> Result<Vec<Item>> {
    conn.fetch_all(&held_by_sql().bind(campaign).bind(character))
        .await
}

/// Items of the party's treasure (held by nobody, left nowhere; sold ones too), in the order
/// they came into the campaign.
pub async fn in_treasure(conn: &mut Conn, campaign: i64) -> Result<Vec<Item>> {
    conn.fetch_all(&in_treasure_sql().bind(campaign)).await
}

/// The SELECT behind [`in_treasure`]: the partial index `items_in_treasure` holds them.
pub(super) fn in_treasure_sql() -> Sql {
    Sql::new(format!(
        "SELECT {COLUMNS} FROM items WHERE campaign_id = $1 AND holder IS NULL AND place IS NULL
         ORDER BY created_seq"
    ))
}

/// Items left at named places (`stash`), by place.
pub async fn at_places(conn: &mut Conn, campaign: i64) -> Result<Vec<Item>> {
    conn.fetch_all(&at_places_sql().bind(campaign)).await
}

/// The SELECT behind [`at_places`]: a partial index holds only such items.
pub(super) fn at_places_sql() -> Sql {
    Sql::new(format!(
        "SELECT {COLUMNS} FROM items WHERE campaign_id = $1 AND place IS NOT NULL
         ORDER BY place, created_seq"
    ))
}

/// Sentient swords with a special purpose that someone holds.
pub async fn purpose_swords(conn: &mut Conn, campaign: i64) -> Result<Vec<Item>> {
    conn.fetch_all(&purpose_swords_sql().bind(campaign)).await
}

/// Swords in control of a character now.
pub async fn in_control(conn: &mut Conn, campaign: i64) -> Result<Vec<Item>> {
    conn.fetch_all(&in_control_sql().bind(campaign)).await
}

/// Lights lit now (torches, lanterns).
pub async fn lit(conn: &mut Conn, campaign: i64) -> Result<Vec<Item>> {
    conn.fetch_all(&lit_sql().bind(campaign)).await
}

/// The SELECT behind [`lit`].
pub(super) fn lit_sql() -> Sql {
    Sql::new(format!(
        "SELECT {COLUMNS} FROM items WHERE campaign_id = $1 AND lit ORDER BY created_seq"
    ))
}

/// Sentient swords in someone's hand now.
pub async fn in_hand(conn: &mut Conn, campaign: i64) -> Result<Vec<Item>> {
    conn.fetch_all(&in_hand_sql().bind(campaign)).await
}

/// The SELECT behind [`in_hand`].
pub(super) fn in_hand_sql() -> Sql {
    Sql::new(format!(
        "SELECT {COLUMNS} FROM items WHERE campaign_id = $1 AND in_hand
         ORDER BY created_seq"
    ))
}

/// The SELECT behind [`held_by`].
pub(super) fn held_by_sql() -> Sql {
    Sql::new(format!(
        "SELECT {COLUMNS} FROM items WHERE campaign_id = $1 AND holder = $2
         ORDER BY created_seq"
    ))
}

/// The SELECT behind [`purpose_swords`].
pub(super) fn purpose_swords_sql() -> Sql {
    Sql::new(format!(
        "SELECT {COLUMNS} FROM items WHERE campaign_id = $1 AND purpose
           AND holder IS NOT NULL
         ORDER BY created_seq"
    ))
}

/// The SELECT behind [`in_control`].
pub(super) fn in_control_sql() -> Sql {
    Sql::new(format!(
        "SELECT {COLUMNS} FROM items WHERE campaign_id = $1 AND controls IS NOT NULL
         ORDER BY created_seq"
    ))
}
