//! What the players saw happen, session by session (the web server's chronicle and treasure
//! pages): the one place that decides which events the table sees, and names every item in
//! them as the party knows it now ([`revealed`] to [`Looker::Party`]).
//!
//! The table sees treasure found, coins gained, spent, moved, left at places and shared out,
//! experience awarded and levels reached, characters joining, wounded and healed, potions
//! drunk and oils rubbed on, scrolls read and spells cast from them, charges spent (how many:
//! the players say so), identification tried, items changing hands, left at places, worn and
//! taken off. It never sees what the referee's dice decided in secret — control checks, a
//! scroll fading, a book's effect, a potion's duration, charges left on an item it does not
//! know fully — nor a voided event. Names come from the items as they are now, never from the
//! names an event recorded (those are the true names).
//!
//! The referee may ask for the truth instead (`report session --markdown --referee`): every
//! item by its true name ([`Looker::Referee`]), and a scroll fading told too.
//!
//! Every match here names each kind of event (the kinds never seen once, in `unseen!`), with
//! no `_` arm to take the rest (`cargo clippy` refuses one), so that a new kind does not
//! compile until it is told to the table or kept from it.

#![deny(clippy::wildcard_enum_match_arm)]

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use super::log::Query;
use crate::ctx::Ctx;
use crate::error::Result;
use crate::ledger::treasury::Holder;
use crate::ledger::{Character, Event, Id, Item, Origin, Recorded, Session};
use crate::rules::coins::Coins;
use crate::rules::health::{Condition, DeathRule, condition};
use crate::rules::item::Slot;
use crate::rules::knowledge::{Looker, Method, Revealed, revealed};
use crate::rules::upkeep::Upkeep;

/// The kinds of event the table never sees (the module's doc says why), as a pattern: one list
/// for every match here.
macro_rules! unseen {
    () => {
        Event::CampaignCreated { .. }
            | Event::CampaignRenamed { .. }
            | Event::SettingChanged { .. }
            | Event::SessionStarted { .. }
            | Event::SessionEnded { .. }
            | Event::RefereeAdded { .. }
            | Event::TimeAdvanced { .. }
            | Event::DiceRolled { .. }
            | Event::TableRolled { .. }
            | Event::TreasureRolled { .. }
            | Event::EventsVoided { .. }
            | Event::EncounterStarted { .. }
            | Event::EncounterEnded { .. }
            | Event::CharacterBound { .. }
            | Event::CharacterBled { .. }
            | Event::Recharged { .. }
            | Event::BookStudied { .. }
            | Event::ItemTrusted { .. }
            | Event::ItemRenamed { .. }
            | Event::ClaimMade { .. }
            | Event::ClaimsSettled { .. }
            | Event::ControlChecked { .. }
            | Event::ControlDeferred { .. }
            | Event::ControlEnded { .. }
            | Event::SwordPowerUsed { .. }
            | Event::SwordDemand { .. }
            | Event::LightLit { .. }
            | Event::LightDoused { .. }
            | Event::RetainerHired { .. }
            | Event::RetainerDismissed { .. }
    };
}

