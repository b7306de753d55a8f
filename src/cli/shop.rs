//! `hoard buy`: goods from the campaign's price list, in the referee's words.

use super::args::coins::BuyArgs;
use super::out::Out;
use crate::app::{self, Ctx};
use crate::error::Result;
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
