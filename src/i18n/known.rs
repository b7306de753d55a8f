//! How what a player may know of an item reads: the name they know it by, what it looks like
//! to someone who does not know it, and the methods `identify` refuses. What they may know is
//! [`crate::rules::knowledge`]; this is its wording, in the reader's language, for every edge
//! that shows it (the command line, the web server, the exports).

use std::fmt;

use crate::i18n::pick;
use crate::rules::item::Bearing;
use crate::rules::knowledge::{KnownName, Look, UnknownMethod};
use crate::tr;

/// What an unknown item looks like, in the reader's language: `unknown potion`.
pub fn look(look: Look) -> &'static str {
    let (en, fr) = look.names();
    pick(en, fr)
}

/// `Wand of Frost`, `unknown potion`, `book of mystic lore (magical, of great power)`.
impl fmt::Display for crate::i18n::Worded<'_, KnownName> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            KnownName::True { en, fr } => f.write_str(pick(en, fr)),
            KnownName::Unknown(seen) => f.write_str(look(*seen)),
            KnownName::Magical(seen) => {
                let look = look(*seen);
                f.write_str(&tr!(
                    "{look} (magical, of great power)",
                    "{look} (magique, très puissant)"
                ))
            }
            KnownName::GeneralContent {
                look: seen,
                bears_on,
                alignment,
            } => {
                let look = look(*seen);
                let on = bearings(bears_on);
                let among = alignment.map(|a| pick(a.as_str(), a.french_plural()));
                f.write_str(&match (on, among) {
                    (Some(on), Some(a)) => tr!(
                        "{look} (general content: it bears most on {on}, among {a} characters)",
                        "{look} (contenu général : il influe surtout sur {on}, chez les personnages {a})"
                    ),
                    (Some(on), None) => tr!(
                        "{look} (general content: it bears most on {on})",
                        "{look} (contenu général : il influe surtout sur {on})"
                    ),
                    (None, Some(a)) => tr!(
                        "{look} (general content: it bears on {a} characters)",
                        "{look} (contenu général : il concerne les personnages {a})"
                    ),
                    (None, None) => tr!(
                        "{look} (general content: a work of great power for its reader)",
                        "{look} (contenu général : un ouvrage de grande puissance pour son lecteur)"
                    ),
                })
            }
        }
    }
}

/// A French noun's gender and number, which the words said of it agree with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gender {
    Masculine,
    Feminine,
    /// `bottes ou gants`: masculine plural, as French agrees with a mixed pair.
    Plural,
}

/// The gender of what an item looks like, in French: that of what it is, whatever name the
/// reader knows it by (a `Potion de vitesse` is a potion).
pub fn gender(look: Look) -> Gender {
    match look {
        Look::UnknownOil
        | Look::UnknownPotion
        | Look::Wand
        | Look::SuitOfArmor
        | Look::LongSword
        | Look::BroadSword
        | Look::ShortSword
        | Look::BastardSword
        | Look::TwoHandedSword
        | Look::Sword
        | Look::Weapon
        | Look::Gem => Gender::Feminine,
        Look::BootsOrGloves => Gender::Plural,
        Look::ScrollInAnUnknownHand
        | Look::Scroll
        | Look::Ring
        | Look::Rod
        | Look::Staff
        | Look::Book
        | Look::Garment
        | Look::HouseholdObject
        | Look::MusicalInstrument
        | Look::CuriousObject
        | Look::Shield
        | Look::Scimitar
        | Look::Falchion
        | Look::PieceOfJewelry
        | Look::ObjectOfArt
        | Look::Valuable
        | Look::Gear => Gender::Masculine,
    }
}

/// A French past participle (its first word) agreeing with `gender`: `tombé en poussière`,
/// `tombée en poussière`, `tombés en poussière`.
pub fn agreeing(participle: &str, gender: Gender) -> String {
    let (first, rest) = participle.split_at(participle.find(' ').unwrap_or(participle.len()));
    let ending = match gender {
        _ if participle.is_empty() => "",
        Gender::Masculine => "",
        Gender::Feminine => "e",
        Gender::Plural => "s",
    };
    format!("{first}{ending}{rest}")
}

/// Whether French elides a word before `text` (`l'épée`, `d'Excalibur`).
fn elides(text: &str) -> bool {
    text.chars()
        .next()
        .and_then(|c| c.to_lowercase().next())
        .is_some_and(|c| "aeiouyàâäéèêëîïôöûüœæ".contains(c))
}

/// An item named after `of`, as someone knows it: a true name alone (`of Excalibur`, `d'Excalibur`),
/// what it looks like with its article (`of the sword`, `de l'épée`, `du cimeterre`).
pub fn of_the(name: &KnownName) -> String {
    let said = crate::i18n::Worded(name).to_string();
    let look = match name {
        KnownName::True { .. } => None,
        KnownName::Unknown(look) | KnownName::Magical(look) => Some(*look),
        KnownName::GeneralContent { look, .. } => Some(*look),
    };
    let fr = match look.map(gender) {
        None if elides(&said) => format!("d'{said}"),
        None => format!("de {said}"),
        Some(Gender::Plural) => format!("des {said}"),
        Some(_) if elides(&said) => format!("de l'{said}"),
        Some(Gender::Feminine) => format!("de la {said}"),
        Some(Gender::Masculine) => format!("du {said}"),
    };
    match look {
        None => tr!("of {said}", "{fr}"),
        Some(_) => tr!("of the {said}", "{fr}"),
    }
}

