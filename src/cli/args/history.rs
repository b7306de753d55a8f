//! The grammar of the ledger's own commands: `hoard void`, `backup`, `export` and `import`. Parsing
//! only; `cli::history` runs what is parsed.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

#[derive(Debug, Args)]
pub struct VoidArgs {
    /// The event's number, as `hoard log` shows it (#63 or 63)
    #[arg(value_parser = super::values::event_number)]
    pub event: i64,
    /// Void it even though another referee recorded it
    #[arg(long)]
    pub force: bool,
}

#[derive(Debug, Args)]
pub struct UndoArgs {
    /// Undo it even though it follows from another referee's event
    #[arg(long)]
    pub force: bool,
}

#[derive(Debug, Args)]
pub struct BackupArgs {
    /// Where to write the copy (refused if it exists, unless --force)
    pub path: PathBuf,
    /// Replace an existing file at PATH
    #[arg(long)]
    pub force: bool,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Format {
    Json,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// json, the only format (hidden: an export is always JSON — lines, a player's document
    /// or Foundry's documents — and `--format json` is still accepted for the scripts that
    /// give it)
    #[arg(long, value_enum, default_value = "json", hide = true)]
    pub format: Format,
    /// A player's view: one character's sheet and what they know of what they carry (with
    /// --foundry: the items as they know them)
    #[arg(long = "as", value_name = "CHARACTER")]
    pub as_character: Option<String>,
    /// Write to this file (with --foundry: this folder) instead of standard output; an
    /// existing file (or a folder that is not empty) is refused unless --force
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Replace the file given with -o (with --foundry: write into a folder that is not empty,
    /// replacing files of the same name and keeping the others)
    #[arg(long, requires = "output")]
    pub force: bool,
    #[command(flatten)]
    pub foundry: super::foundry::FoundryArgs,
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// An export (`-` for standard input)
    pub file: PathBuf,
    /// Name the new campaign this instead of the name in the file
    #[arg(long = "as", value_name = "NAME")]
    pub name: Option<String>,
}
