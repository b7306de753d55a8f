//! The words for a table file the rules refuse ([`TableError`]): the file, then what is wrong
//! and where — the band, the entry, the faces. `band`, `entry` and `[defaults]` name the
//! file's own sections and stay as written in either language.

use std::fmt;

use crate::app::refusal::tables::Refusal;
use crate::i18n::Worded;
use crate::rules::tables::treasures::PartFault;
use crate::rules::tables::{
    EntryAt, EntryFault, PropFault, RangeFault, TableError, TableFault, Unreadable,
};
use crate::tr;

impl fmt::Display for Worded<'_, TableError> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.0.file, Worded(&self.0.fault))
    }
}

/// Why a tables folder or a table file could not be read.
fn unreadable(why: &Unreadable) -> String {
    match why {
        Unreadable::Folder(e) => tr!(
            "cannot read this tables folder: {e}",
            "impossible de lire ce dossier de tables : {e}"
        ),
        Unreadable::File(e) => tr!("cannot read it: {e}", "illisible : {e}"),
        Unreadable::NotAFile => tr!(
            "not a regular file: a table is a plain .toml file",
            "pas un fichier ordinaire : une table est un simple fichier .toml"
        ),
        Unreadable::TooLarge => tr!(
            "larger than 1 MiB: a table file holds at most 1 MiB",
            "plus de 1 Mio : un fichier de table en contient au plus 1 Mio"
        ),
        Unreadable::NotUtf8 => tr!(
            "not UTF-8 text: save it as UTF-8",
            "pas du texte UTF-8 : enregistrez-le en UTF-8"
        ),
    }
}

/// What is wrong with a treasure type or one of its parts.
fn treasure_fault(fault: &PartFault) -> String {
    match fault {
        PartFault::OneHolding => tr!(
            "give exactly one of coins, valuables and magic",
            "donnez exactement un de coins, valuables et magic"
        ),
        PartFault::Chance(c) => tr!(
            "chance {c} is outside 1-100 (leave it out for a part always there)",
            "la chance {c} n'est pas entre 1 et 100 (omettez-la pour une partie toujours là)"
        ),
        PartFault::Coin(c) => tr!(
            "{c:?} is no coin: cp, sp, ep, gp or pp",
            "{c:?} n'est pas une pièce : cp, sp, ep, gp ou pp"
        ),
        PartFault::Amount => tr!(
            "coins and valuables need an amount (a dice formula); magic lots give their own count",
            "coins et valuables demandent un amount (une formule de dés) ; les lots de magic donnent leur count"
        ),
        PartFault::Formula(e) => {
            let e = Worded(e);
            tr!("formula: {e}", "formule : {e}")
        }
        PartFault::Twice => tr!(
            "defined twice in this file",
            "défini deux fois dans ce fichier"
        ),
        PartFault::Key => tr!(
            "a [[type]] has a letter and a group (lair, individual or group); a [[level]] has levels only",
            "un [[type]] a une lettre (letter) et un groupe (group : lair, individual ou group) ; un [[level]] n'a que levels"
        ),
        PartFault::Levels(fault) => {
            let fault = Worded(fault);
            tr!("levels: {fault}", "levels : {fault}")
        }
        PartFault::NoTable(t) => tr!(
            "rolls on table {t:?}, which does not exist",
            "tire sur la table {t:?}, qui n'existe pas"
        ),
    }
}

/// A table command's refusal ([`Refusal`]): broken tables, or a `--key` wanted or not.
impl fmt::Display for Worded<'_, Refusal> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.0 {
            Refusal::Broken { first, more } => {
                let first = first.as_ref().map(|e| Worded(e).to_string());
                let first = first.unwrap_or_default();
                if *more > 0 {
                    let more = crate::i18n::counted(
                        *more as i64,
                        ("more problem", "more problems"),
                        ("autre problème", "autres problèmes"),
                    );
                    tr!(
                        "{first} (and {more}: run `hoard tables check` on the folder)",
                        "{first} (et {more} : lancez `hoard tables check` sur le dossier)"
                    )
                } else {
                    first
                }
            }
            Refusal::NeedsKey {
                table: name,
                key: k,
            } => tr!(
                "table {name} depends on the {k}: give it with --key N",
                "la table {name} dépend de {k} : donnez-le avec --key N"
            ),
            Refusal::TakesNoKey { table: name } => tr!(
                "table {name} takes no --key: leave it out (only a table that depends on a number takes one; `hoard tables show {name}` shows its rows)",
                "la table {name} ne prend pas de --key : retirez-le (seule une table qui dépend d'un nombre en prend un ; `hoard tables show {name}` montre ses lignes)"
            ),
        };
        f.write_str(&text)
    }
}

