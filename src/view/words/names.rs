//! Names in the reader's language. The rules keep every name in English and in French (an
//! item's, an effect's, a table's title, a category's, a slot's, a material's); the one shown
//! is chosen here, as [`pick`] chooses it: the reader's language, the English where the French
//! is empty. These traits are the edge's, implemented for the rules' types so that every layer
//! showing a name (the commands, the web pages, the Foundry export) asks for it the same way.
//! And the words for a name the rules do not know (an alignment, a category).

use std::fmt;

use crate::i18n::pick;
use crate::rules::alignment::UnknownAlignment;
use crate::rules::effect::Effect;
use crate::rules::item::{Category, Item, Names, Slot, UnknownCategory};
use crate::rules::tables::Table;
use crate::tr;

/// Names kept in both languages ([`Names`]), shown in the reader's.
pub trait Shown {
    /// The name in the reader's language.
    fn shown(&self) -> &str;
}

impl Shown for Names {
    fn shown(&self) -> &str {
        pick(&self.en, &self.fr)
    }
}

/// An item's or an effect's name in the reader's language.
pub trait Named {
    /// The name in the reader's language.
    fn name(&self) -> &str;
}

impl Named for Item {
    fn name(&self) -> &str {
        pick(&self.name, &self.name_fr)
    }
}

impl Named for Effect {
    fn name(&self) -> &str {
        pick(&self.name, &self.name_fr)
    }
}

impl Named for crate::rules::effect::Felt {
    fn name(&self) -> &str {
        let (en, fr) = self.names();
        pick(en, fr)
    }
}

/// A table's title in the reader's language.
pub trait Titled {
    /// The title in the reader's language.
    fn title(&self) -> &str;
}

impl Titled for Table {
    fn title(&self) -> &str {
        pick(&self.title, &self.title_fr)
    }
}

/// A category's or a slot's name in the reader's language.
pub trait Labelled {
    /// The name in the reader's language.
    fn label(self) -> &'static str;
}

impl Labelled for Category {
    fn label(self) -> &'static str {
        let (en, fr) = self.names();
        pick(en, fr)
    }
}

impl Labelled for Slot {
    fn label(self) -> &'static str {
        let (en, fr) = self.names();
        pick(en, fr)
    }
}

/// A magic armor's material (`mithril-steel`) in the reader's language.
pub fn material_name(material: &str) -> &str {
    let (en, fr) = crate::rules::armor::material_names(material);
    pick(en, fr)
}

impl fmt::Display for crate::i18n::Worded<'_, UnknownAlignment> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let given = &self.0.given;
        f.write_str(&tr!(
            "unknown alignment {given:?}: use lawful, neutral or chaotic",
            "alignement inconnu {given:?} : loyal, neutre ou chaotique"
        ))
    }
}

impl fmt::Display for crate::i18n::Worded<'_, UnknownCategory> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let given = &self.0.0;
        f.write_str(&tr!(
            "unknown category {given:?}: use potion, scroll, ring, rod, staff, wand, book, clothing, boots, household, instrument, misc, armor, sword or weapon",
            "catégorie inconnue {given:?} : potion, scroll, ring, rod, staff, wand, book, clothing, boots, household, instrument, misc, armor, sword ou weapon"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Lang, in_both, within};

    #[tokio::test]
    async fn an_unknown_name_is_refused_with_the_text_given_in_each_language() {
        let wrong = || {
            [
                crate::i18n::Worded(&UnknownAlignment {
                    given: "good".into(),
                })
                .to_string(),
                crate::i18n::Worded(&UnknownCategory("spoon".into())).to_string(),
            ]
        };
        let en = within(Lang::En, async { wrong() }).await;
        assert_eq!(
            en[0],
            "unknown alignment \"good\": use lawful, neutral or chaotic"
        );
        assert!(en[1].starts_with("unknown category \"spoon\": use potion, "));
        let fr = within(Lang::Fr, async { wrong() }).await;
        assert_eq!(
            fr[0],
            "alignement inconnu \"good\" : loyal, neutre ou chaotique"
        );
        assert!(fr[1].ends_with(", sword ou weapon"), "{}", fr[1]);
    }

    #[tokio::test]
    async fn a_refusal_carries_both_names_and_shows_the_readers() {
        let refusal = crate::rules::custody::Refusal::InTreasure {
            item: Names {
                en: "Wand of Frost".into(),
                fr: "Baguette de givre".into(),
            },
        };
        let (en, fr) = in_both(&crate::i18n::Worded(&refusal)).await;
        assert_eq!(en, "Wand of Frost is already in the party's treasure");
        assert_eq!(fr, "Baguette de givre est déjà dans le trésor du groupe");
        let english_only = Names {
            en: "Ring of Warmth".into(),
            fr: String::new(),
        };
        let (_, fr) = in_both(&english_only.shown()).await;
        assert_eq!(fr, "Ring of Warmth", "no French name: the English one");
    }
}
