//! `hoard retainer hire|dismiss`, `hoard debts`: retainers and what their employers owe them,
//! in the referee's words.

use super::args::coins::RetainerCommand;
use super::out::Out;
use crate::app::{self, Ctx};
use crate::error::Result;
use crate::ledger::EventView;
use crate::tr;
use crate::view::inert::safe;
use crate::view::money::worth;

/// `retainer hire R --by C --wage W`, `retainer dismiss R`: the event, as the log tells it.
pub async fn run(cx: &mut Ctx, out: &mut Out, c: RetainerCommand) -> Result<()> {
    let rec = match c {
        RetainerCommand::Hire { retainer, by, wage } => {
            let wage = app::retainer::wage(&wage)?;
            app::retainer::hire(cx, &retainer, &by, wage).await?
        }
        RetainerCommand::Dismiss { retainer } => app::retainer::dismiss(cx, &retainer).await?,
    };
    if out.json() {
        return out.doc(&serde_json::json!({ "event": EventView::of(&rec) }));
    }
    out.event(&rec.event)
}

/// `debts`: a line per retainer owed.
pub async fn debts(cx: &mut Ctx, out: &mut Out) -> Result<()> {
    let debts = app::retainer::debts(cx).await?;
    if out.json() {
        return out.doc(&serde_json::json!({ "debts": debts }));
    }
    if debts.is_empty() {
        return out.line(&tr!("No debts.", "Aucune dette."));
    }
    for d in &debts {
        let (by, to, owed) = (
            safe(&d.employer_name),
            safe(&d.retainer_name),
            worth(d.owed),
        );
        out.line(&tr!("{by} owes {to} {owed}", "{by} doit {owed} à {to}"))?;
    }
    Ok(())
}
