//! Running a command again when it lost a race: another process wrote at the same moment, so
//! nothing of it was committed and nothing printed (a command answers after its commit).

use std::time::Duration;

use clap::Parser;
use rand::TryRngCore;

use super::args::Cli;
use super::dispatch::run;
use crate::error::{Error, Result};
use crate::tr;

/// How many times a command is run before its lost races are told to the referee.
const TRIES: u32 = 10;

/// Run the command; if it failed only because another process wrote at the same moment
/// ([`crate::app::open::contention`]), run it again from the start, the command line parsed
/// anew, as if it had been typed a moment later. The pause before each new try grows and is
/// drawn at random, so that writers that collided do not collide again in step.
pub async fn run_until_settled(mut cli: Cli) -> Result<()> {
    let mut attempt = 1;
    loop {
        match run(cli).await {
            Err(e) if crate::app::open::contention(&e) && attempt < TRIES => {
                tokio::time::sleep(pause(attempt)).await;
                attempt += 1;
                cli = Cli::try_parse().map_err(|e| Error::Invalid(e.to_string().into()))?;
            }
            Err(e) if crate::app::open::contention(&e) => {
                return Err(Error::Busy(tr!(
                    "other processes kept writing to the campaign at the same moment ({TRIES} tries); nothing was recorded: run the command again",
                    "d'autres processus écrivaient sans cesse dans la campagne au même moment ({TRIES} essais) ; rien n'a été enregistré : relancez la commande"
                ).into()));
            }
            settled => return settled,
        }
    }
}

/// The pause after the `attempt`-th lost race: up to 2, 4, 8 … ms, at most 100 ms. Its
/// randomness is the operating system's, never `--seed`'s: the pause rolls no die of the game.
fn pause(attempt: u32) -> Duration {
    let ceiling = (1u64 << attempt.min(7)).min(100);
    let drawn = rand::rngs::OsRng.try_next_u64().unwrap_or(ceiling);
    Duration::from_millis(1 + drawn % ceiling)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pauses_grow_and_stay_short() {
        for attempt in 1..TRIES {
            let p = pause(attempt);
            assert!(p >= Duration::from_millis(1));
            assert!(p <= Duration::from_millis((1u64 << attempt.min(7)).min(100)));
        }
    }
}
