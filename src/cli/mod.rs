//! The command line: clap types, dispatch, and rendering. Nothing here decides a rule; each
//! command turns its arguments into plain values and calls one function of [`crate::app`].

mod campaign;
pub(crate) mod character;
mod clock;
pub(crate) mod coins;
mod demo;
pub mod describe;
mod explain;
mod foundry;
mod history;
pub(crate) mod item;
pub(crate) mod log;
pub mod out;
mod play;
mod progress;
mod report;
mod roll;
mod serve;
mod session;
mod sword;
mod tables;
pub(crate) mod words;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::app::Ctx;
use crate::error::{Error, Result};
use crate::i18n::{self, Lang};
use crate::rules::knowledge::Method;
use crate::store::Access;
use crate::tr;
use out::Out;

/// The parsed command line. Its parser is put together by hand from [`top`] and the derived
/// [`Command`] so that [`parse`] can leave out the subcommands not named.
#[derive(Debug)]
pub struct Cli {
    pub global: Global,
    pub command: Command,
}

/// hoard itself: its name, version and the options every command takes, but no subcommand.
fn top() -> clap::Command {
    // After the options: their struct's doc comment would otherwise become hoard's about.
    Global::augment_args(clap::Command::new("hoard"))
        .version(env!("CARGO_PKG_VERSION"))
        .about(
            "A campaign database for old-school RPG referees: treasure, its rules, and every die.",
        )
        .long_about(None)
        .propagate_version(true)
        .max_term_width(100)
        .subcommand_required(true)
        .arg_required_else_help(true)
}

impl clap::CommandFactory for Cli {
    fn command() -> clap::Command {
        Command::augment_subcommands(top())
    }

    fn command_for_update() -> clap::Command {
        Command::augment_subcommands_for_update(top())
    }
}

impl clap::FromArgMatches for Cli {
    fn from_arg_matches(matches: &clap::ArgMatches) -> std::result::Result<Self, clap::Error> {
        Self::from_arg_matches_mut(&mut matches.clone())
    }

    fn from_arg_matches_mut(
        matches: &mut clap::ArgMatches,
    ) -> std::result::Result<Self, clap::Error> {
        Ok(Cli {
            global: Global::from_arg_matches_mut(matches)?,
            command: Command::from_arg_matches_mut(matches)?,
        })
    }

    fn update_from_arg_matches(
        &mut self,
        matches: &clap::ArgMatches,
    ) -> std::result::Result<(), clap::Error> {
        self.update_from_arg_matches_mut(&mut matches.clone())
    }

    fn update_from_arg_matches_mut(
        &mut self,
        matches: &mut clap::ArgMatches,
    ) -> std::result::Result<(), clap::Error> {
        self.global.update_from_arg_matches_mut(matches)?;
        self.command.update_from_arg_matches_mut(matches)
    }
}

impl Parser for Cli {}

/// Options every command takes.
#[derive(Debug, Args)]
pub struct Global {
    /// The database: a SQLite file, or a PostgreSQL database as
    /// postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE [default: your data directory's
    /// hoard/hoard.db]
    // The environment's value is never shown in help: it may hold a password.
    #[arg(
        long,
        global = true,
        env = "HOARD_DB",
        hide_env_values = true,
        value_name = "PATH|URL"
    )]
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
    /// Print a shell completion script: `hoard completions bash > ~/.local/share/bash-completion/completions/hoard`
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff): `hoard man > hoard.1 && man ./hoard.1`
    Man {
        /// Write hoard.1 and a page per command (hoard-give.1 …) into this folder instead
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
    },
}

impl Command {
    /// Whether the command reads through the ledger in chunks, which SQLite's thread reads
    /// ahead while the main thread renders the last one: such a command gets two cores (an
    /// audit of 100,000 checks runs in half the time), as does the web server; every other
    /// shares one.
    fn walks_the_ledger(&self) -> bool {
        match self {
            Command::Log(a) => a.limit.is_none(),
            Command::Audit(_)
            | Command::Report(_)
            | Command::Export(_)
            | Command::Check
            | Command::Void(_)
            | Command::Undo
            | Command::Serve(_) => true,
            _ => false,
        }
    }
}

