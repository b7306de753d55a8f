//! What a character's class lets it do with magic writing: read wizard scrolls, priest scrolls,
//! or neither. Classes are free text; these are the names both games use.

use super::character::Character;

/// The two kinds of spell casters whose scrolls differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

/// Whether `c` can read the magic writing of a spell scroll of this caster kind: its own kind
/// of caster always can; anyone with the ability to read magic (`--reads-magic`) can.
pub fn reads_spells(c: &Character, kind: Caster) -> bool {
    c.reads_magic || caster(c.class.as_deref()) == Some(kind)
}

#[cfg(test)]
mod tests {
    use super::*;

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
