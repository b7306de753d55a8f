//! What a character's class lets it do with magic writing: read wizard scrolls, priest scrolls,
//! or neither. Classes are free text; these are the names both games use.

use super::character::Character;

/// The two kinds of spell casters whose scrolls differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Caster {
    Wizard,
    Priest,
}

const WIZARDS: &[&str] = &[
    "magic-user",
    "magic user",
    "mage",
    "wizard",
    "illusionist",
    "elf",
    "bard",
    "abjurer",
    "conjurer",
    "diviner",
    "enchanter",
    "invoker",
    "necromancer",
    "transmuter",
    "magicien",
    "magicienne",
    "illusionniste",
    "elfe",
    "barde",
    "mage-guerrier",
];
const PRIESTS: &[&str] = &[
    "cleric",
    "priest",
    "druid",
    "shaman",
    "clerc",
    "prêtre",
    "pretre",
    "prêtresse",
    "druide",
    "chaman",
];

/// The caster kind of a class, if it casts spells from scrolls.
pub fn caster(class: Option<&str>) -> Option<Caster> {
    let class = class?.trim().to_lowercase();
    if WIZARDS.contains(&class.as_str()) {
        Some(Caster::Wizard)
    } else if PRIESTS.contains(&class.as_str()) {
        Some(Caster::Priest)
    } else {
        None
    }
}

impl Caster {
    pub fn parse(text: &str) -> Option<Caster> {
        match text {
            "wizard" => Some(Caster::Wizard),
            "priest" => Some(Caster::Priest),
            _ => None,
        }
    }
}

/// Names of classes hoard has rules for that are neither casters nor in [`WIZARDS`] or
/// [`PRIESTS`]: the rest of the OSE classes with a level table ([`super::xp::Class::of`]).
const OTHERS: &[&str] = &[
    "fighter", "warrior", "dwarf", "halfling", "thief", "guerrier", "nain", "halfelin", "voleur",
];

/// A class hoard has no rules for: it reads no scroll and has no level table. Classes are the
/// referee's free text, so this is a warning, with the nearest known name as a likely typo.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownClass {
    pub nearest: Option<&'static str>,
}

/// `None` when hoard has rules for `class`.
pub fn unknown(class: &str) -> Option<UnknownClass> {
    if caster(Some(class)).is_some() || super::xp::Class::of(Some(class)).is_some() {
        return None;
    }
    let typed = class.trim().to_lowercase();
    let nearest = WIZARDS
        .iter()
        .chain(PRIESTS)
        .chain(OTHERS)
        .map(|&name| (strsim::damerau_levenshtein(&typed, name), name))
        .filter(|&(distance, _)| distance <= 2)
        .min()
        .map(|(_, name)| name);
    Some(UnknownClass { nearest })
}

/// Whether `c` can read the magic writing of a spell scroll of this caster kind: its own kind
/// of caster always can; anyone with the ability to read magic (`--reads-magic`) can.
pub fn reads_spells(c: &Character, kind: Caster) -> bool {
    c.reads_magic || caster(c.class.as_deref()) == Some(kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_class_without_rules_is_named_with_its_likely_typo() {
        assert_eq!(unknown("Magic-User"), None);
        assert_eq!(unknown("voleur"), None);
        assert_eq!(
            unknown("magic-usr"),
            Some(UnknownClass {
                nearest: Some("magic-user")
            })
        );
        assert_eq!(unknown("figter").and_then(|u| u.nearest), Some("fighter"));
        assert_eq!(unknown("paladin"), Some(UnknownClass { nearest: None }));
        for name in WIZARDS.iter().chain(PRIESTS).chain(OTHERS) {
            assert_eq!(unknown(name), None, "{name}");
        }
    }

    #[test]
    fn classes_in_both_languages() {
        assert_eq!(caster(Some("Magic-User")), Some(Caster::Wizard));
        assert_eq!(caster(Some("elfe")), Some(Caster::Wizard));
        assert_eq!(caster(Some("cleric")), Some(Caster::Priest));
        assert_eq!(caster(Some("Druide")), Some(Caster::Priest));
        assert_eq!(caster(Some("fighter")), None);
        assert_eq!(caster(None), None);
    }
}
