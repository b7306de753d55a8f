//! Books and tomes (AD&D 2e DMG, Books): once studied most vanish; harmful ones bind
//! themselves to their owner; a book that favours another alignment than its owner's lays a
//! quest on the owner to hide and protect it. What a book is — its nature, the classes or
//! abilities it bears on most — the item holds (`item::BookNature`, `item::Bearing`).

use super::character::Character;
use super::item::{BookNature, Category, Item, Names, Status};

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
    let nature = book.identity.book.clone().unwrap_or(BookNature {
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
    use crate::item::Identity;

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
