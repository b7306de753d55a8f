//! The manual pages, generated from the same clap definitions as `--help` (which need no
//! database), with the sections clap cannot know: exit status, environment, files, examples.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::CommandFactory;
use roff::{Roff, bold, italic, roman};

use super::args::Cli;

/// Write generated text to stdout; a reader that went away is not an error.
pub(super) fn write_out(bytes: &[u8], what: &str) -> ExitCode {
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
/// each file written named on stdout.
pub(super) fn man(dir: Option<PathBuf>) -> ExitCode {
    let mut cli = Cli::command().disable_help_subcommand(true);
    cli.build();
    let Some(dir) = dir else {
        let mut page = Vec::new();
        return match render(&cli, true, &mut page) {
            Ok(()) => read_or_write(&page),
            Err(e) => {
                eprintln!("hoard: cannot render the manual: {e}");
                ExitCode::from(1)
            }
        };
    };
    let mut written = Vec::new();
    match std::fs::create_dir_all(&dir).and_then(|()| write_pages(&cli, true, &dir, &mut written)) {
        Ok(()) => {
            let lines: String = written
                .iter()
                .map(|f| format!("{}\n", f.display()))
                .collect();
            write_out(lines.as_bytes(), "list of pages")
        }
        Err(e) => {
            eprintln!(
                "hoard: cannot write the manual into {}: {e}; check that the folder is writable",
                dir.display()
            );
            ExitCode::from(1)
        }
    }
}

/// On a terminal, the page read through `man -l -` (formatted, in the reader's pager);
/// piped, or where `man` is missing or cannot read it, the roff itself.
fn read_or_write(page: &[u8]) -> ExitCode {
    if std::io::IsTerminal::is_terminal(&std::io::stdout()) {
        let man = std::process::Command::new("man")
            .args(["-l", "-"])
            .stdin(std::process::Stdio::piped())
            .spawn();
        if let Ok(mut man) = man {
            // A reader who quits the pager early closes its end: not an error.
            let _ = man
                .stdin
                .take()
                .map(|mut stdin| std::io::Write::write_all(&mut stdin, page));
            if man.wait().is_ok_and(|status| status.success()) {
                return ExitCode::SUCCESS;
            }
        }
    }
    write_out(page, "manual")
}

/// `cmd`'s page, then its subcommands' (as clap_mangen names them), into `dir`.
fn write_pages(
    cmd: &clap::Command,
    top: bool,
    dir: &Path,
    written: &mut Vec<PathBuf>,
) -> std::io::Result<()> {
    let man = clap_mangen::Man::new(cmd.clone());
    let file = dir.join(man.get_filename());
    let mut page = Vec::new();
    render(cmd, top, &mut page)?;
    std::fs::write(&file, page)?;
    written.push(file);
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        write_pages(sub, false, dir, written)?;
    }
    Ok(())
}

/// A page: clap_mangen's sections, then hoard's own. Every page tells the exit status,
/// environment and files, which hold for every command; hoard(1) adds the examples.
fn render(cmd: &clap::Command, top: bool, w: &mut dyn std::io::Write) -> std::io::Result<()> {
    let man = clap_mangen::Man::new(cmd.clone());
    man.render_title(w)?;
    man.render_name_section(w)?;
    man.render_synopsis_section(w)?;
    man.render_description_section(w)?;
    if cmd.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(w)?;
    }
    if top {
        // hoard's commands by what the referee is doing, as `hoard --help` lists them.
        let mut roff = Roff::new();
        grouped_subcommands(cmd, &mut roff);
        roff.to_writer(w)?;
    } else if cmd.get_subcommands().any(|s| !s.is_hide_set()) {
        man.render_subcommands_section(w)?;
    }
    let mut roff = Roff::new();
    exit_status(&mut roff);
    environment(&mut roff);
    files(&mut roff);
    if top {
        examples(&mut roff);
    } else {
        roff.control("SH", ["SEE ALSO"])
            .text([bold("hoard"), roman("(1)")]);
    }
    roff.to_writer(w)?;
    match cmd.get_version() {
        Some(_) => man.render_version_section(w),
        None => Ok(()),
    }
}

/// hoard(1)'s commands under the headings of `super::args::groups`, each with its page and
/// what it does, as clap_mangen lists them.
fn grouped_subcommands(cmd: &clap::Command, roff: &mut Roff) {
    roff.control("SH", ["SUBCOMMANDS"]);
    for (heading, names) in super::args::groups::GROUPS {
        roff.control("SS", [*heading]);
        for sub in names.iter().filter_map(|n| cmd.find_subcommand(n)) {
            let page = format!("{}-{}(1)", cmd.get_name(), sub.get_name());
            let about = sub.get_about().map(ToString::to_string).unwrap_or_default();
            roff.control("TP", [])
                .text([bold(page)])
                .text([roman(about)]);
        }
    }
}

