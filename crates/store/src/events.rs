//! The ledger's rows: appended in batches, read back newest-last, streamed for replay.

use std::collections::BTreeMap;

use super::batch::Batch;
use super::chain::Link;
use super::conn::{Conn, FromRow, Row};
use super::error::{Error, Problem, Result};
use super::sql::Sql;
use crate::ledger::{Event, Recorded};

/// Events per multi-row INSERT: one statement per hundred events instead of one per event,
/// well under either engine's limit on bound parameters.
const BATCH: usize = 100;

/// Queue recorded events, and the entities each one touches, for the write's batch; `head`
/// is the hash of the campaign's last event (`None` before its first), moved on to the last
/// of these ([`super::chain`]).
pub fn push_append(
    batch: &mut Batch,
    campaign: i64,
    events: &[Recorded],
    head: &mut Option<String>,
) {
    let rows: Vec<(&Recorded, String)> = events
        .iter()
        .map(|rec| (rec, payload(&rec.event)))
        .collect();
    push_rows(batch, campaign, &rows, head);
}

/// [`push_append`] with each payload given as text (an import keeps the file's bytes).
pub fn push_rows(
    batch: &mut Batch,
    campaign: i64,
    rows: &[(&Recorded, String)],
    head: &mut Option<String>,
) {
    for chunk in rows.chunks(BATCH) {
        let mut insert = Sql::new(
            "INSERT INTO events (campaign_id, seq, cause, session, game_time, wall_time, kind, actor, subject, author, referee, payload, hash) ",
        );
        insert.push_values(chunk, |row, (rec, payload)| {
            let link = Link {
                seq: rec.seq,
                cause: rec.cause,
                session: rec.session.map(i64::from),
                game_time: rec.game_time,
                wall_time: &rec.wall_time,
                kind: rec.event.kind(),
                actor: rec.event.actor().map(String::as_str),
                subject: rec.event.subject().map(String::as_str),
                author: rec.event.author().map(String::as_str),
                referee: rec.referee.as_deref(),
                payload,
            };
            let hash = link.hash(head.as_deref());
            row.push_bind(campaign)
                .push_bind(rec.seq)
                .push_bind(rec.cause)
                .push_bind(rec.session)
                .push_bind(rec.game_time)
                .push_bind(&rec.wall_time)
                .push_bind(link.kind)
                .push_bind(link.actor)
                .push_bind(link.subject)
                .push_bind(link.author)
                .push_bind(link.referee)
                .push_bind(payload)
                .push_bind(hash.as_str());
            *head = Some(hash);
        });
        batch.push(insert);

        let refs: Vec<(i64, std::borrow::Cow<'_, str>)> = chunk
            .iter()
            .flat_map(|(rec, _)| {
                let tag = tag(&rec.event).map(std::borrow::Cow::Borrowed);
                let by = rec.referee.as_deref().map(|r| referee_tag(r).into());
                rec.event
                    .refs()
                    .into_iter()
                    .map(|id| std::borrow::Cow::Borrowed(id.as_str()))
                    .chain(tag)
                    .chain(by)
                    .map(move |id| (rec.seq, id))
            })
            .collect();
        for refs in refs.chunks(BATCH * 3) {
            let mut insert = Sql::new("INSERT INTO event_refs (campaign_id, entity, seq) ");
            insert.push_values(refs, |row, (seq, id)| {
                row.push_bind(campaign)
                    .push_bind(id.as_ref())
                    .push_bind(*seq);
            });
            batch.push(insert);
        }
    }
}

/// The tag of treasure brought back in a session named apart from the one open (`coins add
/// --session`, `valuable add --session`): a session's experience reads them beside its own.
pub const BROUGHT_BACK: &str = "treasure:brought_back";

/// The tag of the events a referee recorded (`log --by`, `referee list`): read through
/// `event_refs` like an entity's, whatever the size of the ledger.
pub fn referee_tag(referee: &str) -> String {
    format!("{REFEREE}{referee}")
}

const REFEREE: &str = "referee:";

/// The tag of claims and their settlements (`hoard claims`).
pub const CLAIMS: &str = "kind:claims";

/// Kinds of event read on their own (every control check for an audit, every void for a
/// replay) are listed in `event_refs` under a tag, beside the entities: such a read then walks
/// that index like an item's history does, on any engine, whatever the size of the ledger.
fn tag(event: &Event) -> Option<&'static str> {
    match event {
        // Treasure brought back in a session named apart from the one it was recorded in.
        Event::CoinsAdded {
            session: Some(_), ..
        } => return Some(BROUGHT_BACK),
        Event::ItemCreated { origin, .. } if origin.session.is_some() => {
            return Some(BROUGHT_BACK);
        }
        _ => {}
    }
    match event.kind() {
        "control_checked" => Some("kind:control_checked"),
        "events_voided" => Some("kind:events_voided"),
        // Share-outs and awards are reported with the session they pay, whenever recorded.
        "coins_shared" => Some("kind:coins_shared"),
        "xp_awarded" => Some("kind:xp_awarded"),
        // The claims board reads every claim and settlement since the last.
        "claim_made" | "claims_settled" => Some(CLAIMS),
        _ => None,
    }
}

