//! Any text as a table file, alone and laid over the shipped tables: loaded or refused with
//! errors, never a panic; a loaded table rolls.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    hoard::fuzzing::table(text);
});
