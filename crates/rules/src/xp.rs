//! Experience, as Old-School Essentials Classic Fantasy: Rules Tome awards it: one XP per gold
//! piece of treasure brought back (*Awarding XP*: magical treasure grants none), plus the XP of
//! monsters defeated; the total divided among the survivors (`party`); each character's part adjusted by the
//! scores of their class's prime requisites; at most one level gained in one session; and the
//! level tables of the seven classes of that book.

use serde::{Deserialize, Serialize};

use super::character::{Character, SheetError};
use super::coins::Coins;

/// The classes of OSE Classic Fantasy, whose level tables hoard knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Class {
    Cleric,
    Dwarf,
    Elf,
    Fighter,
    Halfling,
    MagicUser,
    Thief,
}

/// The ability scores a prime requisite can be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Ability {
    Str,
    Int,
    Wis,
    Dex,
}

impl Class {
    /// The class a sheet names, in English or French (and the names both games give the
    /// magic-user and the cleric); `None` for a class without an OSE level table.
    pub fn of(name: Option<&str>) -> Option<Class> {
        let name = name?.trim().to_lowercase();
        Some(match name.as_str() {
            "cleric" | "priest" | "clerc" | "prêtre" | "pretre" | "prêtresse" => Class::Cleric,
            "dwarf" | "nain" | "naine" => Class::Dwarf,
            "elf" | "elfe" => Class::Elf,
            "fighter" | "warrior" | "guerrier" | "guerrière" | "guerriere" => Class::Fighter,
            "halfling" | "halfelin" | "halfeline" | "hobbit" => Class::Halfling,
            "magic-user" | "magic user" | "mage" | "wizard" | "magicien" | "magicienne" => {
                Class::MagicUser
            }
            "thief" | "voleur" | "voleuse" => Class::Thief,
            _ => return None,
        })
    }

    /// The XP needed to reach each level, from 1st to the class's last (OSE Rules Tome, each
    /// class's *Level progression* table; its maximum level is the table's last row).
    pub fn thresholds(self) -> &'static [i64] {
        match self {
            Class::Cleric => &[
                0, 1_500, 3_000, 6_000, 12_000, 25_000, 50_000, 100_000, 200_000, 300_000, 400_000,
                500_000, 600_000, 700_000,
            ],
            Class::Dwarf => &[
                0, 2_200, 4_400, 8_800, 17_000, 35_000, 70_000, 140_000, 270_000, 400_000, 530_000,
                660_000,
            ],
            Class::Elf => &[
                0, 4_000, 8_000, 16_000, 32_000, 64_000, 120_000, 250_000, 400_000, 600_000,
            ],
            Class::Fighter => &[
                0, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 120_000, 240_000, 360_000, 480_000,
                600_000, 720_000, 840_000,
            ],
            Class::Halfling => &[0, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 120_000],
            Class::MagicUser => &[
                0, 2_500, 5_000, 10_000, 20_000, 40_000, 80_000, 150_000, 300_000, 450_000,
                600_000, 750_000, 900_000, 1_050_000,
            ],
            Class::Thief => &[
                0, 1_200, 2_400, 4_800, 9_600, 20_000, 40_000, 80_000, 160_000, 280_000, 400_000,
                520_000, 640_000, 760_000,
            ],
        }
    }

    pub fn max_level(self) -> u8 {
        self.thresholds().len() as u8
    }
}

/// Whether a character of `class` may be of `level`: no higher than the last row of the
/// class's *Level progression* table (OSE *Classic Fantasy*: a halfling reaches 8th level at
/// most, a dwarf 12th, an elf 10th). A class without an OSE table has no such limit here.
pub fn check_class_level(class: Option<&str>, level: u8) -> Result<(), SheetError> {
    match Class::of(class) {
        Some(of) if level > of.max_level() => Err(SheetError::PastClassMax {
            class: class.unwrap_or_default().to_string(),
            level,
            max: of.max_level(),
        }),
        _ => Ok(()),
    }
}

impl Class {
    /// The XP a character of this class needs to be of `level` (its last level's for a
    /// higher one).
    pub fn threshold(self, level: u8) -> i64 {
        let table = self.thresholds();
        table[usize::from(level.clamp(1, self.max_level())) - 1]
    }

