//! Scrolls (AD&D 2e DMG): fading when taken unread, casting a spell (and failing, for a caster
//! below the level it needs), copying, and protection scrolls.

use super::Refused;
use super::character::Character;
use super::class::{self, Caster};
use super::dice::{Dice, Expr, Roll};
use super::item::{Category, Item, Status};
use super::tables::Table;
use crate::tr;

/// The chance (%) that a scroll taken unread fades: the campaign's fixed 5–30 %, or 1d6 × 5 %
/// rolled for this scroll.
pub fn fade_chance(setting: Option<u8>, dice: &mut impl Dice) -> (u8, Option<Roll>) {
    match setting {
        Some(fixed) => (fixed.clamp(5, 30), None),
        None => {
            let roll = Expr::dice(1, 6).roll(dice);
            ((roll.total * 5) as u8, Some(roll))
        }
    }
}

/// Whether it fades: d100 at or under the chance.
pub fn fades(chance: u8, dice: &mut impl Dice) -> (Roll, bool) {
    let roll = Expr::dice(1, 100).roll(dice);
    let faded = roll.total <= i64::from(chance);
    (roll, faded)
}

/// The caster kind a spell scroll was written for.
pub fn kind(scroll: &Item) -> Option<Caster> {
    scroll.identity.caster.as_deref().and_then(Caster::parse)
}

/// Whether the item is a spell scroll (and not a protection scroll, a map or a curse).
pub fn is_spell_scroll(item: &Item) -> bool {
    item.category == Category::Scroll && !item.spells.is_empty()
}

/// 5 % per level the caster lacks, up to 100 %.
pub fn failure_chance(caster_level: u8, needs: u8) -> u8 {
    let gap = needs.saturating_sub(caster_level);
    gap.saturating_mul(5).min(100)
}

/// A spell cast (or copied) from a scroll.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cast {
    /// 1-based, as the referee names it.
    pub spell: usize,
    pub level: u8,
    /// Levels the caster lacks (0: none).
    pub gap: u8,
    pub chance: u8,
    pub roll: Option<Roll>,
    pub failed: bool,
    /// On a failure: the d100 on the failure table and what it gave (`fails` or `reversed`).
    pub outcome: Option<(Roll, String)>,
}

fn usable_spell(scroll: &Item, spell: usize) -> Result<u8, Refused> {
    let name = scroll.name();
    if scroll.category != Category::Scroll {
        return Err(Refused(tr!(
            "{name} is not a scroll",
            "{name} n'est pas un parchemin"
        )));
    }
    if scroll.status == Status::Faded {
        return Err(Refused(tr!(
            "{name} has faded: it is blank",
            "{name} s'est effacé : il est vierge"
        )));
    }
    if !is_spell_scroll(scroll) {
        return Err(Refused(tr!(
            "{name} holds no spells",
            "{name} ne contient aucun sort"
        )));
    }
    let count = scroll.spells.len();
    let Some(s) = spell.checked_sub(1).and_then(|i| scroll.spells.get(i)) else {
        return Err(Refused(tr!(
            "{name} has spells 1 to {count}: choose one with --spell N",
            "{name} porte les sorts 1 à {count} : choisissez avec --spell N"
        )));
    };
    if s.erased {
        return Err(Refused(tr!(
            "spell {spell} of {name} was cast or copied: it is erased (AD&D 2e DMG)",
            "le sort {spell} de {name} a été lancé ou copié : il est effacé"
        )));
    }
    Ok(s.level)
}

fn caster_check(scroll: &Item, who: &Character) -> Result<(), Refused> {
    let (name, reader) = (scroll.name(), &who.name);
    let Some(kind) = kind(scroll) else {
        return Ok(());
    };
    if class::caster(who.class.as_deref()) != Some(kind) {
        return Err(Refused(match kind {
            Caster::Wizard => tr!(
                "{reader} is not a wizard: only wizards cast from {name}",
                "{reader} n'est pas magicien : seuls les magiciens lancent les sorts de {name}"
            ),
            Caster::Priest => tr!(
                "{reader} is not a priest: only priests cast from {name}",
                "{reader} n'est pas prêtre : seuls les prêtres lancent les sorts de {name}"
            ),
        }));
    }
    Ok(())
}

