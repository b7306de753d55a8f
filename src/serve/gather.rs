//! What each page shows, read through the `app` functions the command line uses, in the
//! request's one read transaction: the party's sheets, its treasure, the chronicle of a
//! session, and the referee's dashboard. Plain data; [`super::pages`] draws it and
//! [`super::charts`] pictures it.

use std::collections::BTreeMap;

use crate::app::chronicle::Told;
use crate::app::export::PlayerView;
use crate::app::{self, Ctx};
use crate::error::Result;
use crate::ledger::{Event, Item, Recorded, Session};
use crate::rules::knowledge::{Looker, Revealed, revealed};

/// The party: each character's sheet as that character knows it.
pub struct Party {
    pub campaign: String,
    pub clock: i64,
    pub players: Vec<PlayerView>,
}

impl Party {
    /// Every character's player view (`export --as`), in the campaign's order.
    pub async fn players(cx: &mut Ctx) -> Result<Vec<PlayerView>> {
        let mut players = Vec::new();
        for c in app::character::list(cx).await? {
            players.push(app::export::player(cx, &c.name).await?);
        }
        Ok(players)
    }

    pub async fn read(cx: &mut Ctx) -> Result<Party> {
        let found = cx.campaign().await?;
        let clock = app::clock::now(cx.conn(), &found, None).await?;
        Ok(Party {
            campaign: found.campaign.name,
            clock,
            players: Party::players(cx).await?,
        })
    }
}

/// The party's treasure, as the party knows it (`rules::knowledge::revealed` to the party).
pub struct Treasure {
    pub campaign: String,
    pub clock: i64,
    /// Who holds what: each character's name (none: the party's treasure), with their items.
    pub held: BTreeMap<Option<String>, Vec<Revealed>>,
    /// Items left at places, by place.
    pub places: BTreeMap<String, Vec<Revealed>>,
    /// Each character's game time now, by name: their expedition's if they are out on one
    /// (how long a light they hold has burnt).
    pub now: BTreeMap<String, i64>,
    pub coins: app::coins::Balances,
    /// What each character's purse owes and is owed, by name: their id, and the debts
    /// naming them (wages, living and training costs).
    pub owes: BTreeMap<String, (String, Vec<app::debts::Debt>)>,
    /// The treasure found in each session, in copper as the party believes it.
    pub found: Vec<(u32, i64)>,
    /// Items whose charges the party knows, with their charges after each event.
    pub charges: Vec<(String, Vec<(i64, i32)>)>,
    /// What each character carries weighs, and what is left at each place.
    pub weights: app::weights::Weights,
}

impl Treasure {
    pub async fn read(cx: &mut Ctx) -> Result<Treasure> {
        let found = cx.campaign().await?;
        let clock = app::clock::now(cx.conn(), &found, None).await?;
        let characters = app::character::list(cx).await?;
        let party: Vec<&str> = characters.iter().map(|c| c.id.as_str()).collect();
        let owes = characters
            .iter()
            .map(|c| {
                let debts = app::debts::naming(&characters, &c.id);
                (c.name.clone(), (c.id.clone(), debts))
            })
            .collect();
        let mut now = BTreeMap::new();
        for c in &characters {
            now.insert(
                c.name.clone(),
                app::clock::now(cx.conn(), &found, Some(&c.id)).await?,
            );
        }
        let mut items: Vec<(Item, Option<String>)> = Vec::new();
        // Items used up stay, with what became of them, as on the party page.
        app::item::list(cx, None, None, |item, holder| {
            items.push((item, holder));
            Ok(())
        })
        .await?;
        let mut held: BTreeMap<Option<String>, Vec<Revealed>> = BTreeMap::new();
        let mut places: BTreeMap<String, Vec<Revealed>> = BTreeMap::new();
        let mut known_charges = Vec::new();
        for (item, holder) in &items {
            let seen = revealed(item, Looker::Party(&party));
            if seen.charges.is_some() {
                known_charges.push((item.id.clone(), crate::i18n::Worded(&seen.name).to_string()));
            }
            match &item.place {
                Some(place) if holder.is_none() => {
                    places.entry(place.clone()).or_default().push(seen)
                }
                _ => held.entry(holder.clone()).or_default().push(seen),
            }
        }
        let mut charges = Vec::new();
        for (id, name) in known_charges {
            charges.push((name, charges_over_time(cx, &id).await?));
        }
        Ok(Treasure {
            campaign: found.campaign.name,
            clock,
            held,
            places,
            now,
            coins: app::coins::show(cx).await?,
            owes,
            found: app::chronicle::found_per_session(cx).await?,
            charges,
            weights: app::weights::weights(cx).await?,
        })
    }
}

