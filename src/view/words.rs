//! The words for what the rules return as data: a control's circumstance and how it ends,
//! and the refusals of custody, potions, scrolls and books. The rules decide; this says it in
//! the referee's language. A generation's faults are worded in `words/generation.rs`, names
//! in the reader's language and names refused in `words/names.rs`, a table file's faults in
//! `words/tables.rs`, the ledger's refusals in `words/ledger.rs`, the store's failures in
//! `words/store.rs`; the refusals of the application's commands in the file named after their
//! module (`words/sword.rs`, `words/wear.rs` …; a book's in `words/study.rs`, a scroll's in
//! `words/cast.rs`).

mod campaign;
mod cast;
mod character;
mod check;
mod claims;
mod custody;
mod debts;
mod export;
mod files;
mod generate;
mod generation;
mod history;
mod item;
mod ledger;
mod light;
mod log;
mod lookup;
mod names;
mod raise;
mod retainer;
mod session;
mod shop;
mod store;
mod study;
mod sword;
mod tables;
mod wear;

pub use ledger::ItemNamed;
pub use names::{Labelled, Named, Shown, Titled, material_name};

use std::fmt;

use super::inert::safe;
use crate::i18n::CHARGE;
use crate::i18n::{counted, typed};
use crate::rules::class::Caster;
use crate::rules::control::Reason;
use crate::rules::custody::Refusal;
use crate::rules::item::Trigger;
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
        Reason::Fallen => tr!(
            "they fell: no action left to control",
            "il est tombé : plus aucune action à contrôler"
        ),
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
        Reason::Satisfied | Reason::SwordLeft | Reason::Fallen => tr!(
            "until the sword is satisfied",
            "jusqu'à ce que l'épée soit satisfaite"
        ),
    }
}

impl fmt::Display for crate::i18n::Worded<'_, Refusal> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.0 {
            Refusal::Bound { item } => {
                let item = safe(item.shown());
                tr!(
                    "{item} has bound itself to its owner (a harmful book): it can be neither given nor dropped",
                    "{item} s'est attaché à son possesseur (un livre néfaste) : impossible de le donner ou le laisser"
                )
            }
            Refusal::Cursed { item } => {
                let item = safe(item.shown());
                tr!(
                    "{item} holds its wearer under its curse: it can be neither given nor dropped; only magic removes it (OSE, Cursed Armour and Shields)",
                    "{item} tient son porteur sous sa malédiction : impossible de la donner ou la laisser ; seule la magie l'en défait (OSE, armures et boucliers maudits)"
                )
            }
            Refusal::Gone { item, status } => {
                let (item, status) = (safe(item.shown()), status.as_str());
                tr!(
                    "{item} is gone ({status}): there is nothing to hand over",
                    "{item} n'existe plus ({status}) : rien à transmettre"
                )
            }
            Refusal::AlreadyHeld { item, holder } => {
                let (item, holder) = (safe(item.shown()), safe(holder));
                tr!(
                    "{holder} already holds {item}",
                    "{holder} porte déjà {item}"
                )
            }
            Refusal::InTreasure { item } => {
                let item = safe(item.shown());
                tr!(
                    "{item} is already in the party's treasure",
                    "{item} est déjà dans le trésor du groupe"
                )
            }
            Refusal::Controlled { item } => {
                let item = safe(item.shown());
                tr!(
                    "{item} controls its holder, who can neither drop it nor give it away until its circumstance ends or it is satisfied (`hoard release`)",
                    "{item} contrôle son porteur, qui ne peut ni la laisser ni la donner tant que sa circonstance dure ou qu'elle n'est pas satisfaite (`hoard release`)"
                )
            }
            Refusal::Dead { item, name, hp } => {
                let (item, name) = (safe(item.shown()), safe(name));
                tr!(
                    "{name} is dead ({hp} HP): the dead take nothing; leave {item} with the body at a place (`hoard stash`) or give it to the living",
                    "{name} est mort ({hp} PV) : les morts ne prennent rien ; laissez {item} avec le corps en un lieu (`hoard stash`) ou donnez-le à un vivant"
                )
            }
        };
        f.write_str(&text)
    }
}

