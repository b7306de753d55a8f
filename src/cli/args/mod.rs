//! The command line's grammar: clap's types for hoard, its options and its commands. Parsing only;
//! [`super::dispatch::run`] dispatches what is parsed.

pub mod campaign;
pub mod character;
pub mod clock;
pub mod coins;
pub mod explain;
pub mod foundry;
pub mod history;
pub mod item;
pub mod log;
pub mod play;
pub mod report;
pub mod roll;
pub mod serve;
pub mod session;
pub mod sword;
pub mod tables;
pub mod values;

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Args, FromArgMatches, Parser, Subcommand, ValueEnum};

/// The parsed command line.
#[derive(Debug, Parser)]
#[command(
    name = "hoard",
    version,
    about = "A campaign database for old-school RPG referees: treasure, its rules, and every die.",
    long_about = None,
    propagate_version = true,
    max_term_width = 100,
    subcommand_required = true,
    arg_required_else_help = true
)]
pub struct Cli {
    #[command(flatten)]
    pub global: Global,
    #[command(subcommand)]
    pub command: Command,
}

// Options every command takes (a plain comment: a doc comment here would become hoard's about).
#[derive(Debug, Args)]
#[command(next_help_heading = "Global options")]
pub struct Global {
    /// The database: a SQLite file, or a PostgreSQL database as
    /// postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE [env: HOARD_DB] [default: your data
    /// directory's hoard/hoard.db]
    // HOARD_DB is read by [`Global::database`], not by clap: the demo must know whether the
    // database was named on its own command line, and the value may hold a password.
    #[arg(long, global = true, value_name = "PATH|URL")]
    pub db: Option<PathBuf>,
    /// Use this campaign for this command instead of the one chosen with `campaign use`
    #[arg(long, global = true, env = "HOARD_CAMPAIGN", value_name = "NAME")]
    pub campaign: Option<String>,
    /// Make every roll of this command reproducible
    #[arg(long, global = true, value_name = "N")]
    pub seed: Option<u64>,
    /// Print one JSON document (log: one JSON object per line)
    #[arg(long, global = true)]
    pub json: bool,
    /// Language of messages and tables [default: from LANG]
    #[arg(long, global = true, value_enum)]
    pub lang: Option<LangArg>,
    /// A folder of edited tables laid over the shipped ones, for this command
    #[arg(long, global = true, env = "HOARD_TABLES", value_name = "DIR")]
    pub tables: Option<PathBuf>,
    /// Show the events and rule outcomes a command would produce, and write nothing
    #[arg(long, global = true)]
    pub dry_run: bool,
    /// Report progress of long work on stderr as plain lines (a bar is shown on a terminal)
    #[arg(long, global = true)]
    pub progress: bool,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum LangArg {
    En,
    Fr,
}

#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum Command {
    /// Play a short demo campaign through the real commands (on a fresh demo database
    /// unless --db is given)
    Demo,
    /// Create, list and choose campaigns
    #[command(subcommand)]
    Campaign(campaign::CampaignCommand),
    /// Start, end and list play sessions
    #[command(subcommand)]
    Session(session::SessionCommand),
    /// Add characters, show them, wound and heal them
    #[command(subcommand, visible_alias = "char")]
    Character(character::CharacterCommand),
    /// Advance and show the game clock
    #[command(subcommand)]
    Time(clock::TimeCommand),
    /// Roll dice and record the roll: 2d6, d%, 4+1d4, 1d6*5
    Roll(roll::RollArgs),
    /// Make magic items from the random tables: `generate wand`, `generate any --count 10`
    Generate(item::GenerateArgs),
    /// Record, list and show items
    #[command(subcommand)]
    Item(item::ItemCommand),
    /// Sentient swords
    #[command(subcommand)]
    Sword(sword::SwordCommand),
    /// The random tables: list, show, roll on, check
    #[command(subcommand)]
    Tables(tables::TablesCommand),
    /// Hand an item to a character (a scroll taken unread may fade)
    Give(play::GiveArgs),
    /// Put an item back in the party's unowned treasure
    Drop(play::ItemArg),
    /// Drink a potion: its effect runs on the game clock
    Drink(play::ByArgs),
    /// Rub on an oil
    Apply(play::ByArgs),
    /// Taste a potion to identify it, without using it up
    Taste(play::ByRequired),
    /// Read a scroll to learn what it holds (needs read magic for spell scrolls)
    Read(play::ByRequired),
    /// Cast a spell from a scroll (--spell N), or read a protection scroll
    Cast(play::CastArgs),
    /// Copy a spell from a scroll into a spellbook (erasing it from the scroll)
    Copy(play::CopyArgs),
    /// Wear a ring (--hand left|right), a suit of armor or a shield
    Wear(play::WearArgs),
    /// Take off a worn item
    Remove(play::ItemArg),
    /// Spend charges of a wand, staff or rod
    #[command(name = "use")]
    Use(play::UseArgs),
    /// Add charges to an item that still holds at least one
    Recharge(play::RechargeArgs),
    /// Study a book or tome
    Study(play::ByArgs),
    /// Try to identify an item: taste, read-magic, spell, bard-lore or wish
    Identify(play::IdentifyArgs),
    /// The party's money: `coins add 1200gp 300sp`, `coins spend`, `coins move`, `coins show`
    Coins(coins::CoinsArgs),
    /// Gems, jewelry and art: `valuable add NAME --value 500gp`, `valuable appraise`
    #[command(subcommand)]
    Valuable(coins::ValuableCommand),
    /// Share the party's pool among the characters by their shares
    Share(coins::ShareArgs),
    /// Experience: `xp award --monsters XP` for a session's treasure and monsters
    #[command(subcommand)]
    Xp(coins::XpCommand),
    /// Leave an item at a named place (a bank, a stronghold, a cache)
    Stash(coins::StashArgs),
    /// Reports: a play session, or a character over the campaign
    #[command(subcommand)]
    Report(report::ReportCommand),
    /// Check the database: SQLite's checks, the rules' invariants, and the state rebuilt from
    /// the ledger compared with the stored one
    Check,
    /// Touch a sentient sword (taking it from the party's treasure): learn its alignment
    Touch(sword::TouchArgs),
    /// Take a sword in hand and use it; it stays in hand until sheathed
    Wield(sword::WieldArgs),
    /// Put a sword in hand away: the use is over
    #[command(visible_alias = "unwield")]
    Sheathe(sword::WieldArgs),
    /// The referee finds a sword in control satisfied: it lets go
    Release(sword::ReleaseArgs),
    /// A foe met (`--with KIND`), or `encounter end`: swords' purposes apply meanwhile
    Encounter(sword::EncounterArgs),
    /// The exact chance that a control check now gives the sword control
    Odds(sword::OddsArgs),
    /// Audits: `audit swords`
    #[command(subcommand)]
    Audit(sword::AuditCommand),
    /// Void an event and every consequence of it (nothing is deleted; the state is rebuilt
    /// from the ledger without them)
    Void(history::VoidArgs),
    /// Void the latest command's events
    Undo,
    /// Explain an event (the rule, every die, the arithmetic) or an item (how it was made
    /// and its whole story)
    Explain(explain::ExplainArgs),
    /// A consistent copy of the database, even while others write
    Backup(history::BackupArgs),
    /// The whole campaign as JSON lines (or, with --as, one character's view; with --foundry,
    /// items as Foundry VTT documents)
    Export(history::ExportArgs),
    /// Load an export into a new campaign (all or nothing)
    Import(history::ImportArgs),
    /// Show the ledger, newest last
    Log(log::LogArgs),
    /// Serve the campaign as live, read-only web pages for the table's phones: the party, its
    /// treasure, its chronicle (--referee adds the referee's dashboard)
    Serve(serve::ServeArgs),
    /// Shell completion of commands, options and the database's names: `hoard completions
    /// --install` puts it where your shell looks; `hoard completions SHELL` prints the script
    Completions {
        /// bash, zsh, fish, elvish or powershell [default with --install: from $SHELL]
        #[arg(value_enum, required_unless_present = "install")]
        shell: Option<clap_complete::Shell>,
        /// Write the script where the shell loads it from (bash, zsh, fish), creating the
        /// folder, and say what is left to do
        #[arg(long)]
        install: bool,
    },
    /// Print the manual page (roff): `hoard man > hoard.1 && man ./hoard.1`
    Man {
        /// Write hoard.1 and a page per command (hoard-give.1 …) into this folder instead
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
    },
}