    /// The highest level `xp` reaches.
    pub fn level_for(self, xp: i64) -> u8 {
        self.thresholds()
            .iter()
            .filter(|t| **t <= xp)
            .count()
            .max(1) as u8
    }

    /// The prime requisites (OSE Rules Tome, each class's *Prime requisite*).
    pub fn prime_requisites(self) -> &'static [Ability] {
        match self {
            Class::Cleric => &[Ability::Wis],
            Class::Dwarf | Class::Fighter => &[Ability::Str],
            Class::Elf => &[Ability::Int, Ability::Str],
            Class::Halfling => &[Ability::Dex, Ability::Str],
            Class::MagicUser => &[Ability::Int],
            Class::Thief => &[Ability::Dex],
        }
    }
}

/// The XP adjustment of one prime requisite score (OSE Rules Tome, *Ability Scores*, prime
/// requisite table): 3–5 −20 %, 6–8 −10 %, 9–12 none, 13–15 +5 %, 16–18 +10 %.
pub fn score_adjustment(score: u8) -> i32 {
    match score {
        0..=5 => -20,
        6..=8 => -10,
        9..=12 => 0,
        13..=15 => 5,
        _ => 10,
    }
}

/// A score as the adjustment read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    pub ability: Ability,
    pub score: u8,
}

/// A character's prime requisite adjustment to the XP they earn: the percentage and the
/// scores it comes from. `missing` names a prime requisite the sheet does not record (then
/// there is no adjustment); a class without an OSE table has none either.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Adjustment {
    pub percent: i32,
    pub scores: Vec<Score>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub missing: Option<Ability>,
}

fn score(c: &Character, ability: Ability) -> Option<u8> {
    match ability {
        Ability::Str => Some(c.str),
        Ability::Wis => Some(c.wis),
        Ability::Int => c.int,
        Ability::Dex => c.dex,
    }
}

/// The adjustment of `c`'s XP by the prime requisites of their class. Classes with one prime
/// requisite use the table of [`score_adjustment`]; the two with two give bonuses only
/// (OSE Rules Tome): an elf gets +5 % with INT and STR of 13 or more, +10 % with INT 16 or more
/// and STR 13 or more; a halfling +5 % with 13 or more in one of DEX and STR, +10 % with 13 or
/// more in both.
pub fn adjustment(c: &Character) -> Adjustment {
    let Some(class) = Class::of(c.class.as_deref()) else {
        return Adjustment::default();
    };
    let mut scores = Vec::new();
    for ability in class.prime_requisites() {
        match score(c, *ability) {
            Some(s) => scores.push(Score {
                ability: *ability,
                score: s,
            }),
            None => {
                return Adjustment {
                    percent: 0,
                    scores,
                    missing: Some(*ability),
                };
            }
        }
    }
    let at_least = |i: usize, n: u8| scores[i].score >= n;
    let percent = match class {
        Class::Elf if at_least(0, 16) && at_least(1, 13) => 10,
        Class::Elf if at_least(0, 13) && at_least(1, 13) => 5,
        Class::Elf => 0,
        Class::Halfling if at_least(0, 13) && at_least(1, 13) => 10,
        Class::Halfling if at_least(0, 13) || at_least(1, 13) => 5,
        Class::Halfling => 0,
        _ => score_adjustment(scores[0].score),
    };
    Adjustment {
        percent,
        scores,
        missing: None,
    }
}

/// What one award gives one character.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Gain {
    /// Their part of the award, by shares.
    pub base: i64,
    pub adjustment: Adjustment,
    /// The part adjusted, rounded down.
    pub adjusted: i64,
    /// What they keep: the adjusted part, less what would take them past the next level.
    pub gained: i64,
    /// Their XP after the award.
    pub xp: i64,
    /// The level the award brings them to, when it is a new one.
    pub level: Option<u8>,
}

