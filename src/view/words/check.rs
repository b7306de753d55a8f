//! The words for what `check` finds (`app::check::Finding`): a line each, on the terminal and
//! in `--json` alike (a finding serializes as its words).

use std::fmt;

use crate::app::check::{Field, Finding, Rows, Table};
use crate::app::coins::Discrepancy;
use crate::i18n::coins::text;
use crate::i18n::pick;
use crate::ledger::invariants::Breach;
use crate::ledger::short_id;
use crate::ledger::treasury::CoinRow;
use crate::rules::coins::Coins;
use crate::tr;

impl fmt::Display for crate::i18n::Worded<'_, Finding> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.0 {
            Finding::File { said } => said.clone(),
            Finding::Coins { coins } => coins_words(coins),
            Finding::Dangling { rows } => tr!(
                "{rows} rows point to rows that do not exist",
                "{rows} lignes renvoient à des lignes qui n'existent pas"
            ),
            Finding::Rewritten { event } => tr!(
                "the ledger was rewritten under hoard at event #{event}: its hash chain breaks there (an event changed, removed or added by hand since it was recorded)",
                "le registre a été réécrit dans le dos de hoard à l'événement n°{event} : sa chaîne de hachage s'y rompt (un événement changé, retiré ou ajouté à la main depuis son enregistrement)"
            ),
            Finding::Mistagged { event } => tr!(
                "the referees' index was rewritten under hoard at event #{event}: the referee `log --by` files it under is not the one the event holds (event_refs changed by hand)",
                "l'index des meneurs a été réécrit dans le dos de hoard à l'événement n°{event} : le meneur sous lequel `log --by` le range n'est pas celui que l'événement porte (event_refs changé à la main)"
            ),
            Finding::Breach { breach, rows } => breach_words(breach, rows),
            Finding::Conflict { conflict } => crate::i18n::Worded(conflict).to_string(),
            Finding::VoidList => tr!(
                "the list of voided events differs from the ledger's void events",
                "la liste des événements annulés diffère des annulations du registre"
            ),
            Finding::Campaign { fields } => {
                tr!("campaign: {}", "campagne : {}", fields_words(fields))
            }
            Finding::LastSeq { ledger, campaign } => tr!(
                "the ledger ends at #{ledger} but the campaign counts #{campaign}",
                "le registre s'arrête au n°{ledger} mais la campagne compte le n°{campaign}"
            ),
            Finding::Differs {
                table,
                id,
                name,
                fields,
                event,
            } => {
                let (what, event) = (table_word(*table), event_words(*event));
                tr!(
                    "{what} {}: {} (last touched by {event})",
                    "{what} {} : {} (dernière modification par {event})",
                    label(name.as_deref(), id),
                    fields_words(fields)
                )
            }
            Finding::Unmade { table, id } => {
                let what = table_word(*table);
                tr!(
                    "{what} {id} is in the database but no event made it",
                    "{what} {id} est dans la base mais aucun événement ne l'a créé"
                )
            }
            Finding::Missing { table, id, event } => {
                let (what, event) = (table_word(*table), event_words(*event));
                tr!(
                    "{what} {id} is missing from the database ({event} made it)",
                    "{what} {id} manque dans la base ({event} l'a créé)"
                )
            }
        };
        f.write_str(&text)
    }
}

/// A row by its name (and short id) when it has one, else by its id.
fn label(name: Option<&str>, id: &str) -> String {
    match name {
        Some(name) => format!("{name} ({})", short_id(id)),
        None => id.to_string(),
    }
}

fn table_word(table: Table) -> String {
    match table {
        Table::Session => tr!("session", "session"),
        Table::Character => tr!("character", "personnage"),
        Table::Item => tr!("item", "objet"),
        Table::Effect => tr!("effect", "effet"),
    }
}

fn event_words(event: Option<i64>) -> String {
    match event {
        Some(s) => tr!("event #{s}", "l'événement n°{s}"),
        None => tr!("no event", "aucun événement"),
    }
}

/// The fields that differ, as `path is a in the database, b by the ledger; …`.
fn fields_words(fields: &[Field]) -> String {
    let words: Vec<String> = fields
        .iter()
        .map(
            |Field {
                 path,
                 database: a,
                 ledger: b,
             }| {
                tr!(
                    "{path} is {a} in the database, {b} by the ledger",
                    "{path} vaut {a} dans la base, {b} selon le registre"
                )
            },
        )
        .collect();
    words.join("; ")
}

