//! The kinds of armour, and what each edition's table gives each: its armour class and its
//! weight. Plain data, so that the armour class, encumbrance and the exports read one table
//! (OSE Rules Tome, *Weapons and Armour*; AD&D 2e PHB, *Armor*, Table 46). An item's kind
//! comes from what the referee said (`item add --armor plate`), else its name ("Plate mail
//! +1", « Armure de plates »); `armor::kind` reads it.

use serde::{Deserialize, Serialize};

/// A kind of armour, or a shield.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ArmorKind {
    Padded,
    Leather,
    StuddedLeather,
    Ring,
    Brigandine,
    Scale,
    Chain,
    Splint,
    Banded,
    Plate,
    FieldPlate,
    FullPlate,
    Shield,
}

/// Whose table to read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Edition {
    Ose,
    Adnd,
}

/// What a table gives a kind: its armour class, descending and ascending (a shield's: the
/// improvement it gives to both), and its weight in coins (ten to the pound).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Stats {
    pub ac: i32,
    pub aac: i32,
    pub coins: u32,
}

/// A suit of descending AC `ac` weighing `coins`: ascending is 19 − AC (OSE: 9 [10]).
const fn suit(ac: i32, coins: u32) -> Stats {
    Stats {
        ac,
        aac: 19 - ac,
        coins,
    }
}

impl ArmorKind {
    pub const ALL: [ArmorKind; 13] = [
        ArmorKind::Padded,
        ArmorKind::Leather,
        ArmorKind::StuddedLeather,
        ArmorKind::Ring,
        ArmorKind::Brigandine,
        ArmorKind::Scale,
        ArmorKind::Chain,
        ArmorKind::Splint,
        ArmorKind::Banded,
        ArmorKind::Plate,
        ArmorKind::FieldPlate,
        ArmorKind::FullPlate,
        ArmorKind::Shield,
    ];

