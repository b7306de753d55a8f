//! Identification (AD&D 2e DMG): how a character learns what an item is — tasting a potion,
//! reading a scroll's magic writing, an identify spell, a bard's lore (5 % per level, 10 % for
//! musical instruments after 1d10 rounds of study), appraisal, a wish for books — and how they
//! learn a sentient sword's alignment (only by touch).

use std::str::FromStr;

use crate::character::Character;
use crate::coins::Coins;
use crate::dice::{Dice, Expr, Roll};
use crate::item::{Category, Item, Knowledge};
use crate::scroll;

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    Taste,
    ReadMagic,
    Spell,
    BardLore,
    Wish,
    /// The spell comprehend languages: a map becomes readable.
    ComprehendLanguages,
    /// A valuable's worth, told by a jeweller, a sage or a merchant.
    Appraise,
}

/// A method `identify --method` does not know: what was typed, trimmed and in lower case (its
/// words: `i18n::known`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownMethod(pub String);

impl FromStr for Method {
    type Err = UnknownMethod;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_lowercase().as_str() {
            "taste" | "goûter" | "gouter" => Ok(Method::Taste),
            "read-magic" | "read" | "lecture-de-la-magie" => Ok(Method::ReadMagic),
            "spell" | "identify" | "identification" | "sort" => Ok(Method::Spell),
            "bard-lore" | "bard" | "lore" | "barde" => Ok(Method::BardLore),
            "wish" | "souhait" => Ok(Method::Wish),
            "comprehend-languages" | "comprehend" | "compréhension-des-langues" => {
                Ok(Method::ComprehendLanguages)
            }
            "appraise" | "appraisal" | "estimer" | "estimation" => Ok(Method::Appraise),
            other => Err(UnknownMethod(other.to_string())),
        }
    }
}

/// One attempt to identify an item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attempt {
    pub method: Method,
    /// The id of the sentient sword that read the writing for its wielder, if one did.
    pub through: Option<String>,
    /// Bard lore: the chance in percent, the rounds of study and the d100.
    pub chance: Option<u8>,
    pub rounds: Option<Roll>,
    pub roll: Option<Roll>,
    /// What the character knows afterwards, when the attempt taught something.
    pub learned: Option<Knowledge>,
    /// An appraisal that told a worth other than the valuable's: what the character now
    /// believes it is worth (`None`: they know its true worth).
    pub believed: Option<Coins>,
}

fn is_bard(c: &Character) -> bool {
    matches!(
        c.class.as_deref().map(str::to_lowercase).as_deref(),
        Some("bard" | "barde")
    )
}

/// Why a method cannot identify an item (AD&D 2e DMG, *Identifying Magical Items*; its words
/// are the edge's: `view::words`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Unidentifiable {
    KnowsAll {
        person: String,
        item: crate::item::Names,
    },
    NotValuable {
        item: crate::item::Names,
    },
    NotMagic {
        item: crate::item::Names,
    },
    TasteOnlyPotions,
    NoWriting {
        item: crate::item::Names,
    },
    NotAScroll {
        item: crate::item::Names,
    },
    ScrollNeedsReadMagic,
    NotABard {
        person: String,
    },
    StaffTooVaried,
    WandByDivination,
    HouseholdHasNoPast,
    ReadOrTasted,
    /// Reading the item's writing is refused by the scroll rules (with their `reason`).
    #[serde(untagged)]
    Writing(scroll::Refusal),
}

/// The ways to identify an item. Stated for `hoard explain`, citing the book.
pub const IDENTIFICATION: crate::statement::Statement = crate::statement::Statement {
    en: "Identification (AD&D 2e DMG): tasting for potions, read magic for scrolls, an identify spell, a bard's lore (5 % per level, 10 % for instruments after 1d10 rounds), a wish for books.",
    fr: "Identification (AD&D 2e, Guide du maître) : goûter les potions, lire la magie des parchemins, un sort d'identification, le savoir du barde (5 % par niveau, 10 % pour les instruments après 1d10 rounds), un souhait pour les livres.",
};

