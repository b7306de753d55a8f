//! The dispatch table: one parsed command line to the command module that runs it, on the
//! database opened in the mode the command needs. Its own module, apart from `main`, so that
//! the demo and the retry loop (which run commands through it) import it without importing
//! the command line's root.

use super::args::campaign::CampaignCommand;
use super::args::tables::TablesCommand;
use super::args::treasure::TreasureCommand;
use super::args::{Cli, Command, Does};
use super::out::Out;
use super::{
    campaign, character, check, claims, clock, coins, debts, defaults, explain, history, item, log,
    notices, play, progress, report, retainer, roll, session, shop, sword, tables, treasure,
};
use crate::app::Ctx;
use crate::app::open::Access;
use crate::error::{Error, Result};
use crate::rules::knowledge::Method;

/// What a command that reads answers before the first campaign is created, when there is no
/// database yet: the tables (the shipped ones, with the folder `--tables` names) and an empty
/// list of campaigns; `None` for the others, which need one.
fn without_database(cli: &Cli, out: &mut Out) -> Option<Result<()>> {
    match &cli.command {
        Command::Tables(c) => tables::without_db(out, c, cli.global.tables.as_deref()),
        Command::Treasure(TreasureCommand::Types { system }) => Some(treasure::without_db(
            out,
            *system,
            cli.global.tables.as_deref(),
        )),
        Command::Campaign(CampaignCommand::List) => Some(campaign::list(out, Vec::new())),
        _ => None,
    }
}

/// Run one parsed command: open the database in the mode it needs, call its module, print
/// its output after its commit, and add the notices it calls for.
pub async fn run(cli: Cli) -> Result<()> {
    let mut out = Out::new(cli.global.json);
    run_into(cli, &mut out).await
}

