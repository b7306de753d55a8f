//! The shells completion answers, as clap_complete's own but for the groups of `hoard
//! --help` (`args::groups`): clap_complete tags every command « Commands » and its scripts
//! show no tag, so zsh is given each candidate's group and shows each group under its heading
//! (`_describe -t`), and fish, which has no groups, reads the group at the head of each
//! command's description. bash has neither groups nor descriptions: clap_complete's own.

use std::ffi::OsString;
use std::io::Write;

use clap_complete::engine::{CompletionCandidate, complete};
use clap_complete::env::{Bash, Elvish, EnvCompleter, Powershell, Shells};

use super::args::groups::GROUPS;

/// Every shell hoard answers or installs for.
pub const SHELLS: Shells<'static> = Shells(&[&Bash, &Elvish, &Fish, &Powershell, &Zsh]);

/// zsh, told each candidate's group.
pub struct Zsh;

/// fish, told a command's group in its description.
pub struct Fish;

/// The candidates for word `index` of `args` (the program's name first), each with its
/// group: a command hoard's heading for it when the word is the command itself (a command's
/// own commands, `treasure roll`, keep clap's tag, « Commands »), anything else clap's tag.
pub fn grouped(
    cmd: &mut clap::Command,
    args: Vec<OsString>,
    index: usize,
    current_dir: Option<&std::path::Path>,
) -> std::io::Result<Vec<(String, CompletionCandidate)>> {
    cmd.build();
    let top = names_the_command(cmd, &args, index);
    let candidates = complete(cmd, args, index, current_dir)?;
    Ok(candidates
        .into_iter()
        .map(|c| {
            let heading = c
                .get_id()
                .and_then(|id| id.strip_prefix("command::"))
                .filter(|_| top)
                .and_then(heading_of)
                .map(str::to_string)
                .or_else(|| c.get_tag().map(ToString::to_string))
                .unwrap_or_default();
            (heading, c)
        })
        .collect())
}

/// The heading `hoard --help` lists `command` under.
fn heading_of(command: &str) -> Option<&'static str> {
    GROUPS
        .iter()
        .find(|(_, names)| names.contains(&command))
        .map(|(heading, _)| *heading)
}

/// Whether word `index` of `args` is where hoard's command goes: only global options (and
/// their values) come before it.
fn names_the_command(cmd: &clap::Command, args: &[OsString], index: usize) -> bool {
    let takes_value = |long: Option<&str>, short: Option<char>| {
        cmd.get_arguments().any(|a| {
            a.get_action().takes_values()
                && ((long.is_some() && a.get_long() == long)
                    || (short.is_some() && a.get_short() == short))
        })
    };
    let mut words = args.iter().take(index).skip(1).map(|w| w.to_string_lossy());
    while let Some(word) = words.next() {
        let value_follows = match (word.strip_prefix("--"), word.strip_prefix('-')) {
            (Some(""), _) | (None, None) => return false,
            (Some(long), _) => !long.contains('=') && takes_value(Some(long), None),
            // `-xV`: a value glued on, or the last flag's value next.
            (None, Some(short)) => short
                .chars()
                .last()
                .is_some_and(|c| short.len() == c.len_utf8() && takes_value(None, Some(c))),
        };
        if value_follows {
            words.next();
        }
    }
    true
}

impl EnvCompleter for Zsh {
    fn name(&self) -> &'static str {
        "zsh"
    }

    fn is(&self, name: &str) -> bool {
        name == "zsh"
    }

    /// clap_complete's zsh script, but each line it reads is `GROUP:value:help`, and each
    /// group goes to `_describe` under its own tag and heading, in the order they come: the
    /// script's reading of the answer is replaced, its call and quoting kept.
    fn write_registration(
        &self,
        var: &str,
        name: &str,
        bin: &str,
        completer: &str,
        buf: &mut dyn Write,
    ) -> std::io::Result<()> {
        let mut theirs = Vec::new();
        clap_complete::env::Zsh.write_registration(var, name, bin, completer, &mut theirs)?;
        let theirs = String::from_utf8_lossy(&theirs);
        let (Some(start), Some(end)) = (
            theirs.find("    if [[ -n $completions ]]; then"),
            theirs.find("\n}\n\ncompdef "),
        ) else {
            return Err(std::io::Error::other("clap_complete's zsh script changed"));
        };
        let reading = ZSH_GROUPS.replace("NAME", &name.replace('-', "_"));
        write!(buf, "{}{reading}{}", &theirs[..start], &theirs[end..])
    }

    /// As clap_complete's zsh answer, each line led by its group (a heading holds no colon).
    fn write_complete(
        &self,
        cmd: &mut clap::Command,
        mut args: Vec<OsString>,
        current_dir: Option<&std::path::Path>,
        buf: &mut dyn Write,
    ) -> std::io::Result<()> {
        let var = |name: &str| std::env::var(name).ok();
        let index: usize = var("_CLAP_COMPLETE_INDEX")
            .and_then(|i| i.parse().ok())
            .unwrap_or_default();
        let ifs = var("_CLAP_IFS").unwrap_or_else(|| "\n".into());
        if args.len() == index {
            args.push("".into());
        }
        let lines: Vec<String> = grouped(cmd, args, index, current_dir)?
            .into_iter()
            .map(|(group, c)| {
                let value = c.get_value().to_string_lossy();
                let mut line = format!(
                    "{}:{}",
                    group.replace(':', " "),
                    value.replace('\\', "\\\\").replace(':', "\\:")
                );
                if let Some(help) = c.get_help() {
                    let help = help.to_string();
                    let first = help.lines().next().unwrap_or_default();
                    line += &format!(":{}", first.replace('\\', "\\\\"));
                }
                line
            })
            .collect();
        write!(buf, "{}", lines.join(&ifs))
    }
}

