//! The words for what the rules return as data: a control's circumstance and how it ends,
//! and the refusals of custody, potions, scrolls and books. The rules decide; this says it in
//! the referee's language.

use std::fmt;

use super::describe::CHARGE;
use super::out::safe;
use crate::i18n::{counted, typed};
use crate::rules::class::Caster;
use crate::rules::control::{Reason, Trigger};
use crate::rules::custody::Refusal;
use crate::rules::{book, charges, potion, scroll};
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
        Reason::Healed => tr!(
            "until healed above half HP",
            "jusqu'à la moitié des PV passée"
        ),
        Reason::WeaponLeft => tr!(
            "until the other weapon leaves",
            "jusqu'à ce que l'autre arme parte"
        ),
        Reason::UseEnded => tr!("until it is put away", "jusqu'à ce qu'elle soit rangée"),
        Reason::EncounterEnded => tr!("until the encounter ends", "jusqu'à la fin de la rencontre"),
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
                tr!(
                    "{holder} already holds {item}",
                    "{holder} porte déjà {item}"
                )
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

impl fmt::Display for potion::Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            potion::Refusal::NotAPotion { item } => {
                let item = safe(item);
                tr!(
                    "{item} is not a potion or an oil",
                    "{item} n'est ni une potion ni une huile"
                )
            }
            potion::Refusal::Empty { item } => {
                let item = safe(item);
                tr!(
                    "{item} is already used up: the flask is empty (one dose)",
                    "le flacon de {item} est déjà vide (une seule dose)"
                )
            }
            potion::Refusal::IsAnOil { item } => {
                let item = safe(item);
                tr!(
                    "{item} is an oil: it is rubbed on, with `hoard apply`",
                    "{item} est une huile : elle s'applique, avec `hoard apply`"
                )
            }
            potion::Refusal::IsAPotion { item } => {
                let item = safe(item);
                tr!(
                    "{item} is a potion: it is drunk, with `hoard drink`",
                    "{item} est une potion : elle se boit, avec `hoard drink`"
                )
            }
        };
        f.write_str(&text)
    }
}

fn caster(kind: Caster) -> String {
    match kind {
        Caster::Wizard => tr!("wizard", "magicien"),
        Caster::Priest => tr!("priest", "prêtre"),
    }
}

