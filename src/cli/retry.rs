//! Running a command again when it lost a race: another process wrote at the same moment, so
//! nothing of it was committed and nothing printed (a command answers after its commit).

use clap::Parser;

use super::args::Cli;
use super::dispatch::run;
use crate::error::{Error, Result};

/// Run the command; if it failed only because another process wrote at the same moment
/// ([`crate::store::contention`]), run it again from the start, the command line parsed
/// anew, as if it had been typed a moment later.
pub async fn run_until_settled(mut cli: Cli) -> Result<()> {
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
