//! How far a character moves under what they carry, by the campaign's encumbrance rule
//! (`campaign set encumbrance`): Old-School Essentials' basic or detailed encumbrance (OSE
//! Rules Tome, *Encumbrance*, options 1 and 2) or AD&D 2e's (Player's Handbook, Chapter 6,
//! Tables 47 and 48). The load is weighed in coins, OSE's unit (ten to the pound); what each
//! item weighs is [`super::weight::coins`].

use super::armor::ArmourWeight;
use serde::{Deserialize, Serialize};

use super::armor::{self, Weight};
use super::armor_kind::Edition;
use super::coins::{Coins, Denomination};
use super::item::{Category, Item, Slot};

/// The encumbrance rule a campaign plays by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum System {
    /// OSE's *Option 1: Basic Encumbrance*: movement by the armour worn, slower with treasure.
    Basic,
    /// OSE's *Option 2: Detailed Encumbrance*: movement by the weight of everything carried.
    #[default]
    Detailed,
    /// AD&D 2e's *Encumbrance* (PHB, Chapter 6): by the weight carried and Strength.
    Adnd,
}

/// How encumbered a character is: each band is a step slower than the one before.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Band {
    Unencumbered,
    Light,
    Moderate,
    Heavy,
    /// AD&D 2e's last band before the maximum (OSE has none).
    Severe,
    /// Past the most that may be carried: the character cannot move.
    Overloaded,
}

/// How fast a character moves: OSE's feet per turn and per round (encounter), or AD&D 2e's
/// movement rate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Pace {
    Feet { turn: u32, round: u32 },
    Rate { rate: u32 },
}

/// A character's movement and the band it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Movement {
    pub system: System,
    pub band: Band,
    #[serde(flatten)]
    pub pace: Pace,
}

impl Movement {
    /// Whether `self` is slower than `before` (both of one system).
    pub fn slower_than(&self, before: &Movement) -> bool {
        let speed = |m: &Movement| match m.pace {
            Pace::Feet { turn, .. } => turn,
            Pace::Rate { rate } => rate,
        };
        speed(self) < speed(before)
    }
}

/// What a character carries, weighed, and the movement it leaves them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Encumbrance {
    /// The weight the rule counts, in coins (a tenth of a pound), a fraction counted whole.
    pub load: u64,
    /// Of `load`, the adventuring gear OSE's detailed encumbrance adds ([`GEAR`]).
    #[serde(skip_serializing_if = "is_zero")]
    pub gear: u64,
    pub movement: Movement,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// OSE, *Option 2: Detailed Encumbrance*: adventuring gear is assumed to weigh 80 coins —
/// everything hoard does not record (rope, rations, torches, a backpack).
pub const GEAR: u64 = 80;

/// OSE, *Encumbrance*: the maximum load, 1,600 coins (either option).
pub const OSE_MAXIMUM: u64 = 1_600;

/// The weight of `items` and `coins` in coins. OSE counts every coin as one (*Encumbrance*:
/// a coin weighs a coin, ten to the pound); AD&D 2e's PHB (Chapter 6, *Money*) has a coin of
/// about a third of an ounce, some 50 to the pound: a fifth of OSE's. Items used up weigh
/// nothing; a suit of magic armor as the campaign's `enchanted` says (nothing, the DMG's
/// *Armor*, or half, OSE's *Armour and Shields*: [`ArmourWeight`]; a magic shield weighs in
/// full); under OSE's basic encumbrance armour and weapons weigh nothing ([`equipment`]). A
/// fraction of a coin counts whole.
pub fn load(system: System, enchanted: ArmourWeight, items: &[&Item], coins: &Coins) -> u64 {
    let items: f64 = items
        .iter()
        .filter(|i| !i.is_gone())
        .filter(|i| system != System::Basic || !equipment(i))
        .map(|i| match super::weight::coins_by(i, edition(system)) {
            suit if magic_suit(i) => enchanted.enchanted(suit),
            coins => coins,
        })
        .sum();
    let count: f64 = Denomination::ALL.iter().map(|d| coins.get(*d) as f64).sum();
    let coins = match system {
        System::Basic | System::Detailed => count,
        System::Adnd => count / 5.0,
    };
    (items + coins).ceil() as u64
}

/// OSE, *Option 1: Basic Encumbrance*: "The weight of armour, weapons, and adventuring gear
/// is not tracked and does not count towards a character's maximum load": only treasure
/// does. Armour (shields included) and weapons (swords included), magic or not, and gear
/// bought.
fn equipment(item: &Item) -> bool {
    matches!(
        item.category,
        Category::Armor | Category::Weapon | Category::Sword | Category::Gear
    )
}

/// Whose armour table weighs a suit: AD&D 2e's PHB under its encumbrance, else OSE's.
fn edition(system: System) -> Edition {
    match system {
        System::Adnd => Edition::Adnd,
        System::Basic | System::Detailed => Edition::Ose,
    }
}