    /// Its id, as `--armor` takes it and JSON carries it.
    pub fn id(self) -> &'static str {
        match self {
            ArmorKind::Padded => "padded",
            ArmorKind::Leather => "leather",
            ArmorKind::StuddedLeather => "studded-leather",
            ArmorKind::Ring => "ring",
            ArmorKind::Brigandine => "brigandine",
            ArmorKind::Scale => "scale",
            ArmorKind::Chain => "chain",
            ArmorKind::Splint => "splint",
            ArmorKind::Banded => "banded",
            ArmorKind::Plate => "plate",
            ArmorKind::FieldPlate => "field-plate",
            ArmorKind::FullPlate => "full-plate",
            ArmorKind::Shield => "shield",
        }
    }

    /// A kind by its id.
    pub fn parse(text: &str) -> Option<ArmorKind> {
        let text = text.trim().to_lowercase().replace([' ', '_'], "-");
        ArmorKind::ALL.into_iter().find(|k| k.id() == text)
    }

    /// The kind a name says, in English or in French: the longest words first, so that
    /// "Full plate" is not plate and "Studded leather" not leather.
    pub fn in_name(name: &str) -> Option<ArmorKind> {
        const WORDS: [(&str, ArmorKind); 25] = [
            ("full plate", ArmorKind::FullPlate),
            ("plates complète", ArmorKind::FullPlate),
            ("field plate", ArmorKind::FieldPlate),
            ("plates de campagne", ArmorKind::FieldPlate),
            ("plate", ArmorKind::Plate),
            ("plates", ArmorKind::Plate),
            ("studded", ArmorKind::StuddedLeather),
            ("clouté", ArmorKind::StuddedLeather),
            ("leather", ArmorKind::Leather),
            ("cuir", ArmorKind::Leather),
            ("padded", ArmorKind::Padded),
            ("matelassée", ArmorKind::Padded),
            ("banded", ArmorKind::Banded),
            ("à bandes", ArmorKind::Banded),
            ("splint", ArmorKind::Splint),
            ("lamelles", ArmorKind::Splint),
            ("scale", ArmorKind::Scale),
            ("écailles", ArmorKind::Scale),
            ("ring mail", ArmorKind::Ring),
            ("annelée", ArmorKind::Ring),
            ("brigandine", ArmorKind::Brigandine),
            ("chain", ArmorKind::Chain),
            ("mailles", ArmorKind::Chain),
            ("shield", ArmorKind::Shield),
            ("bouclier", ArmorKind::Shield),
        ];
        let name = name.to_lowercase();
        WORDS
            .iter()
            .find(|(word, _)| name.contains(word))
            .map(|(_, kind)| *kind)
    }

    /// Whether it is metal (leather, studded leather and padded armour are not).
    pub fn metal(self) -> bool {
        !matches!(
            self,
            ArmorKind::Padded | ArmorKind::Leather | ArmorKind::StuddedLeather
        )
    }

    /// OSE Rules Tome, *Weapons and Armour*: « Leather 7 [12] … 200 », « Chainmail 5 [14] …
    /// 400 », « Plate mail 3 [16] … 500 », « Shield +1 bonus … 100 » (coins); OSE lists no
    /// other kind.
    pub fn ose(self) -> Option<Stats> {
        match self {
            ArmorKind::Leather => Some(suit(7, 200)),
            ArmorKind::Chain => Some(suit(5, 400)),
            ArmorKind::Plate => Some(suit(3, 500)),
            ArmorKind::Shield => Some(Stats {
                ac: 1,
                aac: 1,
                coins: 100,
            }),
            _ => None,
        }
    }

    /// AD&D 2e PHB, Table 46 (*Armor Class Ratings*) and the armour's weights in pounds:
    /// padded 8 (10 lb), leather 8 (15), studded leather 7 (25), ring mail 7 (30),
    /// brigandine 6 (35), scale mail 6 (40), chain mail 5 (40), splint mail 4 (40), banded
    /// mail 4 (35), plate mail 3 (50), field plate 2 (60), full plate 1 (70); a (medium)
    /// shield improves AC by 1 (10 lb).
    pub fn adnd(self) -> Stats {
        match self {
            ArmorKind::Padded => suit(8, 100),
            ArmorKind::Leather => suit(8, 150),
            ArmorKind::StuddedLeather => suit(7, 250),
            ArmorKind::Ring => suit(7, 300),
            ArmorKind::Brigandine => suit(6, 350),
            ArmorKind::Scale => suit(6, 400),
            ArmorKind::Chain => suit(5, 400),
            ArmorKind::Splint => suit(4, 400),
            ArmorKind::Banded => suit(4, 350),
            ArmorKind::Plate => suit(3, 500),
            ArmorKind::FieldPlate => suit(2, 600),
            ArmorKind::FullPlate => suit(1, 700),
            ArmorKind::Shield => Stats {
                ac: 1,
                aac: 1,
                coins: 100,
            },
        }
    }

    /// The edition's figures; under OSE a kind its table does not list takes AD&D's.
    pub fn stats(self, edition: Edition) -> Stats {
        match edition {
            Edition::Ose => self.ose().unwrap_or_else(|| self.adnd()),
            Edition::Adnd => self.adnd(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_edition_gives_its_armour_class_and_weight() {
        let ose = |k: ArmorKind| k.stats(Edition::Ose);
        assert_eq!(ose(ArmorKind::Leather), suit(7, 200));
        assert_eq!(ose(ArmorKind::Chain), suit(5, 400));
        assert_eq!(
            ose(ArmorKind::Plate),
            Stats {
                ac: 3,
                aac: 16,
                coins: 500
            }
        );
        assert_eq!(ose(ArmorKind::Shield).ac, 1);
        // Not in OSE's table: AD&D's figures.
        assert_eq!(ose(ArmorKind::Banded), suit(4, 350));
        let adnd = |k: ArmorKind| k.stats(Edition::Adnd).ac;
        assert_eq!(adnd(ArmorKind::Plate), 3);
        assert_eq!((adnd(ArmorKind::Banded), adnd(ArmorKind::Splint)), (4, 4));
        assert_eq!(adnd(ArmorKind::Chain), 5);
        assert_eq!(adnd(ArmorKind::Scale), 6);
        assert_eq!(
            (adnd(ArmorKind::Ring), adnd(ArmorKind::StuddedLeather)),
            (7, 7)
        );
        assert_eq!((adnd(ArmorKind::Leather), adnd(ArmorKind::Padded)), (8, 8));
        assert_eq!(ArmorKind::Leather.adnd().coins, 150);
    }

    #[test]
    fn a_name_says_its_kind_in_either_language() {
        for (name, kind) in [
            ("Plate mail +1", ArmorKind::Plate),
            ("Full plate +2", ArmorKind::FullPlate),
            ("Field plate", ArmorKind::FieldPlate),
            ("Studded leather armor +1", ArmorKind::StuddedLeather),
            ("Leather armor", ArmorKind::Leather),
            ("Chain mail", ArmorKind::Chain),
            ("Ring mail", ArmorKind::Ring),
            ("Splint mail -1", ArmorKind::Splint),
            ("Armure de plates +1", ArmorKind::Plate),
            ("Armure de plates complète", ArmorKind::FullPlate),
            ("Cotte de mailles", ArmorKind::Chain),
            ("Armure de cuir clouté", ArmorKind::StuddedLeather),
            ("Armure d'écailles", ArmorKind::Scale),
            ("Bouclier +2", ArmorKind::Shield),
        ] {
            assert_eq!(ArmorKind::in_name(name), Some(kind), "{name}");
        }
        assert_eq!(ArmorKind::in_name("Elven mail"), None);
        assert_eq!(ArmorKind::parse("Full plate"), Some(ArmorKind::FullPlate));
        assert_eq!(ArmorKind::parse("plate"), Some(ArmorKind::Plate));
        assert_eq!(ArmorKind::parse("mithril"), None);
        assert!(ArmorKind::Ring.metal() && !ArmorKind::Padded.metal());
    }
}
