//! One CPU for a command that works turn by turn with SQLite's thread.
//!
//! sqlx runs a SQLite connection on a thread of its own, and a command hands that thread each
//! statement and waits for its answer: `log --limit 20` makes about twenty such hand-offs. On
//! two CPUs each hand-off wakes the idle one (on a virtual machine, a trip through the host);
//! on one CPU it is a plain switch between the two threads.
//!
//! A long read is the opposite: SQLite reads ahead while hoard words what it has read, and
//! both CPUs are busy. Those commands keep the machine's CPUs.
//!
//! Measured on 2026-12-02 on a 2-CPU virtual machine, 1,000,000-event campaign, runs of each
//! build interleaved (medians), with glibc's malloc:
//! - `log --limit 20`: one CPU 0.92x;
//! - `import` of 100,000 events: one CPU 0.80x;
//! - the long reads, had they been kept to one CPU: `audit swords` 1.31x, `check` 1.23x,
//!   `log` of 100,000 events 1.06x.
//!
//! Measured again once mimalloc had replaced glibc's malloc (src/main.rs) and with it the
//! one-arena setting this file also made, the same binary with and without its one CPU
//! (2026-12-02, runs interleaved): `log --limit 20` 0.89x, `character show` 0.84x,
//! `character damage` 0.92x, `import` of 100,000 events 0.88x.

use super::args::Command;

/// Keep the process (and the threads it starts from now on) to the CPU it runs on, unless
/// `command` is a long read. Only a hint: where the system refuses, the command runs as it
/// would have anyway.
pub fn settle(command: &Command) {
    if !long_read(command) {
        one_cpu();
    }
}

/// The commands whose reads stream through the whole ledger (or serve pages for hours).
fn long_read(command: &Command) -> bool {
    match command {
        Command::Audit(_) | Command::Check | Command::Export(_) | Command::Serve(_) => true,
        Command::Log(args) => args.limit.is_none(),
        _ => false,
    }
}

#[cfg(target_os = "linux")]
fn one_cpu() {
    // SAFETY: plain calls into the C library with values it documents; `set` is a
    // zero-initialised `cpu_set_t` (all CPUs cleared), a valid value of that C struct, and
    // its size is passed with it. Nothing else runs yet: no other thread exists to race.
    unsafe {
        if let Ok(cpu) = usize::try_from(libc::sched_getcpu()) {
            let mut set: libc::cpu_set_t = std::mem::zeroed();
            libc::CPU_SET(cpu, &mut set);
            libc::sched_setaffinity(0, std::mem::size_of_val(&set), &set);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn one_cpu() {}

#[cfg(test)]
mod tests {
    use super::long_read;
    use crate::cli::args::Cli;
    use clap::Parser;

    fn command(words: &str) -> super::Command {
        Cli::parse_from(std::iter::once("hoard").chain(words.split(' '))).command
    }

    /// The process keeps to one CPU from then on: the thread that asks is kept to the CPU it
    /// is on, and a thread it starts afterwards (SQLite's) inherits that.
    #[cfg(target_os = "linux")]
    #[test]
    fn one_cpu_keeps_the_thread_and_its_children_to_one_cpu() {
        fn cpus() -> Vec<usize> {
            // SAFETY: a zeroed `cpu_set_t` is valid and its size is passed with it.
            unsafe {
                let mut set: libc::cpu_set_t = std::mem::zeroed();
                assert_eq!(
                    libc::sched_getaffinity(0, std::mem::size_of_val(&set), &mut set),
                    0
                );
                (0..libc::CPU_SETSIZE as usize)
                    .filter(|&cpu| libc::CPU_ISSET(cpu, &set))
                    .collect()
            }
        }
        // In a thread of its own, so that the test runner's threads keep their CPUs. (On a
        // machine of one CPU this holds whatever `one_cpu` does; CI has two.)
        let (mine, child) = std::thread::spawn(|| {
            super::one_cpu();
            (cpus(), std::thread::spawn(cpus).join().unwrap())
        })
        .join()
        .unwrap();
        assert_eq!(mine.len(), 1, "{mine:?}");
        assert_eq!(child, mine);
    }

    #[test]
    fn long_reads_keep_every_cpu_and_the_rest_take_one() {
        for long in ["audit swords", "check", "export", "serve", "log"] {
            assert!(long_read(&command(long)), "{long}");
        }
        for short in [
            "log --limit 20",
            "character show Bo",
            "use Wand",
            "import x.jsonl",
        ] {
            assert!(!long_read(&command(short)), "{short}");
        }
    }
}
