//! What each command does with the database — read one moment of it, or record — decided
//! from the parsed command alone, before the database is opened in that mode.

use super::args::Command;
use super::args::campaign::CampaignCommand as Ca;
use super::args::character::CharacterCommand as Ch;
use super::args::clock::TimeCommand;
use super::args::coins::CoinsCommand;
use super::args::item::ItemCommand as It;
use super::args::session::SessionCommand;
use super::args::tables::TablesCommand;
use crate::app::open::Access;

/// What a command does with the database: commands that only read see one moment of it and
/// never create it; the others record (or, under `--dry-run`, would).
pub fn access(command: &Command, dry_run: bool) -> Access {
    let reads = match command {
        Command::Campaign(c) => matches!(c, Ca::List | Ca::Show),
        Command::Session(c) => matches!(c, SessionCommand::List),
        Command::Referee(c) => matches!(c, super::args::session::RefereeCommand::List),
        Command::Character(c) => matches!(c, Ch::List | Ch::Show { .. }),
        Command::Time(c) => matches!(c, TimeCommand::Show),
        Command::Item(c) => matches!(c, It::List { .. } | It::Show { .. } | It::History { .. }),
        Command::Tables(c) => !matches!(c, TablesCommand::Roll { .. }),
        Command::Coins(a) => matches!(a.command, None | Some(CoinsCommand::Show)),
        Command::Claims(a) => {
            !matches!(a.command, Some(super::args::claims::ClaimsCommand::Settle))
        }
        Command::Treasure(c) => matches!(c, super::args::treasure::TreasureCommand::Types { .. }),
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
