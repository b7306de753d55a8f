//! The words for what the rules return as data: a control's circumstance and how it ends,
//! and the refusals of custody, potions, scrolls and books. The rules decide; this says it in
//! the referee's language.

use std::fmt;

use super::out::safe;
use crate::rules::control::{Reason, Trigger};
use crate::rules::custody::Refusal;
use crate::tr;

/// A circumstance calling for a control check, as the referee reads it.
pub fn trigger(t: Trigger) -> String {
    match t {
        Trigger::FirstContact => tr!("first contact", "premier contact"),
        Trigger::Wounded => tr!("wounded", "blessé"),
        Trigger::Jealousy => tr!("jealousy", "jalousie"),
        Trigger::Alignment => tr!("alignment difference", "différence d'alignement"),
        Trigger::SpecialPurpose => tr!("special purpose", "but spécial"),
    }
}

/// Why a sword let go.
pub fn reason(r: Reason) -> String {
    match r {
        Reason::Healed => tr!(
            "healed above half HP",
            "soigné au-dessus de la moitié des PV"
        ),
        Reason::WeaponLeft => tr!("the other weapon left", "l'autre arme est partie"),
        Reason::UseEnded => tr!(
            "the use is over: the sword is put away",
            "l'utilisation est finie : l'épée est rangée"
        ),
        Reason::EncounterEnded => tr!("the encounter ended", "la rencontre est finie"),
        Reason::Satisfied => tr!("the sword is satisfied", "l'épée est satisfaite"),
        Reason::SwordLeft => tr!("the sword left their hands", "l'épée a quitté ses mains"),
    }
}

/// Until when a control set off by `t` holds: the end of its circumstance.
pub fn until(t: Trigger) -> String {
    match crate::rules::control::ends_when(t) {
        Reason::Healed => tr!("until healed above half HP", "jusqu'à la moitié des PV passée"),
        Reason::WeaponLeft => tr!(
            "until the other weapon leaves",
            "jusqu'à ce que l'autre arme parte"
        ),
        Reason::UseEnded => tr!("until it is put away", "jusqu'à ce qu'elle soit rangée"),
        Reason::EncounterEnded => tr!(
            "until the encounter ends",
            "jusqu'à la fin de la rencontre"
        ),
        Reason::Satisfied | Reason::SwordLeft => tr!(
            "until the sword is satisfied",
            "jusqu'à ce que l'épée soit satisfaite"
        ),
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            Refusal::Bound { item } => {
                let item = safe(item);
                tr!(
                    "{item} has bound itself to its owner (a harmful book): it can be neither given nor dropped",
                    "{item} s'est attaché à son possesseur (un livre néfaste) : impossible de le donner ou le laisser"
                )
            }
            Refusal::Gone { item, status } => {
                let (item, status) = (safe(item), status.as_str());
                tr!(
                    "{item} is gone ({status}): there is nothing to hand over",
                    "{item} n'existe plus ({status}) : rien à transmettre"
                )
            }
            Refusal::AlreadyHeld { item, holder } => {
                let (item, holder) = (safe(item), safe(holder));
                tr!("{holder} already holds {item}", "{holder} porte déjà {item}")
            }
            Refusal::InTreasure { item } => {
                let item = safe(item);
                tr!(
                    "{item} is already in the party's treasure",
                    "{item} est déjà dans le trésor du groupe"
                )
            }
            Refusal::Controlled { item } => {
                let item = safe(item);
                tr!(
                    "{item} controls its holder, who can neither drop it nor give it away until its circumstance ends or it is satisfied (`hoard release`)",
                    "{item} contrôle son porteur, qui ne peut ni la laisser ni la donner tant que sa circonstance dure ou qu'elle n'est pas satisfaite (`hoard release`)"
                )
            }
        };
        f.write_str(&text)
    }
}
