//! The command line's grammar: clap's types for hoard, its options and its commands. Parsing only;
//! [`super::dispatch::run`] dispatches what is parsed.

pub mod campaign;
pub mod character;
pub mod claims;
pub mod clock;
pub mod coins;
pub mod explain;
pub mod foundry;
pub mod groups;
pub mod history;
pub mod item;
pub mod log;
pub mod play;
pub mod report;
pub mod roll;
#[cfg(feature = "serve")]
pub mod serve;
pub mod session;
pub mod sword;
pub mod tables;
pub mod treasure;
pub mod values;

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

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
    #[arg(
        long,
        global = true,
        env = "HOARD_CAMPAIGN",
        hide_env_values = true,
        value_name = "NAME"
    )]
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
    #[arg(
        long,
        global = true,
        env = "HOARD_TABLES",
        hide_env_values = true,
        value_name = "DIR"
    )]
    pub tables: Option<PathBuf>,
    /// The play session: the one to record in when several are open, or the one a command
    /// is about (share, xp award, log, report, export --foundry, audit swords) [default: the
    /// open one of the characters named, else the only one open]
    #[arg(long, global = true, value_name = "N|TITLE")]
    pub session: Option<crate::app::choice::Key>,
    /// As the referee: with a NAME (one of the campaign's, `hoard referee add`), who records
    /// this command's events [env: HOARD_REFEREE] [default: the referee of the session
    /// recorded in; serve: who records what the referee's console records]; alone, the truth
    /// where players see their side (report session, serve: the referee's dashboard and its
    /// console)
    // HOARD_REFEREE is read by [`Global::recorder`], not by clap: the variable names who
    // records, and must not turn a player-safe report into the referee's.
    #[arg(long, global = true, value_name = "NAME", num_args = 0..=1)]
    pub referee: Option<Option<String>>,
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

impl From<LangArg> for crate::i18n::Lang {
    fn from(lang: LangArg) -> Self {
        match lang {
            LangArg::En => crate::i18n::Lang::En,
            LangArg::Fr => crate::i18n::Lang::Fr,
        }
    }
}

#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum Command {
    /// Play a short demo campaign through the real commands (on a fresh demo database
    /// unless --db is given)
    Demo {
        /// ose: an Old-School Essentials campaign (OSE's items, armour and potions); adnd, or
        /// none: the default campaign with AD&D 2nd edition's magic items
        #[arg(long, value_name = "ose|adnd", value_parser = campaign::edition)]
        edition: Option<crate::ledger::state::Edition>,
    },
    /// Create, list and choose campaigns
    #[command(subcommand)]
    Campaign(campaign::CampaignCommand),
    /// Start, end and list play sessions
    #[command(subcommand)]
    Session(session::SessionCommand),
    /// Name the campaign's referees (several referees, one world)
    #[command(subcommand)]
    Referee(session::RefereeCommand),
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
    Taste(play::ByArgs),
    /// Read a scroll to learn what it holds (needs read magic for spell scrolls)
    Read(play::ByArgs),
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
    /// Treasure types: `treasure roll H` rolls a whole hoard (coins, gems, jewellery, magic
    /// items), `treasure types` lists them (`campaign set treasure ose|adnd`)
    #[command(subcommand)]
    Treasure(treasure::TreasureCommand),
    /// Claim an item of the party's treasure for a character: `claim ITEM need --by NAME`
    /// (need, want or pass; players claim on their personal links, `serve --players`)
    Claim(claims::ClaimArgs),
    /// The claims board; `claims settle` gives each item claimed to one who needs it
    Claims(claims::ClaimsArgs),
    /// Share the party's pool among the characters (a retainer takes half a share; the dead by
    /// `campaign set dead-share`; `--items` counts the items each received against it)
    Share(coins::ShareArgs),
    /// Experience: `xp award --monsters XP` for a session's treasure and monsters
    #[command(subcommand)]
    Xp(coins::XpCommand),
    /// Leave an item at a named place (a bank, a stronghold, a cache)
    Stash(coins::StashArgs),
    /// Sell items: their price (a fraction of their worth by `campaign set sell-fraction`, or
    /// --for) comes into the party's pool
    Sell(coins::SellArgs),
    /// Buy goods from the edition's price list (OSE's Adventuring Gear and Weapons and
    /// Armour, the AD&D 2e PHB's equipment): paid from the buyer's purse, carried by them
    Buy(coins::BuyArgs),
    /// Light a torch or a lantern: it burns as its holder's time passes, and what burns out is
    /// used up (a torch 6 turns, a lantern a flask of oil every 24)
    Light(coins::LightArgs),
    /// Put out a torch or a lantern lit: what it has burnt keeps
    Douse(coins::LightArgs),
    /// Retainers: `retainer hire R --by C --wage 1 gp/day`, `retainer dismiss R`
    #[command(subcommand)]
    Retainer(coins::RetainerCommand),
    /// What each character owes: wages to their retainers, living and training costs their
    /// purse could not pay; `debts pay CHARACTER` pays them
    Debts(coins::DebtsArgs),
    /// Change coins for another coin at the rates (1 pp = 5 gp = 10 ep = 50 sp = 500 cp), less
    /// the changer's fee (`campaign set exchange-fee`)
    Exchange(coins::ExchangeArgs),
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
    /// Void your latest command's events (never past a void: an undo after an undo is refused)
    Undo(history::UndoArgs),
    /// Record again, with the same dice, what your latest command, an undo (or void), took back
    Redo,
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
    /// Serve the campaign as live web pages for the table's phones: the party, its treasure,
    /// its chronicle (--referee adds the referee's dashboard, whose console records play)
    #[cfg(feature = "serve")]
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

