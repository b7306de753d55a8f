//! `hoard debts [CHARACTER]`, `hoard debts pay CHARACTER [--to RETAINER]`: every debt in one
//! place. A character owes two kinds: the wages their purse could not pay their retainers
//! (`rules::wages`, kept on the retainer's hire) and the living and training costs it could
//! not pay (`rules::upkeep`, kept on the character, owed to no one). Paying uses the events
//! that already say so: the retainer is paid by a `coins_moved` from employer to retainer
//! (which the projector counts against the debt), the upkeep by an `upkeep_charged` of
//! nothing new ([`Upkeep::Debt`]) and the `coins_spent` beside it, as every charge is.

use serde::Serialize;

use crate::ctx::Ctx;
use crate::encumbrance::{Before, Slower};
use crate::error::Result;
use crate::ledger::treasury::Holder;
use crate::ledger::{Character, Event, Recorded};
use crate::refusal::debts::Refusal;
use crate::rules::coins::Coins;
use crate::rules::upkeep::{self, Upkeep};
use crate::store;
use crate::write::Write;

/// One debt: `debtor` owes `owed` copper pieces to their creditor.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Debt {
    pub debtor: String,
    pub debtor_name: String,
    #[serde(flatten)]
    pub creditor: Creditor,
    pub owed: i64,
}

/// Whom a debt is owed: a retainer (wages), or the upkeep (living and training costs, owed to
/// no one in particular). A retainer's debt keeps the fields `hoard debts --json` has always
/// given (`employer`, `retainer` and their names).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "creditor", rename_all = "snake_case")]
pub enum Creditor {
    Retainer {
        employer: String,
        employer_name: String,
        retainer: String,
        retainer_name: String,
    },
    Upkeep,
}

impl Debt {
    /// Whether `id` owes it or is owed it.
    fn names(&self, id: &str) -> bool {
        self.debtor == id
            || matches!(&self.creditor, Creditor::Retainer { retainer, .. } if retainer == id)
    }
}

/// The debts among `all` that the character `id` owes or is owed (their sheet's).
pub fn naming(all: &[Character], id: &str) -> Vec<Debt> {
    let mut debts = of(all);
    debts.retain(|d| d.names(id));
    debts
}

/// Every debt among `all` (the campaign's characters, in the order to list them), in the
/// order they are paid: debtor by debtor, the wages owed each retainer first (someone waits
/// for them), then the upkeep.
pub fn of(all: &[Character]) -> Vec<Debt> {
    all.iter()
        .flat_map(|debtor| {
            let wages = all.iter().filter_map(|r| {
                let h = r
                    .hire
                    .as_ref()
                    .filter(|h| h.owed > 0 && h.employer == debtor.id)?;
                Some(Debt {
                    debtor: debtor.id.clone(),
                    debtor_name: debtor.name.clone(),
                    creditor: Creditor::Retainer {
                        employer: h.employer.clone(),
                        employer_name: h.employer_name.clone(),
                        retainer: r.id.clone(),
                        retainer_name: r.name.clone(),
                    },
                    owed: h.owed,
                })
            });
            let upkeep = (debtor.owed > 0).then(|| Debt {
                debtor: debtor.id.clone(),
                debtor_name: debtor.name.clone(),
                creditor: Creditor::Upkeep,
                owed: debtor.owed,
            });
            wages.chain(upkeep)
        })
        .collect()
}

/// `debts [CHARACTER]`: every debt of the campaign, or those a character owes or is owed.
pub async fn list(cx: &mut Ctx, character: Option<&str>) -> Result<Vec<Debt>> {
    let campaign = cx.campaign().await?;
    let who = match character {
        Some(name) => {
            let found =
                crate::lookup::character(cx.conn(), campaign.id, &campaign.campaign.name, name);
            Some(found.await?.id)
        }
        None => None,
    };
    let all = store::characters::list(cx.conn(), campaign.id).await?;
    Ok(match who {
        Some(id) => naming(&all, &id),
        None => of(&all),
    })
}

/// What `debts pay` did: each debt paid (`owed` now what is left of it), the purse after,
/// the events, and who the coins left slower.
#[derive(Debug, Serialize)]
pub struct Paid {
    pub character: String,
    pub paid: Vec<Payment>,
    pub purse: Coins,
    /// What the character still owes, after.
    pub debts: Vec<Debt>,
    pub events: Vec<Recorded>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub slower: Vec<Slower>,
}

/// One debt paid toward: the coins, and the debt as it stood before.
#[derive(Debug, Serialize)]
pub struct Payment {
    pub debt: Debt,
    pub coins: Coins,
    /// Copper pieces still owed of it.
    pub left: i64,
}

