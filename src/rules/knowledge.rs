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

/// Why a method cannot identify an item (AD&D 2e DMG, *Identifying Magical Items*; its words
/// are the edge's: `cli::words`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unidentifiable {
    KnowsAll {
        person: String,
        item: String,
    },
    NotValuable {
        item: String,
    },
    NotMagic {
        item: String,
    },
    TasteOnlyPotions,
    NoWriting {
        item: String,
    },
    NotAScroll {
        item: String,
    },
    ScrollNeedsReadMagic,
    NotABard {
        person: String,
    },
    StaffTooVaried,
    WandByDivination,
    HouseholdHasNoPast,
    ReadOrTasted,
    /// Reading the item's writing is refused by the scroll rules.
    Writing(scroll::Refusal),
}

impl From<Unidentifiable> for Refused {
    fn from(u: Unidentifiable) -> Self {
        Refused(u.to_string())
    }
}

/// The ways to identify an item. Stated for `hoard explain`, citing the book.
pub const IDENTIFICATION: super::statement::Statement = super::statement::Statement {
    en: "Identification (AD&D 2e DMG): tasting for potions, read magic for scrolls, an identify spell, a bard's lore (5 % per level, 10 % for instruments after 1d10 rounds), a wish for books.",
    fr: "Identification (AD&D 2e, Guide du maître) : goûter les potions, lire la magie des parchemins, un sort d'identification, le savoir du barde (5 % par niveau, 10 % pour les instruments après 1d10 rounds), un souhait pour les livres.",
};

/// Try to identify `item` for `who` by `method`. Refuses a method that cannot work on that
/// item, with the DMG's reason.
pub fn identify(
    item: &Item,
    who: &Character,
    method: Method,
    dice: &mut impl Dice,
) -> Result<Attempt, Unidentifiable> {
    use Unidentifiable as U;
    let (name, person) = (|| item.name().to_string(), || who.name.clone());
    let known = item.knowledge(&who.id);
    if known == Some(Knowledge::Full) {
        return Err(U::KnowsAll {
            person: person(),
            item: name(),
        });
    }
    let plain = |learned| Attempt {
        method,
        chance: None,
        rounds: None,
        roll: None,
        learned: Some(learned),
    };
    let cannot = Err;
    match (method, item.category) {
        // A valuable's worth is learnt by appraisal, and only a valuable's.
        (Method::Appraise, Category::Valuable) => Ok(plain(Knowledge::Full)),
        (Method::Appraise, _) => cannot(U::NotValuable { item: name() }),
        (_, Category::Valuable) => cannot(U::NotMagic { item: name() }),
        (Method::Taste, Category::Potion) => Ok(plain(Knowledge::Full)),
        (Method::Taste, _) => cannot(U::TasteOnlyPotions),
        (Method::ReadMagic, Category::Scroll) => {
            scroll::can_read(item, who).map_err(U::Writing)?;
            Ok(plain(Knowledge::Full))
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

/// What a character may know of an item: the one rule every player view follows (`character
/// show --as`, `item show --as`, `export --as`). The name they know it by; its charges and its
/// whole identity (bonus, powers, spells …) only once they know it fully; a sentient sword's
/// alignment once they have touched it; which slot it is worn in, which they can see.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PlayerItem {
    pub id: String,
    pub name: String,
    pub category: Category,
    pub known: Option<Knowledge>,
    /// Only when the character knows the item fully.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub charges: Option<i32>,
    /// A sentient sword's alignment, learnt by touching it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alignment: Option<super::alignment::Alignment>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub worn: Option<super::item::Slot>,
}

impl PlayerItem {
    /// Whether the character knows everything about the item, so may see all of it.
    pub fn knows_all(&self) -> bool {
        self.known == Some(Knowledge::Full)
    }
}

/// `item` as the character `who` (an id) may know it.
pub fn player_item(item: &Item, who: &str) -> PlayerItem {
    let known = item.knowledge(who);
    let full = known == Some(Knowledge::Full);
    PlayerItem {
        id: item.id.clone(),
        name: name_for(item, who),
        category: item.category,
        known,
        charges: item.charges.filter(|_| full),
        alignment: item
            .sentience()
            .filter(|_| knows_alignment(item, who))
            .map(|s| s.alignment),
        worn: item.worn,
    }
}

/// `item` as the party may know it (the web server's treasure and chronicle): as its
/// best-informed member knows it — what one character learns, the table hears — and a
/// sentient sword's alignment once any of them has touched it. `party` holds the characters'
/// ids.
pub fn party_item<'a>(item: &Item, party: impl IntoIterator<Item = &'a str>) -> PlayerItem {
    let party: Vec<&str> = party.into_iter().collect();
    let best = party
        .iter()
        .copied()
        .max_by_key(|who| item.knowledge(who))
        .unwrap_or_default();
    let mut seen = player_item(item, best);
    seen.alignment = item
        .sentience()
        .filter(|_| party.iter().any(|who| knows_alignment(item, who)))
        .map(|s| s.alignment);
    seen
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

    #[test]
    fn charges_show_only_when_the_item_is_fully_known() {
        let mut wand = item(Category::Wand);
        wand.charges = Some(12);
        assert_eq!(player_item(&wand, "p").charges, None);
        wand.known.insert("p".into(), Knowledge::General);
        let seen = player_item(&wand, "p");
        assert_eq!((seen.charges, seen.knows_all()), (None, false));
        wand.known.insert("p".into(), Knowledge::Full);
        let seen = player_item(&wand, "p");
        assert_eq!((seen.charges, seen.knows_all()), (Some(12), true));
        assert_eq!(player_item(&wand, "someone else").charges, None);
    }

    #[test]
    fn a_swords_alignment_is_known_to_those_who_touched_it() {
        let mut sword = item(Category::Sword);
        sword.identity.sentience = Some(crate::rules::item::Sentience {
            int: 7,
            ego: 1,
            alignment: crate::rules::alignment::Alignment::Lawful,
            communication: "empathy".into(),
            reads: false,
            languages: 0,
            sensory_powers: Vec::new(),
            extraordinary_powers: Vec::new(),
            special_purpose: None,
        });
        assert_eq!(player_item(&sword, "p").alignment, None);
        sword.touched.push("p".into());
        assert!(player_item(&sword, "p").alignment.is_some());
        assert_eq!(player_item(&sword, "q").alignment, None);
    }

    #[test]
    fn the_party_knows_an_item_as_its_best_informed_member() {
        let mut wand = item(Category::Wand);
        wand.name = "Wand of Frost".into();
        wand.charges = Some(9);
        let party = ["p", "q", "r"];
        let seen = party_item(&wand, party);
        assert_eq!((seen.name.as_str(), seen.charges), ("wand", None));
        wand.known.insert("q".into(), Knowledge::General);
        assert_eq!(party_item(&wand, party).name, "Wand of Frost");
        assert_eq!(party_item(&wand, party).charges, None);
        wand.known.insert("r".into(), Knowledge::Full);
        assert_eq!(party_item(&wand, party).charges, Some(9));
        assert_eq!(
            party_item(&wand, ["p"]).charges,
            None,
            "only the party's own"
        );
        assert_eq!(party_item(&wand, []).name, "wand");
    }
}