impl EnvCompleter for Fish {
    fn name(&self) -> &'static str {
        clap_complete::env::Fish.name()
    }

    fn is(&self, name: &str) -> bool {
        clap_complete::env::Fish.is(name)
    }

    fn write_registration(
        &self,
        var: &str,
        name: &str,
        bin: &str,
        completer: &str,
        buf: &mut dyn Write,
    ) -> std::io::Result<()> {
        clap_complete::env::Fish.write_registration(var, name, bin, completer, buf)
    }

    /// As clap_complete's fish answer, a command's description led by its group: `give
    /// <TAB>Items in play: Hand an item …`.
    fn write_complete(
        &self,
        cmd: &mut clap::Command,
        args: Vec<OsString>,
        current_dir: Option<&std::path::Path>,
        buf: &mut dyn Write,
    ) -> std::io::Result<()> {
        let index = args.len() - 1;
        for (group, c) in grouped(cmd, args, index, current_dir)? {
            write!(buf, "{}", c.get_value().to_string_lossy())?;
            let help = c.get_help().map(ToString::to_string);
            let first = help.as_deref().and_then(|h| h.lines().next());
            match (heading_of_group(&group), first) {
                (Some(group), Some(help)) => write!(buf, "\t{group}: {help}")?,
                (Some(group), None) => write!(buf, "\t{group}")?,
                (None, Some(help)) => write!(buf, "\t{help}")?,
                (None, None) => {}
            }
            writeln!(buf)?;
        }
        Ok(())
    }
}

/// How the zsh script reads hoard's answer: the groups in the order they come, then each
/// group's values (folders apart, as clap_complete's) to `_describe` under the group's tag
/// and heading, unsorted.
const ZSH_GROUPS: &str = r#"    [[ -n $completions ]] || return
    local -a groups=()
    local completion group
    for completion in $completions; do
        group="${completion%%:*}"
        (( ${groups[(Ie)$group]} )) || groups+=("$group")
    done
    local -i n=0
    for group in $groups; do
        (( n++ ))
        local -a dirs=() other=()
        for completion in $completions; do
            [[ "${completion%%:*}" == "$group" ]] || continue
            completion="${completion#*:}"
            local value="${completion%%:*}"
            if [[ "$value" == */ ]]; then
                if [[ "$completion" == *:* ]]; then
                    dirs+=("${value%/}:${completion#*:}")
                else
                    dirs+=("${value%/}")
                fi
            else
                other+=("$completion")
            fi
        done
        [[ -n $dirs ]] && _describe -V -t "NAME-$n" "${group:-values}" dirs -S '/' -r '/'
        [[ -n $other ]] && _describe -V -t "NAME-$n" "${group:-values}" other
    done"#;

/// `group` if it is one of hoard's headings: fish names those, not clap's own tags.
fn heading_of_group(group: &str) -> Option<&str> {
    GROUPS
        .iter()
        .any(|(heading, _)| *heading == group)
        .then_some(group)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &[&str]) -> Vec<OsString> {
        line.iter().map(OsString::from).collect()
    }

    #[test]
    fn the_command_goes_after_the_global_options_alone() {
        let mut cli = super::super::complete::command();
        cli.build();
        let top = |line: &[&str]| names_the_command(&cli, &words(line), line.len() - 1);
        assert!(top(&["hoard", ""]));
        assert!(top(&["hoard", "--db", "x.db", "--lang=fr", "gi"]));
        assert!(top(&["hoard", "--json", "--seed", "3", ""]));
        assert!(!top(&["hoard", "treasure", "ro"]));
        assert!(!top(&["hoard", "--db", "x.db", "tables", ""]));
        assert!(!top(&["hoard", "--", ""]));
    }

    #[test]
    fn commands_come_with_their_groups_and_their_own_commands_with_clap_s() {
        let mut cli = super::super::complete::command();
        let at = |cli: &mut clap::Command, line: &[&str]| {
            grouped(cli, words(line), line.len() - 1, None)
                .unwrap()
                .into_iter()
                .map(|(g, c)| (c.get_value().to_string_lossy().into_owned(), g))
                .collect::<Vec<_>>()
        };
        let top = at(&mut cli, &["hoard", "ro"]);
        assert_eq!(top, [("roll".into(), "The campaign and its people".into())]);
        let all = at(&mut cli, &["hoard", ""]);
        let group = |name: &str| all.iter().find(|(n, _)| n == name).map(|(_, g)| g.as_str());
        assert_eq!(group("give"), Some("Items in play"));
        assert_eq!(group("touch"), Some("Sentient swords"));
        assert_eq!(group("share"), Some("Treasure and money"));
        assert_eq!(group("undo"), Some("The ledger"));
        assert_eq!(group("serve"), Some("Sharing and setting up"));
        let nested = at(&mut cli, &["hoard", "treasure", "ro"]);
        assert_eq!(nested, [("roll".into(), "Commands".into())]);
    }
}