/// Parse, run, print; map errors to one line on stderr and an exit code.
pub fn main() -> ExitCode {
    let cli = match parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    i18n::set(match cli.global.lang {
        Some(LangArg::En) => Lang::En,
        Some(LangArg::Fr) => Lang::Fr,
        None => lang_from_env(),
    });
    // Completions and the manual come from the clap definitions alone: no database.
    match cli.command {
        Command::Completions { shell } => return print_completions(shell),
        Command::Man { dir } => return print_man(dir),
        _ => {}
    }
    if let Some(db) = &cli.global.db {
        hide_in_panics(crate::store::open::secrets(db));
    }
    if !cli.command.walks_the_ledger() {
        share_one_core();
    }
    // IO and timers: a PostgreSQL server is reached through tokio's sockets, and the server
    // has its own sockets, signals and timers.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build();
    let result = runtime
        .map_err(Error::Io)
        .and_then(|runtime| match cli.command {
            Command::Demo => runtime.block_on(demo::play(cli.global.db.clone(), cli.global.lang)),
            Command::Serve(a) => runtime.block_on(serve::run(&cli.global, a)),
            _ => runtime.block_on(run_until_settled(cli)),
        });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (`hoard log | head`): not an error.
        Err(Error::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hoard: {}", out::safe(&e.to_string()));
            ExitCode::from(e.exit_code())
        }
    }
}

/// A panic is a bug in hoard, but its message must not show a password `--db` holds either:
/// one that names it is printed with the password hidden, any other as Rust prints it.
fn hide_in_panics(secrets: Vec<String>) {
    if secrets.is_empty() {
        return;
    }
    let rust = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .copied()
            .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
            .unwrap_or_default();
        match hidden(&secrets, message) {
            Some(message) => {
                let at = info
                    .location()
                    .map(|l| format!(" at {l}"))
                    .unwrap_or_default();
                eprintln!("hoard panicked{at}: {message}");
            }
            None => rust(info),
        }
    }));
}

/// `message` with each secret in it replaced by `***`; `None` when it holds none.
fn hidden(secrets: &[String], message: &str) -> Option<String> {
    secrets
        .iter()
        .any(|s| message.contains(s.as_str()))
        .then(|| {
            secrets
                .iter()
                .fold(message.to_string(), |m, s| m.replace(s.as_str(), "***"))
        })
}

/// Run the command; if it failed only because another process wrote at the same moment
/// ([`crate::store::contention`]: nothing of it was committed, and nothing printed, since a
/// command answers after its commit), run it again from the start, the command line parsed
/// anew, as if it had been typed a moment later.
async fn run_until_settled(mut cli: Cli) -> Result<()> {
    const TRIES: usize = 10;
    for _ in 1..TRIES {
        match run(cli).await {
            Err(e) if crate::store::contention(&e) => {
                cli = parse().map_err(|e| Error::Invalid(e.to_string()))?;
            }
            settled => return settled,
        }
    }
    run(cli).await
}

/// The command line, parsed. Before parsing, clap copies each global option into every
/// subcommand, most of a short command's parsing work; so when the command line names a
/// subcommand, the parser holds only that one (help, errors and anything unusual get the
/// whole parser). The parser is left to the end of the process instead of being taken apart:
/// freeing it costs instructions, and the process ends right after.
fn parse() -> std::result::Result<Cli, clap::Error> {
    use clap::FromArgMatches;
    let args: Vec<_> = std::env::args_os().collect();
    let mut parser = std::mem::ManuallyDrop::new(parser_for(&args));
    let mut matches = std::mem::ManuallyDrop::new(parser.try_get_matches_from_mut(args)?);
    Cli::from_arg_matches_mut(&mut matches).map_err(|e| e.format(&mut parser))
}

/// The parser for this command line: hoard with only the subcommand it names, if it names one.
fn parser_for(args: &[std::ffi::OsString]) -> clap::Command {
    use clap::CommandFactory;
    let all = Cli::command();
    match named_subcommand(&all, args) {
        Some(sub) => top().subcommand(sub.clone()),
        None => all,
    }
}

/// The subcommand the command line names: its first word that is not a global option or an
/// option's value. None when there is no such word, or a `--` or a short option comes first.
fn named_subcommand<'a>(
    all: &'a clap::Command,
    args: &[std::ffi::OsString],
) -> Option<&'a clap::Command> {
    let mut args = args.iter().skip(1);
    while let Some(arg) = args.next() {
        let arg = arg.to_str()?;
        let Some(long) = arg.strip_prefix("--") else {
            return all.find_subcommand(arg).filter(|_| !arg.starts_with('-'));
        };
        let option = all
            .get_arguments()
            .find(|a| a.get_long() == Some(long.split('=').next().unwrap_or(long)))?;
        if option.get_action().takes_values() && !long.contains('=') {
            args.next();
        }
    }
    None
}

