//! The command line's dispatch: parse ([`args`]), open the database in the mode the command
//! needs, run the command's module, and turn an error into one line and an exit code. Nothing
//! here decides a rule; each command turns its arguments into plain values and calls one
//! function of [`crate::app`].

pub mod args;
mod campaign;
pub(crate) mod character;
mod check;
mod clock;
pub(crate) mod coins;
mod complete;
mod demo;
pub mod describe;
mod explain;
mod foundry;
mod history;
pub mod inert;
pub(crate) mod item;
pub(crate) mod item_view;
pub(crate) mod log;
mod manual;
pub(crate) mod money;
pub mod out;
mod play;
mod progress;
mod report;
mod roll;
mod serve;
mod session;
mod sword;
mod tables;
pub mod tone;
pub(crate) mod words;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;

use crate::app::Ctx;
use crate::error::{Error, Result};
use crate::i18n::{self, Lang};
use crate::rules::knowledge::Method;
use crate::store::Access;
use crate::tr;
pub use args::{Cli, Command, Global, LangArg};
use out::Out;

/// Parse, run, print; map errors to one line on stderr and an exit code.
pub fn main() -> ExitCode {
    complete::answer_if_asked();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(e, std::env::args_os().any(|a| a == "--json")),
    };
    let json = cli.global.json;
    i18n::set(match cli.global.lang {
        Some(LangArg::En) => Lang::En,
        Some(LangArg::Fr) => Lang::Fr,
        None => lang_from_env(),
    });
    // Completions and the manual come from the clap definitions alone: no database.
    match cli.command {
        Command::Completions { shell, install } => return complete::completions(shell, install),
        Command::Man { dir } => return manual::man(dir),
        _ => {}
    }
    if let Some(db) = &cli.global.database() {
        hide_in_panics(crate::store::open::secrets(db));
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
        Err(Error::Io(e) | Error::Output(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        Err(e) => {
            complain(json, e.code(), &e.to_string());
            ExitCode::from(e.exit_code())
        }
    }
}

/// An error as one line on stderr; under `--json`, one JSON object with a stable `code`
/// (docs/json.md lists them) so that scripts need not read the prose.
fn complain(json: bool, code: &str, message: &str) {
    if json {
        let error = serde_json::json!({ "error": { "code": code, "message": message } });
        eprintln!("{}", inert::inert_json(&error.to_string()));
    } else {
        eprintln!("hoard: {}", inert::safe(message));
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
                cli = Cli::try_parse().map_err(|e| Error::Invalid(e.to_string()))?;
            }
            settled => return settled,
        }
    }
    run(cli).await
}

/// Help and version print as clap writes them; a usage error becomes one line (with clap's
/// tip, if any) and exit code 2.
fn usage_error(e: clap::Error, json: bool) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        e.exit();
    }
    complain(json, "usage", &one_line(&e.render().to_string()));
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
    let path = match cli.global.database() {
        Some(path) => path,
        None => default_db()?,
    };
    // Commands that need no database do not open it.
    if let Command::Tables(args::tables::TablesCommand::Check { dir: Some(dir) }) = &cli.command {
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
    let names_its_campaign = matches!(
        cli.command,
        Command::Campaign(args::campaign::CampaignCommand::New { .. }) | Command::Import(_)
    );
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
        Command::Check => check::run(&mut cx, &mut out).await,
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
    // Event #1 of a campaign creates it: recorded by a command that did not name a campaign,
    // it is the implicit `default`, which the referee should know is there.
    if result.is_ok() && !names_its_campaign && cx.db.committed().first() == Some(&1) {
        eprintln!(
            "{}",
            tr!(
                "Started a campaign named default for this database; rename it with `hoard campaign rename default NAME`.",
                "Campagne « default » commencée pour cette base ; renommez-la avec `hoard campaign rename default NOM`."
            )
        );
    }
    let result = result.and_then(|()| out.flush()).map_err(|e| match e {
        Error::Output(cause) if !cx.db.committed().is_empty() => Error::Unprinted {
            events: cx.db.committed().to_vec(),
            cause,
        },
        e => e,
    });
    let closed = cx.db.close().await;
    if dry {
        eprintln!(
            "{}",
            tr!("dry run: nothing was written", "essai : rien n'a été écrit")
        );
    }
    result.and(closed)
}

/// What a command does with the database: commands that only read see one moment of it and
/// never create it; the others record (or, under `--dry-run`, would).
fn access(command: &Command, dry_run: bool) -> Access {
    use args::campaign::CampaignCommand as Ca;
    use args::character::CharacterCommand as Ch;
    use args::item::ItemCommand as It;
    let reads = match command {
        Command::Campaign(c) => matches!(c, Ca::List | Ca::Show),
        Command::Session(c) => matches!(c, args::session::SessionCommand::List),
        Command::Character(c) => matches!(c, Ch::List | Ch::Show { .. }),
        Command::Time(c) => matches!(c, args::clock::TimeCommand::Show),
        Command::Item(c) => matches!(c, It::List { .. } | It::Show { .. } | It::History { .. }),
        Command::Tables(c) => !matches!(c, args::tables::TablesCommand::Roll { .. }),
        Command::Coins(a) => matches!(a.command, None | Some(args::coins::CoinsCommand::Show)),
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

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

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
