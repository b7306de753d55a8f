//! Books and tomes (AD&D 2e DMG, Books): the classes or abilities each bears on most; once
//! studied most vanish; harmful ones bind themselves to their owner; a book that favours
//! another alignment than its owner's lays a quest on the owner to hide and protect it.

use super::character::Character;
use super::item::{Category, Item, Names, Status};

/// A class or an ability a book bears on most, for good or ill — what a first wish tells of it
/// with its general content (« révélant son contenu général et sur quelles classes ou
/// caractéristiques celui-ci a la plus grande influence (pas nécessairement en bien) »): the
/// DMG's four groups of classes and the six abilities.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Bearing {
    Wizards,
    Priests,
    Warriors,
    Rogues,
    Strength,
    Intelligence,
    Wisdom,
    Dexterity,
    Constitution,
    Charisma,
}

impl Bearing {
    pub const ALL: [Bearing; 10] = [
        Bearing::Wizards,
        Bearing::Priests,
        Bearing::Warriors,
        Bearing::Rogues,
        Bearing::Strength,
        Bearing::Intelligence,
        Bearing::Wisdom,
        Bearing::Dexterity,
        Bearing::Constitution,
        Bearing::Charisma,
    ];
    /// Their ids, as tables write them (`bears_on = ["wizards"]`), in [`Bearing::ALL`]'s order.
    pub const IDS: [&'static str; 10] = [
        "wizards",
        "priests",
        "warriors",
        "rogues",
        "strength",
        "intelligence",
        "wisdom",
        "dexterity",
        "constitution",
        "charisma",
    ];

    /// The bearing a table's id names.
    pub fn from_id(id: &str) -> Option<Bearing> {
        let at = Bearing::IDS.iter().position(|i| *i == id)?;
        Some(Bearing::ALL[at])
    }

    /// Its name, in English and in French with its article (the edge shows one).
    pub fn names(self) -> (&'static str, &'static str) {
        match self {
            Bearing::Wizards => ("wizards", "les magiciens"),
            Bearing::Priests => ("priests", "les prêtres"),
            Bearing::Warriors => ("warriors", "les combattants"),
            Bearing::Rogues => ("rogues", "les roublards"),
            Bearing::Strength => ("Strength", "la Force"),
            Bearing::Intelligence => ("Intelligence", "l'Intelligence"),
            Bearing::Wisdom => ("Wisdom", "la Sagesse"),
            Bearing::Dexterity => ("Dexterity", "la Dextérité"),
            Bearing::Constitution => ("Constitution", "la Constitution"),
            Bearing::Charisma => ("Charisma", "le Charisme"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Studied {
    Vanished,
    Attached,
    Quest,
}

/// Why a book cannot be studied (words are the edge's).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    NotABook { item: Names },
    Vanished { item: Names },
    AlreadyBound { item: Names },
}

/// What studying `book` does to `reader` (« Une fois qu'ils ont été étudiés par un
/// personnage, la plupart de ces ouvrages disparaissent à jamais; mais les moins bénéfiques
/// d'entre eux peuvent s'attacher à leur possesseur […] Si l'ouvrage est bénéfique pour un
/// alignement autre que celui de son possesseur, ce dernier se retrouvera sous l'effet d'une
/// quête magique qui l'obligera à le dissimuler et à assurer sa protection »).
pub fn study(book: &Item, reader: &Character) -> Result<Studied, Refusal> {
    let item = || book.names();
    if book.category != Category::Book {
        return Err(Refusal::NotABook { item: item() });
    }
    if book.status == Status::Vanished {
        return Err(Refusal::Vanished { item: item() });
    }
    if book.attached {
        return Err(Refusal::AlreadyBound { item: item() });
    }
    let nature = book
        .identity
        .book
        .clone()
        .unwrap_or(super::item::BookNature {
            beneficial: true,
            alignment: None,
            bears_on: Vec::new(),
        });
    Ok(match (nature.beneficial, nature.alignment) {
        (false, _) => Studied::Attached,
        (true, Some(favours)) if favours != reader.alignment => Studied::Quest,
        _ => Studied::Vanished,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alignment::Alignment;
    use crate::item::{BookNature, Identity};

    fn reader(alignment: Alignment) -> Character {
        Character {
            alignment,
            ..crate::fixtures::character("r")
        }
    }

    fn book(beneficial: bool, alignment: Option<Alignment>) -> Item {
        let identity = Identity {
            book: Some(BookNature {
                beneficial,
                alignment,
                bears_on: Vec::new(),
            }),
            ..Identity::default()
        };
        Item::new(
            "b".into(),
            "Book".into(),
            "Livre".into(),
            Category::Book,
            identity,
        )
    }

    #[test]
    fn bearings_are_read_by_their_ids_and_nothing_else() {
        for (bearing, id) in Bearing::ALL.iter().zip(Bearing::IDS) {
            assert_eq!(Bearing::from_id(id), Some(*bearing));
            assert_eq!(serde_json::to_value(bearing).unwrap(), id);
        }
        assert_eq!(Bearing::from_id("Wizards"), None);
        assert_eq!(Bearing::from_id("thieves"), None);
    }

    #[test]
    fn most_vanish_harmful_ones_attach_foreign_ones_lay_a_quest() {
        let lawful = reader(Alignment::Lawful);
        assert_eq!(study(&book(true, None), &lawful), Ok(Studied::Vanished));
        assert_eq!(
            study(&book(true, Some(Alignment::Lawful)), &lawful),
            Ok(Studied::Vanished)
        );
        assert_eq!(
            study(&book(true, Some(Alignment::Chaotic)), &lawful),
            Ok(Studied::Quest)
        );
        assert_eq!(study(&book(false, None), &lawful), Ok(Studied::Attached));
        let mut gone = book(true, None);
        gone.status = Status::Vanished;
        assert_eq!(
            study(&gone, &lawful),
            Err(Refusal::Vanished {
                item: Names {
                    en: "Book".into(),
                    fr: "Livre".into()
                }
            })
        );
    }
}
