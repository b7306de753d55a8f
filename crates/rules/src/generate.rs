//! Making an item from the tables: follow signposts and rerolls to an entry, roll the tables
//! it calls for (`also`), then apply the AD&D 2e DMG's rules at creation — charges, quantities,
//! the metal of +3..+5 armor, the spells on a scroll and the level they are written at, a trapped
//! wand, and for a sword the chance that it is sentient (OSE *Swords*, see [`super::sword`]).

use std::collections::BTreeMap;

use super::dice::{Dice, Expr};
use super::item::Sentience;
use super::item::{BookNature, Category, Identity, ScrollSpell, Step};
// A circle kept: an item may be a sentient sword, made by `sword::make` with these faults.
use super::sword;
use super::tables::{Entry, Props, Table, Tables};

/// Why a generation cannot finish — the tables lack something it needs — or why the
/// qualities a referee chose for a sword are refused. Its words are the edge's (`view::words`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum GenFault {
    /// No table of that name.
    NoTable { name: String },
    /// A table asked to roll again [`REROLL_LIMIT`] times in a row.
    RollsForever { table: String },
    /// The entry landed on (its name as made) says no category, nor does its table.
    NoCategory { entry: String },
    /// The sentience table never came up sentient for a sword that must be.
    NeverSentient { table: String },
    /// A scroll spell of this level came up and `min_levels` has no caster level for it.
    NoCasterLevel { level: u8 },
    /// An entry of a sword table (by its roll) lacks the value the sword procedure reads.
    Lacking { table: String, roll: String },
    /// The languages table kept asking to roll again.
    LanguagesForever { table: String },
    /// The power tables kept asking to roll again.
    PowersForever,
    /// A chosen INT outside 7–12.
    Int { int: i64 },
    /// A chosen Ego outside 1–12.
    Ego { ego: i64 },
    /// A purpose was chosen for a sword whose INT or Ego is not 12.
    PurposeNeedsTwelve,
    /// A power chosen twice that may not repeat (its English name, as the tables give it).
    ChosenTwice { power: String },
    /// More powers chosen than the INT gives: `sensory` and `extraordinary` given, `chosen_*`
    /// chosen.
    TooManyPowers {
        int: u8,
        sensory: usize,
        extraordinary: usize,
        chosen_sensory: usize,
        chosen_extraordinary: usize,
    },
    /// Languages chosen for a sword of this INT, which communicates by empathy.
    Speechless { int: u8 },
    /// `wanted` is no power or purpose of `table`; `choices` are the ids it has.
    NoSuchChoice {
        wanted: String,
        table: String,
        choices: Vec<String>,
    },
}

/// How many rerolls a table may ask for in a row before hoard calls it broken.
pub const REROLL_LIMIT: usize = 1_000;

/// An item as the tables make it, ready to be stored.
#[derive(Debug, Clone, PartialEq)]
pub struct Made {
    pub name: String,
    pub name_fr: String,
    pub category: Category,
    pub identity: Identity,
    pub charges: Option<i32>,
    pub spells: Vec<ScrollSpell>,
    /// Every roll, in order: tables with the entry they landed on, and the rules' own rolls.
    pub steps: Vec<Step>,
}

impl Made {
    /// The item made, as a new item `id` in the party's treasure, and the rolls that made it.
    pub fn into_item(self, id: String) -> (crate::item::Item, Vec<Step>) {
        let mut item =
            crate::item::Item::new(id, self.name, self.name_fr, self.category, self.identity);
        item.charges = self.charges;
        item.spells = self.spells;
        (item, self.steps)
    }
}

/// Whether a sword must be sentient (`generate sword --sentient`) or takes its chances.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Sentient {
    #[default]
    AsRolled,
    Forced,
}

pub fn table<'t>(tables: &'t Tables, name: &str) -> Result<&'t Table, GenFault> {
    tables
        .get(name)
        .ok_or_else(|| GenFault::NoTable { name: name.into() })
}