fn payload(event: &Event) -> String {
    // Serialising plain data to a String cannot fail.
    serde_json::to_string(event).unwrap_or_default()
}

/// An event's payload, read back.
fn event(seq: i64, payload: &str) -> Result<Event> {
    serde_json::from_str(payload).map_err(|e| {
        Problem::UnreadableEvent {
            seq,
            cause: e.to_string(),
        }
        .into()
    })
}

/// The columns every read of events selects, in the order [`Stored`] reads them.
const COLUMNS: &str = "e.seq, e.cause, e.session, e.game_time, e.wall_time, e.referee, e.payload";

/// An event as the ledger stores it: its envelope, and its payload as text (unparsed, for
/// readers such as `export` that copy it as it is).
pub struct Stored {
    pub seq: i64,
    pub cause: Option<i64>,
    pub session: Option<u32>,
    pub game_time: i64,
    pub wall_time: String,
    pub referee: Option<String>,
    pub payload: String,
}

impl FromRow for Stored {
    fn from_row(row: &impl Row) -> Result<Self> {
        Ok(Stored {
            seq: row.int(0)?,
            cause: row.opt_int(1)?,
            session: row.opt_small(2)?,
            game_time: row.int(3)?,
            wall_time: row.text(4)?,
            referee: row.opt_text(5)?,
            payload: row.text(6)?,
        })
    }
}

impl FromRow for Recorded {
    fn from_row(row: &impl Row) -> Result<Self> {
        let Stored {
            seq,
            cause,
            session,
            game_time,
            wall_time,
            referee,
            payload,
        } = Stored::from_row(row)?;
        Ok(Recorded {
            event: event(seq, &payload)?,
            seq,
            cause,
            session,
            game_time,
            wall_time,
            referee,
        })
    }
}

/// Which events `log` shows.
#[derive(Debug, Default, Clone)]
pub struct Filter {
    pub session: Option<u32>,
    pub entity: Option<String>,
    pub kind: Option<String>,
    /// The last N matching events; all of them when `None`.
    pub limit: Option<u32>,
    /// Only events up to this number.
    pub until: Option<i64>,
    /// Only events this referee recorded (`log --by`).
    pub referee: Option<String>,
}

/// Matching events, oldest first. With a limit, only the newest `limit` are read, walking an
/// index backwards from the end of the ledger; without, all of them, as they come.
pub async fn select<E: From<Error>>(
    conn: &mut Conn,
    campaign: i64,
    filter: &Filter,
    mut each: impl FnMut(Recorded) -> Result<(), E>,
) -> Result<(), E> {
    let sql = select_sql(campaign, filter);
    if filter.limit.is_none() {
        return conn.for_each(&sql, each).await;
    }
    // Newest first from the query, turned around: oldest of them first.
    let newest: Vec<Recorded> = conn.fetch_all(&sql).await?;
    newest.into_iter().rev().try_for_each(&mut each)
}

