//! Identification (AD&D 2e DMG): what each character knows of an item, how they learn it —
//! tasting a potion, reading a scroll's magic writing, an identify spell, a bard's lore (5 %
//! per level, 10 % for musical instruments after 1d10 rounds of study), a wish for books — and
//! what an item looks like to someone who does not know it.

use std::str::FromStr;

use super::Refused;
use super::character::Character;
use super::dice::{Dice, Expr, Roll};
use super::item::{Category, Item, Knowledge};
use super::scroll;
use crate::tr;

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

impl FromStr for Method {
    type Err = Refused;

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
            other => Err(Refused(tr!(
                "unknown method {other:?}: taste, read-magic, spell, bard-lore, wish, comprehend-languages or appraise",
                "méthode inconnue {other:?} : taste, read-magic, spell, bard-lore, wish, comprehend-languages ou appraise"
            ))),
        }
    }
}

/// One attempt to identify an item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attempt {
    pub method: Method,
    /// Bard lore: the chance in percent, the rounds of study and the d100.
    pub chance: Option<u8>,
    pub rounds: Option<Roll>,
    pub roll: Option<Roll>,
    /// What the character knows afterwards, when the attempt taught something.
    pub learned: Option<Knowledge>,
}

fn is_bard(c: &Character) -> bool {
    matches!(
        c.class.as_deref().map(str::to_lowercase).as_deref(),
        Some("bard" | "barde")
    )
}

/// Try to identify `item` for `who` by `method`. Refuses a method that cannot work on that
/// item, with the DMG's reason.
pub fn identify(
    item: &Item,
    who: &Character,
    method: Method,
    dice: &mut impl Dice,
) -> Result<Attempt, Refused> {
    let (name, person) = (item.name(), &who.name);
    let known = item.knowledge(&who.id);
    if known == Some(Knowledge::Full) {
        return Err(Refused(tr!(
            "{person} already knows all about {name}",
            "{person} sait déjà tout de {name}"
        )));
    }
    let plain = |learned| Attempt {
        method,
        chance: None,
        rounds: None,
        roll: None,
        learned: Some(learned),
    };
    let cannot = |why: String| Err(Refused(why));
    match (method, item.category) {
        // A valuable's worth is learnt by appraisal, and only a valuable's.
        (Method::Appraise, Category::Valuable) => Ok(plain(Knowledge::Full)),
        (Method::Appraise, _) => cannot(tr!(
            "appraisal tells what a valuable is worth; {name} is not a valuable",
            "une estimation dit ce que vaut un objet de valeur ; {name} n'en est pas un"
        )),
        (_, Category::Valuable) => cannot(tr!(
            "{name} is not magic: its worth is learnt by appraisal (--method appraise)",
            "{name} n'est pas magique : sa valeur s'apprend par une estimation (--method appraise)"
        )),
        (Method::Taste, Category::Potion) => Ok(plain(Knowledge::Full)),
        (Method::Taste, _) => cannot(tr!(
            "only potions and oils are identified by tasting",
            "seules les potions et huiles s'identifient en les goûtant"
        )),
        (Method::ReadMagic, Category::Scroll) => {
            scroll::can_read(item, who)?;
            Ok(plain(Knowledge::Full))
        }
        (Method::ComprehendLanguages, Category::Scroll) => {
            scroll::comprehend(item, who)?;
            Ok(plain(Knowledge::Full))
        }
        (Method::ComprehendLanguages, _) => cannot(tr!(
            "comprehend languages reads writing: maps and scrolls, not {name}",
            "la compréhension des langues lit les écrits : cartes et parchemins, pas {name}"
        )),
        (Method::ReadMagic, _) => cannot(tr!(
            "reading magic identifies scrolls, not {name}",
            "la lecture de la magie identifie les parchemins, pas {name}"
        )),
        (Method::Spell, Category::Scroll) => cannot(tr!(
            "a scroll's contents need read magic, not an identify spell (AD&D 2e DMG)",
            "le contenu d'un parchemin exige la lecture de la magie, pas un sort d'identification"
        )),
        // Books: the spell only tells that it is a magical work of great power.
        (Method::Spell, Category::Book) => Ok(plain(Knowledge::Magical)),
        (Method::Spell, _) => Ok(plain(Knowledge::Full)),
        (Method::BardLore, _) if !is_bard(who) => cannot(tr!(
            "{person} is not a bard: bard lore needs a bard",
            "{person} n'est pas barde : le savoir légendaire est celui des bardes"
        )),
        (Method::BardLore, Category::Staff) => cannot(tr!(
            "staves are too varied for a bard to know without a magical examination (AD&D 2e DMG)",
            "les bâtons sont trop variés pour qu'un barde les reconnaisse sans examen magique"
        )),
        (Method::BardLore, Category::Wand) => cannot(tr!(
            "a wand's nature is learnt almost only by divination spells (AD&D 2e DMG)",
            "la nature d'une baguette ne s'apprend presque que par divination"
        )),
        (Method::BardLore, Category::Household) => cannot(tr!(
            "household items have no legendary past a bard could know (AD&D 2e DMG)",
            "les objets domestiques n'ont pas de passé légendaire qu'un barde pourrait connaître"
        )),
        (Method::BardLore, Category::Scroll | Category::Potion) => cannot(tr!(
            "scrolls are read and potions tasted: bard lore does not tell them",
            "les parchemins se lisent et les potions se goûtent : le savoir du barde n'y suffit pas"
        )),
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
                chance: Some(chance),
                rounds,
                roll: Some(roll),
                learned,
            })
        }
        // A first wish tells a book's general content, a second its exact content.
        (Method::Wish, Category::Book) if known < Some(Knowledge::General) => {
            Ok(plain(Knowledge::General))
        }
        (Method::Wish, _) => Ok(plain(Knowledge::Full)),
    }
}

