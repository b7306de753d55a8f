//! Random tables as data: the model of a table (its die, ranges, bands and what each entry
//! says) and a roll on it. Reading the TOML format of `tables/` (documented in
//! `tables/README.md`) is [`schema`]'s job, and the checks that make a table trustworthy —
//! every face of its die covered exactly once — are [`coverage`]'s; the files of treasure
//! types beside them are [`treasures`]'. This module adds the checks across tables: every
//! table pointed to present, no signpost loop.
//!
//! Parsing takes file contents, not paths, so this stays pure; the shipped tables are embedded
//! in the binary and a referee's folder is read by the application layer.

mod coverage;
pub mod equipment;
mod schema;
pub mod treasures;

use std::collections::{BTreeMap, BTreeSet};

use serde::Deserialize;

use crate::alignment::{Alignment, UnknownAlignment};
use crate::dice::{Dice, DiceError, Expr, Roll};
use crate::item::{Category, UnknownCategory};
use equipment::{Equipment, GoodsFault};
use schema::parse_table;
use treasures::{PartFault, Treasures};

/// A problem in a table file, named with the file (its words are the edge's: `view::words`).
/// Its JSON is the file and its fault as data: `{"file", "fault": {"fault": "gap", "with":
/// {…}}}`, each fault named in snake case with what it names.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct TableError {
    pub file: String,
    pub fault: TableFault,
}

/// What is wrong with a table file, or with the tables together. `band` names the band
/// (its `when`) a fault is in, `None` for a table's own entries.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "fault", content = "with", rename_all = "snake_case")]
pub enum TableFault {
    /// Not TOML of a table's shape: the reader's own message (English, from the TOML
    /// reader), at this line when it knows.
    Toml {
        line: Option<usize>,
        message: String,
    },
    /// The table's `name` is not its file's name (`stem`, without `.toml`).
    NameMismatch { name: String, stem: String },
    /// The table's die is no dice expression.
    Die(DiceError),
    /// `[defaults]` has a `roll`, `name` or `fr`.
    DefaultsHaveRow,
    /// A property of `[defaults]` is wrong.
    Defaults(PropFault),
    /// An entry is wrong.
    Entry {
        band: Option<String>,
        entry: EntryAt,
        fault: Box<EntryFault>,
    },
    /// A band's `when` is wrong.
    Band { when: String, fault: RangeFault },
    /// Two entries (by their rolls) both cover the face `at`.
    Overlap {
        band: Option<String>,
        first: String,
        second: String,
        at: i64,
    },
    /// No entry covers the faces `from` to `to`; `before` and `after` are the rolls of the
    /// entries around the gap.
    Gap {
        band: Option<String>,
        from: i64,
        to: i64,
        before: Option<String>,
        after: Option<String>,
    },
    /// The band `when` should start at `at`, where the band before it ends.
    BandStart { when: String, at: i64 },
    /// An open-ended band that is not the last.
    OpenBand { when: String },
    /// The last band is not open-ended.
    LastBandClosed,
    /// Neither entries nor bands.
    NoEntries,
    /// A banded table with entries of its own.
    BandedWithEntries,
    /// The table `name` is also defined in `also_in`.
    DefinedTwice { name: String, also_in: String },
    /// The entry `roll` points to `target`, which is no table.
    MissingTable { roll: String, target: String },
    /// Tables point to each other in a loop, through these names (the first again last).
    Loop { path: Vec<String> },
    /// The folder or the file could not be read.
    Unreadable(Unreadable),
    /// A treasure type (its letter or levels) is wrong: in its `part` (from 1; 0 for the
    /// type itself).
    Treasure {
        kind: String,
        part: usize,
        fault: PartFault,
    },
    /// A line of a price list (by its id) is wrong.
    Goods { goods: String, fault: GoodsFault },
}

/// Why a tables folder or a table file could not be read (the edge reads them, and words this).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "fault", content = "with", rename_all = "snake_case")]
pub enum Unreadable {
    /// The folder could not be listed: the system's reason.
    Folder(String),
    /// The file could not be read: the system's reason.
    File(String),
    /// Not a regular file (a FIFO, a device, a folder).
    NotAFile,
    /// Larger than the most a table file may hold.
    TooLarge,
    NotUtf8,
}

/// An entry, named by its roll as written, or by its place (1 for the first) when it has none.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EntryAt {
    Roll(String),
    Nth(usize),
}

