//! `hoard roll EXPR`

use clap::Args;

use super::out::Out;
use crate::app::{self, Ctx};
use crate::error::Result;

#[derive(Debug, Args)]
pub struct RollArgs {
    /// The dice expression; spaces are allowed (`2d6 + 1`); put `--` before one that starts with `-`
    #[arg(required = true, num_args = 1..)]
    pub expr: Vec<String>,
}

pub async fn run(cx: &mut Ctx, out: &mut Out, args: RollArgs) -> Result<()> {
    let roll = app::roll::roll(cx, &args.expr.join(" ")).await?;
    if out.json() {
        return out.doc(&roll);
    }
    out.line(&roll.describe())
}
