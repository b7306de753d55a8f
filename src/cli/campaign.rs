//! `hoard campaign …`

use clap::Subcommand;
use serde_json::json;

use super::out::{Out, safe, table};
use crate::app::{self, Ctx};
use crate::error::Result;
use crate::rules::clock::GameTime;
use crate::tr;

#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum CampaignCommand {
    /// Create a campaign
    New {
        name: String,
        /// Also use it from now on
        #[arg(long = "use")]
        switch: bool,
    },
    /// List the campaigns in this database
    #[command(visible_alias = "ls")]
    List,
    /// Use this campaign from now on (remembered in the database)
    Use { name: String },
}

pub async fn run(cx: &mut Ctx, out: &mut Out, command: CampaignCommand) -> Result<()> {
    match command {
        CampaignCommand::New { name, switch } => {
            let name = app::campaign::new(cx, &name, switch).await?;
            if out.json() {
                return out.doc(&json!({ "name": name, "current": switch }));
            }
            let name = safe(&name);
            out.line(&if switch {
                tr!("Created campaign {name}, now in use.", "Campagne {name} créée, désormais en cours.")
            } else {
                tr!(
                    "Created campaign {name}. Use it with `hoard campaign use {name}` or --campaign {name}.",
                    "Campagne {name} créée. Utilisez-la avec `hoard campaign use {name}` ou --campaign {name}."
                )
            })
        }
        CampaignCommand::List => {
            let campaigns = app::campaign::list(cx).await?;
            if out.json() {
                return out.doc(&campaigns);
            }
            let mut t = table(&[
                String::new(),
                tr!("Campaign", "Campagne"),
                tr!("Characters", "Personnages"),
                tr!("Events", "Événements"),
                tr!("Game time", "Temps de jeu"),
                tr!("Created", "Créée"),
            ]);
            for c in campaigns {
                t.add_row(vec![
                    if c.current { "*".into() } else { String::new() },
                    safe(&c.name),
                    c.characters.to_string(),
                    c.events.to_string(),
                    GameTime(c.clock).to_string(),
                    c.created_at.chars().take(10).collect(),
                ]);
            }
            out.table(t)
        }
        CampaignCommand::Use { name } => {
            let name = app::campaign::switch(cx, &name).await?;
            if out.json() {
                return out.doc(&json!({ "name": name, "current": true }));
            }
            let name = safe(&name);
            out.line(&tr!(
                "Now using campaign {name}.",
                "Campagne en cours : {name}."
            ))
        }
    }
}
