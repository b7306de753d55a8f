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
}
