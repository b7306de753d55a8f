//! What a sheet says of a character's hire and debts, on the command line's sheet and the
//! pages alike: whose retainer they are and for what wage, whom they employ, and, under the
//! purse, what they owe and are owed. Each line without indentation.

use crate::app::character::Retained;
use crate::ledger::Character;
use crate::rules::coins::Coins;
use crate::rules::wages::Per;
use crate::tr;
use crate::view::inert::safe;
use crate::view::money::worth;

/// A wage and how often it falls due: `1 gp a day`.
pub fn wage(wage: &Coins, per: Per) -> String {
    let wage = crate::i18n::coins::text(wage);
    match per {
        Per::Day => tr!("{wage} a day", "{wage} par jour"),
        Per::Adventure => tr!("{wage} an adventure", "{wage} par aventure"),
    }
}

/// Whose retainer `c` is, and at what wage (or that they were dismissed), then whom they
/// employ of `retainers`.
pub fn hire(c: &Character, retainers: &[Retained]) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(h) = &c.hire {
        let by = safe(&h.employer_name);
        lines.push(match h.dismissed {
            false => tr!(
                "retainer of {by}, for {}",
                "homme d'armes de {by}, pour {}",
                wage(&h.wage, h.per)
            ),
            true => tr!("dismissed by {by}", "congédié par {by}"),
        });
    }
    for r in retainers.iter().filter(|r| !r.dismissed) {
        lines.push(tr!(
            "employs {}, for {}",
            "emploie {}, pour {}",
            safe(&r.name),
            wage(&r.wage, r.per)
        ));
    }
    lines
}

/// What the character `id` owes and is owed (of the debts naming them), under their purse on
/// the sheet and the pages, wages before upkeep as `hoard debts` lists them.
pub fn debts(id: &str, debts: &[crate::app::debts::Debt]) -> Vec<String> {
    debts
        .iter()
        .map(|d| {
            let owed = worth(d.owed);
            match &d.creditor {
                crate::app::debts::Creditor::Upkeep => tr!(
                    "owed: {owed} of living and training costs",
                    "dû : {owed} de coûts de la vie et d'entraînement"
                ),
                crate::app::debts::Creditor::Retainer { retainer_name, .. } if d.debtor == id => {
                    let to = safe(retainer_name);
                    tr!("owes {to} {owed} of wages", "doit {owed} de gages à {to}")
                }
                crate::app::debts::Creditor::Retainer { .. } => {
                    let by = safe(&d.debtor_name);
                    tr!(
                        "is owed {owed} of wages by {by}",
                        "{by} lui doit {owed} de gages"
                    )
                }
            }
        })
        .collect()
}

/// A debt, as `hoard debts` lists it: `Ann owes Rolf 0 gp 50 cp`.
pub fn debt(d: &crate::app::debts::Debt) -> String {
    let (by, owed) = (safe(&d.debtor_name), worth(d.owed));
    match &d.creditor {
        crate::app::debts::Creditor::Retainer { retainer_name, .. } => {
            let to = safe(retainer_name);
            tr!("{by} owes {to} {owed}", "{by} doit {owed} à {to}")
        }
        crate::app::debts::Creditor::Upkeep => tr!(
            "{by} owes {owed} of living and training costs",
            "{by} doit {owed} de coûts de la vie et d'entraînement"
        ),
    }
}

/// How long a character has gone without food (`campaign set rations on`), if they have.
pub fn hunger(days: u32) -> Option<String> {
    (days > 0).then(|| {
        let days = crate::i18n::counted(i64::from(days), ("day", "days"), ("jour", "jours"));
        tr!(
            "hungry: {days} without food (penalties at the referee's discretion)",
            "affamé : {days} sans manger (pénalités à la discrétion du MJ)"
        )
    })
}
