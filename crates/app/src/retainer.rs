//! `hoard retainer hire R --by C --wage AMOUNT/day|/adventure`, `hoard retainer dismiss R`:
//! characters of the campaign in another's pay. The wages themselves fall due
//! with time (`upkeep`, per day) or at the end of a session the retainer went on (`wages`,
//! per adventure); what a purse could not pay is owed (`debts`), and `coins move` from
//! employer to retainer pays it (the projector's).

use crate::ctx::Ctx;
use crate::error::Result;
use crate::ledger::{Event, Recorded};
use crate::refusal::retainer::Refusal;
use crate::rules::coins::Coins;
use crate::rules::wages::Per;
use crate::store;
use crate::write::Write;

/// `AMOUNT/day` or `AMOUNT/adventure`: the wage and how often it falls due.
pub fn wage(text: &str) -> Result<(Coins, Per)> {
    let refused = || Refusal::Wage { given: text.into() };
    let (amount, per) = text.rsplit_once('/').ok_or_else(refused)?;
    let per = Per::parse(per).ok_or_else(refused)?;
    let words: Vec<&str> = amount.split_whitespace().collect();
    let coins = crate::rules::coins::parse(&words).map_err(|_| refused())?;
    if coins.is_zero() {
        return Err(refused().into());
    }
    Ok((coins, per))
}

/// `retainer hire R --by C --wage W`: one `retainer_hired`.
pub async fn hire(cx: &mut Ctx, retainer: &str, by: &str, wage: (Coins, Per)) -> Result<Recorded> {
    let mut w = cx.write().await?;
    let (r, c) = (w.character(retainer).await?, w.character(by).await?);
    if r.id == c.id {
        return Err(Refusal::Themselves { name: r.name }.into());
    }
    if let Some(h) = r.hire.as_ref().filter(|h| !h.dismissed || h.owed > 0) {
        return Err(Refusal::Hired {
            name: r.name.clone(),
            employer: h.employer_name.clone(),
        }
        .into());
    }
    let rec = w.record(Event::RetainerHired {
        character: r.id,
        name: r.name,
        employer: c.id,
        employer_name: c.name,
        wage: wage.0,
        per: wage.1,
    })?;
    w.commit().await?;
    Ok(rec)
}

/// `retainer dismiss R`: one `retainer_dismissed`; what is owed stands.
pub async fn dismiss(cx: &mut Ctx, retainer: &str) -> Result<Recorded> {
    let mut w = cx.write().await?;
    let r = w.character(retainer).await?;
    let Some(h) = r.hire.clone().filter(|h| !h.dismissed) else {
        return Err(Refusal::NotHired { name: r.name }.into());
    };
    let rec = w.record(Event::RetainerDismissed {
        character: r.id,
        name: r.name,
        employer: h.employer,
        employer_name: h.employer_name,
    })?;
    w.commit().await?;
    Ok(rec)
}

/// The wages due, `times` wages each at `per`, as consequences of `cause`, to the retainers
/// paid so who are out with `party` (all the campaign's, when it is none): by the day, those
/// whose employer is (the employer's clock passes the days); by the adventure, those who went.
pub(super) async fn pay(
    w: &mut Write<'_>,
    party: Option<&[String]>,
    per: Per,
    times: u32,
    cause: Option<i64>,
) -> Result<()> {
    if times == 0 {
        return Ok(());
    }
    let campaign = w.campaign;
    let all = store::characters::list(w.conn(), campaign).await?;
    for stored in all {
        let Some(h) = stored.hire.filter(|h| !h.dismissed && h.per == per) else {
            continue;
        };
        let out = match per {
            Per::Day => &h.employer,
            Per::Adventure => &stored.id,
        };
        if party.is_some_and(|p| !p.contains(out)) {
            continue;
        }
        // Loaded into the write's state, as the events before left them.
        let r = w.character_by_id(&stored.id).await?;
        let c = w.character_by_id(&h.employer).await?;
        let Some(hire) = r.hire.filter(|h| !h.dismissed) else {
            continue;
        };
        let purse = crate::ledger::treasury::Holder::Character {
            id: c.id.clone(),
            name: c.name.clone(),
        };
        let row = w.state.row_of(&purse);
        let has = w.treasury().await?.row(&row);
        let due = crate::rules::wages::pay(&hire.wage, times, &has);
        w.record_with_cause(
            Event::WagesPaid {
                character: r.id,
                name: r.name,
                employer: c.id,
                employer_name: c.name,
                per,
                times,
                due: due.due,
                paid: due.paid,
                owed: due.owed,
            },
            cause,
        )?;
    }
    Ok(())
}
