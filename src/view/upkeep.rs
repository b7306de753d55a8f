//! What a sheet says of a character's keep, on the command line's sheet and the pages alike:
//! whether they go hungry, what they owe (living and training costs, wages to their
//! retainers), whose retainer they are and for what wage. Each line without indentation.

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

/// The sheet's lines on `c`'s keep, who employs `retainers`: hungry, whose retainer they are,
/// whom they employ, then what they owe ([`debts`]).
pub fn lines(c: &Character, retainers: &[Retained]) -> Vec<String> {
    let mut lines = Vec::new();
    if c.hungry > 0 {
        let days = crate::i18n::counted(i64::from(c.hungry), ("day", "days"), ("jour", "jours"));
        lines.push(tr!(
            "hungry: {days} without food (penalties at the referee's discretion)",
            "affamé : {days} sans manger (pénalités à la discrétion du MJ)"
        ));
    }
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
        if h.owed > 0 {
            let owed = worth(h.owed);
            lines.push(tr!(
                "{by} owes them {owed} of wages",
                "{by} lui doit {owed} de gages"
            ));
        }
    }
    for r in retainers.iter().filter(|r| !r.dismissed) {
        lines.push(tr!(
            "employs {}, for {}",
            "emploie {}, pour {}",
            safe(&r.name),
            wage(&r.wage, r.per)
        ));
    }
    lines.extend(debts(c.owed, retainers));
    lines
}

/// What a purse owes: `owed` copper pieces of living and training costs, and the wages owed
/// each of `retainers`.
pub fn debts(owed: i64, retainers: &[Retained]) -> Vec<String> {
    let mut lines = Vec::new();
    if owed > 0 {
        let owed = worth(owed);
        lines.push(tr!(
            "owed: {owed} of living and training costs",
            "dû : {owed} de coûts de la vie et d'entraînement"
        ));
    }
    for r in retainers.iter().filter(|r| r.owed > 0) {
        let (name, owed) = (safe(&r.name), worth(r.owed));
        lines.push(tr!(
            "owes {name} {owed} of wages",
            "doit {owed} de gages à {name}"
        ));
    }
    lines
}
