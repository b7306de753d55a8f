//! The ledger's rows: appended in batches, read back newest-last, streamed for replay.

use sqlx::sqlite::{SqliteConnection, SqliteRow};
use sqlx::{QueryBuilder, Row, Sqlite};

use super::write::Batch;
use crate::error::{Error, Result};
use crate::ledger::{Event, Recorded};
use crate::tr;

/// Events per multi-row INSERT: one statement per batch instead of one per row, well under
/// SQLite's limit on bound parameters.
const BATCH: usize = 100;

/// Queue recorded events, and the entities each one touches, for the write's batch.
pub fn push_append(batch: &mut Batch, campaign: i64, events: &[Recorded]) {
    let rows: Vec<(&Recorded, String)> = events
        .iter()
        .map(|rec| (rec, payload(&rec.event)))
        .collect();
    push_rows(batch, campaign, &rows);
}

/// [`push_append`] with each payload given as text (an import keeps the file's bytes).
pub fn push_rows(batch: &mut Batch, campaign: i64, rows: &[(&Recorded, String)]) {
    for chunk in rows.chunks(BATCH) {
        let insert = batch.statement();
        insert.push(
            "INSERT INTO events (campaign_id, seq, cause, session, game_time, wall_time, kind, actor, subject, payload) ",
        );
        insert.push_values(chunk, |mut row, (rec, payload)| {
            row.push_bind(campaign)
                .push_bind(rec.seq)
                .push_bind(rec.cause)
                .push_bind(rec.session)
                .push_bind(rec.game_time)
                .push_bind(rec.wall_time.clone())
                .push_bind(rec.event.kind())
                .push_bind(rec.event.actor().cloned())
                .push_bind(rec.event.subject().cloned())
                .push_bind(payload.clone());
        });
        batch.bound(10 * chunk.len());

        let refs: Vec<(i64, String)> = chunk
            .iter()
            .flat_map(|(rec, _)| {
                rec.event
                    .refs()
                    .into_iter()
                    .map(move |id| (rec.seq, id.clone()))
            })
            .collect();
        for refs in refs.chunks(BATCH * 3) {
            let insert = batch.statement();
            insert.push("INSERT INTO event_refs (campaign_id, entity, seq) ");
            insert.push_values(refs, |mut row, (seq, id)| {
                row.push_bind(campaign)
                    .push_bind(id.clone())
                    .push_bind(*seq);
            });
            batch.bound(3 * refs.len());
        }
    }
}

fn payload(event: &Event) -> String {
    // Serialising plain data to a String cannot fail.
    serde_json::to_string(event).unwrap_or_default()
}

/// An event's payload, read back.
fn event(seq: i64, payload: &str) -> Result<Event> {
    serde_json::from_str(payload).map_err(|e| {
        Error::Conflict(tr!(
            "event #{seq} cannot be read ({e}): the ledger was edited by hand or by a newer hoard",
            "l'événement n°{seq} est illisible ({e}) : le registre a été modifié à la main ou par un hoard plus récent"
        ))
    })
}

/// Events read a thousand to a row: each round trip to SQLite's worker thread costs more than
/// reading an event, so long reads (an audit, a whole log, a replay) pack them.
const CHUNK: i64 = 1_000;

/// An event as the ledger stores it: its envelope, and its payload as text (unparsed, for
/// readers such as `export` that copy it as it is).
pub struct Stored<'a> {
    pub seq: i64,
    pub cause: Option<i64>,
    pub session: Option<u32>,
    pub game_time: i64,
    pub wall_time: String,
    pub payload: &'a str,
}

impl Stored<'_> {
    fn recorded(self) -> Result<Recorded> {
        Ok(Recorded {
            event: event(self.seq, self.payload)?,
            seq: self.seq,
            cause: self.cause,
            session: self.session,
            game_time: self.game_time,
            wall_time: self.wall_time,
        })
    }
}