/// Roll on `table` until an entry that is neither a signpost nor a reroll comes up.
pub fn land<'t>(
    tables: &'t Tables,
    start: &str,
    dice: &mut impl Dice,
    steps: &mut Vec<Step>,
) -> Result<(&'t Table, &'t Entry), GenFault> {
    let mut table = table(tables, start)?;
    // Bounded as the rerolls are: a signpost may name its own table.
    for _ in 0..REROLL_LIMIT {
        let entry = settle(table, None, dice, |roll, entry| {
            steps.push(step(table, roll, entry))
        })?;
        match &entry.table {
            Some(next) => table = self::table(tables, next)?,
            None => return Ok((table, entry)),
        }
    }
    Err(endless(table))
}

/// Roll on one table — on the band `key` falls in, for a banded table — until an entry that
/// does not say « roll again » comes up (the DMG's « referee's choice », say); `seen` is told
/// every roll, in order. `generate` and `tables roll` both roll through here.
pub fn settle<'t>(
    table: &'t Table,
    key: Option<i64>,
    dice: &mut impl Dice,
    mut seen: impl FnMut(crate::dice::Roll, &'t Entry),
) -> Result<&'t Entry, GenFault> {
    for _ in 0..REROLL_LIMIT {
        let (roll, entry) = match key {
            Some(key) => table.roll_band(key, dice),
            None => table.roll(dice),
        };
        seen(roll, entry);
        if !entry.reroll {
            return Ok(entry);
        }
    }
    Err(endless(table))
}

fn endless(table: &Table) -> GenFault {
    GenFault::RollsForever {
        table: table.name.clone(),
    }
}

pub fn step(table: &Table, roll: crate::dice::Roll, entry: &Entry) -> Step {
    Step {
        what: table.name.clone(),
        version: Some(table.version),
        roll,
        entry: Some(entry.name.clone()),
    }
}

/// A labelled roll of a formula (charges, a spell's level …).
/// What a valuable's worth roll is recorded as, among its making's steps.
const VALUE: &str = "value";

/// A worth rolled in gold pieces: never below 1 gp.
fn worth(gp: i64) -> crate::coins::Coins {
    crate::coins::Coins::of(crate::coins::Denomination::Gp, gp.max(1))
}

/// The worth its making's rolls gave an item: its last worth roll (a lot's refused makings
/// come first), none when nothing rolled one.
pub fn rolled_worth(steps: &[Step]) -> Option<crate::coins::Coins> {
    steps
        .iter()
        .rev()
        .find(|s| s.what == VALUE && s.version.is_none())
        .map(|s| worth(s.roll.total))
}

fn formula_step(what: &str, expr: &Expr, dice: &mut impl Dice, steps: &mut Vec<Step>) -> i64 {
    let roll = expr.roll(dice);
    let total = roll.total;
    steps.push(Step {
        what: what.into(),
        version: None,
        roll,
        entry: None,
    });
    total
}

/// The properties every entry of `table` sets: what rolling it decides.
fn decides(table: &Table) -> Vec<&'static str> {
    let fields = |p: &Props| -> Vec<&'static str> {
        [
            ("bonus", p.bonus.is_some()),
            ("blade", p.blade.is_some()),
            ("size", p.size.is_some()),
            ("trapped", p.trapped.is_some()),
            ("caster", p.caster.is_some()),
            ("metal", p.metal.is_some()),
        ]
        .into_iter()
        .filter(|(_, set)| *set)
        .map(|(name, _)| name)
        .collect()
    };
    let mut entries = table
        .all_entries()
        .filter(|e| !e.reroll && e.table.is_none());
    let Some(first) = entries.next() else {
        return Vec::new();
    };
    let mut common = fields(&first.props);
    for entry in entries {
        let these = fields(&entry.props);
        common.retain(|f| these.contains(f));
    }
    common
}

fn has(props: &Props, field: &str) -> bool {
    match field {
        "bonus" => props.bonus.is_some(),
        "blade" => props.blade.is_some(),
        "size" => props.size.is_some(),
        "trapped" => props.trapped.is_some(),
        "caster" => props.caster.is_some(),
        "metal" => props.metal.is_some(),
        _ => false,
    }
}