/// A broken invariant, in words, naming the rows by name.
fn breach_words(breach: &Breach, rows: &Rows) -> String {
    let item = |id: &str| match rows.items.get(id) {
        Some(n) => label(Some(pick(&n.en, &n.fr)), id),
        None => id.to_string(),
    };
    let who = |id: &str| match rows.characters.get(id) {
        Some(name) => name.clone(),
        None => id.to_string(),
    };
    match breach {
        Breach::NegativeCharges { item: i } => {
            tr!(
                "item {}: negative charges",
                "objet {} : charges négatives",
                item(i)
            )
        }
        Breach::DrainedWithCharges { item: i } => tr!(
            "item {}: drained but holds charges",
            "objet {} : vidé mais encore chargé",
            item(i)
        ),
        Breach::HolderMissing { item: i, .. } => tr!(
            "item {}: held by a character who does not exist",
            "objet {} : porté par un personnage qui n'existe pas",
            item(i)
        ),
        Breach::WornUnheld { item: i } => tr!(
            "item {}: worn or in hand, but nobody holds it",
            "objet {} : porté ou en main, mais personne ne le détient",
            item(i)
        ),
        Breach::GoneInUse { item: i } => tr!(
            "item {}: gone, yet still worn or in control",
            "objet {} : disparu, mais encore porté ou en contrôle",
            item(i)
        ),
        Breach::ControlByNonSword { item: i } => tr!(
            "item {}: controls someone but is no sentient sword",
            "objet {} : contrôle quelqu'un sans être une épée intelligente",
            item(i)
        ),
        Breach::ControlOverNonHolder { item: i, character } => tr!(
            "sword {}: controls {}, who does not hold it",
            "épée {} : contrôle {}, qui ne la tient pas",
            item(i),
            who(character)
        ),
        Breach::TwoMasters { character, swords } => {
            let swords: Vec<String> = swords.iter().map(|s| item(s)).collect();
            tr!(
                "{} is controlled by two swords at once ({})",
                "{} est contrôlé par deux épées à la fois ({})",
                who(character),
                swords.join(", ")
            )
        }
        Breach::WaitingForNothing { item: i, sword } => tr!(
            "sword {}: a circumstance waits on a sword that does not exist ({sword})",
            "épée {} : une circonstance attend une épée qui n'existe pas ({sword})",
            item(i)
        ),
        Breach::BoundUnheld { item: i } => tr!(
            "item {}: bound to its owner, yet nobody holds it",
            "objet {} : lié à son possesseur, mais personne ne le détient",
            item(i)
        ),
        Breach::EffectOnNobody { effect, .. } => tr!(
            "effect {effect}: on a character who does not exist",
            "effet {effect} : sur un personnage qui n'existe pas"
        ),
        Breach::SheetOutOfRange { character } => tr!(
            "character {}: hit points, ability scores, level, XP or share out of range",
            "personnage {} : points de vie, caractéristiques, niveau, PX ou part hors limites",
            who(character)
        ),
        Breach::CoinsUnbalanced { held, added, spent } => unbalanced(held, added, spent),
    }
}

/// Coins that do not add up: what the holders hold, against what came in and went out.
fn unbalanced(held: &Option<Coins>, added: &Coins, spent: &Coins) -> String {
    let held = held.as_ref().map(text).unwrap_or_default();
    let (added, spent) = (text(added), text(spent));
    tr!(
        "coins: the pool, purses and places hold {held}, but {added} came in and {spent} went out (or one holds less than nothing)",
        "pièces : caisse, bourses et lieux tiennent {held}, mais {added} sont entrés et {spent} sortis (ou l'un tient moins que rien)"
    )
}

/// The words for the coins' findings beyond the stored balance.
fn coins_words(coins: &Discrepancy) -> String {
    match coins {
        Discrepancy::Unbalanced { held, added, spent } => tr!(
            "by the ledger, {}",
            "selon le registre, {}",
            unbalanced(held, added, spent)
        ),
        Discrepancy::Differs {
            row,
            owner,
            database,
            ledger,
        } => {
            let name = match row {
                CoinRow::Pool => tr!("the pool", "la caisse"),
                CoinRow::Expedition(n) => tr!("session {n}'s pool", "la caisse de la session {n}"),
                CoinRow::Purse(id) => owner
                    .as_ref()
                    .map(|name| tr!("{}'s purse", "la bourse de {}", name))
                    .unwrap_or_else(|| id.clone()),
                CoinRow::Place(name) => name.clone(),
                CoinRow::Added => tr!("coins added", "pièces entrées"),
                CoinRow::Spent => tr!("coins spent", "pièces sorties"),
            };
            let (a, b) = (text(database), text(ledger));
            tr!(
                "coins of {name}: {a} in the database, {b} by the ledger",
                "pièces de {name} : {a} dans la base, {b} selon le registre"
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::app::check::{Field, Finding, Table};
    use crate::i18n::in_both;

    #[tokio::test]
    async fn a_difference_names_the_row_its_fields_and_the_event_and_serializes_as_data() {
        let finding = Finding::Differs {
            table: Table::Item,
            id: "0123456789abcdef".into(),
            name: Some("Rope".into()),
            fields: vec![Field {
                path: "charges".into(),
                database: 3.into(),
                ledger: 2.into(),
            }],
            event: Some(7),
        };
        let (en, fr) = in_both(&crate::i18n::Worded(&finding)).await;
        let short = crate::ledger::short_id("0123456789abcdef");
        assert_eq!(
            en,
            format!(
                "item Rope ({short}): charges is 3 in the database, 2 by the ledger (last touched by event #7)"
            )
        );
        assert_eq!(
            fr,
            format!(
                "objet Rope ({short}) : charges vaut 3 dans la base, 2 selon le registre (dernière modification par l'événement n°7)"
            )
        );
        // Serialised it is data, the same in every language: its words go in `message`.
        let json =
            |lang| crate::i18n::within(lang, async { serde_json::to_value(&finding).unwrap() });
        let en = json(crate::i18n::Lang::En).await;
        assert_eq!(en, json(crate::i18n::Lang::Fr).await);
        assert_eq!(
            en,
            serde_json::json!({
                "finding": "differs",
                "table": "item",
                "id": "0123456789abcdef",
                "name": "Rope",
                "fields": [{ "path": "charges", "database": 3, "ledger": 2 }],
                "event": 7,
            })
        );
    }
}
