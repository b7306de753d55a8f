//! Any text as an export file: its header and lines parsed and fed to the projector, refused
//! line by line, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    hoard::fuzzing::import(text);
});
