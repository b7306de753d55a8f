//! The grammar of `hoard export --foundry`: which Foundry VTT system to write for. Parsing only;
//! `cli::foundry` runs what is parsed.

use clap::{Args, ValueEnum};

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum FoundrySystem {
    /// Old-School Essentials
    Ose,
    /// Dungeons & Dragons fifth edition
    Dnd5e,
}

#[derive(Debug, Args)]
pub struct FoundryArgs {
    /// Foundry VTT documents for this game system, written into the folder given by -o
    // Without -o, `cli::history::export` asks for the folder (clap would name a FILE).
    #[arg(long, value_enum, value_name = "SYSTEM")]
    pub foundry: Option<FoundrySystem>,
    /// With --foundry: only these items (id, id prefix or name), whatever became of them
    #[arg(value_name = "ITEM", requires = "foundry", conflicts_with = "holder")]
    pub items: Vec<String>,
    /// With --foundry: only what this character holds
    #[arg(long, value_name = "CHARACTER", requires = "foundry")]
    pub holder: Option<String>,
    /// With --foundry: hand over the random tables in use too (those --tables or the campaign
    /// names, edited ones included), as Foundry roll tables in a pack of their own
    #[arg(long, requires = "foundry")]
    pub roll_tables: bool,
    /// With --foundry: the language of the Foundry world the documents go into — their names,
    /// descriptions and tables — whatever language hoard speaks (--lang)
    #[arg(
        long,
        value_enum,
        value_name = "LANG",
        default_value = "en",
        requires = "foundry"
    )]
    pub pack_lang: super::LangArg,
    /// With --foundry: files readable by their owner only (0600, folders 0700) instead of by
    /// everyone (0644, 0755), which a Foundry server running as another user needs
    #[arg(long, requires = "foundry")]
    pub private: bool,
}