impl Global {
    /// The database this command names: `--db`, else `HOARD_DB` (an empty value is unset).
    pub fn database(&self) -> Option<PathBuf> {
        self.db.clone().or_else(|| {
            std::env::var_os("HOARD_DB")
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        })
    }
}

impl Cli {
    /// Parse a command line (its first word is the program's name).
    ///
    /// Before it parses, clap copies each of the 8 global options into every command of the
    /// level it is at: 384 copies for hoard's 48 commands, made and freed by every process.
    /// So the line is first parsed by a grammar that holds only the command the line names,
    /// and any line that grammar refuses (help, `--version`, a typo, no command, a database
    /// that bears a command's name) is parsed again by the whole grammar. Both grammars accept
    /// a line only as the same command with the same options, so what hoard accepts, and
    /// every message and help text it prints, are the whole grammar's. Measured on
    /// 2026-12-02 (2-CPU virtual machine, release build, runs interleaved): `character damage`
    /// 3.71 M -> 3.10 M instructions, `log --limit 20` 3.46 M -> 2.82 M; wall time 0.96x-0.99x
    /// (most of a short command's time is the kernel's: starting the process, page faults).
    pub fn parse_line<I, T>(line: I) -> Result<Cli, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<OsString>,
    {
        let line: Vec<OsString> = line.into_iter().map(Into::into).collect();
        if let Some(narrow) = narrowed(&line) {
            let parsed = narrow
                .try_get_matches_from(&line)
                .and_then(|matches| Cli::from_arg_matches(&matches));
            if let Ok(cli) = parsed {
                return Ok(cli);
            }
        }
        Cli::try_parse_from(line)
    }
}

