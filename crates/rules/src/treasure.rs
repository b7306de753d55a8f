//! Treasure types: a hoard rolled whole — coins by denomination, gems, jewellery and magic
//! items — as the books' lettered tables give it (Old-School Essentials Classic Fantasy: Rules
//! Tome, *Treasure Types* and *Unguarded Treasure*; AD&D 2nd edition Dungeon Master Guide,
//! Table 84, *Treasure Types*). Each part rolls its own chance (d100 under the listed
//! percentage) and, when present, its own amount; a gem or a piece of jewellery is an item
//! made from its value table, a magic item one made from the magic-item tables, so a sword
//! still becomes sentient by its procedure.
//!
//! The types are data, in `tables/treasure-*.toml`, read and checked by the tables loader
//! with the tables they roll on (`tables::treasures`); what the rolls found is returned as
//! data for the ledger to record and the view to word.

use serde::{Deserialize, Serialize};

use crate::armor_kind::Edition;
use crate::coins::Coins;
use crate::dice::{Dice, Expr, Roll};
use crate::generate::{self, GenFault, Made, REROLL_LIMIT, Sentient};
use crate::magic::Magic;
use crate::tables::Tables;
use crate::tables::treasures::{Holds, Kind, Lot, Part};

/// Rolling one of OSE's treasure types. Stated for `hoard explain`.
pub const ROLLING_OSE: crate::statement::Statement = crate::statement::Statement {
    en: "Treasure types (Old-School Essentials Classic Fantasy, Rules Tome, Treasure Types): each part of the type is present when d100 rolls at most its chance, and each part present rolls its own amount; gems and jewellery are valued each by their table, magic items made from the campaign's magic-item tables (in a campaign of OSE's magic items, the book's Magic Items (General) and each category's table, in the party's column).",
    fr: "Types de trésor (Old-School Essentials Classic Fantasy, Rules Tome, types de trésor) : chaque partie du type est présente quand le d100 fait au plus sa chance, et chaque partie présente tire sa propre quantité ; gemmes et bijoux sont estimés chacun par leur table, les objets magiques tirés des tables d'objets magiques de la campagne (dans une campagne des objets magiques d'OSE, celles du livre, objets magiques en général et la table de chaque catégorie, dans la colonne du groupe).",
};

/// Rolling one of AD&D's treasure types. Stated for `hoard explain`.
pub const ROLLING_ADND: crate::statement::Statement = crate::statement::Statement {
    en: "Treasure types (AD&D 2e DMG, Table 84): each part of the type is present when d100 rolls at most its chance, and each part present rolls its own amount; gems and objects of art are valued each by their table, magic items made from the campaign's magic-item tables (the DMG's Table 88 and each category's, or OSE's in a campaign of OSE's magic items).",
    fr: "Types de trésor (Guide du maître d'AD&D 2e, table 84) : chaque partie du type est présente quand le d100 fait au plus sa chance, et chaque partie présente tire sa propre quantité ; gemmes et objets d'art sont estimés chacun par leur table, les objets magiques tirés des tables d'objets magiques de la campagne (la table 88 du Guide et celle de chaque catégorie, ou celles d'OSE dans une campagne des objets magiques d'OSE).",
};

/// The percent of its worth a piece of jewellery (or an object of art) keeps once damaged:
/// OSE Rules Tome, *Treasure*, jewellery — rough treatment (crushing, fire, lightning)
/// damages a piece, devaluing it by 50 %.
pub const DAMAGED_PERCENT: u8 = 50;

/// Why a valuable cannot be damaged (worded by the edge).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Undamageable {
    /// Not jewellery nor art: a gem or another valuable has no such rule, a magic item none.
    NotJewellery,
    /// Damaged already: the rule devalues a piece once.
    AlreadyDamaged,
    /// Gone (sold, lost): nothing left to damage.
    Gone,
}

/// What `item` is worth once damaged: half its worth, rounded down to the copper.
pub fn damaged(item: &crate::item::Item) -> Result<Coins, Undamageable> {
    let jewellery = matches!(item.identity.kind.as_deref(), Some("jewelry" | "art"));
    let value = item
        .identity
        .value
        .filter(|_| jewellery)
        .ok_or(Undamageable::NotJewellery)?;
    if item.identity.damaged {
        return Err(Undamageable::AlreadyDamaged);
    }
    if item.is_gone() {
        return Err(Undamageable::Gone);
    }
    Ok(crate::sale::price(&value, DAMAGED_PERCENT))
}

