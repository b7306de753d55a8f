//! The words for a sword command's refusal ([`Refusal`]): the sword named in the reader's
//! language, and when a used-up power can be used again.

use std::fmt;

use super::Shown;
use crate::app::sword::Refusal;
use crate::i18n::time::{GameTime, span};
use crate::tr;

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
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
