//! The repository holds sources only: no compiled program, object or library is ever
//! committed (a stray binary once sat at the top level). The tracked files come from
//! `git ls-files`; without git (a source tarball), from the tree less `target/` folders.

use std::collections::{BTreeMap, BTreeSet};
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

/// The modules of `src/cli`, `src/view` and `src/serve`, each with the modules of
/// those trees it imports and where: its `use` items and the paths in its code that start with
/// `crate::`, `super::`, `self::` or one of its submodules, each resolved to the longest module
/// it names. A file's inline modules (`mod tests { … }`, at the left margin as rustfmt puts
/// them) count as the file, their `super` being the file's module. Comment lines are skipped.
fn module_imports(root: &Path) -> BTreeMap<String, Vec<(String, String)>> {
    let mut files = Vec::new();
    for tree in ["src/cli", "src/view", "src/serve"] {
        walk(root, Path::new(tree), &mut files);
    }
    files.retain(|f| f.extension().is_some_and(|e| e == "rs"));
    let module = |file: &Path| {
        let text = file.with_extension("").to_string_lossy().replace('\\', "/");
        let text = text.strip_prefix("src/").unwrap_or(&text).to_string();
        text.strip_suffix("/mod")
            .unwrap_or(&text)
            .replace('/', "::")
    };
    let modules: BTreeSet<String> = files.iter().map(|f| module(f)).collect();
    let mut imports = BTreeMap::new();
    for file in &files {
        let here = module(file);
        let source = std::fs::read_to_string(root.join(file)).expect("read a source");
        let mut paths = Vec::new(); // (path, written in an inline module, line)
        let (mut inline, mut statement) = (false, String::new());
        for (n, line) in source.lines().enumerate() {
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            if line.starts_with("mod ") && line.ends_with('{') {
                inline = true;
            } else if line == "}" {
                inline = false;
            }
            let item = code
                .trim_start_matches("pub ")
                .trim_start_matches("pub(crate) ");
            if statement.is_empty() && !item.starts_with("use ") {
                paths.extend(code_paths(code).into_iter().map(|p| (p, inline, n + 1)));
                continue;
            }
            statement.push_str(item.strip_prefix("use ").unwrap_or(item));
            if let Some(tree) = statement.strip_suffix(';') {
                paths.extend(use_tree(tree).into_iter().map(|p| (p, inline, n + 1)));
                statement.clear();
            }
        }
        for (path, inline, line) in paths {
            let mut at: Vec<&str> = here.split("::").collect();
            let mut segments: Vec<&str> = path.split("::").collect();
            match segments[0] {
                "crate" => at = segments.split_off(1),
                "super" | "self" => {
                    let mut inside = inline; // one level below `at`
                    while let Some(&s @ ("super" | "self")) = segments.first() {
                        if s == "super" && !std::mem::take(&mut inside) {
                            at.pop();
                        }
                        segments.remove(0);
                    }
                    at.extend(segments);
                }
                child if !inline && modules.contains(&format!("{here}::{child}")) => {
                    at.extend(segments)
                }
                _ => continue,
            }
            let target = (1..=at.len())
                .rev()
                .map(|k| at[..k].join("::"))
                .find(|m| modules.contains(m));
            if let Some(target) = target.filter(|t| *t != here) {
                let seen = format!("{}:{line}", file.display());
                imports
                    .entry(here.clone())
                    .or_insert_with(Vec::new)
                    .push((target, seen));
            }
        }
    }
    imports
}

/// The paths of a line of code (`a::b::c`), less a last segment that is called (`f(`, `m!`).
fn code_paths(code: &str) -> Vec<String> {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let chars: Vec<char> = code.chars().collect();
    let mut paths = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if !ident(chars[i]) || (i > 0 && (ident(chars[i - 1]) || chars[i - 1] == ':')) {
            i += 1;
            continue;
        }
        let mut segments = vec![String::new()];
        while i < chars.len() {
            if ident(chars[i]) {
                segments.last_mut().unwrap().push(chars[i]);
                i += 1;
            } else if chars[i..].starts_with(&[':', ':'])
                && chars.get(i + 2).is_some_and(|&c| ident(c))
            {
                segments.push(String::new());
                i += 2;
            } else {
                break;
            }
        }
        if segments.len() > 1 {
            if matches!(chars.get(i), Some('(' | '!')) {
                segments.pop();
            }
            paths.push(segments.join("::"));
        }
    }
    paths
}