/// What an item is called by someone who does not know what it is.
pub fn disguise(item: &Item) -> (&'static str, &'static str) {
    let kind = item.identity.kind.as_deref();
    match item.category {
        Category::Potion if kind == Some("oil") => ("unknown oil", "huile inconnue"),
        Category::Potion => ("unknown potion", "potion inconnue"),
        Category::Scroll if scroll::is_spell_scroll(item) => (
            "scroll in an unknown hand",
            "parchemin d'une écriture inconnue",
        ),
        Category::Scroll => ("scroll", "parchemin"),
        Category::Ring => ("ring", "anneau"),
        Category::Rod => ("rod", "sceptre"),
        Category::Staff => ("staff", "bâton"),
        Category::Wand => ("wand", "baguette"),
        Category::Book => ("book of mystic lore", "ouvrage de savoir mystique"),
        Category::Clothing => ("garment", "vêtement"),
        Category::Boots => ("boots or gloves", "bottes ou gants"),
        Category::Household => ("household object", "objet domestique"),
        Category::Instrument => ("musical instrument", "instrument de musique"),
        Category::Misc => ("curious object", "objet curieux"),
        Category::Armor if kind == Some("shield") => ("shield", "bouclier"),
        Category::Armor => ("suit of armor", "armure"),
        Category::Sword => match item.identity.blade.as_deref() {
            Some("long") => ("long sword", "épée longue"),
            Some("broad") => ("broad sword", "épée large"),
            Some("scimitar") => ("scimitar", "cimeterre"),
            Some("falchion") => ("falchion", "fauchon"),
            Some("short") => ("short sword", "épée courte"),
            Some("bastard") => ("bastard sword", "épée bâtarde"),
            Some("two-handed") => ("two-handed sword", "épée à deux mains"),
            _ => ("sword", "épée"),
        },
        Category::Weapon => ("weapon", "arme"),
        Category::Valuable => match kind {
            Some("gem") => ("gem", "gemme"),
            Some("jewelry") => ("piece of jewelry", "bijou"),
            Some("art") => ("object of art", "objet d'art"),
            _ => ("valuable", "objet de valeur"),
        },
    }
}

/// Whether `who` knows a sentient sword's alignment: only by touching it, or wielding it (OSE
/// *Sentient Swords*: « L'alignement de l'épée ne peut être déterminé qu'en la touchant »),
/// never by an identify spell.
pub fn knows_alignment(item: &Item, who: &str) -> bool {
    item.touched.iter().any(|t| t == who)
}