/// An item's charges after each event that changed them (it was made with some), by game time.
async fn charges_over_time(cx: &mut Ctx, id: &str) -> Result<Vec<(i64, i32)>> {
    let (_, events) = app::custody::history(cx, id).await?;
    Ok(events
        .iter()
        .filter_map(|rec| match &rec.event {
            Event::ItemCreated { item, .. } => item.charges.map(|c| (rec.game_time, c)),
            Event::ChargesSpent { remaining, .. } | Event::Recharged { remaining, .. } => {
                Some((rec.game_time, *remaining))
            }
            _ => None,
        })
        .collect())
}

/// The chronicle: the sessions, and one of them as the players saw it.
pub struct Chronicle {
    pub campaign: String,
    pub clock: i64,
    pub sessions: Vec<Session>,
    pub told: Option<Told>,
    /// The session told, summed up as its posting (`report session --markdown`).
    pub posting: Option<app::report::posting::Posting>,
}

impl Chronicle {
    /// Session `number`, or the latest; `None` when there is no session `number`.
    pub async fn read(cx: &mut Ctx, number: Option<u32>) -> Result<Option<Chronicle>> {
        let found = cx.campaign().await?;
        let clock = app::clock::now(cx.conn(), &found, None).await?;
        let sessions: Vec<Session> = app::session::list(cx)
            .await?
            .into_iter()
            .map(|(s, _)| s)
            .collect();
        if number.is_some_and(|n| !sessions.iter().any(|s| s.number == n)) {
            return Ok(None);
        }
        let number = number.or(sessions.iter().map(|s| s.number).max());
        let told = match number {
            Some(n) => Some(app::chronicle::session(cx, n, false).await?),
            None => None,
        };
        let posting = match &told {
            Some(told) => Some(app::report::posting::summed(cx, told, false).await?),
            None => None,
        };
        Ok(Some(Chronicle {
            campaign: found.campaign.name,
            clock,
            sessions,
            told,
            posting,
        }))
    }

    /// The sessions before and after the one told, by number.
    pub fn neighbours(&self) -> (Option<u32>, Option<u32>) {
        let Some(told) = &self.told else {
            return (None, None);
        };
        let n = told.session.number;
        let numbers = || self.sessions.iter().map(|s| s.number);
        (
            numbers().filter(|m| *m < n).max(),
            numbers().filter(|m| *m > n).min(),
        )
    }
}

/// A sword's control of a character over a stretch of game time, and why it began and ended.
pub struct Span {
    pub sword: String,
    pub character: String,
    pub from: i64,
    /// `None`: still in control.
    pub to: Option<i64>,
    pub why: String,
    pub ended: Option<String>,
}

/// The referee's dashboard: the true sheets, the swords' audit and the odds of a check now.
pub struct Referee {
    pub campaign: String,
    pub clock: i64,
    /// The campaign's rounds (how long a light has left to burn).
    pub round: crate::rules::clock::Round,
    pub sheets: Vec<app::character::Sheet>,
    /// Items nobody holds.
    pub unheld: Vec<Item>,
    pub holding: Vec<app::sword::Holding>,
    pub spans: Vec<Span>,
    /// The last control checks, newest last.
    pub checks: Vec<Recorded>,
    pub odds: Vec<app::sword::Odds>,
}

/// How many of the latest control checks the dashboard lists (the picture shows them all).
const CHECKS_LISTED: usize = 50;

