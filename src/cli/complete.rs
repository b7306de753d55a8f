//! Shell completion that knows the campaign: the shell asks `hoard` itself, through
//! clap_complete's `COMPLETE` protocol, for the words that may come next, and the names of
//! characters, items and campaigns come from the database the command line names (`--db`, else
//! `HOARD_DB`, else the default), opened for reading only, as `character list` opens it: a
//! database that does not exist completes nothing and is not created. Also the registration
//! script `hoard completions` prints or installs, which is what makes the shell ask.

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::OnceLock;

use clap::{Arg, CommandFactory};
use clap_complete::engine::{ArgValueCompleter, CompletionCandidate};
use clap_complete::{CompleteEnv, Shell};

use super::args::Cli;
use super::defaults::default_db;
use crate::app::completion::Names;
use crate::app::open::Access;
use crate::app::{self, Ctx, Options};
use crate::error::Result;
use crate::i18n::Lang;
use crate::tr;
use crate::view::inert;

/// The variable that asks for completions, as clap_complete names it.
const VAR: &str = "COMPLETE";

/// The shell asking, kept before clap_complete clears `COMPLETE` (bash alone needs its
/// candidates escaped).
static ASKING: OnceLock<String> = OnceLock::new();

/// When the shell asks for completions (`COMPLETE=bash hoard -- hoard give …`), answer and
/// exit; otherwise return at once.
pub(super) fn answer_if_asked() {
    if let Some(shell) = std::env::var_os(VAR) {
        let _ = ASKING.set(shell.to_string_lossy().into_owned());
        CompleteEnv::with_factory(command)
            .var(VAR)
            .shells(super::shells::SHELLS)
            .complete();
    }
}

/// hoard's grammar with a completer on every argument that takes a name from the database.
pub fn command() -> clap::Command {
    // Built first: commands defer their arguments until then, and the global ones reach
    // every command.
    let mut cli = Cli::command();
    cli.build();
    attach(cli, &[])
}

fn attach(cmd: clap::Command, path: &[&str]) -> clap::Command {
    let ids: Vec<(String, Names)> = cmd
        .get_arguments()
        .filter_map(|a| names_of(path, a).map(|n| (a.get_id().to_string(), n)))
        .collect();
    let cmd = ids.into_iter().fold(cmd, |cmd, (id, names)| {
        cmd.mut_arg(id, |a| a.add(ArgValueCompleter::new(completer(names))))
    });
    let subs: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    subs.into_iter().fold(cmd, |cmd, name| {
        let path: Vec<&str> = path.iter().copied().chain([name.as_str()]).collect();
        cmd.mut_subcommand(&name, |sub| attach(sub, &path))
    })
}

/// Which names an argument takes, from its place in the grammar: every `CHARACTER` (`--by`,
/// `--to`, `--as` …) and `RETAINER`, a character or campaign its command names, every item or sword, and
/// the campaign.
fn names_of(path: &[&str], arg: &Arg) -> Option<Names> {
    let value_name = arg
        .get_value_names()
        .and_then(|v| v.first())
        .map(|v| v.as_str());
    match (path, arg.get_id().as_str(), value_name) {
        (_, _, Some("CHARACTER" | "RETAINER")) | (_, "character", _) => Some(Names::Characters),
        (
            ["character", "show" | "damage" | "set" | "heal"] | ["report", "character"],
            "name",
            _,
        ) => Some(Names::Characters),
        (_, "sword", _) => Some(Names::Swords),
        (_, "item", _) | (_, _, Some("ITEM")) => Some(Names::Items),
        (_, "campaign", _) | (["campaign", "use" | "rename" | "delete"], "name", _) => {
            Some(Names::Campaigns)
        }
        _ => None,
    }
}

fn completer(names: Names) -> impl Fn(&OsStr) -> Vec<CompletionCandidate> + Send + Sync {
    move |typed| {
        let bash = ASKING.get().is_some_and(|s| s.ends_with("bash"));
        let typed = typed.to_string_lossy();
        let typed = if bash { unescape(&typed) } else { typed.into() };
        let Ok(all) = lookup(names, &Line::asking()) else {
            return Vec::new();
        };
        offered(all, &typed)
            .into_iter()
            .map(|n| CompletionCandidate::new(if bash { escape(&n) } else { n }))
            .collect()
    }
}

