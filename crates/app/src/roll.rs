//! `hoard roll EXPR`: a roll at the table, recorded like every other.

use crate::ctx::Ctx;
use crate::error::{Error, Problem, Result};
use crate::ledger::Event;
use crate::rules::dice::{Expr, Roll};

pub async fn roll(cx: &mut Ctx, text: &str) -> Result<Roll> {
    let expr = Expr::parse(text).map_err(|e| Error::Invalid(Problem::Dice(e).into()))?;
    let roll = expr.roll(&mut cx.dice());
    let mut w = cx.write().await?;
    w.record(Event::DiceRolled { roll: roll.clone() })?;
    w.commit().await?;
    Ok(roll)
}
