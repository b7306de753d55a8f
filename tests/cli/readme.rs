//! The README's and `docs/`'s commands, run as written: the `console` blocks of each file are
//! a session on a fresh machine (an empty home folder), each `$ hoard …` line a command, and
//! the lines under it its exact output. `README_UPDATE=1 cargo test readme` rewrites the
//! outputs from real runs.

use std::path::Path;

/// Run one documented command line the way a newcomer would, from `home`.
fn run(line: &str, home: &Path) -> String {
    let words = shell_words::split(line).unwrap_or_else(|e| panic!("{line}: {e}"));
    assert_eq!(
        words[0], "hoard",
        "documented commands start with hoard: {line}"
    );
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("hoard"))
        .args(&words[1..])
        .current_dir(home)
        .env("HOME", home)
        .env_remove("XDG_DATA_HOME")
        .env_remove("HOARD_DB")
        .env_remove("HOARD_CAMPAIGN")
        .env_remove("HOARD_TABLES")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C")
        .env("NO_COLOR", "1")
        .output()
        .expect("run hoard");
    let mut text = String::from_utf8(out.stdout).expect("utf-8");
    text.push_str(&String::from_utf8(out.stderr).expect("utf-8"));
    assert!(
        out.status.success(),
        "documented command failed: {line}\n{text}"
    );
    let home = home.display().to_string();
    text.replace(&home, "~").trim_end().to_string()
}

/// The text with every console block's outputs replaced by what the commands print now.
fn replay(text: &str) -> String {
    let mut result = String::new();
    let mut home: Option<tempfile::TempDir> = None;
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        result.push_str(line);
        result.push('\n');
        if line != "```console" {
            continue;
        }
        // Blocks run in order on one machine, so later ones build on earlier ones; the demo
        // uses its own database beside the campaign one.
        // The demo's own output shows commands, so it runs to the end of its block.
        let dir = home.get_or_insert_with(|| tempfile::tempdir().expect("temp dir"));
        let mut in_demo = false;
        for line in lines.by_ref() {
            if line == "```" {
                result.push_str("```\n");
                break;
            }
            if in_demo {
                continue;
            }
            if let Some(command) = line.strip_prefix("$ ") {
                in_demo = command == "hoard demo";
                result.push_str(line);
                result.push('\n');
                let output = run(command, dir.path());
                if !output.is_empty() {
                    result.push_str(&output);
                    result.push('\n');
                }
            }
        }
    }
    result
}

/// Replay `path` (relative to the repository) and compare it with what it shows; with
/// `README_UPDATE` set, rewrite it instead.
fn check(path: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let replayed = replay(&text);
    if std::env::var_os("README_UPDATE").is_some() {
        std::fs::write(&path, &replayed).expect("write the replayed file");
        return;
    }
    if replayed != text {
        let diff: Vec<String> = text
            .lines()
            .zip(replayed.lines())
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .take(5)
            .map(|(n, (a, b))| format!("line {}:\n  shown:  {a}\n  actual: {b}", n + 1))
            .collect();
        panic!(
            "{}: the console blocks no longer match the binary (README_UPDATE=1 cargo test readme rewrites them):\n{}",
            path.display(),
            diff.join("\n")
        );
    }
}

#[test]
fn the_readme_commands_print_what_the_readme_shows() {
    check("README.md");
}