/// The names that start with what was typed, ignoring case as hoard's lookups do, each once.
/// A name holding what a terminal would obey (a line break, a bidirectional override) is
/// never put on the shell's line: it is typed, not offered.
fn offered(mut all: Vec<String>, typed: &str) -> Vec<String> {
    let typed = typed.to_lowercase();
    all.retain(|n| n.to_lowercase().starts_with(&typed) && !n.chars().any(inert::obeyed));
    all.sort_by_key(|n| n.to_lowercase());
    all.dedup();
    all
}

/// What a bash word typed so far means: `Wand\ of` is `Wand of`, `'Wand of` too.
fn unescape(word: &str) -> String {
    let word = word.trim_start_matches(['\'', '"']);
    let mut plain = String::with_capacity(word.len());
    let mut chars = word.chars();
    while let Some(c) = chars.next() {
        plain.extend(if c == '\\' { chars.next() } else { Some(c) });
    }
    plain
}

/// A name as bash must insert it: bash takes completions as typed text.
fn escape(name: &str) -> String {
    name.chars()
        .flat_map(|c| {
            let special = c.is_whitespace() || "\\'\"`$&|;<>()[]*?!#~{},=:".contains(c);
            special.then_some('\\').into_iter().chain([c])
        })
        .collect()
}

/// The database and campaign the command line being completed names.
#[derive(Debug, Default, PartialEq)]
struct Line {
    db: Option<PathBuf>,
    campaign: Option<String>,
    /// The language whose item names are offered (`--lang`; else the environment's).
    lang: Option<Lang>,
}

impl Line {
    /// The line clap_complete was given, after its `--`, with the environment's defaults.
    fn asking() -> Line {
        let words: Vec<OsString> = std::env::args_os()
            .skip_while(|w| w != "--")
            .skip(1)
            .collect();
        let mut line = Line::of(&words);
        line.db = line.db.or_else(|| {
            std::env::var_os("HOARD_DB")
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        });
        line.campaign = line.campaign.or_else(|| {
            std::env::var("HOARD_CAMPAIGN")
                .ok()
                .filter(|v| !v.is_empty())
        });
        line
    }

    /// `--db` and `--campaign` as typed (`--db X` or `--db=X`), up to a bare `--`.
    fn of(words: &[OsString]) -> Line {
        let mut line = Line::default();
        let words: Vec<String> = words
            .iter()
            .map(|w| w.to_string_lossy().into_owned())
            .take_while(|w| w != "--")
            .collect();
        for (i, word) in words.iter().enumerate() {
            let value = |flag: &str| match word.strip_prefix(flag) {
                Some("") => words.get(i + 1).cloned(),
                Some(rest) => rest.strip_prefix('=').map(str::to_string),
                None => None,
            };
            if let Some(db) = value("--db") {
                line.db = Some(home(&db));
            }
            if let Some(campaign) = value("--campaign") {
                line.campaign = Some(campaign);
            }
            if let Some(lang) = value("--lang") {
                line.lang = Some(Lang::from_tag(&lang));
            }
        }
        line
    }
}

/// `~/x` as the shell would have read it once the line runs.
fn home(path: &str) -> PathBuf {
    match (path.strip_prefix("~/"), std::env::var_os("HOME")) {
        (Some(rest), Some(home)) => Path::new(&home).join(rest),
        _ => PathBuf::from(path),
    }
}