/// A suit of armor with a plus (or a minus): enchanted.
fn magic_suit(item: &Item) -> bool {
    item.category == Category::Armor
        && !armor::is_shield(item)
        && item.identity.bonus.is_some_and(|b| b != 0)
}

/// The encumbrance of a character of Strength `str` who holds `held` and has `purse`.
pub fn of(
    system: System,
    enchanted: ArmourWeight,
    str: u8,
    held: &[&Item],
    purse: &Coins,
) -> Encumbrance {
    let mut load = load(system, enchanted, held, purse);
    let movement = match system {
        System::Basic => {
            let suit = held
                .iter()
                .find(|i| i.category == Category::Armor && i.worn == Some(Slot::Body));
            let armour = suit.map(|s| armor::weight(s));
            let treasure = !purse.is_zero()
                || held
                    .iter()
                    .any(|i| i.category == Category::Valuable && !i.is_gone());
            basic(armour, treasure, load)
        }
        System::Detailed => {
            load += GEAR;
            detailed(load)
        }
        System::Adnd => adnd(str, load),
    };
    Encumbrance {
        load,
        gear: if system == System::Detailed { GEAR } else { 0 },
        movement,
    }
}

/// OSE's bands, a step at a time: 120' (40'), 90' (30'), 60' (20'), 30' (10'), then none.
fn ose(system: System, band: Band) -> Movement {
    let turn = match band {
        Band::Unencumbered => 120,
        Band::Light => 90,
        Band::Moderate => 60,
        Band::Heavy | Band::Severe => 30,
        Band::Overloaded => 0,
    };
    Movement {
        system,
        band,
        pace: Pace::Feet {
            turn,
            round: turn / 3,
        },
    }
}

/// OSE, *Option 1: Basic Encumbrance*, its table: unarmoured 120' (40'), light armour 90'
/// (30'), heavy armour 60' (20'); carrying treasure, a step slower: unarmoured 90' (30'),
/// light armour 60' (20'), heavy armour 30' (10'); the maximum load 1,600 coins. Leather is
/// light, metal heavy ([`armor::weight`]); any coin or valuable carried is treasure.
pub fn basic(armour: Option<Weight>, treasure: bool, load: u64) -> Movement {
    let steps = match armour {
        None | Some(Weight::Shield) => 0,
        Some(Weight::Light) => 1,
        Some(Weight::Heavy) => 2,
    } + usize::from(treasure);
    let band = if load > OSE_MAXIMUM {
        Band::Overloaded
    } else {
        [Band::Unencumbered, Band::Light, Band::Moderate, Band::Heavy][steps]
    };
    ose(System::Basic, band)
}

/// OSE, *Option 2: Detailed Encumbrance*, its table by the total weight carried in coins: up
/// to 400, 120' (40'); up to 600, 90' (30'); up to 800, 60' (20'); up to 1,600, 30' (10');
/// over 1,600 the character cannot move.
pub fn detailed(load: u64) -> Movement {
    let band = match load {
        0..=400 => Band::Unencumbered,
        401..=600 => Band::Light,
        601..=800 => Band::Moderate,
        801..=OSE_MAXIMUM => Band::Heavy,
        _ => Band::Overloaded,
    };
    ose(System::Detailed, band)
}

/// AD&D 2e PHB, Table 47 (*Character Encumbrance*): by Strength, the most pounds carried in
/// each band — unencumbered, light, moderate, heavy, severe (the last is the maximum). Its
/// rows as printed, e.g. « 12–13: 0–45, 46–69, 70–93, 94–117, 118–140 » and « 14–15: 0–55,
/// 56–85, 86–115, 116–145, 146–170 »; the unencumbered column is Table 1's *Weight Allow.*,
/// the last its *Max. Press*.
const TABLE_47: [(u8, [u32; 5]); 9] = [
    (3, [5, 6, 7, 9, 10]),
    (5, [10, 13, 16, 19, 25]),
    (7, [20, 29, 38, 46, 55]),
    (9, [35, 50, 65, 80, 90]),
    (11, [40, 58, 76, 96, 115]),
    (13, [45, 69, 93, 117, 140]),
    (15, [55, 85, 115, 145, 170]),
    (16, [70, 100, 130, 160, 195]),
    (17, [85, 121, 157, 193, 220]),
];

/// Table 47's row for Strength 18 (without exceptional strength, which hoard does not keep).
const STRENGTH_18: [u32; 5] = [110, 149, 188, 227, 255];

