//! The words for a sword command's refusal ([`Refusal`]): the sword named in the reader's
//! language, and when a used-up power can be used again.

use std::fmt;

use super::Shown;
use crate::app::refusal::sword::Refusal;
use crate::i18n::time::{GameTime, span};
use crate::tr;

impl fmt::Display for crate::i18n::Worded<'_, Refusal> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.0 {
            Refusal::NotSentient { item } => {
                let name = item.shown();
                tr!(
                    "{name} is not a sentient sword",
                    "{name} n'est pas une épée intelligente"
                )
            }
            Refusal::NotHeld { sword, character } => {
                let (name, whom) = (sword.shown(), character);
                tr!(
                    "{whom} does not hold {name}: `hoard give` it first",
                    "{whom} ne porte pas {name} : `hoard give` d'abord"
                )
            }
            Refusal::NotInHand { sword, character } => {
                let (name, whom) = (sword.shown(), character);
                tr!(
                    "{name} is not in {whom}'s hand: there is nothing to sheathe",
                    "{name} n'est pas dans la main de {whom} : rien à rengainer"
                )
            }
            Refusal::NoSuchPower {
                sword,
                power,
                powers,
            } => {
                let name = sword.shown();
                tr!(
                    "{name} has no power {power:?}: its powers are {}",
                    "{name} n'a pas de pouvoir {power:?} : ses pouvoirs sont {}",
                    powers.join(", ")
                )
            }
            Refusal::NotWielded { sword } => {
                let name = sword.shown();
                tr!(
                    "{name} must be in its wielder's hand to use a power: `hoard wield` it first",
                    "{name} doit être en main pour utiliser un pouvoir : `hoard wield` d'abord"
                )
            }
            Refusal::UsedUp {
                sword,
                power,
                uses,
                used,
                since,
                until,
                now,
            } => {
                let name = sword.shown();
                let (back, wait) = (GameTime(*until), span(until - now));
                let times = if *used == 1 {
                    tr!("once", "une fois")
                } else {
                    tr!("{used} times", "{used} fois")
                };
                tr!(
                    "{} of {name} is used up: {uses}, already used {times} since {}; it can be used again at {back} (in {wait})",
                    "{} de {name} est épuisé : {uses}, déjà utilisé {times} depuis {} ; utilisable à nouveau à {back} (dans {wait})",
                    power,
                    GameTime(*since)
                )
            }
            Refusal::ControlsNoOne { sword } => {
                let name = sword.shown();
                tr!(
                    "{name} controls no one now",
                    "{name} ne contrôle personne en ce moment"
                )
            }
            Refusal::EncounterUnderWay => tr!(
                "an encounter is under way: `hoard encounter end` first",
                "une rencontre est en cours : `hoard encounter end` d'abord"
            ),
            Refusal::NoEncounter => tr!("no encounter is under way", "aucune rencontre en cours"),
        };
        f.write_str(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::in_both;
    use crate::rules::item::Names;

    #[tokio::test]
    async fn a_refusal_names_the_sword_in_the_readers_language() {
        let item = Names {
            en: "Sword +1".into(),
            fr: "Épée +1".into(),
        };
        let (en, fr) = in_both(&crate::i18n::Worded(&Refusal::NotSentient { item })).await;
        assert_eq!(en, "Sword +1 is not a sentient sword");
        assert_eq!(fr, "Épée +1 n'est pas une épée intelligente");
    }

    #[test]
    fn a_refusal_carries_its_reason_and_fields_as_data() {
        let refusal = Refusal::NotHeld {
            sword: Names {
                en: "Grimfang".into(),
                fr: String::new(),
            },
            character: "Aldo".into(),
        };
        let json = serde_json::to_value(crate::error::Problem::Sword(refusal)).unwrap();
        assert_eq!(json["reason"], "not_held");
        assert_eq!(json["character"], "Aldo");
        assert_eq!(json["sword"]["en"], "Grimfang");
    }
}