/// Help and version print as clap writes them; a usage error becomes one line (with clap's
/// tip, if any) and exit code 2.
fn usage_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        e.exit();
    }
    eprintln!("hoard: {}", out::safe(&one_line(&e.render().to_string())));
    ExitCode::from(2)
}

/// clap's error as one line: the error with the lines it lists (missing arguments …), its
/// tip, and the usage of the command concerned.
fn one_line(text: &str) -> String {
    let mut paragraphs = text.split("\n\n").map(|p| {
        p.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    });
    let error = paragraphs.next().unwrap_or_default();
    let mut parts = vec![
        error
            .split(" tip: ")
            .map(|p| p.trim_start_matches("error:").trim().to_string())
            .collect::<Vec<_>>()
            .join("; tip: "),
    ];
    parts.extend(
        paragraphs
            .filter(|p| p.starts_with("tip:") || p.starts_with("Usage:"))
            .map(|p| p.replacen("Usage:", "usage:", 1)),
    );
    parts.push("see --help".into());
    parts.join("; ")
}

fn print_completions(shell: clap_complete::Shell) -> ExitCode {
    use clap::CommandFactory;
    // Generated into memory first: clap_complete panics if the writer fails (`| head`).
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "hoard", &mut script);
    print_bytes(&script, "completions")
}

/// Write generated text to stdout; a reader that went away is not an error.
fn print_bytes(bytes: &[u8], what: &str) -> ExitCode {
    match std::io::Write::write_all(&mut std::io::stdout(), bytes) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hoard: cannot write the {what}: {e}");
            ExitCode::from(1)
        }
    }
}

/// The manual: `hoard(1)` on stdout, or with `--dir` a page per command (`hoard-give.1` …),
/// from the same definitions as `--help`.
fn print_man(dir: Option<PathBuf>) -> ExitCode {
    use clap::CommandFactory;
    let Some(dir) = dir else {
        let mut page = Vec::new();
        return match clap_mangen::Man::new(Cli::command()).render(&mut page) {
            Ok(()) => print_bytes(&page, "manual"),
            Err(e) => {
                eprintln!("hoard: cannot render the manual: {e}");
                ExitCode::from(1)
            }
        };
    };
    match std::fs::create_dir_all(&dir)
        .and_then(|()| clap_mangen::generate_to(Cli::command(), &dir))
    {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!(
                "hoard: cannot write the manual into {}: {e}; check that the folder is writable",
                dir.display()
            );
            ExitCode::from(1)
        }
    }
}

fn lang_from_env() -> Lang {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .filter_map(|k| std::env::var(k).ok())
        .find(|v| !v.is_empty())
        .map(|v| Lang::from_tag(&v))
        .unwrap_or_default()
}

