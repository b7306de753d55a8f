//! Reads that see one moment: `check` and `export` run while eight processes record, and
//! neither sees a ledger and a state of different moments — no false alarm, and every export
//! imports (and checks) elsewhere.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::common::Hoard;

#[test]
fn check_and_export_read_one_moment_while_eight_processes_record() {
    let h = Hoard::new();
    h.character("Arnaud", 12, 10, 100, "neutral");
    h.wand("Wand", 1000, Some("Arnaud"));
    h.ok(&["session", "start", "Busy"]);
    let writing = Arc::new(AtomicBool::new(true));
    let writers: Vec<_> = (0..8)
        .map(|w| {
            let writer = h.sharing();
            std::thread::spawn(move || {
                for i in 0..30 {
                    let seed = (w * 100 + i).to_string();
                    let line: &[&str] = match i % 4 {
                        0 => &["use", "Wand"],
                        1 => &["character", "damage", "Arnaud", "1"],
                        2 => &["character", "heal", "Arnaud", "1"],
                        _ => &["time", "advance", "1", "rounds"],
                    };
                    let mut args = vec!["--seed", &seed];
                    args.extend_from_slice(line);
                    writer.ok(&args);
                }
            })
        })
        .collect();
    let watcher = {
        let writing = writing.clone();
        std::thread::spawn(move || {
            for w in writers {
                w.join().unwrap();
            }
            writing.store(false, Ordering::SeqCst);
        })
    };
    let copies = Hoard::new();
    copies.ok(&["roll", "1d6"]);
    let file = h.dir.path().join("moment.jsonl");
    let mut rounds = 0;
    // While they write, and once more after.
    loop {
        let still = writing.load(Ordering::SeqCst);
        h.ok(&["check"]);
        h.ok(&["export", "-o", file.to_str().unwrap(), "--force"]);
        let name = format!("copy{rounds}");
        copies.ok(&["import", file.to_str().unwrap(), "--as", &name]);
        copies.ok(&["--campaign", &name, "check"]);
        rounds += 1;
        if !still {
            break;
        }
    }
    watcher.join().unwrap();
    assert!(rounds >= 2, "the reads ran while the writers wrote");
    h.ok(&["check"]);
    let log = h.ok(&["--json", "log"]);
    assert_eq!(log.lines().count(), 3 + 1 + 240, "every event landed");
}
