//! The grammar of `hoard campaign`: making, choosing, renaming and deleting campaigns. Parsing
//! only; `cli::campaign` runs what is parsed.

use super::Does;
use clap::Subcommand;

#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum CampaignCommand {
    /// Create a campaign
    New {
        /// Its name
        name: String,
        /// Also use it from now on
        #[arg(long = "use")]
        switch: bool,
        /// Set every setting that depends on the game at once: ose (Old-School Essentials)
        /// or adnd (AD&D 2nd edition); without it, the defaults
        #[arg(long, value_name = "ose|adnd", value_parser = edition)]
        edition: Option<crate::ledger::state::Edition>,
    },
    /// List the campaigns in this database
    #[command(visible_alias = "ls")]
    List,
    /// Use this campaign from now on (remembered in the database)
    Use {
        /// The campaign's name
        name: String,
    },
    /// Rename a campaign (recorded in its ledger)
    Rename {
        /// The campaign's name now
        name: String,
        /// Its new name
        new_name: String,
    },
    /// Delete a campaign and its whole ledger, for good (needs --force)
    Delete {
        /// The campaign's name
        name: String,
        /// Really delete it
        #[arg(long)]
        force: bool,
    },
    /// Change a setting: scroll-fade 5..30 | roll, crumble-rod 0..100, crumble-wand 0..100,
    /// death ose | adnd, round adnd | ose, dead-share survivors | heirs, sell-fraction gems |
    /// magic | equipment 0..1, exchange-fee 0..100, xp-from found | sold, treasure ose | adnd,
    /// encumbrance detailed | basic | adnd, claim-ties roll | share, tables DIR | shipped
    Set {
        /// scroll-fade, crumble-rod, crumble-wand, death, round, dead-share, sell-fraction,
        /// exchange-fee, xp-from, treasure, encumbrance, claim-ties or tables
        key: String,
        /// The setting's value (`default` for the default); sell-fraction takes a market and a
        /// fraction: `gems 1.0`
        #[arg(num_args = 1..=2, required = true)]
        value: Vec<String>,
    },
    /// Show the campaign in use and its settings
    Show,
}

impl CampaignCommand {
    /// What it does with the campaign database.
    pub fn does(&self) -> Does {
        match self {
            Self::List | Self::Show => Does::Reads,
            Self::New { .. }
            | Self::Use { .. }
            | Self::Rename { .. }
            | Self::Delete { .. }
            | Self::Set { .. } => Does::Records,
        }
    }
}

/// An edition: `ose` or `adnd`.
pub(super) fn edition(text: &str) -> Result<crate::ledger::state::Edition, String> {
    crate::app::campaign::edition(text).ok_or_else(|| {
        crate::tr!(
            "{text:?} is no edition: ose or adnd",
            "{text:?} n'est pas une édition : ose ou adnd"
        )
    })
}