/// One thing the table saw happen.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Seen {
    Found {
        item: Revealed,
    },
    Coins {
        coins: Coins,
        to: Purse,
    },
    /// Supplies used up on the clock: torches and oil burnt, rations eaten (`app::upkeep`),
    /// each with the pieces of it used.
    Supplies {
        who: String,
        used: Vec<(Revealed, u32)>,
    },
    /// Coins spent (`coins spend`), and what they paid for when the ledger says.
    Spent {
        coins: Coins,
        from: Purse,
        #[serde(skip_serializing_if = "Option::is_none")]
        on: Option<Paid>,
        /// The seller's change, back in the purse (`buy`).
        #[serde(skip_serializing_if = "Coins::is_zero")]
        change: Coins,
    },
    /// A retainer's wages fallen due: what their employer paid them, and the copper pieces
    /// the purse could not pay, owed.
    Wages {
        employer: String,
        retainer: String,
        paid: Coins,
        owed: i64,
    },
    /// Living or training costs a purse could not pay in full, or paid off (`debts pay`): all
    /// the copper pieces its holder owes of them now, 0 when nothing is.
    Owed {
        who: String,
        owed: i64,
    },
    /// Coins changed for another coin (`exchange`).
    Exchanged {
        taken: Coins,
        received: Coins,
        holder: Purse,
    },
    /// A piece of jewellery or art damaged, as the party knows it.
    Damaged {
        item: Revealed,
    },
    /// Items sold (`sell`), as the party knows them, and where their price went.
    Sold {
        items: Vec<Revealed>,
        coins: Coins,
        to: Purse,
    },
    /// Coins moved from one purse to another (`coins move`).
    Moved {
        coins: Coins,
        from: Purse,
        to: Purse,
    },
    /// The pool shared out (`share`): each character's portion, and what stays in the pool.
    Shared {
        portions: Vec<(String, Coins)>,
        remainder: Coins,
    },
    /// Experience for a session (`xp award`): what each character gained, and the level it
    /// brought them to when a new one.
    Experience {
        session: u32,
        gains: Vec<Gained>,
    },
    /// A character's level changed by the referee (`character set --level`).
    Level {
        who: String,
        level: u8,
    },
    Joined {
        who: String,
    },
    Wounded {
        who: String,
        amount: u32,
        /// Whether the blow left them dead, by the campaign's death rule.
        dead: bool,
    },
    Healed {
        who: String,
        amount: u32,
    },
    /// A dead character raised, or left dead when AD&D's survival roll failed.
    Raised {
        who: String,
        raised: bool,
    },
    /// A protection scroll read.
    Read {
        who: String,
        item: Revealed,
    },
    /// A spell cast or copied from a scroll, and whether it failed (the table sees it fizzle).
    Cast {
        who: String,
        item: Revealed,
        copied: bool,
        failed: bool,
    },
    Stashed {
        item: Revealed,
        place: String,
    },
    Drank {
        who: String,
        item: Revealed,
        oil: bool,
    },
    /// A scroll that faded as it was read: the referee's truth only.
    Faded {
        who: String,
        item: Revealed,
    },
    Charges {
        who: String,
        item: Revealed,
        charges: u32,
        /// Known only when the party knows the item fully.
        remaining: Option<i32>,
    },
    Identify {
        who: String,
        item: Revealed,
        method: Method,
        learned: bool,
    },
    Passed {
        item: Revealed,
        /// The character who took it; none when it went back to the party's treasure.
        to: Option<String>,
    },
    Worn {
        who: String,
        item: Revealed,
        slot: Slot,
        on: bool,
    },
}

/// What coins spent paid for: goods bought (`buy`), a cost of living or of training
/// (`app::upkeep`), or such costs owed (`debts pay`).
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "for", rename_all = "snake_case")]
pub enum Paid {
    Goods { item: Box<Revealed> },
    Living { months: u32 },
    Training { from: u8, level: u8 },
    Debt,
}

/// Where coins are: the party's pool, a character's purse, a place.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "kind", content = "name", rename_all = "snake_case")]
pub enum Purse {
    Pool,
    Character(String),
    Place(String),
}

impl Purse {
    fn of(holder: &Holder) -> Purse {
        match holder {
            Holder::Pool => Purse::Pool,
            Holder::Character { name, .. } => Purse::Character(name.clone()),
            Holder::Place { name } => Purse::Place(name.clone()),
        }
    }
}

/// What one character gained in an award.
#[derive(Debug, Clone, Serialize)]
pub struct Gained {
    pub who: String,
    pub xp: i64,
    /// The level the award brought them to, when a new one.
    pub level: Option<u8>,
}

/// A seen event: its ledger number, the game clock, what was seen.
#[derive(Debug, Clone, Serialize)]
pub struct Entry {
    pub seq: i64,
    pub game_time: i64,
    pub seen: Seen,
}

/// A session as the players saw it.
#[derive(Debug, Serialize)]
pub struct Told {
    pub session: Session,
    pub entries: Vec<Entry>,
}