/// Cast spell `spell` (1-based) of `scroll`. A caster below the level the spell needs fails
/// with 5 % per level lacking; on a failure, d100 on the failure table's band for that gap.
/// The spell is erased either way.
pub fn cast(
    scroll: &Item,
    spell: usize,
    who: &Character,
    failure: &Table,
    dice: &mut impl Dice,
) -> Result<Cast, Refused> {
    let level = usable_spell(scroll, spell)?;
    caster_check(scroll, who)?;
    if scroll.knowledge(&who.id).is_none() {
        let (name, reader) = (scroll.name(), &who.name);
        return Err(Refused(tr!(
            "{reader} has not read {name} yet: `hoard read` it first (AD&D 2e DMG: its magic writing must be read once)",
            "{reader} n'a pas encore lu {name} : `hoard read` d'abord (son écriture magique doit être lue une fois)"
        )));
    }
    let needs = scroll.spells[spell - 1].needs;
    let gap = needs.saturating_sub(who.level);
    let chance = failure_chance(who.level, needs);
    let (roll, failed) = if chance == 0 {
        (None, false)
    } else {
        let roll = Expr::dice(1, 100).roll(dice);
        let failed = roll.total <= i64::from(chance);
        (Some(roll), failed)
    };
    let outcome = failed.then(|| {
        let (roll, entry) = failure.roll_band(i64::from(gap), dice);
        let outcome = entry
            .props
            .outcome
            .clone()
            .unwrap_or_else(|| "fails".into());
        (roll, outcome)
    });
    Ok(Cast {
        spell,
        level,
        gap,
        chance,
        roll,
        failed,
        outcome,
    })
}

/// Copy spell `spell` into a spellbook: it vanishes from the scroll (AD&D 2e DMG). Only a caster
/// of the scroll's kind can.
pub fn copy(scroll: &Item, spell: usize, who: &Character) -> Result<u8, Refused> {
    let level = usable_spell(scroll, spell)?;
    caster_check(scroll, who)?;
    Ok(level)
}

/// Whether `who` can read `scroll` to learn what it holds: spell scrolls need the ability to
/// read magic (the scroll's own kind of caster, or `--reads-magic`); protection scrolls, maps
/// and curses need only a reader of some language.
pub fn can_read(scroll: &Item, who: &Character) -> Result<(), Refused> {
    let (name, reader) = (scroll.name(), &who.name);
    if scroll.status == Status::Faded {
        return Err(Refused(tr!(
            "{name} has faded: there is nothing left to read",
            "{name} s'est effacé : il n'y a plus rien à lire"
        )));
    }
    match kind(scroll).filter(|_| is_spell_scroll(scroll)) {
        Some(kind) if !class::reads_spells(who, kind) => Err(Refused(tr!(
            "{reader} cannot read magic: a spell scroll needs read magic (a {} or --reads-magic)",
            "{reader} ne sait pas lire la magie : un parchemin de sorts l'exige (un {} ou --reads-magic)",
            match kind {
                Caster::Wizard => tr!("wizard", "magicien"),
                Caster::Priest => tr!("priest", "prêtre"),
            }
        ))),
        Some(_) => Ok(()),
        None if !who.literate => Err(Refused(tr!(
            "{reader} cannot read: even a protection scroll needs a reader",
            "{reader} ne sait pas lire : même un parchemin de protection demande un lecteur"
        ))),
        None => Ok(()),
    }
}

