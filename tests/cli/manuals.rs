//! What a new referee installs beside the binary: the shell's completions (which know the
//! campaign's names) and the manual pages. None of it needs a database, and completing must
//! never make one.

use std::path::Path;

use assert_cmd::Command;

use crate::common::Hoard;

/// `hoard` in English on a home of its own: no database, campaign, folder or shell of the
/// machine leaks in.
fn hoard(home: &Path) -> Command {
    let mut cmd = Command::cargo_bin("hoard").expect("binary");
    for var in [
        "HOARD_DB",
        "HOARD_CAMPAIGN",
        "HOARD_TABLES",
        "XDG_DATA_HOME",
        "XDG_CONFIG_HOME",
        "ZDOTDIR",
        "SHELL",
        "COMPLETE",
        "LC_ALL",
        "LC_MESSAGES",
    ] {
        cmd.env_remove(var);
    }
    cmd.env("HOME", home).env("LANG", "C").env("NO_COLOR", "1");
    cmd
}

fn stdout(cmd: &mut Command) -> String {
    let out = cmd.output().expect("run hoard");
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn completions_install_into_a_fresh_home_for_each_shell() {
    let home = tempfile::tempdir().unwrap();
    let home = home.path();

    // bash, from $SHELL: the folder bash-completion reads did not exist.
    let said = stdout(
        hoard(home)
            .env("SHELL", "/bin/bash")
            .args(["completions", "--install"]),
    );
    let bash = home.join(".local/share/bash-completion/completions/hoard");
    assert!(said.contains(&bash.display().to_string()), "{said}");
    assert!(said.contains("new shell"), "{said}");
    let script = std::fs::read_to_string(&bash).unwrap();
    assert!(script.contains("COMPLETE=\"bash\""), "{script}");
    assert!(script.contains("complete -o nospace"), "{script}");

    // bash again under XDG_DATA_HOME.
    let data = home.join("data");
    stdout(
        hoard(home)
            .env("XDG_DATA_HOME", &data)
            .args(["completions", "--install", "bash"]),
    );
    assert!(data.join("bash-completion/completions/hoard").is_file());

    // zsh: ~/.zfunc/_hoard, and the line .zshrc needs, said once.
    let said = stdout(hoard(home).args(["completions", "--install", "zsh"]));
    let zsh = std::fs::read_to_string(home.join(".zfunc/_hoard")).unwrap();
    assert!(zsh.starts_with("#compdef hoard"), "{zsh}");
    assert!(said.contains("fpath=(~/.zfunc $fpath)"), "{said}");
    std::fs::write(home.join(".zshrc"), "fpath=(~/.zfunc $fpath)\n").unwrap();
    let said = stdout(hoard(home).args(["completions", "--install", "zsh"]));
    assert!(!said.contains("fpath=("), "{said}");
    // …or under $ZDOTDIR.
    let zdot = home.join("zdot");
    stdout(
        hoard(home)
            .env("ZDOTDIR", &zdot)
            .args(["completions", "--install", "zsh"]),
    );
    assert!(zdot.join(".zfunc/_hoard").is_file());

    // fish, under XDG_CONFIG_HOME.
    let config = home.join("config");
    let said = stdout(hoard(home).env("XDG_CONFIG_HOME", &config).args([
        "completions",
        "--install",
        "fish",
    ]));
    let fish = config.join("fish/completions/hoard.fish");
    assert!(said.contains(&fish.display().to_string()), "{said}");
    assert!(
        std::fs::read_to_string(fish)
            .unwrap()
            .contains("COMPLETE=fish")
    );

    // A shell hoard cannot install for, and no shell at all: what to do instead, exit 2.
    for args in [
        &["completions", "--install", "powershell"][..],
        &["completions", "--install"],
    ] {
        let out = hoard(home).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{out:?}");
        assert!(
            String::from_utf8(out.stderr)
                .unwrap()
                .contains("hoard completions")
        );
    }
}

#[test]
fn completions_still_print_to_stdout() {
    let home = tempfile::tempdir().unwrap();
    let script = stdout(hoard(home.path()).args(["completions", "bash"]));
    assert!(script.contains("_clap_complete_hoard"), "{script}");
    // Nothing was written into the home.
    assert_eq!(std::fs::read_dir(home.path()).unwrap().count(), 0);
}

/// The values bash would be offered for the last word of `line` (clap_complete's protocol:
/// the words after `--`, and the index of the one being completed), leaving out the options
/// clap offers beside them when the word is empty.
fn offered(home: &Path, line: &[&str], env: &[(&str, &Path)]) -> Vec<String> {
    offered_all(home, line, env)
        .into_iter()
        .filter(|w| !w.starts_with('-'))
        .collect()
}

fn offered_all(home: &Path, line: &[&str], env: &[(&str, &Path)]) -> Vec<String> {
    let mut cmd = hoard(home);
    cmd.env("COMPLETE", "bash")
        .env("_CLAP_COMPLETE_INDEX", line.len().to_string())
        .envs(env.iter().copied())
        .args(["--", "hoard"])
        .args(line);
    stdout(&mut cmd).lines().map(str::to_string).collect()
}

#[test]
fn completion_offers_the_names_in_the_database() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "West Marches", "--use"]);
    for name in ["Arnaud", "Aline", "Bors"] {
        h.character(name, 12, 12, 10, "neutral");
    }
    h.wand("Wand of Frost", 5, Some("Arnaud"));
    h.wand("Wand of Fire", 5, None);
    h.ok(&["campaign", "new", "Tomb"]);
    let db = h.db.to_str().unwrap();
    let home = h.dir.path();

    let names = |line: &[&str]| offered(home, line, &[]);
    assert_eq!(
        names(&["--db", db, "character", "show", "A"]),
        ["Aline", "Arnaud"]
    );
    assert_eq!(
        names(&["--db", db, "give", "Wand of Frost", "--to", "b"]),
        ["Bors"]
    );
    assert_eq!(names(&["--db", db, "drink", "x", "--by", ""]).len(), 3);
    assert_eq!(names(&["--db", db, "debts", "A"]), ["Aline", "Arnaud"]);
    assert_eq!(
        names(&["--db", db, "debts", "pay", "Aline", "--to", "b"]),
        ["Bors"]
    );
    // Bash inserts what it is given: a name with spaces comes escaped.
    assert_eq!(
        names(&["--db", db, "use", "wand"]),
        ["Wand\\ of\\ Fire", "Wand\\ of\\ Frost"]
    );
    assert_eq!(
        names(&["--db", db, "item", "show", "Wand\\ of\\ Fr"]),
        ["Wand\\ of\\ Frost"]
    );
    assert_eq!(
        names(&["--db", db, "campaign", "use", ""]),
        ["Tomb", "West\\ Marches"]
    );
    // The campaign the line names (Tomb has no characters), and the database HOARD_DB names.
    assert!(names(&["--db", db, "--campaign", "Tomb", "character", "show", ""]).is_empty());
    assert_eq!(
        offered(
            home,
            &["character", "show", "Al"],
            &[("HOARD_DB", h.db.as_path())]
        ),
        ["Aline"]
    );
    // Commands and options still complete as clap knows them.
    assert_eq!(
        offered(home, &["ex"], &[]),
        ["exchange", "explain", "export"]
    );
    assert!(offered_all(home, &["--db", db, "give", "--r"], &[]).contains(&"--read".to_string()));
}