/// The name `who` knows the item by.
pub fn name_for(item: &Item, who: &str) -> String {
    match item.knowledge(who) {
        // A first wish tells a book's general content, not what it is exactly (AD&D 2e DMG,
        // Books: « révélant son contenu général et sur quelles classes ou caractéristiques
        // celui-ci a la plus grande influence (pas nécessairement en bien). Un second souhait
        // est nécessaire pour déterminer son contenu exact »): what it bears on, not its title.
        Some(Knowledge::General) if item.category == Category::Book => {
            let (en, fr) = disguise(item);
            match item.identity.book.as_ref().and_then(|b| b.alignment) {
                Some(a) => {
                    let a = crate::i18n::pick(a.as_str(), a.french());
                    tr!(
                        "{en} (general content: it bears on {a} characters)",
                        "{fr} (contenu général : il concerne les personnages {a})"
                    )
                }
                None => tr!(
                    "{en} (general content: a work of great power for its reader)",
                    "{fr} (contenu général : un ouvrage de grande puissance pour son lecteur)"
                ),
            }
        }
        Some(Knowledge::General | Knowledge::Full) => item.name().to_string(),
        Some(Knowledge::Magical) => {
            let (en, fr) = disguise(item);
            tr!(
                "{en} (magical, of great power)",
                "{fr} (magique, très puissant)"
            )
        }
        None => {
            let (en, fr) = disguise(item);
            crate::i18n::pick(en, fr).to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::scripted::Scripted;

    fn person(class: &str, level: u8) -> Character {
        Character {
            class: Some(class.into()),
            level,
            ..crate::rules::fixtures::character("p")
        }
    }

    fn item(category: Category) -> Item {
        crate::rules::fixtures::item(category)
    }

    #[test]
    fn each_method_works_only_where_the_seed_says() {
        let fighter = person("fighter", 3);
        let mut d = Scripted::new(&[]);
        assert_eq!(
            identify(&item(Category::Potion), &fighter, Method::Taste, &mut d)
                .unwrap()
                .learned,
            Some(Knowledge::Full)
        );
        assert!(identify(&item(Category::Ring), &fighter, Method::Taste, &mut d).is_err());
        assert!(identify(&item(Category::Ring), &fighter, Method::ReadMagic, &mut d).is_err());
        assert!(identify(&item(Category::Scroll), &fighter, Method::Spell, &mut d).is_err());
        assert_eq!(
            identify(&item(Category::Wand), &fighter, Method::Spell, &mut d)
                .unwrap()
                .learned,
            Some(Knowledge::Full)
        );
        assert_eq!(
            identify(&item(Category::Book), &fighter, Method::Spell, &mut d)
                .unwrap()
                .learned,
            Some(Knowledge::Magical)
        );
        assert!(
            identify(&item(Category::Ring), &fighter, Method::BardLore, &mut d).is_err(),
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
                identify(&item(refused), &bard, Method::BardLore, &mut d).is_err(),
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
            &mut Scripted::new(&[20]),
        )
        .unwrap();
        assert_eq!((a.chance, a.learned), (Some(20), Some(Knowledge::General)));
        let a = identify(
            &item(Category::Ring),
            &bard,
            Method::BardLore,
            &mut Scripted::new(&[21]),
        )
        .unwrap();
        assert_eq!(a.learned, None);
        let a = identify(
            &item(Category::Instrument),
            &bard,
            Method::BardLore,
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
            &mut Scripted::new(&[1, 100]),
        )
        .unwrap();
        assert_eq!(a.chance, Some(100), "never above 100 %");
    }

    #[test]
    fn books_need_two_wishes() {
        let p = person("fighter", 1);
        let mut book = item(Category::Book);
        let first = identify(&book, &p, Method::Wish, &mut Scripted::new(&[])).unwrap();
        assert_eq!(first.learned, Some(Knowledge::General));
        book.name = "Libram of Silver Magic".into();
        book.known.insert("p".into(), Knowledge::General);
        assert!(
            !name_for(&book, "p").contains("Libram"),
            "the first wish tells the general content, not the title"
        );
        let second = identify(&book, &p, Method::Wish, &mut Scripted::new(&[])).unwrap();
        assert_eq!(second.learned, Some(Knowledge::Full));
        book.known.insert("p".into(), Knowledge::Full);
        assert_eq!(name_for(&book, "p"), "Libram of Silver Magic");
        assert!(
            identify(&book, &p, Method::Wish, &mut Scripted::new(&[])).is_err(),
            "nothing left to learn"
        );
    }

    #[test]
    fn a_valuable_is_known_by_appraisal_only() {
        let fighter = person("fighter", 3);
        let mut gem = item(Category::Valuable);
        gem.identity.kind = Some("gem".into());
        let mut d = Scripted::new(&[]);
        let a = identify(&gem, &fighter, Method::Appraise, &mut d).unwrap();
        assert_eq!(a.learned, Some(Knowledge::Full));
        assert!(identify(&gem, &fighter, Method::Spell, &mut d).is_err());
        assert!(identify(&item(Category::Ring), &fighter, Method::Appraise, &mut d).is_err());
        assert_eq!(name_for(&gem, "p"), "gem");
    }

    #[test]
    fn an_identify_spell_tells_a_sword_but_not_its_alignment() {
        let p = person("fighter", 1);
        let mut sword = item(Category::Sword);
        let spell = identify(&sword, &p, Method::Spell, &mut Scripted::new(&[])).unwrap();
        assert_eq!(spell.learned, Some(Knowledge::Full));
        sword.known.insert("p".into(), Knowledge::Full);
        assert!(!knows_alignment(&sword, "p"));
        sword.touched.push("p".into());
        assert!(knows_alignment(&sword, "p"), "learnt by touch");
        assert!(!knows_alignment(&sword, "q"));
    }

    #[test]
    fn the_unknown_item_hides_its_name() {
        let mut potion = item(Category::Potion);
        potion.name = "Potion of Healing".into();
        assert_eq!(name_for(&potion, "p"), "unknown potion");
        potion.known.insert("p".into(), Knowledge::Full);
        assert_eq!(name_for(&potion, "p"), "Potion of Healing");
    }
}
