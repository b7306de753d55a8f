//! The binary allocates with mimalloc, SQLite's memory included (`src/main.rs` says why).

use std::process::Command;

use crate::common::bin;

/// mimalloc reports itself when asked to (`MIMALLOC_VERBOSE`): it is the allocator in use.
#[test]
fn the_binary_allocates_with_mimalloc() {
    let out = Command::new(bin())
        .arg("--version")
        .env("MIMALLOC_VERBOSE", "1")
        .output()
        .expect("hoard runs");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{said}");
    assert!(said.contains("mimalloc: v2."), "no mimalloc v2 in: {said}");
}

/// The binary defines `malloc` (mimalloc's `override`), so C code in it, SQLite, calls it too.
#[cfg(target_os = "linux")]
#[test]
fn c_code_in_the_binary_calls_mimallocs_malloc() {
    let out = Command::new("nm")
        .args(["--dynamic", "--defined-only"])
        .arg(bin())
        .output()
        .expect("nm (binutils, which links the binary) runs");
    let symbols = String::from_utf8_lossy(&out.stdout);
    assert!(symbols.lines().any(|l| l.ends_with(" T malloc")));
}