#[test]
fn completing_on_a_missing_database_offers_nothing_and_creates_nothing() {
    let home = tempfile::tempdir().unwrap();
    let home = home.path();
    let missing = home.join("campaigns/west.db");
    let line = ["--db", missing.to_str().unwrap(), "character", "show", ""];
    assert!(offered(home, &line, &[]).is_empty());
    // The default database (under the home) neither.
    assert!(offered(home, &["give", "x", "--to", ""], &[]).is_empty());
    assert_eq!(
        std::fs::read_dir(home).unwrap().count(),
        0,
        "a file was created"
    );
}

#[test]
fn the_manual_tells_exit_status_environment_files_and_examples() {
    let home = tempfile::tempdir().unwrap();
    let page = stdout(hoard(home.path()).arg("man"));
    for section in [
        ".SH NAME",
        ".SH SYNOPSIS",
        ".SH OPTIONS",
        ".SH SUBCOMMANDS",
        ".SH \"EXIT STATUS\"",
        ".SH ENVIRONMENT",
        ".SH FILES",
        ".SH EXAMPLES",
    ] {
        assert!(page.contains(section), "{section} missing");
    }
    for word in [
        "HOARD_DB",
        "HOARD_CAMPAIGN",
        "HOARD_TABLES",
        "LC_MESSAGES",
        "NO_COLOR",
        "COMPLETE",
        "hoard/hoard.db",
        "demo.db",
        "recorded but its answer could not be printed",
    ] {
        assert!(page.contains(word), "{word} missing");
    }
    for code in 0..=7 {
        assert!(
            page.contains(&format!(".TP\n\\fB{code}\\fR")),
            "exit code {code}"
        );
    }
}

