//! `hoard log`

use super::args::log::LogArgs;
use super::out::Out;
use crate::app::log::Query;
use crate::app::{self, Ctx};
use crate::error::Result;
use crate::view::describe::{self, line};
use crate::view::tone::Tone;

/// The one shape of an event in JSON.
pub use crate::ledger::EventView;

pub async fn run(cx: &mut Ctx, out: &mut Out, args: LogArgs) -> Result<()> {
    let query = Query {
        session: cx.named_session().await?,
        by: args.by,
        character: args.character,
        kind: args.kind,
        limit: args.limit,
    };
    app::log::log(cx, query, |rec, voided_by| {
        if out.json() {
            let mut view = serde_json::to_value(EventView::of(&rec)).unwrap_or_default();
            view["voided_by"] = serde_json::to_value(voided_by).unwrap_or_default();
            out.json_line(&view)
        } else {
            let mut text = line(&rec);
            let tone = match voided_by {
                Some(by) => {
                    text.push_str(&crate::tr!(" [voided by #{by}]", " [annulé par le n°{by}]"));
                    Tone::Plain
                }
                None => describe::tone(&rec.event),
            };
            out.toned(tone, &text)
        }
    })
    .await
}
