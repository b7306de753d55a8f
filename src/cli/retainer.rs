//! `hoard retainer hire|dismiss`: retainers, in the referee's words (what their employers owe
//! them is `debts`').

use super::args::coins::RetainerCommand;
use super::out::Out;
use crate::app::{self, Ctx};
use crate::error::Result;
use crate::ledger::EventView;

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
