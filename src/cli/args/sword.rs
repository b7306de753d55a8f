//! The grammar of sentient swords: `hoard sword`, `touch`, `wield`, `sheathe`, `release`,
//! `encounter`, `odds` and `audit`. Parsing only; `cli::sword` runs what is parsed.

use clap::Subcommand;

use super::Does;
use crate::rules::alignment::Alignment;
use crate::rules::sword::Chosen;

#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum SwordCommand {
    /// Add a sentient sword whose qualities you choose (checked like a generated one)
    Add(AddArgs),
    /// Use one of the sword's powers: it must be in hand, its wielder concentrating
    Power {
        /// The sword: its name, id or id prefix
        sword: String,
        /// The power: its id or name
        power: String,
        /// The wielder [default: the sword's holder]
        #[arg(long, value_name = "CHARACTER")]
        by: Option<String>,
    },
    /// Record what a sword in control makes its wielder do (jealousy, glory, surrender,
    /// lavish gifts, or your own words)
    Demand {
        /// The sword: its name, id or id prefix
        sword: String,
        /// What it demands, in a few words
        #[arg(required = true, num_args = 1..)]
        demand: Vec<String>,
    },
}

#[derive(Debug, clap::Args)]
pub struct AddArgs {
    /// Its name
    pub name: String,
    #[command(flatten)]
    pub mind: Mind,
    /// Enchantment, e.g. 1 for +1
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(i32).range(-5..=5))]
    pub bonus: Option<i32>,
    /// long, broad, scimitar, falchion, short, bastard, two-handed
    #[arg(long)]
    pub blade: Option<String>,
    /// Give it to this character
    #[arg(long, value_name = "CHARACTER")]
    pub to: Option<String>,
}

// The sword's mind as the referee chooses it: the rules' `Chosen`, spelled as options. A plain
// comment, not a doc comment: clap would take a flattened struct's doc comment for the
// command's help.
#[derive(Debug, clap::Args)]
pub struct Mind {
    /// Intelligence, 7 to 12
    #[arg(long, allow_negative_numbers = true)]
    pub int: i64,
    /// Ego, 1 to 12
    #[arg(long, allow_negative_numbers = true)]
    pub ego: i64,
    /// lawful, neutral or chaotic
    #[arg(long, value_parser = super::values::named::<Alignment>)]
    pub alignment: Alignment,
    /// A sensory power (id or name; repeat for several)
    #[arg(long, value_name = "POWER")]
    pub sensory: Vec<String>,
    /// An extraordinary power (id or name; repeat for several)
    #[arg(long, value_name = "POWER")]
    pub extraordinary: Vec<String>,
    /// Its special purpose (id or name); needs INT 12 and Ego 12
    #[arg(long)]
    pub purpose: Option<String>,
    /// With --purpose slay-monster-type: the monsters it slays (else rolled on sword-slays)
    #[arg(long, value_name = "MONSTERS", requires = "purpose")]
    pub slays: Option<String>,
    /// Languages beyond the alignment language (speaking swords; rolled when not given)
    #[arg(long)]
    pub languages: Option<u32>,
}

impl From<Mind> for Chosen {
    fn from(m: Mind) -> Self {
        Chosen {
            int: m.int,
            ego: m.ego,
            alignment: m.alignment,
            sensory: m.sensory,
            extraordinary: m.extraordinary,
            purpose: m.purpose,
            slays: m.slays,
            languages: m.languages,
        }
    }
}

#[derive(Debug, clap::Args)]
pub struct TouchArgs {
    /// The sword: its name, id or id prefix
    pub sword: String,
    /// Who touches it
    #[arg(long, value_name = "CHARACTER")]
    pub by: String,
    /// How many rounds the character holds it
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub rounds: u32,
}

#[derive(Debug, clap::Args)]
pub struct WieldArgs {
    /// The sword: its name, id or id prefix
    pub sword: String,
    /// Who [default: the sword's holder]
    #[arg(long, value_name = "CHARACTER")]
    pub by: Option<String>,
}

#[derive(Debug, clap::Args)]
pub struct ReleaseArgs {
    /// The sword: its name, id or id prefix
    pub sword: String,
}

#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct EncounterArgs {
    #[command(subcommand)]
    pub end: Option<EncounterEnd>,
    /// What the party meets: a class (magic-user, cleric, fighter …) or a kind of monster
    #[arg(long = "with", value_name = "KIND", required_unless_present_any = ["character"])]
    pub with: Option<String>,
    /// The foe's alignment: lawful, neutral or chaotic
    #[arg(long, value_parser = super::values::named::<Alignment>)]
    pub alignment: Option<Alignment>,
    /// The foe is this campaign character (its class and alignment are used)
    #[arg(long, value_name = "CHARACTER")]
    pub character: Option<String>,
    /// Say that the swords' purposes apply (a specific monster type, your judgement)
    #[arg(long)]
    pub applies: bool,
}

#[derive(Debug, clap::Subcommand)]
pub enum EncounterEnd {
    /// The foe is gone: swords whose purpose took control let go
    End,
}

#[derive(Debug, clap::Args)]
pub struct OddsArgs {
    /// The sword: its name, id or id prefix
    pub sword: String,
    /// The character it would try to control
    pub character: String,
}

#[derive(Debug, clap::Subcommand)]
#[command(defer = true)]
pub enum AuditCommand {
    /// Which swords control which characters now, and every control check with its dice
    Swords,
}

impl SwordCommand {
    /// What it does with the campaign database.
    pub fn does(&self) -> Does {
        match self {
            Self::Add(..) | Self::Power { .. } | Self::Demand { .. } => Does::Records,
        }
    }
}

impl AuditCommand {
    /// What it does with the campaign database.
    pub fn does(&self) -> Does {
        match self {
            Self::Swords => Does::Reads,
        }
    }
}