/// The classes or abilities a book bears on most, as a list in the reader's language
/// (`wizards, priests and Wisdom`; French with their articles); `None` when none is known.
pub fn bearings(bears_on: &[Bearing]) -> Option<String> {
    let names: Vec<&str> = bears_on
        .iter()
        .map(|b| {
            let (en, fr) = b.names();
            pick(en, fr)
        })
        .collect();
    let (last, rest) = names.split_last()?;
    if rest.is_empty() {
        return Some(last.to_string());
    }
    let rest = rest.join(", ");
    Some(tr!("{rest} and {last}", "{rest} et {last}"))
}

impl fmt::Display for crate::i18n::Worded<'_, UnknownMethod> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let other = &self.0.0;
        f.write_str(&tr!(
            "unknown method {other:?}: taste, read-magic, spell, bard-lore, wish, comprehend-languages or appraise",
            "méthode inconnue {other:?} : taste, read-magic, spell, bard-lore, wish, comprehend-languages ou appraise"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Lang, within};
    use crate::rules::alignment::Alignment;

    #[tokio::test]
    async fn names_read_in_each_language() {
        let names = || {
            [
                KnownName::True {
                    en: "Wand of Frost".into(),
                    fr: "Baguette de givre".into(),
                },
                KnownName::True {
                    en: "Axe".into(),
                    fr: String::new(),
                },
                KnownName::Unknown(Look::UnknownPotion),
                KnownName::Magical(Look::Book),
                KnownName::GeneralContent {
                    look: Look::Book,
                    bears_on: Vec::new(),
                    alignment: Some(Alignment::Chaotic),
                },
                KnownName::GeneralContent {
                    look: Look::Book,
                    bears_on: Vec::new(),
                    alignment: None,
                },
                KnownName::GeneralContent {
                    look: Look::Book,
                    bears_on: vec![Bearing::Priests, Bearing::Wisdom],
                    alignment: Some(Alignment::Lawful),
                },
                KnownName::GeneralContent {
                    look: Look::Book,
                    bears_on: vec![Bearing::Intelligence],
                    alignment: None,
                },
                KnownName::GeneralContent {
                    look: Look::Book,
                    bears_on: vec![Bearing::Wizards, Bearing::Priests, Bearing::Wisdom],
                    alignment: None,
                },
            ]
            .map(|n| crate::i18n::Worded(&n).to_string())
        };
        assert_eq!(
            within(Lang::En, async { names() }).await,
            [
                "Wand of Frost",
                "Axe",
                "unknown potion",
                "book of mystic lore (magical, of great power)",
                "book of mystic lore (general content: it bears on chaotic characters)",
                "book of mystic lore (general content: a work of great power for its reader)",
                "book of mystic lore (general content: it bears most on priests and Wisdom, among lawful characters)",
                "book of mystic lore (general content: it bears most on Intelligence)",
                "book of mystic lore (general content: it bears most on wizards, priests and Wisdom)",
            ]
        );
        assert_eq!(
            within(Lang::Fr, async { names() }).await,
            [
                "Baguette de givre",
                "Axe",
                "potion inconnue",
                "ouvrage de savoir mystique (magique, très puissant)",
                "ouvrage de savoir mystique (contenu général : il concerne les personnages chaotiques)",
                "ouvrage de savoir mystique (contenu général : un ouvrage de grande puissance pour son lecteur)",
                "ouvrage de savoir mystique (contenu général : il influe surtout sur les prêtres et la Sagesse, chez les personnages loyaux)",
                "ouvrage de savoir mystique (contenu général : il influe surtout sur l'Intelligence)",
                "ouvrage de savoir mystique (contenu général : il influe surtout sur les magiciens, les prêtres et la Sagesse)",
            ]
        );
    }

    #[tokio::test]
    async fn an_item_after_of_takes_its_article_and_words_agree_with_it() {
        let said = || {
            [
                of_the(&KnownName::Unknown(Look::Sword)),
                of_the(&KnownName::Unknown(Look::Scimitar)),
                of_the(&KnownName::Unknown(Look::ShortSword)),
                of_the(&KnownName::Unknown(Look::BootsOrGloves)),
                of_the(&KnownName::True {
                    en: "Excalibur".into(),
                    fr: String::new(),
                }),
                of_the(&KnownName::True {
                    en: "Hater".into(),
                    fr: String::new(),
                }),
            ]
        };
        assert_eq!(
            within(Lang::En, async { said() }).await,
            [
                "of the sword",
                "of the scimitar",
                "of the short sword",
                "of the boots or gloves",
                "of Excalibur",
                "of Hater"
            ]
        );
        assert_eq!(
            within(Lang::Fr, async { said() }).await,
            [
                "de l'épée",
                "du cimeterre",
                "de l'épée courte",
                "des bottes ou gants",
                "d'Excalibur",
                "de Hater"
            ]
        );
        assert_eq!(
            agreeing("tombé en poussière", gender(Look::Wand)),
            "tombée en poussière"
        );
        assert_eq!(
            agreeing("consommé", gender(Look::UnknownPotion)),
            "consommée"
        );
        assert_eq!(agreeing("vendu", gender(Look::Ring)), "vendu");
        assert_eq!(agreeing("vendu", gender(Look::BootsOrGloves)), "vendus");
        assert_eq!(agreeing("", Gender::Feminine), "");
    }
}
