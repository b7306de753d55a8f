//! Random tables as data: the TOML format of `tables/` (documented in `tables/README.md`), the
//! checks that make a table trustworthy — every face of its die covered exactly once, every
//! table it points to present, every formula readable — and a roll on a table.
//!
//! Parsing takes file contents, not paths, so this stays pure; the shipped tables are embedded
//! in the binary and a referee's folder is read by the application layer.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use serde::Deserialize;

use crate::rules::alignment::Alignment;
use crate::rules::dice::{Dice, Expr, Roll};
use crate::rules::item::Category;
use crate::tr;

/// A problem in a table file, named with the file (and the ranges involved).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {message}")]
pub struct TableError {
    pub file: String,
    pub message: String,
}

/// All the tables a campaign rolls on, by name.
#[derive(Debug, Clone)]
pub struct Tables {
    tables: BTreeMap<String, Table>,
}

#[derive(Debug, Clone)]
pub struct Table {
    pub name: String,
    pub title: String,
    pub title_fr: String,
    pub die: Expr,
    pub version: u32,
    pub source: String,
    pub notes: String,
    /// Where it was read from, as shown in errors (`tables/wands.toml`).
    pub file: String,
    /// A short hash of the file's text: tells an edited table from the shipped one.
    pub hash: String,
    pub duplicates: Duplicates,
    /// For banded tables: what the bands depend on (`gap`).
    pub key: Option<String>,
    pub entries: Vec<Entry>,
    pub bands: Vec<Band>,
}

#[derive(Debug, Clone)]
pub struct Band {
    pub from: i64,
    /// `None`: open-ended (`16+`).
    pub to: Option<i64>,
    pub when: String,
    pub entries: Vec<Entry>,
}

#[derive(Debug, Clone)]
pub struct Entry {
    pub lo: i64,
    pub hi: i64,
    /// The range as written (`96-00`).
    pub roll: String,
    pub name: String,
    pub fr: String,
    /// Roll on that table instead.
    pub table: Option<String>,
    /// Roll this table again.
    pub reroll: bool,
    /// Roll this many more times on this table.
    pub again: Option<u32>,
    /// Roll this many more times on this table and add the results.
    pub sum: Option<u32>,
    pub props: Props,
}

/// Whether a result already drawn may come again in the same set of rolls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Duplicates {
    #[default]
    Allowed,
    Reroll,
}

/// What an entry says about the item (or about the modifier, for `also` tables).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Props {
    pub category: Option<Category>,
    pub kind: Option<String>,
    pub charges: Option<Expr>,
    pub count: Option<Expr>,
    pub consumable: Option<bool>,
    pub duration: Option<Expr>,
    pub initiative: Option<i32>,
    pub level: Option<u32>,
    pub bonus: Option<i32>,
    pub cursed: Option<bool>,
    pub metal: Option<bool>,
    pub size: Option<String>,
    pub blade: Option<String>,
    pub spells: Option<u32>,
    pub levels: Option<(u8, u8)>,
    pub priest_levels: Option<(u8, u8)>,
    pub caster: Option<String>,
    pub min_levels: Option<Vec<u8>>,
    pub beneficial: Option<bool>,
    pub alignment: Option<Alignment>,
    pub trapped: Option<bool>,
    pub sentient: Option<bool>,
    /// The sentience table's flag (`purpose = true`).
    pub has_purpose: Option<bool>,
    /// The purpose table's id (`purpose = "slay-warriors"`).
    pub purpose: Option<String>,
    pub int: Option<u8>,
    pub reads: Option<bool>,
    pub communication: Option<String>,
    pub sensory: Option<u32>,
    pub extraordinary: Option<u32>,
    pub languages: Option<u32>,
    pub power: Option<String>,
    pub uses: Option<String>,
    pub duplicates: Option<Duplicates>,
    pub outcome: Option<String>,
    pub note: Option<String>,
    pub also: Option<Vec<String>>,
}

