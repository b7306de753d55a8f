//! A command line a web form typed: `serve`'s referee console posts the arguments a form
//! declares, and this runs them as `hoard` would — the same grammar (so the same validation),
//! the same dispatch, the same `app` function, the same words — keeping what the command
//! prints for the page instead of printing it.

use std::ffi::OsString;

use clap::Parser;

use super::args::{Cli, Does};
use super::dispatch::run_into;
use super::failure::usage_refusal;
use super::out::Out;
use crate::error::{Error, Result};
use crate::tr;

/// Run `args` (every word after `hoard`, the global options included) as the command line
/// would; its output kept and returned. A recording command only: anything else is refused
/// before the database is opened, for a console records and never reads through here. A word
/// the grammar refuses is an [`Error::Invalid`] worded as clap words it, without the usage.
pub async fn run(args: Vec<OsString>) -> Result<String> {
    let argv = std::iter::once(OsString::from("hoard")).chain(args);
    let cli = Cli::try_parse_from(argv).map_err(|e| Error::Invalid(usage_refusal(&e).into()))?;
    if cli.command.does() != Does::Records {
        return Err(Error::Invalid(
            tr!(
                "the console runs only commands that record",
                "la console ne lance que des commandes qui enregistrent"
            )
            .into(),
        ));
    }
    let mut out = Out::keeping(false);
    run_into(cli, &mut out).await?;
    Ok(out.kept())
}