pub(crate) async fn run(cli: Cli) -> Result<()> {
    let mut out = Out::new(cli.global.json);
    let path = match cli.global.db.clone() {
        Some(path) => path,
        None => default_db()?,
    };
    // Commands that need no database do not open it.
    if let Command::Tables(tables::TablesCommand::Check { dir: Some(dir) }) = &cli.command {
        let result = tables::check_without_db(&mut out, dir);
        return result.and(out.flush());
    }
    let db = crate::store::open(&path, access(&cli.command, cli.global.dry_run)).await?;
    let options = crate::app::Options {
        campaign: cli.global.campaign.clone(),
        seed: cli.global.seed,
        tables: cli.global.tables.clone(),
        dry_run: cli.global.dry_run,
    };
    let progress = progress::Mode::choose(cli.global.progress, cli.global.json);
    let mut cx = Ctx::new(db, options);
    let result = match cli.command {
        Command::Demo | Command::Serve(_) | Command::Completions { .. } | Command::Man { .. } => {
            Ok(())
        }
        Command::Campaign(c) => campaign::run(&mut cx, &mut out, c).await,
        Command::Session(c) => session::run(&mut cx, &mut out, c).await,
        Command::Character(c) => character::run(&mut cx, &mut out, c).await,
        Command::Time(c) => clock::run(&mut cx, &mut out, c).await,
        Command::Roll(a) => roll::run(&mut cx, &mut out, a).await,
        Command::Log(a) => log::run(&mut cx, &mut out, a).await,
        Command::Generate(a) => item::generate(&mut cx, &mut out, a, progress).await,
        Command::Item(c) => item::run(&mut cx, &mut out, c).await,
        Command::Sword(c) => sword::run(&mut cx, &mut out, c).await,
        Command::Tables(c) => tables::run(&mut cx, &mut out, c).await,
        Command::Give(a) => play::give(&mut cx, &mut out, a).await,
        Command::Drop(a) => play::drop(&mut cx, &mut out, a).await,
        Command::Drink(a) => play::drink(&mut cx, &mut out, a, false).await,
        Command::Apply(a) => play::drink(&mut cx, &mut out, a, true).await,
        Command::Taste(a) => play::identify(&mut cx, &mut out, &a.item, &a.by, Method::Taste).await,
        Command::Read(a) => {
            play::identify(&mut cx, &mut out, &a.item, &a.by, Method::ReadMagic).await
        }
        Command::Cast(a) => play::cast(&mut cx, &mut out, a).await,
        Command::Copy(a) => play::copy(&mut cx, &mut out, a).await,
        Command::Wear(a) => play::wear(&mut cx, &mut out, a).await,
        Command::Remove(a) => play::remove(&mut cx, &mut out, a).await,
        Command::Use(a) => play::use_item(&mut cx, &mut out, a).await,
        Command::Recharge(a) => play::recharge(&mut cx, &mut out, a).await,
        Command::Study(a) => play::study(&mut cx, &mut out, a).await,
        Command::Identify(a) => play::identify(&mut cx, &mut out, &a.item, &a.by, a.method).await,
        Command::Coins(a) => coins::run(&mut cx, &mut out, a).await,
        Command::Valuable(c) => coins::valuable(&mut cx, &mut out, c).await,
        Command::Share(a) => coins::share(&mut cx, &mut out, a).await,
        Command::Xp(c) => coins::xp(&mut cx, &mut out, c).await,
        Command::Stash(a) => coins::stash(&mut cx, &mut out, a).await,
        Command::Report(c) => report::run(&mut cx, &mut out, c).await,
        Command::Check => check(&mut cx, &mut out).await,
        Command::Touch(a) => sword::touch(&mut cx, &mut out, a).await,
        Command::Wield(a) => sword::wield(&mut cx, &mut out, a).await,
        Command::Sheathe(a) => sword::sheathe(&mut cx, &mut out, a).await,
        Command::Release(a) => sword::release(&mut cx, &mut out, a).await,
        Command::Encounter(a) => sword::encounter(&mut cx, &mut out, a).await,
        Command::Odds(a) => sword::odds(&mut cx, &mut out, a).await,
        Command::Audit(c) => sword::audit(&mut cx, &mut out, c).await,
        Command::Void(a) => history::void(&mut cx, &mut out, a).await,
        Command::Undo => history::undo(&mut cx, &mut out).await,
        Command::Explain(a) => explain::run(&mut cx, &mut out, a).await,
        Command::Backup(a) => history::backup(&mut cx, &mut out, a).await,
        Command::Export(a) => history::export(&mut cx, &mut out, a).await,
        Command::Import(a) => history::import(&mut cx, &mut out, a, progress).await,
    };
    let dry = cx.dry_run() && result.is_ok();
    let closed = cx.db.close().await;
    if dry {
        eprintln!(
            "{}",
            tr!("dry run: nothing was written", "essai : rien n'a été écrit")
        );
    }
    result.and(out.flush()).and(closed)
}

/// What a command does with the database: commands that only read see one moment of it and
/// never create it; the others record (or, under `--dry-run`, would).
fn access(command: &Command, dry_run: bool) -> Access {
    use campaign::CampaignCommand as Ca;
    use character::CharacterCommand as Ch;
    use item::ItemCommand as It;
    let reads = match command {
        Command::Campaign(c) => matches!(c, Ca::List | Ca::Show),
        Command::Session(c) => matches!(c, session::SessionCommand::List),
        Command::Character(c) => matches!(c, Ch::List | Ch::Show { .. }),
        Command::Time(c) => matches!(c, clock::TimeCommand::Show),
        Command::Item(c) => matches!(c, It::List { .. } | It::Show { .. } | It::History { .. }),
        Command::Tables(c) => !matches!(c, tables::TablesCommand::Roll { .. }),
        Command::Coins(a) => matches!(a.command, None | Some(coins::CoinsCommand::Show)),
        Command::Report(_)
        | Command::Check
        | Command::Odds(_)
        | Command::Audit(_)
        | Command::Explain(_)
        | Command::Backup(_)
        | Command::Export(_)
        | Command::Log(_) => true,
        _ => false,
    };
    match (reads, dry_run) {
        (true, _) => Access::Read,
        (false, true) => Access::DryRun,
        (false, false) => Access::Write,
    }
}