impl Props {
    /// Fill every property this one lacks from `under`.
    pub fn or(mut self, under: &Props) -> Props {
        macro_rules! fill {
            ($($field:ident),*) => { $( if self.$field.is_none() { self.$field = under.$field.clone(); } )* };
        }
        fill!(
            category,
            kind,
            charges,
            count,
            consumable,
            duration,
            initiative,
            level,
            bonus,
            cursed,
            metal,
            size,
            blade,
            spells,
            levels,
            priest_levels,
            caster,
            min_levels,
            beneficial,
            alignment,
            trapped,
            sentient,
            has_purpose,
            purpose,
            int,
            reads,
            communication,
            sensory,
            extraordinary,
            languages,
            power,
            uses,
            duplicates,
            outcome,
            note,
            also
        );
        self
    }
}

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

/// The tables shipped in `tables/`, embedded at build time: (file name, text).
static SHIPPED: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/shipped_tables.rs"));

/// The shipped tables as (shown path, text), ready for [`Tables::parse`].
pub fn shipped() -> Vec<(String, String)> {
    SHIPPED
        .iter()
        .map(|(name, text)| (format!("tables/{name}"), (*text).to_string()))
        .collect()
}

/// Usage limits a sword power may have.
const USES: [&str; 5] = ["at-will", "3/day", "1/day", "1/turn", "3/week"];

impl Tables {
    /// Parse and check a set of table files, given as (shown path, text). Every problem of
    /// every file is reported, not just the first.
    pub fn parse(files: &[(String, String)]) -> Result<Tables, Vec<TableError>> {
        let mut errors = Vec::new();
        let mut tables = BTreeMap::new();
        for (file, text) in files {
            match parse_table(file, text) {
                Ok(table) => {
                    if let Some(previous) = tables.insert(table.name.clone(), table) {
                        errors.push(TableError {
                            file: file.clone(),
                            message: tr!(
                                "table {} is defined twice (also in {})",
                                "la table {} est définie deux fois (aussi dans {})",
                                previous.name,
                                previous.file
                            ),
                        });
                    }
                }
                Err(mut e) => errors.append(&mut e),
            }
        }
        let tables = Tables { tables };
        errors.extend(tables.check_references());
        if errors.is_empty() {
            Ok(tables)
        } else {
            Err(errors)
        }
    }

    pub fn get(&self, name: &str) -> Option<&Table> {
        self.tables.get(name)
    }

    pub fn iter(&self) -> impl Iterator<Item = &Table> {
        self.tables.values()
    }

    /// Every table a signpost or an `also` names must exist, and signposts must not loop.
    fn check_references(&self) -> Vec<TableError> {
        let mut errors = Vec::new();
        for table in self.tables.values() {
            for entry in table.all_entries() {
                let targets = entry.table.iter().chain(entry.props.also.iter().flatten());
                for target in targets {
                    if !self.tables.contains_key(target) {
                        errors.push(TableError {
                            file: table.file.clone(),
                            message: tr!(
                                "entry {} points to table {target:?}, which does not exist",
                                "l'entrée {} renvoie à la table {target:?}, qui n'existe pas",
                                entry.roll
                            ),
                        });
                    }
                }
            }
        }
        if errors.is_empty() {
            for table in self.tables.values() {
                if let Some(path) = self.cycle_from(&table.name, &mut Vec::new()) {
                    errors.push(TableError {
                        file: table.file.clone(),
                        message: tr!(
                            "tables point to each other in a loop: {}",
                            "les tables se renvoient en boucle : {}",
                            path.join(" → ")
                        ),
                    });
                    break;
                }
            }
        }
        errors
    }

    fn cycle_from(&self, name: &str, path: &mut Vec<String>) -> Option<Vec<String>> {
        if path.iter().any(|p| p == name) {
            let mut cycle = path.clone();
            cycle.push(name.to_string());
            return Some(cycle);
        }
        let table = self.tables.get(name)?;
        path.push(name.to_string());
        let next: BTreeSet<&String> = table
            .all_entries()
            .flat_map(|e| e.table.iter().chain(e.props.also.iter().flatten()))
            .filter(|t| *t != name)
            .collect();
        for target in next {
            if let Some(cycle) = self.cycle_from(target, path) {
                return Some(cycle);
            }
        }
        path.pop();
        None
    }
}