/// The names of the database, read as a reading command reads them.
fn lookup(names: Names, line: &Line) -> Result<Vec<String>> {
    let path = match &line.db {
        Some(path) => path.clone(),
        None => default_db()?,
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let read = async {
        let db = app::open::open(&path, Access::Read).await?;
        let options = Options {
            campaign: line.campaign.clone(),
            ..Options::default()
        };
        let mut cx = Ctx::new(db, options);
        let lang = line.lang.unwrap_or_else(super::defaults::lang_from_env);
        let french = lang == Lang::Fr;
        let found = app::completion::names(&mut cx, names, french).await;
        cx.db.close().await?;
        found
    };
    // A shell waits on completion: a database another process holds (a long write, a lock)
    // gives no names rather than a frozen prompt; the reader left behind ends with the process.
    let found = runtime.block_on(async {
        tokio::time::timeout(PATIENCE, read)
            .await
            .unwrap_or_else(|_| Ok(Vec::new()))
    });
    runtime.shutdown_background();
    found
}

/// How long completion waits for the database before offering nothing.
const PATIENCE: std::time::Duration = std::time::Duration::from_millis(200);

/// `hoard completions [SHELL] [--install]`: print the script, or install it.
pub(super) fn completions(shell: Option<Shell>, install: bool) -> ExitCode {
    // The grammar asks for SHELL unless --install, whose default is $SHELL.
    let Some(shell) = shell.or_else(Shell::from_env) else {
        eprintln!(
            "hoard: {}",
            tr!(
                "cannot tell your shell from $SHELL; name it: `hoard completions --install bash` (or zsh, fish)",
                "impossible de deviner votre shell d'après $SHELL ; nommez-le : `hoard completions --install bash` (ou zsh, fish)"
            )
        );
        return ExitCode::from(2);
    };
    if install {
        self::install(shell)
    } else {
        print(shell)
    }
}

/// `hoard completions SHELL`: the script that makes the shell ask hoard, on stdout.
fn print(shell: Shell) -> ExitCode {
    match script(shell) {
        Ok(script) => super::manual::write_out(&script, "completions"),
        Err(e) => {
            eprintln!("hoard: cannot make the {shell} completions: {e}");
            ExitCode::from(1)
        }
    }
}

/// The registration script for `shell`, calling back this very `hoard`.
fn script(shell: Shell) -> std::io::Result<Vec<u8>> {
    let name = shell.to_string();
    let registrar = super::shells::SHELLS
        .completer(&name)
        .ok_or_else(|| std::io::Error::other(format!("no dynamic completion for {name}")))?;
    let mut script = Vec::new();
    registrar.write_registration(VAR, "hoard", "hoard", &callback(), &mut script)?;
    if shell == Shell::Zsh {
        // Loaded from fpath, the file is the body of `_hoard`: on its first call it only
        // defines the completer, so it calls it too (and does nothing when sourced).
        script.extend_from_slice(
            b"[[ ${funcstack[1]} = _hoard ]] && _clap_dynamic_completer_hoard \"$@\"\n",
        );
    }
    Ok(script)
}

/// How the script calls hoard back: `hoard` when run from the PATH, else this program's path.
fn callback() -> String {
    let first = std::env::args_os().next().unwrap_or_else(|| "hoard".into());
    if Path::new(&first).components().count() <= 1 {
        return first.to_string_lossy().into_owned();
    }
    std::env::current_exe()
        .unwrap_or_else(|_| PathBuf::from(&first))
        .to_string_lossy()
        .into_owned()
}

/// `hoard completions --install [SHELL]`: write the script where the shell looks for it,
/// creating the folder, and say what is left to do.
fn install(shell: Shell) -> ExitCode {
    let Some(place) = Place::of(shell, &|k| std::env::var_os(k).filter(|v| !v.is_empty())) else {
        eprintln!(
            "hoard: {}",
            tr!(
                "cannot install {shell} completions (bash, zsh and fish only, and HOME must be set); print them with `hoard completions {shell}` and load them from your shell's profile",
                "impossible d'installer les complétions {shell} (bash, zsh et fish seulement, et HOME doit être défini) ; affichez-les avec `hoard completions {shell}` et chargez-les depuis le profil de votre shell"
            )
        );
        return ExitCode::from(2);
    };
    let written = script(shell).and_then(|script| {
        if let Some(folder) = place.file.parent() {
            std::fs::create_dir_all(folder)?;
        }
        std::fs::write(&place.file, script)
    });
    if let Err(e) = written {
        eprintln!(
            "hoard: {}",
            tr!(
                "cannot write {}: {e}; check that the folder is writable",
                "impossible d'écrire {} : {e} ; vérifiez que le dossier est accessible en écriture",
                place.file.display()
            )
        );
        return ExitCode::from(1);
    }
    if shell == Shell::Bash && !bash_completion_installed() {
        eprintln!(
            "hoard: {}",
            tr!(
                "bash-completion, which loads these completions, is not installed: install it (`apt-get install bash-completion`, `dnf install bash-completion` or `brew install bash-completion@2`)",
                "bash-completion, qui charge ces complétions, n'est pas installé : installez-le (`apt-get install bash-completion`, `dnf install bash-completion` ou `brew install bash-completion@2`)"
            )
        );
    }
    let file = place.file.display();
    let mut said = vec![tr!(
        "Wrote the {shell} completions to {file}.",
        "Complétions {shell} écrites dans {file}."
    )];
    said.push(match (shell, &place.zshrc_line) {
        (Shell::Zsh, Some(line)) => tr!(
            "Add this line to your .zshrc, before compinit runs, then open a new shell: {line}",
            "Ajoutez cette ligne à votre .zshrc, avant l'appel de compinit, puis ouvrez un nouveau shell : {line}"
        ),
        (Shell::Bash, _) => tr!(
            "Open a new shell: bash-completion loads them the first time you press Tab after `hoard`.",
            "Ouvrez un nouveau shell : bash-completion les charge au premier Tab après `hoard`."
        ),
        _ => tr!("Open a new shell.", "Ouvrez un nouveau shell."),
    });
    said.push(tr!(
        "Run this again after upgrading hoard.",
        "Relancez cette commande après une mise à jour de hoard."
    ));
    super::manual::write_out(format!("{}\n", said.join("\n")).as_bytes(), "answer")
}

/// Whether bash-completion is there to load the script: its main file in one of the data
/// folders it reads (`XDG_DATA_DIRS`, by default /usr/local/share and /usr/share), or in
/// Homebrew's on Apple silicon.
fn bash_completion_installed() -> bool {
    let dirs = std::env::var_os("XDG_DATA_DIRS")
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| "/usr/local/share:/usr/share".into());
    std::env::split_paths(&dirs)
        .chain([PathBuf::from("/opt/homebrew/share")])
        .any(|dir| dir.join("bash-completion/bash_completion").is_file())
}

