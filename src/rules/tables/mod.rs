//! Random tables as data: the model of a table (its die, ranges, bands and what each entry
//! says) and a roll on it. Reading the TOML format of `tables/` (documented in
//! `tables/README.md`) is [`schema`]'s job, and the checks that make a table trustworthy —
//! every face of its die covered exactly once — are [`coverage`]'s; this module adds the
//! checks across tables: every table pointed to present, no signpost loop.
//!
//! Parsing takes file contents, not paths, so this stays pure; the shipped tables are embedded
//! in the binary and a referee's folder is read by the application layer.

mod coverage;
mod schema;

use std::collections::{BTreeMap, BTreeSet};

use serde::Deserialize;

use crate::rules::alignment::Alignment;
use crate::rules::dice::{Dice, Expr, Roll};
use crate::rules::item::Category;
use crate::tr;
use schema::parse_table;

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

/// The tables shipped in `tables/`, embedded at build time: (file name, text).
static SHIPPED: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/shipped_tables.rs"));

/// The shipped tables as (shown path, text), ready for [`Tables::parse`].
pub fn shipped() -> Vec<(String, String)> {
    SHIPPED
        .iter()
        .map(|(name, text)| (format!("tables/{name}"), (*text).to_string()))
        .collect()
}

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