/// AD&D 2e PHB, Tables 47 and 48: a character whose load passes a band's weight moves at
/// Table 48's rate for the next band — for a base of 12: unencumbered 12, light 9, moderate
/// 6, heavy 3, severe 1; past the severe column, the most they can carry, they cannot move.
pub fn adnd(str: u8, load: u64) -> Movement {
    let row = TABLE_47
        .iter()
        .find(|(most, _)| str <= *most)
        .map_or(STRENGTH_18, |(_, row)| *row);
    // Pounds carried, from tenths of a pound (a coin of OSE's weight).
    let pounds = load as f64 / 10.0;
    let passed = row.iter().filter(|most| pounds > f64::from(**most)).count();
    let (band, rate) = [
        (Band::Unencumbered, 12),
        (Band::Light, 9),
        (Band::Moderate, 6),
        (Band::Heavy, 3),
        (Band::Severe, 1),
        (Band::Overloaded, 0),
    ][passed];
    Movement {
        system: System::Adnd,
        band,
        pace: Pace::Rate { rate },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn turn(m: Movement) -> u32 {
        match m.pace {
            Pace::Feet { turn, round } => {
                assert_eq!(round * 3, turn);
                turn
            }
            Pace::Rate { .. } => unreachable!(),
        }
    }

    fn rate(m: Movement) -> u32 {
        match m.pace {
            Pace::Rate { rate } => rate,
            Pace::Feet { .. } => unreachable!(),
        }
    }

    /// Up to 400 coins 120' (40'), up to 600 90' (30'), up to 800 60' (20'), up to 1,600
    /// 30' (10'), and no further.
    #[test]
    fn detailed_encumbrance_slows_past_each_band() {
        for (load, feet) in [
            (0, 120),
            (400, 120),
            (401, 90),
            (600, 90),
            (601, 60),
            (800, 60),
            (801, 30),
            (1_600, 30),
            (1_601, 0),
        ] {
            assert_eq!(turn(detailed(load)), feet, "{load} coins");
        }
        assert_eq!(detailed(1_601).band, Band::Overloaded);
    }

    /// Unarmoured 120', light armour 90', heavy armour 60', a step slower with treasure, and
    /// no more than 1,600 coins.
    #[test]
    fn basic_encumbrance_goes_by_armour_and_treasure() {
        let (light, heavy) = (Some(Weight::Light), Some(Weight::Heavy));
        assert_eq!(turn(basic(None, false, 0)), 120);
        assert_eq!(turn(basic(light, false, 200)), 90);
        assert_eq!(turn(basic(heavy, false, 400)), 60);
        assert_eq!(turn(basic(None, true, 1)), 90);
        assert_eq!(turn(basic(light, true, 201)), 60);
        assert_eq!(turn(basic(heavy, true, 1_600)), 30);
        assert_eq!(turn(basic(heavy, true, 1_601)), 0);
        assert_eq!(turn(basic(Some(Weight::Shield), false, 100)), 120);
    }

    /// Strength 10–11 (Table 47): 40 lb unencumbered, 58 light, 76 moderate, 96 heavy, 115
    /// severe; rates 12, 9, 6, 3, 1 (Table 48, base 12).
    #[test]
    fn adnd_encumbrance_goes_by_strength_and_pounds() {
        for (pounds, expected) in [
            (40, 12),
            (41, 9),
            (58, 9),
            (59, 6),
            (76, 6),
            (77, 3),
            (96, 3),
            (97, 1),
            (115, 1),
            (116, 0),
        ] {
            assert_eq!(rate(adnd(10, pounds * 10)), expected, "{pounds} lb");
        }
        assert_eq!(rate(adnd(3, 60)), 9);
        assert_eq!(rate(adnd(18, 1_100)), 12);
        assert_eq!(rate(adnd(18, 1_101)), 9);
        assert_eq!(adnd(16, 1_950).band, Band::Severe);
        assert_eq!(adnd(16, 1_951).band, Band::Overloaded);
    }

    /// Table 47's rows 12–13 (0–45, 46–69, 70–93, 94–117, 118–140) and 14–15 (0–55, 56–85,
    /// 86–115, 116–145, 146–170), at each edge of each band.
    #[test]
    fn adnd_rows_12_to_15_are_as_printed() {
        for str in [12, 13] {
            for (pounds, expected) in [
                (45, 12),
                (46, 9),
                (69, 9),
                (70, 6),
                (93, 6),
                (94, 3),
                (117, 3),
                (118, 1),
                (140, 1),
                (141, 0),
            ] {
                assert_eq!(
                    rate(adnd(str, pounds * 10)),
                    expected,
                    "STR {str}, {pounds} lb"
                );
            }
        }
        for str in [14, 15] {
            for (pounds, expected) in [
                (55, 12),
                (56, 9),
                (85, 9),
                (86, 6),
                (115, 6),
                (116, 3),
                (145, 3),
                (146, 1),
                (170, 1),
                (171, 0),
            ] {
                assert_eq!(
                    rate(adnd(str, pounds * 10)),
                    expected,
                    "STR {str}, {pounds} lb"
                );
            }
        }
    }

    /// OSE basic encumbrance: armour and weapons are no load, only treasure; chain mail worn
    /// and 1,600 coins is heavy armour with treasure, 30' (10'); a coin more and the
    /// character cannot move.
    #[test]
    fn basic_encumbrance_counts_treasure_not_armour_or_weapons() {
        let mut chain = crate::fixtures::item(Category::Armor);
        chain.identity.metal = Some(true);
        chain.worn = Some(Slot::Body);
        let mut shield = crate::fixtures::item(Category::Armor);
        shield.identity.kind = Some("shield".into());
        let sword = crate::fixtures::item(Category::Sword);
        let potion = crate::fixtures::item(Category::Potion);
        let held = [&chain, &shield, &sword, &potion];
        let cp = |n| Coins::of(Denomination::Cp, n);
        let e = of(System::Basic, ArmourWeight::Nothing, 10, &held, &cp(1_590));
        assert_eq!(e.load, 1_600, "the potion and the coins: {e:?}");
        assert_eq!(turn(e.movement), 30);
        let e = of(System::Basic, ArmourWeight::Nothing, 10, &held, &cp(1_591));
        assert_eq!(e.movement.band, Band::Overloaded);
        // The case: chain mail and 1,201 cp.
        assert_eq!(
            turn(
                of(
                    System::Basic,
                    ArmourWeight::Nothing,
                    10,
                    &[&chain],
                    &cp(1_201)
                )
                .movement
            ),
            30
        );
        // Detailed encumbrance still weighs them all.
        assert!(
            of(System::Detailed, ArmourWeight::Nothing, 10, &held, &cp(0)).load > 400 + 100 + 60
        );
    }

    /// A suit with a plus or a minus weighs nothing (the DMG) or half (OSE *Armour and
    /// Shields*); a plain suit and a magic shield weigh in full under both.
    #[test]
    fn enchanted_armour_weighs_nothing_or_half() {
        let mut chain = crate::fixtures::item(Category::Armor);
        chain.identity.metal = Some(true);
        let mut shield = crate::fixtures::item(Category::Armor);
        shield.identity.kind = Some("shield".into());
        shield.identity.bonus = Some(1);
        let none = Coins::default();
        let weigh = |suit: &Item, enchanted| load(System::Detailed, enchanted, &[suit], &none);
        assert_eq!(weigh(&chain, ArmourWeight::Half), 400, "not enchanted");
        for bonus in [1, -1] {
            chain.identity.bonus = Some(bonus);
            assert_eq!(weigh(&chain, ArmourWeight::Nothing), 0);
            assert_eq!(weigh(&chain, ArmourWeight::Half), 200);
        }
        assert_eq!(weigh(&shield, ArmourWeight::Half), 100);
        assert_eq!(weigh(&shield, ArmourWeight::Nothing), 100);
    }

    #[test]
    fn every_coin_weighs_one_in_ose_and_a_fifth_in_adnd() {
        let purse = Coins::of(Denomination::Gp, 500);
        assert_eq!(
            load(System::Detailed, ArmourWeight::Nothing, &[], &purse),
            500
        );
        assert_eq!(load(System::Adnd, ArmourWeight::Nothing, &[], &purse), 100);
        assert_eq!(
            load(
                System::Adnd,
                ArmourWeight::Nothing,
                &[],
                &Coins::of(Denomination::Cp, 3)
            ),
            1
        );
    }

    /// Detailed encumbrance counts 80 coins of gear; basic, leather worn and a coin carried.
    #[test]
    fn a_character_carries_gear_armour_and_purse() {
        let mut leather = crate::fixtures::item(Category::Armor);
        leather.identity.metal = Some(false);
        leather.worn = Some(Slot::Body);
        let purse = Coins::of(Denomination::Gp, 1);
        let e = of(
            System::Detailed,
            ArmourWeight::Nothing,
            10,
            &[&leather],
            &purse,
        );
        assert_eq!((e.load, e.gear), (281, GEAR));
        assert_eq!(turn(e.movement), 120);
        let e = of(
            System::Basic,
            ArmourWeight::Nothing,
            10,
            &[&leather],
            &purse,
        );
        assert_eq!(
            (e.load, e.gear),
            (1, 0),
            "armour is no load under basic encumbrance"
        );
        assert_eq!(turn(e.movement), 60);
        // Enchanted, the suit weighs nothing; its kind still slows under basic encumbrance.
        leather.identity.bonus = Some(1);
        assert_eq!(
            of(
                System::Basic,
                ArmourWeight::Nothing,
                10,
                &[&leather],
                &purse
            )
            .load,
            1
        );
        assert!(detailed(401).slower_than(&detailed(400)));
        assert!(!detailed(400).slower_than(&detailed(0)));
    }
}