impl fmt::Display for crate::i18n::Worded<'_, potion::Refusal> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.0 {
            potion::Refusal::NotAPotion { item } => {
                let item = safe(item.shown());
                tr!(
                    "{item} is not a potion or an oil",
                    "{item} n'est ni une potion ni une huile"
                )
            }
            potion::Refusal::Empty { item } => {
                let item = safe(item.shown());
                tr!(
                    "{item} is already used up: the flask is empty (one dose)",
                    "le flacon de {item} est déjà vide (une seule dose)"
                )
            }
            potion::Refusal::IsAnOil { item } => {
                let item = safe(item.shown());
                tr!(
                    "{item} is an oil: it is rubbed on, with `hoard apply`",
                    "{item} est une huile : elle s'applique, avec `hoard apply`"
                )
            }
            potion::Refusal::IsAPotion { item } => {
                let item = safe(item.shown());
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

impl fmt::Display for crate::i18n::Worded<'_, scroll::Refusal> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use scroll::Refusal as R;
        let text = match self.0 {
            R::NotAScroll { item } => {
                let item = safe(item.shown());
                tr!("{item} is not a scroll", "{item} n'est pas un parchemin")
            }
            R::Faded { item } => {
                let item = safe(item.shown());
                tr!(
                    "{item} has faded: it is blank",
                    "{item} s'est effacé : il est vierge"
                )
            }
            R::NoSpells { item } => {
                let item = safe(item.shown());
                tr!("{item} holds no spells", "{item} ne contient aucun sort")
            }
            R::NoSuchSpell { item, count } => {
                let item = safe(item.shown());
                tr!(
                    "{item} has spells 1 to {count}: choose one with --spell N",
                    "{item} porte les sorts 1 à {count} : choisissez avec --spell N"
                )
            }
            R::Erased { item, spell } => {
                let item = safe(item.shown());
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
                let (reader, item) = (safe(reader), safe(item.shown()));
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
                let (r, i) = (safe(&typed(reader)), safe(&typed(item.shown())));
                let (reader, item) = (safe(reader), safe(item.shown()));
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
            R::SwordInControl { reader, sword } => {
                let (reader, sword) = (safe(reader), safe(sword.shown()));
                tr!(
                    "{sword} controls {reader} and reads nothing for them until it lets go: what {reader} does is the sword's to decide",
                    "{sword} contrôle {reader} et ne lit rien pour lui tant qu'elle ne l'a pas libéré : ce que fait {reader}, c'est l'épée qui le décide"
                )
            }
            R::NotAProtection { item } => {
                let item = safe(item.shown());
                tr!(
                    "{item} is not a protection scroll",
                    "{item} n'est pas un parchemin de protection"
                )
            }
            R::AlreadyRead { item } => {
                let item = safe(item.shown());
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

impl fmt::Display for crate::i18n::Worded<'_, book::Refusal> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.0 {
            book::Refusal::NotABook { item } => {
                let item = safe(item.shown());
                tr!("{item} is not a book", "{item} n'est pas un livre")
            }
            book::Refusal::Vanished { item } => {
                let item = safe(item.shown());
                tr!("{item} has vanished", "{item} a disparu")
            }
            book::Refusal::AlreadyBound { item } => {
                let item = safe(item.shown());
                tr!(
                    "{item} has already bound itself to its owner",
                    "{item} s'est déjà attaché à son possesseur"
                )
            }
        };
        f.write_str(&text)
    }
}

impl fmt::Display for crate::i18n::Worded<'_, charges::Refusal> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.0 {
            charges::Refusal::Drained { item } => {
                let item = safe(item.shown());
                tr!(
                    "{item} is drained: it lost all its magic and can be neither used nor recharged",
                    "{item} a perdu toute sa magie : ni utilisable ni rechargeable"
                )
            }
            charges::Refusal::NoCharges { item } => {
                let item = safe(item.shown());
                tr!(
                    "{item} has no charges to spend",
                    "{item} n'a pas de charges à dépenser"
                )
            }
            charges::Refusal::NoneSpent => {
                tr!("spend at least one charge", "dépensez au moins une charge")
            }
            charges::Refusal::TooMany { item, left, wanted } => {
                let (item, left) = (safe(item.shown()), counted(*left, CHARGE, CHARGE));
                tr!(
                    "{item} has only {left} left, not {wanted}",
                    "{item} n'a plus que {left}, pas {wanted}"
                )
            }
            charges::Refusal::OutOfRange => {
                let limit = charges::RECHARGE_LIMIT;
                tr!("add 1 to {limit} charges", "ajoutez de 1 à {limit} charges")
            }
            charges::Refusal::NoRecharging => tr!(
                "this campaign does not recharge (Old-School Essentials: « Recharging: Is not possible »): `campaign set recharge allowed` to allow it",
                "cette campagne ne recharge pas (Old-School Essentials : « la recharge est impossible ») : `campaign set recharge allowed` pour l'autoriser"
            ),
            charges::Refusal::NoRoom { item, left, wanted } => {
                let (item, left) = (safe(item.shown()), counted(*left, CHARGE, CHARGE));
                tr!(
                    "{item} holds {left}, and cannot count {wanted} more",
                    "{item} a {left}, et ne peut pas en compter {wanted} de plus"
                )
            }
        };
        f.write_str(&text)
    }
}