/// A face as written on percentile dice: 100 is `00`.
struct Face(i64);

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 100 {
            f.write_str("00")
        } else {
            write!(f, "{}", self.0)
        }
    }
}

/// `band 4+: ` before what is wrong in a band, nothing for a table's own entries.
fn in_band(band: &Option<String>) -> String {
    band.as_ref()
        .map(|when| format!("band {when}: "))
        .unwrap_or_default()
}

impl fmt::Display for Worded<'_, TableFault> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use TableFault as T;
        let text = match self.0 {
            T::Toml {
                line: Some(line),
                message,
            } => tr!("line {line}: {message}", "ligne {line} : {message}"),
            T::Toml {
                line: None,
                message,
            } => message.clone(),
            T::NameMismatch { name, stem } => tr!(
                "the table is named {name:?} but the file is {stem}.toml: they must match",
                "la table s'appelle {name:?} mais le fichier est {stem}.toml : ils doivent correspondre"
            ),
            T::Die(e) => {
                let e = Worded(e);
                tr!("die: {e}", "dé : {e}")
            }
            T::DefaultsHaveRow => tr!(
                "[defaults] cannot have roll, name or fr",
                "[defaults] ne peut pas avoir roll, name ni fr"
            ),
            T::Defaults(fault) => format!("[defaults]: {}", Worded(fault)),
            T::Entry { band, entry, fault } => {
                let entry = match entry {
                    EntryAt::Roll(roll) => roll.clone(),
                    EntryAt::Nth(n) => format!("#{n}"),
                };
                format!("{}entry {entry}: {}", in_band(band), Worded(&**fault))
            }
            T::Band { when, fault } => format!("band {when}: {}", Worded(fault)),
            T::Overlap {
                band,
                first,
                second,
                at,
            } => {
                let (label, at) = (in_band(band), Face(*at));
                tr!(
                    "{label}ranges {first} and {second} overlap at {at}",
                    "{label}les plages {first} et {second} se chevauchent en {at}"
                )
            }
            T::Gap {
                band,
                from,
                to,
                before,
                after,
            } => {
                let label = in_band(band);
                let faces = if from == to {
                    Face(*from).to_string()
                } else {
                    format!("{}-{}", Face(*from), Face(*to))
                };
                let around = match (before, after) {
                    (Some(b), Some(a)) => tr!(" (between {b} and {a})", " (entre {b} et {a})"),
                    (Some(b), None) => tr!(" (after {b})", " (après {b})"),
                    (None, Some(a)) => tr!(" (before {a})", " (avant {a})"),
                    (None, None) => String::new(),
                };
                tr!(
                    "{label}nothing covers {faces}{around}",
                    "{label}rien ne couvre {faces}{around}"
                )
            }
            T::BandStart { when, at } => tr!(
                "band {when} should start at {at}",
                "la tranche {when} devrait commencer à {at}"
            ),
            T::OpenBand { when } => tr!(
                "only the last band can be open-ended, not {when}",
                "seule la dernière tranche peut être ouverte, pas {when}"
            ),
            T::LastBandClosed => tr!(
                "the last band must be open-ended, like \"16+\"",
                "la dernière tranche doit être ouverte, comme \"16+\""
            ),
            T::NoEntries => tr!(
                "a table needs [[entry]] rows (or `key` and [[band]]s)",
                "une table a besoin de lignes [[entry]] (ou de `key` et de [[band]])"
            ),
            T::BandedWithEntries => tr!(
                "a banded table (with `key`) has [[band]]s and no [[entry]] of its own",
                "une table par tranches (avec `key`) a des [[band]] et pas d'[[entry]] à elle"
            ),
            T::DefinedTwice { name, also_in } => tr!(
                "table {name} is defined twice (also in {also_in})",
                "la table {name} est définie deux fois (aussi dans {also_in})"
            ),
            T::MissingTable { roll, target } => tr!(
                "entry {roll} points to table {target:?}, which does not exist",
                "l'entrée {roll} renvoie à la table {target:?}, qui n'existe pas"
            ),
            T::Loop { path } => {
                let path = path.join(" → ");
                tr!(
                    "tables point to each other in a loop: {path}",
                    "les tables se renvoient en boucle : {path}"
                )
            }
            T::Unreadable(why) => unreadable(why),
            T::Treasure { kind, part, fault } => {
                let fault = treasure_fault(fault);
                match part {
                    0 => tr!("type {kind}: {fault}", "type {kind} : {fault}"),
                    n => tr!(
                        "type {kind}, part {n}: {fault}",
                        "type {kind}, partie {n} : {fault}"
                    ),
                }
            }
            T::Goods { goods, fault } => {
                let fault = goods_fault(fault);
                tr!("goods {goods}: {fault}", "article {goods} : {fault}")
            }
        };
        f.write_str(&text)
    }
}