/// Awarding experience for a session. Stated for `hoard explain`, citing the book.
pub const AWARDING: super::statement::Statement = super::statement::Statement {
    en: "Experience (OSE Rules Tome, Awarding XP): 1 XP per gold piece of treasure brought back, none for magic items, plus the monsters' XP; divided evenly among the survivors who took part, a retainer getting half a share (Retainers), the dead nothing; each part adjusted by the character's prime requisites, rounded down; at most one level in a session.",
    fr: "Expérience (OSE Rules Tome, Awarding XP) : 1 XP par pièce d'or de trésor rapporté, aucun pour les objets magiques, plus l'XP des monstres ; divisée également entre les survivants qui y ont pris part, un suivant recevant une demi-part (Retainers), les morts rien ; chaque part ajustée par les caractéristiques primordiales du personnage, arrondie à l'unité inférieure ; un niveau au plus par session.",
};

/// `base` XP earned by `c`: adjusted by their prime requisites (OSE Rules Tome, *Experience*:
/// the modifier applies to the total each character gains after an adventure), then limited
/// to one level (*Maximum XP in One Session*: XP that would take a character two or more levels
/// up is lost, leaving them 1 XP short of the level after next). Without an OSE class, the XP
/// is kept whole and no level is reached.
pub fn gain(c: &Character, base: i64) -> Gain {
    let adjustment = adjustment(c);
    // Saturating, deliberately: an award past `limits::XP` is refused whole, and its parts,
    // however large, must reach that refusal rather than wrap or panic on the way.
    let adjusted = base.saturating_mul(i64::from(100 + adjustment.percent)) / 100;
    let mut xp = c.xp.saturating_add(adjusted);
    let mut level = None;
    if let Some(class) = Class::of(c.class.as_deref()) {
        if c.level < class.max_level().saturating_sub(1) {
            xp = xp.min((class.threshold(c.level + 2) - 1).max(c.xp));
        }
        let reached = class.level_for(xp).min(c.level.saturating_add(1));
        if reached > c.level {
            level = Some(reached);
        }
    }
    Gain {
        base,
        adjustment,
        adjusted,
        gained: xp - c.xp,
        xp,
        level,
    }
}

/// The next level of `c`'s class and the XP it needs, if there is one.
pub fn next_level(c: &Character) -> Option<(u8, i64)> {
    let class = Class::of(c.class.as_deref())?;
    (c.level < class.max_level()).then(|| (c.level + 1, class.threshold(c.level + 1)))
}

/// What experience for treasure counts (`campaign set xp-from`): the treasure's worth when
/// found — coins and valuables brought back, OSE Rules Tome, *Awarding XP* — or, a house rule
/// the book leaves open (`docs/sources.md`), what was realised: coins brought back and the
/// price valuables fetched when sold, in the session of the sale. Magic items give none
/// either way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Counted {
    #[default]
    Found,
    Sold,
}

impl Counted {
    pub fn is_found(&self) -> bool {
        *self == Counted::Found
    }
}

/// XP for treasure: one per gold piece of its value, counted in copper, fractions of a gold
/// piece dropped (OSE Rules Tome, *Awarding XP*: non-magical treasure, 1 XP per 1 gp).
pub fn for_treasure(copper: i64) -> i64 {
    copper.max(0) / 100
}

