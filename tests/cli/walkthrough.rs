//! docs/west-marches.md is true: every command its walk-through shows is run in order on one
//! database (as Alice, as Bob, or as either), and every output it prints is what that command
//! prints — `…` leaves lines out, never changes one. A line `hoard: …` is the command's error.
//! So the page cannot show an output from a command it never shows.

use crate::common::Hoard;

/// A command of the walk-through: who runs it, its arguments, and the lines it shows after it.
struct Step {
    referee: &'static str,
    args: Vec<String>,
    shown: Vec<String>,
}

/// The words of a command line, as a shell splits them (double quotes only: all the page uses).
fn words(line: &str) -> Vec<String> {
    let (mut words, mut word, mut quoted, mut any) = (Vec::new(), String::new(), false, false);
    for c in line.chars() {
        match c {
            '"' => (quoted, any) = (!quoted, true),
            ' ' if !quoted => {
                if any {
                    words.push(std::mem::take(&mut word));
                }
                any = false;
            }
            c => (word, any) = (word + &c.to_string(), true),
        }
    }
    if any {
        words.push(word);
    }
    words
}

/// The walk-through's steps, in page order: the fenced blocks' `hoard` lines.
fn steps(page: &str) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    let mut fenced = false;
    for line in page.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced {
            continue;
        }
        let command = [
            ("alice$ hoard ", "Alice"),
            ("bob$ hoard ", "Bob"),
            ("$ hoard ", "Alice"),
            ("hoard ", "Alice"),
        ]
        .iter()
        .find_map(|(prompt, who)| line.strip_prefix(prompt).map(|rest| (rest, *who)));
        match (command, steps.last_mut()) {
            (Some((rest, referee)), _) => steps.push(Step {
                referee,
                args: words(rest.split("   #").next().unwrap_or(rest)),
                shown: Vec::new(),
            }),
            (None, Some(step)) => step.shown.push(line.to_string()),
            (None, None) => {}
        }
    }
    steps
}

#[test]
fn the_west_marches_walk_through_shows_what_its_commands_print() {
    let page =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/west-marches.md"))
            .expect("docs/west-marches.md");
    let steps = steps(&page);
    assert!(steps.len() > 30, "{} steps", steps.len());
    let h = Hoard::new();
    for step in steps {
        let args: Vec<&str> = step.args.iter().map(String::as_str).collect();
        let out = h
            .cmd(&args)
            .env("HOARD_REFEREE", step.referee)
            .output()
            .unwrap();
        let printed = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let fails = step.shown.iter().any(|l| l.starts_with("hoard: "));
        assert_eq!(
            out.status.success(),
            !fails,
            "{} hoard {args:?}: {printed}",
            step.referee
        );
        // Each line shown is printed, in order; `…` skips any number of lines.
        let mut printed_lines = printed.lines();
        let elided = step.shown.iter().any(|l| l.trim() == "…");
        for shown in step.shown.iter().filter(|l| l.trim() != "…") {
            let found = if elided {
                printed_lines.any(|p| p == shown)
            } else {
                printed_lines.next() == Some(shown.as_str())
            };
            assert!(
                found,
                "{} hoard {args:?} does not print {shown:?}; it prints:\n{printed}",
                step.referee
            );
        }
    }
}