/// Whose treasure types a campaign rolls (`campaign set treasure`): Old-School Essentials'
/// (the default) or AD&D 2nd edition's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum System {
    #[default]
    Ose,
    Adnd,
}

impl System {
    /// The file of `tables/` that holds its types.
    pub fn table(self) -> &'static str {
        match self {
            System::Ose => "treasure-ose",
            System::Adnd => "treasure-adnd",
        }
    }

    /// The system whose types `table` (a `treasure_rolled` event's) holds: AD&D's for its own
    /// file, else OSE's.
    pub fn of_table(table: &str) -> System {
        match table {
            "treasure-adnd" => System::Adnd,
            _ => System::Ose,
        }
    }

    /// How its types are rolled, citing its book.
    pub fn rolling(self) -> crate::statement::Statement {
        match self {
            System::Ose => ROLLING_OSE,
            System::Adnd => ROLLING_ADND,
        }
    }

    /// The edition whose tables the campaign's game reads beyond treasure: the armour an
    /// export hands to OSE's Foundry system protects as this edition's table says.
    pub fn edition(self) -> Edition {
        match self {
            System::Ose => Edition::Ose,
            System::Adnd => Edition::Adnd,
        }
    }
}

/// What one part's rolls found: the chance roll (none when always there), whether it is
/// there, then its amount — the die that chose the coin, the coins, or how many items.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Found {
    /// Which roll of the type (1 … `--count`).
    pub n: u32,
    /// The part's place in its type (0 for the first).
    pub part: u32,
    pub chance: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chance_roll: Option<Roll>,
    pub present: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub choice: Option<Roll>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub amounts: Vec<Roll>,
    #[serde(default, skip_serializing_if = "Coins::is_zero")]
    pub coins: Coins,
    /// How many items this part made (they follow as items of their own).
    #[serde(default)]
    pub items: u32,
}

/// A whole roll: every part's rolls, the coins in all, and the items made, in order.
#[derive(Debug, Clone)]
pub struct Hoard {
    pub found: Vec<Found>,
    pub coins: Coins,
    pub items: Vec<Made>,
}

/// The most rolls of a type one `treasure roll` makes: a horde of a thousand creatures.
pub const MAX_COUNT: u32 = 1_000;

/// What a treasure roll's dice gave: the coins in all and how many items — what its
/// consequences must bring, no more.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Gave {
    pub coins: Coins,
    pub items: u32,
}

/// Why a recorded treasure roll is not one [`roll`] makes (worded by the edge). `n` counts the
/// rolls from 1, `part` the type's parts from 0.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "fault", rename_all = "snake_case")]
pub enum RollFault {
    /// Rolled no times, or more than [`MAX_COUNT`].
    Count { count: u32, max: u32 },
    /// The parts found are not every roll's every part, in order: the first out of place.
    Parts { n: u32, part: u32 },
    /// A part there that its d100 missed, missed that it met, or found when missed.
    Chance { n: u32, part: u32 },
    /// A part whose coins or items are not what its dice gave.
    Amount { n: u32, part: u32 },
    /// A part that is not the type's own as its table gives it: another chance, other coins,
    /// other dice.
    NotTheType { n: u32, part: u32 },
    /// More coins than can be counted.
    Overflow,
}