/// A refused dice expression, with the forms that work.
impl fmt::Display for crate::i18n::Worded<'_, crate::rules::dice::DiceError> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::rules::dice::{DiceFault as D, MAX_COUNT, MAX_LEN, Number};
        let reason = match &self.0.fault {
            D::TooLong => tr!(
                "longer than {MAX_LEN} characters",
                "plus de {MAX_LEN} caractères"
            ),
            D::Empty => tr!("it is empty", "elle est vide"),
            D::Unexpected { found: c } => tr!("unexpected {c:?}", "{c:?} inattendu"),
            D::TooLarge {
                what: Number::Kept,
                digits,
                max,
            } => tr!(
                "it keeps {digits} dice of {max}",
                "elle garde {digits} dés sur {max}"
            ),
            D::TooLarge { what, digits, max } => {
                let what = match what {
                    Number::Constant => tr!("the number", "le nombre"),
                    Number::Sides => tr!("a die of", "un dé de"),
                    Number::Multiplier | Number::Kept => {
                        tr!("the multiplier", "le multiplicateur")
                    }
                };
                tr!(
                    "{what} {digits} is larger than {max}",
                    "{what} {digits} dépasse {max}"
                )
            }
            D::NoDice => tr!("a roll needs at least one die", "il faut au moins un dé"),
            D::TooManyDice => tr!(
                "at most {MAX_COUNT} dice per term",
                "au plus {MAX_COUNT} dés par terme"
            ),
            D::NoSides => tr!(
                "expected the number of sides after \"d\"",
                "nombre de faces attendu après \"d\""
            ),
            D::ZeroSides => tr!("a die needs at least one side", "un dé a au moins une face"),
            D::EndsEarly => tr!(
                "it ends where a number or a die was expected",
                "elle s'arrête là où un nombre ou un dé est attendu"
            ),
            D::Expected(c) => tr!(
                "expected a number or a die, found {c:?}",
                "nombre ou dé attendu, trouvé {c:?}"
            ),
            D::NoFactor => tr!(
                "expected a number after the multiplication sign",
                "nombre attendu après le signe de multiplication"
            ),
            D::ZeroFactor => tr!(
                "a multiplier of 0 always gives 0",
                "multiplier par 0 donne toujours 0"
            ),
            D::NoneKept => tr!(
                "a keep names how many dice count, from 1 (4d6kh3, 2d20kl1)",
                "garder dit combien de dés comptent, à partir de 1 (4d6kh3, 2d20kl1)"
            ),
        };
        let expr = safe(&self.0.expr);
        f.write_str(&tr!(
            "bad dice expression {expr:?}: {reason} (write e.g. 2d6, d%, 4+1d4, 1d6*5, 4d6kh3)",
            "expression de dés invalide {expr:?} : {reason} (écrivez par ex. 2d6, d%, 4+1d4, 1d6*5, 4d6kh3)"
        ))
    }
}

/// Why a method cannot identify an item, with the DMG's reason.
impl fmt::Display for crate::i18n::Worded<'_, crate::rules::knowledge::Unidentifiable> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::rules::knowledge::Unidentifiable as U;
        let text = match self.0 {
            U::KnowsAll { person, item } => {
                let (person, name) = (safe(person), safe(item.shown()));
                tr!(
                    "{person} already knows all about {name}",
                    "{person} sait déjà tout de {name}"
                )
            }
            U::NotValuable { item } => {
                let name = safe(item.shown());
                tr!(
                    "appraisal tells what a valuable is worth; {name} is not a valuable",
                    "une estimation dit ce que vaut un objet de valeur ; {name} n'en est pas un"
                )
            }
            U::NotMagic { item } => {
                let name = safe(item.shown());
                tr!(
                    "{name} is not magic: its worth is learnt by appraisal (--method appraise)",
                    "{name} n'est pas magique : sa valeur s'apprend par une estimation (--method appraise)"
                )
            }
            U::TasteOnlyPotions => tr!(
                "only potions and oils are identified by tasting",
                "seules les potions et huiles s'identifient en les goûtant"
            ),
            U::NoWriting { item } => {
                let name = safe(item.shown());
                tr!(
                    "comprehend languages reads writing: maps and scrolls, not {name}",
                    "la compréhension des langues lit les écrits : cartes et parchemins, pas {name}"
                )
            }
            U::NotAScroll { item } => {
                let name = safe(item.shown());
                tr!(
                    "reading magic identifies scrolls, not {name}",
                    "la lecture de la magie identifie les parchemins, pas {name}"
                )
            }
            U::ScrollNeedsReadMagic => tr!(
                "a scroll's contents need read magic, not an identify spell (AD&D 2e DMG)",
                "le contenu d'un parchemin exige la lecture de la magie, pas un sort d'identification"
            ),
            U::NotABard { person } => {
                let person = safe(person);
                tr!(
                    "{person} is not a bard: bard lore needs a bard",
                    "{person} n'est pas barde : le savoir légendaire est celui des bardes"
                )
            }
            U::StaffTooVaried => tr!(
                "staves are too varied for a bard to know without a magical examination (AD&D 2e DMG)",
                "les bâtons sont trop variés pour qu'un barde les reconnaisse sans examen magique"
            ),
            U::WandByDivination => tr!(
                "a wand's nature is learnt almost only by divination spells (AD&D 2e DMG)",
                "la nature d'une baguette ne s'apprend presque que par divination"
            ),
            U::HouseholdHasNoPast => tr!(
                "household items have no legendary past a bard could know (AD&D 2e DMG)",
                "les objets domestiques n'ont pas de passé légendaire qu'un barde pourrait connaître"
            ),
            U::ReadOrTasted => tr!(
                "scrolls are read and potions tasted: bard lore does not tell them",
                "les parchemins se lisent et les potions se goûtent : le savoir du barde n'y suffit pas"
            ),
            U::Writing(refusal) => return fmt::Display::fmt(&crate::i18n::Worded(refusal), f),
        };
        f.write_str(&text)
    }
}