/// Exit codes, as [`crate::error::Error::exit_code`] gives them (a test holds them together).
const EXIT_CODES: &[(u8, &str)] = &[
    (0, "Success."),
    (
        1,
        "Internal: the database, a file or the output could not be read or written.",
    ),
    (
        2,
        "Invalid input (a malformed dice expression, STR 19, an empty name) or a usage error.",
    ),
    (
        3,
        "Not found: no campaign, character, item or table of that name.",
    ),
    (
        4,
        "Refused by a rule: a second open session, an empty flask, coins that are not there, a number past hoard's limits.",
    ),
    (
        5,
        "Integrity conflict: check found a problem, or the database comes from a newer hoard.",
    ),
    (
        6,
        "Busy: another process held the database (or the campaign) too long.",
    ),
    (
        7,
        "The change was recorded but its answer could not be printed: do not record it again; \
         hoard log shows it.",
    ),
];

/// A tagged paragraph per entry: `.TP`, the tag, then its text.
fn entries(roff: &mut Roff, title: &str, entries: &[(roff::Inline, &str)]) {
    roff.control("SH", [title]);
    for (tag, text) in entries {
        roff.control("TP", [])
            .text([tag.clone()])
            .text([roman(*text)]);
    }
}

fn exit_status(roff: &mut Roff) {
    let codes: Vec<_> = EXIT_CODES
        .iter()
        .map(|(code, text)| (bold(code.to_string()), *text))
        .collect();
    entries(roff, "EXIT STATUS", &codes);
}

fn environment(roff: &mut Roff) {
    entries(
        roff,
        "ENVIRONMENT",
        &[
            (
                bold("HOARD_DB"),
                "The database, as --db: a SQLite file's path, or postgres://USER@HOST/DATABASE.",
            ),
            (bold("HOARD_CAMPAIGN"), "The campaign, as --campaign."),
            (
                bold("HOARD_REFEREE"),
                "Who records, as --referee NAME, in a campaign that names its referees (one that \
                 names none ignores it: one referee is implied).",
            ),
            (
                bold("HOARD_TABLES"),
                "A folder of edited tables laid over the shipped ones, as --tables.",
            ),
            (
                bold("LC_ALL, LC_MESSAGES, LANG"),
                "The language when --lang is not given, the first one set wins: fr… is French, \
                 anything else English. --help and these pages stay in English.",
            ),
            (
                bold("NO_COLOR"),
                "Set to anything: no colour. Colour is only ever used on a terminal.",
            ),
            (
                bold("COMPLETE"),
                "Set by the script hoard completions installs: with a shell's name, hoard \
                 prints the completions of the command line that follows -- instead of running it.",
            ),
        ],
    );
}

fn files(roff: &mut Roff) {
    entries(
        roff,
        "FILES",
        &[
            (
                italic("~/.local/share/hoard/hoard.db"),
                "The database when neither --db nor HOARD_DB names one ($XDG_DATA_HOME/hoard \
                 when XDG_DATA_HOME is set); created with its folder by the first command that \
                 records.",
            ),
            (
                italic("~/.local/share/hoard/demo.db"),
                "The database hoard demo plays on, beside the default one, made afresh each time.",
            ),
        ],
    );
}

fn examples(roff: &mut Roff) {
    const EXAMPLES: &[(&str, &str)] = &[
        (
            "hoard demo",
            "A short campaign played through the real commands.",
        ),
        (
            "hoard campaign new greyhawk --use",
            "Start a campaign and use it.",
        ),
        (
            "hoard character add Arnaud --str 13 --wis 9 --hp 12 --class fighter",
            "Add a character.",
        ),
        (
            "hoard generate wand --to Arnaud",
            "Roll a wand on the tables and hand it over.",
        ),
        ("hoard use \"Wand of Fear\" --by Arnaud", "Spend a charge."),
        (
            "hoard explain 5",
            "The rule, every die and the arithmetic behind event #5.",
        ),
        (
            "hoard undo",
            "Void your latest command's events; nothing is deleted.",
        ),
        (
            "hoard completions --install",
            "Complete commands and the campaign's names in your shell.",
        ),
    ];
    let examples: Vec<_> = EXAMPLES
        .iter()
        .map(|(command, what)| (bold(*command), *what))
        .collect();
    entries(roff, "EXAMPLES", &examples);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Error;

    #[test]
    fn the_manual_lists_every_exit_code() {
        let io = || std::io::Error::other("x");
        let errors = [
            Error::Invalid(String::new().into()),
            Error::NotFound(String::new().into()),
            Error::Refused(String::new().into()),
            Error::Conflict(String::new().into()),
            Error::Busy(String::new().into()),
            Error::Database(sqlx::Error::PoolClosed),
            Error::Io(io()),
            Error::Output(io()),
            Error::Unprinted {
                events: vec![1],
                made: None,
                cause: io(),
            },
        ];
        let mut codes: Vec<u8> = errors.iter().map(Error::exit_code).collect();
        codes.extend([0, 2]); // success, and the parser's usage errors
        codes.sort();
        codes.dedup();
        let listed: Vec<u8> = EXIT_CODES.iter().map(|(c, _)| *c).collect();
        assert_eq!(codes, listed);
    }
}
