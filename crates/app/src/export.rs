//! `hoard export` and `hoard import`: a whole campaign as JSON lines — a header, then every
//! event of the ledger as stored, in order — and back into a new campaign, streamed and all
//! or nothing. Export → import → export gives the same bytes: payloads travel verbatim.
//! `hoard export --as CHARACTER` is the player's view instead: only what they know.

use std::collections::BTreeMap;
use std::io::BufRead;

use serde::{Deserialize, Serialize};

use super::replay::Replay;
use super::tables::for_campaign;
use crate::ctx::Ctx;
use crate::error::{Error, Result};
use crate::files::Destination;
use crate::ledger::{Event, Recorded};
use crate::refusal::export::{Fault, Refusal};
use crate::rules::character::check_name;
use crate::rules::knowledge::Revealed;
use crate::write::Write;

pub const FORMAT: u32 = 1;

/// A refusal of line `line` for `fault`.
fn bad(line: usize, fault: Fault) -> Error {
    Refusal::Line { line, fault }.into()
}

/// The first line of an export.
#[derive(Debug, Serialize, Deserialize)]
pub struct Header {
    /// Always `campaign`: what the file holds.
    pub hoard: String,
    pub format: u32,
    pub campaign: String,
    pub events: i64,
    /// Voided events and the void event that voided each: `[[seq, by], …]`.
    pub voided: Vec<(i64, i64)>,
    /// The tables the campaign generates from: where they come from, and each one's
    /// name, version and hash.
    pub tables: TablesId,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct TablesId {
    pub source: String,
    pub tables: Vec<TableId>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct TableId {
    pub name: String,
    pub version: u32,
    pub hash: String,
}

/// One event line: the envelope, then the payload exactly as the ledger stores it.
#[derive(Serialize)]
struct LineOut<'a> {
    seq: i64,
    cause: Option<i64>,
    session: Option<u32>,
    game_time: i64,
    wall_time: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    referee: Option<&'a str>,
    event: &'a serde_json::value::RawValue,
}

#[derive(Deserialize)]
struct LineIn<'a> {
    seq: i64,
    cause: Option<i64>,
    session: Option<u32>,
    game_time: i64,
    wall_time: String,
    #[serde(default)]
    referee: Option<String>,
    #[serde(borrow)]
    event: &'a serde_json::value::RawValue,
}

/// Write the campaign in use to `out`.
pub async fn export(cx: &mut Ctx, out: &mut dyn std::io::Write) -> Result<i64> {
    let found = cx.campaign().await?;
    let tables = for_campaign(cx).await?;
    let voided = crate::store::events::void_marks(cx.conn(), found.id).await?;
    let header = Header {
        hoard: "campaign".into(),
        format: FORMAT,
        campaign: found.campaign.name.clone(),
        events: found.last_seq,
        voided,
        tables: TablesId {
            source: tables.source.clone(),
            tables: tables
                .tables
                .iter()
                .map(|t| TableId {
                    name: t.name.clone(),
                    version: t.version,
                    hash: t.hash.clone(),
                })
                .collect(),
        },
    };
    let io = |e: std::io::Error| Error::Io(e);
    serde_json::to_writer(&mut *out, &header).map_err(|e| Error::Io(e.into()))?;
    out.write_all(b"\n").map_err(io)?;
    let mut n = 0;
    crate::store::events::each_stored(cx.conn(), found.id, |stored| {
        let event = serde_json::from_str::<&serde_json::value::RawValue>(&stored.payload)
            .map_err(|e| Error::Conflict(e.to_string().into()))?;
        let line = LineOut {
            seq: stored.seq,
            cause: stored.cause,
            session: stored.session,
            game_time: stored.game_time,
            wall_time: &stored.wall_time,
            referee: stored.referee.as_deref(),
            event,
        };
        serde_json::to_writer(&mut *out, &line).map_err(|e| Error::Io(e.into()))?;
        out.write_all(b"\n").map_err(io)?;
        n += 1;
        Ok::<_, Error>(())
    })
    .await?;
    Ok(n)
}

/// Events per batch written during an import.
const BATCH: usize = 500;

