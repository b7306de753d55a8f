//! `hoard treasure roll TYPE [--count N] [--to C | --at PLACE]` (or `--level N` for unguarded
//! treasure) and `hoard treasure types`: a whole hoard rolled from the campaign's treasure
//! types (`campaign set treasure ose|adnd`). One `treasure_rolled` event holds every part's
//! dice; the coins and each item follow as its consequences, so `undo` or `void` takes back
//! the hoard whole. `--dry-run` shows it without keeping it; `--seed` rolls it again.

use serde::Serialize;

use super::coins::Whose;
use crate::ctx::Ctx;
use crate::error::{Error, Problem, Result};
use crate::ledger::treasury::Holder;
use crate::ledger::{Event, Item, Origin, Recorded};
use crate::refusal::treasure::Refusal;
use crate::rules::coins::Coins;
use crate::rules::tables::treasures::{Kind, Treasures};
use crate::rules::treasure::{self, MAX_COUNT, System, TreasureFault};

/// What a treasure roll asks for.
#[derive(Debug, Clone)]
pub struct Request {
    /// The type's letter; `None` with `level`.
    pub letter: Option<String>,
    /// A dungeon level, for unguarded treasure.
    pub level: Option<u32>,
    pub count: u32,
    pub to: Whose,
    /// OSE's magic-item column (`--column`); `None`: the campaign's (`app::magic`).
    pub column: Option<crate::rules::magic::Column>,
}

/// A hoard as recorded: the roll, the type it followed, where it went, its coins and items,
/// and everything that followed (the coins' and items' events, a sword's first touch).
#[derive(Debug, Serialize)]
pub struct Rolled {
    pub event: Recorded,
    pub system: System,
    #[serde(rename = "type")]
    pub kind: Kind,
    pub to: Holder,
    pub coins: Coins,
    pub items: Vec<Item>,
    pub consequences: Vec<Recorded>,
    /// Whose magic-item tables it rolled, in which column.
    #[serde(skip)]
    pub magic: crate::rules::magic::Magic,
    /// The character it went to, if it left them slower.
    pub slower: Vec<super::encumbrance::Slower>,
}

/// Roll the type and record the hoard (nothing is kept under `--dry-run`).
pub async fn roll(cx: &mut Ctx, request: Request) -> Result<Rolled> {
    if request.count == 0 || request.count > MAX_COUNT {
        let (count, max) = (request.count, MAX_COUNT);
        return Err(Refusal::CountOutOfRange { count, max }.into());
    }
    let loaded = super::tables::for_campaign(cx).await?;
    let seed = cx.seed;
    let mut dice = cx.dice();
    let mut w = cx.write().await?;
    let system = w.state.campaign.settings.treasure.unwrap_or_default();
    let treasures = types_of(&loaded.tables, system)?;
    let kind = chosen(treasures, system, &request)?.clone();
    let magic = super::magic::of(&mut w, request.column).await?;
    let hoard = treasure::roll(&loaded.tables, &kind, request.count, magic, &mut dice).map_err(
        |fault| match fault {
            TreasureFault::Generation(g) => Error::Invalid(Problem::Generation(g).into()),
            TreasureFault::NeverAccepted { table } => Error::Invalid(
                Problem::Generation(crate::rules::generate::GenFault::RollsForever { table })
                    .into(),
            ),
        },
    )?;
    w.treasury().await?;
    let to = super::coins::holder(&mut w, &request.to).await?;
    let taker = match &to {
        Holder::Character { id, .. } => Some(w.character_by_id(id).await?),
        _ => None,
    };
    let ids: Vec<&str> = taker.iter().map(|c| c.id.as_str()).collect();
    let before = super::encumbrance::Before::weigh(&mut w, &ids).await?;
    let event = w.record(Event::TreasureRolled {
        table: treasures.name.clone(),
        version: treasures.version,
        treasure_type: kind.key.clone(),
        level: request.level,
        count: request.count,
        found: hoard.found,
        edited: (loaded.source != super::tables::SHIPPED).then(|| loaded.source.clone()),
    })?;
    let cause = Some(event.seq);
    if !hoard.coins.is_zero() {
        w.record_with_cause(
            Event::CoinsAdded {
                coins: hoard.coins,
                to: to.clone(),
                session: None,
            },
            cause,
        )?;
    }
    let mut items = Vec::new();
    for made in hoard.items {
        let (mut item, steps) = made.into_item(w.new_id());
        match &to {
            Holder::Character { id, .. } => item.holder = Some(id.clone()),
            Holder::Place { name } => item.place = Some(name.clone()),
            Holder::Pool => {}
        }
        let created = w.record_with_cause(
            Event::ItemCreated {
                item: Box::new(item.clone()),
                origin: Box::new(Origin {
                    how: crate::ledger::hoards::ORIGIN.into(),
                    table: steps.first().map(|s| s.what.clone()),
                    seed: Some(seed),
                    tables: Some(loaded.source.clone()),
                    steps,
                    session: None,
                }),
            },
            cause,
        )?;
        if let Some(taker) = &taker {
            // A sword's first touch, a scroll's chance to fade: what taking it sets off.
            let takes = crate::custody::Handling::Takes { read: false };
            super::custody::handed_over(
                &mut w,
                &item,
                None,
                Some(taker),
                takes,
                created.seq,
                &mut dice,
            )
            .await?;
        }
        items.push(w.current(&item.id)?);
    }
    let consequences = w.since(event.seq);
    let slower = before.slower(&mut w).await?;
    w.commit().await?;
    Ok(Rolled {
        event,
        system,
        kind,
        to,
        coins: hoard.coins,
        items,
        consequences,
        magic,
        slower,
    })
}

