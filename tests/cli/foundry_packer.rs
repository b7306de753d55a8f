//! Foundry's own packer, `fvtt package pack` then `unpack` (`@foundryvtt/foundryvtt-cli` 3.0.3,
//! installed once into the build folder by npm), takes every document hoard writes and gives
//! it back unchanged, for both systems, the tables included, and again after a `--force`
//! re-export of renamed items. Without npm the test says it skipped; under `CI=true` it fails
//! (`.ci/run` installs Debian's `nodejs` and `npm` when they are missing).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::common::Hoard;
use crate::foundry::{SYSTEMS, export, words};

/// The packer's version, pinned.
const CLI: &str = "@foundryvtt/foundryvtt-cli@3.0.3";

/// `fvtt`, installed into the build folder on first use (`target/foundry-cli`); `None` when
/// npm is missing outside CI.
fn packer() -> Option<PathBuf> {
    crate::common::npm_installed("foundry-cli", CLI, "node_modules/.bin/fvtt")
}

/// Run `fvtt package ACTION -n PACK --in FROM --out TO`, checked; how long it took.
fn fvtt(fvtt: &Path, action: &str, pack: &str, from: &Path, to: &Path) -> Duration {
    let start = Instant::now();
    let out = Command::new(fvtt)
        .args(["package", action, "-n", pack, "--in"])
        .arg(from)
        .arg("--out")
        .arg(to)
        .output()
        .expect("fvtt runs");
    let said =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && !said.contains("Error"),
        "fvtt {action} {pack}: {said}"
    );
    start.elapsed()
}

/// The JSON documents of a folder by `_id`.
fn by_id(dir: &Path) -> BTreeMap<String, Value> {
    std::fs::read_dir(dir)
        .expect("a folder")
        .map(|e| {
            let doc: Value =
                serde_json::from_slice(&std::fs::read(e.unwrap().path()).unwrap()).unwrap();
            (doc["_id"].as_str().unwrap().to_string(), doc)
        })
        .collect()
}

/// Pack each of the module's packs, unpack it elsewhere, and find every source back as it was.
fn round_trip(fvtt_path: &Path, dir: &Path, what: &str) -> usize {
    let module: Value =
        serde_json::from_slice(&std::fs::read(dir.join("module/module.json")).unwrap()).unwrap();
    let mut n = 0;
    for pack in module["packs"].as_array().unwrap() {
        let name = pack["name"].as_str().unwrap();
        let sources = dir.join("module/packs/_source").join(name);
        let packed = dir.join("module/packs");
        fvtt(fvtt_path, "pack", name, &sources, &packed);
        let back = dir.join("unpacked").join(name);
        let _ = std::fs::remove_dir_all(&back);
        fvtt(fvtt_path, "unpack", name, &packed, &back);
        let (sent, got) = (by_id(&sources), by_id(&back));
        assert_eq!(
            sent.len(),
            got.len(),
            "{what} {name}: as many documents back"
        );
        for (id, doc) in &sent {
            assert_eq!(
                Some(doc),
                got.get(id),
                "{what} {name}: {id} came back changed"
            );
        }
        n += sent.len();
    }
    n
}

#[test]
fn foundrys_packer_packs_and_unpacks_every_document() {
    let Some(fvtt_path) = packer() else { return };
    let h = Hoard::new();
    h.ok(&words("character add Arnaud --str 12 --wis 12 --hp 20 --alignment neutral --class fighter --level 6"));
    h.ok(&["session", "start", "Pack"]);
    h.ok(&words("--seed 31 generate any --count 30 --to Arnaud"));
    h.ok(&words("--seed 32 generate any --count 20"));
    h.ok(&words("--seed 33 generate wand --count 3"));
    // Arrows and bolts, ammunition in dnd5e (#52.2).
    h.ok(&words("--seed 7 generate weapon --count 12 --to Arnaud"));
    // An item with an effect of its own (#52.1).
    h.ok(&[
        "item",
        "add",
        "Ring of Protection +1",
        "--category",
        "ring",
        "--to",
        "Arnaud",
    ]);
    // Armour of kinds dnd5e lacks or ranks apart (#52.4).
    for (name, kind) in [("Banded mail +1", "banded"), ("Heirloom scale", "scale")] {
        h.ok(&[
            "item",
            "add",
            name,
            "--category",
            "armor",
            "--armor",
            kind,
            "--to",
            "Arnaud",
        ]);
    }
    for system in SYSTEMS {
        for viewer in [None, Some("Arnaud")] {
            let dir = h
                .dir
                .path()
                .join(format!("{system}-{}", viewer.unwrap_or("referee")));
            let mut args = vec!["--roll-tables"];
            args.extend(viewer.map(|v| ["--as", v]).into_iter().flatten());
            export(&h, system, &dir, &args);
            let n = round_trip(&fvtt_path, &dir, system);
            assert!(n > 50, "{system}: {n} documents");
        }
    }
    // Renamed items, re-exported with --force into the same folder: still one source a key.
    let items = h.json(&["item", "list"]);
    for item in items.as_array().unwrap().iter().take(5) {
        let id = item["id"].as_str().unwrap();
        h.ok(&["item", "rename", id, &format!("Renamed {id}")]);
    }
    for system in SYSTEMS {
        let dir = h.dir.path().join(format!("{system}-referee"));
        export(&h, system, &dir, &["--roll-tables", "--force"]);
        round_trip(&fvtt_path, &dir, &format!("{system} after renames"));
    }
}