/// A value a character sheet or a name cannot hold, and the range it must be in.
impl fmt::Display for crate::i18n::Worded<'_, crate::rules::character::SheetError> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::rules::character::{NAME_LIMIT, SheetError as S};
        use crate::rules::health::HP_LIMIT;
        f.write_str(&match self.0 {
            S::Ability { which, value } => tr!(
                "{which} {value} is out of range: ability scores run from 3 to 18",
                "{which} {value} hors limites : les caractéristiques vont de 3 à 18"
            ),
            S::HpMax { value } => tr!(
                "maximum HP {value} is out of range: give a number from 1 to {HP_LIMIT}",
                "PV maximum {value} hors limites : donnez un nombre de 1 à {HP_LIMIT}"
            ),
            S::Level { value } => tr!(
                "level {value} is out of range: give a level from 1 to 36",
                "niveau {value} hors limites : donnez un niveau de 1 à 36"
            ),
            S::PastClassMax { class, level, max } => {
                let class = class_name(class);
                tr!(
                    "level {level} is past the last a {class} reaches ({max}): give a level from 1 to {max}",
                    "le niveau {level} dépasse le dernier qu'atteint un {class} ({max}) : donnez un niveau de 1 à {max}"
                )
            }
            S::EmptyName { what } => tr!(
                "the {what} name is empty: give a name",
                "le nom ({what}) est vide : donnez un nom"
            ),
            S::LongName { what, length } => tr!(
                "the {what} name is {length} characters long: keep it to {NAME_LIMIT}",
                "le nom ({what}) fait {length} caractères : {NAME_LIMIT} au plus"
            ),
        })
    }
}

pub fn alignment_name(a: crate::rules::alignment::Alignment) -> &'static str {
    crate::i18n::pick(a.as_str(), a.french())
}

/// The classes of both games in English and French, as the two books' translations name them:
/// a class typed in one language reads in the reader's. Any other class is shown as typed.
const CLASSES: &[(&str, &str)] = &[
    ("fighter", "guerrier"),
    ("magic-user", "magicien"),
    ("cleric", "clerc"),
    ("thief", "voleur"),
    ("elf", "elfe"),
    ("dwarf", "nain"),
    ("halfling", "halfelin"),
    ("bard", "barde"),
    ("druid", "druide"),
    ("illusionist", "illusionniste"),
    ("ranger", "rôdeur"),
    ("paladin", "paladin"),
    ("priest", "prêtre"),
    ("wizard", "magicien"),
    ("monk", "moine"),
    ("assassin", "assassin"),
];

/// A character's class in the reader's language, made safe for a terminal or a page.
pub fn class_name(class: &str) -> String {
    let typed = class.trim().to_lowercase();
    let known = CLASSES.iter().find(|(en, fr)| typed == *en || typed == *fr);
    match known {
        Some((en, fr)) => crate::i18n::pick(en, fr).to_string(),
        None => safe(class),
    }
}

/// `lawful fighter, level 3` (`guerrier loyal, niveau 3`).
pub fn headline(c: &crate::ledger::Character) -> String {
    let (alignment, level) = (alignment_name(c.alignment), c.level);
    match c.class.as_deref().map(class_name) {
        Some(class) => tr!(
            "{alignment} {class}, level {level}",
            "{class} {alignment}, niveau {level}"
        ),
        None => tr!("{alignment}, level {level}", "{alignment}, niveau {level}"),
    }
}
