//! The words for putting on or taking off what cannot be ([`Refusal`]).

use std::fmt;

use super::Shown;
use crate::app::refusal::wear::Refusal;
use crate::tr;

impl fmt::Display for crate::i18n::Worded<'_, Refusal> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.0 {
            Refusal::InTreasure { item, character } => {
                let name = item.shown();
                tr!(
                    "{name} is in the party's treasure: `hoard give` it to {} first",
                    "{name} est dans le trésor du groupe : `hoard give` d'abord à {}",
                    character
                )
            }
            Refusal::AlreadyWorn { item, character } => {
                let name = item.shown();
                tr!("{} already wears {name}", "{} porte déjà {name}", character)
            }
            Refusal::Gone { item } => {
                let name = item.shown();
                tr!("{name} is gone", "{name} n'existe plus")
            }
            Refusal::NotWearable { item } => {
                let name = item.shown();
                tr!(
                    "{name} cannot be worn: hoard tracks worn rings, armor and shields",
                    "{name} ne se porte pas : hoard suit les anneaux, armures et boucliers portés"
                )
            }
            Refusal::WhichHand => tr!(
                "a ring goes on a finger: say which hand with --hand left|right",
                "un anneau se passe au doigt : dites quelle main avec --hand left|right"
            ),
            Refusal::HandForNonRing { item } => {
                let name = item.shown();
                tr!(
                    "--hand is for rings; {name} is worn without it",
                    "--hand est pour les anneaux ; {name} se porte sans"
                )
            }
            Refusal::SlotTaken { character, other } => tr!(
                "{} already wears {}: one suit of armor and one shield at a time; `hoard remove` it first",
                "{} porte déjà {} : une armure et un bouclier à la fois ; `hoard remove` d'abord",
                character,
                other.shown()
            ),
            Refusal::NotWorn { item } => {
                let name = item.shown();
                tr!("{name} is not worn", "personne ne porte {name}")
            }
            Refusal::Cursed { item, character } => {
                let name = item.shown();
                tr!(
                    "{character} is under the curse of {name} and cannot take it off: only magic removes it (OSE, Cursed Armour and Shields)",
                    "{character} est sous la malédiction de {name} et ne peut l'ôter : seule la magie l'en défait (OSE, armures et boucliers maudits)"
                )
            }
        };
        f.write_str(&text)
    }
}
