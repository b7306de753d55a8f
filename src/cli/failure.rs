//! How a failed command ends: its error as one line on stderr (or one JSON object) and an exit
//! code, and clap's usage errors reworded to the same one line. Kept apart from the dispatch so
//! that every way out of `hoard` reads the same.

use crate::i18n::Wording as _;
use std::process::ExitCode;

use crate::app::redact::scrub;
use crate::error::{Error, Problem, Result};
use crate::tr;
use crate::view::inert;

/// The exit code of a command's result, its error (if any) said on stderr with each of
/// `secrets` (the passwords `--db` holds) hidden: the errors that could name them hide them
/// where they are made, and this is the last look before anything reaches the terminal.
pub fn exit(json: bool, result: Result<()>, secrets: &[String]) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (`hoard log | head`): not an error.
        Err(Error::Io(e) | Error::Output(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        Err(e) => {
            let fields = e.problem().map(|p| fields(p, secrets)).unwrap_or_default();
            complain(
                json,
                e.code(),
                &scrub(secrets, e.worded().to_string()),
                fields,
            );
            ExitCode::from(e.exit_code())
        }
    }
}

/// The problem's data as JSON fields (`reason` and what it names), for a `--json` error, with
/// each of `secrets` hidden as in the message; an edge's own words have none.
fn fields(problem: &Problem, secrets: &[String]) -> serde_json::Map<String, serde_json::Value> {
    match serde_json::to_value(problem) {
        Ok(serde_json::Value::Object(fields)) => fields
            .into_iter()
            .map(|(name, value)| (name, hidden(value, secrets)))
            .collect(),
        _ => serde_json::Map::new(),
    }
}

/// A field's value with every secret in its texts replaced by `***`.
fn hidden(value: serde_json::Value, secrets: &[String]) -> serde_json::Value {
    use serde_json::Value;
    match value {
        Value::String(text) => Value::String(scrub(secrets, text)),
        Value::Array(values) => values.into_iter().map(|v| hidden(v, secrets)).collect(),
        Value::Object(fields) => Value::Object(
            fields
                .into_iter()
                .map(|(name, v)| (name, hidden(v, secrets)))
                .collect(),
        ),
        value => value,
    }
}

/// An error as one line on stderr; under `--json`, one JSON object with a stable `code`
/// (docs/json.md lists them) and the problem's fields, so that scripts need not read the prose.
fn complain(
    json: bool,
    code: &str,
    message: &str,
    fields: serde_json::Map<String, serde_json::Value>,
) {
    if json {
        let mut error = fields;
        error.insert("code".into(), code.into());
        error.insert("message".into(), message.into());
        let error = serde_json::json!({ "error": error });
        eprintln!("{}", inert::inert_json(&error.to_string()));
    } else {
        eprintln!("hoard: {}", inert::safe(message));
    }
}

/// Help and version print as clap writes them; a usage error becomes one line (with clap's
/// tip, if any, and `secrets` hidden in the words it echoes) and exit code 2.
pub fn usage_error(e: clap::Error, json: bool, secrets: &[String]) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        // hoard's own help lists its commands by what the referee is doing.
        use clap::CommandFactory;
        let help = e.render().to_string();
        if help == super::args::Cli::command().render_help().to_string() {
            let help = super::args::groups::regrouped(&help);
            return match e.kind() {
                ErrorKind::DisplayHelp => super::manual::write_out(help.as_bytes(), "help"),
                _ => {
                    eprint!("{help}");
                    ExitCode::from(2)
                }
            };
        }
    }
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        e.exit();
    }
    let mut said = one_line(&e.render().to_string());
    let args: Vec<String> = std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    if let Some(tip) = several_words(&e, &args) {
        // Said before the usage, where clap's own tip goes.
        said = match said.split_once("; usage: ") {
            Some((error, usage)) => format!("{error}; tip: {tip}; usage: {usage}"),
            None => format!("{said}; tip: {tip}"),
        };
    }
    complain(json, "usage", &scrub(secrets, said), serde_json::Map::new());
    ExitCode::from(2)
}

/// A word clap did not expect after a name or a value: a name of several words typed without
/// quotes (`character add Brother Tomas`, `give Potion of Healing --to Ada`). The tip quotes the
/// words as they should have been typed.
fn several_words(e: &clap::Error, args: &[String]) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::UnknownArgument {
        return None;
    }
    let Some(ContextValue::String(word)) = e.get(ContextKind::InvalidArg) else {
        return None;
    };
    let free = |w: &String| !w.starts_with('-');
    let at = args.iter().position(|a| a == word).filter(|_| free(word))?;
    let before = args.get(at.checked_sub(1)?).filter(|w| free(w))?;
    let words: Vec<&str> = std::iter::once(before)
        .chain(args[at..].iter().take_while(|w| free(w)))
        .map(String::as_str)
        .collect();
    let quoted = format!("\"{}\"", words.join(" "));
    Some(tr!(
        "to give a name of several words, quote it: {quoted}",
        "pour un nom de plusieurs mots, mettez-le entre guillemets : {quoted}"
    ))
}

/// clap's error alone, without the usage: what a form's field gave that its command refuses
/// (`serve`'s console, whose form is the usage).
#[cfg(feature = "serve")]
pub(super) fn usage_refusal(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let first = text.split("\n\n").next().unwrap_or_default();
    let words: Vec<&str> = first
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    error_line(&words.join(" "))
}

/// The first paragraph of clap's error, its tip on the same line.
fn error_line(error: &str) -> String {
    error
        .split(" tip: ")
        .map(|p| p.trim_start_matches("error:").trim().to_string())
        .collect::<Vec<_>>()
        .join("; tip: ")
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
    let mut parts = vec![error_line(&error)];
    parts.extend(
        paragraphs
            .filter(|p| p.starts_with("tip:") || p.starts_with("Usage:"))
            .map(|p| p.replacen("Usage:", "usage:", 1)),
    );
    parts.push("see --help".into());
    parts.join("; ")
}