/// Try to identify `item` for `who`, who holds `held`, by `method`. Refuses a method that
/// cannot work on that item, with the DMG's reason. A scroll's writing `who` cannot read, a
/// sword they wield may read for them ([`scroll::read_by`]).
pub fn identify(
    item: &Item,
    who: &Character,
    method: Method,
    held: &[Item],
    dice: &mut impl Dice,
) -> Result<Attempt, Unidentifiable> {
    use Unidentifiable as U;
    if method == Method::Appraise {
        return appraise(item, who, None);
    }
    let (name, person) = (|| item.names(), || who.name.clone());
    let known = item.knowledge(&who.id);
    if known == Some(Knowledge::Full) {
        return Err(U::KnowsAll {
            person: person(),
            item: name(),
        });
    }
    let plain = |learned| Attempt {
        method,
        through: None,
        chance: None,
        rounds: None,
        roll: None,
        learned: Some(learned),
        believed: None,
    };
    let cannot = Err;
    match (method, item.category) {
        (Method::Appraise, _) => appraise(item, who, None),
        (_, Category::Valuable) => cannot(U::NotMagic { item: name() }),
        (Method::Taste, Category::Potion) => Ok(plain(Knowledge::Full)),
        (Method::Taste, _) => cannot(U::TasteOnlyPotions),
        (Method::ReadMagic, Category::Scroll) => {
            let by = scroll::read_by(item, who, held).map_err(U::Writing)?;
            Ok(Attempt {
                through: by.map(|sword| sword.id.clone()),
                ..plain(Knowledge::Full)
            })
        }
        (Method::ComprehendLanguages, Category::Scroll) => {
            scroll::comprehend(item, who).map_err(U::Writing)?;
            Ok(plain(Knowledge::Full))
        }
        (Method::ComprehendLanguages, _) => cannot(U::NoWriting { item: name() }),
        (Method::ReadMagic, _) => cannot(U::NotAScroll { item: name() }),
        (Method::Spell, Category::Scroll) => cannot(U::ScrollNeedsReadMagic),
        // Books: the spell only tells that it is a magical work of great power.
        (Method::Spell, Category::Book) => Ok(plain(Knowledge::Magical)),
        (Method::Spell, _) => Ok(plain(Knowledge::Full)),
        (Method::BardLore, _) if !is_bard(who) => cannot(U::NotABard { person: person() }),
        (Method::BardLore, Category::Staff) => cannot(U::StaffTooVaried),
        (Method::BardLore, Category::Wand) => cannot(U::WandByDivination),
        (Method::BardLore, Category::Household) => cannot(U::HouseholdHasNoPast),
        (Method::BardLore, Category::Scroll | Category::Potion) => cannot(U::ReadOrTasted),
        (Method::BardLore, category) => {
            let per_level: u8 = if category == Category::Instrument {
                10
            } else {
                5
            };
            let chance = who.level.saturating_mul(per_level).min(100);
            let rounds = (category == Category::Instrument).then(|| Expr::dice(1, 10).roll(dice));
            let roll = Expr::dice(1, 100).roll(dice);
            let success = roll.total <= i64::from(chance);
            let learned = success.then_some(if category == Category::Book {
                Knowledge::Magical
            } else {
                Knowledge::General
            });
            Ok(Attempt {
                method,
                through: None,
                chance: Some(chance),
                rounds,
                roll: Some(roll),
                learned,
                believed: None,
            })
        }
        // A first wish tells a book's general content, a second its exact content.
        (Method::Wish, Category::Book) if known < Some(Knowledge::General) => {
            Ok(plain(Knowledge::General))
        }
        (Method::Wish, _) => Ok(plain(Knowledge::Full)),
    }
}

/// `who` has a valuable appraised, and only a valuable: they learn its worth, or believe the
/// worth `told` when the referee's appraiser says another (a fake gem, a jeweller who lies),
/// until a true appraisal corrects it. A true appraisal is refused only to someone who knows
/// the true worth already; a told one the referee may give at any time. OSE and the DMG leave
/// how a worth is learnt to the referee (`docs/sources.md`).
pub fn appraise(
    item: &Item,
    who: &Character,
    told: Option<Coins>,
) -> Result<Attempt, Unidentifiable> {
    if item.category != Category::Valuable {
        return Err(Unidentifiable::NotValuable { item: item.names() });
    }
    let believed = told.filter(|t| Some(t.copper()) != item.identity.value.map(|v| v.copper()));
    let knows_truth =
        item.knowledge(&who.id) == Some(Knowledge::Full) && !item.appraised.contains_key(&who.id);
    if told.is_none() && knows_truth {
        return Err(Unidentifiable::KnowsAll {
            person: who.name.clone(),
            item: item.names(),
        });
    }
    Ok(Attempt {
        method: Method::Appraise,
        through: None,
        chance: None,
        rounds: None,
        roll: None,
        learned: Some(Knowledge::Full),
        believed,
    })
}

