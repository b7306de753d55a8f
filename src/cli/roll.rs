//! `hoard roll EXPR`

use super::args::roll::RollArgs;
use super::out::Out;
use crate::app::{self, Ctx};
use crate::error::Result;

pub async fn run(cx: &mut Ctx, out: &mut Out, args: RollArgs) -> Result<()> {
    let roll = app::roll::roll(cx, &args.expr.join(" ")).await?;
    if out.json() {
        return out.doc(&roll);
    }
    out.line(&roll.describe())
}