/// The longest line an import reads (16 MiB): far above any event hoard writes, and a bound on
/// the memory a crafted file can take before it is refused.
pub const LINE_LIMIT: usize = 16 << 20;

/// Read one line of an import into `text` (cleared first), refusing a line over
/// [`LINE_LIMIT`] or one that is not UTF-8; 0 at the end of the file.
fn read_line(input: &mut dyn BufRead, text: &mut String, line: usize) -> Result<usize> {
    use std::io::Read as _;
    text.clear();
    let read = input
        .take(LINE_LIMIT as u64 + 1)
        .read_line(text)
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::InvalidData => Refusal::NotUtf8 { line }.into(),
            _ => Error::Io(e),
        })?;
    if text.len() > LINE_LIMIT {
        return Err(Refusal::TooLong {
            line,
            mib: LINE_LIMIT >> 20,
        }
        .into());
    }
    Ok(read)
}

/// The header line of an export.
pub fn parse_header(text: &str) -> Result<Header> {
    let header: Header = serde_json::from_str(text).map_err(|e| {
        bad(
            1,
            Fault::NotHeader {
                error: e.to_string(),
            },
        )
    })?;
    if header.hoard != "campaign" || header.format != FORMAT {
        return Err(bad(1, Fault::WrongFormat { format: FORMAT }));
    }
    Ok(header)
}

/// One event line of an export: the event, and its payload text as the ledger will keep it
/// (the file's own bytes, unless the campaign is renamed).
pub fn parse_line(
    text: &str,
    rename: Option<&str>,
) -> std::result::Result<(Recorded, String), String> {
    let line: LineIn<'_> = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let mut event: Event = serde_json::from_str(line.event.get()).map_err(|e| e.to_string())?;
    let mut payload = line.event.get().to_string();
    if let (Event::CampaignCreated { name }, Some(new)) = (&mut event, rename) {
        *name = new.to_string();
        payload = serde_json::to_string(&event).unwrap_or(payload);
    }
    Ok((
        Recorded {
            seq: line.seq,
            cause: line.cause,
            session: line.session,
            game_time: line.game_time,
            wall_time: line.wall_time,
            referee: line.referee,
            event,
        },
        payload,
    ))
}

/// Load an export into a new campaign (named as in the file, or `rename`), streamed: events
/// are checked by the projector as they come and written in batches; the state they build is
/// written at the end; it all commits at once or not at all. Into a database with no campaign
/// in use, it becomes the one in use.
pub async fn import(
    cx: &mut Ctx,
    input: &mut dyn BufRead,
    rename: Option<&str>,
    mut progress: impl FnMut(i64, i64),
) -> Result<(String, i64)> {
    let mut text = String::new();
    read_line(input, &mut text, 1)?;
    let header = parse_header(&text)?;
    let name = check_name("campaign", rename.unwrap_or(&header.campaign))?;
    let voided: BTreeMap<i64, i64> = header.voided.iter().copied().collect();
    let mut w = Write::new_campaign(&mut cx.db, &name, true).await?;
    // The new campaign's own first event is replaced by the file's.
    w.discard_recorded();
    let mut replay = Replay::new(voided.clone());
    let mut batch: Vec<(Recorded, String)> = Vec::with_capacity(BATCH);
    let mut line_no = 1;
    // What the file's own void events say was voided, to hold the header's list to.
    let mut voids: BTreeMap<i64, i64> = BTreeMap::new();
    loop {
        if read_line(input, &mut text, line_no + 1)? == 0 {
            break;
        }
        line_no += 1;
        if text.trim().is_empty() {
            continue;
        }
        let (rec, payload) =
            parse_line(&text, rename).map_err(|error| bad(line_no, Fault::Unreadable { error }))?;
        if rec.seq != replay.state.last_seq + 1 {
            let (event, after) = (rec.seq, replay.state.last_seq);
            return Err(bad(line_no, Fault::Gap { event, after }));
        }
        replay.feed(&rec);
        if let Some(conflict) = replay.conflicts.first() {
            let conflict = conflict.clone();
            return Err(bad(line_no, Fault::CannotStand { conflict }));
        }
        if let Event::EventsVoided { events, .. } = &rec.event
            && !voided.contains_key(&rec.seq)
        {
            voids.extend(events.iter().map(|seq| (*seq, rec.seq)));
        }
        batch.push((rec, payload));
        if batch.len() == BATCH {
            w.append_raw(&std::mem::take(&mut batch)).await?;
            progress(replay.state.last_seq, header.events);
        }
    }
    w.append_raw(&batch).await?;
    replay.finish();
    if let Some(conflict) = replay.conflicts.first() {
        let conflict = conflict.clone();
        return Err(bad(line_no, Fault::CannotStand { conflict }));
    }
    if replay.state.last_seq != header.events {
        let (last, announced) = (replay.state.last_seq, header.events);
        return Err(bad(line_no, Fault::Short { last, announced }));
    }
    if voids != voided {
        return Err(bad(1, Fault::VoidsMismatch));
    }
    let mut state = replay.state;
    state.campaign.name = name.clone();
    w.replace_state(state);
    let mut by_void: BTreeMap<i64, Vec<i64>> = BTreeMap::new();
    for (seq, by) in voided {
        by_void.entry(by).or_default().push(seq);
    }
    for (by, seqs) in by_void {
        w.mark_voided(seqs, by);
    }
    // Into a database with no campaign in use, the campaign imported is the one in use.
    if crate::store::campaigns::find(w.conn(), None)
        .await?
        .is_none()
    {
        crate::store::campaigns::set_current(w.conn(), &name).await?;
    }
    w.commit().await?;
    cx.made(crate::error::Made::Campaign(name.clone()));
    progress(header.events, header.events);
    Ok((name, header.events))
}