#[test]
fn the_manual_says_which_pages_it_wrote() {
    let home = tempfile::tempdir().unwrap();
    let dir = home.path().join("man/man1");
    let said = stdout(hoard(home.path()).args(["man", "--dir"]).arg(&dir));
    let files: Vec<&str> = said.lines().collect();
    assert!(files.len() > 40, "{said}");
    for file in &files {
        assert!(Path::new(file).is_file(), "{file}");
    }
    let give = dir.join("hoard-give.1");
    assert!(files.contains(&give.to_str().unwrap()), "{said}");
    let page = std::fs::read_to_string(give).unwrap();
    assert!(page.contains(".SH \"EXIT STATUS\""));
    assert!(page.contains("hoard\\fR(1)"), "{page}");
}

#[test]
fn installing_bash_completions_warns_when_bash_completion_is_missing() {
    let home = tempfile::tempdir().unwrap();
    let home = home.path();
    let data = home.join("share");
    let install = |data: &Path| {
        let out = hoard(home)
            .env("XDG_DATA_DIRS", data)
            .args(["completions", "--install", "bash"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stderr).unwrap()
    };
    // Homebrew's, on a Mac that has it, counts whatever XDG_DATA_DIRS says.
    if !Path::new("/opt/homebrew/share/bash-completion/bash_completion").exists() {
        let warned = install(&data);
        assert_eq!(warned.lines().count(), 1, "{warned}");
        assert!(
            warned.contains("bash-completion")
                && warned.contains("apt-get install bash-completion"),
            "{warned}"
        );
    }
    std::fs::create_dir_all(data.join("bash-completion")).unwrap();
    std::fs::write(data.join("bash-completion/bash_completion"), "").unwrap();
    assert_eq!(install(&data), "");
}

/// `hoard man` with its output on a terminal (a new pseudo-terminal) and `path` for PATH:
/// what reached the terminal.
fn man_on_a_terminal(home: &Path, path: &Path) -> String {
    use std::os::fd::{FromRawFd, OwnedFd};
    let (mut master, mut slave) = (0, 0);
    // SAFETY: openpty only writes the two descriptors it opens, owned here from then on.
    let opened = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(opened, 0, "openpty");
    // SAFETY: both were just opened, and nothing else owns them.
    let (mut master, slave) = unsafe {
        (
            std::fs::File::from_raw_fd(master),
            OwnedFd::from_raw_fd(slave),
        )
    };
    let mut child = std::process::Command::new(crate::common::bin())
        .arg("man")
        .env_clear()
        .env("HOME", home)
        .env("LANG", "C")
        .env("PATH", path)
        .stdout(std::process::Stdio::from(slave))
        .spawn()
        .expect("run hoard");
    // Read as it comes (a terminal holds little); the end reads as an error once the
    // terminal's other side is closed.
    let reader = std::thread::spawn(move || {
        let mut seen = Vec::new();
        let mut chunk = [0u8; 4096];
        while let Ok(n @ 1..) = std::io::Read::read(&mut master, &mut chunk) {
            seen.extend_from_slice(&chunk[..n]);
        }
        String::from_utf8_lossy(&seen).into_owned()
    });
    assert!(child.wait().unwrap().success());
    reader.join().unwrap()
}

#[test]
fn the_manual_on_a_terminal_is_read_through_man() {
    let home = tempfile::tempdir().unwrap();
    let bin = home.path().join("bin");
    std::fs::create_dir(&bin).unwrap();
    // A `man` that keeps what it was given and shows one line.
    let man = bin.join("man");
    std::fs::write(
        &man,
        "#!/bin/sh\necho \"$@\" > \"$0.args\"\ncat > \"$0.page\"\necho FORMATTED\n",
    )
    .unwrap();
    let mut mode = std::fs::metadata(&man).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut mode, 0o755);
    std::fs::set_permissions(&man, mode).unwrap();
    let path = std::env::join_paths([bin.clone(), "/usr/bin".into(), "/bin".into()]).unwrap();
    let shown = man_on_a_terminal(home.path(), Path::new(&path));
    assert!(
        shown.contains("FORMATTED") && !shown.contains(".TH"),
        "{shown}"
    );
    assert_eq!(
        std::fs::read_to_string(bin.join("man.args")).unwrap(),
        "-l -\n"
    );
    let page = std::fs::read_to_string(bin.join("man.page")).unwrap();
    assert!(page.contains(".TH hoard 1"), "{page}");
    // Without `man`, the roff itself.
    let empty = home.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    let shown = man_on_a_terminal(home.path(), &empty);
    assert!(shown.contains(".TH hoard 1"), "{shown}");
}

