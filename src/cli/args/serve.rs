//! The grammar of `hoard serve`. Parsing only; `cli::serve` runs what is parsed.

use clap::Args;

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address to listen on: 127.0.0.1 (this computer only) unless you give another, such
    /// as this computer's address on the table's network, or 0.0.0.0 for all of them (a host
    /// name of this computer, such as localhost, is looked up)
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    pub bind: String,
    /// The port to listen on (0: a free one, printed at start-up)
    #[arg(long, value_name = "N", default_value_t = 8080)]
    pub port: u16,
    /// Print each character's personal link (made for those who have none; kept in the
    /// database, so the same links open after a restart): their own sheet first, and the
    /// party's loot to claim need, want or pass
    #[arg(long)]
    pub players: bool,
}