/// The worth in copper of treasure brought back: its coins and its valuables' values.
/// Saturating, deliberately: the sum is held to `limits::XP` (in gold) wherever it is used, so
/// one that passes `i64::MAX` — thousands of valuables at the most a file could claim — stays
/// past that limit and is refused, where a wrapped sum would come out negative, or nothing.
pub fn treasure_copper<'a>(coins: &Coins, values: impl IntoIterator<Item = &'a Coins>) -> i64 {
    values
        .into_iter()
        .fold(coins.copper(), |sum, v| sum.saturating_add(v.copper()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet(class: &str, level: u8, xp: i64) -> Character {
        Character {
            class: Some(class.into()),
            level,
            xp,
            ..crate::fixtures::character("c")
        }
    }

    #[test]
    fn the_prime_requisite_table_changes_at_its_bounds() {
        for (score, percent) in [
            (3, -20),
            (5, -20),
            (6, -10),
            (8, -10),
            (9, 0),
            (12, 0),
            (13, 5),
            (15, 5),
            (16, 10),
            (18, 10),
        ] {
            assert_eq!(score_adjustment(score), percent, "score {score}");
        }
    }

    #[test]
    fn a_score_of_12_earns_nothing_and_13_earns_5_percent() {
        let fighter = |str| Character {
            str,
            ..sheet("fighter", 1, 0)
        };
        assert_eq!(adjustment(&fighter(12)).percent, 0);
        assert_eq!(adjustment(&fighter(13)).percent, 5);
        assert_eq!(
            adjustment(&fighter(13)).scores,
            vec![Score {
                ability: Ability::Str,
                score: 13
            }]
        );
    }

    #[test]
    fn each_class_reads_its_own_prime_requisite() {
        let c = Character {
            str: 16,
            wis: 5,
            int: Some(13),
            dex: Some(8),
            ..sheet("cleric", 1, 0)
        };
        assert_eq!(adjustment(&c).percent, -20, "cleric: WIS");
        for (class, percent) in [
            ("fighter", 10),
            ("dwarf", 10),
            ("magic-user", 5),
            ("thief", -10),
        ] {
            let c = Character {
                class: Some(class.into()),
                ..c.clone()
            };
            assert_eq!(adjustment(&c).percent, percent, "{class}");
        }
    }

    #[test]
    fn an_unrecorded_prime_requisite_gives_no_adjustment_and_says_so() {
        let mage = sheet("magic-user", 1, 0);
        let a = adjustment(&mage);
        assert_eq!((a.percent, a.missing), (0, Some(Ability::Int)));
        assert_eq!(adjustment(&sheet("bard", 1, 0)), Adjustment::default());
    }

    #[test]
    fn elves_need_int_and_str_of_13_and_int_16_for_10_percent() {
        let elf = |int, str| Character {
            int: Some(int),
            str,
            ..sheet("elf", 1, 0)
        };
        assert_eq!(adjustment(&elf(13, 13)).percent, 5);
        assert_eq!(adjustment(&elf(16, 13)).percent, 10);
        assert_eq!(adjustment(&elf(18, 12)).percent, 0);
        assert_eq!(adjustment(&elf(12, 18)).percent, 0);
        assert_eq!(adjustment(&elf(3, 3)).percent, 0, "no penalty is given");
    }

    #[test]
    fn halflings_need_13_in_one_for_5_percent_and_in_both_for_10() {
        let halfling = |dex, str| Character {
            dex: Some(dex),
            str,
            ..sheet("halfling", 1, 0)
        };
        assert_eq!(adjustment(&halfling(12, 12)).percent, 0);
        assert_eq!(adjustment(&halfling(13, 12)).percent, 5);
        assert_eq!(adjustment(&halfling(12, 13)).percent, 5);
        assert_eq!(adjustment(&halfling(13, 13)).percent, 10);
    }

    #[test]
    fn levels_begin_exactly_at_their_thresholds() {
        assert_eq!(Class::Fighter.level_for(1_999), 1);
        assert_eq!(Class::Fighter.level_for(2_000), 2);
        assert_eq!(Class::MagicUser.level_for(2_499), 1);
        assert_eq!(Class::MagicUser.level_for(2_500), 2);
        assert_eq!(Class::Elf.level_for(600_000), 10);
        assert_eq!(
            Class::Elf.level_for(10_000_000),
            10,
            "no level past the table"
        );
        assert_eq!(Class::Halfling.max_level(), 8);
        assert!(check_class_level(Some("halfling"), 8).is_ok());
        assert_eq!(
            check_class_level(Some("Halfelin"), 9),
            Err(SheetError::PastClassMax {
                class: "Halfelin".into(),
                level: 9,
                max: 8
            })
        );
        assert!(
            check_class_level(Some("ranger"), 20).is_ok(),
            "no OSE table, no limit"
        );
        assert!(check_class_level(None, 36).is_ok());
        assert_eq!(Class::Dwarf.max_level(), 12);
        assert_eq!(Class::Cleric.threshold(6), 25_000);
        assert_eq!(Class::Thief.threshold(2), 1_200);
    }

    #[test]
    fn class_names_in_both_languages() {
        assert_eq!(Class::of(Some("Magic-User")), Some(Class::MagicUser));
        assert_eq!(Class::of(Some("magicien")), Some(Class::MagicUser));
        assert_eq!(Class::of(Some("Voleur")), Some(Class::Thief));
        assert_eq!(Class::of(Some("halfelin")), Some(Class::Halfling));
        assert_eq!(Class::of(Some("druid")), None);
        assert_eq!(Class::of(None), None);
    }

    #[test]
    fn the_adjustment_is_rounded_down() {
        let c = Character {
            str: 13,
            ..sheet("fighter", 1, 0)
        };
        let g = gain(&c, 99);
        assert_eq!(
            (g.adjusted, g.gained, g.xp),
            (103, 103, 103),
            "99 × 1.05 = 103.95"
        );
        let weak = Character {
            str: 4,
            ..sheet("fighter", 1, 0)
        };
        assert_eq!(gain(&weak, 99).adjusted, 79, "99 × 0.8 = 79.2");
    }

    #[test]
    fn reaching_the_threshold_announces_the_level() {
        let c = sheet("fighter", 1, 1_900);
        let g = gain(&c, 99);
        assert_eq!((g.xp, g.level), (1_999, None));
        let g = gain(&c, 100);
        assert_eq!((g.xp, g.level), (2_000, Some(2)));
    }

    #[test]
    fn one_level_at_most_in_one_session() {
        // A 1st-level fighter at 1,800 XP earning 2,875: 4,675 would be 3rd level, so he stops
        // at 3,999, one short of it.
        let c = sheet("fighter", 1, 1_800);
        let g = gain(&c, 2_875);
        assert_eq!((g.gained, g.xp, g.level), (2_199, 3_999, Some(2)));
        // One XP less than two levels up is kept whole.
        let g = gain(&c, 2_199);
        assert_eq!((g.gained, g.level), (2_199, Some(2)));
        // At the last level but one, nothing is lost.
        let high = sheet("halfling", 7, 64_000);
        let g = gain(&high, 1_000_000);
        assert_eq!((g.gained, g.level), (1_000_000, Some(8)));
        let top = sheet("halfling", 8, 120_000);
        assert_eq!(gain(&top, 5).level, None);
        // A sheet already past its level loses nothing it had, and still rises one level.
        let behind = sheet("fighter", 1, 10_000);
        let g = gain(&behind, 100);
        assert_eq!((g.gained, g.xp, g.level), (0, 10_000, Some(2)));
    }

    #[test]
    fn a_class_without_a_table_keeps_its_xp_whole() {
        let g = gain(&sheet("druid", 1, 0), 50_000);
        assert_eq!((g.gained, g.level), (50_000, None));
    }

    #[test]
    fn the_next_level_is_that_of_the_sheet() {
        assert_eq!(next_level(&sheet("fighter", 3, 0)), Some((4, 8_000)));
        assert_eq!(next_level(&sheet("halfling", 8, 0)), None);
        assert_eq!(next_level(&sheet("druid", 3, 0)), None);
    }

    #[test]
    fn a_sum_of_treasure_saturates_and_never_wraps() {
        use crate::coins::Denomination;
        let gem = Coins::of(Denomination::Pp, 999_999_999_999);
        // 18,400 of them are 9.2 × 10^18 cp, just inside an i64; 18,500 pass it, and the sum
        // once wrapped to nothing brought back.
        let inside = vec![gem; 18_400];
        assert_eq!(
            treasure_copper(&Coins::default(), &inside),
            18_400 * 999_999_999_999 * 500
        );
        let many = vec![gem; 18_500];
        assert_eq!(treasure_copper(&Coins::default(), &many), i64::MAX);
        assert!(for_treasure(treasure_copper(&Coins::default(), &many)) > crate::limits::XP);
        let few = vec![gem; 2];
        assert_eq!(
            treasure_copper(&Coins::of(Denomination::Cp, 1), &few),
            2 * 999_999_999_999 * 500 + 1
        );
        // A part that large saturates its adjustment too, on its way to the award's refusal.
        assert!(gain(&sheet("druid", 1, 0), i64::MAX).xp > crate::limits::XP);
    }

    #[test]
    fn treasure_gives_one_xp_a_whole_gold_piece() {
        assert_eq!(for_treasure(143_099), 1_430);
        assert_eq!(for_treasure(99), 0);
    }
}