/// The groups of `hoard --help` in completion: zsh's answer leads each candidate with its
/// group and its script shows each group under its own tag; fish's names a command's group in
/// its description; a command's own commands keep clap's « Commands »; bash's is words alone.
#[test]
fn zsh_and_fish_completions_show_the_commands_groups() {
    let home = tempfile::tempdir().unwrap();
    let answer = |shell: &str, line: &[&str]| {
        let mut cmd = hoard(home.path());
        cmd.env("COMPLETE", shell)
            .env("_CLAP_COMPLETE_INDEX", line.len().to_string())
            .args(["--", "hoard"])
            .args(line);
        stdout(&mut cmd)
    };
    let zsh = answer("zsh", &["g"]);
    assert_eq!(
        zsh.lines().collect::<Vec<_>>(),
        [
            "Items in play:generate:Make magic items from the random tables: `generate wand`, `generate any --count 10`",
            "Items in play:give:Hand an item to a character (a scroll taken unread may fade)",
        ]
    );
    let all = answer("zsh", &[""]);
    for line in [
        "The campaign and its people:demo:",
        "Sentient swords:touch:",
        "Treasure and money:share:",
        "The ledger:undo:",
        "Sharing and setting up:serve:",
    ] {
        assert!(all.lines().any(|l| l.starts_with(line)), "{line} in {all}");
    }
    let nested = answer("zsh", &["treasure", "ro"]);
    assert!(
        nested.starts_with("Commands:roll:Roll a treasure type"),
        "{nested}"
    );
    let script = stdout(hoard(home.path()).args(["completions", "zsh"]));
    assert!(
        script.contains(r#"_describe -V -t "hoard-$n" "${group:-values}" other"#),
        "{script}"
    );
    assert!(script.starts_with("#compdef hoard"), "{script}");

    let fish = answer("fish", &["g"]);
    assert!(
        fish.starts_with("generate\tItems in play: Make magic items"),
        "{fish}"
    );
    let nested = answer("fish", &["treasure", "ro"]);
    assert!(nested.starts_with("roll\tRoll a treasure type"), "{nested}");

    assert_eq!(
        answer("bash", &["g"]).lines().collect::<Vec<_>>(),
        ["generate", "give"]
    );
}
