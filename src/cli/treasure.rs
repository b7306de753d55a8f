//! `hoard treasure roll` and `hoard treasure types`: the hoard as rolled, part by part with
//! its dice, then its coins, its items and what taking them set off; the types as the
//! campaign's game lists them.

use std::path::Path;

use serde_json::json;

use super::args::treasure::{RollArgs, SystemArg, TreasureCommand};
use super::out::Out;
use crate::app::coins::Whose;
use crate::app::treasure::Request;
use crate::app::{self, Ctx};
use crate::error::Result;
use crate::ledger::EventView;
use crate::rules::treasure::System;
use crate::tr;
use crate::view::inert::safe;
use crate::view::item::{ItemView, line};
use crate::view::treasure::{found_line, heading, kind_line, magic_source};

pub async fn run(cx: &mut Ctx, out: &mut Out, command: TreasureCommand) -> Result<()> {
    match command {
        TreasureCommand::Roll(args) => roll(cx, out, args).await,
        TreasureCommand::Types { system } => types(cx, out, system).await,
    }
}

async fn roll(cx: &mut Ctx, out: &mut Out, a: RollArgs) -> Result<()> {
    let to = match (a.to, a.at) {
        (Some(c), _) => Whose::Character(c),
        (None, Some(p)) => Whose::Place(p),
        (None, None) => Whose::Pool,
    };
    let request = Request {
        letter: a.letter,
        level: a.level,
        count: a.count,
        to,
        column: a.column,
    };
    let rolled = app::treasure::roll(cx, request).await?;
    // Everything goes to one holder; a character's name goes with each item.
    let holder = match &rolled.to {
        crate::ledger::treasury::Holder::Character { name, .. } => Some(name.as_str()),
        _ => None,
    };
    if out.json() {
        let items: Vec<_> = rolled
            .items
            .iter()
            .map(|i| ItemView::of(i, holder))
            .collect();
        let consequences: Vec<_> = rolled.consequences.iter().map(EventView::of).collect();
        return out.doc(&json!({
            "event": EventView::of(&rolled.event),
            "system": rolled.system,
            "type": rolled.kind,
            "to": rolled.to,
            "coins": rolled.coins,
            "items": items,
            "consequences": consequences,
            "slower": rolled.slower,
        }));
    }
    let crate::ledger::Event::TreasureRolled {
        found,
        count,
        level,
        ..
    } = &rolled.event.event
    else {
        unreachable!("treasure roll records a treasure_rolled event")
    };
    let to = crate::view::money::holder(&rolled.to);
    out.heading(&heading(&rolled.kind, *level, rolled.system, *count, &to))?;
    for f in found {
        let n = if *count > 1 {
            format!("#{} ", f.n)
        } else {
            String::new()
        };
        out.line(&format!(
            "  {n}{}",
            found_line(&rolled.kind, f, rolled.magic)
        ))?;
    }
    if let Some(source) = magic_source(&rolled.kind, rolled.magic) {
        out.line(&format!("  {source}"))?;
    }
    if !rolled.coins.is_zero() {
        let coins = crate::view::money::with_worth(&rolled.coins);
        out.line(&tr!("Coins: {coins}", "Pièces : {coins}"))?;
    }
    if rolled.items.is_empty() {
        if rolled.coins.is_zero() {
            out.line(&tr!("Nothing was found.", "On ne trouve rien."))?;
        }
    } else {
        let total: i64 = rolled
            .items
            .iter()
            .filter_map(|i| i.identity.value.map(|v| v.copper()))
            .sum();
        let worth = crate::view::money::worth(total);
        let heading = crate::i18n::counted(
            rolled.items.len() as i64,
            ("item", "items"),
            ("objet", "objets"),
        );
        out.line(&if total > 0 {
            tr!(
                "{heading} (valuables worth {worth} in all):",
                "{heading} (objets de valeur pour {worth} en tout) :"
            )
        } else {
            format!("{heading}{}", tr!(":", " :"))
        })?;
        for item in &rolled.items {
            out.line(&format!("  {}", line(item, holder)))?;
        }
    }
    // The coins' and items' own events are what was listed; what taking them set off is new.
    for rec in &rolled.consequences {
        if !matches!(
            rec.event,
            crate::ledger::Event::CoinsAdded { .. } | crate::ledger::Event::ItemCreated { .. }
        ) {
            out.event(&rec.event)?;
        }
    }
    super::play::slower(out, &rolled.slower)
}

fn system(arg: SystemArg) -> System {
    match arg {
        SystemArg::Ose => System::Ose,
        SystemArg::Adnd => System::Adnd,
    }
}

async fn types(cx: &mut Ctx, out: &mut Out, arg: Option<SystemArg>) -> Result<()> {
    let listed = app::treasure::types(cx, arg.map(system)).await?;
    show_types(out, listed)
}

/// `treasure types` where there is no database yet: the game named, else Old-School
/// Essentials', on the shipped tables and the folder `--tables` names.
pub fn without_db(out: &mut Out, arg: Option<SystemArg>, folder: Option<&Path>) -> Result<()> {
    let system = arg.map(system).unwrap_or_default();
    show_types(out, app::treasure::without_campaign(system, folder)?)
}

fn show_types(out: &mut Out, listed: app::treasure::Listed) -> Result<()> {
    if out.json() {
        return out.doc(&listed);
    }
    let title = crate::i18n::pick(&listed.title, &listed.title_fr);
    out.heading(&format!("{} — {}", safe(title), safe(&listed.source)))?;
    for kind in listed.types.iter().chain(&listed.levels) {
        out.line(&kind_line(kind))?;
    }
    Ok(())
}