/// The player's view of a character: the sheet as they know it
/// ([`super::character::Sheet::seen_by`]), what they carry as they know it — no true property
/// they have not identified, and what anyone sees (an item used up, leather or metal) — and
/// what they know of themselves: the effects running on them as they feel them, whether they
/// are dying or dead, the sword that controls them. Its JSON names the items in the reader's
/// language (`view::words::export`).
#[derive(Debug)]
pub struct PlayerView {
    pub campaign: String,
    pub character: crate::ledger::Character,
    pub items: Vec<Revealed>,
    /// The effects running on them, as they feel them: never when one ends.
    pub effects: Vec<crate::rules::effect::Felt>,
    /// The character's purse.
    pub coins: crate::rules::coins::Coins,
    /// Up, dying or dead, by the campaign's death rule.
    pub condition: crate::rules::health::Condition,
    /// What they carry weighs, and how fast it lets them move (weight is seen).
    pub encumbrance: crate::rules::encumbrance::Encumbrance,
    /// The game time now for them: their expedition's, if they are out on one.
    pub now: i64,
    /// The retainers they employ or owe wages to (the table knows whose wages they pay).
    pub retainers: Vec<crate::character::Retained>,
    /// What they owe and are owed (`hoard debts`): wages, living and training costs.
    pub debts: Vec<crate::debts::Debt>,
}

/// `export --as`'s document: the same in every language, each item by the name its viewer
/// knows it by (`rules::knowledge::Revealed`'s JSON), the controlling sword likewise.
impl Serialize for PlayerView {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut out = s.serialize_struct("PlayerView", 15)?;
        out.serialize_field("campaign", &self.campaign)?;
        out.serialize_field("character", &self.character)?;
        out.serialize_field("items", &self.items)?;
        out.serialize_field("effects", &self.effects)?;
        out.serialize_field("coins", &self.coins)?;
        out.serialize_field("condition", &self.condition)?;
        out.serialize_field("load", &self.encumbrance.load)?;
        out.serialize_field("gear", &self.encumbrance.gear)?;
        out.serialize_field("movement", &self.encumbrance.movement)?;
        out.serialize_field("controlled_by", &self.controlled_by().map(|s| &s.name))?;
        let idle: Vec<&str> = self.idle_rings().iter().map(|s| s.id.as_str()).collect();
        out.serialize_field("idle_rings", &idle)?;
        out.serialize_field("retainers", &self.retainers)?;
        out.serialize_field("debts", &self.debts)?;
        let burning: Vec<Burning<'_>> = self
            .burning()
            .into_iter()
            .map(|(item, rounds)| Burning {
                item: &item.id,
                rounds,
            })
            .collect();
        out.serialize_field("burning", &burning)?;
        out.end()
    }
}