impl fmt::Display for scroll::Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use scroll::Refusal as R;
        let text = match self {
            R::NotAScroll { item } => {
                let item = safe(item);
                tr!("{item} is not a scroll", "{item} n'est pas un parchemin")
            }
            R::Faded { item } => {
                let item = safe(item);
                tr!(
                    "{item} has faded: it is blank",
                    "{item} s'est effacé : il est vierge"
                )
            }
            R::NoSpells { item } => {
                let item = safe(item);
                tr!("{item} holds no spells", "{item} ne contient aucun sort")
            }
            R::NoSuchSpell { item, count } => {
                let item = safe(item);
                tr!(
                    "{item} has spells 1 to {count}: choose one with --spell N",
                    "{item} porte les sorts 1 à {count} : choisissez avec --spell N"
                )
            }
            R::Erased { item, spell } => {
                let item = safe(item);
                tr!(
                    "spell {spell} of {item} was cast or copied: it is erased",
                    "le sort {spell} de {item} a été lancé ou copié : il est effacé"
                )
            }
            R::NotACaster { reader, kind } => {
                let (reader, kind) = (safe(reader), caster(*kind));
                tr!(
                    "{reader} is not a {kind}: only a {kind} casts or copies from this scroll",
                    "{reader} n'est pas {kind} : seul un {kind} lance ou copie les sorts de ce parchemin"
                )
            }
            R::NotReadYet { reader, item } => {
                let (reader, item) = (safe(reader), safe(item));
                tr!(
                    "{reader} has not read {item} yet: `hoard read` it first (its magic writing must be read once)",
                    "{reader} n'a pas encore lu {item} : `hoard read` d'abord (son écriture magique doit être lue une fois)"
                )
            }
            R::NeedsReadMagic { reader, kind } => {
                let reader = safe(reader);
                let who = match kind {
                    Some(kind) => caster(*kind),
                    None => tr!("caster", "lanceur de sorts"),
                };
                tr!(
                    "{reader} cannot read magic: a spell scroll needs read magic (a {who} or --reads-magic)",
                    "{reader} ne sait pas lire la magie : un parchemin de sorts l'exige (un {who} ou --reads-magic)"
                )
            }
            R::NeedsComprehendLanguages { reader, item } => {
                let (r, i) = (safe(&typed(reader)), safe(&typed(item)));
                let (reader, item) = (safe(reader), safe(item));
                tr!(
                    "{reader} cannot decipher {item}: a map needs comprehend languages (`hoard identify {i} --by {r} --method comprehend-languages`) or the ability to read unknown languages (`hoard character set {r} reads-languages yes`)",
                    "{reader} ne peut pas déchiffrer {item} : une carte exige la compréhension des langues (`hoard identify {i} --by {r} --method comprehend-languages`) ou la capacité à lire les langues inconnues (`hoard character set {r} reads-languages oui`)"
                )
            }
            R::Illiterate { reader } => {
                let reader = safe(reader);
                tr!(
                    "{reader} cannot read: even a protection scroll needs a reader",
                    "{reader} ne sait pas lire : même un parchemin de protection demande un lecteur"
                )
            }
            R::NotAProtection { item } => {
                let item = safe(item);
                tr!(
                    "{item} is not a protection scroll",
                    "{item} n'est pas un parchemin de protection"
                )
            }
            R::AlreadyRead { item } => {
                let item = safe(item);
                tr!(
                    "{item} was already read: a protection scroll works once",
                    "{item} a déjà été lu : un parchemin de protection ne sert qu'une fois"
                )
            }
            R::NoDuration => tr!(
                "give the protection's duration in turns (its description in the DMG): --turns N",
                "donnez la durée de la protection en tours (sa description dans le Guide) : --turns N"
            ),
        };
        f.write_str(&text)
    }
}

impl fmt::Display for book::Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            book::Refusal::NotABook { item } => {
                let item = safe(item);
                tr!("{item} is not a book", "{item} n'est pas un livre")
            }
            book::Refusal::Vanished { item } => {
                let item = safe(item);
                tr!("{item} has vanished", "{item} a disparu")
            }
            book::Refusal::AlreadyBound { item } => {
                let item = safe(item);
                tr!(
                    "{item} has already bound itself to its owner",
                    "{item} s'est déjà attaché à son possesseur"
                )
            }
        };
        f.write_str(&text)
    }
}

impl fmt::Display for charges::Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            charges::Refusal::Drained { item } => {
                let item = safe(item);
                tr!(
                    "{item} is drained: it lost all its magic and can be neither used nor recharged",
                    "{item} a perdu toute sa magie : ni utilisable ni rechargeable"
                )
            }
            charges::Refusal::NoCharges { item } => {
                let item = safe(item);
                tr!(
                    "{item} has no charges to spend",
                    "{item} n'a pas de charges à dépenser"
                )
            }
            charges::Refusal::NoneSpent => {
                tr!("spend at least one charge", "dépensez au moins une charge")
            }
            charges::Refusal::TooMany { item, left, wanted } => {
                let (item, left) = (safe(item), counted(*left, CHARGE, CHARGE));
                tr!(
                    "{item} has only {left} left, not {wanted}",
                    "{item} n'a plus que {left}, pas {wanted}"
                )
            }
            charges::Refusal::OutOfRange => {
                let limit = charges::RECHARGE_LIMIT;
                tr!("add 1 to {limit} charges", "ajoutez de 1 à {limit} charges")
            }
        };
        f.write_str(&text)
    }
}