/// Play session `number` as the players saw it, or, with `truth`, as the referee knows it.
pub async fn session(cx: &mut Ctx, number: u32, truth: bool) -> Result<Told> {
    let campaign = cx.campaign().await?;
    let session = crate::choice::require(cx.conn(), &campaign, number).await?;
    let mut events = Vec::new();
    let query = Query {
        session: Some(number),
        ..Default::default()
    };
    // An event that names another session (coins brought back, a share-out, an award
    // recorded later) tells of that one; those naming this one come from wherever recorded.
    super::log::log(cx, query, |rec, voided_by| {
        if voided_by.is_none() && crate::books::told_in(&rec) == Some(number) {
            events.push(rec);
        }
        Ok(())
    })
    .await?;
    let named = crate::books::recorded_for(cx.conn(), campaign.id, number).await?;
    events.extend(named.into_iter().filter(|r| r.session != Some(number)));
    let spending = spending(&events);
    events.retain(|r| is_seen(&r.event, truth));
    events.sort_by_key(|r| r.seq);
    let characters = crate::store::characters::list(cx.conn(), campaign.id).await?;
    let mut items = items_of(cx, campaign.id, &events).await?;
    for id in spending.values().filter_map(|s| match s {
        Spending::Goods(id) => Some(id),
        Spending::Upkeep(_) => None,
    }) {
        let found = crate::store::items::find(cx.conn(), campaign.id, id).await?;
        items.extend(
            found
                .into_iter()
                .filter(|i| &i.id == id)
                .map(|i| (id.clone(), i)),
        );
    }
    let eyes = Eyes {
        truth,
        death: campaign.campaign.settings.death.unwrap_or_default(),
    };
    let party: Vec<&str> = characters.iter().map(|c| c.id.as_str()).collect();
    let looker = if truth {
        Looker::Referee
    } else {
        Looker::Party(&party)
    };
    let mut entries: Vec<Entry> = events
        .iter()
        .filter_map(|rec| entry(rec, &characters, &items, eyes))
        .collect();
    for e in &mut entries {
        if let (Seen::Spent { on, .. }, Some(why)) = (&mut e.seen, spending.get(&e.seq)) {
            *on = match why {
                Spending::Goods(id) => items.get(id).map(|i| Paid::Goods {
                    item: Box::new(revealed(i, looker)),
                }),
                Spending::Upkeep(upkeep) => Some(paid_for(upkeep)),
            };
        }
    }
    Ok(Told { session, entries })
}

/// What a charge's coins paid: living, training, or such costs owed.
fn paid_for(upkeep: &Upkeep) -> Paid {
    match *upkeep {
        Upkeep::Living { months, .. } => Paid::Living { months },
        Upkeep::Training { from, level } => Paid::Training { from, level },
        Upkeep::Debt => Paid::Debt,
    }
}

/// What coins spent paid for, as the ledger records it.
enum Spending {
    /// The item a purchase made (`buy`: the coins are the item's consequence).
    Goods(Id),
    /// The charge recorded just before the coins (`app::upkeep::charge`).
    Upkeep(Upkeep),
}

/// What each `coins_spent` among `events` paid for, by its ledger number, when it says.
fn spending(events: &[Recorded]) -> BTreeMap<i64, Spending> {
    let bought: BTreeMap<i64, &Id> = events
        .iter()
        .filter_map(|r| {
            let Event::ItemCreated { item, origin } = &r.event else {
                return None;
            };
            (origin.how == Origin::BOUGHT).then_some((r.seq, &item.id))
        })
        .collect();
    // A charge's coins come right after it, from the charged character's purse, caused as
    // the charge was (or by it, where it has no cause: `app::upkeep::charge`); a charge the
    // purse paid nothing of has none, and the next command's coins are not its.
    let charged: BTreeMap<i64, (Upkeep, &Id, Option<i64>)> = events
        .iter()
        .filter_map(|r| {
            let Event::UpkeepCharged {
                upkeep, character, ..
            } = &r.event
            else {
                return None;
            };
            Some((r.seq, (*upkeep, character, r.cause.or(Some(r.seq)))))
        })
        .collect();
    events
        .iter()
        .filter_map(|r| {
            let Event::CoinsSpent { from, .. } = &r.event else {
                return None;
            };
            let goods = r.cause.and_then(|c| bought.get(&c));
            let charge = charged
                .get(&(r.seq - 1))
                .filter(|(_, who, cause)| *cause == r.cause && from.character() == Some(*who));
            match (goods, charge) {
                (Some(id), _) => Some((r.seq, Spending::Goods((*id).clone()))),
                (None, Some((upkeep, ..))) => Some((r.seq, Spending::Upkeep(*upkeep))),
                (None, None) => None,
            }
        })
        .collect()
}