/// What is wrong with one entry.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "fault", content = "with", rename_all = "snake_case")]
pub enum EntryFault {
    NoRoll,
    Range(RangeFault),
    /// Its range `roll` reaches outside the faces of `die`.
    OutsideDie {
        roll: String,
        #[serde(serialize_with = "crate::dice::as_text")]
        die: Expr,
    },
    /// A name or its French name (`fr`) is missing or blank.
    NeedsNames,
    /// More than one of table, reroll, again and sum.
    OneAction,
    /// A `{placeholder}` in its name other than blade, bonus and size.
    UnknownPlaceholder {
        placeholder: String,
    },
    Prop(PropFault),
}

/// What is wrong with a property of an entry or of `[defaults]`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "fault", content = "with", rename_all = "snake_case")]
pub enum PropFault {
    /// `field` is `value`, which is not one of `allowed`.
    NotOneOf {
        field: &'static str,
        value: String,
        allowed: &'static [&'static str],
    },
    /// `min_levels` holds no value, or more than nine.
    MinLevels,
    /// The formula of `field` is no dice expression.
    Formula {
        field: &'static str,
        error: DiceError,
    },
    /// `field` (`levels`, `priest_levels`) is `text`, no range of spell levels.
    LevelRange {
        field: &'static str,
        text: String,
    },
    Category(UnknownCategory),
    Alignment(UnknownAlignment),
}

/// A range or a band's `when` as written (`text`) that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "fault", content = "with", rename_all = "snake_case")]
pub enum RangeFault {
    /// Not `7` or `11-15`.
    Shape { text: String },
    /// `15-11`.
    Backwards { text: String },
    /// An open band that is not a number followed by `+`.
    When { text: String },
}

/// All the tables a campaign rolls on, by name.
#[derive(Debug, Clone)]
pub struct Tables {
    tables: BTreeMap<String, Table>,
    /// Treasure types, by file name (`treasure-ose`), read by [`treasures`].
    treasures: BTreeMap<String, Treasures>,
    /// Price lists, by file name (`equipment-ose`), read by [`equipment`].
    equipment: BTreeMap<String, Equipment>,
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

/// The placeholders an entry's name may hold, each filled as the item is made: the name of the
/// `also` entry that decided the blade, bonus, size or scroll type (`caster`), the levels
/// of a scroll's spells (`levels`), the monsters a purpose sword slays (`monster`), and the
/// `also` entry that decided what a suit of armour is made of (`armour`: OSE's armour type).
pub const PLACEHOLDERS: [&str; 7] = [
    "blade", "bonus", "size", "caster", "levels", "monster", "armour",
];

/// What an entry says about the item (or about the modifier, for `also` tables).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Props {
    pub category: Option<Category>,
    pub kind: Option<String>,
    pub charges: Option<Expr>,
    /// Valuables: what one is worth, in gold pieces, a dice formula (`3d6*100`).
    pub value: Option<Expr>,
    pub count: Option<Expr>,
    pub consumable: Option<bool>,
    pub duration: Option<Expr>,
    pub initiative: Option<i32>,
    pub level: Option<u32>,
    pub bonus: Option<i32>,
    pub cursed: Option<bool>,
    /// Cursed armour that tests as this bonus until used in combat (OSE).
    pub seems: Option<i32>,
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
    /// Books: the classes or abilities it bears on most.
    pub bears_on: Option<Vec<crate::item::Bearing>>,
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
            value,
            count,
            consumable,
            duration,
            initiative,
            level,
            bonus,
            cursed,
            seems,
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
            bears_on,
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

/// The tables shipped in `tables/`, embedded at build time: (file name, text).
static SHIPPED: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/shipped_tables.rs"));

/// The shipped tables as (shown path, text), ready for [`Tables::parse`].
pub fn shipped() -> Vec<(String, String)> {
    SHIPPED
        .iter()
        .map(|(name, text)| (format!("tables/{name}"), (*text).to_string()))
        .collect()
}

/// The shipped treasure types of `name` (`treasure-ose`), read once: what a roll recorded on
/// the shipped tables is held to.
pub fn shipped_treasures(name: &str) -> Option<&'static Treasures> {
    static READ: std::sync::OnceLock<BTreeMap<String, Treasures>> = std::sync::OnceLock::new();
    READ.get_or_init(|| {
        SHIPPED
            .iter()
            .filter(|(_, text)| treasures::is_treasure_file(text))
            .filter_map(|(file, text)| treasures::parse(&format!("tables/{file}"), text).ok())
            .map(|t| (t.name.clone(), t))
            .collect()
    })
    .get(name)
}