/// Every event the `FROM … WHERE …` that `from_where` writes selects, oldest first, read in
/// chunks that resume after the last event seen (keyset pagination on `seq`, the column the
/// index walks). Each chunk is one text: per event, its envelope as a JSON array, a tab, and
/// its payload (JSON, which holds no raw tab or newline), events joined by newlines.
async fn chunked(
    conn: &mut SqliteConnection,
    seq: &str,
    from_where: impl Fn(&mut QueryBuilder<'static, Sqlite>),
    mut each: impl FnMut(Stored<'_>) -> Result<()>,
) -> Result<()> {
    let fetch = |after| chunk_query(seq, &from_where, after);
    let mut text = fetch_chunk(conn, fetch(0)).await?;
    while let Some(chunk) = text.take() {
        let mut events = chunk.split('\n').map(unpack).collect::<Result<Vec<_>>>()?;
        // group_concat keeps the subquery's order in practice; never rely on it.
        if !events.is_sorted_by_key(|r| r.seq) {
            events.sort_by_key(|r| r.seq);
        }
        let last = match events.last() {
            Some(last) if events.len() as i64 == CHUNK => last.seq,
            _ => return events.into_iter().try_for_each(&mut each),
        };
        // The next chunk is asked for first: SQLite's thread reads it while this one is read.
        let (next, done) = futures_util::future::join(fetch_chunk(conn, fetch(last)), async {
            events.into_iter().try_for_each(&mut each)
        })
        .await;
        done?;
        text = next?;
    }
    Ok(())
}

async fn fetch_chunk(
    conn: &mut SqliteConnection,
    mut query: QueryBuilder<'static, Sqlite>,
) -> Result<Option<String>> {
    Ok(query.build_query_scalar().fetch_one(conn).await?)
}

fn broken() -> Error {
    Error::Conflict(tr!(
        "the ledger returned an unreadable event: run `hoard check`",
        "le registre a rendu un événement illisible : lancez `hoard check`"
    ))
}

/// The query behind [`chunked`]: the chunk after event `after`.
pub(super) fn chunk_query(
    seq: &str,
    from_where: impl Fn(&mut QueryBuilder<'static, Sqlite>),
    after: i64,
) -> QueryBuilder<'static, Sqlite> {
    let mut query = QueryBuilder::new(
        "SELECT group_concat(line, char(10)) FROM (SELECT json_array(e.seq, e.cause, e.session, \
         e.game_time, e.wall_time) || char(9) || e.payload AS line ",
    );
    from_where(&mut query);
    query.push(format!(" AND {seq} > ")).push_bind(after);
    query.push(format!(" ORDER BY {seq} LIMIT {CHUNK})"));
    query
}

fn unpack(line: &str) -> Result<Stored<'_>> {
    let (envelope, payload) = line.split_once('\t').ok_or_else(broken)?;
    let (seq, cause, session, game_time, wall_time) =
        serde_json::from_str(envelope).map_err(|_| broken())?;
    Ok(Stored {
        seq,
        cause,
        session,
        game_time,
        wall_time,
        payload,
    })
}

fn recorded(row: &SqliteRow) -> Result<Recorded> {
    let seq: i64 = row.try_get("seq")?;
    let payload: String = row.try_get("payload")?;
    let event = event(seq, &payload)?;
    Ok(Recorded {
        seq,
        cause: row.try_get("cause")?,
        session: row.try_get("session")?,
        game_time: row.try_get("game_time")?,
        wall_time: row.try_get("wall_time")?,
        event,
    })
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
}

/// Matching events, oldest first. With a limit, only the newest `limit` are read, walking an
/// index backwards from the end of the ledger; without, all of them, in chunks.
pub async fn select(
    conn: &mut SqliteConnection,
    campaign: i64,
    filter: &Filter,
    mut each: impl FnMut(Recorded) -> Result<()>,
) -> Result<()> {
    if filter.limit.is_none() {
        let seq = order_column(filter);
        return chunked(
            conn,
            seq,
            |q| select_where(q, campaign, filter),
            |stored| each(stored.recorded()?),
        )
        .await;
    }
    let rows = select_query(campaign, filter)
        .build()
        .fetch_all(&mut *conn)
        .await?;
    // Newest first from the query, turned around: oldest of them first.
    for row in rows.iter().rev() {
        each(recorded(row)?)?;
    }
    Ok(())
}

/// The column matching events are ordered by: the walked index's own, so SQLite walks it
/// instead of scanning the ledger — an entity's events by `event_refs`, the rest by the
/// ledger's key.
fn order_column(filter: &Filter) -> &'static str {
    if filter.entity.is_some() {
        "r.seq"
    } else {
        "e.seq"
    }
}