/// The SELECT behind [`select`]: oldest first, or with a limit the newest first. Ordered by
/// the walked index's own column, so the engine walks it instead of scanning the ledger — an
/// entity's events by `event_refs`, the rest by the ledger's key.
pub(super) fn select_sql(campaign: i64, filter: &Filter) -> Sql {
    let mut sql = Sql::new(format!("SELECT {COLUMNS} "));
    let seq = match &filter.entity {
        Some(entity) => {
            sql.push("FROM event_refs r JOIN events e ON e.campaign_id = r.campaign_id AND e.seq = r.seq WHERE r.campaign_id = ")
                .push_bind(campaign)
                .push(" AND r.entity = ")
                .push_bind(entity);
            "r.seq"
        }
        None => {
            sql.push("FROM events e WHERE e.campaign_id = ")
                .push_bind(campaign);
            "e.seq"
        }
    };
    if let Some(session) = filter.session {
        // A session is a contiguous range of the ledger: bound the walk by it.
        sql.push(" AND e.session = ")
            .push_bind(session)
            .push(" AND e.seq BETWEEN (SELECT started_seq FROM sessions WHERE campaign_id = ")
            .push_bind(campaign)
            .push(" AND number = ")
            .push_bind(session)
            .push(") AND (SELECT COALESCE(ended_seq, 9223372036854775807) FROM sessions WHERE campaign_id = ")
            .push_bind(campaign)
            .push(" AND number = ")
            .push_bind(session)
            .push(")");
    }
    if let Some(kind) = &filter.kind {
        sql.push(" AND e.kind = ").push_bind(kind);
    }
    if let Some(referee) = &filter.referee {
        sql.push(" AND e.referee = ").push_bind(referee);
    }
    if let Some(until) = filter.until {
        sql.push(" AND e.seq <= ").push_bind(until);
    }
    match filter.limit {
        Some(limit) => {
            sql.push(&format!(" ORDER BY {seq} DESC LIMIT "))
                .push_bind(limit);
        }
        None => {
            sql.push(&format!(" ORDER BY {seq}"));
        }
    }
    sql
}

// The ledger's reads, named so `store::plans` can check that each walks an index.
pub(super) fn origin_sql() -> Sql {
    Sql::new(format!(
        "SELECT {COLUMNS}
         FROM event_refs r JOIN events e ON e.campaign_id = r.campaign_id AND e.seq = r.seq
         WHERE r.campaign_id = $1 AND r.entity = $2 AND e.kind = 'item_created'
         ORDER BY r.seq LIMIT 1"
    ))
}
pub(super) fn power_uses_sql() -> Sql {
    Sql::new(
        "SELECT seq, payload, game_time FROM events
         WHERE campaign_id = $1 AND kind = 'sword_power_used' AND subject = $2
           AND game_time >= $3",
    )
}
pub(super) fn voids_sql() -> Sql {
    Sql::new(format!(
        "SELECT {COLUMNS}
         FROM event_refs r JOIN events e ON e.campaign_id = r.campaign_id AND e.seq = r.seq
         WHERE r.campaign_id = $1 AND r.entity = 'kind:events_voided'
         ORDER BY r.seq"
    ))
}
pub(super) fn consequences_after_sql() -> Sql {
    Sql::new(
        "SELECT seq, cause FROM events WHERE campaign_id = $1 AND seq > $2 AND cause IS NOT NULL ORDER BY seq",
    )
}
pub(super) fn get_sql() -> Sql {
    Sql::new(format!(
        "SELECT {COLUMNS} FROM events e WHERE e.campaign_id = $1 AND e.seq = $2"
    ))
}
pub(super) fn latest_standing_sql() -> Sql {
    Sql::new(format!(
        "SELECT {COLUMNS} FROM events e
         WHERE e.campaign_id = $1 AND e.kind <> 'events_voided'
           AND NOT EXISTS (SELECT 1 FROM voided v WHERE v.campaign_id = e.campaign_id AND v.seq = e.seq)
         ORDER BY e.seq DESC LIMIT 1"
    ))
}
pub(super) fn control_checks_sql(campaign: i64, session: Option<u32>) -> Sql {
    let mut sql = Sql::new(format!(
        "SELECT {COLUMNS}
         FROM event_refs r JOIN events e ON e.campaign_id = r.campaign_id AND e.seq = r.seq
         WHERE r.campaign_id = $1 AND r.entity = 'kind:control_checked'"
    ))
    .bind(campaign);
    if let Some(session) = session {
        sql.push(" AND e.session = ").push_bind(session);
    }
    sql.push(" ORDER BY r.seq");
    sql
}