/// A light lit, in a player view's JSON: the rounds its current piece has burnt, never what is
/// left (players see no countdown).
#[derive(Serialize)]
struct Burning<'a> {
    item: &'a str,
    rounds: i64,
}

impl PlayerView {
    /// The lights they hold lit, each with the rounds its current piece has burnt by their
    /// time now (`rules::light::burnt`).
    pub fn burning(&self) -> Vec<(&Revealed, i64)> {
        self.items
            .iter()
            .filter(|s| s.item.lit.is_some())
            .map(|s| (s, crate::rules::light::burnt(&s.item, self.now)))
            .collect()
    }

    /// The name they know an effect's item by (a potion drunk unidentified stays an unknown
    /// potion), if it came from one of their items.
    pub fn effect_item(&self, effect: &crate::rules::effect::Felt) -> Option<&Revealed> {
        let item = effect.item()?;
        self.items.iter().find(|s| s.id == item)
    }

    /// The sword that controls them, as they know it (its hold is theirs to know).
    pub fn controlled_by(&self) -> Option<&Revealed> {
        let id = &self.character.id;
        self.items
            .iter()
            .find(|s| s.item.control.as_ref().is_some_and(|c| &c.character == id))
    }

    /// The rings they wear that do not work: two magic rings on one hand (anyone sees where a
    /// ring is worn).
    pub fn idle_rings(&self) -> Vec<&Revealed> {
        let worn: Vec<&crate::ledger::Item> = self.items.iter().map(|s| &s.item).collect();
        self.items
            .iter()
            .filter(|s| {
                s.category == crate::rules::item::Category::Ring
                    && s.worn.is_some()
                    && !crate::rules::ring::works(&s.item, &worn)
            })
            .collect()
    }
}

pub async fn player(cx: &mut Ctx, who: &str) -> Result<PlayerView> {
    let sheet = super::character::show(cx, who).await?;
    let viewer = sheet.character.clone();
    let sheet = sheet.seen_by(&viewer);
    let campaign = cx.campaign().await?.campaign.name;
    Ok(PlayerView {
        campaign,
        character: sheet.character,
        items: sheet.seen,
        effects: sheet.effects.iter().map(|e| e.felt()).collect(),
        coins: sheet.coins,
        condition: sheet.condition,
        encumbrance: sheet.encumbrance,
        now: sheet.now,
        retainers: sheet.retainers,
        debts: sheet.debts,
    })
}

/// What `backup` wrote: the copy's size, and what it holds (read back from the copy itself).
#[derive(Debug, Serialize)]
pub struct Backup {
    pub bytes: u64,
    pub campaigns: usize,
    pub events: i64,
}

/// `backup PATH`: a consistent copy of the whole database while other processes write (one
/// snapshot), written beside PATH and renamed into place once whole, readable by its owner
/// only, then opened to count what it holds. Under `--dry-run`, nothing is written: `None`.
pub async fn backup(cx: &mut Ctx, path: &std::path::Path, force: bool) -> Result<Option<Backup>> {
    let destination = Destination::check(path, cx.db.file(), force)?;
    if cx.dry_run() {
        return Ok(None);
    }
    let mut pending = destination.pending()?;
    pending.close();
    cx.db.copy_to(pending.temp()).await?;
    let bytes = pending.finish()?;
    cx.made(crate::error::Made::File(path.to_path_buf()));
    let mut copy = crate::store::open(path, crate::store::Access::Read).await?;
    let campaigns = crate::store::campaigns::list(copy.conn()).await;
    copy.close().await?;
    let campaigns = campaigns?;
    Ok(Some(Backup {
        bytes,
        campaigns: campaigns.len(),
        events: campaigns.iter().map(|c| c.events).sum(),
    }))
}
