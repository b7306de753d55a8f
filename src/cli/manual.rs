//! The completion scripts and the manual pages, generated from the same clap definitions as
//! `--help`; neither needs a database.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::CommandFactory;

use super::Cli;

pub(super) fn completions(shell: clap_complete::Shell) -> ExitCode {
    // Generated into memory first: clap_complete panics if the writer fails (`| head`).
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "hoard", &mut script);
    write_out(&script, "completions")
}

/// Write generated text to stdout; a reader that went away is not an error.
fn write_out(bytes: &[u8], what: &str) -> ExitCode {
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
pub(super) fn man(dir: Option<PathBuf>) -> ExitCode {
    let Some(dir) = dir else {
        let mut page = Vec::new();
        return match clap_mangen::Man::new(Cli::command()).render(&mut page) {
            Ok(()) => write_out(&page, "manual"),
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