/// Item `id` as the party knows it now ([`revealed`] to [`Looker::Party`]), and its story as
/// the table saw it: found, handed over, worn, used. `None` when the table never saw it (no
/// such item, or nothing the players saw tells of it: a find voided).
pub async fn item(cx: &mut Ctx, id: &str) -> Result<Option<(Revealed, Vec<Entry>)>> {
    let campaign = cx.campaign().await?;
    let found = crate::store::items::find(cx.conn(), campaign.id, id).await?;
    if !found.iter().any(|i| i.id == id) {
        return Ok(None);
    }
    let (item, mut events) = super::custody::history(cx, id).await?;
    events.retain(|r| is_seen(&r.event, false));
    let characters = crate::store::characters::list(cx.conn(), campaign.id).await?;
    let items = items_of(cx, campaign.id, &events).await?;
    let eyes = Eyes {
        truth: false,
        death: campaign.campaign.settings.death.unwrap_or_default(),
    };
    let entries: Vec<Entry> = events
        .iter()
        .filter_map(|rec| entry(rec, &characters, &items, eyes))
        .collect();
    if entries.is_empty() {
        return Ok(None);
    }
    let party: Vec<&str> = characters.iter().map(|c| c.id.as_str()).collect();
    Ok(Some((revealed(&item, Looker::Party(&party)), entries)))
}

/// The treasure found in each session, by its worth in copper as the party believes it: the
/// sessions' numbers, in order, each with the coins gained in it (or brought back for it) and
/// the worth of the items found in it that anyone appraised (an item of unknown worth counts
/// nothing: the party does not know it). Only what the table saw: a voided find is none.
pub async fn found_per_session(cx: &mut Ctx) -> Result<Vec<(u32, i64)>> {
    let sessions = super::session::list(cx).await?;
    let mut found: BTreeMap<u32, i64> = sessions.iter().map(|(s, _)| (s.number, 0)).collect();
    let campaign = cx.campaign().await?;
    let characters = crate::store::characters::list(cx.conn(), campaign.id).await?;
    let party: Vec<&str> = characters.iter().map(|c| c.id.as_str()).collect();
    let mut believed: BTreeMap<Id, i64> = BTreeMap::new();
    super::item::list(cx, None, None, |item, _| {
        let seen = revealed(&item, Looker::Party(&party));
        if let Some(value) = seen.item.identity.value {
            believed.insert(item.id.clone(), value.copper());
        }
        Ok(())
    })
    .await?;
    for kind in ["item_created", "coins_added"] {
        let query = Query {
            kind: Some(kind.into()),
            ..Default::default()
        };
        super::log::log(cx, query, |rec, voided_by| {
            let worth = match &rec.event {
                Event::ItemCreated { item, origin } if origin.how != Origin::BOUGHT => {
                    believed.get(&item.id).copied()
                }
                Event::ItemCreated { .. } => None,
                Event::CoinsAdded { coins, .. } => Some(coins.copper()),
                // Seen, but no treasure found (the query asks for none of these).
                Event::CoinsSpent { .. }
                | Event::LightBurnt { .. }
                | Event::RationsEaten { .. }
                | Event::ItemsSold { .. }
                | Event::ValuableDamaged { .. }
                | Event::CoinsExchanged { .. }
                | Event::CoinsMoved { .. }
                | Event::WagesPaid { .. }
                | Event::UpkeepCharged { .. }
                | Event::CoinsShared { .. }
                | Event::XpAwarded { .. }
                | Event::CharacterAdded { .. }
                | Event::CharacterDamaged { .. }
                | Event::CharacterHealed { .. }
                | Event::CharacterRaised { .. }
                | Event::CharacterUpdated { .. }
                | Event::ProtectionRead { .. }
                | Event::SpellCast { .. }
                | Event::ItemStashed { .. }
                | Event::ScrollFade { .. }
                | Event::PotionTaken { .. }
                | Event::ChargesSpent { .. }
                | Event::Identified { .. }
                | Event::ItemPassed { .. }
                | Event::ItemWorn { .. }
                | Event::ItemRemoved { .. }
                | Event::SwordTouched { .. }
                | Event::SwordHeld { .. }
                | Event::SwordWielded { .. } => None,
                unseen!() => None,
            };
            let session = crate::books::told_in(&rec);
            if let (Some(n), None, Some(worth)) = (session, voided_by, worth) {
                let total = found.entry(n).or_default();
                *total = total.saturating_add(worth);
            }
            Ok(())
        })
        .await?;
    }
    Ok(found.into_iter().collect())
}