impl Referee {
    pub async fn read(cx: &mut Ctx) -> Result<Referee> {
        let found = cx.campaign().await?;
        let clock = app::clock::now(cx.conn(), &found, None).await?;
        let mut sheets = Vec::new();
        for c in app::character::list(cx).await? {
            sheets.push(app::character::show(cx, &c.name).await?);
        }
        let mut unheld = Vec::new();
        app::item::list(cx, None, None, |item, holder| {
            if holder.is_none() && !item.is_gone() {
                unheld.push(item);
            }
            Ok(())
        })
        .await?;
        let holding = app::sword::in_control(cx).await?;
        let (spans, checks) = control_story(cx).await?;
        let mut odds = Vec::new();
        for sheet in &sheets {
            for sword in sheet.items.iter().filter(|i| i.sentience().is_some()) {
                odds.push(app::sword::odds(cx, &sword.id, &sheet.character.name).await?);
            }
        }
        Ok(Referee {
            round: found.campaign.settings.round(),
            campaign: found.campaign.name,
            clock,
            sheets,
            unheld,
            holding,
            spans,
            checks,
            odds,
        })
    }
}

/// Every stretch of control, from the checks that gave it to the events that ended it, and
/// the latest checks.
async fn control_story(cx: &mut Ctx) -> Result<(Vec<Span>, Vec<Recorded>)> {
    let mut events = Vec::new();
    for kind in ["control_checked", "control_ended"] {
        let query = app::log::Query {
            kind: Some(kind.into()),
            ..Default::default()
        };
        app::log::log(cx, query, |rec, voided_by| {
            if voided_by.is_none() {
                events.push(rec);
            }
            Ok(())
        })
        .await?;
    }
    events.sort_by_key(|r| r.seq);
    let mut spans: Vec<Span> = Vec::new();
    let mut open: BTreeMap<String, usize> = BTreeMap::new();
    let mut checks = Vec::new();
    for rec in events {
        match &rec.event {
            Event::ControlChecked {
                act,
                trigger,
                controlled,
                ..
            } => {
                if *controlled && !open.contains_key(&act.item) {
                    open.insert(act.item.clone(), spans.len());
                    spans.push(Span {
                        sword: crate::i18n::pick(&act.item_name, &act.item_name_fr).to_string(),
                        character: act.character_name.clone(),
                        from: rec.game_time,
                        to: None,
                        why: crate::view::words::trigger(*trigger),
                        ended: None,
                    });
                }
                checks.push(rec);
            }
            Event::ControlEnded { act, reason } => {
                if let Some(i) = open.remove(&act.item) {
                    spans[i].to = Some(rec.game_time);
                    spans[i].ended = Some(crate::view::words::reason(*reason));
                }
            }
            _ => {}
        }
    }
    let skip = checks.len().saturating_sub(CHECKS_LISTED);
    Ok((spans, checks.split_off(skip)))
}

/// One item as the party knows it, and its story as the table saw it (`/item/ID`).
pub struct ItemPage {
    pub campaign: String,
    pub clock: i64,
    pub item: Revealed,
    pub story: Vec<app::chronicle::Entry>,
}

impl ItemPage {
    /// `None`: the table never saw such an item.
    pub async fn read(cx: &mut Ctx, id: &str) -> Result<Option<ItemPage>> {
        let found = cx.campaign().await?;
        let clock = app::clock::now(cx.conn(), &found, None).await?;
        Ok(app::chronicle::item(cx, id)
            .await?
            .map(|(item, story)| ItemPage {
                campaign: found.campaign.name,
                clock,
                item,
                story,
            }))
    }
}

/// A character's whole sheet as they know it (`/character/ID`): the party page's view, with
/// the armor class and the protection they know of (`character show --as` themselves).
pub struct FullSheet {
    pub campaign: String,
    pub clock: i64,
    pub view: PlayerView,
    pub sheet: app::character::Sheet,
}

impl FullSheet {
    /// `None`: no character has this id.
    pub async fn read(cx: &mut Ctx, id: &str) -> Result<Option<FullSheet>> {
        let found = cx.campaign().await?;
        let clock = app::clock::now(cx.conn(), &found, None).await?;
        let characters = app::character::list(cx).await?;
        let Some(c) = characters.into_iter().find(|c| c.id == id) else {
            return Ok(None);
        };
        let view = app::export::player(cx, &c.name).await?;
        let sheet = app::character::show(cx, &c.name).await?.seen_by(&c);
        Ok(Some(FullSheet {
            campaign: found.campaign.name,
            clock,
            view,
            sheet,
        }))
    }
}
