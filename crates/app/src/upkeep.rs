//! What the clock passing uses up for the expedition whose time it is: the one place every
//! clock-driven charge is recorded, in the clock's own transaction, each event a consequence
//! of the clock's (so `undo` of the time takes them back, and `explain` says why). The rules
//! say what is used (`rules::light::burn`, `rules::food::eat`, `rules::upkeep`); this finds
//! what is lit, who eats and who pays, and records it; a retainer's daily wage is paid here
//! too (`retainer::pay`), and a level gained charges its training ([`train`]), as a
//! consequence of the event that gave it.

use crate::error::Result;
use crate::ledger::state::{Edition, Settings};
use crate::ledger::treasury::Holder;
use crate::ledger::{Act, Character, Event, Fuel, Item, Upkept};
use crate::refusal::campaign::Refusal;
use crate::rules::food;
use crate::rules::health::{self, Condition};
use crate::rules::light::{self, Light};
use crate::rules::upkeep::{self, Living, NotLiving, Upkeep};
use crate::rules::wages::Per;
use crate::write::Write;

/// The time from `from` to `to` has passed, from the clock's event `cause`: what it uses up.
pub(super) async fn settle(
    w: &mut Write<'_>,
    from: i64,
    to: i64,
    cause: Option<i64>,
) -> Result<()> {
    burn(w, to, cause).await?;
    eat(w, from, to, cause).await?;
    wages(w, from, to, cause).await?;
    live(w, from, to, cause).await
}

/// Each retainer paid by the day whose employer is on this expedition is paid for each
/// midnight its clock passed (`rules::wages`, recorded by `retainer::pay`).
async fn wages(w: &mut Write<'_>, from: i64, to: i64, cause: Option<i64>) -> Result<()> {
    let days = food::days(from, to, w.round());
    let Some(session) = w.session()?.filter(|_| days > 0) else {
        return Ok(());
    };
    let roster: Vec<String> = w
        .roster(session)
        .await?
        .into_iter()
        .map(|m| m.character)
        .collect();
    let employers = (!roster.is_empty()).then_some(roster.as_slice());
    crate::retainer::pay(w, employers, Per::Day, days, cause).await
}

/// The characters whose clock this is: the expedition's roster, or, with none, every
/// character of the campaign; with no expedition, nobody (`at_home`: everybody, the clock
/// being the campaign's own).
async fn whose(w: &mut Write<'_>, at_home: bool) -> Result<Vec<String>> {
    let who: Vec<String> = match w.session()? {
        Some(session) => w
            .roster(session)
            .await?
            .into_iter()
            .map(|m| m.character)
            .collect(),
        None if !at_home => return Ok(Vec::new()),
        None => Vec::new(),
    };
    if !who.is_empty() {
        return Ok(who);
    }
    let campaign = w.campaign;
    Ok(crate::store::characters::list(w.conn(), campaign)
        .await?
        .into_iter()
        .map(|c| c.id)
        .collect())
}

/// A cost of living as typed (`campaign set living`, `character set NAME living`) in a
/// campaign of `settings`: a lifestyle (an AD&D campaign's), an amount a month, or one of
/// `back` (`off`, `campaign`: the first is the one named in a refusal) for none.
pub(crate) fn living(typed: &str, back: &[&str], settings: &Settings) -> Result<Option<Living>> {
    if back.contains(&typed.trim()) {
        return Ok(None);
    }
    let adnd = settings.edition == Some(Edition::Adnd);
    match upkeep::parse(typed, adnd) {
        Ok(living) => Ok(Some(living)),
        Err(NotLiving::Unknown) => Err(Refusal::NotLiving {
            back: back.first().copied().unwrap_or_default().into(),
        }
        .into()),
        Err(NotLiving::NoFigure(l)) => Err(Refusal::NoLifestyle {
            lifestyle: l.key().into(),
        }
        .into()),
    }
}

/// Each living character whose clock this is (out on this expedition, or everyone at home)
/// pays the cost of living, their own (`character set NAME living`) else the campaign's, for
/// each start of a month it passed.
async fn live(w: &mut Write<'_>, from: i64, to: i64, cause: Option<i64>) -> Result<()> {
    let months = upkeep::months(from, to, w.round());
    if months == 0 {
        return Ok(());
    }
    let (campaign, rule) = {
        let settings = &w.state.campaign.settings;
        (settings.living, settings.death.unwrap_or_default())
    };
    for id in whose(w, true).await? {
        let c = w.character_by_id(&id).await?;
        let Some(monthly) = upkeep::monthly(c.living, campaign, c.level) else {
            continue;
        };
        if health::condition(c.hp, rule) == Condition::Dead {
            continue;
        }
        // A retainer's upkeep is their living employer's to pay (OSE Classic Fantasy,
        // *Retainers*); read after the charges before it, so each sees the debt they left.
        let employer = match c.hire.as_ref().and_then(|h| h.upkeep_by()) {
            Some(employer) => Some(w.character_by_id(employer).await?)
                .filter(|e| health::condition(e.hp, rule) != Condition::Dead),
            None => None,
        };
        let cost = upkeep::cost(&monthly.rate, months);
        let living = Upkeep::living(&monthly, months);
        match employer {
            Some(employer) => {
                let retainer = Upkept {
                    character: c.id,
                    name: c.name,
                };
                charge(w, &employer, living, cost, cause, Some(retainer)).await?;
            }
            None => {
                charge(w, &c, living, cost, cause, None).await?;
            }
        }
    }
    Ok(())
}

