//! `hoard explain EVENT|ITEM`: for an event, the rule applied, each table and die with the raw
//! roll and the row it matched, and the arithmetic; for an item, how it was made and its
//! whole story. The rule each kind of event applied is told with its family: the campaign's
//! (rolls), a character's, an item's, a sentient sword's, and coins' (`view::money`). Each
//! family's module names its kinds one by one, those with nothing to add too, and no match
//! here has a `_` arm (denied below), so a new kind does not compile until it is explained.
//! Under `--json` the answer is data, the same in every language, its sentences in `message`.

#![deny(clippy::wildcard_enum_match_arm)]

mod campaign;
mod character;
mod item;
mod sword;

use serde_json::json;

use super::args::explain::ExplainArgs;
use super::out::Out;
use crate::app::{self, Ctx};
use crate::error::{Error, Result};
use crate::i18n::time::GameTime;
use crate::ledger::{EventView, Family, Recorded};
use crate::rules::tables::Tables;
use crate::tr;
use crate::view::describe::describe;
use crate::view::inert::safe;
use crate::view::item::{ItemView, details};
use crate::view::words::Named;

/// The rule an event applied, in a sentence, and its arithmetic, a line each.
pub fn explain_event(rec: &Recorded, tables: Option<&Tables>) -> Vec<String> {
    let mut lines = vec![format!(
        "#{} {} — {}",
        rec.seq,
        GameTime(rec.game_time),
        describe(&rec.event)
    )];
    if let Some(cause) = rec.cause {
        lines.push(tr!(
            "  a consequence of event #{cause}",
            "  conséquence de l'événement n°{cause}"
        ));
    }
    let event = &rec.event;
    lines.extend(match event.family() {
        Family::Campaign => campaign::explain(event),
        Family::Character => character::explain(event),
        Family::Item => item::explain(event, tables),
        Family::Sword | Family::Encounter => sword::explain(event),
        Family::Coins => crate::view::money::explain(event),
    });
    lines
}

/// Whether `what` names an event: `#N` always; all digits when no item's id begins with them
/// (an id prefix may be all digits too: when both exist, the referee is asked which).
async fn event_meant(cx: &mut Ctx, what: &str) -> Result<Option<i64>> {
    if what.starts_with('#') {
        return super::args::values::event_number(what)
            .map(Some)
            .map_err(|e| Error::Invalid(e.into()));
    }
    let Ok(seq) = what.parse::<i64>() else {
        return Ok(None);
    };
    let item = match app::explain::item(cx, what).await {
        Ok(story) => Some(story.item),
        Err(Error::NotFound(_)) => None,
        Err(e) => return Err(e),
    };
    let event = match app::explain::event(cx, seq).await {
        Ok(_) => true,
        Err(Error::NotFound(_)) => false,
        Err(e) => return Err(e),
    };
    match (event, item) {
        (true, Some(item)) => Err(Error::Invalid(tr!(
            "{what} is both event #{seq} and item {} ({}): write #{seq} for the event, or more of the item's id",
            "{what} désigne à la fois l'événement n°{seq} et l'objet {} ({}) : écrivez #{seq} pour l'événement, ou davantage de l'identifiant de l'objet",
            crate::ledger::short_id(&item.id),
            safe(item.name())
        ).into())),
        (false, Some(_)) => Ok(None),
        (true, None) => Ok(Some(seq)),
        (false, None) => Err(Error::NotFound(tr!(
            "no event #{seq} and no item whose id begins with {what}: `hoard log` lists the events, `hoard item list` the items",
            "ni événement n°{seq} ni objet dont l'identifiant commence par {what} : `hoard log` liste les événements, `hoard item list` les objets"
        ).into())),
    }
}

pub async fn run(cx: &mut Ctx, out: &mut Out, args: ExplainArgs) -> Result<()> {
    let tables = app::tables::for_campaign(cx).await.ok().map(|l| l.tables);
    if let Some(seq) = event_meant(cx, &args.what).await? {
        let rec = app::explain::event(cx, seq).await?;
        let lines = explain_event(&rec, tables.as_ref());
        if out.json() {
            let message = lines.join("\n");
            return out.doc(&json!({ "event": EventView::of(&rec), "message": message }));
        }
        for line in lines {
            out.line(&line)?;
        }
        return Ok(());
    }
    let story = app::explain::item(cx, &args.what).await?;
    let mut lines = details(&story.item, story.holder.as_deref(), None);
    lines.push(tr!("Story:", "Histoire :"));
    for rec in &story.events {
        lines.extend(
            explain_event(rec, tables.as_ref())
                .into_iter()
                .map(|line| format!("  {line}")),
        );
    }
    if out.json() {
        let events: Vec<_> = story.events.iter().map(EventView::of).collect();
        let item = ItemView::of(&story.item, story.holder.as_deref());
        let message = lines.join("\n");
        return out.doc(&json!({ "item": item, "events": events, "message": message }));
    }
    for line in lines {
        out.line(&line)?;
    }
    Ok(())
}
