//! Helpers: a temporary database, the binary, and a dump of the file for "unchanged" checks.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use tempfile::TempDir;

pub struct Hoard {
    pub dir: TempDir,
    pub db: PathBuf,
}

impl Hoard {
    /// A new, empty temporary folder; the database file does not exist yet.
    pub fn new() -> Self {
        let dir = tempfile::tempdir().expect("temp dir");
        let db = dir.path().join("campaign.db");
        Hoard { dir, db }
    }

    /// `hoard --db <file> <args>`, in English, with no environment leaking in.
    pub fn cmd(&self, args: &[&str]) -> Command {
        let mut cmd = Command::cargo_bin("hoard").expect("binary");
        cmd.env_remove("HOARD_DB")
            .env_remove("HOARD_CAMPAIGN")
            .env("LANG", "C")
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env("NO_COLOR", "1")
            .arg("--db")
            .arg(&self.db)
            .args(args);
        cmd
    }

    /// `character add NAME --str S --wis W --hp HP --alignment A`, expected to succeed.
    pub fn character(&self, name: &str, str: u8, wis: u8, hp: u32, alignment: &str) {
        let (str, wis, hp) = (str.to_string(), wis.to_string(), hp.to_string());
        self.ok(&[
            "character",
            "add",
            name,
            "--str",
            &str,
            "--wis",
            &wis,
            "--hp",
            &hp,
            "--alignment",
            alignment,
        ]);
    }

    /// `sword add NAME`: INT 12, Ego 12, the three commonest sensory powers and one
    /// extraordinary power, then any `more` flags (`--purpose`, `--to` …).
    pub fn strong_sword(&self, name: &str, alignment: &str, extraordinary: &str, more: &[&str]) {
        let mut args = vec![
            "sword",
            "add",
            name,
            "--int",
            "12",
            "--ego",
            "12",
            "--alignment",
            alignment,
            "--sensory",
            "detect-magic",
            "--sensory",
            "detect-traps",
            "--sensory",
            "see-invisible",
            "--extraordinary",
            extraordinary,
        ];
        args.extend_from_slice(more);
        self.ok(&args);
    }

    /// `item add NAME --category wand --charges N [--to C]`.
    pub fn wand(&self, name: &str, charges: u32, to: Option<&str>) {
        let charges = charges.to_string();
        let mut args = vec![
            "item",
            "add",
            name,
            "--category",
            "wand",
            "--charges",
            &charges,
        ];
        if let Some(to) = to {
            args.extend(["--to", to]);
        }
        self.ok(&args);
    }

    /// The numbers of the events `log --json <args>` lists, oldest first.
    pub fn log_ids(&self, args: &[&str]) -> Vec<i64> {
        let mut all = vec!["--json", "log"];
        all.extend_from_slice(args);
        self.ok(&all)
            .lines()
            .map(|l| {
                serde_json::from_str::<serde_json::Value>(l).expect("a JSON line")["id"]
                    .as_i64()
                    .expect("an event number")
            })
            .collect()
    }

    /// Run and expect success; return stdout.
    pub fn ok(&self, args: &[&str]) -> String {
        let out = self.cmd(args).output().expect("run hoard");
        assert!(
            out.status.success(),
            "hoard {args:?} failed ({:?}): {}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).expect("utf-8 output")
    }

    /// Run with `--json` and parse the document.
    pub fn json(&self, args: &[&str]) -> serde_json::Value {
        let mut all = vec!["--json"];
        all.extend_from_slice(args);
        let text = self.ok(&all);
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{args:?}: {e}: {text}"))
    }

    /// Run, expect the given exit code and a single-line error; return stderr.
    pub fn fails(&self, args: &[&str], code: i32) -> String {
        let out = self.cmd(args).output().expect("run hoard");
        let stderr = String::from_utf8_lossy(&out.stderr).to_string();
        assert_eq!(
            out.status.code(),
            Some(code),
            "hoard {args:?}: expected exit {code}, stderr: {stderr}"
        );
        assert!(
            !stderr.contains("panicked"),
            "hoard {args:?} panicked: {stderr}"
        );
        stderr
    }

    /// The database file's bytes. hoard checkpoints and removes its WAL when it exits, so
    /// equal bytes mean an unchanged database.
    pub fn bytes(&self) -> Vec<u8> {
        assert!(!wal(&self.db).exists(), "a WAL was left behind");
        std::fs::read(&self.db).expect("database file")
    }

    /// Assert that a refused command left the database exactly as it was.
    pub fn refused_unchanged(&self, args: &[&str], code: i32) -> String {
        let before = self.bytes();
        let stderr = self.fails(args, code);
        assert_eq!(
            before,
            self.bytes(),
            "hoard {args:?} was refused but changed the database"
        );
        assert_eq!(stderr.trim_end().lines().count(), 1, "one line: {stderr}");
        stderr
    }
}

/// The kinds of the events a command's JSON answer lists (`"events": [...]`), in order.
pub fn kinds(answer: &serde_json::Value) -> Vec<&str> {
    answer["events"]
        .as_array()
        .expect("a list of events")
        .iter()
        .map(|e| e["kind"].as_str().expect("an event kind"))
        .collect()
}

pub fn wal(db: &Path) -> PathBuf {
    let mut wal = db.as_os_str().to_owned();
    wal.push("-wal");
    PathBuf::from(wal)
}

/// Open the database with sqlx for checks the CLI does not expose.
pub fn sql<T>(db: &Path, f: impl AsyncFnOnce(&mut sqlx::SqliteConnection) -> T) -> T {
    use sqlx::{ConnectOptions, Connection};
    tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("runtime")
        .block_on(async {
            let mut conn = sqlx::sqlite::SqliteConnectOptions::new()
                .filename(db)
                .connect()
                .await
                .expect("open database");
            let value = f(&mut conn).await;
            conn.close().await.expect("close");
            value
        })
}
