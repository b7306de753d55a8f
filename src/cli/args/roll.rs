//! The grammar of `hoard roll`. Parsing only; `cli::roll` runs what is parsed.

use clap::Args;

#[derive(Debug, Args)]
pub struct RollArgs {
    /// The dice expression; spaces are allowed (`2d6 + 1`); put `--` before one that starts with `-`
    #[arg(required = true, num_args = 1..)]
    pub expr: Vec<String>,
}