/// What is wrong with a line of a price list, and how to put it right.
fn goods_fault(fault: &crate::rules::tables::equipment::GoodsFault) -> String {
    use crate::rules::tables::equipment::GoodsFault as G;
    match fault {
        G::Id => tr!(
            "its id must be lowercase letters, digits and dashes (torches, iron-spikes)",
            "son id s'écrit en minuscules, chiffres et tirets (torches, iron-spikes)"
        ),
        G::Names => tr!(
            "needs a name and a French name (fr)",
            "il faut un nom et un nom français (fr)"
        ),
        G::Price(price) => tr!(
            "price {price:?} is no amount of coins (write it as \"1 gp\" or \"5 sp\")",
            "le prix {price:?} n'est pas une somme (écrivez \"1 gp\" ou \"5 sp\")"
        ),
        G::Count => tr!(
            "count must be at least 1 (the pieces its price buys)",
            "count vaut au moins 1 (les pièces que son prix achète)"
        ),
        G::Burns => tr!(
            "a torch or oil needs `burns` (the turns one piece burns), and nothing else has it",
            "une torche ou de l'huile a besoin de `burns` (les tours que brûle une pièce), et rien d'autre n'en a"
        ),
        G::Twice => tr!(
            "its id or a name is another line's too: each must be unique",
            "son id ou un nom est aussi celui d'une autre ligne : chacun doit être unique"
        ),
        G::Armor(kind) => {
            let kinds = armor_kinds();
            tr!(
                "armor {kind:?} is no kind of armour: one of {kinds}",
                "armor {kind:?} n'est pas une sorte d'armure : l'une de {kinds}"
            )
        }
        G::Weapon(make) => tr!(
            "weapon {make:?} is no make of weapon hoard knows (sword, short-sword, bow, crossbow, dagger, mace, spear …)",
            "weapon {make:?} n'est pas une sorte d'arme que hoard connaît (sword, short-sword, bow, crossbow, dagger, mace, spear …)"
        ),
        G::Arms => tr!(
            "a line is armour or a weapon, not both, and one piece (count 1), neither a light nor a ration",
            "une ligne est une armure ou une arme, pas les deux, et une seule pièce (count 1), ni lumière ni ration"
        ),
    }
}

/// The ids `armor` takes, as `item add --armor` does.
fn armor_kinds() -> String {
    use crate::rules::armor_kind::ArmorKind;
    let ids: Vec<&str> = ArmorKind::ALL.iter().map(|k| k.id()).collect();
    ids.join(", ")
}

impl fmt::Display for Worded<'_, EntryFault> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use EntryFault as E;
        let text = match self.0 {
            E::NoRoll => tr!("has no roll", "n'a pas de roll"),
            E::Range(fault) => return Worded(fault).fmt(f),
            E::OutsideDie { roll, die } => {
                let (min, max) = (die.min(), die.max());
                tr!(
                    "range {roll} is outside the die {die} ({min}-{max})",
                    "la plage {roll} dépasse le dé {die} ({min}-{max})"
                )
            }
            E::NeedsNames => tr!(
                "needs a name and a French name (fr)",
                "il faut un nom et un nom français (fr)"
            ),
            E::OneAction => tr!(
                "can do only one of table, reroll, again and sum",
                "ne peut faire qu'un seul de table, reroll, again et sum"
            ),
            E::UnknownPlaceholder { placeholder } => {
                let known = crate::rules::tables::PLACEHOLDERS
                    .map(|p| format!("{{{p}}}"))
                    .join(", ");
                tr!(
                    "unknown placeholder {{{placeholder}}} in its name (use one of {known})",
                    "marque inconnue {{{placeholder}}} dans son nom (l'une de {known})"
                )
            }
            E::Prop(fault) => return Worded(fault).fmt(f),
        };
        f.write_str(&text)
    }
}

impl fmt::Display for Worded<'_, PropFault> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PropFault as P;
        let text = match self.0 {
            P::NotOneOf {
                field,
                value,
                allowed,
            } => {
                let allowed = allowed.join(", ");
                tr!(
                    "{field} {value:?} is not one of {allowed}",
                    "{field} {value:?} n'est pas parmi {allowed}"
                )
            }
            P::MinLevels => tr!(
                "min_levels lists the caster level for each spell level, 1 to 9 of them",
                "min_levels donne le niveau de lanceur par niveau de sort, de 1 à 9 valeurs"
            ),
            P::Formula { field, error } => format!("{field}: {}", Worded(error)),
            P::LevelRange { field, text } => tr!(
                "{field} {text:?} is not a range of spell levels like \"1-4\"",
                "{field} {text:?} n'est pas une plage de niveaux de sort comme \"1-4\""
            ),
            P::Category(e) => Worded(e).to_string(),
            P::Alignment(e) => Worded(e).to_string(),
        };
        f.write_str(&text)
    }
}

