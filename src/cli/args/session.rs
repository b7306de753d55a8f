//! The grammar of `hoard session`. Parsing only; `cli::session` runs what is parsed.

use super::Does;
use clap::Subcommand;

#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum SessionCommand {
    /// Start a play session; events from now on belong to it. With --with, an expedition of
    /// those characters only, beside other open sessions whose rosters it does not share
    Start {
        /// A title for the session (several words are joined)
        title: Vec<String>,
        /// The characters who go, by name: A,B,C (their retainers too, if they go)
        #[arg(long, value_name = "A,B,C", value_delimiter = ',')]
        with: Vec<String>,
    },
    /// End the open session (--session N|TITLE when several are open); its game time folds
    /// back into the campaign's calendar
    End,
    /// List the play sessions
    #[command(visible_alias = "ls")]
    List,
}

#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum RefereeCommand {
    /// Name a referee of the campaign: their events then say who recorded them
    Add {
        /// The referee's name
        name: String,
    },
    /// The campaign's referees, with how many events each recorded
    #[command(visible_alias = "ls")]
    List,
}

impl SessionCommand {
    /// What it does with the campaign database.
    pub fn does(&self) -> Does {
        match self {
            Self::List => Does::Reads,
            Self::Start { .. } | Self::End => Does::Records,
        }
    }
}

impl RefereeCommand {
    /// What it does with the campaign database.
    pub fn does(&self) -> Does {
        match self {
            Self::List => Does::Reads,
            Self::Add { .. } => Does::Records,
        }
    }
}