/// `debts pay CHARACTER [--to RETAINER]`: what the character owes (to that retainer alone
/// with `to`), paid from their purse as far as it goes, in the order [`of`] lists it, each
/// debt by the purse's most valuable coins that do not pass it, no change given
/// (`rules::upkeep::pay`). The first payment is the command's event, the others its
/// consequences, so that `undo` takes them all back.
pub async fn pay(cx: &mut Ctx, character: &str, to: Option<&str>) -> Result<Paid> {
    let mut w = cx.write().await?;
    let c = w.character(character).await?;
    let retainer = match to {
        Some(name) => Some(w.character(name).await?),
        None => None,
    };
    w.session()?;
    let campaign = w.campaign;
    // As the ledger stands before this command, which has recorded nothing yet.
    let all = store::characters::list(w.conn(), campaign).await?;
    let theirs: Vec<Debt> = of(&all).into_iter().filter(|d| d.debtor == c.id).collect();
    let owed: Vec<Debt> = theirs
        .iter()
        .filter(|d| match (&retainer, &d.creditor) {
            (None, _) => true,
            (Some(r), Creditor::Retainer { retainer, .. }) => &r.id == retainer,
            (Some(_), Creditor::Upkeep) => false,
        })
        .cloned()
        .collect();
    if owed.is_empty() {
        return Err(match retainer {
            Some(r) => Refusal::NotOwed {
                name: c.name,
                retainer: r.name,
            },
            None => Refusal::NothingOwed { name: c.name },
        }
        .into());
    }
    let holder = Holder::Character {
        id: c.id.clone(),
        name: c.name.clone(),
    };
    let before_seq = w.state.last_seq;
    let payees: Vec<&str> = owed
        .iter()
        .filter_map(|d| match &d.creditor {
            Creditor::Retainer { retainer, .. } => Some(retainer.as_str()),
            Creditor::Upkeep => None,
        })
        .collect();
    let before = Before::weigh(&mut w, &payees).await?;
    let (mut paid, mut root) = (Vec::new(), None);
    for debt in owed.iter().cloned() {
        let purse = purse(&mut w, &holder).await?;
        let met = upkeep::pay(&purse, debt.owed);
        if met.paid.is_zero() {
            continue;
        }
        let rec = match &debt.creditor {
            Creditor::Retainer {
                retainer,
                retainer_name,
                ..
            } => {
                let to = Holder::Character {
                    id: retainer.clone(),
                    name: retainer_name.clone(),
                };
                let moved = Event::CoinsMoved {
                    coins: met.paid,
                    from: holder.clone(),
                    to,
                };
                w.record_with_cause(moved, root)?.seq
            }
            Creditor::Upkeep => {
                let debtor = w.character_by_id(&c.id).await?;
                crate::upkeep::charge(&mut w, &debtor, Upkeep::Debt, 0, root, None).await?
            }
        };
        root = root.or(Some(rec));
        paid.push(Payment {
            debt,
            coins: met.paid,
            left: met.owed,
        });
    }
    if paid.is_empty() {
        let purse = purse(&mut w, &holder).await?;
        return Err(Refusal::Unpayable {
            name: c.name,
            purse,
            owed: owed.iter().fold(0i64, |sum, d| sum.saturating_add(d.owed)),
        }
        .into());
    }
    let slower = before.slower(&mut w).await?;
    let purse = purse(&mut w, &holder).await?;
    // What is left: each debt less what paid it.
    let debts = theirs
        .into_iter()
        .filter_map(|mut d| {
            if let Some(p) = paid.iter().find(|p| p.debt == d) {
                d.owed = p.left;
            }
            (d.owed > 0).then_some(d)
        })
        .collect();
    let events = w.since(before_seq);
    w.commit().await?;
    Ok(Paid {
        character: c.name,
        paid,
        purse,
        debts,
        events,
        slower,
    })
}

/// What `holder`'s purse holds, as the write sees it.
async fn purse(w: &mut Write<'_>, holder: &Holder) -> Result<Coins> {
    let row = w.state.row_of(holder);
    Ok(w.treasury().await?.row(&row))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::coins::Denomination;
    use crate::rules::fixtures::character;
    use crate::rules::wages::{Hire, Per};

    /// Ann employs Bob and Cy, and owes Cy wages and the upkeep; Bob owes the upkeep.
    fn campaign() -> Vec<Character> {
        let hired = |owed| {
            Some(Hire {
                employer: "a".into(),
                employer_name: "Ann".into(),
                wage: Coins::of(Denomination::Gp, 1),
                per: Per::Day,
                owed,
                dismissed: false,
            })
        };
        let named = |id: &str, name: &str| Character {
            name: name.into(),
            ..character(id)
        };
        vec![
            Character {
                owed: 300,
                ..named("a", "Ann")
            },
            Character {
                owed: 50,
                hire: hired(0),
                ..named("b", "Bob")
            },
            Character {
                hire: hired(700),
                ..named("c", "Cy")
            },
        ]
    }

    #[test]
    fn debts_are_listed_debtor_by_debtor_wages_before_upkeep() {
        let all = campaign();
        let debts = of(&all);
        let listed: Vec<(&str, i64)> = debts.iter().map(|d| (d.debtor.as_str(), d.owed)).collect();
        assert_eq!(listed, [("a", 700), ("a", 300), ("b", 50)]);
        assert!(matches!(
            &debts[0].creditor,
            Creditor::Retainer { retainer, .. } if retainer == "c"
        ));
        // A retainer owed nothing is no debt; one's own debts and those owed them.
        assert_eq!(naming(&all, "b").len(), 1);
        assert_eq!(naming(&all, "c").len(), 1);
        assert_eq!(naming(&all, "a").len(), 2);
    }
}
