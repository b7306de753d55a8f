//! `hoard sword …`

use clap::Subcommand;

use super::item::{ItemView, line, sentience_line};
use super::out::Out;
use crate::app::sword::NewSword;
use crate::app::{self, Ctx};
use crate::error::Result;
use crate::rules::alignment::Alignment;
use crate::rules::sword::Chosen;
use crate::tr;

#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum SwordCommand {
    /// Add a sentient sword whose qualities you choose (checked like a generated one)
    Add {
        name: String,
        /// Intelligence, 7 to 12
        #[arg(long, allow_negative_numbers = true)]
        int: i64,
        /// Ego, 1 to 12
        #[arg(long, allow_negative_numbers = true)]
        ego: i64,
        #[arg(long)]
        alignment: Alignment,
        /// A sensory power (id or name; repeat for several)
        #[arg(long, value_name = "POWER")]
        sensory: Vec<String>,
        /// An extraordinary power (id or name; repeat for several)
        #[arg(long, value_name = "POWER")]
        extraordinary: Vec<String>,
        /// Its special purpose (id or name); needs INT 12 and Ego 12
        #[arg(long)]
        purpose: Option<String>,
        /// Languages beyond the alignment language (speaking swords; default 1)
        #[arg(long)]
        languages: Option<u32>,
        /// Enchantment, e.g. 1 for +1
        #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(i32).range(-5..=5))]
        bonus: Option<i32>,
        /// long, broad, scimitar, falchion, short, bastard, two-handed
        #[arg(long)]
        blade: Option<String>,
        /// Give it to this character
        #[arg(long, value_name = "CHARACTER")]
        to: Option<String>,
    },
}

pub async fn run(cx: &mut Ctx, out: &mut Out, command: SwordCommand) -> Result<()> {
    match command {
        SwordCommand::Add {
            name,
            int,
            ego,
            alignment,
            sensory,
            extraordinary,
            purpose,
            languages,
            bonus,
            blade,
            to,
        } => {
            let new = NewSword {
                name,
                chosen: Chosen {
                    int,
                    ego,
                    alignment,
                    sensory,
                    extraordinary,
                    purpose,
                    languages,
                },
                bonus,
                blade,
                to,
            };
            let (item, holder) = app::sword::add(cx, new).await?;
            if out.json() {
                return out.doc(&ItemView::of(&item, holder.as_deref()));
            }
            out.line(&tr!(
                "Added {}",
                "Ajouté : {}",
                line(&item, holder.as_deref())
            ))?;
            if let Some(s) = &item.identity.sentience {
                out.line(&format!("          {}", sentience_line(s)))?;
            }
            Ok(())
        }
    }
}