impl Table {
    pub fn all_entries(&self) -> impl Iterator<Item = &Entry> {
        self.entries
            .iter()
            .chain(self.bands.iter().flat_map(|b| b.entries.iter()))
    }

    /// The title in the language of the process.
    pub fn title(&self) -> &str {
        crate::i18n::pick(&self.title, &self.title_fr)
    }

    /// One roll of the die and the entry it lands on.
    pub fn roll(&self, dice: &mut impl Dice) -> (Roll, &Entry) {
        let roll = self.die.roll(dice);
        let entry = find(&self.entries, roll.total);
        (roll, entry)
    }

    /// One roll on the band of a banded table that `key` falls in.
    pub fn roll_band(&self, key: i64, dice: &mut impl Dice) -> (Roll, &Entry) {
        let band = self
            .bands
            .iter()
            .find(|b| key >= b.from && b.to.is_none_or(|to| key <= to))
            .or_else(|| self.bands.last())
            .expect("a checked banded table has bands");
        let roll = self.die.roll(dice);
        let entry = find(&band.entries, roll.total);
        (roll, entry)
    }

    /// The entry a given face lands on (for tests and `tables show`).
    pub fn entry_for(&self, face: i64) -> Option<&Entry> {
        self.entries.iter().find(|e| (e.lo..=e.hi).contains(&face))
    }
}

fn find(entries: &[Entry], total: i64) -> &Entry {
    // Coverage is checked at load: every possible total has exactly one entry.
    entries
        .iter()
        .find(|e| (e.lo..=e.hi).contains(&total))
        .unwrap_or(&entries[0])
}