/// Keep the process, and the SQLite worker thread sqlx starts, on the core it began on. Every
/// statement and every row passes between the two threads; on one core each hand-over is a
/// plain switch, where across cores each is a wake-up of an idle core (tens of microseconds on
/// a virtual machine). Measured: a recording command a tenth faster, and bulk writes
/// (generate, import) faster too, since one thread always waits for the other.
fn share_one_core() {
    #[cfg(target_os = "linux")]
    {
        use nix::sched::{CpuSet, sched_getcpu, sched_setaffinity};
        let mut one = CpuSet::new();
        if let Ok(cpu) = sched_getcpu()
            && one.set(cpu).is_ok()
        {
            // Only a hint: where it cannot be set, the command runs as it would anyway.
            let _ = sched_setaffinity(nix::unistd::Pid::from_raw(0), &one);
        }
    }
}

/// `hoard/hoard.db` in the platform's data directory (`~/.local/share` on Linux).
fn default_db() -> Result<PathBuf> {
    use etcetera::BaseStrategy;
    etcetera::choose_base_strategy()
        .map(|dirs| dirs.data_dir().join("hoard").join("hoard.db"))
        .map_err(|_| {
            Error::Invalid(tr!(
                "cannot find your data directory; pass --db PATH or set HOARD_DB",
                "dossier de données introuvable ; passez --db CHEMIN ou définissez HOARD_DB"
            ))
        })
}

async fn check(cx: &mut Ctx, out: &mut Out) -> Result<()> {
    let report = crate::app::check::check(cx).await?;
    if out.json() {
        out.doc(&serde_json::json!({ "ok": report.ok(), "report": report }))?;
    } else {
        for line in report
            .file
            .iter()
            .chain(&report.invariants)
            .chain(&report.conflicts)
            .chain(&report.differences)
        {
            out.line(&out::safe(line))?;
        }
        if report.ok() {
            let n = report.events;
            out.line(&tr!(
                "ok: {n} events replayed; the state they build is the stored state",
                "ok : {n} événements rejoués ; l'état qu'ils construisent est l'état enregistré"
            ))?;
        }
    }
    if report.ok() {
        Ok(())
    } else {
        let n = report.file.len()
            + report.invariants.len()
            + report.conflicts.len()
            + report.differences.len();
        Err(Error::Conflict(tr!(
            "check found {n} problem(s)",
            "la vérification a trouvé {n} problème(s)"
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{CommandFactory, FromArgMatches};

    /// The parser narrowed to the named subcommand parses, refuses and helps exactly as the
    /// whole one does.
    #[test]
    fn the_narrowed_parser_answers_as_the_whole_one() {
        for line in [
            "hoard --help",
            "hoard --version",
            "hoard",
            "hoard character --help",
            "hoard character damage --help",
            "hoard --db x.db char damage Arnaud 3 --json",
            "hoard --db=x.db --seed 7 roll 2d6",
            "hoard --campaign west --lang fr give Lame --to Arnaud",
            "hoard character damage",
            "hoard character damage Arnaud -3",
            "hoard chracter show Arnaud",
            "hoard audit swords --session 2",
            "hoard -- character show Arnaud",
            "hoard --json log --limit 20",
        ] {
            let args: Vec<std::ffi::OsString> = line.split(' ').map(Into::into).collect();
            let narrowed = parser_for(&args);
            let named = named_subcommand(&Cli::command(), &args).is_some();
            assert_eq!(narrowed.get_subcommands().count() == 1, named, "{line}");
            let answer = |mut parser: clap::Command| match parser.try_get_matches_from_mut(&args) {
                Ok(mut m) => format!(
                    "{:?}",
                    Cli::from_arg_matches_mut(&mut m).map_err(|e| e.to_string())
                ),
                Err(e) => e.render().to_string(),
            };
            assert_eq!(answer(narrowed), answer(Cli::command()), "{line}");
        }
    }

    #[test]
    fn a_panic_naming_the_database_hides_its_password() {
        let secrets =
            crate::store::open::secrets(std::path::Path::new("postgres://me:s3cr%21t@h/west"));
        assert_eq!(
            hidden(
                &secrets,
                "cannot reach postgres://me:s3cr%21t@h/west (s3cr!t)"
            )
            .as_deref(),
            Some("cannot reach postgres://me:***@h/west (***)")
        );
        assert_eq!(hidden(&secrets, "index out of bounds"), None);
        assert!(crate::store::open::secrets(std::path::Path::new("/home/me/west.db")).is_empty());
    }

    #[test]
    fn help_starts_with_what_hoard_is_for() {
        let help = Cli::command().render_help().to_string();
        assert!(
            help.starts_with("A campaign database for old-school RPG referees"),
            "{help}"
        );
    }
}