/// Whether the table sees an event of this kind happen (see the module's doc); with `truth`,
/// a scroll fading too.
fn is_seen(event: &Event, truth: bool) -> bool {
    match event {
        Event::ScrollFade { faded, .. } => truth && *faded,
        Event::CharacterUpdated { change, .. } => change.level.is_some(),
        // A sword's touch or hold that hurt: the table sees the wound.
        Event::SwordTouched { damage, .. } | Event::SwordHeld { damage, .. } => {
            damage.iter().any(|r| r.total > 0)
        }
        // Goods bought are not found: the table sees the coins they cost.
        Event::ItemCreated { origin, .. } => origin.how != Origin::BOUGHT,
        // Supplies used up are seen; a hungry day uses none.
        Event::LightBurnt { used, .. } | Event::RationsEaten { used, .. } => !used.is_empty(),
        // A cost paid is the coins spent beside it; what the purse could not pay is owed, and
        // a debt paid changes what is owed, to nothing perhaps.
        Event::UpkeepCharged { owed, upkeep, .. } => *owed > 0 || *upkeep == Upkeep::Debt,
        Event::CoinsAdded { .. }
        | Event::CoinsSpent { .. }
        | Event::ItemsSold { .. }
        | Event::ValuableDamaged { .. }
        | Event::CoinsExchanged { .. }
        | Event::CoinsMoved { .. }
        | Event::WagesPaid { .. }
        | Event::CoinsShared { .. }
        | Event::XpAwarded { .. }
        | Event::CharacterAdded { .. }
        | Event::CharacterDamaged { .. }
        | Event::CharacterHealed { .. }
        | Event::CharacterRaised { .. }
        | Event::ProtectionRead { .. }
        | Event::SpellCast { .. }
        | Event::ItemStashed { .. }
        | Event::PotionTaken { .. }
        | Event::ChargesSpent { .. }
        | Event::Identified { .. }
        | Event::ItemPassed { .. }
        | Event::ItemWorn { .. }
        | Event::ItemRemoved { .. }
        | Event::SwordWielded { .. } => true,
        unseen!() => false,
    }
}

/// The items the events name, as they are now.
async fn items_of(cx: &mut Ctx, campaign: i64, events: &[Recorded]) -> Result<BTreeMap<Id, Item>> {
    let ids: BTreeSet<&Id> = events.iter().flat_map(|r| items_named(&r.event)).collect();
    let mut items = BTreeMap::new();
    for id in ids {
        let found = crate::store::items::find(cx.conn(), campaign, id).await?;
        if let Some(item) = found.into_iter().find(|i| &i.id == id) {
            items.insert(id.clone(), item);
        }
    }
    Ok(items)
}