/// [`run`], its output into `out`; the notices on stderr only when `out` prints (an edge
/// that keeps the output words its own).
pub async fn run_into(cli: Cli, out: &mut Out) -> Result<()> {
    let path = match cli.global.database() {
        Some(path) => path,
        None => defaults::default_db()?,
    };
    // Commands that need no database do not open it.
    if let Command::Tables(c @ TablesCommand::Check { dir: Some(_) }) = &cli.command {
        let result = tables::without_db(out, c, None).unwrap_or(Ok(()));
        return result.and(out.flush());
    }
    let access = match (cli.command.does(), cli.global.dry_run) {
        (Does::Apart, _) => return Ok(()),
        (Does::Reads, _) => Access::Read,
        (Does::Records, false) => Access::Write,
        (Does::Records, true) => {
            out.dry_run();
            Access::DryRun
        }
    };
    let db = match crate::app::open::open(&path, access).await {
        Ok(db) => db,
        Err(e) if crate::app::open::absent(&e) => {
            let Some(result) = without_database(&cli, out) else {
                return Err(e);
            };
            return result.and(out.flush());
        }
        Err(e) => return Err(e),
    };
    let options = crate::app::Options {
        campaign: cli.global.campaign.clone(),
        seed: cli.global.seed,
        tables: cli.global.tables.clone(),
        dry_run: cli.global.dry_run,
        opened: Some(crate::i18n::time::opened),
        referee: cli.global.recorder(),
        referee_from_env: cli.global.recorder_from_env(),
        as_referee: cli.global.as_referee(),
        session: cli.global.session.clone(),
    };
    let progress = progress::Mode::choose(cli.global.progress, cli.global.json);
    let mut cx = Ctx::new(db, options);
    let names_its_campaign = notices::names_its_campaign(&cli.command);
    let result = match cli.command {
        // `Does::Apart`: answered before the database is opened.
        #[cfg(feature = "serve")]
        Command::Serve(_) => Ok(()),
        Command::Demo { .. } | Command::Completions { .. } | Command::Man { .. } => Ok(()),
        Command::Campaign(c) => campaign::run(&mut cx, out, c).await,
        Command::Session(c) => session::run(&mut cx, out, c).await,
        Command::Referee(c) => session::referee(&mut cx, out, c).await,
        Command::Character(c) => character::run(&mut cx, out, c).await,
        Command::Time(c) => clock::run(&mut cx, out, c).await,
        Command::Roll(a) => roll::run(&mut cx, out, a).await,
        Command::Log(a) => log::run(&mut cx, out, a).await,
        Command::Generate(a) => item::generate(&mut cx, out, a, progress).await,
        Command::Item(c) => item::run(&mut cx, out, c).await,
        Command::Sword(c) => sword::run(&mut cx, out, c).await,
        Command::Tables(c) => tables::run(&mut cx, out, c).await,
        Command::Give(a) => play::give(&mut cx, out, a).await,
        Command::Drop(a) => play::drop(&mut cx, out, a).await,
        Command::Drink(a) => play::drink(&mut cx, out, a, false).await,
        Command::Apply(a) => play::drink(&mut cx, out, a, true).await,
        Command::Taste(a) => {
            play::identify(&mut cx, out, &a.item, a.by.as_deref(), Method::Taste, None).await
        }
        Command::Read(a) => {
            play::identify(
                &mut cx,
                out,
                &a.item,
                a.by.as_deref(),
                Method::ReadMagic,
                None,
            )
            .await
        }
        Command::Cast(a) => play::cast(&mut cx, out, a).await,
        Command::Copy(a) => play::copy(&mut cx, out, a).await,
        Command::Wear(a) => play::wear(&mut cx, out, a).await,
        Command::Remove(a) => play::remove(&mut cx, out, a).await,
        Command::Use(a) => play::use_item(&mut cx, out, a).await,
        Command::Recharge(a) => play::recharge(&mut cx, out, a).await,
        Command::Study(a) => play::study(&mut cx, out, a).await,
        Command::Identify(a) => {
            play::identify(&mut cx, out, &a.item, a.by.as_deref(), a.method, None).await
        }
        Command::Coins(a) => coins::run(&mut cx, out, a).await,
        Command::Valuable(c) => coins::valuable(&mut cx, out, c).await,
        Command::Share(a) => coins::share(&mut cx, out, a).await,
        Command::Claim(a) => claims::claim(&mut cx, out, a).await,
        Command::Claims(a) => claims::run(&mut cx, out, a).await,
        Command::Xp(c) => coins::xp(&mut cx, out, c).await,
        Command::Stash(a) => coins::stash(&mut cx, out, a).await,
        Command::Sell(a) => coins::sell(&mut cx, out, a).await,
        Command::Buy(a) => shop::buy(&mut cx, out, a).await,
        Command::Light(a) => shop::light(&mut cx, out, a, true).await,
        Command::Douse(a) => shop::light(&mut cx, out, a, false).await,
        Command::Retainer(c) => retainer::run(&mut cx, out, c).await,
        Command::Debts(a) => debts::run(&mut cx, out, a).await,
        Command::Treasure(c) => treasure::run(&mut cx, out, c).await,
        Command::Exchange(a) => coins::exchange(&mut cx, out, a).await,
        Command::Report(c) => report::run(&mut cx, out, c).await,
        Command::Check => check::run(&mut cx, out).await,
        Command::Touch(a) => sword::touch(&mut cx, out, a).await,
        Command::Wield(a) => sword::wield(&mut cx, out, a).await,
        Command::Sheathe(a) => sword::sheathe(&mut cx, out, a).await,
        Command::Release(a) => sword::release(&mut cx, out, a).await,
        Command::Encounter(a) => sword::encounter(&mut cx, out, a).await,
        Command::Odds(a) => sword::odds(&mut cx, out, a).await,
        Command::Audit(c) => sword::audit(&mut cx, out, c).await,
        Command::Void(a) => history::void(&mut cx, out, a).await,
        Command::Undo(a) => history::undo(&mut cx, out, a.force).await,
        Command::Redo => history::redo(&mut cx, out).await,
        Command::Explain(a) => explain::run(&mut cx, out, a).await,
        Command::Backup(a) => history::backup(&mut cx, out, a).await,
        Command::Export(a) => history::export(&mut cx, out, a).await,
        Command::Import(a) => history::import(&mut cx, out, a, progress).await,
    };
    let (dry, json) = (cx.dry_run() && result.is_ok(), out.json());
    let prints = !out.keeps();
    if result.is_ok() && prints {
        notices::started_default(out.json(), names_its_campaign, cx.db.committed());
    }
    let result = result.and_then(|()| out.flush()).map_err(|e| match e {
        Error::Output(cause) if !cx.db.committed().is_empty() || cx.what_was_made().is_some() => {
            Error::Unprinted {
                events: cx.db.committed().to_vec(),
                made: cx.what_was_made().cloned(),
                cause,
            }
        }
        e => e,
    });
    let closed = cx.db.close().await;
    if dry && prints {
        notices::dry_run(json);
    }
    result.and(closed.map_err(Error::from))
}
