//! Progress of long work (generate, import): a bar on a terminal, plain lines with
//! `--progress`, nothing otherwise — and never on stdout, which carries the results.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Off,
    Bar,
    Lines,
}

impl Mode {
    pub fn choose(asked: bool, json: bool) -> Mode {
        if asked {
            Mode::Lines
        } else if !json && std::io::stderr().is_terminal() {
            Mode::Bar
        } else {
            Mode::Off
        }
    }
}

/// A progress report that only draws when there is a lot to do.
pub struct Progress {
    mode: Mode,
    bar: Option<ProgressBar>,
    last: u64,
}

impl Progress {
    pub fn new(mode: Mode, total: u64) -> Progress {
        let big = total >= 1_000;
        let bar = (mode == Mode::Bar && big).then(|| {
            let bar = ProgressBar::new(total);
            if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} {eta}") {
                bar.set_style(style);
            }
            bar
        });
        Progress { mode, bar, last: 0 }
    }

    pub fn set(&mut self, done: u64, total: u64) {
        match self.mode {
            Mode::Bar => {
                if let Some(bar) = &self.bar {
                    bar.set_length(total);
                    bar.set_position(done);
                }
            }
            Mode::Lines if done != self.last => {
                eprintln!("progress: {done}/{total}");
                self.last = done;
            }
            _ => {}
        }
    }

    pub fn finish(self) {
        if let Some(bar) = self.bar {
            bar.finish_and_clear();
        }
    }
}