/// The items a seen event names, for [`entry`] to show as they are now.
fn items_named(event: &Event) -> Vec<&Id> {
    match event {
        Event::ItemCreated { item, .. } => vec![&item.id],
        Event::ItemPassed { item, .. }
        | Event::ItemStashed { item, .. }
        | Event::ValuableDamaged { item, .. } => vec![item],
        Event::ItemsSold { items, .. } => items.iter().map(|s| &s.item).collect(),
        Event::ScrollFade { act, .. }
        | Event::PotionTaken { act, .. }
        | Event::Identified { act, .. }
        | Event::SpellCast { act, .. }
        | Event::ProtectionRead { act, .. }
        | Event::ItemWorn { act, .. }
        | Event::ItemRemoved { act, .. }
        | Event::ChargesSpent { act, .. }
        | Event::SwordWielded { act } => vec![&act.item],
        Event::LightBurnt { used, .. } | Event::RationsEaten { used, .. } => {
            used.iter().map(|f| &f.item).collect()
        }
        Event::CoinsAdded { .. }
        | Event::CoinsSpent { .. }
        | Event::CoinsExchanged { .. }
        | Event::CoinsMoved { .. }
        | Event::WagesPaid { .. }
        | Event::UpkeepCharged { .. }
        | Event::CoinsShared { .. }
        | Event::XpAwarded { .. }
        | Event::CharacterAdded { .. }
        | Event::CharacterDamaged { .. }
        | Event::CharacterHealed { .. }
        | Event::CharacterRaised { .. }
        | Event::CharacterUpdated { .. }
        | Event::SwordTouched { .. }
        | Event::SwordHeld { .. } => Vec::new(),
        // Never asked: `is_seen` kept them out.
        unseen!() => Vec::new(),
    }
}

/// How events are told: as the table saw them or as the referee knows them, and by which
/// death rule a blow kills.
#[derive(Clone, Copy)]
struct Eyes {
    truth: bool,
    death: DeathRule,
}