/// What a command does with the campaign database, declared with its grammar: every command
/// says it here or in its family's `does`, so that none is added without saying it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Does {
    /// Reads one moment of it, and never creates it.
    Reads,
    /// Records (or, under `--dry-run`, would).
    Records,
    /// Nothing through the dispatch table: the manual and completions need no database, the
    /// demo and the server open their own.
    Apart,
}

impl Command {
    /// What the command does with the campaign database.
    pub fn does(&self) -> Does {
        match self {
            Command::Campaign(c) => c.does(),
            Command::Session(c) => c.does(),
            Command::Referee(c) => c.does(),
            Command::Character(c) => c.does(),
            Command::Time(c) => c.does(),
            Command::Item(c) => c.does(),
            Command::Sword(c) => c.does(),
            Command::Tables(c) => c.does(),
            Command::Valuable(c) => c.does(),
            Command::Treasure(c) => c.does(),
            Command::Xp(c) => c.does(),
            Command::Report(c) => c.does(),
            Command::Audit(c) => c.does(),
            // `coins` and `claims` alone show the pool and the board.
            Command::Coins(a) => a.command.as_ref().map_or(Does::Reads, |c| c.does()),
            Command::Claims(a) => a.command.as_ref().map_or(Does::Reads, |c| c.does()),
            Command::Debts(a) => a.does(),
            Command::Check
            | Command::Odds(_)
            | Command::Explain(_)
            | Command::Backup(_)
            | Command::Export(_)
            | Command::Log(_) => Does::Reads,
            Command::Roll(_)
            | Command::Generate(_)
            | Command::Give(_)
            | Command::Drop(_)
            | Command::Drink(_)
            | Command::Apply(_)
            | Command::Taste(_)
            | Command::Read(_)
            | Command::Cast(_)
            | Command::Copy(_)
            | Command::Wear(_)
            | Command::Remove(_)
            | Command::Use(_)
            | Command::Recharge(_)
            | Command::Study(_)
            | Command::Identify(_)
            | Command::Claim(_)
            | Command::Share(_)
            | Command::Stash(_)
            | Command::Sell(_)
            | Command::Buy(_)
            | Command::Light(_)
            | Command::Douse(_)
            | Command::Retainer(_)
            | Command::Exchange(_)
            | Command::Touch(_)
            | Command::Wield(_)
            | Command::Sheathe(_)
            | Command::Release(_)
            | Command::Encounter(_)
            | Command::Void(_)
            | Command::Undo(_)
            | Command::Redo
            | Command::Import(_) => Does::Records,
            #[cfg(feature = "serve")]
            Command::Serve(_) => Does::Apart,
            Command::Demo { .. } | Command::Completions { .. } | Command::Man { .. } => Does::Apart,
        }
    }
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

    /// Who records this command's events: `--referee NAME`, else `HOARD_REFEREE` (an empty
    /// value is unset).
    pub fn recorder(&self) -> Option<String> {
        match &self.referee {
            Some(Some(name)) => Some(name.clone()),
            _ => std::env::var("HOARD_REFEREE")
                .ok()
                .filter(|v| !v.is_empty()),
        }
    }

    /// Whether the referee who records comes from `HOARD_REFEREE` rather than `--referee`.
    pub fn recorder_from_env(&self) -> bool {
        !matches!(&self.referee, Some(Some(_)))
    }

    /// Whether `--referee` was given: the referee asks for the truth.
    pub fn as_referee(&self) -> bool {
        self.referee.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::{Cli, Does};
    use clap::{CommandFactory, Parser};

    fn does(line: &str) -> Does {
        let words = std::iter::once("hoard").chain(line.split(' '));
        Cli::try_parse_from(words).unwrap().command.does()
    }

    #[test]
    fn each_command_says_what_it_does_with_the_database() {
        for reads in [
            "coins",
            "claims",
            "item list",
            "log",
            "export",
            "tables check",
        ] {
            assert_eq!(does(reads), Does::Reads, "{reads}");
        }
        for records in [
            "coins add 5gp",
            "claims settle",
            "share",
            "character link A",
        ] {
            assert_eq!(does(records), Does::Records, "{records}");
        }
        for apart in ["demo", "man", "completions bash"] {
            assert_eq!(does(apart), Does::Apart, "{apart}");
        }
    }

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
}