/// The paths a `use` tree names: `a::{b, c::{d, e as f}}` is `a::b`, `a::c::d`, `a::c::e`.
fn use_tree(tree: &str) -> Vec<String> {
    let words: Vec<&str> = tree.split_whitespace().collect();
    let mut flat = String::new();
    let mut i = 0;
    while i < words.len() {
        if words[i] == "as" {
            i += 2; // the alias, and its comma or brace if glued to it
            if let Some(rest) = words
                .get(i - 1)
                .and_then(|w| w.find([',', '}']).map(|k| &w[k..]))
            {
                flat.push_str(rest);
            }
            continue;
        }
        flat.push_str(words[i]);
        i += 1;
    }
    fn expand(prefix: &str, tree: &str, out: &mut Vec<String>) {
        let Some(open) = tree.find('{') else {
            out.push(format!("{prefix}{tree}"));
            return;
        };
        let prefix = format!("{prefix}{}", &tree[..open]);
        let (mut depth, mut start) = (0, open + 1);
        for (k, c) in tree.char_indices().skip(open + 1) {
            match c {
                '{' => depth += 1,
                '}' if depth > 0 => depth -= 1,
                ',' | '}' if depth == 0 => {
                    let part = tree[start..k].trim();
                    if !part.is_empty() && part != "self" {
                        expand(&prefix, part, out);
                    } else if part == "self" {
                        out.push(prefix.trim_end_matches("::").to_string());
                    }
                    start = k + 1;
                }
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    expand("", &flat, &mut out);
    out.into_iter()
        .map(|p| p.trim_end_matches("::*").to_string())
        .collect()
}

/// A cycle of imports, as the modules on it, if `imports` holds one.
fn cycle(imports: &BTreeMap<String, Vec<(String, String)>>) -> Option<Vec<String>> {
    fn visit(
        m: &str,
        imports: &BTreeMap<String, Vec<(String, String)>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(k) = path.iter().position(|p| p == m) {
            return Some(path[k..].iter().cloned().chain([m.to_string()]).collect());
        }
        if !done.insert(m.to_string()) {
            return None;
        }
        path.push(m.to_string());
        for (next, _) in imports.get(m).into_iter().flatten() {
            if let Some(found) = visit(next, imports, path, done) {
                return Some(found);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    imports
        .keys()
        .find_map(|m| visit(m, imports, &mut Vec::new(), &mut done))
}

/// No module of `src/cli`, `src/view` or `src/serve` imports, directly or through
/// others, a module that imports it back: each can be read, and moved, after the ones it uses.
#[test]
fn the_edges_and_the_views_import_in_no_circle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let imports = module_imports(root);
    assert!(
        imports
            .get("cli")
            .is_some_and(|i| i.iter().any(|(m, _)| m == "cli::demo")),
        "the reader of imports missed cli -> cli::demo: {imports:#?}"
    );
    if let Some(cycle) = cycle(&imports) {
        let steps: Vec<String> = cycle
            .windows(2)
            .map(|w| {
                let (_, at) = imports[&w[0]].iter().find(|(m, _)| *m == w[1]).unwrap();
                format!("{} -> {} ({at})", w[0], w[1])
            })
            .collect();
        panic!("an import circle:\n{}", steps.join("\n"));
    }
}

/// The two edges share their words through `src/view` and do not reach into each other:
/// neither the shared views nor the web server import a module of the command line, and the
/// shared views import nothing of the web server.
#[test]
fn the_web_server_and_the_shared_views_import_nothing_of_the_command_line() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let imports = module_imports(root);
    let within = |module: &str, tree: &str| {
        module == tree
            || module
                .strip_prefix(tree)
                .is_some_and(|m| m.starts_with("::"))
    };
    assert!(
        imports["serve::pages"]
            .iter()
            .any(|(m, _)| within(m, "view")),
        "the reader of imports missed serve::pages -> view: {imports:#?}"
    );
    let mut reaching = Vec::new();
    for (module, targets) in &imports {
        for (target, at) in targets {
            let up = within(target, "cli") && (within(module, "view") || within(module, "serve"));
            if up || (within(module, "view") && within(target, "serve")) {
                reaching.push(format!("{module} -> {target} ({at})"));
            }
        }
    }
    assert!(reaching.is_empty(), "{reaching:#?}");
}

#[test]
fn use_trees_and_code_paths_are_read_as_rust_resolves_them() {
    assert_eq!(
        use_tree("super::{a, b::{C, D as E}, self}"),
        ["super::a", "super::b::C", "super::b::D", "super"]
    );
    assert_eq!(use_tree("super::x::*"), ["super::x"]);
    assert_eq!(
        code_paths("let p = super::defaults::default_db()?; crate::tr!(x); demo::play(a)"),
        ["super::defaults", "crate", "demo"]
    );
    let mut a_loop = BTreeMap::new();
    a_loop.insert(
        "a".to_string(),
        vec![("b".to_string(), "a.rs:1".to_string())],
    );
    a_loop.insert(
        "b".to_string(),
        vec![("a".to_string(), "b.rs:1".to_string())],
    );
    assert_eq!(
        cycle(&a_loop),
        Some(vec!["a".into(), "b".into(), "a".into()])
    );
    a_loop.remove("b");
    assert_eq!(cycle(&a_loop), None);
}

/// The scenarios of `tests/cli` that stay off PostgreSQL, each with why.
const SQLITE_ONLY: &[(&str, &str)] = &[
    ("allocator", "the binary's allocator, not a database"),
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