/// The entry an item list lands on, with the `also` tables rolled and merged in: the item's
/// own properties win, and each `{placeholder}` gets the name of the entry that decided it.
struct Drawn {
    name: String,
    fr: String,
    props: Props,
}

fn draw(
    tables: &Tables,
    start: &str,
    dice: &mut impl Dice,
    steps: &mut Vec<Step>,
) -> Result<Drawn, GenFault> {
    let (_, entry) = land(tables, start, dice, steps)?;
    let mut props = entry.props.clone();
    let mut labels: BTreeMap<&str, (String, String)> = BTreeMap::new();
    for also in entry.props.also.iter().flatten() {
        let modifier = table(tables, also)?;
        let decided = decides(modifier);
        if decided.iter().any(|f| has(&props, f)) {
            continue;
        }
        let sub = draw(tables, also, dice, steps)?;
        for field in decided {
            labels.insert(field, (sub.name.clone(), sub.fr.clone()));
        }
        let also_list = props.also.take();
        props = props.or(&sub.props);
        props.also = also_list;
    }
    let fill = |text: &str, french: bool| -> String {
        let mut out = text.to_string();
        // `levels` waits for the spells (`make`). `{armour}` is the entry of the table that
        // decided what a suit is made of (OSE's *Magic Armour Type*).
        for (placeholder, field) in [
            ("blade", "blade"),
            ("bonus", "bonus"),
            ("size", "size"),
            ("caster", "caster"),
            ("armour", "metal"),
        ] {
            let placeholder = format!("{{{placeholder}}}");
            if !out.contains(&placeholder) {
                continue;
            }
            let label = match labels.get(field) {
                Some((en, fr)) => {
                    if french {
                        fr.clone()
                    } else {
                        en.clone()
                    }
                }
                None => fallback(field, &props, french),
            };
            out = out.replace(&placeholder, &label);
        }
        out.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    Ok(Drawn {
        name: fill(&entry.name, false),
        fr: fill(&entry.fr, true),
        props,
    })
}

/// What a placeholder shows when no `also` table decided it (the entry fixed it itself).
fn fallback(field: &str, props: &Props, french: bool) -> String {
    match field {
        "bonus" => props.bonus.map(signed).unwrap_or_default(),
        "blade" => armor_or_blade_name(props.blade.as_deref(), french),
        "metal" => if french { "Armure" } else { "Armour" }.to_string(),
        _ => String::new(),
    }
}

fn armor_or_blade_name(blade: Option<&str>, french: bool) -> String {
    let (en, fr) = blade.and_then(blade_name).unwrap_or(("Sword", "Épée"));
    if french { fr } else { en }.to_string()
}

/// The name, in English and French, of a blade the tables know (`broad` → Broad sword).
pub fn blade_name(blade: &str) -> Option<(&'static str, &'static str)> {
    Some(match blade {
        "long" => ("Long sword", "Épée longue"),
        "broad" => ("Broad sword", "Épée large"),
        "scimitar" => ("Scimitar", "Cimeterre"),
        "falchion" => ("Falchion", "Fauchon"),
        "short" => ("Short sword", "Épée courte"),
        "bastard" => ("Bastard sword", "Épée bâtarde"),
        "two-handed" => ("Two-handed sword", "Épée à deux mains"),
        _ => return None,
    })
}

/// `+2`, `−1`.
pub fn signed(n: i32) -> String {
    if n < 0 {
        format!("−{}", n.unsigned_abs())
    } else {
        format!("+{n}")
    }
}

/// Make one item starting from `start` (a category's table or `magic-items`).
pub fn make(
    tables: &Tables,
    start: &str,
    sentient: Sentient,
    dice: &mut impl Dice,
) -> Result<Made, GenFault> {
    let mut steps = Vec::new();
    let drawn = draw(tables, start, dice, &mut steps)?;
    let props = &drawn.props;
    let category = props.category.ok_or_else(|| GenFault::NoCategory {
        entry: drawn.name.clone(),
    })?;
    let charges = props
        .charges
        .as_ref()
        .map(|f| formula_step("charges", f, dice, &mut steps))
        .map(|n| n.clamp(0, i64::from(i32::MAX)) as i32);
    let count = props
        .count
        .as_ref()
        .map(|f| formula_step("count", f, dice, &mut steps))
        .map(|n| n.clamp(1, i64::from(u32::MAX)) as u32);
    let value = props
        .value
        .as_ref()
        .map(|f| formula_step(VALUE, f, dice, &mut steps))
        .map(worth);
    let spells = scroll_spells(props, dice, &mut steps)?;
    let sentience = if category == Category::Sword {
        sentience(tables, sentient, dice, &mut steps)?
    } else {
        None
    };
    let mut identity = Identity {
        kind: props.kind.clone(),
        initiative: props.initiative,
        level: props.level,
        bonus: props.bonus,
        cursed: props.cursed.unwrap_or(false),
        seems: props.seems,
        metal: props.metal,
        size: props.size.clone(),
        material: None,
        blade: props.blade.clone(),
        count,
        consumable: props.consumable.unwrap_or(false),
        duration: props.duration.as_ref().map(Expr::to_string),
        trapped: props.trapped.unwrap_or(false),
        maker: None,
        caster: props.caster.clone(),
        book: (category == Category::Book).then(|| BookNature {
            beneficial: props.beneficial.unwrap_or(true),
            alignment: props.alignment,
            bears_on: props.bears_on.clone().unwrap_or_default(),
        }),
        sentience,
        value,
        damaged: false,
        weight: None,
        lot: None,
        light: None,
        burns: None,
        ration: false,
    };
    identity.complete(category);
    // A spell scroll's name says what it holds: `{levels}` in its entry's name, in the
    // scroll's own order, the order `cast --spell N` counts.
    let levels = spells
        .iter()
        .map(|s| s.level.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    Ok(Made {
        name: drawn.name.replace("{levels}", &levels),
        name_fr: drawn.fr.replace("{levels}", &levels),
        category,
        identity,
        charges,
        spells,
        steps,
    })
}

fn sentience(
    tables: &Tables,
    sentient: Sentient,
    dice: &mut impl Dice,
    steps: &mut Vec<Step>,
) -> Result<Option<Sentience>, GenFault> {
    let chance = table(tables, sword::SENTIENCE)?;
    for _ in 0..REROLL_LIMIT {
        let (roll, entry) = chance.roll(dice);
        steps.push(step(chance, roll, entry));
        let is_sentient = entry.props.sentient.unwrap_or(false);
        if !is_sentient && sentient == Sentient::Forced {
            continue;
        }
        if !is_sentient {
            return Ok(None);
        }
        let purpose = entry.props.has_purpose.unwrap_or(false);
        return sword::generate(tables, purpose, dice, steps).map(Some);
    }
    Err(GenFault::NeverSentient {
        table: chance.name.clone(),
    })
}

/// Spell scrolls: how many spells, each one's level within the row's range (the priest range
/// for priest scrolls, and never above the caster type's highest spell level), and the level it
/// is written at — one above the caster level the spell needs, never below 6th (AD&D 2e DMG).
fn scroll_spells(
    props: &Props,
    dice: &mut impl Dice,
    steps: &mut Vec<Step>,
) -> Result<Vec<ScrollSpell>, GenFault> {
    let Some(count) = props.spells else {
        return Ok(Vec::new());
    };
    let priest = props.caster.as_deref() == Some("priest");
    let (lo, hi) = match (priest, props.priest_levels, props.levels) {
        (true, Some(range), _) | (_, _, Some(range)) => range,
        _ => (1, 1),
    };
    let needed = props.min_levels.clone().unwrap_or_default();
    // A caster type has no spells above its highest level (priests stop at 7th): a range
    // reaching past it stops there.
    let top = u8::try_from(needed.len()).unwrap_or(u8::MAX).max(1);
    let (lo, hi) = (lo.min(top), hi.min(top));
    let mut spells = Vec::new();
    for _ in 0..count {
        let expr = Expr::dice(1, u32::from(hi - lo + 1)).plus(i64::from(lo) - 1);
        let level = formula_step("spell level", &expr, dice, steps) as u8;
        let minimum = needed
            .get(usize::from(level) - 1)
            .copied()
            .ok_or(GenFault::NoCasterLevel { level })?;
        spells.push(ScrollSpell {
            level,
            needs: minimum,
            written_at: written_at(minimum),
            erased: false,
        });
    }
    Ok(spells)
}

/// The level a scroll spell is written at: one above the minimum caster level, never below 6.
pub fn written_at(minimum_caster_level: u8) -> u8 {
    (minimum_caster_level.saturating_add(1)).max(6)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spells_are_written_one_level_up_but_never_below_sixth() {
        assert_eq!(written_at(1), 6);
        assert_eq!(written_at(5), 6);
        assert_eq!(written_at(9), 10);
        assert_eq!(written_at(18), 19);
    }

    #[test]
    fn bonuses_show_their_sign() {
        assert_eq!(signed(2), "+2");
        assert_eq!(signed(-1), "−1");
    }
}

#[cfg(test)]
mod shipped_tables {
    //! The shipped tables, rolled many times over fixed seeds.
    use super::*;
    use crate::dice::seeded;
    use crate::tables::{Tables, shipped};

    fn tables() -> Tables {
        Tables::parse(&shipped()).expect("the shipped tables load")
    }

    /// The chi-square value a test may not exceed at p = 0.0001 (Wilson–Hilferty).
    fn critical(df: f64) -> f64 {
        let z = 3.719;
        let k = 2.0 / (9.0 * df);
        df * (1.0 - k + z * k.sqrt()).powi(3)
    }

    /// Roll a table (through the code that play uses) 200 times per face of its die and
    /// compare how often each entry comes up with its declared range.
    fn chi_square<'t>(
        entries: &'t [Entry],
        die: &Expr,
        seed: u64,
        mut roll: impl FnMut(&mut rand_chacha::ChaCha8Rng) -> &'t Entry,
    ) -> (f64, f64) {
        let faces = (die.max() - die.min() + 1) as f64;
        let rolls = (200.0 * faces) as usize;
        let mut counts = vec![0usize; entries.len()];
        let mut dice = seeded(seed);
        for _ in 0..rolls {
            let landed = roll(&mut dice);
            let i = entries
                .iter()
                .position(|e| std::ptr::eq(e, landed))
                .expect("the entry rolled belongs to the table");
            counts[i] += 1;
        }
        let chi = entries
            .iter()
            .zip(&counts)
            .map(|(e, &c)| {
                let expected = rolls as f64 * (e.hi - e.lo + 1) as f64 / faces;
                (c as f64 - expected).powi(2) / expected
            })
            .sum();
        (chi, critical((entries.len().max(2) - 1) as f64))
    }

    #[test]
    fn every_table_lands_on_its_entries_as_often_as_its_ranges_say() {
        let tables = tables();
        for (n, table) in tables.iter().enumerate() {
            assert!(
                table.die.to_string().starts_with("1d"),
                "{}: a single die, so every face is equally likely",
                table.name
            );
            let seed = 1_000 + n as u64;
            let results = if table.bands.is_empty() {
                vec![chi_square(&table.entries, &table.die, seed, |d| {
                    table.roll(d).1
                })]
            } else {
                // Each band through its key: the first value the band's `when` covers.
                table
                    .bands
                    .iter()
                    .map(|b| {
                        chi_square(&b.entries, &table.die, seed, |d| {
                            table.roll_band(b.from, d).1
                        })
                    })
                    .collect()
            };
            for (chi, limit) in results {
                assert!(
                    chi < limit,
                    "{}: chi-square {chi:.1} over {limit:.1}",
                    table.name
                );
            }
        }
    }

    #[test]
    fn charges_fall_in_the_seed_ranges_and_reach_both_ends() {
        let tables = tables();
        for (category, lo, hi) in [
            (Category::Wand, 81, 100),
            (Category::Rod, 41, 50),
            (Category::Staff, 20, 25),
        ] {
            let mut dice = seeded(7);
            let mut seen = std::collections::BTreeSet::new();
            for _ in 0..3_000 {
                let made = make(&tables, category.table(), Sentient::AsRolled, &mut dice).unwrap();
                assert_eq!(made.category, category);
                let charges = made.charges.expect("charged");
                assert!((lo..=hi).contains(&charges), "{category}: {charges}");
                seen.insert(charges);
            }
            assert_eq!(
                seen.len(),
                (hi - lo + 1) as usize,
                "{category}: every value comes up"
            );
        }
    }

    /// Every book of Table 95, helpful or harmful, carries the classes or abilities it bears
    /// on, which a first wish tells (the Vacuous Grimoire: Intelligence and Wisdom).
    #[test]
    fn every_book_bears_on_a_class_or_an_ability() {
        let tables = tables();
        let mut dice = seeded(3);
        let mut seen = BTreeMap::new();
        for _ in 0..2_000 {
            let book = make(&tables, "books", Sentient::AsRolled, &mut dice).unwrap();
            let nature = book.identity.book.expect("a book's nature");
            assert!(!nature.bears_on.is_empty(), "{}", book.name);
            seen.insert(book.name, nature.bears_on);
        }
        assert_eq!(seen.len(), 17, "every book came up");
        assert_eq!(
            seen["Vacuous Grimoire"],
            [
                crate::item::Bearing::Intelligence,
                crate::item::Bearing::Wisdom
            ]
        );
    }

    #[test]
    fn about_one_wand_in_a_hundred_is_trapped() {
        let tables = tables();
        let mut dice = seeded(8);
        let trapped = (0..20_000)
            .filter(|_| {
                make(&tables, "wands", Sentient::AsRolled, &mut dice)
                    .unwrap()
                    .identity
                    .trapped
            })
            .count();
        assert!((140..=260).contains(&trapped), "{trapped} of 20,000");
    }

    #[test]
    fn special_sword_blades_follow_the_seed_split() {
        let tables = tables();
        let mut dice = seeded(9);
        let mut counts = BTreeMap::new();
        let n = 20_000;
        for _ in 0..n {
            let made = make(&tables, "swords-special", Sentient::AsRolled, &mut dice).unwrap();
            // Only blades the split decided (a short sword of quickness is short by name).
            let rolled = made.steps.iter().any(|s| s.what == "sword-blades");
            if let (true, Some(blade)) = (rolled, made.identity.blade) {
                *counts.entry(blade).or_insert(0usize) += 1;
            }
        }
        let total: usize = counts.values().sum();
        for (blade, share) in [
            ("long", 55.0),
            ("broad", 20.0),
            ("scimitar", 10.0),
            ("falchion", 5.0),
            ("short", 5.0),
            ("bastard", 4.0),
            ("two-handed", 1.0),
        ] {
            let got = *counts.get(blade).unwrap_or(&0) as f64 * 100.0 / total as f64;
            assert!((got - share).abs() < 1.5, "{blade}: {got:.1}% for {share}%");
        }
    }

    #[test]
    fn armor_sizes_and_metals_follow_the_seed() {
        let tables = tables();
        let mut dice = seeded(10);
        let mut sizes = BTreeMap::new();
        for _ in 0..20_000 {
            let made = make(&tables, "armor", Sentient::AsRolled, &mut dice).unwrap();
            let id = &made.identity;
            if let Some(size) = &id.size {
                *sizes.entry(size.clone()).or_insert(0usize) += 1;
            }
            let expected = match (id.metal, id.bonus) {
                (Some(true), Some(3)) => Some("meteoric-iron-steel"),
                (Some(true), Some(4)) => Some("mithril-steel"),
                (Some(true), Some(5)) => Some("adamantite-steel"),
                _ => None,
            };
            assert_eq!(id.material.as_deref(), expected, "{}", made.name);
        }
        let total: usize = sizes.values().sum();
        for (size, share) in [
            ("human", 65.0),
            ("elf", 20.0),
            ("dwarf", 10.0),
            ("gnome-halfling", 5.0),
        ] {
            let got = *sizes.get(size).unwrap_or(&0) as f64 * 100.0 / total as f64;
            assert!((got - share).abs() < 1.5, "{size}: {got:.1}%");
        }
    }

    #[test]
    fn scroll_spells_are_written_at_least_at_sixth_level_within_their_range() {
        let tables = tables();
        let mut dice = seeded(12);
        for _ in 0..3_000 {
            let made = make(&tables, "scrolls-spell", Sentient::AsRolled, &mut dice).unwrap();
            let priest = made.identity.caster.as_deref() == Some("priest");
            assert!(!made.spells.is_empty());
            for spell in &made.spells {
                assert!(spell.written_at >= 6);
                assert!(spell.level >= 1 && spell.level <= if priest { 7 } else { 9 });
                assert!(spell.written_at > spell.level, "{spell:?}");
            }
        }
    }

    #[test]
    fn the_same_seed_makes_the_same_items() {
        let tables = tables();
        let a: Vec<Made> = (0..50)
            .scan(seeded(3), |d, _| {
                Some(make(&tables, "magic-items", Sentient::AsRolled, d).unwrap())
            })
            .collect();
        let b: Vec<Made> = (0..50)
            .scan(seeded(3), |d, _| {
                Some(make(&tables, "magic-items", Sentient::AsRolled, d).unwrap())
            })
            .collect();
        assert_eq!(a, b);
        let c: Vec<Made> = (0..50)
            .scan(seeded(4), |d, _| {
                Some(make(&tables, "magic-items", Sentient::AsRolled, d).unwrap())
            })
            .collect();
        assert_ne!(a, c);
    }

    #[test]
    fn every_category_generates_items_of_that_category() {
        let tables = tables();
        let mut dice = seeded(13);
        for category in Category::ALL {
            for _ in 0..300 {
                let made = make(&tables, category.table(), Sentient::AsRolled, &mut dice).unwrap();
                // As in the DMG, swords come up on the weapons table too.
                let expected = if category == Category::Weapon && made.category == Category::Sword {
                    Category::Sword
                } else {
                    category
                };
                assert_eq!(made.category, expected, "{}", made.name);
                assert!(
                    !made.name.contains('{') && !made.name_fr.contains('{'),
                    "{}",
                    made.name
                );
            }
        }
    }

    /// OSE Classic Fantasy, *Magic Items (General)* and each category's table: in both
    /// columns, every category and every entry of it comes up at the book's chance (its type
    /// row's share times its own row's) within three standard deviations.
    #[test]
    fn ose_items_come_at_the_books_chances_in_both_columns() {
        let tables = tables();
        for (column, seed) in [("b", 50), ("x", 51)] {
            let start = format!("ose-magic-items-{column}");
            let types = table(&tables, &start).unwrap();
            let rolls = 40_000_u32;
            let mut categories: BTreeMap<String, u32> = BTreeMap::new();
            let mut entries: BTreeMap<(String, i64), u32> = BTreeMap::new();
            let mut dice = seeded(seed);
            for _ in 0..rolls {
                let made = make(&tables, &start, Sentient::AsRolled, &mut dice).unwrap();
                let landed = &made.steps[1];
                *categories.entry(landed.what.clone()).or_default() += 1;
                let category = table(&tables, &landed.what).unwrap();
                let entry = category
                    .entries
                    .iter()
                    .find(|e| (e.lo..=e.hi).contains(&landed.roll.total))
                    .unwrap();
                *entries.entry((landed.what.clone(), entry.lo)).or_default() += 1;
            }
            let within = |what: &str, seen: u32, p: f64| {
                let n = f64::from(rolls);
                let sigma = (n * p * (1.0 - p)).sqrt();
                let off = (f64::from(seen) - n * p).abs();
                assert!(
                    off <= 3.0 * sigma,
                    "{what}: {seen} in {rolls}, the book says {:.1}",
                    n * p
                );
            };
            let faces = |t: &Table| (t.die.max() - t.die.min() + 1) as f64;
            for row in &types.entries {
                let name = row.table.as_deref().unwrap();
                assert!(
                    name.ends_with(&format!("-{column}")),
                    "{name} in its column"
                );
                let p = (row.hi - row.lo + 1) as f64 / faces(types);
                within(name, categories.get(name).copied().unwrap_or(0), p);
                let category = table(&tables, name).unwrap();
                for e in &category.entries {
                    let q = p * (e.hi - e.lo + 1) as f64 / faces(category);
                    let seen = entries.get(&(name.to_string(), e.lo)).copied().unwrap_or(0);
                    within(&format!("{name} {}", e.roll), seen, q);
                }
            }
        }
    }

    /// OSE, *Rods, Staves, Wands*: « Unless noted », wands hold 2d10 charges and staves 3d10;
    /// the rod of cancellation one; the staves of healing and of snakes use none.
    #[test]
    fn ose_wands_and_staves_hold_the_books_charges() {
        let tables = tables();
        let mut dice = seeded(9);
        let mut seen: BTreeMap<Category, std::collections::BTreeSet<i32>> = BTreeMap::new();
        for _ in 0..40_000 {
            let made = make(&tables, "ose-rods-x", Sentient::AsRolled, &mut dice).unwrap();
            match made.name.as_str() {
                "Rod of Cancellation" => assert_eq!(made.charges, Some(1)),
                "Staff of Healing" | "Staff of Snakes" => assert_eq!(made.charges, None),
                _ => {
                    let charges = made.charges.expect("charged");
                    seen.entry(made.category).or_default().insert(charges);
                }
            }
        }
        let span = |c: Category| {
            let s = &seen[&c];
            (*s.first().unwrap(), *s.last().unwrap())
        };
        assert_eq!(span(Category::Wand), (2, 20));
        assert_eq!(span(Category::Staff), (3, 30));
    }

    /// OSE, *Swords*: « if the referee wishes to randomly determine whether a magic sword is
    /// intelligent, the probability is 30% »: a Sword +1, +3 vs dragons among them.
    #[test]
    fn an_ose_sword_may_be_sentient() {
        let tables = tables();
        let mut dice = seeded(11);
        let (mut dragons, mut sentient) = (0, 0);
        while dragons < 400 {
            let made = make(&tables, "ose-swords-b", Sentient::AsRolled, &mut dice).unwrap();
            if made.name == "Sword +1, +3 vs dragons" {
                dragons += 1;
                sentient += usize::from(made.identity.sentience.is_some());
            }
        }
        // 30 % of 400 is 120, σ ≈ 9.2.
        assert!((92..=148).contains(&sentient), "{sentient} sentient of 400");
        let forced = make(&tables, "ose-swords-x", Sentient::Forced, &mut dice).unwrap();
        assert!(forced.identity.sentience.is_some());
    }

    /// OSE, *Armour and Shields*: a suit is named by its *Magic Armour Type* (d8: leather 1–2,
    /// chainmail 3–6, plate mail 7–8), leather not metal; a shield rolls no type.
    #[test]
    fn ose_armour_is_named_by_its_type() {
        let tables = tables();
        let mut dice = seeded(12);
        let mut names = std::collections::BTreeSet::new();
        for _ in 0..500 {
            let made = make(&tables, "ose-armour-b", Sentient::AsRolled, &mut dice).unwrap();
            assert!(!made.name.contains('{'), "{}", made.name);
            if made.name.starts_with("Leather") {
                assert_eq!(made.identity.metal, Some(false));
            }
            names.insert(made.name);
        }
        for name in [
            "Leather armour +1",
            "Chainmail +1 and shield +1",
            "Plate mail, cursed, AC 9 [10]",
            "Shield +1",
        ] {
            assert!(names.contains(name), "{name} among {names:?}");
        }
    }
}
