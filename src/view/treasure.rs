//! How a treasure type and a hoard read: a type's parts (`35% 2d6*1000 gp`), each part's
//! dice as rolled, the line of a `treasure_rolled` event in the log and its arithmetic in
//! `explain`. Shared by `treasure roll`, `treasure types`, `log` and `explain`.

use crate::app::refusal::treasure::Refusal;
use crate::i18n::coins::abbreviation;
use crate::rules::magic::{Column, Items, Magic};
use crate::rules::tables::treasures::{Group, Holds, Kind, Part};
use crate::rules::treasure::{Found, System};
use crate::tr;
use crate::view::inert::safe;

/// The game a campaign's types are from, by name.
pub fn system_name(system: System) -> &'static str {
    match system {
        System::Ose => "Old-School Essentials",
        System::Adnd => "AD&D 2e",
    }
}

/// What a part holds, with its dice: `2d6*1000 gp`, `6d6 × gems-ose`, `3 × magic-items (not
/// weapons) + 1 × potions`. With the `magic` a roll used, its lots name the tables it rolled
/// (`3 × ose-magic-items-x (not ose-weapons-x, ose-swords-x)` under OSE's items); without,
/// the type's own words.
pub fn holds(part: &Part, magic: Option<Magic>) -> String {
    let tables = |generic: &String| match magic {
        Some(magic) => magic.tables(generic).iter().map(|t| safe(t)).collect(),
        None => vec![safe(generic)],
    };
    match &part.holds {
        Holds::Coins { coins, amount } => {
            let coins: Vec<&str> = coins.iter().map(|c| abbreviation(*c)).collect();
            let or = tr!(" or ", " ou ");
            format!("{amount} {}", coins.join(&or))
        }
        Holds::Valuables { table, amount } => format!("{amount} × {}", safe(table)),
        Holds::Magic { lots } => lots
            .iter()
            .map(|lot| {
                let table = match magic {
                    Some(magic) => safe(&magic.table(&lot.table)),
                    None => safe(&lot.table),
                };
                let mut text = format!("{} × {table}", lot.count);
                if !lot.except.is_empty() {
                    let names = lot.except.iter().flat_map(tables).collect::<Vec<_>>();
                    text += &tr!(" (not {})", " (sauf {})", names.join(", "));
                }
                if !lot.only.is_empty() {
                    let names = lot.only.iter().flat_map(tables).collect::<Vec<_>>();
                    text += &tr!(" (only {})", " (seulement {})", names.join(", "));
                }
                text
            })
            .collect::<Vec<_>>()
            .join(" + "),
    }
}

/// A part with its chance: `35%: 2d6*1000 gp`, or the holding alone when always there.
pub fn part(part: &Part, magic: Option<Magic>) -> String {
    if part.chance >= 100 {
        holds(part, magic)
    } else {
        format!("{}% {}", part.chance, holds(part, magic))
    }
}

/// Whose magic-item tables a roll's magic items came from, when they are OSE's (the DMG's
/// are the types' own words): `magic items: Old-School Essentials Classic Fantasy, Magic
/// Items (General), X column (level 4+)`.
pub fn magic_source(kind: &Kind, magic: Magic) -> Option<String> {
    let magical = kind
        .parts
        .iter()
        .any(|p| matches!(p.holds, Holds::Magic { .. }));
    if !magical || magic.items != Items::Ose {
        return None;
    }
    let column = match magic.column {
        Column::Basic => tr!("B column (levels 1-3)", "colonne B (niveaux 1 à 3)"),
        Column::Expert => tr!("X column (level 4+)", "colonne X (niveau 4 et plus)"),
    };
    Some(tr!(
        "magic items: Old-School Essentials Classic Fantasy, Magic Items (General) and each category's table, {column}",
        "objets magiques : Old-School Essentials Classic Fantasy, objets magiques en général et la table de chaque catégorie, {column}"
    ))
}

