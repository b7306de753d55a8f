//! Two commands timed against each other, their runs interleaved one by one: what
//! `benches/common.sh`'s `ab` runs. hyperfine times all the runs of one command, then all of
//! the other; on a shared machine that slows down for a while (a neighbour on the host), a
//! block of runs can fall in the slow spell and the other not. Here the runs alternate
//! (A B B A A B …), so a slow spell slows both alike. Each run is spawned as hyperfine spawns
//! it (no shell; output to /dev/null) and timed from spawn to exit.
//!
//!   ab NAME ROUNDS RUNS CMD_A CMD_B [PREP_A PREP_B]
//!
//! PREP_* (shell commands, untimed) run before each run of A or B. Prints the median time of
//! A, of B, and the median of the rounds' ratios A/B with their range.

use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(name), Some(rounds), Some(runs), Some(a), Some(b)) = (
        args.first(),
        args.get(1).and_then(|n| n.parse::<usize>().ok()),
        args.get(2).and_then(|n| n.parse::<usize>().ok()),
        args.get(3),
        args.get(4),
    ) else {
        eprintln!("usage: ab NAME ROUNDS RUNS CMD_A CMD_B [PREP_A PREP_B]");
        return ExitCode::from(2);
    };
    let side = |cmd: &String, prep: Option<&String>| -> Result<Side, String> {
        let words = shell_words::split(cmd).map_err(|e| format!("{cmd}: {e}"))?;
        if words.is_empty() {
            return Err("an empty command".into());
        }
        Ok(Side {
            words,
            prep: prep.filter(|p| !p.is_empty() && *p != "true").cloned(),
        })
    };
    let sides = match (side(a, args.get(5)), side(b, args.get(6))) {
        (Ok(a), Ok(b)) => [a, b],
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("ab: {e}");
            return ExitCode::from(2);
        }
    };
    match measure(&sides, rounds.max(1), runs.max(1)) {
        Ok((a, b, ratios)) => {
            let (lo, hi) = ratios
                .iter()
                .fold((f64::MAX, f64::MIN), |(lo, hi), r| (lo.min(*r), hi.max(*r)));
            println!(
                "{name:<44} {:7.2} ms vs {:7.2} ms   ratio {:.2}x  (rounds {lo:.2}..{hi:.2})",
                a * 1e3,
                b * 1e3,
                median(ratios)
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("ab: {e}");
            ExitCode::FAILURE
        }
    }
}

struct Side {
    words: Vec<String>,
    prep: Option<String>,
}

impl Side {
    /// One run, in seconds from spawn to exit.
    fn run(&self) -> Result<f64, String> {
        if let Some(prep) = &self.prep {
            let status = Command::new("sh")
                .args(["-c", prep])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .map_err(|e| format!("{prep}: {e}"))?;
            if !status.success() {
                return Err(format!("{prep}: {status}"));
            }
        }
        let start = Instant::now();
        let status = Command::new(&self.words[0])
            .args(&self.words[1..])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .map_err(|e| format!("{}: {e}", self.words[0]))?;
        let took = start.elapsed().as_secs_f64();
        if status.success() {
            Ok(took)
        } else {
            Err(format!("{}: {status}", self.words.join(" ")))
        }
    }
}

/// The median of all of A's runs, of all of B's, and each round's ratio of medians.
fn measure(sides: &[Side; 2], rounds: usize, runs: usize) -> Result<(f64, f64, Vec<f64>), String> {
    // Warm the page cache and the binaries' pages first, as hyperfine's warm-up does.
    if runs >= 5 {
        for _ in 0..3 {
            for side in sides {
                side.run()?;
            }
        }
    }
    let (mut all, mut ratios) = ([Vec::new(), Vec::new()], Vec::new());
    for _ in 0..rounds {
        let mut times = [Vec::new(), Vec::new()];
        for run in 0..runs {
            // A B, then B A: neither always goes first.
            let order = if run % 2 == 0 { [0, 1] } else { [1, 0] };
            for i in order {
                times[i].push(sides[i].run()?);
            }
        }
        ratios.push(median(times[0].clone()) / median(times[1].clone()));
        for (i, t) in times.into_iter().enumerate() {
            all[i].extend(t);
        }
    }
    let [a, b] = all;
    Ok((median(a), median(b), ratios))
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let mid = values.len() / 2;
    if values.len().is_multiple_of(2) {
        (values[mid - 1] + values[mid]) / 2.0
    } else {
        values[mid]
    }
}
