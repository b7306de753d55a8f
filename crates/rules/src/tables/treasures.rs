//! Treasure types as the files of `tables/` give them (`treasure-ose.toml`,
//! `treasure-adnd.toml`, each with `[[type]]`): the model of a type — its parts, each a chance
//! and what it holds — and the reading and checking of such a file, part by part. The tables
//! loader reads them beside the random tables they roll on ([`super::Tables::treasures`]);
//! rolling a type is `treasure`'s.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::schema::{self, parse_band};
use super::{RangeFault, TableError, TableFault};
use crate::coins::Denomination;
use crate::dice::{DiceError, Expr};

/// The treasure types of one game, as a file of `tables/` gives them.
#[derive(Debug, Clone)]
pub struct Treasures {
    pub name: String,
    pub title: String,
    pub title_fr: String,
    pub version: u32,
    pub source: String,
    pub notes: String,
    pub file: String,
    /// Lettered types (`A` … `V`).
    pub types: Vec<Kind>,
    /// Unguarded treasure by dungeon level, where the game gives it.
    pub levels: Vec<Kind>,
}

/// One treasure type, or the unguarded treasure of a span of dungeon levels.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Kind {
    /// The letter, or the levels as written (`2-3`, `10+`).
    pub key: String,
    /// For unguarded treasure: the levels it covers (`None` above: open-ended).
    #[serde(skip)]
    pub span: Option<(u32, Option<u32>)>,
    /// `lair`, `individual` (per creature) or `group` (per group), for lettered types.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<Group>,
    pub parts: Vec<Part>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Group {
    /// A monster's whole hoard, in its lair (OSE's A–O).
    Lair,
    /// What each creature carries (OSE's P–T): one roll per creature.
    Individual,
    /// What a group carries between them (OSE's U–V, « Group Treasure »: "The group carries
    /// this much treasure between them"): one roll per group, whatever its size.
    Group,
}

/// One line of a type: its chance in percent (100: always there) and what it holds.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Part {
    pub chance: u8,
    #[serde(flatten)]
    pub holds: Holds,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "holds", rename_all = "snake_case")]
pub enum Holds {
    /// Coins: `amount` of one denomination, or of one of several chosen by a die (AD&D's
    /// « platinum or electrum »).
    Coins {
        coins: Vec<Denomination>,
        #[serde(serialize_with = "crate::dice::as_text")]
        amount: Expr,
    },
    /// `amount` valuables, each made from `table` (gems, jewellery, art objects).
    Valuables {
        table: String,
        #[serde(serialize_with = "crate::dice::as_text")]
        amount: Expr,
    },
    /// Magic items, each lot made from its table.
    Magic { lots: Vec<Lot> },
}

/// `count` magic items from `table`; an item whose making rolls on a table of `except` (or
/// on none of `only`, when given) is made again: « any 3 except weapons », « 1 sword, armour
/// or weapon ».
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Lot {
    pub table: String,
    #[serde(serialize_with = "crate::dice::as_text")]
    pub count: Expr,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub except: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub only: Vec<String>,
}

impl Treasures {
    /// The lettered type `letter` (either case).
    pub fn kind(&self, letter: &str) -> Option<&Kind> {
        self.types
            .iter()
            .find(|k| k.key.eq_ignore_ascii_case(letter))
    }

