//! The grammar of `hoard session`. Parsing only; `cli::session` runs what is parsed.

use clap::Subcommand;

#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum SessionCommand {
    /// Start a play session; events from now on belong to it
    Start {
        /// A title for the session (several words are joined)
        title: Vec<String>,
    },
    /// End the open session
    End,
    /// List the play sessions
    #[command(visible_alias = "ls")]
    List,
}
