//! The README's commands, run as written: every `console` block is a session on a fresh
//! machine (an empty home folder), each `$ hoard …` line a command, and the lines under it
//! its exact output. `README_UPDATE=1 cargo test readme` rewrites the outputs from real runs.

use std::path::Path;

/// Run one README command line the way a newcomer would, from `home`.
fn run(line: &str, home: &Path) -> String {
    let words = shell_words::split(line).unwrap_or_else(|e| panic!("{line}: {e}"));
    assert_eq!(
        words[0], "hoard",
        "README commands start with hoard: {line}"
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
        "README command failed: {line}\n{text}"
    );
    let home = home.display().to_string();
    text.replace(&home, "~").trim_end().to_string()
}

/// The README with every console block's outputs replaced by what the commands print now.
fn replay(readme: &str) -> String {
    let mut result = String::new();
    let mut home: Option<tempfile::TempDir> = None;
    let mut lines = readme.lines();
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

#[test]
fn the_readme_commands_print_what_the_readme_shows() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let readme = std::fs::read_to_string(&path).expect("README.md");
    let replayed = replay(&readme);
    if std::env::var_os("README_UPDATE").is_some() {
        std::fs::write(&path, &replayed).expect("write README.md");
        return;
    }
    if replayed != readme {
        let diff: Vec<String> = readme
            .lines()
            .zip(replayed.lines())
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .take(5)
            .map(|(n, (a, b))| format!("line {}:\n  README: {a}\n  actual: {b}", n + 1))
            .collect();
        panic!(
            "the README's console blocks no longer match the binary (README_UPDATE=1 cargo test readme rewrites them):\n{}",
            diff.join("\n")
        );
    }
}