/// Hold a recorded treasure roll to what [`roll`] makes of `kind` rolled `count` times, and
/// say what its dice gave. `kind` is the type as the table the roll names gives it, when that
/// table is known (the shipped one, of the version recorded); `None` for a referee's edited
/// table, whose lines are not in the ledger: then the shape is held (every part of every roll
/// in order, each there exactly when its d100 is at most its chance, its coins and items what
/// its own dice gave), not the chances and dice themselves.
pub fn gave(found: &[Found], count: u32, kind: Option<&Kind>) -> Result<Gave, RollFault> {
    if count == 0 || count > MAX_COUNT {
        return Err(RollFault::Count {
            count,
            max: MAX_COUNT,
        });
    }
    // Each roll has every part of the type, in order: as many as the type has, or as the first
    // roll has when the type is not known.
    let parts = match kind {
        Some(kind) => kind.parts.len(),
        None => found.iter().take_while(|f| f.n == 1).count(),
    }
    .max(1);
    let expected = |i: usize| (i / parts + 1, i % parts);
    for (i, f) in found.iter().enumerate() {
        if (f.n as usize, f.part as usize) != expected(i) {
            let (n, part) = expected(i);
            return Err(RollFault::Parts {
                n: n as u32,
                part: part as u32,
            });
        }
    }
    if found.len() != count as usize * parts {
        let (n, part) = expected(found.len());
        return Err(RollFault::Parts {
            n: n as u32,
            part: part as u32,
        });
    }
    let mut gave = Gave::default();
    for f in found {
        let (n, part) = (f.n, f.part);
        let rule = match kind {
            Some(k) => Some(
                k.parts
                    .get(part as usize)
                    .ok_or(RollFault::NotTheType { n, part })?,
            ),
            None => None,
        };
        if rule.is_some_and(|r| r.chance != f.chance) {
            return Err(RollFault::NotTheType { n, part });
        }
        if !chance_held(f) {
            return Err(RollFault::Chance { n, part });
        }
        if !f.present {
            continue;
        }
        let made = match rule {
            Some(rule) => made_by(f, &rule.holds).ok_or(RollFault::NotTheType { n, part })?,
            None => made_as_recorded(f).ok_or(RollFault::Amount { n, part })?,
        };
        if made.coins != f.coins || made.items != f.items {
            return Err(RollFault::Amount { n, part });
        }
        gave.coins = gave
            .coins
            .checked_add(&made.coins, i64::MAX)
            .map_err(|_| RollFault::Overflow)?;
        gave.items = gave
            .items
            .checked_add(made.items)
            .ok_or(RollFault::Overflow)?;
    }
    Ok(gave)
}

/// A part is there exactly when its d100 is at most its chance (a part always there rolls
/// none), and a part missed found nothing.
fn chance_held(f: &Found) -> bool {
    let rolled = match &f.chance_roll {
        Some(roll) => {
            roll.expr == Expr::dice(1, 100).to_string()
                && (1..100).contains(&f.chance)
                && f.present == (roll.total <= i64::from(f.chance))
        }
        None => f.chance >= 100 && f.present,
    };
    let nothing = f.choice.is_none() && f.amounts.is_empty() && f.coins.is_zero() && f.items == 0;
    rolled && (f.present || nothing)
}

/// What a part present made by its holding's own dice: the coin its choice die picked, as
/// many as its amount; or as many items as its amounts. `None` when its dice are not the
/// holding's (another formula, a choice where there is one coin).
fn made_by(f: &Found, holds: &Holds) -> Option<Gave> {
    let rolled = |rolls: &[Roll], exprs: &[&Expr]| {
        rolls.len() == exprs.len()
            && rolls
                .iter()
                .zip(exprs)
                .all(|(r, e)| r.expr == e.to_string())
    };
    match holds {
        Holds::Coins { coins, amount } => {
            let coin = match (coins.as_slice(), &f.choice) {
                ([one], None) => *one,
                (several, Some(choice)) if several.len() > 1 => {
                    let die = Expr::dice(1, several.len() as u32).to_string();
                    let i = usize::try_from(choice.total - 1).ok()?;
                    (choice.expr == die).then_some(())?;
                    *several.get(i)?
                }
                _ => return None,
            };
            rolled(&f.amounts, &[amount]).then(|| Gave {
                coins: Coins::of(coin, f.amounts[0].total.max(0)),
                items: 0,
            })
        }
        Holds::Valuables { amount, .. } => (f.choice.is_none() && rolled(&f.amounts, &[amount]))
            .then(|| Gave {
                coins: Coins::default(),
                items: count(&f.amounts),
            }),
        Holds::Magic { lots } => {
            let exprs: Vec<&Expr> = lots.iter().map(|l| &l.count).collect();
            (f.choice.is_none() && rolled(&f.amounts, &exprs)).then(|| Gave {
                coins: Coins::default(),
                items: count(&f.amounts),
            })
        }
    }
}

