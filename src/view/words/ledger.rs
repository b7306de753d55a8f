//! The words for what the ledger refuses: an event that cannot stand (`ledger::Conflict`) and
//! why (`ledger::Refusal`), as `check`, `undo`, `import` and a command that meets a ledger at
//! odds with itself tell it; and an act's item by its name in the reader's language.

use std::fmt;

use crate::i18n::{CHARGE, Worded, counted, pick};
use crate::ledger::{Act, Conflict, ID_LIMIT, Refusal};
use crate::rules::{charges, clock, health, limits};
use crate::tr;

/// An act's item, named in the reader's language.
pub trait ItemNamed {
    fn item_name(&self) -> &str;
}

impl ItemNamed for Act {
    fn item_name(&self) -> &str {
        pick(&self.item_name, &self.item_name_fr)
    }
}

impl fmt::Display for Worded<'_, Conflict> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Conflict { seq, kind, reason } = self.0;
        let reason = Worded(reason);
        f.write_str(&tr!(
            "event #{seq} ({kind}) cannot stand: {reason}",
            "l'événement n°{seq} ({kind}) ne tient pas : {reason}"
        ))
    }
}

/// An event's session as its stamp says it: in session N, or outside any.
fn session_words(session: Option<u32>) -> String {
    match session {
        Some(n) => tr!("in session {n}", "dans la session {n}"),
        None => tr!("outside any session", "hors de toute session"),
    }
}

