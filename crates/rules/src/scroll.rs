//! Scrolls (AD&D 2e DMG, Scrolls): fading when taken unread, who can read what, casting a
//! spell (and failing, for a caster below the level it needs), copying, and protection
//! scrolls.

use super::character::Character;
use super::class::{self, Caster};
use super::dice::{Dice, Expr, Roll};
use super::item::{Category, Item, Names, Slot, Status};
use super::tables::Table;

/// Why a scroll cannot be read, cast or copied (words are the edge's).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    NotAScroll {
        item: Names,
    },
    /// Faded before it was read: blank.
    Faded {
        item: Names,
    },
    NoSpells {
        item: Names,
    },
    NoSuchSpell {
        item: Names,
        count: usize,
    },
    /// Cast or copied already: erased.
    Erased {
        item: Names,
        spell: usize,
    },
    /// Only the scroll's kind of caster casts or copies from it.
    NotACaster {
        reader: String,
        kind: Caster,
    },
    /// Its magic writing must be read once before a spell is cast from it.
    NotReadYet {
        reader: String,
        item: Names,
    },
    /// A spell scroll needs read magic: the scroll's kind of caster (any caster when the kind
    /// is not known), or a character who reads magic.
    NeedsReadMagic {
        reader: String,
        kind: Option<Caster>,
    },
    /// A map needs comprehend languages or the ability to read unknown languages.
    NeedsComprehendLanguages {
        reader: String,
        item: Names,
    },
    /// Even a protection scroll needs a reader of some language.
    Illiterate {
        reader: String,
    },
    /// The sword that would read for its wielder controls them: it reads nothing for them
    /// until the control ends.
    SwordInControl {
        reader: String,
        sword: Names,
    },
    NotAProtection {
        item: Names,
    },
    /// A protection scroll works once.
    AlreadyRead {
        item: Names,
    },
    /// Its duration in turns must be given (from its description).
    NoDuration,
}

/// The chances (%) a referee may fix for a scroll taken unread to fade (« de 5 % à 30 % de
/// chances de s'effacer »).
pub const FADE_CHANCES: std::ops::RangeInclusive<u8> = 5..=30;

/// The chance that a scroll taken unread fades. Stated for `hoard explain`, citing the book.
pub const FADING: super::statement::Statement = super::statement::Statement {
    en: "A scroll taken and not read at once fades with a chance of 5 to 30 %: fixed by the referee, or 1d6 × 5 % (AD&D 2e DMG, Scrolls).",
    fr: "Un parchemin pris en main sans être lu aussitôt s'efface avec 5 à 30 % de chances : fixées par le MD, ou 1d6 × 5 % (AD&D 2e, Guide du maître, Parchemins).",
};

