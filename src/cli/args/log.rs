//! The grammar of `hoard log`. Parsing only; `cli::log` runs what is parsed.

use clap::Args;

#[derive(Debug, Args)]
pub struct LogArgs {
    /// Only events this referee recorded
    #[arg(long, value_name = "NAME")]
    pub by: Option<String>,
    /// Only events touching this character
    #[arg(long, value_name = "CHARACTER")]
    pub character: Option<String>,
    /// Only events of this kind (e.g. character-damaged or character_damaged)
    #[arg(long, value_name = "K")]
    pub kind: Option<String>,
    /// Only the last N events
    #[arg(long, value_name = "N")]
    pub limit: Option<u32>,
}
