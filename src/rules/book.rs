//! Books and tomes (AD&D 2e DMG): once studied most vanish; harmful ones bind themselves to their
//! owner; a book that favours another alignment than its owner's lays a quest on the owner to
//! hide and protect it.

use super::Refused;
use super::character::Character;
use super::item::{Category, Item, Status};
use crate::tr;

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Studied {
    Vanished,
    Attached,
    Quest,
}

pub fn study(book: &Item, reader: &Character) -> Result<Studied, Refused> {
    let name = book.name();
    if book.category != Category::Book {
        return Err(Refused(tr!(
            "{name} is not a book",
            "{name} n'est pas un livre"
        )));
    }
    if book.status == Status::Vanished {
        return Err(Refused(tr!("{name} has vanished", "{name} a disparu")));
    }
    if book.attached {
        return Err(Refused(tr!(
            "{name} has already bound itself to its owner",
            "{name} s'est déjà attaché à son possesseur"
        )));
    }
    let nature = book
        .identity
        .book
        .clone()
        .unwrap_or(super::item::BookNature {
            beneficial: true,
            alignment: None,
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
    use crate::rules::alignment::Alignment;
    use crate::rules::item::{BookNature, Identity};

    fn reader(alignment: Alignment) -> Character {
        Character {
            alignment,
            ..crate::rules::fixtures::character("r")
        }
    }

    fn book(beneficial: bool, alignment: Option<Alignment>) -> Item {
        let identity = Identity {
            book: Some(BookNature {
                beneficial,
                alignment,
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
        assert!(study(&gone, &lawful).is_err());
    }
}