impl Tables {
    /// Parse and check a set of table files, given as (shown path, text). Every problem of
    /// every file is reported, not just the first.
    pub fn parse(files: &[(String, String)]) -> Result<Tables, Vec<TableError>> {
        let mut errors = Vec::new();
        let mut tables = BTreeMap::new();
        let mut treasures = BTreeMap::new();
        let mut equipment = BTreeMap::new();
        for (file, text) in files {
            if equipment::is_equipment_file(text) {
                match equipment::parse(file, text) {
                    Ok(e) => {
                        equipment.insert(e.name.clone(), e);
                    }
                    Err(mut e) => errors.append(&mut e),
                }
                continue;
            }
            if treasures::is_treasure_file(text) {
                match treasures::parse(file, text) {
                    Ok(t) => {
                        treasures.insert(t.name.clone(), t);
                    }
                    Err(mut e) => errors.append(&mut e),
                }
                continue;
            }
            match parse_table(file, text) {
                Ok(table) => {
                    if let Some(previous) = tables.insert(table.name.clone(), table) {
                        errors.push(TableError {
                            file: file.clone(),
                            fault: TableFault::DefinedTwice {
                                name: previous.name,
                                also_in: previous.file,
                            },
                        });
                    }
                }
                Err(mut e) => errors.append(&mut e),
            }
        }
        let tables = Tables {
            tables,
            treasures,
            equipment,
        };
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

    /// Every file of treasure types.
    pub fn all_treasures(&self) -> impl Iterator<Item = &Treasures> {
        self.treasures.values()
    }

    /// The treasure types of file `name` (`treasure-ose`).
    pub fn treasures(&self, name: &str) -> Option<&Treasures> {
        self.treasures.get(name)
    }

    /// Every price list.
    pub fn all_equipment(&self) -> impl Iterator<Item = &Equipment> {
        self.equipment.values()
    }

    /// The price list of file `name` (`equipment-ose`).
    pub fn equipment(&self, name: &str) -> Option<&Equipment> {
        self.equipment.get(name)
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
                            fault: TableFault::MissingTable {
                                roll: entry.roll.clone(),
                                target: target.clone(),
                            },
                        });
                    }
                }
            }
        }
        for treasures in self.treasures.values() {
            for (kind, part, target) in treasures.references() {
                if !self.tables.contains_key(target) {
                    errors.push(TableError {
                        file: treasures.file.clone(),
                        fault: TableFault::Treasure {
                            kind: kind.to_string(),
                            part,
                            fault: PartFault::NoTable(target.clone()),
                        },
                    });
                }
            }
        }
        if errors.is_empty() {
            for table in self.tables.values() {
                if let Some(path) = self.cycle_from(&table.name, &mut Vec::new()) {
                    errors.push(TableError {
                        file: table.file.clone(),
                        fault: TableFault::Loop { path },
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

/// The `{name}` placeholders in an item name.
pub fn placeholders(text: &str) -> impl Iterator<Item = &str> {
    text.split('{')
        .skip(1)
        .filter_map(|part| part.split_once('}').map(|(name, _)| name))
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

    fn errors(files: &[(String, String)]) -> Vec<(String, TableFault)> {
        match Tables::parse(files) {
            Ok(_) => vec![],
            Err(e) => e.into_iter().map(|e| (e.file, e.fault)).collect(),
        }
    }

    /// The one fault of one file.
    fn fault(files: &[(String, String)]) -> TableFault {
        let mut found = errors(files);
        assert_eq!(found.len(), 1, "{found:?}");
        found.remove(0).1
    }

    const D6: &str = "die = \"d6\"\n[[entry]]\nroll = \"1-3\"\nname = \"a\"\nfr = \"a\"\n[[entry]]\nroll = \"4-6\"\nname = \"b\"\nfr = \"b\"\n";

    #[test]
    fn a_well_covered_table_loads_and_rolls() {
        let tables = Tables::parse(&[file("t", D6)]).unwrap();
        let t = tables.get("t").unwrap();
        assert_eq!(t.entry_for(3).unwrap().name, "a");
        assert_eq!(t.entry_for(4).unwrap().name, "b");
        let mut dice = crate::dice::scripted::Scripted::new(&[5]);
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
            [(
                "tables/languages.toml".to_string(),
                TableFault::Overlap {
                    band: None,
                    first: "86-95".into(),
                    second: "95-99".into(),
                    at: 95
                }
            )]
        );
    }

    #[test]
    fn a_gap_is_refused_with_its_faces() {
        let body = "die = \"d100\"\n\
            [[entry]]\nroll = \"01-30\"\nname = \"f\"\nfr = \"f\"\n\
            [[entry]]\nroll = \"71-00\"\nname = \"r\"\nfr = \"r\"\n";
        assert_eq!(
            fault(&[file("failure", body)]),
            TableFault::Gap {
                band: None,
                from: 31,
                to: 70,
                before: Some("01-30".into()),
                after: Some("71-00".into())
            }
        );
        let short = "die = \"d20\"\n[[entry]]\nroll = \"1-19\"\nname = \"a\"\nfr = \"a\"\n";
        assert_eq!(
            fault(&[file("short", short)]),
            TableFault::Gap {
                band: None,
                from: 20,
                to: 20,
                before: Some("1-19".into()),
                after: None
            }
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
        let mut dice = crate::dice::scripted::Scripted::new(&[40, 40]);
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
            fault(&[file("fail", &seed)]),
            TableFault::Gap {
                band: Some("4+".into()),
                from: 31,
                to: 70,
                before: Some("01-30".into()),
                after: Some("71-00".into())
            }
        );
        let hole = format!(
            "die = \"d100\"\nkey = \"gap\"\n{}{}",
            band("1-3", "95"),
            band("5+", "30")
        );
        assert_eq!(
            fault(&[file("fail", &hole)]),
            TableFault::BandStart {
                when: "5+".into(),
                at: 4
            }
        );
    }

    #[test]
    fn references_formulas_and_fields_are_checked() {
        let body = "die = \"d6\"\n[defaults]\ncharges = \"2d\"\n[[entry]]\nroll = \"1-6\"\nname = \"a\"\nfr = \"a\"\ntable = \"nowhere\"\n";
        assert!(
            matches!(
                &errors(&[file("t", body)])[0].1,
                TableFault::Defaults(PropFault::Formula { field: "charges", error })
                    if error.expr == "2d"
            ),
            "the formula's fault, in [defaults]"
        );
        let body = "die = \"d6\"\n[[entry]]\nroll = \"1-6\"\nname = \"a\"\nfr = \"a\"\ntable = \"nowhere\"\n";
        assert_eq!(
            errors(&[file("t", body)]),
            [(
                "tables/t.toml".to_string(),
                TableFault::MissingTable {
                    roll: "1-6".into(),
                    target: "nowhere".into()
                }
            )]
        );
        let body =
            "die = \"d6\"\n[[entry]]\nroll = \"1-6\"\nname = \"a\"\nfr = \"a\"\ncolour = \"red\"\n";
        assert!(matches!(
            fault(&[file("t", body)]),
            TableFault::Toml { line: Some(_), message } if message.contains("unknown field `colour`")
        ));
        let body = "die = \"d6\"\n[[entry]]\nroll = \"1-7\"\nname = \"a\"\nfr = \"a\"\n";
        assert_eq!(
            fault(&[file("t", body)]),
            TableFault::Entry {
                band: None,
                entry: EntryAt::Roll("1-7".into()),
                fault: Box::new(EntryFault::OutsideDie {
                    roll: "1-7".into(),
                    die: Expr::dice(1, 6)
                })
            }
        );
        let body = "die = \"d6\"\n[[entry]]\nname = \"a\"\nfr = \"a\"\n";
        assert_eq!(
            fault(&[file("t", body)]),
            TableFault::Entry {
                band: None,
                entry: EntryAt::Nth(1),
                fault: Box::new(EntryFault::NoRoll)
            }
        );
        let body = "die = \"d6\"\n[[entry]]\nroll = \"1-6\"\nname = \"a\"\nfr = \"a\"\ncaster = \"druid\"\n";
        assert_eq!(
            fault(&[file("t", body)]),
            TableFault::Entry {
                band: None,
                entry: EntryAt::Roll("1-6".into()),
                fault: Box::new(EntryFault::Prop(PropFault::NotOneOf {
                    field: "caster",
                    value: "druid".into(),
                    allowed: &["wizard", "priest"]
                }))
            }
        );
        assert_eq!(
            fault(
                &[file("u", D6)]
                    .iter()
                    .map(|(_, t)| ("tables/v.toml".to_string(), t.clone()))
                    .collect::<Vec<_>>()
            ),
            TableFault::NameMismatch {
                name: "u".into(),
                stem: "v".into()
            }
        );
    }

    #[test]
    fn signposts_may_not_loop() {
        let a =
            "die = \"d6\"\n[[entry]]\nroll = \"1-6\"\nname = \"a\"\nfr = \"a\"\ntable = \"b\"\n";
        let b =
            "die = \"d6\"\n[[entry]]\nroll = \"1-6\"\nname = \"b\"\nfr = \"b\"\ntable = \"a\"\n";
        assert_eq!(
            fault(&[file("a", a), file("b", b)]),
            TableFault::Loop {
                path: vec!["a".into(), "b".into(), "a".into()]
            }
        );
    }
}