/// The grammar of the global options and the one command the line names (the first of its
/// words that is a command's name or alias), or `None` when no word is.
fn narrowed(line: &[OsString]) -> Option<clap::Command> {
    // The commands as clap's derive makes them: each is built only when parsed.
    let commands = Command::augment_subcommands(clap::Command::new("hoard"));
    let named = line
        .iter()
        .skip(1)
        .filter_map(|word| word.to_str())
        .find_map(|word| commands.find_subcommand(word))?
        .clone();
    Some(
        Global::augment_args(clap::Command::new("hoard"))
            .subcommand_required(true)
            .subcommand(named),
    )
}

#[cfg(test)]
mod tests {
    use super::{Cli, narrowed};
    use clap::{CommandFactory, FromArgMatches, Parser};

    #[test]
    fn help_starts_with_what_hoard_is_for() {
        let help = Cli::command().render_help().to_string();
        assert!(
            help.starts_with("A campaign database for old-school RPG referees"),
            "{help}"
        );
    }

    /// Every argument of every command says what it is for in `--help`, the manual and the
    /// shells' completion menus.
    #[test]
    fn every_argument_has_a_description() {
        fn undescribed(cmd: &clap::Command, path: &str, found: &mut Vec<String>) {
            for arg in cmd.get_arguments() {
                let id = arg.get_id().as_str();
                if !matches!(id, "help" | "version") && arg.get_help().is_none() {
                    found.push(format!("{path} {id}"));
                }
            }
            for sub in cmd.get_subcommands() {
                undescribed(sub, &format!("{path} {}", sub.get_name()), found);
            }
        }
        // Built: commands defer their arguments until then.
        let mut cli = Cli::command();
        cli.build();
        let mut found = Vec::new();
        undescribed(&cli, "hoard", &mut found);
        assert!(
            found.is_empty(),
            "arguments without a description: {found:#?}"
        );
    }

    /// A line the narrowed grammar accepts is the command the whole grammar makes of it.
    #[test]
    fn the_narrowed_grammar_parses_as_the_whole_one() {
        let lines: &[&str] = &[
            "hoard character damage Arnaud 3",
            "hoard char show Arnaud --json",
            "hoard --db log.db --campaign West --seed 7 --lang fr item list --json",
            "hoard --db character character show Arnaud",
            "hoard generate any --count 10 --dry-run --progress --tables my-tables",
            "hoard sword add Lawbringer --int 7 --ego 1 --alignment lawful --to Mordo",
            "hoard give Lawbringer --to Arnaud --seed 3",
            "hoard log --limit 20",
            "hoard time advance 3 turns",
            "hoard roll 2d6 --json",
            "hoard audit swords",
        ];
        for line in lines {
            let words = words(line);
            let whole = Cli::try_parse_from(&words).unwrap_or_else(|e| panic!("{line}: {e}"));
            let matches = narrowed(&words)
                .expect("a command is named")
                .try_get_matches_from(&words)
                .unwrap_or_else(|e| panic!("{line}: {e}"));
            let narrow = Cli::from_arg_matches(&matches).expect(line);
            assert_eq!(format!("{narrow:?}"), format!("{whole:?}"), "{line}");
            let parsed = Cli::parse_line(&words).expect(line);
            assert_eq!(format!("{parsed:?}"), format!("{whole:?}"), "{line}");
        }
    }

    /// A line the narrowed grammar refuses gets the whole grammar's answer, word for word.
    #[test]
    fn the_whole_grammar_answers_what_the_narrowed_one_refuses() {
        let lines: &[&str] = &[
            "hoard --db log character show Arnaud",
            "hoard --json",
            "hoard --db log",
            "hoard",
            "hoard --help",
            "hoard --version",
            "hoard help character",
            "hoard character",
            "hoard character --help",
            "hoard character show --version",
            "hoard charcter show Arnaud",
            "hoard character damage Arnaud many",
            "hoard log --limit",
        ];
        for line in lines {
            let words = words(line);
            match (Cli::try_parse_from(&words), Cli::parse_line(&words)) {
                (Ok(whole), Ok(parsed)) => {
                    assert_eq!(format!("{parsed:?}"), format!("{whole:?}"), "{line}")
                }
                (Err(whole), Err(parsed)) => {
                    assert_eq!(parsed.kind(), whole.kind(), "{line}");
                    assert_eq!(parsed.to_string(), whole.to_string(), "{line}");
                }
                (whole, parsed) => panic!("{line}: {parsed:?} against {whole:?}"),
            }
        }
    }

    fn words(line: &str) -> Vec<std::ffi::OsString> {
        line.split(' ').map(Into::into).collect()
    }

    /// The narrowing is there: a command line's grammar holds that command alone.
    #[test]
    fn a_line_is_parsed_by_the_grammar_of_its_command() {
        let line = ["hoard", "--db", "x.db", "char", "show", "Arnaud"].map(Into::into);
        let grammar = narrowed(&line).expect("a command is named");
        let names: Vec<_> = grammar.get_subcommands().map(|c| c.get_name()).collect();
        assert_eq!(names, ["character"]);
        assert!(narrowed(&["hoard", "--json"].map(Into::into)).is_none());
    }
}
