//! Names in the reader's language: the words for a name the rules do not know (an alignment,
//! a category).

use std::fmt;

use crate::rules::alignment::UnknownAlignment;
use crate::rules::item::UnknownCategory;
use crate::tr;

impl fmt::Display for UnknownAlignment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let given = &self.0;
        f.write_str(&tr!(
            "unknown alignment {given:?}: use lawful, neutral or chaotic",
            "alignement inconnu {given:?} : loyal, neutre ou chaotique"
        ))
    }
}

impl fmt::Display for UnknownCategory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let given = &self.0;
        f.write_str(&tr!(
            "unknown category {given:?}: use potion, scroll, ring, rod, staff, wand, book, clothing, boots, household, instrument, misc, armor, sword or weapon",
            "catégorie inconnue {given:?} : potion, scroll, ring, rod, staff, wand, book, clothing, boots, household, instrument, misc, armor, sword ou weapon"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Lang, within};

    #[tokio::test]
    async fn an_unknown_name_is_refused_with_the_text_given_in_each_language() {
        let wrong = || {
            [
                UnknownAlignment("good".into()).to_string(),
                UnknownCategory("spoon".into()).to_string(),
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
}
