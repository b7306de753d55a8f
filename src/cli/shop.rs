//! `hoard buy`, `hoard light`, `hoard douse`: goods from the campaign's price list, and the
//! lights among them, in the referee's words.

use super::args::coins::{BuyArgs, LightArgs};
use super::out::Out;
use crate::app::{self, Ctx};
use crate::error::Result;
use crate::ledger::EventView;
use crate::tr;
use crate::view::inert::safe;
use crate::view::money::with_worth;

/// `buy ITEM [--count N] --by C`: the goods and the coins as the log tells them, then what
/// the buyer's purse holds now.
pub async fn buy(cx: &mut Ctx, out: &mut Out, a: BuyArgs) -> Result<()> {
    let bought = app::shop::buy(cx, &a.goods, a.count, &a.by).await?;
    if out.json() {
        return out.doc(&bought);
    }
    for rec in &bought.events {
        out.event(&rec.event)?;
    }
    let (who, coins) = (safe(&bought.character), with_worth(&bought.purse));
    out.line(&tr!("  {who}: {coins}", "  {who} : {coins}"))?;
    super::play::slower(out, &bought.slower)
}

/// `light ITEM --by C` (`lit`), or `douse ITEM --by C`: its event, as the log tells it.
pub async fn light(cx: &mut Ctx, out: &mut Out, a: LightArgs, lit: bool) -> Result<()> {
    let rec = if lit {
        app::light::light(cx, &a.item, &a.by).await?
    } else {
        app::light::douse(cx, &a.item, &a.by).await?
    };
    if out.json() {
        return out.doc(&serde_json::json!({ "event": EventView::of(&rec) }));
    }
    out.event(&rec.event)
}