/// A short, stable hash (FNV-1a, 64 bits) of a table's text.
fn hash(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        h ^= u64::from(byte);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

fn parse_table(file: &str, text: &str) -> Result<Table, Vec<TableError>> {
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

/// The `{name}` placeholders in an item name.
pub fn placeholders(text: &str) -> impl Iterator<Item = &str> {
    text.split('{')
        .skip(1)
        .filter_map(|part| part.split_once('}').map(|(name, _)| name))
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

/// Every face from the die's minimum to its maximum covered by exactly one entry.
fn coverage(entries: &[Entry], die: &Expr, label: &str) -> Result<(), String> {
    let mut sorted: Vec<&Entry> = entries.iter().collect();
    sorted.sort_by_key(|e| (e.lo, e.hi));
    let mut next = die.min();
    let mut previous: Option<&Entry> = None;
    for entry in sorted {
        if entry.lo < next {
            let prev = previous.map(|p| p.roll.as_str()).unwrap_or_default();
            let at = entry.lo;
            return Err(tr!(
                "{label}ranges {prev} and {} overlap at {}",
                "{label}les plages {prev} et {} se chevauchent en {}",
                entry.roll,
                Face(at)
            ));
        }
        if entry.lo > next {
            return Err(gap(label, next, entry.lo - 1, previous, Some(entry)));
        }
        next = entry.hi + 1;
        previous = Some(entry);
    }
    if next <= die.max() {
        return Err(gap(label, next, die.max(), previous, None));
    }
    Ok(())
}

fn gap(label: &str, from: i64, to: i64, before: Option<&Entry>, after: Option<&Entry>) -> String {
    let faces = if from == to {
        Face(from).to_string()
    } else {
        format!("{}-{}", Face(from), Face(to))
    };
    let around = match (before, after) {
        (Some(b), Some(a)) => tr!(" (between {} and {})", " (entre {} et {})", b.roll, a.roll),
        (Some(b), None) => tr!(" (after {})", " (après {})", b.roll),
        (None, Some(a)) => tr!(" (before {})", " (avant {})", a.roll),
        (None, None) => String::new(),
    };
    tr!(
        "{label}nothing covers {faces}{around}",
        "{label}rien ne couvre {faces}{around}"
    )
}

/// A face as written on percentile dice: 100 is `00`.
struct Face(i64);

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 100 {
            f.write_str("00")
        } else {
            write!(f, "{}", self.0)
        }
    }
}

fn bands_coverage(bands: &[Band]) -> Result<(), String> {
    let mut sorted: Vec<&Band> = bands.iter().collect();
    sorted.sort_by_key(|b| b.from);
    let mut next: Option<i64> = None;
    for band in &sorted {
        if let Some(n) = next
            && band.from != n
        {
            return Err(tr!(
                "band {} should start at {n}",
                "la tranche {} devrait commencer à {n}",
                band.when
            ));
        }
        next = match band.to {
            Some(to) => Some(to + 1),
            None if std::ptr::eq(*band, *sorted.last().unwrap_or(band)) => None,
            None => {
                return Err(tr!(
                    "only the last band can be open-ended, not {}",
                    "seule la dernière tranche peut être ouverte, pas {}",
                    band.when
                ));
            }
        };
    }
    if next.is_some() {
        return Err(tr!(
            "the last band must be open-ended, like \"16+\"",
            "la dernière tranche doit être ouverte, comme \"16+\""
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(name: &str, body: &str) -> (String, String) {
        (
            format!("tables/{name}.toml"),
            format!(
                "name = \"{name}\"\ntitle = \"T\"\ntitle_fr = \"T\"\nversion = 1\nsource = \"s\"\nnotes = \"n\"\n{body}"
            ),
        )
    }

    fn errors(files: &[(String, String)]) -> Vec<String> {
        match Tables::parse(files) {
            Ok(_) => vec![],
            Err(e) => e.into_iter().map(|e| e.to_string()).collect(),
        }
    }

    const D6: &str = "die = \"d6\"\n[[entry]]\nroll = \"1-3\"\nname = \"a\"\nfr = \"a\"\n[[entry]]\nroll = \"4-6\"\nname = \"b\"\nfr = \"b\"\n";

    #[test]
    fn a_well_covered_table_loads_and_rolls() {
        let tables = Tables::parse(&[file("t", D6)]).unwrap();
        let t = tables.get("t").unwrap();
        assert_eq!(t.entry_for(3).unwrap().name, "a");
        assert_eq!(t.entry_for(4).unwrap().name, "b");
        let mut dice = crate::rules::dice::scripted::Scripted::new(&[5]);
        let (roll, entry) = t.roll(&mut dice);
        assert_eq!((roll.total, entry.name.as_str()), (5, "b"));
    }

    #[test]
    fn the_seed_languages_overlap_is_refused_with_its_ranges() {
        let body = "die = \"d100\"\n\
            [[entry]]\nroll = \"01-50\"\nname = \"1\"\nfr = \"1\"\n\
            [[entry]]\nroll = \"51-70\"\nname = \"2\"\nfr = \"2\"\n\
            [[entry]]\nroll = \"71-85\"\nname = \"3\"\nfr = \"3\"\n\
            [[entry]]\nroll = \"86-95\"\nname = \"4\"\nfr = \"4\"\n\
            [[entry]]\nroll = \"95-99\"\nname = \"5\"\nfr = \"5\"\n\
            [[entry]]\nroll = \"00\"\nname = \"x\"\nfr = \"x\"\nsum = 2\n";
        assert_eq!(
            errors(&[file("languages", body)]),
            ["tables/languages.toml: ranges 86-95 and 95-99 overlap at 95"]
        );
    }

    #[test]
    fn a_gap_is_refused_with_its_faces() {
        let body = "die = \"d100\"\n\
            [[entry]]\nroll = \"01-30\"\nname = \"f\"\nfr = \"f\"\n\
            [[entry]]\nroll = \"71-00\"\nname = \"r\"\nfr = \"r\"\n";
        assert_eq!(
            errors(&[file("failure", body)]),
            ["tables/failure.toml: nothing covers 31-70 (between 01-30 and 71-00)"]
        );
        let short = "die = \"d20\"\n[[entry]]\nroll = \"1-19\"\nname = \"a\"\nfr = \"a\"\n";
        assert_eq!(
            errors(&[file("short", short)]),
            ["tables/short.toml: nothing covers 20 (after 1-19)"]
        );
    }

    #[test]
    fn bands_are_checked_each_and_together() {
        let band = |when: &str, split: &str| {
            format!(
                "[[band]]\nwhen = \"{when}\"\n[[band.entry]]\nroll = \"01-{split}\"\nname = \"f\"\nfr = \"f\"\noutcome = \"fails\"\n[[band.entry]]\nroll = \"{}-00\"\nname = \"r\"\nfr = \"r\"\noutcome = \"reversed\"\n",
                split.parse::<i64>().unwrap() + 1
            )
        };
        let good = format!(
            "die = \"d100\"\nkey = \"gap\"\n{}{}",
            band("1-3", "95"),
            band("4+", "30")
        );
        let tables = Tables::parse(&[file("fail", &good)]).unwrap();
        let t = tables.get("fail").unwrap();
        let mut dice = crate::rules::dice::scripted::Scripted::new(&[40, 40]);
        assert_eq!(
            t.roll_band(2, &mut dice).1.props.outcome.as_deref(),
            Some("fails")
        );
        assert_eq!(
            t.roll_band(17, &mut dice).1.props.outcome.as_deref(),
            Some("reversed")
        );
        let seed = good.replace("roll = \"31-00\"", "roll = \"71-00\"");
        assert_eq!(
            errors(&[file("fail", &seed)]),
            ["tables/fail.toml: band 4+: nothing covers 31-70 (between 01-30 and 71-00)"]
        );
        let hole = format!(
            "die = \"d100\"\nkey = \"gap\"\n{}{}",
            band("1-3", "95"),
            band("5+", "30")
        );
        assert_eq!(
            errors(&[file("fail", &hole)]),
            ["tables/fail.toml: band 5+ should start at 4"]
        );
    }

    #[test]
    fn references_formulas_and_fields_are_checked() {
        let body = "die = \"d6\"\n[defaults]\ncharges = \"2d\"\n[[entry]]\nroll = \"1-6\"\nname = \"a\"\nfr = \"a\"\ntable = \"nowhere\"\n";
        let found = errors(&[file("t", body)]);
        assert!(
            found[0].contains("[defaults]: charges: bad dice expression"),
            "{found:?}"
        );
        let body = "die = \"d6\"\n[[entry]]\nroll = \"1-6\"\nname = \"a\"\nfr = \"a\"\ntable = \"nowhere\"\n";
        assert_eq!(
            errors(&[file("t", body)]),
            ["tables/t.toml: entry 1-6 points to table \"nowhere\", which does not exist"]
        );
        let body =
            "die = \"d6\"\n[[entry]]\nroll = \"1-6\"\nname = \"a\"\nfr = \"a\"\ncolour = \"red\"\n";
        assert!(errors(&[file("t", body)])[0].contains("unknown field `colour`"));
        let body = "die = \"d6\"\n[[entry]]\nroll = \"1-7\"\nname = \"a\"\nfr = \"a\"\n";
        assert!(errors(&[file("t", body)])[0].contains("range 1-7 is outside the die 1d6 (1-6)"));
        assert!(
            errors(
                &[file("u", D6)]
                    .iter()
                    .map(|(_, t)| ("tables/v.toml".to_string(), t.clone()))
                    .collect::<Vec<_>>()
            )[0]
            .contains("must match")
        );
    }

    #[test]
    fn signposts_may_not_loop() {
        let a =
            "die = \"d6\"\n[[entry]]\nroll = \"1-6\"\nname = \"a\"\nfr = \"a\"\ntable = \"b\"\n";
        let b =
            "die = \"d6\"\n[[entry]]\nroll = \"1-6\"\nname = \"b\"\nfr = \"b\"\ntable = \"a\"\n";
        assert!(errors(&[file("a", a), file("b", b)])[0].contains("loop: a → b → a"));
    }
}