/// The campaign's treasure types, as `treasure types` lists them.
#[derive(Debug, Serialize)]
pub struct Listed {
    pub system: System,
    pub table: String,
    pub title: String,
    pub title_fr: String,
    pub source: String,
    pub types: Vec<Kind>,
    pub levels: Vec<Kind>,
}

/// `treasure types`: the types the campaign rolls (or `system`'s), with their parts; where
/// there is no campaign, `system`'s (Old-School Essentials' by default).
pub async fn types(cx: &mut Ctx, system: Option<System>) -> Result<Listed> {
    let loaded = super::tables::for_campaign(cx).await?;
    let system = match system {
        Some(system) => system,
        None => cx
            .campaign_if_any()
            .await?
            .and_then(|found| found.campaign.settings.treasure)
            .unwrap_or_default(),
    };
    listed(&loaded, system)
}

/// `treasure types` without a database: `system`'s types on the shipped tables, with the
/// folder `--tables` names laid over them.
pub fn without_campaign(system: System, dir: Option<&std::path::Path>) -> Result<Listed> {
    listed(&super::tables::without_campaign(dir)?, system)
}

fn listed(loaded: &super::tables::Loaded, system: System) -> Result<Listed> {
    let t = types_of(&loaded.tables, system)?;
    Ok(Listed {
        system,
        table: t.name.clone(),
        title: t.title.clone(),
        title_fr: t.title_fr.clone(),
        source: t.source.clone(),
        types: t.types.clone(),
        levels: t.levels.clone(),
    })
}

fn types_of(tables: &crate::rules::tables::Tables, system: System) -> Result<&Treasures> {
    tables.treasures(system.table()).ok_or_else(|| {
        Error::Invalid(
            Problem::Generation(crate::rules::generate::GenFault::NoTable {
                name: system.table().into(),
            })
            .into(),
        )
    })
}

fn chosen<'t>(treasures: &'t Treasures, system: System, request: &Request) -> Result<&'t Kind> {
    match (&request.letter, request.level) {
        (Some(letter), None) => treasures.kind(letter).ok_or_else(|| {
            Refusal::UnknownType {
                letter: letter.clone(),
                system,
                known: treasures.types.iter().map(|k| k.key.clone()).collect(),
            }
            .into()
        }),
        (None, Some(level)) => treasures
            .level(level)
            .ok_or_else(|| Refusal::NoUnguarded { system, level }.into()),
        _ => Err(Refusal::TypeOrLevel.into()),
    }
}