/// What was rolled, as a heading: `Treasure type H (lair, Old-School Essentials) ×2, to
/// the party's pool`; unguarded treasure names the dungeon `level` asked for.
pub fn heading(kind: &Kind, level: Option<u32>, system: System, count: u32, to: &str) -> String {
    let game = system_name(system);
    let times = if count > 1 {
        format!(" ×{count}")
    } else {
        String::new()
    };
    let key = safe(&kind.key);
    match kind.group {
        Some(Group::Lair) => tr!(
            "Treasure type {key} (lair, {game}){times}, to {to}",
            "Trésor de type {key} (repaire, {game}){times}, pour {to}"
        ),
        Some(Group::Individual) => tr!(
            "Treasure type {key} (individual, {game}){times}, to {to}",
            "Trésor de type {key} (individuel, {game}){times}, pour {to}"
        ),
        Some(Group::Group) => tr!(
            "Treasure type {key} (a group's, {game}){times}, to {to}",
            "Trésor de type {key} (d'un groupe, {game}){times}, pour {to}"
        ),
        None => {
            let level = level.map_or_else(|| key.clone(), |l| l.to_string());
            let span = kind.span.map_or(key, levels);
            tr!(
                "Unguarded treasure of dungeon level {level} ({game} table for {span}){times}, to {to}",
                "Trésor non gardé du niveau de donjon {level} (table {game} {span}){times}, pour {to}"
            )
        }
    }
}

/// The dungeon levels a table of unguarded treasure covers, in words: `level 1`, `levels 2
/// and 3`, `levels 4 to 6`, `levels 8 and deeper`.
fn levels((from, to): (u32, Option<u32>)) -> String {
    match to {
        Some(to) if to == from => tr!("level {from}", "du niveau {from}"),
        Some(to) if to == from + 1 => tr!("levels {from} and {to}", "des niveaux {from} et {to}"),
        Some(to) => tr!("levels {from} to {to}", "des niveaux {from} à {to}"),
        None => tr!(
            "levels {from} and deeper",
            "des niveaux {from} et plus profonds"
        ),
    }
}

/// A type and its parts, a line of `treasure types` and `tables show`.
pub fn kind_line(kind: &Kind) -> String {
    let parts: Vec<String> = kind.parts.iter().map(|p| part(p, None)).collect();
    format!("  {}: {}", kind_name(kind), parts.join(" · "))
}

/// A type's name in a list: `H (lair)`, `P (individual)`, `level 2-3 (unguarded)`.
pub fn kind_name(kind: &Kind) -> String {
    match kind.group {
        Some(Group::Lair) => tr!("{} (lair)", "{} (repaire)", kind.key),
        Some(Group::Individual) => tr!("{} (individual)", "{} (individuel)", kind.key),
        Some(Group::Group) => tr!("{} (group)", "{} (groupe)", kind.key),
        None => tr!(
            "dungeon level {} (unguarded)",
            "niveau de donjon {} (non gardé)",
            kind.key
        ),
    }
}

/// One part's dice as rolled: `d100 12 → 2d6*1000 [3 5] = 8000 → 8000 gp`, or `d100 71 →
/// none`.
fn rolled(found: &Found) -> String {
    let mut rolls = Vec::new();
    if let Some(r) = &found.chance_roll {
        rolls.push(format!("d100 {}", r.total));
    }
    if let Some(choice) = &found.choice {
        rolls.push(tr!("coin {}", "pièce {}", choice.describe()));
    }
    // A fixed amount (« any 3 ») rolls no die: it shows in the part's own words.
    rolls.extend(
        found
            .amounts
            .iter()
            .filter(|r| !r.faces.is_empty())
            .map(|r| r.describe()),
    );
    if !found.present {
        rolls.push(tr!("none", "rien"));
    } else if let Some((coin, _)) = found.coins.held().next() {
        // The amount's total is the coins: name the coin after it.
        if let Some(last) = rolls.last_mut() {
            *last = format!("{last} {}", abbreviation(coin));
        }
    } else {
        rolls.push(crate::i18n::counted(
            i64::from(found.items),
            ("item", "items"),
            ("objet", "objets"),
        ));
    }
    rolls.join(" → ")
}

/// A part of `kind`, with the tables of `magic` its items rolled on, and its dice: `35%
/// 2d6*1000 gp: d100 12 → … → 8000 gp`.
pub fn found_line(kind: &Kind, found: &Found, magic: Magic) -> String {
    let what = kind
        .parts
        .get(found.part as usize)
        .map(|p| part(p, Some(magic)))
        .unwrap_or_default();
    let rolled = rolled(found);
    tr!("{what}: {rolled}", "{what} : {rolled}")
}

