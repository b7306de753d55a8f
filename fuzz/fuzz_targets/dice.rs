//! Any text as a dice expression: parsed or refused, never a panic; a parsed one rolls inside
//! its bounds.
#![no_main]

use hoard::rules::dice::{seeded, Expr};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    hoard::fuzzing::dice(text, &mut seeded(1));
    let _ = Expr::parse(text);
});
