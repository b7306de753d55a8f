//! The repository holds sources only: no compiled program, object or library is ever
//! committed (a stray binary once sat at the top level). The tracked files come from
//! `git ls-files`; without git (a source tarball), from the tree less `target/` folders.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Names that only a compiler or linker writes.
const BUILD_OUTPUT_EXTENSIONS: &[&str] = &[
    "o", "obj", "a", "lib", "so", "dylib", "dll", "exe", "rlib", "rmeta", "pdb", "class",
];

/// Why `bytes`, read from a file called `name`, is build output, if it is.
fn build_output(name: &str, bytes: &[u8]) -> Option<&'static str> {
    let extension = Path::new(name).extension().and_then(|e| e.to_str());
    if extension.is_some_and(|e| BUILD_OUTPUT_EXTENSIONS.contains(&e.to_ascii_lowercase().as_str()))
    {
        return Some("a build output's name");
    }
    if bytes.starts_with(b"\x7fELF") {
        return Some("an ELF header");
    }
    // Mach-O 32 and 64 bit in either byte order, and the universal (fat) header.
    let mach_o: [[u8; 4]; 5] = [
        [0xfe, 0xed, 0xfa, 0xce],
        [0xfe, 0xed, 0xfa, 0xcf],
        [0xce, 0xfa, 0xed, 0xfe],
        [0xcf, 0xfa, 0xed, 0xfe],
        [0xca, 0xfe, 0xba, 0xbe],
    ];
    if mach_o.iter().any(|magic| bytes.starts_with(magic)) {
        return Some("a Mach-O header");
    }
    // A PE file: "MZ", then at the offset stored at 0x3c the signature "PE\0\0".
    if bytes.starts_with(b"MZ") && bytes.len() >= 0x40 {
        let offset = u32::from_le_bytes(bytes[0x3c..0x40].try_into().unwrap()) as usize;
        if bytes.get(offset..offset + 4) == Some(b"PE\0\0") {
            return Some("a PE (Windows) header");
        }
    }
    None
}

/// The repository's files, relative to its root.
fn tracked_files(root: &Path) -> Vec<PathBuf> {
    let listed = Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(root)
        .output();
    match listed {
        Ok(out) if out.status.success() => out
            .stdout
            .split(|&b| b == 0)
            .filter(|name| !name.is_empty())
            .map(|name| PathBuf::from(String::from_utf8_lossy(name).into_owned()))
            .collect(),
        _ => {
            let mut files = Vec::new();
            walk(root, Path::new(""), &mut files);
            files
        }
    }
}

/// Every file under `root/relative`, skipping build folders and git's own.
fn walk(root: &Path, relative: &Path, files: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(root.join(relative)).expect("read the source tree");
    for entry in entries {
        let entry = entry.expect("read the source tree");
        let name = entry.file_name();
        if name == "target" || name == ".git" {
            continue;
        }
        let path = relative.join(&name);
        if entry.file_type().expect("file type").is_dir() {
            walk(root, &path, files);
        } else {
            files.push(path);
        }
    }
}

#[test]
fn the_repository_holds_no_compiled_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = tracked_files(root);
    assert!(
        files.iter().any(|f| f == Path::new("Cargo.toml")),
        "no files listed"
    );
    let found: Vec<String> = files
        .iter()
        .filter_map(|file| {
            // A file staged for deletion but gone from the disk is not in the tree.
            let bytes = std::fs::read(root.join(file)).ok()?;
            let why = build_output(&file.to_string_lossy(), &bytes)?;
            Some(format!("{}: {why}", file.display()))
        })
        .collect();
    assert!(
        found.is_empty(),
        "build output is committed; remove it (git rm) and let .gitignore keep it out:\n{}",
        found.join("\n")
    );
}

#[test]
fn compiled_files_are_recognised_by_header_or_name() {
    assert_eq!(
        build_output("c", b"\x7fELF\x02\x01\x01"),
        Some("an ELF header")
    );
    assert_eq!(
        build_output("tool", &[0xcf, 0xfa, 0xed, 0xfe, 7]),
        Some("a Mach-O header")
    );
    let mut pe = vec![0u8; 0x48];
    pe[..2].copy_from_slice(b"MZ");
    pe[0x3c] = 0x40;
    pe[0x40..0x44].copy_from_slice(b"PE\0\0");
    assert_eq!(build_output("tool.bin", &pe), Some("a PE (Windows) header"));
    for name in [
        "main.o",
        "libhoard.a",
        "libx.so",
        "libhoard.rlib",
        "HOARD.DLL",
    ] {
        assert!(build_output(name, b"").is_some(), "{name}");
    }
    // Sources and text, even text starting with "MZ", are not.
    assert_eq!(build_output("c.c", b"int main(){return 0;}"), None);
    assert_eq!(build_output("notes.md", b"MZ is a header\n"), None);
    assert_eq!(build_output("src/lib.rs", b"//! hoard"), None);
}

/// The scenarios of `tests/cli` that stay off PostgreSQL, each with why.
const SQLITE_ONLY: &[(&str, &str)] = &[
    ("allocator", "the binary's allocator, not a database"),
    (
        "foundry_packer",
        "Foundry's packer reads the export's files, not the database: once is enough",
    ),
    (
        "file",
        "the SQLite file itself: folders, modes, links, WAL, PRAGMAs",
    ),
    (
        "files",
        "files beside a SQLite database (export and backup over it, --db paths)",
    ),
    (
        "readme",
        "the README's sessions use the default database, a SQLite file",
    ),
    ("repository", "the sources, not a database"),
    (
        "walkthrough",
        "docs/west-marches.md's commands are run as its page says, on a SQLite file",
    ),
];

/// One story, two engines: every scenario module of `tests/cli` runs in `tests/postgres` too
/// (included by its path), unless it is listed above with its reason — so a new file of
/// scenarios cannot be left out of the PostgreSQL run by forgetting it.
#[test]
fn every_scenario_runs_on_both_engines_or_says_why_not() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let read = |p: &str| std::fs::read_to_string(root.join(p)).expect("read a test entry");
    let modules: BTreeSet<String> = read("cli/main.rs")
        .lines()
        .filter_map(|l| l.trim().strip_prefix("mod ")?.strip_suffix(';'))
        .map(str::to_string)
        .collect();
    assert!(
        modules.contains("items"),
        "read the modules of tests/cli/main.rs"
    );
    let postgres = read("postgres/main.rs");
    for module in &modules {
        let included = postgres.contains(&format!("#[path = \"../cli/{module}.rs\"]"));
        let why = SQLITE_ONLY.iter().find(|(m, _)| m == module);
        match (included, why) {
            (true, None) | (false, Some(_)) => {}
            (true, Some(_)) => panic!("{module} runs on PostgreSQL: take it off SQLITE_ONLY"),
            (false, None) => panic!(
                "tests/cli/{module}.rs never runs on PostgreSQL: add it to tests/postgres/main.rs, \
                 or to SQLITE_ONLY with the reason"
            ),
        }
    }
    for (module, _) in SQLITE_ONLY {
        assert!(
            modules.contains(*module),
            "SQLITE_ONLY names {module}, which is gone"
        );
    }
}