/// Whether `who` knows a sentient sword's alignment: only by touching it, or wielding it (OSE
/// *Sentient Swords*: « L'alignement de l'épée ne peut être déterminé qu'en la touchant »),
/// never by an identify spell.
pub fn knows_alignment(item: &Item, who: &str) -> bool {
    item.touched.iter().any(|t| t == who)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::scripted::Scripted;
    use crate::knowledge::examples::*;
    use crate::knowledge::{KnownName, Look, Looker, revealed};

    #[test]
    fn each_method_works_only_where_the_seed_says() {
        let fighter = person("fighter", 3);
        let mut d = Scripted::new(&[]);
        assert_eq!(
            identify(
                &item(Category::Potion),
                &fighter,
                Method::Taste,
                &[],
                &mut d
            )
            .unwrap()
            .learned,
            Some(Knowledge::Full)
        );
        assert!(identify(&item(Category::Ring), &fighter, Method::Taste, &[], &mut d).is_err());
        assert!(
            identify(
                &item(Category::Ring),
                &fighter,
                Method::ReadMagic,
                &[],
                &mut d
            )
            .is_err()
        );
        assert!(
            identify(
                &item(Category::Scroll),
                &fighter,
                Method::Spell,
                &[],
                &mut d
            )
            .is_err()
        );
        assert_eq!(
            identify(&item(Category::Wand), &fighter, Method::Spell, &[], &mut d)
                .unwrap()
                .learned,
            Some(Knowledge::Full)
        );
        assert_eq!(
            identify(&item(Category::Book), &fighter, Method::Spell, &[], &mut d)
                .unwrap()
                .learned,
            Some(Knowledge::Magical)
        );
        assert!(
            identify(
                &item(Category::Ring),
                &fighter,
                Method::BardLore,
                &[],
                &mut d
            )
            .is_err(),
            "not a bard"
        );
        let bard = person("bard", 4);
        for refused in [
            Category::Staff,
            Category::Wand,
            Category::Household,
            Category::Potion,
            Category::Scroll,
        ] {
            assert!(
                identify(&item(refused), &bard, Method::BardLore, &[], &mut d).is_err(),
                "{refused}"
            );
        }
    }

    #[test]
    fn bard_lore_is_5_percent_a_level_and_10_for_instruments() {
        let bard = person("bard", 4);
        let a = identify(
            &item(Category::Ring),
            &bard,
            Method::BardLore,
            &[],
            &mut Scripted::new(&[20]),
        )
        .unwrap();
        assert_eq!((a.chance, a.learned), (Some(20), Some(Knowledge::General)));
        let a = identify(
            &item(Category::Ring),
            &bard,
            Method::BardLore,
            &[],
            &mut Scripted::new(&[21]),
        )
        .unwrap();
        assert_eq!(a.learned, None);
        let a = identify(
            &item(Category::Instrument),
            &bard,
            Method::BardLore,
            &[],
            &mut Scripted::new(&[7, 40]),
        )
        .unwrap();
        assert_eq!(
            (a.chance, a.rounds.unwrap().total, a.learned),
            (Some(40), 7, Some(Knowledge::General))
        );
        let old = person("bard", 30);
        let a = identify(
            &item(Category::Instrument),
            &old,
            Method::BardLore,
            &[],
            &mut Scripted::new(&[1, 100]),
        )
        .unwrap();
        assert_eq!(a.chance, Some(100), "never above 100 %");
    }

    #[test]
    fn books_need_two_wishes() {
        let p = person("fighter", 1);
        let mut book = item(Category::Book);
        let first = identify(&book, &p, Method::Wish, &[], &mut Scripted::new(&[])).unwrap();
        assert_eq!(first.learned, Some(Knowledge::General));
        book.name = "Libram of Silver Magic".into();
        book.known.insert("p".into(), Knowledge::General);
        assert_eq!(
            seen(&book, "p").name,
            KnownName::GeneralContent {
                look: Look::Book,
                bears_on: Vec::new(),
                alignment: None
            },
            "the first wish tells the general content, not the title"
        );
        let second = identify(&book, &p, Method::Wish, &[], &mut Scripted::new(&[])).unwrap();
        assert_eq!(second.learned, Some(Knowledge::Full));
        book.known.insert("p".into(), Knowledge::Full);
        assert_eq!(
            seen(&book, "p").name,
            true_name("Libram of Silver Magic", "Chose")
        );
        assert!(
            identify(&book, &p, Method::Wish, &[], &mut Scripted::new(&[])).is_err(),
            "nothing left to learn"
        );
    }

    #[test]
    fn a_valuable_is_known_by_appraisal_only() {
        let fighter = person("fighter", 3);
        let mut gem = item(Category::Valuable);
        gem.identity.kind = Some("gem".into());
        gem.identity.value = Some(Coins {
            gp: 500,
            ..Default::default()
        });
        let mut d = Scripted::new(&[]);
        let a = identify(&gem, &fighter, Method::Appraise, &[], &mut d).unwrap();
        assert_eq!(a.learned, Some(Knowledge::Full));
        assert!(identify(&gem, &fighter, Method::Spell, &[], &mut d).is_err());
        assert!(
            identify(
                &item(Category::Ring),
                &fighter,
                Method::Appraise,
                &[],
                &mut d
            )
            .is_err()
        );
        let before = seen(&gem, "p");
        assert_eq!(before.name, KnownName::Unknown(Look::Gem));
        assert_eq!(before.item.identity.value, None, "its worth is not known");
        gem.known.insert("p".into(), Knowledge::Full);
        let after = seen(&gem, "p");
        assert!(after.identified && after.item.identity.value.is_some());
        assert!(!after.magic, "a valuable is never magic");
    }

    #[test]
    fn a_wrong_appraisal_is_believed_until_a_true_one() {
        let gp = |gp| Coins {
            gp,
            ..Default::default()
        };
        let p = person("fighter", 1);
        let mut gem = item(Category::Valuable);
        gem.identity.value = Some(gp(5));
        let told = appraise(&gem, &p, Some(gp(500))).unwrap();
        assert_eq!(
            (told.learned, told.believed),
            (Some(Knowledge::Full), Some(gp(500)))
        );
        let sp = Coins {
            sp: 50,
            ..Default::default()
        };
        assert_eq!(
            appraise(&gem, &p, Some(sp)).unwrap().believed,
            None,
            "the same worth"
        );
        gem.known.insert("p".into(), Knowledge::Full);
        gem.appraised.insert("p".into(), gp(500));
        assert_eq!(seen(&gem, "p").item.identity.value, Some(gp(500)));
        assert!(
            seen(&gem, "p").item.appraised.is_empty(),
            "nobody's belief is shown"
        );
        let both = revealed(&gem, Looker::Party(&["p"]));
        assert_eq!(both.item.identity.value, Some(gp(500)));
        assert_eq!(
            revealed(&gem, Looker::Referee).item.identity.value,
            Some(gp(5))
        );
        assert_eq!(seen(&gem, "q").item.identity.value, None, "never appraised");
        let truth = appraise(&gem, &p, None).unwrap();
        assert_eq!(truth.believed, None, "a true appraisal corrects the belief");
        gem.known.insert("q".into(), Knowledge::Full);
        let party = revealed(&gem, Looker::Party(&["p", "q"]));
        assert_eq!(
            party.item.identity.value,
            Some(gp(5)),
            "the truth outweighs an error"
        );
        gem.appraised.clear();
        assert!(appraise(&gem, &p, None).is_err(), "nothing left to learn");
        assert!(
            appraise(&gem, &p, Some(gp(1))).is_ok(),
            "the referee may still lie"
        );
        assert!(appraise(&item(Category::Ring), &p, Some(gp(1))).is_err());
    }

    #[test]
    fn an_identify_spell_tells_a_sword_but_not_its_alignment() {
        let p = person("fighter", 1);
        let mut sword = item(Category::Sword);
        sword.identity.sentience = Some(mind(crate::alignment::Alignment::Chaotic));
        let spell = identify(&sword, &p, Method::Spell, &[], &mut Scripted::new(&[])).unwrap();
        assert_eq!(spell.learned, Some(Knowledge::Full));
        sword.known.insert("p".into(), Knowledge::Full);
        assert!(!knows_alignment(&sword, "p"));
        let known = seen(&sword, "p");
        let m = known.mind.expect("the spell tells the sword's mind");
        assert_eq!(
            (m.int, m.ego, m.alignment),
            (7, 1, None),
            "not its alignment"
        );
        assert_eq!(known.alignment, None);
        assert_eq!(known.item.identity.sentience, None, "the mind is `mind`");
        sword.touched.push("p".into());
        assert!(knows_alignment(&sword, "p"), "learnt by touch");
        assert!(!knows_alignment(&sword, "q"));
        let known = seen(&sword, "p");
        assert_eq!(known.mind.and_then(|m| m.alignment), known.alignment);
        assert!(known.alignment.is_some());
    }

    #[test]
    fn methods_are_read_in_either_language_and_an_unknown_one_is_kept() {
        assert_eq!("Goûter".parse(), Ok(Method::Taste));
        assert_eq!(" Identify ".parse(), Ok(Method::Spell));
        assert_eq!(
            " Prayer ".parse::<Method>(),
            Err(UnknownMethod("prayer".into()))
        );
    }
}