/// Where a shell looks for hoard's completions, and for zsh the line .zshrc lacks, if any.
#[derive(Debug, PartialEq)]
struct Place {
    file: PathBuf,
    zshrc_line: Option<String>,
}

impl Place {
    fn of(shell: Shell, var: &dyn Fn(&str) -> Option<OsString>) -> Option<Place> {
        let home = PathBuf::from(var("HOME")?);
        // XDG's folders count only when absolute, as the specification says.
        let xdg = |key: &str, default: &str| {
            var(key)
                .map(PathBuf::from)
                .filter(|p| p.is_absolute())
                .unwrap_or_else(|| home.join(default))
        };
        let file = match shell {
            Shell::Bash => {
                xdg("XDG_DATA_HOME", ".local/share").join("bash-completion/completions/hoard")
            }
            Shell::Fish => xdg("XDG_CONFIG_HOME", ".config").join("fish/completions/hoard.fish"),
            Shell::Zsh => {
                let dot = var("ZDOTDIR").map(PathBuf::from).unwrap_or(home.clone());
                let folder = dot.join(".zfunc");
                let zshrc = std::fs::read_to_string(dot.join(".zshrc")).unwrap_or_default();
                let shown = match folder.strip_prefix(&home) {
                    Ok(rest) => format!("~/{}", rest.display()),
                    Err(_) => folder.display().to_string(),
                };
                let zshrc_line =
                    (!zshrc.contains(".zfunc")).then(|| format!("fpath=({shown} $fpath)"));
                return Some(Place {
                    file: folder.join("_hoard"),
                    zshrc_line,
                });
            }
            _ => return None,
        };
        Some(Place {
            file,
            zshrc_line: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names_in(cmd: &clap::Command, path: &mut Vec<String>, found: &mut Vec<String>) {
        for arg in cmd.get_arguments() {
            if arg.get::<ArgValueCompleter>().is_some() {
                found.push(format!("{} {}", path.join(" "), arg.get_id()));
            }
        }
        for sub in cmd.get_subcommands() {
            path.push(sub.get_name().into());
            names_in(sub, path, found);
            path.pop();
        }
    }

    #[test]
    fn names_complete_where_the_grammar_takes_them() {
        let mut found = Vec::new();
        names_in(&command(), &mut Vec::new(), &mut found);
        for arg in [
            " campaign",
            "give item",
            "give to",
            "drink by",
            "use item",
            "character show name",
            "character show as_character",
            "item show item",
            "campaign use name",
            "odds sword",
            "odds character",
            "coins add to",
            "item list owner",
            "report character name",
            "export items",
        ] {
            assert!(found.iter().any(|f| f == arg), "{arg} in {found:?}");
        }
        for arg in ["character add name", "campaign new name", "import name"] {
            assert!(
                !found.iter().any(|f| f == arg),
                "{arg} completes: {found:?}"
            );
        }
    }

    #[test]
    fn the_line_names_its_database_campaign_and_language() {
        let words = |w: &[&str]| w.iter().map(OsString::from).collect::<Vec<_>>();
        assert_eq!(
            Line::of(&words(&[
                "hoard",
                "--db",
                "/a.db",
                "give",
                "--campaign=west",
                "--lang",
                "fr",
                "P"
            ])),
            Line {
                db: Some("/a.db".into()),
                campaign: Some("west".into()),
                lang: Some(Lang::Fr),
            }
        );
        assert_eq!(
            Line::of(&words(&[
                "hoard",
                "--db=/b.db",
                "show",
                "--",
                "--db",
                "/c.db"
            ]))
            .db,
            Some("/b.db".into())
        );
        assert_eq!(Line::of(&words(&["hoard", "--dbx", "y"])), Line::default());
    }

    #[test]
    fn bash_words_escape_and_unescape() {
        assert_eq!(escape("Wand of Fire"), "Wand\\ of\\ Fire");
        assert_eq!(escape("Ring (+1)"), "Ring\\ \\(+1\\)");
        assert_eq!(unescape("Wand\\ of"), "Wand of");
        assert_eq!(unescape("'Wand of"), "Wand of");
        assert_eq!(unescape(&escape("It's $5 & up")), "It's $5 & up");
    }

    #[test]
    fn names_offered_start_with_what_was_typed_in_any_case() {
        let all = ["Arnaud", "Aline", "Bors", "Arnaud"]
            .map(String::from)
            .to_vec();
        assert_eq!(offered(all.clone(), "a"), ["Aline", "Arnaud"]);
        assert_eq!(offered(all, ""), ["Aline", "Arnaud", "Bors"]);
    }

    #[test]
    fn each_shell_has_its_place() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |k: &str| {
                pairs
                    .iter()
                    .find(|(key, _)| *key == k)
                    .map(|(_, v)| OsString::from(v))
            }
        };
        let home = env(&[("HOME", "/nowhere/me")]);
        let place = |shell| Place::of(shell, &home).map(|p| p.file);
        assert_eq!(
            place(Shell::Bash),
            Some("/nowhere/me/.local/share/bash-completion/completions/hoard".into())
        );
        assert_eq!(
            place(Shell::Fish),
            Some("/nowhere/me/.config/fish/completions/hoard.fish".into())
        );
        let zsh = Place::of(Shell::Zsh, &home).unwrap();
        assert_eq!(zsh.file, PathBuf::from("/nowhere/me/.zfunc/_hoard"));
        assert_eq!(zsh.zshrc_line.as_deref(), Some("fpath=(~/.zfunc $fpath)"));
        let xdg = env(&[
            ("HOME", "/h"),
            ("XDG_DATA_HOME", "/d"),
            ("XDG_CONFIG_HOME", "rel"),
        ]);
        assert_eq!(
            Place::of(Shell::Bash, &xdg).unwrap().file,
            PathBuf::from("/d/bash-completion/completions/hoard")
        );
        assert_eq!(
            Place::of(Shell::Fish, &xdg).unwrap().file,
            PathBuf::from("/h/.config/fish/completions/hoard.fish")
        );
        assert_eq!(Place::of(Shell::PowerShell, &home), None);
        assert_eq!(Place::of(Shell::Bash, &env(&[])), None);
    }
}