/// Reading a protection scroll: it is used up and protects its reader for `turns` turns.
/// The effects of several protections stack; their durations do not (the caller keeps the
/// later end for a protection already running).
pub fn protect(scroll: &Item, who: &Character, turns: i64, now: i64) -> Result<i64, Refused> {
    let name = scroll.name();
    can_read(scroll, who)?;
    if scroll.identity.kind.as_deref() != Some("protection") {
        return Err(Refused(tr!(
            "{name} is not a protection scroll",
            "{name} n'est pas un parchemin de protection"
        )));
    }
    if scroll.status == Status::Consumed {
        return Err(Refused(tr!(
            "{name} was already read: a protection scroll works once",
            "{name} a déjà été lu : un parchemin de protection ne sert qu'une fois"
        )));
    }
    if turns <= 0 {
        return Err(Refused(tr!(
            "give the protection's duration in turns (its description in the DMG): --turns N",
            "donnez la durée de la protection en tours (sa description dans le Guide) : --turns N"
        )));
    }
    Ok(now.saturating_add(turns.saturating_mul(super::clock::ROUNDS_PER_TURN)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::scripted::Scripted;
    use crate::rules::item::{Identity, Knowledge, ScrollSpell};
    use crate::rules::tables::{Tables, shipped};

    fn wizard(level: u8) -> Character {
        Character {
            name: "Mordenkainen".into(),
            class: Some("magic-user".into()),
            level,
            str: 9,
            wis: 12,
            hp: 10,
            hp_max: 10,
            ..crate::rules::fixtures::character("w")
        }
    }

    fn scroll(levels: &[(u8, u8)]) -> Item {
        let identity = Identity {
            kind: Some("spell".into()),
            caster: Some("wizard".into()),
            ..Identity::default()
        };
        let mut item = Item::new(
            "s".into(),
            "Scroll".into(),
            "Parchemin".into(),
            Category::Scroll,
            identity,
        );
        item.spells = levels
            .iter()
            .map(|&(level, needs)| ScrollSpell {
                level,
                needs,
                written_at: needs.max(5) + 1,
                erased: false,
            })
            .collect();
        item.known.insert("w".into(), Knowledge::Full);
        item
    }

    fn failure() -> Table {
        Tables::parse(&shipped())
            .unwrap()
            .get("scroll-failure")
            .unwrap()
            .clone()
    }

    #[test]
    fn fade_chance_is_fixed_or_1d6_times_5() {
        assert_eq!(fade_chance(Some(15), &mut Scripted::new(&[])), (15, None));
        assert_eq!(
            fade_chance(Some(50), &mut Scripted::new(&[])).0,
            30,
            "never above 30 %"
        );
        assert_eq!(
            fade_chance(Some(1), &mut Scripted::new(&[])).0,
            5,
            "never below 5 %"
        );
        assert_eq!(fade_chance(None, &mut Scripted::new(&[1])).0, 5);
        assert_eq!(fade_chance(None, &mut Scripted::new(&[6])).0, 30);
        assert!(
            fades(15, &mut Scripted::new(&[15])).1,
            "at the chance: fades"
        );
        assert!(!fades(15, &mut Scripted::new(&[16])).1);
    }

    #[test]
    fn five_percent_per_level_lacking() {
        assert_eq!(failure_chance(9, 9), 0, "gap 0: never fails");
        assert_eq!(failure_chance(12, 9), 0);
        assert_eq!(failure_chance(8, 9), 5);
        assert_eq!(failure_chance(1, 17), 80, "gap 16");
        assert_eq!(failure_chance(1, 30), 100, "capped");
    }

    #[test]
    fn a_caster_at_the_level_needed_never_rolls() {
        let cast = cast(
            &scroll(&[(3, 5)]),
            1,
            &wizard(5),
            &failure(),
            &mut Scripted::new(&[]),
        )
        .unwrap();
        assert_eq!(
            (cast.gap, cast.chance, cast.failed, cast.roll),
            (0, 0, false, None)
        );
    }

    #[test]
    fn a_low_caster_fails_on_the_roll_and_the_band_decides_how() {
        // Gap 4 (needs 5, level 1): 20 %. d100 = 20 fails; band 4-6: 86-00 is reversed.
        let c = cast(
            &scroll(&[(3, 5)]),
            1,
            &wizard(1),
            &failure(),
            &mut Scripted::new(&[20, 90]),
        )
        .unwrap();
        assert_eq!((c.gap, c.chance, c.failed), (4, 20, true));
        assert_eq!(c.outcome.unwrap().1, "reversed");
        let c = cast(
            &scroll(&[(3, 5)]),
            1,
            &wizard(1),
            &failure(),
            &mut Scripted::new(&[21]),
        )
        .unwrap();
        assert!(!c.failed && c.outcome.is_none());
        // Gap 16 (needs 17, level 1): 80 %; the corrected band: 01-30 fails, 31-00 reversed.
        let c = cast(
            &scroll(&[(9, 17)]),
            1,
            &wizard(1),
            &failure(),
            &mut Scripted::new(&[1, 31]),
        )
        .unwrap();
        assert_eq!((c.gap, c.chance), (16, 80));
        assert_eq!(c.outcome.unwrap().1, "reversed");
        let c = cast(
            &scroll(&[(9, 17)]),
            1,
            &wizard(1),
            &failure(),
            &mut Scripted::new(&[1, 30]),
        )
        .unwrap();
        assert_eq!(c.outcome.unwrap().1, "fails");
    }

    #[test]
    fn erased_unknown_or_foreign_spells_are_refused() {
        let mut s = scroll(&[(1, 1), (2, 3)]);
        s.spells[0].erased = true;
        assert!(cast(&s, 1, &wizard(5), &failure(), &mut Scripted::new(&[])).is_err());
        assert!(
            cast(&s, 2, &wizard(5), &failure(), &mut Scripted::new(&[])).is_ok(),
            "the others stay"
        );
        assert!(cast(&s, 3, &wizard(5), &failure(), &mut Scripted::new(&[])).is_err());
        let mut fighter = wizard(5);
        fighter.class = Some("fighter".into());
        assert!(cast(&s, 2, &fighter, &failure(), &mut Scripted::new(&[])).is_err());
        let mut unread = scroll(&[(1, 1)]);
        unread.known.clear();
        assert!(cast(&unread, 1, &wizard(5), &failure(), &mut Scripted::new(&[])).is_err());
    }

    #[test]
    fn reading_needs_read_magic_except_for_protections() {
        let mut fighter = wizard(5);
        fighter.class = Some("fighter".into());
        assert!(can_read(&scroll(&[(1, 1)]), &fighter).is_err());
        fighter.reads_magic = true;
        assert!(can_read(&scroll(&[(1, 1)]), &fighter).is_ok());
        let protection = Item::new(
            "p".into(),
            "Protection".into(),
            "Protection".into(),
            Category::Scroll,
            Identity {
                kind: Some("protection".into()),
                ..Identity::default()
            },
        );
        let mut reader = wizard(1);
        reader.class = Some("fighter".into());
        assert!(can_read(&protection, &reader).is_ok());
        assert_eq!(protect(&protection, &reader, 6, 100), Ok(160));
        reader.literate = false;
        assert!(can_read(&protection, &reader).is_err());
    }
}