impl fmt::Display for Worded<'_, Refusal> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Refusal as R;
        let max = clock::MAX_ROUNDS;
        f.write_str(&match self.0 {
            R::OutOfOrder { last } => tr!(
                "it comes after event #{last} in the ledger",
                "il vient après l'événement n°{last} du registre"
            ),
            R::FirstEvent => tr!(
                "a campaign's first event creates it, and only its first",
                "le premier événement d'une campagne la crée, et lui seul"
            ),
            R::CauseAfter { cause } => tr!(
                "its cause #{cause} does not come before it",
                "sa cause, le n°{cause}, ne le précède pas"
            ),
            R::OffClock { game_time } => tr!(
                "its game time {game_time} is off the clock (0 to {max} rounds)",
                "son temps de jeu {game_time} est hors de l'horloge (0 à {max} rounds)"
            ),
            R::WallTime => tr!(
                "its wall time is not a date and time such as 2026-12-01T20:30:00.000Z",
                "son heure n'est pas une date et une heure comme 2026-12-01T20:30:00.000Z"
            ),
            R::Roll { fault } => return fmt::Display::fmt(&Worded(fault), f),
            R::WrongSession { session, open } => {
                let said = session_words(*session);
                let open = match open[..] {
                    [] | [_] => session_words(open.first().copied()),
                    _ => tr!(
                        "in one of sessions {}",
                        "dans l'une des sessions {}",
                        open.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
                    ),
                };
                tr!(
                    "it is marked {said}, but a command would have recorded it {open}",
                    "il est marqué {said}, mais une commande l'aurait enregistré {open}"
                )
            }
            R::WrongGameTime { game_time, clock } => tr!(
                "its game time is round {game_time}, but the clock then stood at round {clock}",
                "son temps de jeu est le round {game_time}, mais l'horloge était alors au round {clock}"
            ),
            R::NoCharacter { id } => tr!("no character {id}", "aucun personnage {id}"),
            R::NoItem { id } => tr!("no item {id}", "aucun objet {id}"),
            R::HeldByOther { item, character } => tr!(
                "{item} is held by someone else, not {character}",
                "{item} est porté par quelqu'un d'autre, pas par {character}"
            ),
            R::Sheet { error } => return fmt::Display::fmt(&Worded(error), f),
            R::NotAnId { id } => tr!(
                "{id:?} is not an id (letters, digits and dashes, {ID_LIMIT} at most)",
                "{id:?} n'est pas un identifiant (lettres, chiffres et tirets, {ID_LIMIT} au plus)"
            ),
            R::PercentOutOfRange { value, min, max } => tr!(
                "{value}% is out of range: from {min} to {max}",
                "{value} % hors limites : de {min} à {max}"
            ),
            R::TablesFolderEmpty => tr!(
                "the tables folder is empty: give a folder",
                "le dossier de tables est vide : donnez un dossier"
            ),
            R::ClockLimit => tr!(
                "the clock moves forward, and stops at {max} rounds",
                "l'horloge avance, et s'arrête à {max} rounds"
            ),
            R::RoundFixed { clock } => tr!(
                "the length of a round is set before time passes, and the clock is at round \
                 {clock} (or an effect has started): a new length would change every time \
                 already counted; set it in a new campaign",
                "la durée d'un round se choisit avant que le temps passe, et l'horloge est au \
                 round {clock} (ou un effet a commencé) : une autre durée changerait tous les \
                 temps déjà comptés ; choisissez-la dans une nouvelle campagne"
            ),
            R::NotAnExchange => tr!(
                "not an exchange at the rates (coins that convert exactly, what they make less the campaign's fee)",
                "pas un change aux taux (des pièces qui se convertissent exactement, ce qu'elles font moins la commission de la campagne)"
            ),
            R::Undamageable { item, refusal } => {
                crate::view::treasure::undamageable(&crate::view::inert::safe(item), *refusal)
            }
            R::NotItsDamage { item } => {
                let item = crate::view::inert::safe(item);
                tr!(
                    "{item}: not the damage the rule makes (half the worth it had)",
                    "{item} : pas le dommage que fait la règle (la moitié de sa valeur)"
                )
            }
            R::NotATreasureRoll { fault } => {
                let fault = roll_fault(fault);
                tr!(
                    "not a treasure roll the rules make: {fault}",
                    "pas un jet de trésor que les règles font : {fault}"
                )
            }
            R::NotItsTreasure { table, system } => {
                let (table, system) = (
                    crate::view::inert::safe(table),
                    crate::view::treasure::system_name(*system),
                );
                tr!(
                    "a roll on {table}, where the campaign rolls {system}'s treasure types (campaign set treasure)",
                    "un jet sur {table}, quand la campagne tire les types de trésor de {system} (campaign set treasure)"
                )
            }
            R::NoTreasureType {
                table,
                version,
                treasure_type,
            } => {
                let (table, kind) = (
                    crate::view::inert::safe(table),
                    crate::view::inert::safe(treasure_type),
                );
                tr!(
                    "the shipped {table} (version {version}) has no treasure type \"{kind}\"",
                    "la table livrée {table} (version {version}) n'a pas de type de trésor « {kind} »"
                )
            }
            R::NotItsHoard { roll, fault } => hoard_fault(*roll, fault),
            R::NotARaising { name, refusal } => {
                let (name, why) = (crate::view::inert::safe(name), Worded(refusal));
                tr!(
                    "not a raising of {name} the rules make: {why}",
                    "pas un rappel à la vie de {name} que les règles font : {why}"
                )
            }
            R::NoHoard { item } => {
                let item = crate::view::inert::safe(item);
                tr!(
                    "{item} is said to come from a treasure roll, but follows from none",
                    "{item} viendrait d'un jet de trésor, mais n'en découle d'aucun"
                )
            }
            R::NotItsWorth {
                item,
                worth,
                rolled,
            } => {
                let item = crate::view::inert::safe(item);
                let worth = crate::i18n::coins::text(worth);
                match rolled {
                    Some(rolled) => {
                        let rolled = crate::i18n::coins::text(rolled);
                        tr!(
                            "{item} is worth {worth}, where its worth roll gave {rolled}",
                            "{item} vaut {worth}, quand son jet de valeur a donné {rolled}"
                        )
                    }
                    None => tr!(
                        "{item} is worth {worth}, but its making rolled no worth",
                        "{item} vaut {worth}, mais sa fabrication n'a tiré aucune valeur"
                    ),
                }
            }
            R::NotInTreasure { item } => tr!(
                "{item} is not the party's treasure (held by nobody, left nowhere): only such an item is claimed",
                "{item} n'est pas le trésor du groupe (porté par personne, laissé nulle part) : seul un tel objet se demande"
            ),
            R::NotTheirClaim { character } => tr!(
                "a player's link claims for its own character, not for {character}",
                "le lien d'un joueur demande pour son propre personnage, pas pour {character}"
            ),
            R::NotASettlement { item } => tr!(
                "{item}: not a settlement the rules make (each item once, on a need or a want, to the winner of its d100 roll-off, among characters neither dead nor dying)",
                "{item} : pas un partage que les règles font (chaque objet une fois, sur un besoin ou une envie, au vainqueur de son d100, parmi des personnages ni morts ni agonisants)"
            ),
            R::NotReceived { item, name } => tr!(
                "{item} is counted against {name}'s share, who does not hold it",
                "{item} est déduit de la part de {name}, qui ne le détient pas"
            ),
            R::NotASale { item } => tr!(
                "{item}: not a sale the rules make (an item there, saleable and sold once, at its market's fraction of its worth unless a price is named)",
                "{item} : pas une vente que les règles font (un objet présent, vendable et vendu une fois, à la fraction de sa valeur de son marché sauf prix donné)"
            ),
            R::NotAnAppraisal { item } => tr!(
                "{item}: a believed worth is only an appraisal's of a valuable, and not its own worth",
                "{item} : une valeur crue ne vient que de l'estimation d'un objet de valeur, et n'est pas sa valeur"
            ),
            R::NotReadThrough { sword, reader } => tr!(
                "{sword} cannot read for {reader}: only a sentient sword that reads, in the \
                 reader's hand and not in control of them, reads for its wielder",
                "{sword} ne peut pas lire pour {reader} : seule une épée intelligente qui lit, \
                 en main du lecteur et sans le contrôler, lit pour celui qui la manie"
            ),
            R::NotAsLit { item } => tr!(
                "{item} is not lit or put out so: a torch or a lantern lights once, goes out once lit, and burns only the pieces there are",
                "{item} ne s'allume ni ne s'éteint ainsi : une torche ou une lanterne s'allume une fois, s'éteint une fois allumée, et ne brûle que les pièces qu'il y a"
            ),
            R::NotTheirRations { name } => tr!(
                "{name} eats only rations they carry, as many as there are",
                "{name} ne mange que les rations qu'il porte, autant qu'il y en a"
            ),
            R::NotHirable { name } => tr!(
                "{name} cannot be hired: a retainer has one employer, not themselves, and a former employer's debt is paid first (`hoard debts`)",
                "{name} ne peut être engagé : un homme d'armes a un seul employeur, pas lui-même, et la dette d'un ancien employeur se paie d'abord (`hoard debts`)"
            ),
            R::NotRetained { name } => tr!(
                "{name} is not hired as a retainer (`hoard retainer hire {name} --by C --wage 1 gp/day`)",
                "{name} n'est pas engagé comme homme d'armes (`hoard retainer hire {name} --by C --wage 1 gp/day`)"
            ),
            R::NotTheWage { name } => tr!(
                "{name}'s wages are not their wage for the time that passed, paid from the purse and the rest owed",
                "les gages de {name} ne sont pas son gage pour le temps passé, payé de la bourse et le reste dû"
            ),
            R::BadCharge { name } => tr!(
                "{name}'s living or training cost cannot stand: a cost is not negative, it is their cost of living a month (their own, else the campaign's; a lifestyle's at their level) for its months, what is owed after it lies between nothing and the debt with the cost, and a debt paid costs nothing and leaves less owed",
                "le coût de la vie ou de l'entraînement de {name} ne tient pas : un coût n'est pas négatif, il est son coût de la vie par mois (le sien, sinon celui de la campagne ; celui d'un train de vie à son niveau) pour ses mois, ce qui reste dû est entre rien et la dette plus le coût, et une dette payée ne coûte rien et laisse moins à devoir"
            ),
            R::NotBleeding { name } => {
                tr!(
                    "{name} is not dying with open wounds: only a dying character (`campaign set \
                     death adnd`, 0 to −9 HP) whose wounds are not yet bound has wounds to bind",
                    "{name} n'est pas mourant aux blessures ouvertes : seul un personnage mourant \
                     (`campaign set death adnd`, de 0 à −9 PV) aux blessures pas encore bandées a \
                     des blessures à bander"
                )
            }
            R::HpOutOfRange { name, hp, hp_max } => {
                let floor = health::HP_FLOOR;
                tr!(
                    "{name} has {hp} HP: from {floor} to the maximum, {hp_max}",
                    "{name} a {hp} PV : de {floor} au maximum, {hp_max}"
                )
            }
            R::NameTaken { name } => tr!(
                "a character is already named {name:?}",
                "un personnage s'appelle déjà {name:?}"
            ),
            R::VoidOrder { target } => tr!(
                "it must void earlier events, in order, the first of them #{target}",
                "il doit annuler des événements antérieurs, dans l'ordre, dont le n°{target}"
            ),
            R::SessionOpen { session } => tr!(
                "session {session} is still open",
                "la session {session} est encore ouverte"
            ),
            R::SessionNotNext { session, last } => tr!(
                "session {session} does not follow session {last}",
                "la session {session} ne suit pas la session {last}"
            ),
            R::SessionNotOpen { session } => tr!(
                "session {session} is not open",
                "la session {session} n'est pas ouverte"
            ),
            R::NotItsHealing { item, expr } => tr!(
                "{item} restores no {expr} hit points",
                "{item} ne rend pas {expr} points de vie"
            ),
            R::NotItsMixing {
                item,
                character,
                running: 0,
            } => tr!(
                "{item} mixes with no potion: none runs on {character} (OSE, Mixing Potions)",
                "{item} ne se mélange à aucune potion : aucune n'agit sur {character} (OSE, mélange de potions)"
            ),
            R::NotItsMixing {
                item,
                character,
                running,
            } => tr!(
                "{item} mixes with the {running} potion(s) running on {character} and no others (OSE, Mixing Potions)",
                "{item} se mélange aux {running} potion(s) qui agissent sur {character}, et à nulle autre (OSE, mélange de potions)"
            ),
            R::SessionNotYet { session, last } => tr!(
                "treasure brought back in session {session}, which has not started (the last is {last})",
                "trésor rapporté pendant la session {session}, qui n'a pas commencé (la dernière est la {last})"
            ),
            R::SessionNotLoaded { session } => tr!(
                "session {session} is not loaded",
                "la session {session} n'est pas chargée"
            ),
            R::InOpenSession { name, session } => tr!(
                "{name} is already in session {session}, which is open",
                "{name} est déjà de la session {session}, encore ouverte"
            ),
            R::RefereeExists { name } => tr!(
                "the campaign already has a referee named {name}",
                "la campagne a déjà un meneur nommé {name}"
            ),
            R::NoReferee { name } => tr!(
                "the campaign has no referee named {name}",
                "la campagne n'a pas de meneur nommé {name}"
            ),
            R::TimeBackward => tr!("time only moves forward", "le temps ne fait qu'avancer"),
            R::ClockOverflow => tr!("the clock would overflow", "l'horloge déborderait"),
            R::EncounterUnderWay => tr!(
                "an encounter is already under way",
                "une rencontre est déjà en cours"
            ),
            R::NoEncounter => tr!(
                "no encounter is under way",
                "aucune rencontre n'est en cours"
            ),
            R::CharacterExists { id } => tr!(
                "character {id} already exists",
                "le personnage {id} existe déjà"
            ),
            R::ItemExists { id } => tr!("item {id} already exists", "l'objet {id} existe déjà"),
            R::NoCharacterToHold { id } => tr!(
                "no character {id} to hold it",
                "aucun personnage {id} pour le porter"
            ),
            R::NoCharacterToTake { id } => tr!(
                "no character {id} to take it",
                "aucun personnage {id} pour le prendre"
            ),
            R::NotWhereTaken { item } => tr!(
                "{item} is not where the event takes it from",
                "{item} n'est pas là où l'événement le prend"
            ),
            R::CannotChangeHands { item } => tr!(
                "{item} cannot change hands",
                "{item} ne peut pas changer de mains"
            ),
            R::CannotPass { item } => tr!(
                "{item} cannot pass from its holder now (bound, gone, in a sword's control, or already there)",
                "{item} ne peut pas quitter son porteur maintenant (lié, disparu, sous le contrôle d'une épée, ou déjà là)"
            ),
            R::CannotBeLeft { item } => tr!(
                "{item} cannot be left anywhere",
                "{item} ne peut être laissé nulle part"
            ),
            R::NegativeCharges { item } => tr!(
                "{item} holds negative charges",
                "{item} a des charges négatives"
            ),
            R::CannotSpend { item, left, asked } => {
                let left = counted(*left, CHARGE, CHARGE);
                tr!(
                    "{item} holds {left}: {asked} cannot be spent",
                    "{item} a {left} : on ne peut pas en dépenser {asked}"
                )
            }
            R::CannotRecharge { item, asked } => {
                let limit = charges::RECHARGE_LIMIT;
                tr!(
                    "{item} cannot take {asked} more charges (1 to {limit} at a time)",
                    "{item} ne peut pas prendre {asked} charges de plus (de 1 à {limit} à la fois)"
                )
            }
            R::Charges { refusal } => return fmt::Display::fmt(&Worded(refusal), f),
            R::ChargesMismatch { item, remaining } => tr!(
                "{item} would have {remaining} charges, which does not match the event",
                "{item} aurait {remaining} charges, ce qui ne correspond pas à l'événement"
            ),
            R::UsedUp { item } => tr!("{item} was already used up", "{item} était déjà utilisé"),
            R::NoSpell { item, spell } => {
                tr!("{item} has no spell {spell}", "{item} n'a pas de sort {spell}")
            }
            R::SpellErased { item, spell } => tr!(
                "spell {spell} of {item} is already erased",
                "le sort {spell} de {item} est déjà effacé"
            ),
            R::NotSentient { item } => tr!(
                "{item} is not a sentient sword",
                "{item} n'est pas une épée intelligente"
            ),
            R::NotInControl { sword, character } => tr!(
                "{sword} does not control {character}",
                "{sword} ne contrôle pas {character}"
            ),
            R::NotInHand { item } => tr!("{item} is not in hand", "{item} n'est pas en main"),
            R::TreasuryNotLoaded => {
                tr!("the treasury is not loaded", "le trésor n'est pas chargé")
            }
            R::NotCoins => tr!(
                "its amount is not a positive number of coins",
                "son montant n'est pas un nombre positif de pièces"
            ),
            R::CoinsInPlace => tr!(
                "it moves coins to where they are",
                "il déplace des pièces là où elles sont"
            ),
            R::BadChange => tr!(
                "its change is worth as much as the coins paid",
                "sa monnaie vaut autant que les pièces payées"
            ),
            R::UnevenShare { pool } => {
                let pool = crate::i18n::coins::text(pool);
                tr!(
                    "it does not split the pool ({pool}) by its shares",
                    "il ne partage pas la caisse ({pool}) selon ses parts"
                )
            }
            R::NoCharacterForCoins { id } => tr!(
                "no character {id} to hold coins",
                "aucun personnage {id} pour tenir des pièces"
            ),
            R::WrongShare {
                name,
                share,
                recorded,
            } => tr!(
                "{name}'s share is {share}, not {recorded}",
                "la part de {name} est de {share}, pas {recorded}"
            ),
            R::XpTotal => tr!(
                "its total is not the XP of its treasure and monsters",
                "son total n'est pas les PX de son trésor et de ses monstres"
            ),
            R::DeadPaid { name } => tr!(
                "it pays {name}, who is dead and takes no part",
                "il paie {name}, qui est mort et n'y a pas part"
            ),
            R::NotASurvivor { name, session } => tr!(
                "it pays {name}, who was not alive at the end of session {session}",
                "il paie {name}, qui n'était pas en vie à la fin de la séance {session}"
            ),
            R::XpPart { name, base } => tr!(
                "{name}'s part is not what the rules give for {base} XP",
                "la part de {name} n'est pas ce que les règles donnent pour {base} PX"
            ),
            R::SheetOutOfRange { name } => {
                let limit = limits::XP;
                tr!(
                    "{name}: INT, DEX, CON and CHA run from 3 to 18, XP from 0 to {limit}, a share from 0 to 10",
                    "{name} : INT, DEX, CON et CHA vont de 3 à 18, les PX de 0 à {limit}, une part de 0 à 10"
                )
            }
            R::TooManyCoins {
                holder,
                denomination,
                limit,
            } => {
                let who = match holder {
                    Some(name) => name.clone(),
                    None => tr!("the pool", "la réserve"),
                };
                let coin = crate::i18n::coins::abbreviation(*denomination);
                tr!(
                    "{who} would hold more than {limit} {coin}, the most of one coin a holder may have: spend or move some first",
                    "{who} aurait plus de {limit} {coin}, le plus d'une pièce qu'un détenteur puisse avoir : dépensez-en ou déplacez-en d'abord"
                )
            }
            R::TooManyCounted {
                denomination,
                limit,
            } => {
                let coin = crate::i18n::coins::abbreviation(*denomination);
                tr!(
                    "the campaign would count more than {limit} {coin} come in or gone out, the most hoard counts: start a new campaign for more",
                    "la campagne compterait plus de {limit} {coin} entrées ou sorties, le plus que hoard compte : commencez une nouvelle campagne pour davantage"
                )
            }
            R::XpPastLimit { name, xp, limit } => tr!(
                "{name} would have {xp} XP, more than the {limit} a sheet may hold: award less, or set their XP lower first",
                "{name} aurait {xp} PX, plus que les {limit} qu'une fiche peut tenir : accordez moins, ou baissez d'abord ses PX"
            ),
            R::AwardPastLimit { xp, limit } => tr!(
                "the award would be {xp} XP, more than the {limit} one award may give: give fewer monster XP, or record less treasure",
                "l'attribution serait de {xp} PX, plus que les {limit} qu'une attribution peut donner : moins de PX de monstres, ou moins de trésor"
            ),
            R::ValuePastLimit { item, limit } => tr!(
                "{item} is worth more than {limit} gp, the most a valuable may be: give a smaller --value",
                "{item} vaut plus de {limit} po, le plus qu'un objet de valeur puisse valoir : donnez une --value plus petite"
            ),
            R::Lacks { holder, has, wants } => {
                let who = match holder {
                    Some(name) => name.clone(),
                    None => tr!("the pool", "la réserve"),
                };
                let (has, wants) = (
                    crate::i18n::coins::text(has),
                    crate::i18n::coins::text(wants),
                );
                tr!("{who} has {has}, not {wants}", "{who} a {has}, pas {wants}")
            }
        })
    }
}