    /// The unguarded treasure of dungeon level `level`.
    pub fn level(&self, level: u32) -> Option<&Kind> {
        self.levels.iter().find(|k| {
            k.span
                .is_some_and(|(lo, hi)| level >= lo && hi.is_none_or(|hi| level <= hi))
        })
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTreasures {
    name: String,
    title: String,
    title_fr: String,
    version: u32,
    source: String,
    notes: String,
    #[serde(rename = "type")]
    types: Vec<RawKind>,
    #[serde(default, rename = "level")]
    levels: Vec<RawKind>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawKind {
    letter: Option<String>,
    levels: Option<String>,
    group: Option<Group>,
    #[serde(rename = "part")]
    parts: Vec<RawPart>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPart {
    #[serde(default = "always")]
    chance: u8,
    coins: Option<Vec<String>>,
    valuables: Option<String>,
    amount: Option<String>,
    magic: Option<Vec<RawLot>>,
}

fn always() -> u8 {
    100
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLot {
    table: String,
    count: String,
    #[serde(default)]
    except: Vec<String>,
    #[serde(default)]
    only: Vec<String>,
}

/// What is wrong with one part of a type (`kind` names the type, `part` counts from 1).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "fault", content = "with", rename_all = "snake_case")]
pub enum PartFault {
    /// Not exactly one of coins, valuables and magic.
    OneHolding,
    /// A chance outside 1–100.
    Chance(u8),
    /// A coin that is none of cp, sp, ep, gp, pp.
    Coin(String),
    /// Coins or valuables without an amount, or magic with one.
    Amount,
    Formula(DiceError),
    /// The same letter or levels twice.
    Twice,
    /// A type with neither a letter nor levels, or both; a letter with no group, or levels
    /// with one.
    Key,
    Levels(RangeFault),
    /// It rolls on a table that does not exist.
    NoTable(String),
}

/// A file holds treasure types when it has `[[type]]`: the tables loader hands it here.
pub fn is_treasure_file(text: &str) -> bool {
    text.parse::<toml::Table>()
        .is_ok_and(|t| t.contains_key("type"))
}

pub(crate) fn parse(file: &str, text: &str) -> Result<Treasures, Vec<TableError>> {
    let error = |fault: TableFault| TableError {
        file: file.to_string(),
        fault,
    };
    let raw: RawTreasures =
        schema::read(file, text, |r: &RawTreasures| &r.name).map_err(|fault| vec![error(fault)])?;
    let mut errors = Vec::new();
    let mut seen = BTreeSet::new();
    let mut read = |raws: Vec<RawKind>, lettered: bool, errors: &mut Vec<TableError>| {
        let mut kinds = Vec::new();
        for raw in raws {
            let key = raw
                .letter
                .clone()
                .or(raw.levels.clone())
                .unwrap_or_default();
            let fault = |part: usize, fault: PartFault| {
                error(TableFault::Treasure {
                    kind: key.clone(),
                    part,
                    fault,
                })
            };
            match kind(raw, lettered) {
                Ok(kind) if !seen.insert(kind.key.to_ascii_uppercase()) => {
                    errors.push(fault(0, PartFault::Twice))
                }
                Ok(kind) => kinds.push(kind),
                Err((part, f)) => errors.push(fault(part, f)),
            }
        }
        kinds
    };
    let types = read(raw.types, true, &mut errors);
    let levels = read(raw.levels, false, &mut errors);
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Treasures {
        name: raw.name,
        title: raw.title,
        title_fr: raw.title_fr,
        version: raw.version,
        source: raw.source,
        notes: raw.notes,
        file: file.to_string(),
        types,
        levels,
    })
}

fn kind(raw: RawKind, lettered: bool) -> Result<Kind, (usize, PartFault)> {
    let span = match (&raw.letter, &raw.levels, raw.group, lettered) {
        (Some(_), None, Some(_), true) => None,
        (None, Some(levels), None, false) => {
            Some(parse_span(levels).map_err(|f| (0, PartFault::Levels(f)))?)
        }
        _ => return Err((0, PartFault::Key)),
    };
    let mut parts = Vec::new();
    for (i, raw) in raw.parts.into_iter().enumerate() {
        parts.push(part(raw).map_err(|f| (i + 1, f))?);
    }
    Ok(Kind {
        key: raw.letter.or(raw.levels).unwrap_or_default(),
        span,
        group: raw.group,
        parts,
    })
}

fn part(raw: RawPart) -> Result<Part, PartFault> {
    if !(1..=100).contains(&raw.chance) {
        return Err(PartFault::Chance(raw.chance));
    }
    let formula = |text: &str| Expr::parse(text).map_err(PartFault::Formula);
    let holds = match (raw.coins, raw.valuables, raw.magic, raw.amount) {
        (Some(coins), None, None, Some(amount)) if !coins.is_empty() => Holds::Coins {
            coins: coins
                .iter()
                .map(|c| Denomination::parse(c).ok_or_else(|| PartFault::Coin(c.clone())))
                .collect::<Result<_, _>>()?,
            amount: formula(&amount)?,
        },
        (None, Some(table), None, Some(amount)) => Holds::Valuables {
            table,
            amount: formula(&amount)?,
        },
        (None, None, Some(lots), None) if !lots.is_empty() => Holds::Magic {
            lots: lots
                .into_iter()
                .map(|l| {
                    Ok(Lot {
                        table: l.table,
                        count: formula(&l.count)?,
                        except: l.except,
                        only: l.only,
                    })
                })
                .collect::<Result<_, PartFault>>()?,
        },
        (Some(_), None, None, None)
        | (None, Some(_), None, None)
        | (None, None, Some(_), Some(_)) => {
            return Err(PartFault::Amount);
        }
        _ => return Err(PartFault::OneHolding),
    };
    Ok(Part {
        chance: raw.chance,
        holds,
    })
}

impl Treasures {
    /// Every table the types roll on, with the type and part (from 1) that names it, for the
    /// loader's check that each exists.
    pub fn references(&self) -> Vec<(&str, usize, &String)> {
        let mut named = Vec::new();
        for kind in self.types.iter().chain(&self.levels) {
            for (i, part) in kind.parts.iter().enumerate() {
                let tables: Vec<&String> = match &part.holds {
                    Holds::Coins { .. } => Vec::new(),
                    Holds::Valuables { table, .. } => vec![table],
                    Holds::Magic { lots } => lots
                        .iter()
                        .flat_map(|l| std::iter::once(&l.table).chain(&l.except).chain(&l.only))
                        .collect(),
                };
                named.extend(tables.into_iter().map(|t| (kind.key.as_str(), i + 1, t)));
            }
        }
        named
    }
}

/// A span of numbers as a band's `when` writes it (`2-3`, `10+`), for unguarded treasure's
/// dungeon levels.
fn parse_span(text: &str) -> Result<(u32, Option<u32>), RangeFault> {
    let (lo, hi) = parse_band(text)?;
    let fits = |n: i64| u32::try_from(n).map_err(|_| RangeFault::When { text: text.into() });
    Ok((fits(lo)?, hi.map(fits).transpose()?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::Tables;

    fn shipped() -> Tables {
        Tables::parse(&crate::tables::shipped()).expect("the shipped tables load")
    }

    /// OSE, Treasure Types: « Hoards: A–O », « Individual Treasure: P–T », « Group Treasure:
    /// U–V »: "The group carries this much treasure between them."
    #[test]
    fn ose_types_are_lairs_individuals_and_groups_as_the_book_heads_them() {
        let tables = shipped();
        let ose = tables.treasures("treasure-ose").unwrap();
        let group = |letter: &str| ose.kind(letter).unwrap().group;
        assert_eq!(group("O"), Some(Group::Lair));
        assert_eq!(group("P"), Some(Group::Individual));
        assert_eq!(group("T"), Some(Group::Individual));
        assert_eq!(group("U"), Some(Group::Group));
        assert_eq!(group("V"), Some(Group::Group));
    }

    #[test]
    fn unguarded_treasure_goes_by_dungeon_level() {
        let tables = shipped();
        let ose = tables.treasures("treasure-ose").unwrap();
        assert_eq!(ose.level(1).unwrap().key, "1");
        assert_eq!(ose.level(3).unwrap().key, "2-3");
        for (level, span) in [
            (2, "2-3"),
            (4, "4-5"),
            (5, "4-5"),
            (6, "6-7"),
            (7, "6-7"),
            (8, "8+"),
        ] {
            assert_eq!(ose.level(level).unwrap().key, span, "level {level}");
        }
        assert_eq!(ose.level(14).unwrap().key, "8+");
        assert!(ose.level(0).is_none());
        assert!(tables.treasures("treasure-adnd").unwrap().levels.is_empty());
    }

    fn faults(text: &str) -> Vec<TableFault> {
        let header = "name = \"treasure-x\"\ntitle = \"t\"\ntitle_fr = \"t\"\nversion = 1\nsource = \"s\"\nnotes = \"n\"\n";
        match parse("tables/treasure-x.toml", &format!("{header}{text}")) {
            Ok(_) => vec![],
            Err(e) => e.into_iter().map(|e| e.fault).collect(),
        }
    }

    #[test]
    fn a_treasure_file_is_checked_part_by_part() {
        let fault = |kind: &str, part, fault| TableFault::Treasure {
            kind: kind.into(),
            part,
            fault,
        };
        let good = "[[type]]\nletter = \"A\"\ngroup = \"lair\"\n[[type.part]]\ncoins = [\"gp\"]\namount = \"1d6\"\n";
        assert_eq!(faults(good), vec![]);
        assert_eq!(
            faults(&good.replace("\"gp\"", "\"zp\"")),
            [fault("A", 1, PartFault::Coin("zp".into()))]
        );
        assert_eq!(
            faults(&good.replace("amount = \"1d6\"\n", "chance = 0\namount = \"1d6\"\n")),
            [fault("A", 1, PartFault::Chance(0))]
        );
        assert_eq!(
            faults(&good.replace("amount = \"1d6\"\n", "")),
            [fault("A", 1, PartFault::Amount)]
        );
        assert_eq!(
            faults(&good.replace("group = \"lair\"\n", "")),
            [fault("A", 0, PartFault::Key)]
        );
        assert_eq!(
            faults(&format!("{good}{good}")),
            [fault("A", 0, PartFault::Twice)]
        );
        assert!(matches!(
            &faults(&good.replace("1d6", "1d"))[..],
            [TableFault::Treasure {
                fault: PartFault::Formula(_),
                ..
            }]
        ));
        assert!(matches!(
            &faults(&good.replace("group", "colour"))[..],
            [TableFault::Toml { .. }]
        ));
    }

    #[test]
    fn a_missing_table_is_named_by_the_loader() {
        let mut files = crate::tables::shipped();
        let (_, text) = files
            .iter_mut()
            .find(|(f, _)| f.ends_with("treasure-ose.toml"))
            .unwrap();
        *text = text.replace("\"gems-ose\"", "\"gems-nowhere\"");
        let errors = Tables::parse(&files).unwrap_err();
        assert!(errors.iter().all(|e| matches!(
            &e.fault,
            TableFault::Treasure { fault: PartFault::NoTable(t), .. } if t == "gems-nowhere"
        )));
        assert!(!errors.is_empty());
    }
}