/// The SELECT behind [`select`] with a limit: the newest `limit` first.
pub(super) fn select_query(campaign: i64, filter: &Filter) -> QueryBuilder<'static, Sqlite> {
    let mut query = QueryBuilder::<Sqlite>::new(
        "SELECT e.seq, e.cause, e.session, e.game_time, e.wall_time, e.payload ",
    );
    select_where(&mut query, campaign, filter);
    query.push(format!(" ORDER BY {} DESC LIMIT ", order_column(filter)));
    query.push_bind(i64::from(filter.limit.unwrap_or(u32::MAX)));
    query
}

/// `FROM … WHERE …` for the events a filter selects.
pub(super) fn select_where(
    query: &mut QueryBuilder<'static, Sqlite>,
    campaign: i64,
    filter: &Filter,
) {
    match &filter.entity {
        Some(entity) => {
            query
                .push("FROM event_refs r JOIN events e ON e.campaign_id = r.campaign_id AND e.seq = r.seq WHERE r.campaign_id = ")
                .push_bind(campaign)
                .push(" AND r.entity = ")
                .push_bind(entity.clone());
        }
        None => {
            query
                .push("FROM events e WHERE e.campaign_id = ")
                .push_bind(campaign);
        }
    }
    if let Some(session) = filter.session {
        // A session is a contiguous range of the ledger: bound the walk by it.
        query
            .push(" AND e.session = ")
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
        query.push(" AND e.kind = ").push_bind(kind.clone());
    }
    if let Some(until) = filter.until {
        query.push(" AND e.seq <= ").push_bind(until);
    }
}

// The ledger's reads, named so `store::plans` can check that each walks an index.
pub(super) const ORIGIN: &str =
    "SELECT e.seq, e.cause, e.session, e.game_time, e.wall_time, e.payload
         FROM event_refs r JOIN events e ON e.campaign_id = r.campaign_id AND e.seq = r.seq
         WHERE r.campaign_id = ?1 AND r.entity = ?2 AND e.kind = 'item_created'
         ORDER BY r.seq LIMIT 1";
pub(super) const POWER_USES: &str = "SELECT count(*) FROM events
         WHERE campaign_id = ?1 AND kind = 'sword_power_used' AND subject = ?2
           AND game_time >= ?3 AND json_extract(payload, '$.power') = ?4";
// SQLite would rather walk the ledger's key (it matches the ORDER BY) than this small index.
pub(super) const VOIDED: &str = "SELECT seq, cause, session, game_time, wall_time, payload
         FROM events INDEXED BY events_voids
         WHERE campaign_id = ?1 AND kind = 'events_voided' ORDER BY seq";
pub(super) const CONSEQUENCES_AFTER: &str = "SELECT seq, cause FROM events WHERE campaign_id = ?1 AND seq > ?2 AND cause IS NOT NULL ORDER BY seq";
pub(super) const GET: &str = "SELECT seq, cause, session, game_time, wall_time, payload FROM events WHERE campaign_id = ?1 AND seq = ?2";
pub(super) const LATEST_STANDING: &str = "SELECT e.seq, e.cause, e.session, e.game_time, e.wall_time, e.payload FROM events e
         WHERE e.campaign_id = ?1 AND e.kind <> 'events_voided'
           AND NOT EXISTS (SELECT 1 FROM voided v WHERE v.campaign_id = e.campaign_id AND v.seq = e.seq)
         ORDER BY e.seq DESC LIMIT 1";

/// How an item was made: the origin recorded by its `item_created` event.
pub async fn origin(
    conn: &mut SqliteConnection,
    campaign: i64,
    item: &str,
) -> Result<Option<crate::ledger::Origin>> {
    let row = sqlx::query(ORIGIN)
        .bind(campaign)
        .bind(item)
        .fetch_optional(conn)
        .await?;
    Ok(
        match row.as_ref().map(recorded).transpose()?.map(|r| r.event) {
            Some(Event::ItemCreated { origin, .. }) => Some(*origin),
            _ => None,
        },
    )
}

