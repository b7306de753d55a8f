//! A table file as written (TOML, `tables/README.md`) read into the model: every field
//! checked, every formula and range parsed, each problem named with the file.

use serde::Deserialize;

use super::coverage::{bands_coverage, coverage};
use super::{
    Band, Duplicates, Entry, EntryAt, EntryFault, PropFault, Props, RangeFault, Table, TableError,
    TableFault, placeholders,
};
use crate::alignment::Alignment;
use crate::dice::Expr;
use crate::item::{Bearing, Category};

/// An entry of a table file as written, before checking. The same shape serves `[defaults]`,
/// where `roll`, `name` and `fr` are absent.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEntry {
    roll: Option<String>,
    name: Option<String>,
    fr: Option<String>,
    table: Option<String>,
    #[serde(default)]
    reroll: bool,
    again: Option<u32>,
    sum: Option<u32>,
    category: Option<String>,
    kind: Option<String>,
    charges: Option<String>,
    value: Option<String>,
    count: Option<String>,
    consumable: Option<bool>,
    duration: Option<String>,
    initiative: Option<i32>,
    level: Option<u32>,
    bonus: Option<i32>,
    cursed: Option<bool>,
    seems: Option<i32>,
    metal: Option<bool>,
    size: Option<String>,
    blade: Option<String>,
    spells: Option<u32>,
    levels: Option<String>,
    priest_levels: Option<String>,
    caster: Option<String>,
    min_levels: Option<Vec<u8>>,
    effect: Option<String>,
    alignment: Option<String>,
    bears_on: Option<Vec<String>>,
    trapped: Option<bool>,
    sentient: Option<bool>,
    purpose: Option<PurposeField>,
    int: Option<u8>,
    reads: Option<bool>,
    communication: Option<String>,
    sensory: Option<u32>,
    extraordinary: Option<u32>,
    languages: Option<u32>,
    power: Option<String>,
    uses: Option<String>,
    duplicates: Option<Duplicates>,
    outcome: Option<String>,
    note: Option<String>,
    also: Option<Vec<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum PurposeField {
    Flag(bool),
    Id(String),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTable {
    name: String,
    title: String,
    title_fr: String,
    die: String,
    version: u32,
    source: String,
    notes: String,
    duplicates: Option<Duplicates>,
    key: Option<String>,
    #[serde(default)]
    defaults: RawEntry,
    #[serde(default, rename = "entry")]
    entries: Vec<RawEntry>,
    #[serde(default, rename = "band")]
    bands: Vec<RawBand>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBand {
    when: String,
    #[serde(default, rename = "entry")]
    entries: Vec<RawEntry>,
}

/// Usage limits a sword power may have.
const USES: [&str; 5] = ["at-will", "3/day", "1/day", "1/turn", "3/week"];
/// A short, stable hash (FNV-1a, 64 bits) of a table's text.
fn hash(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        h ^= u64::from(byte);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// A file of `tables/` read as TOML of shape `T`, whose `name` must be its file's name: the
/// reader's own message at its line, or the two names.
pub(crate) fn read<T: serde::de::DeserializeOwned>(
    file: &str,
    text: &str,
    name: impl Fn(&T) -> &str,
) -> Result<T, TableFault> {
    let raw: T = toml::from_str(text).map_err(|e| {
        let message = e.message().to_string();
        let line = e
            .span()
            .map(|s| text[..s.start.min(text.len())].lines().count().max(1));
        TableFault::Toml { line, message }
    })?;
    let stem = std::path::Path::new(file)
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or_default();
    if name(&raw) != stem {
        return Err(TableFault::NameMismatch {
            name: name(&raw).to_string(),
            stem: stem.into(),
        });
    }
    Ok(raw)
}

pub(super) fn parse_table(file: &str, text: &str) -> Result<Table, Vec<TableError>> {
    let error = |fault: TableFault| TableError {
        file: file.to_string(),
        fault,
    };
    let fail = |fault: TableFault| vec![error(fault)];
    let raw: RawTable = read(file, text, |r: &RawTable| &r.name).map_err(&fail)?;
    let die = Expr::parse(&raw.die).map_err(|e| fail(TableFault::Die(e)))?;
    let mut errors = Vec::new();
    if raw.defaults.roll.is_some() || raw.defaults.name.is_some() || raw.defaults.fr.is_some() {
        errors.push(error(TableFault::DefaultsHaveRow));
    }
    let defaults = props(&raw.defaults).unwrap_or_else(|fault| {
        errors.push(error(TableFault::Defaults(fault)));
        Props::default()
    });
    let entries_of = |raws: &[RawEntry], band: Option<&str>, errors: &mut Vec<TableError>| {
        let mut entries = Vec::new();
        for (i, raw) in raws.iter().enumerate() {
            match entry(raw, &die) {
                Ok(mut entry) => {
                    entry.props = entry.props.or(&defaults);
                    entries.push(entry);
                }
                Err(fault) => {
                    let entry = match &raw.roll {
                        Some(roll) => EntryAt::Roll(roll.clone()),
                        None => EntryAt::Nth(i + 1),
                    };
                    errors.push(error(TableFault::Entry {
                        band: band.map(str::to_string),
                        entry,
                        fault: Box::new(fault),
                    }));
                }
            }
        }
        entries
    };
    let entries = entries_of(&raw.entries, None, &mut errors);
    let mut bands = Vec::new();
    for band in &raw.bands {
        let band_entries = entries_of(&band.entries, Some(&band.when), &mut errors);
        match parse_band(&band.when) {
            Ok((from, to)) => bands.push(Band {
                from,
                to,
                when: band.when.clone(),
                entries: band_entries,
            }),
            Err(fault) => errors.push(error(TableFault::Band {
                when: band.when.clone(),
                fault,
            })),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    match (&raw.key, entries.is_empty(), bands.is_empty()) {
        (None, false, true) => coverage(&entries, &die, None).map_err(&fail)?,
        (Some(_), true, false) => {
            bands_coverage(&bands).map_err(&fail)?;
            for band in &bands {
                coverage(&band.entries, &die, Some(&band.when)).map_err(&fail)?;
            }
        }
        (None, _, _) => return Err(fail(TableFault::NoEntries)),
        (Some(_), _, _) => return Err(fail(TableFault::BandedWithEntries)),
    }
    Ok(Table {
        name: raw.name,
        title: raw.title,
        title_fr: raw.title_fr,
        die,
        version: raw.version,
        source: raw.source,
        notes: raw.notes,
        file: file.to_string(),
        hash: hash(text),
        duplicates: raw.duplicates.unwrap_or_default(),
        key: raw.key,
        entries,
        bands,
    })
}

fn entry(raw: &RawEntry, die: &Expr) -> Result<Entry, EntryFault> {
    let roll = raw.roll.clone().ok_or(EntryFault::NoRoll)?;
    let (lo, hi) = parse_range(&roll).map_err(EntryFault::Range)?;
    if lo < die.min() || hi > die.max() {
        return Err(EntryFault::OutsideDie {
            roll,
            die: die.clone(),
        });
    }
    let name = raw.name.clone().filter(|n| !n.trim().is_empty());
    let fr = raw.fr.clone().filter(|n| !n.trim().is_empty());
    let (Some(name), Some(fr)) = (name, fr) else {
        return Err(EntryFault::NeedsNames);
    };
    let actions = usize::from(raw.table.is_some())
        + usize::from(raw.reroll)
        + usize::from(raw.again.is_some())
        + usize::from(raw.sum.is_some());
    if actions > 1 {
        return Err(EntryFault::OneAction);
    }
    for placeholder in placeholders(&name).chain(placeholders(&fr)) {
        if !super::PLACEHOLDERS.contains(&placeholder) {
            return Err(EntryFault::UnknownPlaceholder {
                placeholder: placeholder.into(),
            });
        }
    }
    Ok(Entry {
        lo,
        hi,
        roll,
        name,
        fr,
        table: raw.table.clone(),
        reroll: raw.reroll,
        again: raw.again,
        sum: raw.sum,
        props: props(raw).map_err(EntryFault::Prop)?,
    })
}

fn formula(field: &'static str, text: &Option<String>) -> Result<Option<Expr>, PropFault> {
    text.as_deref()
        .map(|t| Expr::parse(t).map_err(|error| PropFault::Formula { field, error }))
        .transpose()
}

fn level_range(field: &'static str, text: &Option<String>) -> Result<Option<(u8, u8)>, PropFault> {
    text.as_deref()
        .map(|t| match parse_range(t) {
            Ok((lo, hi)) if (1..=9).contains(&lo) && (lo..=9).contains(&hi) => {
                Ok((lo as u8, hi as u8))
            }
            _ => Err(PropFault::LevelRange {
                field,
                text: t.into(),
            }),
        })
        .transpose()
}

fn one_of(
    field: &'static str,
    value: &Option<String>,
    allowed: &'static [&'static str],
) -> Result<(), PropFault> {
    match value {
        Some(v) if !allowed.contains(&v.as_str()) => Err(PropFault::NotOneOf {
            field,
            value: v.clone(),
            allowed,
        }),
        _ => Ok(()),
    }
}

/// A book's `bears_on`: each one of [`Bearing::IDS`].
fn bearings(ids: &Option<Vec<String>>) -> Result<Option<Vec<Bearing>>, PropFault> {
    let Some(ids) = ids else { return Ok(None) };
    ids.iter()
        .map(|id| {
            Bearing::from_id(id).ok_or_else(|| PropFault::NotOneOf {
                field: "bears_on",
                value: id.clone(),
                allowed: &Bearing::IDS,
            })
        })
        .collect::<Result<_, _>>()
        .map(Some)
}

fn props(raw: &RawEntry) -> Result<Props, PropFault> {
    one_of("caster", &raw.caster, &["wizard", "priest"])?;
    one_of("communication", &raw.communication, &["empathy", "speech"])?;
    one_of("outcome", &raw.outcome, &["fails", "reversed"])?;
    one_of("effect", &raw.effect, &["beneficial", "harmful"])?;
    one_of("uses", &raw.uses, &USES)?;
    if let Some(levels) = &raw.min_levels
        && (levels.is_empty() || levels.len() > 9)
    {
        return Err(PropFault::MinLevels);
    }
    let (has_purpose, purpose) = match &raw.purpose {
        Some(PurposeField::Flag(flag)) => (Some(*flag), None),
        Some(PurposeField::Id(id)) => (None, Some(id.clone())),
        None => (None, None),
    };
    Ok(Props {
        category: raw
            .category
            .as_deref()
            .map(str::parse::<Category>)
            .transpose()
            .map_err(PropFault::Category)?,
        kind: raw.kind.clone(),
        charges: formula("charges", &raw.charges)?,
        value: formula("value", &raw.value)?,
        count: formula("count", &raw.count)?,
        consumable: raw.consumable,
        duration: formula("duration", &raw.duration)?,
        initiative: raw.initiative,
        level: raw.level,
        bonus: raw.bonus,
        cursed: raw.cursed,
        seems: raw.seems,
        metal: raw.metal,
        size: raw.size.clone(),
        blade: raw.blade.clone(),
        spells: raw.spells,
        levels: level_range("levels", &raw.levels)?,
        priest_levels: level_range("priest_levels", &raw.priest_levels)?,
        caster: raw.caster.clone(),
        min_levels: raw.min_levels.clone(),
        beneficial: raw.effect.as_deref().map(|e| e == "beneficial"),
        alignment: raw
            .alignment
            .as_deref()
            .map(str::parse::<Alignment>)
            .transpose()
            .map_err(PropFault::Alignment)?,
        bears_on: bearings(&raw.bears_on)?,
        trapped: raw.trapped,
        sentient: raw.sentient,
        has_purpose,
        purpose,
        int: raw.int,
        reads: raw.reads,
        communication: raw.communication.clone(),
        sensory: raw.sensory,
        extraordinary: raw.extraordinary,
        languages: raw.languages,
        power: raw.power.clone(),
        uses: raw.uses.clone(),
        duplicates: raw.duplicates,
        outcome: raw.outcome.clone(),
        note: raw.note.clone(),
        also: raw.also.clone(),
    })
}

/// `7`, `11-15`, `96-00` (`00` is 100, as on percentile dice); an en dash works too.
fn parse_range(text: &str) -> Result<(i64, i64), RangeFault> {
    let face = |s: &str| -> Result<i64, RangeFault> {
        let s = s.trim();
        if s == "00" {
            return Ok(100);
        }
        s.parse::<i64>()
            .map_err(|_| RangeFault::Shape { text: text.into() })
    };
    let normalized = text.replace(['–', '—'], "-");
    let (lo, hi) = match normalized.split_once('-') {
        Some((a, b)) => (face(a)?, face(b)?),
        None => {
            let n = face(&normalized)?;
            (n, n)
        }
    };
    if lo > hi {
        return Err(RangeFault::Backwards { text: text.into() });
    }
    Ok((lo, hi))
}

/// `1-3`, `16+`.
pub(super) fn parse_band(text: &str) -> Result<(i64, Option<i64>), RangeFault> {
    match text.trim().strip_suffix('+') {
        Some(from) => from
            .trim()
            .parse::<i64>()
            .map(|f| (f, None))
            .map_err(|_| RangeFault::When { text: text.into() }),
        None => parse_range(text).map(|(a, b)| (a, Some(b))),
    }
}