/// What a part present made by its own dice when its type's lines are not known: coins of one
/// denomination, as many as its one amount (the coin its choice die, if any, picked cannot be
/// told), or as many items as its amounts.
fn made_as_recorded(f: &Found) -> Option<Gave> {
    let held: Vec<_> = f.coins.held().collect();
    match held.as_slice() {
        [(coin, _)] => (f.amounts.len() == 1 && f.items == 0).then(|| Gave {
            coins: Coins::of(*coin, f.amounts[0].total.max(0)),
            items: 0,
        }),
        [] => Some(Gave {
            coins: Coins::default(),
            items: count(&f.amounts),
        }),
        _ => None,
    }
}

/// As many items as rolls' totals, none below zero.
fn count(rolls: &[Roll]) -> u32 {
    rolls
        .iter()
        .map(|r| u32::try_from(r.total.max(0)).unwrap_or(u32::MAX))
        .fold(0, u32::saturating_add)
}

/// Why a type cannot be rolled (worded by the edge).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TreasureFault {
    /// The tables make an item they cannot finish.
    Generation(GenFault),
    /// A lot's `except`/`only` kept refusing what its table made.
    NeverAccepted { table: String },
}

/// Roll `kind` `count` times: each part its chance, then its amount; its magic items from the
/// tables `magic` names for each lot (`rules::magic`).
pub fn roll(
    tables: &Tables,
    kind: &Kind,
    count: u32,
    magic: Magic,
    dice: &mut impl Dice,
) -> Result<Hoard, TreasureFault> {
    let mut hoard = Hoard {
        found: Vec::new(),
        coins: Coins::default(),
        items: Vec::new(),
    };
    for n in 1..=count {
        for (i, part) in kind.parts.iter().enumerate() {
            let found = roll_part(tables, part, (n, i as u32), magic, dice, &mut hoard)?;
            hoard.found.push(found);
        }
    }
    Ok(hoard)
}

fn roll_part(
    tables: &Tables,
    part: &Part,
    (n, index): (u32, u32),
    magic: Magic,
    dice: &mut impl Dice,
    hoard: &mut Hoard,
) -> Result<Found, TreasureFault> {
    // « Roll percentile dice for each category »: present when the roll is at most the chance.
    let chance_roll = (part.chance < 100).then(|| Expr::dice(1, 100).roll(dice));
    let present = chance_roll
        .as_ref()
        .is_none_or(|r| r.total <= i64::from(part.chance));
    let mut found = Found {
        n,
        part: index,
        chance: part.chance,
        chance_roll,
        present,
        choice: None,
        amounts: Vec::new(),
        coins: Coins::default(),
        items: 0,
    };
    if !present {
        return Ok(found);
    }
    let made_before = hoard.items.len();
    match &part.holds {
        Holds::Coins { coins, amount } => {
            let coin = match coins.as_slice() {
                [one] => *one,
                several => {
                    let choice = Expr::dice(1, several.len() as u32).roll(dice);
                    let coin = several[(choice.total - 1) as usize];
                    found.choice = Some(choice);
                    coin
                }
            };
            let roll = amount.roll(dice);
            found.coins = Coins::of(coin, roll.total.max(0));
            found.amounts.push(roll);
            *hoard.coins.get_mut(coin) += found.coins.get(coin);
        }
        Holds::Valuables { table, amount } => {
            let roll = amount.roll(dice);
            for _ in 0..roll.total.max(0) {
                let made = generate::make(tables, table, Sentient::AsRolled, dice)
                    .map_err(TreasureFault::Generation)?;
                hoard.items.push(made);
            }
            found.amounts.push(roll);
        }
        Holds::Magic { lots } => {
            for lot in lots {
                let roll = lot.count.roll(dice);
                for _ in 0..roll.total.max(0) {
                    hoard.items.push(magic_item(tables, lot, magic, dice)?);
                }
                found.amounts.push(roll);
            }
        }
    }
    found.items = (hoard.items.len() - made_before) as u32;
    Ok(found)
}