/// The documents under `docs/` are held to the same standard: no example goes untested.
#[test]
fn the_docs_commands_print_what_the_docs_show() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    let mut docs: Vec<String> = std::fs::read_dir(&dir)
        .expect("docs/")
        .map(|entry| {
            entry
                .expect("docs/ entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| name.ends_with(".md"))
        .collect();
    docs.sort();
    assert!(
        docs.iter().any(|name| name == "json.md"),
        "docs/json.md is missing"
    );
    for name in docs {
        check(&format!("docs/{name}"));
    }
}

/// The reference's table of limits says what `rules::limits` holds, digit for digit.
#[test]
fn the_reference_states_the_limits_the_rules_keep() {
    use hoard::rules::limits;
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/reference.md");
    let reference = std::fs::read_to_string(path).unwrap();
    let grouped = |n: i64| {
        let digits = n.to_string();
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(c);
        }
        out
    };
    for (what, n) in [
        ("| coins of one kind one holder", limits::COINS),
        (
            "| coins of one kind the campaign counts",
            limits::COINS_COUNTED,
        ),
        ("| XP on a sheet", limits::XP),
    ] {
        let row = reference
            .lines()
            .find(|l| l.starts_with(what))
            .unwrap_or_else(|| panic!("no row of the limits for {what:?}"));
        assert!(row.ends_with(&format!("| {} |", grouped(n))), "{row}");
    }
    let value = reference
        .lines()
        .find(|l| l.starts_with("| a valuable's worth |"))
        .expect("the row of a valuable's worth");
    assert_eq!(
        value,
        format!("| a valuable's worth | {} gp |", grouped(limits::VALUE_GP))
    );
}

/// A newcomer reads, beside the two set-up commands, how long each takes and what the tests
/// need: their first lines say so, and `.ci/run` installs exactly what they name.
#[test]
fn the_readme_says_how_long_the_set_up_takes_and_what_the_tests_need() {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README.md");
    let setup: String = readme
        .lines()
        .skip_while(|l| !l.starts_with("```sh"))
        .skip(1)
        .take_while(|l| !l.starts_with("```"))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(setup.contains("cargo run --release -- demo"), "{setup}");
    assert!(setup.contains("cargo test"), "{setup}");
    assert_eq!(
        setup.matches(" min ").count(),
        2,
        "a time for each build: {setup}"
    );
    let ci = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(".ci/run"))
        .expect(".ci/run");
    for package in ["postgresql", "chromium", "chromium-driver"] {
        assert!(
            setup.contains(package),
            "the README names {package}: {setup}"
        );
        assert!(ci.contains(package), ".ci/run installs {package}");
    }
    assert!(setup.contains("`postgres` user"), "{setup}");
}

/// The reference's table of commands names every command, and every key `campaign set` takes.
#[test]
fn the_reference_s_table_names_every_command_and_setting() {
    let reference =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/reference.md"))
            .expect("docs/reference.md");
    let (_, table) = reference
        .split_once("| commands | what they do |")
        .expect("the table of commands");
    let rows: Vec<&str> = table
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .collect();
    let words = |row: &str| -> Vec<String> {
        row.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .map(str::to_string)
            .collect()
    };
    let h = crate::common::Hoard::new();
    let dir = h.dir.path().join("man");
    h.ok(&["man", "--dir", dir.to_str().unwrap()]);
    for page in std::fs::read_dir(&dir).unwrap() {
        let page = page.unwrap().file_name().into_string().unwrap();
        let path: Vec<&str> = page.trim_end_matches(".1").split('-').skip(1).collect();
        let Some((command, sub)) = path.split_first() else {
            continue;
        };
        let named = rows.iter().any(|row| {
            row.contains(&format!("`{command}"))
                && sub.iter().all(|s| words(row).iter().any(|w| w == s))
        });
        assert!(named, "the reference's table lacks `{}`", path.join(" "));
    }
    let set = h.ok(&["campaign", "set", "--help"]);
    let keys = set
        .lines()
        .find_map(|l| l.trim().strip_prefix("<KEY>"))
        .expect("campaign set's keys");
    for key in keys
        .split([',', ' '])
        .filter(|k| k.contains('-') || k.len() > 3)
    {
        assert!(
            reference.contains(&format!("`{key}`")),
            "the reference lacks {key}"
        );
    }
}

/// docs/json.md names every field of `log --json`, and the reference says how `backup`
/// replaces a file.
#[test]
fn the_docs_name_what_the_commands_do() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let json = std::fs::read_to_string(root.join("docs/json.md")).expect("docs/json.md");
    let (_, shape) = json
        .split_once("`log` prints one object per line: `{")
        .expect("log's shape");
    let shape = &shape[..shape.find('}').expect("its end")];
    let h = crate::common::Hoard::new();
    h.ok(&["roll", "1d6"]);
    let line = h.ok(&["--json", "log"]);
    let line: serde_json::Value =
        serde_json::from_str(line.lines().last().expect("an event")).expect("JSON");
    for key in line.as_object().expect("an object").keys() {
        assert!(
            shape.split(',').any(|k| k.trim() == key),
            "docs/json.md's log lacks {key}"
        );
    }
    let reference = std::fs::read_to_string(root.join("docs/reference.md")).expect("reference");
    let backup = reference
        .split_once("- `hoard backup PATH`")
        .expect("backup")
        .1;
    assert!(backup[..300].contains("only with `--force`"), "{backup}");
}
