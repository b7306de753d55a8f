//! The commands grouped by what the referee is doing, as `hoard --help` and the manual list
//! them: a flat list of fifty commands in no order a referee looks for them is hard to read.

/// Each heading, and its commands in the order they are listed.
pub const GROUPS: &[(&str, &[&str])] = &[
    (
        "The campaign and its people",
        &[
            "demo",
            "campaign",
            "session",
            "referee",
            "character",
            "time",
            "roll",
        ],
    ),
    (
        "Items in play",
        &[
            "generate", "item", "tables", "give", "drop", "drink", "apply", "taste", "read",
            "cast", "copy", "wear", "remove", "use", "recharge", "study", "identify", "light",
            "douse",
        ],
    ),
    (
        "Sentient swords",
        &[
            "sword",
            "touch",
            "wield",
            "sheathe",
            "release",
            "encounter",
            "odds",
            "audit",
        ],
    ),
    (
        "Treasure and money",
        &[
            "treasure", "coins", "valuable", "claim", "claims", "share", "xp", "stash", "sell",
            "buy", "exchange", "retainer", "debts",
        ],
    ),
    (
        "The ledger",
        &["log", "explain", "report", "undo", "redo", "void", "check"],
    ),
    (
        "Sharing and setting up",
        &[
            "backup",
            "export",
            "import",
            "serve",
            "completions",
            "man",
            "help",
        ],
    ),
];

/// `help`, clap's list of commands (`Commands:` and its entries, each an indented line and the
/// lines its text wraps onto), listed again under [`GROUPS`]' headings. Anything else is kept
/// as it is; a command no group names stays under `Commands:`.
pub fn regrouped(help: &str) -> String {
    let Some((before, rest)) = help.split_once("Commands:\n") else {
        return help.to_string();
    };
    let (list, after) = match rest.find("\n\n") {
        Some(end) => (&rest[..end], &rest[end..]),
        None => (rest, ""),
    };
    // Each entry: its name and its lines.
    let mut entries: Vec<(String, Vec<&str>)> = Vec::new();
    for line in list.lines() {
        let name = line.strip_prefix("  ").filter(|l| !l.starts_with(' '));
        match (name, entries.last_mut()) {
            (Some(name), _) => {
                let name = name.split_whitespace().next().unwrap_or_default();
                entries.push((name.to_string(), vec![line]));
            }
            (None, Some((_, lines))) => lines.push(line),
            (None, None) => {}
        }
    }
    let mut out = before.to_string();
    let mut listed: Vec<&str> = Vec::new();
    for (heading, names) in GROUPS {
        let lines: Vec<&str> = names
            .iter()
            .filter_map(|n| entries.iter().find(|(name, _)| name == n))
            .flat_map(|(name, lines)| {
                listed.push(name);
                lines.iter().copied()
            })
            .collect();
        if !lines.is_empty() {
            out.push_str(&format!("{heading}:\n{}\n\n", lines.join("\n")));
        }
    }
    let rest: Vec<&str> = entries
        .iter()
        .filter(|(name, _)| !listed.contains(&name.as_str()))
        .flat_map(|(_, lines)| lines.iter().copied())
        .collect();
    if !rest.is_empty() {
        out.push_str(&format!("Commands:\n{}\n\n", rest.join("\n")));
    }
    out.truncate(out.trim_end_matches('\n').len());
    out.push_str(after);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::args::Cli;
    use clap::CommandFactory;

    #[test]
    fn every_command_is_in_exactly_one_group() {
        let mut cli = Cli::command();
        cli.build();
        let mut names: Vec<&str> = cli.get_subcommands().map(|c| c.get_name()).collect();
        names.push("help");
        for name in &names {
            let n = GROUPS.iter().filter(|(_, g)| g.contains(name)).count();
            assert_eq!(n, 1, "{name} is in {n} groups");
        }
        for (heading, group) in GROUPS {
            for name in *group {
                assert!(names.contains(name), "{heading}: no command {name}");
            }
        }
    }

    #[test]
    fn the_list_of_commands_is_regrouped_and_nothing_else_moves() {
        let help = "About\n\nUsage: hoard <COMMAND>\n\nCommands:\n  demo   Play\n         on\n  give   Hand\n  zzz    New\n\nOptions:\n  -h  Help\n";
        assert_eq!(
            regrouped(help),
            "About\n\nUsage: hoard <COMMAND>\n\nThe campaign and its people:\n  demo   Play\n         on\n\n\
             Items in play:\n  give   Hand\n\nCommands:\n  zzz    New\n\nOptions:\n  -h  Help\n"
        );
    }
}