/// The log's line for a hoard rolled (a `treasure_rolled` event's fields).
pub fn describe(treasure_type: &str, level: Option<u32>, count: u32, found: &[Found]) -> String {
    let items: u32 = found.iter().map(|f| f.items).sum();
    let mut coins = crate::rules::coins::Coins::default();
    for f in found {
        for (d, n) in f.coins.held() {
            *coins.get_mut(d) += n;
        }
    }
    let what = match level {
        Some(level) => tr!(
            "unguarded treasure of dungeon level {level}",
            "trésor non gardé du niveau de donjon {level}"
        ),
        None if count > 1 => tr!(
            "treasure type {} ×{count}",
            "trésor de type {} ×{count}",
            safe(treasure_type)
        ),
        None => tr!("treasure type {}", "trésor de type {}", safe(treasure_type)),
    };
    let coins = if coins.is_zero() {
        tr!("no coins", "aucune pièce")
    } else {
        crate::view::money::with_worth(&coins)
    };
    let items = crate::i18n::counted(i64::from(items), ("item", "items"), ("objet", "objets"));
    tr!(
        "{what} rolled: {coins}, {items}",
        "{what} tiré : {coins}, {items}"
    )
}

/// `explain`'s lines for a hoard rolled (a `treasure_rolled` event's fields): each part's
/// chance and amount as rolled.
pub fn explain(table: &str, count: u32, found: &[Found]) -> Vec<String> {
    let rule = System::of_table(table).rolling();
    let mut lines = vec![
        format!("  {}", crate::i18n::pick(rule.en, rule.fr)),
        tr!("  from table {}", "  d'après la table {}", safe(table)),
    ];
    for f in found {
        let n = if count > 1 {
            format!("#{} ", f.n)
        } else {
            String::new()
        };
        let (number, rolled) = (f.part + 1, rolled(f));
        lines.push(tr!(
            "  {n}part {number}: {rolled}",
            "  {n}partie {number} : {rolled}"
        ));
    }
    lines
}

/// Why `item` (its name, made safe) cannot be damaged.
pub fn undamageable(item: &str, refusal: crate::rules::treasure::Undamageable) -> String {
    use crate::rules::treasure::Undamageable as U;
    match refusal {
        U::NotJewellery => tr!(
            "{item} is no jewellery nor art with a worth: only those lose worth when damaged (OSE Rules Tome, jewellery)",
            "{item} n'est ni un bijou ni un objet d'art estimé : eux seuls perdent de la valeur endommagés (OSE Rules Tome, bijoux)"
        ),
        U::AlreadyDamaged => tr!(
            "{item} is damaged already: the rule halves a piece's worth once",
            "{item} est déjà endommagé : la règle divise la valeur d'une pièce par deux une fois"
        ),
        U::Gone => tr!(
            "{item} is gone: there is nothing left to damage",
            "{item} n'est plus là : il n'y a rien à endommager"
        ),
    }
}

/// A `treasure roll` refusal.
impl std::fmt::Display for crate::i18n::Worded<'_, Refusal> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self.0 {
            Refusal::UnknownType {
                letter,
                system,
                known,
            } => {
                let (letter, game, known) = (safe(letter), system_name(*system), known.join(" "));
                tr!(
                    "no treasure type {letter:?} in {game}'s types: {known} (`hoard treasure types` lists them; `campaign set treasure ose|adnd` picks the game)",
                    "pas de type de trésor {letter:?} parmi ceux d'{game} : {known} (`hoard treasure types` les montre ; `campaign set treasure ose|adnd` choisit le jeu)"
                )
            }
            Refusal::TypeOrLevel => tr!(
                "give a treasure type (`treasure roll H`) or a dungeon level for unguarded treasure (`treasure roll --level 3`), not both",
                "donnez un type de trésor (`treasure roll H`) ou un niveau de donjon pour un trésor non gardé (`treasure roll --level 3`), pas les deux"
            ),
            Refusal::NoUnguarded { system, level } => {
                let game = system_name(*system);
                tr!(
                    "{game} gives no unguarded treasure for dungeon level {level}: roll a treasure type instead",
                    "{game} ne donne pas de trésor non gardé pour le niveau de donjon {level} : tirez plutôt un type de trésor"
                )
            }
            Refusal::CountOutOfRange { count, max } => tr!(
                "--count {count} is out of range: give 1 to {max}",
                "--count {count} hors limites : de 1 à {max}"
            ),
        };
        f.write_str(&text)
    }
}