/// Under `campaign set training`, a character who went from level `from` to `level` pays
/// the training of each level reached, as a consequence of the event `cause` that gave it.
pub(super) async fn train(
    w: &mut Write<'_>,
    character: &str,
    from: u8,
    level: u8,
    cause: Option<i64>,
) -> Result<()> {
    let Some(rate) = w.state.campaign.settings.training.filter(|_| level > from) else {
        return Ok(());
    };
    let c = w.character_by_id(character).await?;
    let cost = upkeep::cost(&rate, u32::from(level - from));
    charge(w, &c, Upkeep::Training { from, level }, cost, cause, None).await?;
    Ok(())
}

/// `cost` charged to `c` (for their own upkeep, or their `retainer`'s): the debt first, then
/// the cost, from their purse; the rest owed. The charge's event number.
pub(super) async fn charge(
    w: &mut Write<'_>,
    c: &Character,
    upkeep: Upkeep,
    cost: i64,
    cause: Option<i64>,
    retainer: Option<Upkept>,
) -> Result<i64> {
    let holder = Holder::Character {
        id: c.id.clone(),
        name: c.name.clone(),
    };
    let row = w.state.row_of(&holder);
    let purse = w.treasury().await?.row(&row);
    let met = upkeep::pay(&purse, c.owed.saturating_add(cost));
    let charged = w.record_with_cause(
        Event::UpkeepCharged {
            character: c.id.clone(),
            name: c.name.clone(),
            upkeep,
            cost,
            owed: met.owed,
            retainer,
        },
        cause,
    )?;
    if !met.paid.is_zero() {
        let spent = Event::CoinsSpent {
            change: crate::rules::coins::Coins::default(),
            coins: met.paid,
            from: holder,
        };
        w.record_with_cause(spent, cause.or(Some(charged.seq)))?;
    }
    Ok(charged.seq)
}

/// The pieces `used` of `held`, as an event names them.
fn pieces(used: &[(String, u32)], held: &[Item]) -> Vec<Fuel> {
    used.iter()
        .filter_map(|(id, pieces)| {
            let i = held.iter().find(|i| &i.id == id)?;
            Some(Fuel {
                item: i.id.clone(),
                item_name: i.name.clone(),
                item_name_fr: i.name_fr.clone(),
                pieces: *pieces,
            })
        })
        .collect()
}

/// Each light lit in the hands of this expedition's characters burns, and what burnt out is
/// used up.
async fn burn(w: &mut Write<'_>, to: i64, cause: Option<i64>) -> Result<()> {
    let campaign = w.campaign;
    let round = w.round();
    let lit = crate::store::items::lit(w.conn(), campaign).await?;
    for stored in lit {
        let Some(holder) = stored.holder.clone().filter(|h| w.here(h)) else {
            continue;
        };
        // The holder's items, this one among them, as the command has left them.
        let held = w.holdings(&holder).await?;
        let Some(lamp) = held.iter().find(|i| i.id == stored.id && i.lit.is_some()) else {
            continue;
        };
        let fuel: Vec<&Item> = held
            .iter()
            .filter(|i| i.identity.light == Some(Light::Oil))
            .collect();
        let Some(burnt) = light::burn(lamp, &fuel, to, round) else {
            continue;
        };
        let used = pieces(&burnt.used, &held);
        let who = w.character_by_id(&holder).await?;
        let event = Event::LightBurnt {
            act: Act::new(lamp, &who),
            used,
            at: burnt.at,
            out: burnt.out,
        };
        w.record_with_cause(event, cause)?;
    }
    Ok(())
}

/// Under `campaign set rations on`, each living character of this expedition eats a ration
/// for each midnight its clock passed, and one without goes hungry.
async fn eat(w: &mut Write<'_>, from: i64, to: i64, cause: Option<i64>) -> Result<()> {
    let days = food::days(from, to, w.round());
    if w.state.campaign.settings.rations != Some(true) || days == 0 {
        return Ok(());
    }
    let rule = w.state.campaign.settings.death.unwrap_or_default();
    let out = whose(w, false).await?;
    let mut eaters = Vec::with_capacity(out.len());
    for id in &out {
        eaters.push(w.character_by_id(id).await?);
    }
    // Employers eat first; a retainer eats their own rations, then their employer's, if out
    // with them (OSE Classic Fantasy, *Retainers*: the employer pays their upkeep).
    eaters.sort_by_key(|c| c.hire.as_ref().and_then(|h| h.upkeep_by()).is_some());
    for c in eaters {
        if health::condition(c.hp, rule) == Condition::Dead {
            continue;
        }
        let id = c.id.clone();
        let mut held = w.holdings(&id).await?;
        let employer = c.hire.as_ref().and_then(|h| h.upkeep_by());
        if let Some(employer) = employer.filter(|e| out.iter().any(|o| o == e)) {
            held.extend(w.holdings(employer).await?);
        }
        let food: Vec<&Item> = held.iter().filter(|i| i.identity.ration).collect();
        let meals = food::eat(days, &food, c.hungry);
        let event = Event::RationsEaten {
            character: id,
            name: c.name,
            days,
            used: pieces(&meals.used, &held),
            hungry: meals.hungry,
        };
        w.record_with_cause(event, cause)?;
    }
    Ok(())
}
