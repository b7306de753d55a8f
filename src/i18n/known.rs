//! How what a player may know of an item reads: the name they know it by, what it looks like
//! to someone who does not know it, and the methods `identify` refuses. What they may know is
//! [`crate::rules::knowledge`]; this is its wording, in the reader's language, for every edge
//! that shows it (the command line, the web server, the exports).

use std::fmt;

use crate::i18n::Worded;
use crate::i18n::pick;
use crate::rules::book::Bearing;
use crate::rules::knowledge::{KnownName, Look, Revealed, UnknownMethod};
use crate::tr;

/// What an unknown item looks like, in the reader's language.
pub trait LookWords {
    /// `unknown potion`, `potion inconnue`.
    fn words(self) -> &'static str;
}

impl LookWords for Look {
    fn words(self) -> &'static str {
        let (en, fr) = match self {
            Look::UnknownOil => ("unknown oil", "huile inconnue"),
            Look::UnknownPotion => ("unknown potion", "potion inconnue"),
            Look::ScrollInAnUnknownHand => (
                "scroll in an unknown hand",
                "parchemin d'une écriture inconnue",
            ),
            Look::Scroll => ("scroll", "parchemin"),
            Look::Ring => ("ring", "anneau"),
            Look::Rod => ("rod", "sceptre"),
            Look::Staff => ("staff", "bâton"),
            Look::Wand => ("wand", "baguette"),
            Look::Book => ("book of mystic lore", "ouvrage de savoir mystique"),
            Look::Garment => ("garment", "vêtement"),
            Look::BootsOrGloves => ("boots or gloves", "bottes ou gants"),
            Look::HouseholdObject => ("household object", "objet domestique"),
            Look::MusicalInstrument => ("musical instrument", "instrument de musique"),
            Look::CuriousObject => ("curious object", "objet curieux"),
            Look::Shield => ("shield", "bouclier"),
            Look::SuitOfArmor => ("suit of armor", "armure"),
            Look::LongSword => ("long sword", "épée longue"),
            Look::BroadSword => ("broad sword", "épée large"),
            Look::Scimitar => ("scimitar", "cimeterre"),
            Look::Falchion => ("falchion", "fauchon"),
            Look::ShortSword => ("short sword", "épée courte"),
            Look::BastardSword => ("bastard sword", "épée bâtarde"),
            Look::TwoHandedSword => ("two-handed sword", "épée à deux mains"),
            Look::Sword => ("sword", "épée"),
            Look::Weapon => ("weapon", "arme"),
            Look::Gem => ("gem", "gemme"),
            Look::PieceOfJewelry => ("piece of jewelry", "bijou"),
            Look::ObjectOfArt => ("object of art", "objet d'art"),
            Look::Valuable => ("valuable", "objet de valeur"),
        };
        pick(en, fr)
    }
}

impl fmt::Display for crate::i18n::Worded<'_, Look> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.words())
    }
}

/// `Wand of Frost`, `unknown potion`, `book of mystic lore (magical, of great power)`.
impl fmt::Display for crate::i18n::Worded<'_, KnownName> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            KnownName::True { en, fr } => f.write_str(pick(en, fr)),
            KnownName::Unknown(look) => f.write_str(look.words()),
            KnownName::Magical(look) => {
                let look = look.words();
                f.write_str(&tr!(
                    "{look} (magical, of great power)",
                    "{look} (magique, très puissant)"
                ))
            }
            KnownName::GeneralContent {
                look,
                bears_on,
                alignment,
            } => {
                let look = look.words();
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

/// An item as someone may know it, in JSON (`export --as`, `/party.json`, the chronicle):
/// `id`, `name` as it reads (`"unknown potion"`), `category`, `known`, and `charges`,
/// `alignment`, `worn` when known.
impl serde::Serialize for crate::i18n::Worded<'_, Revealed> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let r = self.0;
        let mut out = serializer.serialize_struct("Revealed", 9)?;
        out.serialize_field("id", &r.id)?;
        out.serialize_field("name", &Worded(&r.name).to_string())?;
        out.serialize_field("category", &r.category)?;
        out.serialize_field("known", &r.known)?;
        if let Some(charges) = r.charges {
            out.serialize_field("charges", &charges)?;
        }
        if let Some(alignment) = r.alignment {
            out.serialize_field("alignment", &alignment)?;
        }
        if let Some(worn) = r.worn {
            out.serialize_field("worn", &worn)?;
        }
        if r.item.status != crate::rules::item::Status::Intact {
            out.serialize_field("status", &r.item.status)?;
        }
        if let Some(value) = &r.item.identity.value {
            out.serialize_field("value", value)?;
        }
        out.end()
    }
}

/// `#[serde(serialize_with)]` for a field holding a [`KnownName`]: the name as it reads.
pub fn known_name<S: serde::Serializer>(
    name: &KnownName,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_str(&Worded(name))
}

/// `#[serde(serialize_with)]` for a field holding a [`Revealed`].
pub fn revealed<S: serde::Serializer>(item: &Revealed, serializer: S) -> Result<S::Ok, S::Error> {
    serde::Serialize::serialize(&Worded(item), serializer)
}

/// `#[serde(serialize_with)]` for a field holding a list of [`Revealed`].
pub fn revealed_list<S: serde::Serializer>(
    items: &[Revealed],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(items.iter().map(Worded))
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
    async fn a_name_is_a_string_in_json() {
        let name = KnownName::Unknown(Look::UnknownOil);
        let json = within(Lang::En, async {
            serde_json::to_value(Worded(&name).to_string())
        })
        .await;
        assert_eq!(json.unwrap(), "unknown oil");
    }
}