pub(super) fn tagged_sql() -> Sql {
    Sql::new(format!(
        "SELECT {COLUMNS}
         FROM event_refs r JOIN events e ON e.campaign_id = r.campaign_id AND e.seq = r.seq
         WHERE r.campaign_id = $1 AND r.entity = $2
         ORDER BY r.seq"
    ))
}

/// How many events each referee recorded, counted on their tags.
pub async fn by_referee(conn: &mut Conn, campaign: i64) -> Result<BTreeMap<String, i64>> {
    let rows: Vec<(i64, String)> = conn
        .fetch_all(
            &by_referee_sql()
                .bind(campaign)
                .bind(REFEREE)
                .bind("referee;"),
        )
        .await?;
    Ok(rows
        .into_iter()
        .filter_map(|(n, tag)| Some((tag.strip_prefix(REFEREE)?.to_string(), n)))
        .collect())
}

pub(super) fn by_referee_sql() -> Sql {
    // The tags sort between `referee:` and `referee;`, the character after the colon.
    Sql::new(
        "SELECT count(*) AS n, entity FROM event_refs
         WHERE campaign_id = $1 AND entity >= $2 AND entity < $3 GROUP BY entity",
    )
}

/// The first event whose referee and its `referee:` tag disagree: an event whose referee is
/// not listed under it, or a tag naming another referee (or none) than the event's. The hash
/// chain vouches for the events' rows ([`super::chain`]); `log --by` and `referee list` read
/// the tags, so `check` holds the tags to the rows. Every event has been tagged so since
/// referees were recorded (migration 0012).
pub async fn mistagged_referee(conn: &mut Conn, campaign: i64) -> Result<Option<i64>> {
    conn.fetch_one(
        &Sql::new(
            "SELECT min(seq) FROM (
                 SELECT e.seq FROM events e
                 WHERE e.campaign_id = $1 AND e.referee IS NOT NULL AND NOT EXISTS (
                     SELECT 1 FROM event_refs r
                     WHERE r.campaign_id = e.campaign_id AND r.entity = $2 || e.referee
                       AND r.seq = e.seq)
                 UNION ALL
                 SELECT r.seq FROM event_refs r
                 WHERE r.campaign_id = $1 AND r.entity >= $2 AND r.entity < $3 AND NOT EXISTS (
                     SELECT 1 FROM events e
                     WHERE e.campaign_id = r.campaign_id AND e.seq = r.seq
                       AND $2 || e.referee = r.entity)
             ) AS mistagged",
        )
        .bind(campaign)
        .bind(REFEREE)
        .bind("referee;"),
    )
    .await
}

/// The events listed under a tag (`kind:coins_shared`, `kind:xp_awarded` …), oldest first.
pub async fn tagged(conn: &mut Conn, campaign: i64, tag: &str) -> Result<Vec<Recorded>> {
    conn.fetch_all(&tagged_sql().bind(campaign).bind(tag)).await
}

/// How an item was made: the origin recorded by its `item_created` event.
pub async fn origin(
    conn: &mut Conn,
    campaign: i64,
    item: &str,
) -> Result<Option<crate::ledger::Origin>> {
    let found: Option<Recorded> = conn
        .fetch_optional(&origin_sql().bind(campaign).bind(item))
        .await?;
    Ok(match found.map(|r| r.event) {
        Some(Event::ItemCreated { origin, .. }) => Some(*origin),
        _ => None,
    })
}