/// What of a treasure roll its type's rules do not make.
fn roll_fault(fault: &crate::rules::treasure::RollFault) -> String {
    use crate::rules::treasure::RollFault as F;
    match *fault {
        F::Count { count, max } => tr!(
            "rolled {count} times, where a roll is of 1 to {max}",
            "tiré {count} fois, quand un jet va de 1 à {max}"
        ),
        F::Parts { n, part } => {
            let part = part + 1;
            tr!(
                "roll {n}, part {part} is not where it should be (every part of every roll, in order)",
                "le jet {n}, partie {part} n'est pas à sa place (chaque partie de chaque jet, dans l'ordre)"
            )
        }
        F::Chance { n, part } => {
            let part = part + 1;
            tr!(
                "roll {n}, part {part}: not there exactly when its d100 is at most its chance, or found when missed",
                "jet {n}, partie {part} : pas présente exactement quand son d100 fait au plus sa chance, ou trouvée alors que manquée"
            )
        }
        F::Amount { n, part } => {
            let part = part + 1;
            tr!(
                "roll {n}, part {part}: its coins or items are not what its dice gave",
                "jet {n}, partie {part} : ses pièces ou objets ne sont pas ce que ses dés ont donné"
            )
        }
        F::NotTheType { n, part } => {
            let part = part + 1;
            tr!(
                "roll {n}, part {part}: not the type's own chance, coins or dice",
                "jet {n}, partie {part} : pas la chance, les pièces ou les dés du type"
            )
        }
        F::Overflow => tr!(
            "more coins than can be counted",
            "plus de pièces qu'on ne peut compter"
        ),
    }
}