/// How many times a sword's power was used since game time `since`.
pub async fn power_uses(
    conn: &mut SqliteConnection,
    campaign: i64,
    sword: &str,
    power: &str,
    since: i64,
) -> Result<i64> {
    Ok(sqlx::query_scalar(POWER_USES)
        .bind(campaign)
        .bind(sword)
        .bind(since)
        .bind(power)
        .fetch_one(conn)
        .await?)
}

/// Every control check, oldest first (of one session, or all), through an index that holds
/// only them.
pub async fn control_checks(
    conn: &mut SqliteConnection,
    campaign: i64,
    session: Option<u32>,
    each: impl FnMut(Recorded) -> Result<()>,
) -> Result<()> {
    let mut each = each;
    chunked(
        conn,
        "e.seq",
        |q| control_checks_where(q, campaign, session),
        |stored| each(stored.recorded()?),
    )
    .await
}

/// Every event of the campaign as stored, oldest first: what `export` writes.
pub async fn each_stored(
    conn: &mut SqliteConnection,
    campaign: i64,
    each: impl FnMut(Stored<'_>) -> Result<()>,
) -> Result<()> {
    chunked(conn, "e.seq", |q| campaign_where(q, campaign), each).await
}

fn campaign_where(query: &mut QueryBuilder<'static, Sqlite>, campaign: i64) {
    query
        .push("FROM events e WHERE e.campaign_id = ")
        .push_bind(campaign);
}

/// `(voided event, the void that voided it)`, in ledger order, as the `voided` table holds them.
pub async fn void_marks(conn: &mut SqliteConnection, campaign: i64) -> Result<Vec<(i64, i64)>> {
    Ok(
        sqlx::query_as("SELECT seq, by_seq FROM voided WHERE campaign_id = ?1 ORDER BY seq")
            .bind(campaign)
            .fetch_all(conn)
            .await?,
    )
}

pub(super) fn control_checks_where(
    query: &mut QueryBuilder<'static, Sqlite>,
    campaign: i64,
    session: Option<u32>,
) {
    query
        .push("FROM events e WHERE e.campaign_id = ")
        .push_bind(campaign)
        .push(" AND e.kind = 'control_checked'");
    if let Some(session) = session {
        query.push(" AND e.session = ").push_bind(session);
    }
}

/// Every voided event, with the void event that voided it, read from the ledger's
/// `events_voided` events (through an index that holds only them).
pub async fn voided(
    conn: &mut SqliteConnection,
    campaign: i64,
) -> Result<std::collections::BTreeMap<i64, i64>> {
    let rows = sqlx::query(VOIDED).bind(campaign).fetch_all(conn).await?;
    let mut voided = std::collections::BTreeMap::new();
    for row in &rows {
        let rec = recorded(row)?;
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
    conn: &mut SqliteConnection,
    campaign: i64,
    from: i64,
) -> Result<Vec<(i64, i64)>> {
    Ok(sqlx::query_as(CONSEQUENCES_AFTER)
        .bind(campaign)
        .bind(from)
        .fetch_all(conn)
        .await?)
}

/// One event by its number.
pub async fn get(conn: &mut SqliteConnection, campaign: i64, seq: i64) -> Result<Option<Recorded>> {
    let row = sqlx::query(GET)
        .bind(campaign)
        .bind(seq)
        .fetch_optional(conn)
        .await?;
    row.as_ref().map(recorded).transpose()
}

/// The latest event that stands (not voided, not a void).
pub async fn latest_standing(
    conn: &mut SqliteConnection,
    campaign: i64,
) -> Result<Option<Recorded>> {
    let row = sqlx::query(LATEST_STANDING)
        .bind(campaign)
        .fetch_optional(conn)
        .await?;
    row.as_ref().map(recorded).transpose()
}

pub fn push_voided(batch: &mut Batch, campaign: i64, seqs: &[i64], by: i64) {
    for chunk in seqs.chunks(300) {
        let q = batch.statement();
        q.push("INSERT INTO voided (campaign_id, seq, by_seq) ");
        q.push_values(chunk, |mut row, seq| {
            row.push_bind(campaign).push_bind(*seq).push_bind(by);
        });
        batch.bound(3 * chunk.len());
    }
}