fn entry(
    rec: &Recorded,
    characters: &[Character],
    items: &BTreeMap<Id, Item>,
    eyes: Eyes,
) -> Option<Entry> {
    let party: Vec<&str> = characters.iter().map(|c| c.id.as_str()).collect();
    let looker = if eyes.truth {
        Looker::Referee
    } else {
        Looker::Party(&party)
    };
    let name = |id: &Id| {
        characters
            .iter()
            .find(|c| &c.id == id)
            .map(|c| c.name.clone())
    };
    let seen_item = |id: &Id| items.get(id).map(|i| revealed(i, looker));
    let act = rec.event.act();
    let who = || act.map(|a| a.character_name.clone()).unwrap_or_default();
    let supplies = |used: &[crate::ledger::Fuel]| -> Vec<(Revealed, u32)> {
        used.iter()
            .filter_map(|f| Some((seen_item(&f.item)?, f.pieces)))
            .collect()
    };
    let seen = match &rec.event {
        Event::ItemCreated { item, .. } => Seen::Found {
            item: seen_item(&item.id)?,
        },
        Event::CoinsAdded { coins, to, .. } => Seen::Coins {
            coins: *coins,
            to: Purse::of(to),
        },
        Event::CoinsExchanged {
            holder,
            taken,
            received,
            ..
        } => Seen::Exchanged {
            taken: *taken,
            received: *received,
            holder: Purse::of(holder),
        },
        Event::ValuableDamaged { item, .. } => Seen::Damaged {
            item: seen_item(item)?,
        },
        Event::ItemsSold { items, price, to } => Seen::Sold {
            items: items
                .iter()
                .map(|s| seen_item(&s.item))
                .collect::<Option<_>>()?,
            coins: *price,
            to: Purse::of(to),
        },
        // What they paid for is the session's to say (`spending`).
        Event::CoinsSpent {
            coins,
            from,
            change,
        } => Seen::Spent {
            coins: *coins,
            from: Purse::of(from),
            on: None,
            change: *change,
        },
        Event::CoinsMoved { coins, from, to } => Seen::Moved {
            coins: *coins,
            from: Purse::of(from),
            to: Purse::of(to),
        },
        Event::WagesPaid {
            name,
            employer_name,
            paid,
            owed,
            ..
        } if !paid.is_zero() || *owed > 0 => Seen::Wages {
            employer: employer_name.clone(),
            retainer: name.clone(),
            paid: *paid,
            owed: *owed,
        },
        Event::WagesPaid { .. } => return None,
        Event::UpkeepCharged { name, owed, .. } => Seen::Owed {
            who: name.clone(),
            owed: *owed,
        },
        Event::CoinsShared {
            portions,
            remainder,
            ..
        } => Seen::Shared {
            portions: portions.iter().map(|p| (p.name.clone(), p.coins)).collect(),
            remainder: *remainder,
        },
        // What each gained, not what the valuables were worth: a valuable nobody appraised
        // keeps its worth.
        Event::XpAwarded {
            session, portions, ..
        } => Seen::Experience {
            session: *session,
            gains: portions
                .iter()
                .map(|e| Gained {
                    who: e.name.clone(),
                    xp: e.gain.gained,
                    level: e.gain.level,
                })
                .collect(),
        },
        Event::CharacterUpdated { name, change, .. } => Seen::Level {
            who: name.clone(),
            level: change.level?,
        },
        Event::CharacterAdded { character } => Seen::Joined {
            who: character.name.clone(),
        },
        Event::CharacterDamaged {
            name, amount, hp, ..
        } => Seen::Wounded {
            who: name.clone(),
            amount: *amount,
            dead: condition(*hp, eyes.death) == Condition::Dead,
        },
        Event::SwordTouched {
            act, damage, hp, ..
        }
        | Event::SwordHeld {
            act, damage, hp, ..
        } => Seen::Wounded {
            who: act.character_name.clone(),
            amount: u32::try_from(damage.iter().map(|r| r.total).sum::<i64>()).unwrap_or(0),
            dead: condition(*hp, eyes.death) == Condition::Dead,
        },
        Event::CharacterHealed { name, amount, .. } => Seen::Healed {
            who: name.clone(),
            amount: *amount,
        },
        Event::CharacterRaised { name, raising, .. } => Seen::Raised {
            who: name.clone(),
            raised: raising.raised(),
        },
        Event::ProtectionRead { act, .. } => Seen::Read {
            who: who(),
            item: seen_item(&act.item)?,
        },
        Event::SpellCast {
            act,
            copied,
            failed,
            ..
        } => Seen::Cast {
            who: who(),
            item: seen_item(&act.item)?,
            copied: *copied,
            failed: *failed,
        },
        Event::ItemStashed { item, place, .. } => Seen::Stashed {
            item: seen_item(item)?,
            place: place.clone(),
        },
        Event::LightBurnt { used, .. } => Seen::Supplies {
            who: who(),
            used: supplies(used),
        },
        Event::RationsEaten { name, used, .. } => Seen::Supplies {
            who: name.clone(),
            used: supplies(used),
        },
        Event::ScrollFade { act, .. } => Seen::Faded {
            who: who(),
            item: seen_item(&act.item)?,
        },
        Event::PotionTaken { act, oil, .. } => Seen::Drank {
            who: who(),
            item: seen_item(&act.item)?,
            oil: *oil,
        },
        Event::ChargesSpent {
            act,
            charges,
            remaining,
            ..
        } => {
            let item = seen_item(&act.item)?;
            Seen::Charges {
                who: who(),
                remaining: item.charges.map(|_| *remaining),
                item,
                charges: *charges,
            }
        }
        Event::Identified {
            act,
            method,
            learned,
            ..
        } => Seen::Identify {
            who: who(),
            item: seen_item(&act.item)?,
            method: *method,
            learned: learned.is_some(),
        },
        Event::ItemPassed { item, to, .. } => Seen::Passed {
            item: seen_item(item)?,
            to: to.as_ref().and_then(name),
        },
        Event::ItemWorn { act, slot } => Seen::Worn {
            who: who(),
            item: seen_item(&act.item)?,
            slot: *slot,
            on: true,
        },
        Event::ItemRemoved { act, slot } => Seen::Worn {
            who: who(),
            item: seen_item(&act.item)?,
            slot: *slot,
            on: false,
        },
        // A sword drawn is in hand, as its sheathing (an `ItemRemoved`) is out of it.
        Event::SwordWielded { act } => Seen::Worn {
            who: who(),
            item: seen_item(&act.item)?,
            slot: Slot::Hand,
            on: true,
        },
        // Never told: `is_seen` kept them out.
        unseen!() => return None,
    };
    Some(Entry {
        seq: rec.seq,
        game_time: rec.game_time,
        seen,
    })
}
