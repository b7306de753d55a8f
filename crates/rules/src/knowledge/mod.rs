//! What each character knows of an item (AD&D 2e DMG, OSE), in two halves: how they learn it
//! ([`identification`]) and what a viewer may see of it as a result ([`seen`]). Callers name
//! both as `knowledge::X`.

mod identification;
mod seen;

pub use identification::{
    Attempt, IDENTIFICATION, Method, Unidentifiable, UnknownMethod, appraise, identify,
    knows_alignment,
};
pub use seen::{KnownName, Look, Looker, Mind, Revealed, disguise, revealed};

/// What the tests of both halves build on.
#[cfg(test)]
mod examples {
    use super::{KnownName, Looker, Revealed, revealed};
    use crate::character::Character;
    use crate::item::{Category, Item};

    pub(super) fn person(class: &str, level: u8) -> Character {
        Character {
            class: Some(class.into()),
            level,
            ..crate::fixtures::character("p")
        }
    }

    pub(super) fn item(category: Category) -> Item {
        crate::fixtures::item(category)
    }

    /// What the character `who` may know.
    pub(super) fn seen(item: &Item, who: &str) -> Revealed {
        revealed(item, Looker::Character(who))
    }

    pub(super) fn true_name(en: &str, fr: &str) -> KnownName {
        KnownName::True {
            en: en.into(),
            fr: fr.into(),
        }
    }

    pub(super) fn mind(alignment: crate::alignment::Alignment) -> crate::item::Sentience {
        crate::item::Sentience {
            int: 7,
            ego: 1,
            alignment,
            communication: "empathy".into(),
            reads: false,
            languages: 0,
            sensory_powers: vec![crate::item::Power {
                id: "detect-traps".into(),
                name: "Detect traps".into(),
                name_fr: "Détection des pièges".into(),
                uses: "at-will".into(),
            }],
            extraordinary_powers: Vec::new(),
            special_purpose: None,
        }
    }
}