impl fmt::Display for Worded<'_, RangeFault> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.0 {
            RangeFault::Shape { text } => tr!(
                "range {text:?} should look like \"7\" or \"11-15\"",
                "la plage {text:?} doit ressembler à \"7\" ou \"11-15\""
            ),
            RangeFault::Backwards { text } => tr!(
                "range {text:?} runs backwards",
                "la plage {text:?} est à l'envers"
            ),
            RangeFault::When { text } => tr!(
                "when {text:?} is not a number like \"16+\"",
                "when {text:?} n'est pas un nombre comme \"16+\""
            ),
        };
        f.write_str(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::in_both;

    fn error(fault: TableFault) -> TableError {
        TableError {
            file: "tables/t.toml".into(),
            fault,
        }
    }

    #[tokio::test]
    async fn a_gap_in_a_band_is_named_by_its_faces_in_each_language() {
        let gap = error(TableFault::Gap {
            band: Some("4+".into()),
            from: 31,
            to: 100,
            before: Some("01-30".into()),
            after: None,
        });
        assert_eq!(
            in_both(&Worded(&gap)).await,
            (
                "tables/t.toml: band 4+: nothing covers 31-00 (after 01-30)".into(),
                "tables/t.toml: band 4+: rien ne couvre 31-00 (après 01-30)".into()
            )
        );
        let overlap = error(TableFault::Overlap {
            band: None,
            first: "01-50".into(),
            second: "50-00".into(),
            at: 50,
        });
        assert_eq!(
            in_both(&Worded(&overlap)).await.1,
            "tables/t.toml: les plages 01-50 et 50-00 se chevauchent en 50"
        );
    }

    #[tokio::test]
    async fn an_entrys_fault_keeps_the_files_section_names_and_words_the_rest() {
        let outside = error(TableFault::Entry {
            band: None,
            entry: EntryAt::Roll("1-7".into()),
            fault: Box::new(EntryFault::OutsideDie {
                roll: "1-7".into(),
                die: crate::rules::dice::Expr::dice(1, 6),
            }),
        });
        assert_eq!(
            in_both(&Worded(&outside)).await,
            (
                "tables/t.toml: entry 1-7: range 1-7 is outside the die 1d6 (1-6)".into(),
                "tables/t.toml: entry 1-7: la plage 1-7 dépasse le dé 1d6 (1-6)".into()
            )
        );
        let unnamed = error(TableFault::Entry {
            band: Some("1-3".into()),
            entry: EntryAt::Nth(2),
            fault: Box::new(EntryFault::Range(RangeFault::Backwards {
                text: "6-1".into(),
            })),
        });
        assert_eq!(
            in_both(&Worded(&unnamed)).await.1,
            "tables/t.toml: band 1-3: entry #2: la plage \"6-1\" est à l'envers"
        );
        let defaults = error(TableFault::Defaults(PropFault::NotOneOf {
            field: "caster",
            value: "druid".into(),
            allowed: &["wizard", "priest"],
        }));
        assert_eq!(
            in_both(&Worded(&defaults)).await,
            (
                "tables/t.toml: [defaults]: caster \"druid\" is not one of wizard, priest".into(),
                "tables/t.toml: [defaults]: caster \"druid\" n'est pas parmi wizard, priest".into()
            )
        );
    }

    #[tokio::test]
    async fn faults_across_tables_are_worded_in_french_too() {
        let missing = error(TableFault::MissingTable {
            roll: "1-6".into(),
            target: "nowhere".into(),
        });
        assert_eq!(
            in_both(&Worded(&missing)).await.1,
            "tables/t.toml: l'entrée 1-6 renvoie à la table \"nowhere\", qui n'existe pas"
        );
        let cycle = error(TableFault::Loop {
            path: vec!["a".into(), "b".into(), "a".into()],
        });
        assert_eq!(
            in_both(&Worded(&cycle)).await.1,
            "tables/t.toml: les tables se renvoient en boucle : a → b → a"
        );
        let toml = error(TableFault::Toml {
            line: Some(7),
            message: "expected literal string".into(),
        });
        assert_eq!(
            in_both(&Worded(&toml)).await.1,
            "tables/t.toml: ligne 7 : expected literal string"
        );
    }
}