/// When a sword's power was used since game time `since`: the game time of each use.
pub async fn power_uses(
    conn: &mut Conn,
    campaign: i64,
    sword: &str,
    power: &str,
    since: i64,
) -> Result<Vec<i64>> {
    let payloads: Vec<(i64, String, i64)> = conn
        .fetch_all(&power_uses_sql().bind(campaign).bind(sword).bind(since))
        .await?;
    let mut uses = Vec::new();
    for (seq, payload, at) in &payloads {
        if let Event::SwordPowerUsed { power: used, .. } = event(*seq, payload)?
            && used == power
        {
            uses.push(*at);
        }
    }
    Ok(uses)
}

/// Every control check, oldest first (of one session, or all), through an index that holds
/// only them.
pub async fn control_checks<E: From<Error>>(
    conn: &mut Conn,
    campaign: i64,
    session: Option<u32>,
    each: impl FnMut(Recorded) -> Result<(), E>,
) -> Result<(), E> {
    conn.for_each(&control_checks_sql(campaign, session), each)
        .await
}

/// Every event of the campaign as stored, oldest first: what `export` writes.
pub async fn each_stored<E: From<Error>>(
    conn: &mut Conn,
    campaign: i64,
    each: impl FnMut(Stored) -> Result<(), E>,
) -> Result<(), E> {
    let sql = Sql::new(format!(
        "SELECT {COLUMNS} FROM events e WHERE e.campaign_id = $1 ORDER BY e.seq"
    ))
    .bind(campaign);
    conn.for_each(&sql, each).await
}

/// `(voided event, the void that voided it)`, in ledger order, as the `voided` table holds them.
pub async fn void_marks(conn: &mut Conn, campaign: i64) -> Result<Vec<(i64, i64)>> {
    let sql = Sql::new("SELECT seq, by_seq FROM voided WHERE campaign_id = $1 ORDER BY seq")
        .bind(campaign);
    conn.fetch_all(&sql).await
}

/// Every voided event, with the void event that voided it, read from the ledger's
/// `events_voided` events (through an index that holds only them).
pub async fn voided(conn: &mut Conn, campaign: i64) -> Result<BTreeMap<i64, i64>> {
    let voids: Vec<Recorded> = conn.fetch_all(&voids_sql().bind(campaign)).await?;
    let mut voided = BTreeMap::new();
    for rec in voids {
        if let Event::EventsVoided { events, .. } = rec.event {
            for seq in events {
                voided.insert(seq, rec.seq);
            }
        }
    }
    Ok(voided)
}

/// `(seq, cause)` of the events after `from` that are consequences of another.
pub async fn consequences_after(
    conn: &mut Conn,
    campaign: i64,
    from: i64,
) -> Result<Vec<(i64, i64)>> {
    conn.fetch_all(&consequences_after_sql().bind(campaign).bind(from))
        .await
}

/// One event by its number.
pub async fn get(conn: &mut Conn, campaign: i64, seq: i64) -> Result<Option<Recorded>> {
    conn.fetch_optional(&get_sql().bind(campaign).bind(seq))
        .await
}

/// The latest event that stands (not voided, not a void).
pub async fn latest_standing(conn: &mut Conn, campaign: i64) -> Result<Option<Recorded>> {
    conn.fetch_optional(&latest_standing_sql().bind(campaign))
        .await
}

pub fn push_voided(batch: &mut Batch, campaign: i64, seqs: &[i64], by: i64) {
    for chunk in seqs.chunks(300) {
        let mut sql = Sql::new("INSERT INTO voided (campaign_id, seq, by_seq) ");
        sql.push_values(chunk, |row, seq| {
            row.push_bind(campaign).push_bind(*seq).push_bind(by);
        });
        batch.push(sql);
    }
}
