//! The grammar of `hoard explain`. Parsing only; `cli::explain` runs what is parsed.

use clap::Args;

#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// An event number (as `hoard log` shows it) or an item (id, id prefix or name)
    pub what: String,
}