/// What of treasure roll `roll`'s consequences its dice did not give.
fn hoard_fault(roll: i64, fault: &crate::ledger::hoards::HoardFault) -> String {
    use crate::ledger::hoards::HoardFault as F;
    match fault {
        F::Coins { gave, added } => {
            let (gave, added) = (
                crate::i18n::coins::text(gave),
                crate::i18n::coins::text(added),
            );
            tr!(
                "{added} brought in by treasure roll #{roll}, whose dice gave {gave}",
                "{added} apportées par le jet de trésor n°{roll}, dont les dés ont donné {gave}"
            )
        }
        F::CoinsTwice => tr!(
            "the coins of treasure roll #{roll} brought in a second time",
            "les pièces du jet de trésor n°{roll} apportées une seconde fois"
        ),
        F::Items { gave } => tr!(
            "more items made by treasure roll #{roll} than the {gave} its dice gave",
            "plus d'objets faits par le jet de trésor n°{roll} que les {gave} que ses dés ont donnés"
        ),
        F::Missing { coins, items, gave } => {
            let coins = if *coins {
                tr!("its coins never came", "ses pièces ne sont jamais venues")
            } else {
                tr!("its coins came", "ses pièces sont venues")
            };
            tr!(
                "treasure roll #{roll} is not followed by its hoard ({coins}; {items} of its {gave} items): what a roll finds follows it as its consequences",
                "le jet de trésor n°{roll} n'est pas suivi de son trésor ({coins} ; {items} de ses {gave} objets) : ce qu'un jet trouve le suit, comme ses conséquences"
            )
        }
    }
}