/// One magic item of a lot, made again while its making touches a table the lot refuses;
/// the refused makings' rolls stay in the item's record, first.
fn magic_item(
    tables: &Tables,
    lot: &Lot,
    magic: Magic,
    dice: &mut impl Dice,
) -> Result<Made, TreasureFault> {
    let table = magic.table(&lot.table);
    let mut refused = Vec::new();
    for _ in 0..REROLL_LIMIT {
        let mut made = generate::make(tables, &table, Sentient::AsRolled, dice)
            .map_err(TreasureFault::Generation)?;
        if lot.accepts(&made, magic) {
            refused.append(&mut made.steps);
            made.steps = refused;
            return Ok(made);
        }
        refused.append(&mut made.steps);
    }
    Err(TreasureFault::NeverAccepted { table })
}

impl Lot {
    /// Whether `made` is of the lot: it touched no table of `except` and one of `only`, as
    /// `magic` names them.
    fn accepts(&self, made: &Made, magic: Magic) -> bool {
        let touched = |names: &[String]| {
            let names: Vec<String> = names.iter().flat_map(|n| magic.tables(n)).collect();
            made.steps.iter().any(|s| names.contains(&s.what))
        };
        !touched(&self.except) && (self.only.is_empty() || touched(&self.only))
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::coins::Denomination;
    use crate::dice::seeded;

    fn shipped() -> Tables {
        Tables::parse(&crate::tables::shipped()).expect("the shipped tables load")
    }

    /// A part's chance holds within three standard deviations over many rolls, and each
    /// amount stays within its dice's range: for every type of both games.
    #[test]
    fn every_part_appears_at_its_chance_with_amounts_in_range() {
        let tables = shipped();
        // As many as one command may roll: the recorded roll is then held to its type whole.
        let n = MAX_COUNT;
        for name in ["treasure-ose", "treasure-adnd"] {
            let treasures = tables.treasures(name).unwrap();
            for kind in treasures.types.iter().chain(&treasures.levels) {
                let mut dice = seeded(9);
                let hoard = roll(&tables, kind, n, Magic::default(), &mut dice).unwrap();
                for (i, part) in kind.parts.iter().enumerate() {
                    let rolled: Vec<&Found> =
                        hoard.found.iter().filter(|f| f.part == i as u32).collect();
                    assert_eq!(rolled.len() as u32, n);
                    let present = rolled.iter().filter(|f| f.present).count() as f64;
                    let p = f64::from(part.chance) / 100.0;
                    let (mean, sd) = (f64::from(n) * p, (f64::from(n) * p * (1.0 - p)).sqrt());
                    assert!(
                        (present - mean).abs() <= 3.0 * sd + 0.5,
                        "{name} {} part {i}: {present} present, expected {mean} ± {sd}",
                        kind.key
                    );
                    for f in rolled.iter().filter(|f| f.present) {
                        let exprs: Vec<&Expr> = match &part.holds {
                            Holds::Coins { amount, .. } | Holds::Valuables { amount, .. } => {
                                vec![amount]
                            }
                            Holds::Magic { lots } => lots.iter().map(|l| &l.count).collect(),
                        };
                        for (roll, expr) in f.amounts.iter().zip(exprs) {
                            assert!((expr.min()..=expr.max()).contains(&roll.total));
                            roll.verify().unwrap();
                        }
                    }
                }
                let coins: i64 = hoard.found.iter().map(|f| f.coins.copper()).sum();
                assert_eq!(coins, hoard.coins.copper(), "the parts add up");
                let items: u32 = hoard.found.iter().map(|f| f.items).sum();
                assert_eq!(items as usize, hoard.items.len());
                let whole = Gave {
                    coins: hoard.coins,
                    items,
                };
                assert_eq!(gave(&hoard.found, n, Some(kind)), Ok(whole), "as recorded");
            }
        }
    }

    /// OSE's gem values follow its d20 bands (1-4 10 gp, 5-9 50, 10-15 100, 16-19 500,
    /// 20 1,000), each within three standard deviations over a fixed seed.
    #[test]
    fn gem_values_follow_the_bands() {
        let tables = shipped();
        let mut dice = seeded(11);
        let n = 4_000;
        let mut by_value = std::collections::BTreeMap::new();
        for _ in 0..n {
            let gem = generate::make(&tables, "gems-ose", Sentient::AsRolled, &mut dice).unwrap();
            assert_eq!(gem.identity.kind.as_deref(), Some("gem"));
            *by_value.entry(gem.identity.value.unwrap().gp).or_insert(0) += 1;
        }
        for (value, faces) in [(10, 4), (50, 5), (100, 6), (500, 4), (1000, 1)] {
            let p = f64::from(faces) / 20.0;
            let (mean, sd) = (n as f64 * p, (n as f64 * p * (1.0 - p)).sqrt());
            let got = f64::from(by_value[&value]);
            assert!(
                (got - mean).abs() <= 3.0 * sd,
                "{value} gp: {got} vs {mean}"
            );
        }
        assert_eq!(by_value.len(), 5, "no other worth: {by_value:?}");
        // AD&D 2e, Table 85: 01-25, 26-50, 51-70, 71-90, 91-99, 00.
        let mut by_value = std::collections::BTreeMap::new();
        for _ in 0..n {
            let gem = generate::make(&tables, "gems-adnd", Sentient::AsRolled, &mut dice).unwrap();
            *by_value.entry(gem.identity.value.unwrap().gp).or_insert(0) += 1;
        }
        for (value, faces) in [
            (10, 25),
            (50, 25),
            (100, 20),
            (500, 20),
            (1000, 9),
            (5000, 1),
        ] {
            let p = f64::from(faces) / 100.0;
            let (mean, sd) = (n as f64 * p, (n as f64 * p * (1.0 - p)).sqrt());
            let got = f64::from(by_value.get(&value).copied().unwrap_or(0));
            assert!(
                (got - mean).abs() <= 3.0 * sd,
                "{value} gp: {got} vs {mean}"
            );
        }
        let mut dice = seeded(12);
        for _ in 0..500 {
            let piece =
                generate::make(&tables, "jewellery-ose", Sentient::AsRolled, &mut dice).unwrap();
            let gp = piece.identity.value.unwrap().gp;
            assert!(
                (300..=1800).contains(&gp) && gp % 100 == 0,
                "3d6 x 100: {gp}"
            );
        }
    }

    #[test]
    fn damaged_jewellery_is_worth_half_once() {
        use crate::item::{Category, Status};
        let mut torc = crate::fixtures::item(Category::Valuable);
        torc.identity.kind = Some("jewelry".into());
        torc.identity.value = Some(Coins::of(Denomination::Gp, 1_101));
        assert_eq!(
            damaged(&torc),
            Ok(Coins {
                gp: 550,
                sp: 5,
                ..Coins::default()
            }),
            "half, to the copper"
        );
        torc.identity.damaged = true;
        assert_eq!(damaged(&torc), Err(Undamageable::AlreadyDamaged));
        torc.identity.damaged = false;
        torc.status = Status::Sold;
        assert_eq!(damaged(&torc), Err(Undamageable::Gone));
        let mut gem = crate::fixtures::item(Category::Valuable);
        gem.identity.kind = Some("gem".into());
        gem.identity.value = Some(Coins::of(Denomination::Gp, 100));
        assert_eq!(damaged(&gem), Err(Undamageable::NotJewellery));
    }

    /// The amount part `index` of OSE type `letter` rolls, `n` times over a fixed seed.
    fn amounts(letter: &str, index: usize, n: usize) -> Vec<i64> {
        let tables = shipped();
        let treasures = tables.treasures("treasure-ose").unwrap();
        let kind = treasures
            .kind(letter)
            .or_else(|| treasures.levels.iter().find(|k| k.key == letter))
            .unwrap();
        let (Holds::Coins { amount, .. } | Holds::Valuables { amount, .. }) =
            &kind.parts[index].holds
        else {
            panic!("{letter} part {index} holds no amount");
        };
        let mut dice = seeded(49);
        (0..n).map(|_| amount.roll(&mut dice).total).collect()
    }

    /// Each face of a die of `faces` that `step` multiplies comes up a `faces`th of the time,
    /// within three standard deviations, and nothing else does.
    fn one_die_times(rolled: &[i64], faces: i64, step: i64) {
        let n = rolled.len() as f64;
        let p = 1.0 / faces as f64;
        let sd = (n * p * (1.0 - p)).sqrt();
        for face in 1..=faces {
            let seen = rolled.iter().filter(|&&r| r == face * step).count() as f64;
            assert!((seen - n * p).abs() <= 3.0 * sd, "{seen} × {}", face * step);
        }
        assert!(
            rolled
                .iter()
                .all(|r| r % step == 0 && (step..=faces * step).contains(r))
        );
    }

    /// OSE, Treasure Types: G « 50%: 1d4 × 10,000gp »; H « 50%: 1d4 × 10,000ep », « 50%:
    /// 1d6 × 10,000gp », « 50%: 1d4 × 10 pieces of jewellery » — the dice the book prints,
    /// whole ten thousands (and tens), the top amount a quarter (a sixth) of the time.
    #[test]
    fn g_and_h_roll_the_dice_the_book_prints() {
        one_die_times(&amounts("G", 0, 1_000), 4, 10_000);
        one_die_times(&amounts("H", 2, 1_000), 4, 10_000);
        one_die_times(&amounts("H", 3, 1_000), 6, 10_000);
        one_die_times(&amounts("H", 6, 1_000), 4, 10);
    }

    /// OSE, Designing a Dungeon, unguarded treasure: « Level 4–5: … 20%: 1d6 gems; 10%: 1d6
    /// pieces of jewellery », « Level 6–7: … 30%: 1d6 gems; 15%: 1d6 pieces of jewellery »;
    /// levels 8 and deeper roll 1d12.
    #[test]
    fn unguarded_gems_and_jewellery_are_1d6_down_to_level_7() {
        for level in ["1", "2-3", "4-5", "6-7"] {
            for part in [2, 3] {
                one_die_times(&amounts(level, part, 600), 6, 1);
            }
        }
        for part in [2, 3] {
            one_die_times(&amounts("8+", part, 1_200), 12, 1);
        }
    }

    /// What `roll` makes, `gave` holds: the hoard's coins and items, on the shipped type and by
    /// its shape alike; and the forgeries of each kind are refused.
    #[test]
    fn a_recorded_roll_is_held_to_its_type() {
        let tables = shipped();
        let ose = tables.treasures("treasure-ose").unwrap();
        let (h, j) = (ose.kind("H").unwrap(), ose.kind("J").unwrap());
        let hoard = roll(&tables, h, 4, Magic::default(), &mut seeded(5)).unwrap();
        let whole = Gave {
            coins: hoard.coins,
            items: hoard.items.len() as u32,
        };
        assert_eq!(gave(&hoard.found, 4, Some(h)), Ok(whole));
        assert_eq!(gave(&hoard.found, 4, None), Ok(whole), "by its shape");
        let fault = |found: &[Found], count, kind| gave(found, count, kind).unwrap_err();
        assert_eq!(
            fault(&hoard.found, 5000, Some(h)),
            RollFault::Count {
                count: 5000,
                max: MAX_COUNT
            }
        );
        assert!(matches!(
            fault(&hoard.found, 3, Some(h)),
            RollFault::Parts { .. }
        ));
        assert!(matches!(
            fault(&hoard.found, 4, Some(j)),
            RollFault::Parts { .. } | RollFault::NotTheType { .. }
        ));
        assert!(matches!(
            fault(&hoard.found[1..], 4, None),
            RollFault::Parts { .. }
        ));
        let coined = hoard
            .found
            .iter()
            .position(|f| f.present && !f.coins.is_zero())
            .expect("seed 5 finds coins");
        let mut tenfold = hoard.found.clone();
        let (coin, _) = tenfold[coined].coins.held().next().unwrap();
        tenfold[coined].coins = Coins::of(coin, tenfold[coined].amounts[0].total * 10);
        for kind in [Some(h), None] {
            assert_eq!(
                fault(&tenfold, 4, kind),
                RollFault::Amount {
                    n: tenfold[coined].n,
                    part: tenfold[coined].part
                }
            );
        }
        let mut surer = hoard.found.clone();
        surer[0].chance = 99;
        assert!(matches!(
            fault(&surer, 4, Some(h)),
            RollFault::NotTheType { n: 1, part: 0 }
        ));
        let mut found_when_missed = hoard.found.clone();
        let missed = found_when_missed.iter().position(|f| !f.present).unwrap();
        found_when_missed[missed].present = true;
        assert!(matches!(
            fault(&found_when_missed, 4, None),
            RollFault::Chance { .. }
        ));
    }

    #[test]
    fn a_chance_is_met_at_the_chance_and_missed_above_it() {
        let tables = shipped();
        let kind = tables
            .treasures("treasure-ose")
            .unwrap()
            .kind("j")
            .unwrap()
            .clone();
        // J: copper 25 % (1d4 thousand), silver 10 % (1d3 thousand).
        let mut dice = crate::dice::scripted::Scripted::new(&[25, 2, 11]);
        let hoard = roll(&tables, &kind, 1, Magic::default(), &mut dice).unwrap();
        assert!(hoard.found[0].present && !hoard.found[1].present);
        assert_eq!(hoard.coins, Coins::of(Denomination::Cp, 2000));
        let mut dice = crate::dice::scripted::Scripted::new(&[26, 10, 3]);
        let hoard = roll(&tables, &kind, 1, Magic::default(), &mut dice).unwrap();
        assert_eq!(hoard.coins, Coins::of(Denomination::Sp, 3000));
    }

    #[test]
    fn platinum_or_electrum_is_one_of_the_two_by_a_die() {
        let tables = shipped();
        let kind = tables
            .treasures("treasure-adnd")
            .unwrap()
            .kind("P")
            .unwrap()
            .clone();
        // P: silver 1d6 x 10, then platinum or electrum (1d2) 1d20.
        let mut dice = crate::dice::scripted::Scripted::new(&[3, 2, 17]);
        let hoard = roll(&tables, &kind, 1, Magic::default(), &mut dice).unwrap();
        assert_eq!(hoard.coins.sp, 30);
        assert_eq!((hoard.coins.ep, hoard.coins.pp), (17, 0));
        assert_eq!(hoard.found[1].choice.as_ref().unwrap().total, 2);
    }

    #[test]
    fn a_lot_remakes_what_it_refuses_and_keeps_those_rolls() {
        let tables = shipped();
        let lot = Lot {
            table: "magic-items".into(),
            count: Expr::constant(1),
            except: vec![],
            only: vec!["armor".into(), "weapons".into()],
        };
        let mut dice = seeded(3);
        for _ in 0..50 {
            let made = magic_item(&tables, &lot, Magic::default(), &mut dice).unwrap();
            assert!(matches!(
                made.category,
                crate::item::Category::Armor
                    | crate::item::Category::Weapon
                    | crate::item::Category::Sword
            ));
            assert_eq!(made.steps[0].what, "magic-items");
        }
    }

    /// OSE, *Treasure Types* in an OSE campaign: « 3 magic items (not weapons), plus 1
    /// potion, plus 1 scroll » (F) rolls OSE's tables in the campaign's column, and neither
    /// its weapons nor its swords among the three.
    #[test]
    fn an_ose_hoard_rolls_oses_items_in_its_column() {
        use crate::magic::{Column, Items};
        let tables = shipped();
        let f = tables.treasures("treasure-ose").unwrap().kind("F").unwrap();
        for (column, suffix) in [(Column::Basic, "-b"), (Column::Expert, "-x")] {
            let magic = Magic {
                items: Items::Ose,
                column,
            };
            let mut dice = seeded(21);
            let mut made = 0;
            for _ in 0..200 {
                for item in roll(&tables, f, 1, magic, &mut dice).unwrap().items {
                    let Some(first) = item.steps.first() else {
                        continue;
                    };
                    if !first.what.starts_with("ose-") {
                        continue; // gems and jewellery
                    }
                    made += 1;
                    assert!(first.what.ends_with(suffix), "{}", first.what);
                    // The category the kept making landed on follows its last type roll.
                    let types = item
                        .steps
                        .iter()
                        .rposition(|s| s.what.starts_with("ose-magic"));
                    if let Some(at) = types {
                        let category = &item.steps[at + 1].what;
                        assert!(
                            !category.starts_with("ose-weapons")
                                && !category.starts_with("ose-swords"),
                            "{}",
                            item.name
                        );
                    }
                }
            }
            assert!(made > 100, "{made} magic items");
        }
    }
}
