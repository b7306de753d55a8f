//! A table file as written (TOML, `tables/README.md`) read into the model: every field
//! checked, every formula and range parsed, each problem named with the file.

use serde::Deserialize;

use super::coverage::{bands_coverage, coverage};
use super::{Band, Duplicates, Entry, Props, Table, TableError, placeholders};
use crate::rules::alignment::Alignment;
use crate::rules::dice::Expr;
use crate::rules::item::Category;
use crate::tr;

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
    count: Option<String>,
    consumable: Option<bool>,
    duration: Option<String>,
    initiative: Option<i32>,
    level: Option<u32>,
    bonus: Option<i32>,
    cursed: Option<bool>,
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

pub(super) fn parse_table(file: &str, text: &str) -> Result<Table, Vec<TableError>> {
    let fail = |message: String| {
        vec![TableError {
            file: file.to_string(),
            message,
        }]
    };
    let raw: RawTable = toml::from_str(text).map_err(|e| {
        let message = e.message().to_string();
        let line = e
            .span()
            .map(|s| text[..s.start.min(text.len())].lines().count().max(1));
        fail(match line {
            Some(line) => tr!("line {line}: {message}", "ligne {line} : {message}"),
            None => message,
        })
    })?;
    let stem = std::path::Path::new(file)
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or_default();
    if raw.name != stem {
        return Err(fail(tr!(
            "the table is named {:?} but the file is {stem}.toml: they must match",
            "la table s'appelle {:?} mais le fichier est {stem}.toml : ils doivent correspondre",
            raw.name
        )));
    }
    let die = Expr::parse(&raw.die).map_err(|e| fail(tr!("die: {e}", "dé : {e}")))?;
    let mut errors = Vec::new();
    let error = |message: String| TableError {
        file: file.to_string(),
        message,
    };
    if raw.defaults.roll.is_some() || raw.defaults.name.is_some() || raw.defaults.fr.is_some() {
        errors.push(error(tr!(
            "[defaults] cannot have roll, name or fr",
            "[defaults] ne peut pas avoir roll, name ni fr"
        )));
    }
    let defaults = props(&raw.defaults).unwrap_or_else(|message| {
        errors.push(error(format!("[defaults]: {message}")));
        Props::default()
    });
    let entries_of = |raws: &[RawEntry], label: &str, errors: &mut Vec<TableError>| {
        let mut entries = Vec::new();
        for (i, raw) in raws.iter().enumerate() {
            match entry(raw, &die) {
                Ok(mut entry) => {
                    entry.props = entry.props.or(&defaults);
                    entries.push(entry);
                }
                Err(message) => {
                    let shown = raw.roll.clone().unwrap_or_else(|| format!("#{}", i + 1));
                    errors.push(error(format!("{label}entry {shown}: {message}")));
                }
            }
        }
        entries
    };
    let entries = entries_of(&raw.entries, "", &mut errors);
    let mut bands = Vec::new();
    for band in &raw.bands {
        let label = format!("band {}: ", band.when);
        let band_entries = entries_of(&band.entries, &label, &mut errors);
        match parse_band(&band.when) {
            Ok((from, to)) => bands.push(Band {
                from,
                to,
                when: band.when.clone(),
                entries: band_entries,
            }),
            Err(message) => errors.push(error(format!("{label}{message}"))),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    match (&raw.key, entries.is_empty(), bands.is_empty()) {
        (None, false, true) => coverage(&entries, &die, "").map_err(&fail)?,
        (Some(_), true, false) => {
            bands_coverage(&bands).map_err(&fail)?;
            for band in &bands {
                coverage(&band.entries, &die, &format!("band {}: ", band.when)).map_err(&fail)?;
            }
        }
        (None, _, _) => {
            return Err(fail(tr!(
                "a table needs [[entry]] rows (or `key` and [[band]]s)",
                "une table a besoin de lignes [[entry]] (ou de `key` et de [[band]])"
            )));
        }
        (Some(_), _, _) => {
            return Err(fail(tr!(
                "a banded table (with `key`) has [[band]]s and no [[entry]] of its own",
                "une table par tranches (avec `key`) a des [[band]] et pas d'[[entry]] à elle"
            )));
        }
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

fn entry(raw: &RawEntry, die: &Expr) -> Result<Entry, String> {
    let roll = raw
        .roll
        .clone()
        .ok_or_else(|| tr!("has no roll", "n'a pas de roll"))?;
    let (lo, hi) = parse_range(&roll)?;
    if lo < die.min() || hi > die.max() {
        return Err(tr!(
            "range {roll} is outside the die {die} ({}-{})",
            "la plage {roll} dépasse le dé {die} ({}-{})",
            die.min(),
            die.max()
        ));
    }
    let name = raw.name.clone().filter(|n| !n.trim().is_empty());
    let fr = raw.fr.clone().filter(|n| !n.trim().is_empty());
    let (Some(name), Some(fr)) = (name, fr) else {
        return Err(tr!(
            "needs a name and a French name (fr)",
            "il faut un nom et un nom français (fr)"
        ));
    };
    let actions = usize::from(raw.table.is_some())
        + usize::from(raw.reroll)
        + usize::from(raw.again.is_some())
        + usize::from(raw.sum.is_some());
    if actions > 1 {
        return Err(tr!(
            "can do only one of table, reroll, again and sum",
            "ne peut faire qu'un seul de table, reroll, again et sum"
        ));
    }
    for placeholder in placeholders(&name).chain(placeholders(&fr)) {
        if !matches!(placeholder, "blade" | "bonus" | "size") {
            return Err(tr!(
                "unknown placeholder {{{placeholder}}} in its name (use {{blade}}, {{bonus}} or {{size}})",
                "marque inconnue {{{placeholder}}} dans son nom ({{blade}}, {{bonus}} ou {{size}})"
            ));
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
        props: props(raw)?,
    })
}

fn formula(field: &str, text: &Option<String>) -> Result<Option<Expr>, String> {
    text.as_deref()
        .map(|t| Expr::parse(t).map_err(|e| format!("{field}: {e}")))
        .transpose()
}

fn level_range(field: &str, text: &Option<String>) -> Result<Option<(u8, u8)>, String> {
    text.as_deref()
        .map(|t| match parse_range(t) {
            Ok((lo, hi)) if (1..=9).contains(&lo) && (lo..=9).contains(&hi) => {
                Ok((lo as u8, hi as u8))
            }
            _ => Err(tr!(
                "{field} {t:?} is not a range of spell levels like \"1-4\"",
                "{field} {t:?} n'est pas une plage de niveaux de sort comme \"1-4\""
            )),
        })
        .transpose()
}

fn one_of(field: &str, value: &Option<String>, allowed: &[&str]) -> Result<(), String> {
    match value {
        Some(v) if !allowed.contains(&v.as_str()) => Err(tr!(
            "{field} {v:?} is not one of {}",
            "{field} {v:?} n'est pas parmi {}",
            allowed.join(", ")
        )),
        _ => Ok(()),
    }
}

fn props(raw: &RawEntry) -> Result<Props, String> {
    one_of("caster", &raw.caster, &["wizard", "priest"])?;
    one_of("communication", &raw.communication, &["empathy", "speech"])?;
    one_of("outcome", &raw.outcome, &["fails", "reversed"])?;
    one_of("effect", &raw.effect, &["beneficial", "harmful"])?;
    one_of("uses", &raw.uses, &USES)?;
    if let Some(levels) = &raw.min_levels
        && (levels.is_empty() || levels.len() > 9)
    {
        return Err(tr!(
            "min_levels lists the caster level for each spell level, 1 to 9 of them",
            "min_levels donne le niveau de lanceur par niveau de sort, de 1 à 9 valeurs"
        ));
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
            .map_err(|e| e.to_string())?,
        kind: raw.kind.clone(),
        charges: formula("charges", &raw.charges)?,
        count: formula("count", &raw.count)?,
        consumable: raw.consumable,
        duration: formula("duration", &raw.duration)?,
        initiative: raw.initiative,
        level: raw.level,
        bonus: raw.bonus,
        cursed: raw.cursed,
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
            .map_err(|e| e.to_string())?,
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
fn parse_range(text: &str) -> Result<(i64, i64), String> {
    let face = |s: &str| -> Result<i64, String> {
        let s = s.trim();
        if s == "00" {
            return Ok(100);
        }
        s.parse::<i64>().map_err(|_| {
            tr!(
                "range {text:?} should look like \"7\" or \"11-15\"",
                "la plage {text:?} doit ressembler à \"7\" ou \"11-15\""
            )
        })
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
        return Err(tr!(
            "range {text:?} runs backwards",
            "la plage {text:?} est à l'envers"
        ));
    }
    Ok((lo, hi))
}

/// `1-3`, `16+`.
fn parse_band(text: &str) -> Result<(i64, Option<i64>), String> {
    match text.trim().strip_suffix('+') {
        Some(from) => from.trim().parse::<i64>().map(|f| (f, None)).map_err(|_| {
            tr!(
                "when {text:?} is not a number like \"16+\"",
                "when {text:?} n'est pas un nombre comme \"16+\""
            )
        }),
        None => parse_range(text).map(|(a, b)| (a, Some(b))),
    }
}