/// The chance (%) that a scroll taken unread fades: the campaign's fixed 5–30 %, or 1d6 × 5 %
/// rolled for this scroll (« C'est le MD qui fixe ce pourcentage ou qui le détermine
/// aléatoirement en lançant 1d6 (fois 5 %) »).
pub fn fade_chance(setting: Option<u8>, dice: &mut impl Dice) -> (u8, Option<Roll>) {
    match setting {
        Some(fixed) => (
            fixed.clamp(*FADE_CHANCES.start(), *FADE_CHANCES.end()),
            None,
        ),
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

/// Whether the item is a spell scroll (and not a protection scroll, a map or a curse): one
/// that holds spells, or that the referee calls a spell scroll (`--kind spell`).
pub fn is_spell_scroll(item: &Item) -> bool {
    item.category == Category::Scroll
        && (!item.spells.is_empty() || item.identity.kind.as_deref() == Some("spell"))
}

/// What a scroll is written in, which decides who can read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Writing {
    /// Magic writing, of this kind of caster if known (« Chaque parchemin de sorts est écrit
    /// dans un langage magique particulier »).
    Spells(Option<Caster>),
    /// A map (« Même une carte est indéchiffrable sans un sort de compréhension des langues ou
    /// la capacité à lire des langues inconnues »).
    Map,
    /// Protection scrolls and curses: any language (« lus (et compris) par n'importe quelle
    /// créature sachant lire au moins une langue »).
    Plain,
}

pub fn writing(scroll: &Item) -> Writing {
    if is_spell_scroll(scroll) {
        Writing::Spells(kind(scroll))
    } else if scroll.identity.kind.as_deref() == Some("map") {
        Writing::Map
    } else {
        Writing::Plain
    }
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

fn usable_spell(scroll: &Item, spell: usize) -> Result<u8, Refusal> {
    let item = || scroll.names();
    if scroll.category != Category::Scroll {
        return Err(Refusal::NotAScroll { item: item() });
    }
    if scroll.status == Status::Faded {
        return Err(Refusal::Faded { item: item() });
    }
    if scroll.spells.is_empty() {
        return Err(Refusal::NoSpells { item: item() });
    }
    let count = scroll.spells.len();
    let Some(s) = spell.checked_sub(1).and_then(|i| scroll.spells.get(i)) else {
        return Err(Refusal::NoSuchSpell {
            item: item(),
            count,
        });
    };
    if s.erased {
        return Err(Refusal::Erased {
            item: item(),
            spell,
        });
    }
    Ok(s.level)
}

fn caster_check(scroll: &Item, who: &Character) -> Result<(), Refusal> {
    match kind(scroll) {
        Some(kind) if class::caster(who.class.as_deref()) != Some(kind) => {
            Err(Refusal::NotACaster {
                reader: who.name.clone(),
                kind,
            })
        }
        _ => Ok(()),
    }
}

/// Casting from a scroll, and failing below the level a spell needs.
/// Stated for `hoard explain`, citing the book.
pub const CASTING: super::statement::Statement = super::statement::Statement {
    en: "A caster below the level a spell needs fails with 5 % per level lacking; on a failure, d100 on the level-gap table: total failure or a reversed or harmful effect (AD&D 2e DMG, Scrolls). The spell is erased either way.",
    fr: "Un lanceur sous le niveau requis échoue à 5 % par niveau d'écart ; en cas d'échec, d100 sur la table des écarts : échec total ou effet inverse ou néfaste (AD&D 2e, Guide du maître, Parchemins). Le sort s'efface dans tous les cas.",
};

/// Cast spell `spell` (1-based) of `scroll`. A caster below the level the spell needs fails
/// with 5 % per level lacking; on a failure, d100 on the failure table's band for that gap.
/// The spell is erased either way.
pub fn cast(
    scroll: &Item,
    spell: usize,
    who: &Character,
    failure: &Table,
    dice: &mut impl Dice,
) -> Result<Cast, Refusal> {
    let level = usable_spell(scroll, spell)?;
    caster_check(scroll, who)?;
    if scroll.knowledge(&who.id).is_none() {
        return Err(Refusal::NotReadYet {
            reader: who.name.clone(),
            item: scroll.names(),
        });
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

/// Copying a spell from a scroll. Stated for `hoard explain`, citing the book.
pub const COPYING: super::statement::Statement = super::statement::Statement {
    en: "Copying a spell erases it from the scroll (AD&D 2e DMG, Scrolls).",
    fr: "Copier un sort l'efface du parchemin (AD&D 2e, Guide du maître, Parchemins).",
};

/// Copy spell `spell` into a spellbook: it vanishes from the scroll. Only a caster of the
/// scroll's kind can.
pub fn copy(scroll: &Item, spell: usize, who: &Character) -> Result<u8, Refusal> {
    let level = usable_spell(scroll, spell)?;
    caster_check(scroll, who)?;
    Ok(level)
}

/// Whether `who` can read `scroll` to learn what it holds: every spell scroll needs the
/// ability to read magic (« il est nécessaire d'avoir la capacité de lire la magie pour
/// identifier son contenu »: the scroll's own kind of caster, any caster when its kind is not
/// known, or `--reads-magic`); a map needs the ability to read unknown languages; protection
/// scrolls and curses need only a reader of some language.
pub fn can_read(scroll: &Item, who: &Character) -> Result<(), Refusal> {
    if scroll.status == Status::Faded {
        return Err(Refusal::Faded {
            item: scroll.names(),
        });
    }
    let reader = || who.name.clone();
    match writing(scroll) {
        Writing::Spells(kind) => {
            let reads = match kind {
                Some(kind) => class::reads_spells(who, kind),
                None => who.reads_magic || class::caster(who.class.as_deref()).is_some(),
            };
            if reads {
                Ok(())
            } else {
                Err(Refusal::NeedsReadMagic {
                    reader: reader(),
                    kind,
                })
            }
        }
        Writing::Map if !who.reads_languages => Err(Refusal::NeedsComprehendLanguages {
            reader: reader(),
            item: scroll.names(),
        }),
        Writing::Plain if !who.literate => Err(Refusal::Illiterate { reader: reader() }),
        Writing::Map | Writing::Plain => Ok(()),
    }
}

/// Who reads `scroll` for `who`, who holds `held`: `None`, they read it themselves
/// ([`can_read`]); else the sentient sword in their hand that reads, if one does (OSE
/// *Sentient Swords*, Communication: « L'épée peut lire toutes les langues qu'elle est capable
/// de parler, ainsi que les inscriptions magiques »): magic writing, and writing in any
/// language, since it reads at least its alignment's; not a map, which needs the ability to
/// read unknown languages. Reading is a use of the sword, so it must be in hand, as a use is;
/// and a sword in control of its wielder reads nothing for them — what they do is then the
/// sword's to decide (« elle prend le contrôle sur les actions du personnage »).
pub fn read_by<'a>(
    scroll: &Item,
    who: &Character,
    held: &'a [Item],
) -> Result<Option<&'a Item>, Refusal> {
    let refusal = match can_read(scroll, who) {
        Ok(()) => return Ok(None),
        Err(refusal @ (Refusal::Faded { .. } | Refusal::NeedsComprehendLanguages { .. })) => {
            return Err(refusal);
        }
        Err(refusal) => refusal,
    };
    let wielded = held.iter().find(|i| reads_for(i, &who.id));
    let Some(sword) = wielded else {
        return Err(refusal);
    };
    if sword
        .control
        .as_ref()
        .is_some_and(|c| c.character == who.id)
    {
        return Err(Refusal::SwordInControl {
            reader: who.name.clone(),
            sword: sword.names(),
        });
    }
    Ok(Some(sword))
}

/// Whether `sword` is one that could read for the character `who`: a sentient sword that
/// reads, in their hand (whether it will, under its control, is [`read_by`]'s).
pub fn reads_for(sword: &Item, who: &str) -> bool {
    sword.holder.as_deref() == Some(who)
        && sword.worn == Some(Slot::Hand)
        && sword.sentience().is_some_and(|m| m.reads)
}

/// Whether a comprehend languages spell lets `who` read `scroll`: a map, yes; a spell scroll
/// still needs read magic; other scrolls read as usual.
pub fn comprehend(scroll: &Item, who: &Character) -> Result<(), Refusal> {
    match writing(scroll) {
        Writing::Map if scroll.status != Status::Faded => Ok(()),
        _ => can_read(scroll, who),
    }
}

/// Reading a protection scroll: it is used up and protects its reader for `turns` turns.
/// The effects of several protections stack; their durations do not (the caller keeps the
/// later end for a protection already running).
pub fn protect(
    scroll: &Item,
    who: &Character,
    turns: i64,
    now: i64,
    round: super::clock::Round,
) -> Result<i64, Refusal> {
    let item = || scroll.names();
    can_read(scroll, who)?;
    if scroll.identity.kind.as_deref() != Some("protection") {
        return Err(Refusal::NotAProtection { item: item() });
    }
    if scroll.status == Status::Consumed {
        return Err(Refusal::AlreadyRead { item: item() });
    }
    if turns <= 0 {
        return Err(Refusal::NoDuration);
    }
    let per_turn = round.per(super::clock::Unit::Turns);
    Ok(now.saturating_add(turns.saturating_mul(per_turn)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::scripted::Scripted;
    use crate::item::{Identity, Knowledge, ScrollSpell};
    use crate::tables::{Tables, shipped};

    fn wizard(level: u8) -> Character {
        Character {
            name: "Mordenkainen".into(),
            class: Some("magic-user".into()),
            level,
            str: 9,
            wis: 12,
            hp: 10,
            hp_max: 10,
            ..crate::fixtures::character("w")
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

    fn scroll_of(kind: &str) -> Item {
        Item::new(
            "m".into(),
            "Map".into(),
            "Carte".into(),
            Category::Scroll,
            Identity {
                kind: Some(kind.into()),
                ..Identity::default()
            },
        )
    }

    #[test]
    fn a_map_needs_comprehend_languages_or_reading_unknown_languages() {
        let mut fighter = wizard(5);
        fighter.class = Some("fighter".into());
        let map = scroll_of("map");
        assert!(matches!(
            can_read(&map, &fighter),
            Err(Refusal::NeedsComprehendLanguages { .. })
        ));
        assert!(
            can_read(&map, &wizard(9)).is_err(),
            "read magic is not reading languages"
        );
        assert_eq!(comprehend(&map, &fighter), Ok(()), "the spell");
        fighter.reads_languages = true;
        assert_eq!(can_read(&map, &fighter), Ok(()), "the ability");
    }

    #[test]
    fn every_spell_scroll_needs_read_magic_even_one_added_by_hand() {
        let mut fighter = wizard(5);
        fighter.class = Some("fighter".into());
        let by_hand = scroll_of("spell");
        assert!(
            is_spell_scroll(&by_hand),
            "no spells listed, but a spell scroll"
        );
        assert_eq!(
            can_read(&by_hand, &fighter),
            Err(Refusal::NeedsReadMagic {
                reader: "Mordenkainen".into(),
                kind: None
            })
        );
        assert!(
            comprehend(&by_hand, &fighter).is_err(),
            "comprehend languages is not read magic"
        );
        let mut cleric = wizard(5);
        cleric.class = Some("cleric".into());
        assert_eq!(
            can_read(&by_hand, &cleric),
            Ok(()),
            "kind unknown: any caster"
        );
        assert_eq!(can_read(&by_hand, &wizard(1)), Ok(()));
        fighter.reads_magic = true;
        assert_eq!(can_read(&by_hand, &fighter), Ok(()));
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
        let adnd = crate::clock::Round::Adnd;
        assert_eq!(protect(&protection, &reader, 6, 100, adnd), Ok(160));
        let ose = crate::clock::Round::Ose;
        assert_eq!(protect(&protection, &reader, 6, 100, ose), Ok(460));
        reader.literate = false;
        assert!(can_read(&protection, &reader).is_err());
    }

    /// A sentient sword held by `w` (the wizard fixture's id), of INT `int`.
    fn sword(int: u8, slot: Option<Slot>) -> Item {
        let mut sword = Item::new(
            "s".into(),
            "Blade".into(),
            "Lame".into(),
            Category::Sword,
            Identity {
                sentience: Some(crate::item::Sentience {
                    int,
                    ego: 6,
                    alignment: crate::alignment::Alignment::Neutral,
                    communication: "speech".into(),
                    reads: int >= 11,
                    languages: 1,
                    sensory_powers: vec![],
                    extraordinary_powers: vec![],
                    special_purpose: None,
                }),
                ..Identity::default()
            },
        );
        sword.holder = Some("w".into());
        sword.worn = slot;
        sword
    }

    #[test]
    fn a_sword_in_hand_that_reads_reads_magic_for_its_wielder() {
        let mut fighter = wizard(5);
        fighter.class = Some("fighter".into());
        let spells = scroll(&[(1, 1)]);
        let in_hand = [sword(11, Some(Slot::Hand))];
        assert_eq!(read_by(&spells, &fighter, &in_hand), Ok(Some(&in_hand[0])));
        // One who reads it themselves needs no sword.
        assert_eq!(read_by(&spells, &wizard(5), &in_hand), Ok(None));
        // Carried, not in hand; INT 10, which does not read; another's: no help.
        for held in [
            sword(12, None),
            sword(10, Some(Slot::Hand)),
            Item {
                holder: Some("x".into()),
                ..sword(12, Some(Slot::Hand))
            },
        ] {
            assert!(matches!(
                read_by(&spells, &fighter, &[held]),
                Err(Refusal::NeedsReadMagic { .. })
            ));
        }
    }

    #[test]
    fn a_sword_reads_any_language_but_not_a_map_nor_for_one_it_controls() {
        let mut fighter = wizard(5);
        fighter.class = Some("fighter".into());
        fighter.literate = false;
        let in_hand = [sword(12, Some(Slot::Hand))];
        let protection = scroll_of("protection");
        assert_eq!(
            read_by(&protection, &fighter, &in_hand),
            Ok(Some(&in_hand[0]))
        );
        assert!(matches!(
            read_by(&scroll_of("map"), &fighter, &in_hand),
            Err(Refusal::NeedsComprehendLanguages { .. })
        ));
        let mut master = sword(12, Some(Slot::Hand));
        master.control = Some(crate::item::Control {
            character: "w".into(),
            trigger: crate::item::Trigger::Alignment,
            since: 1,
            since_round: 0,
            weapon: None,
            waiting: vec![],
        });
        assert_eq!(
            read_by(&scroll(&[(1, 1)]), &fighter, &[master]),
            Err(Refusal::SwordInControl {
                reader: fighter.name.clone(),
                sword: Names {
                    en: "Blade".into(),
                    fr: "Lame".into()
                }
            })
        );
    }
}
