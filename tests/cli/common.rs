//! Helpers: a temporary database on the test target's engine, the binary, and a dump of the
//! database for "unchanged" checks.
//!
//! Shared by both test targets: `tests/cli` runs the scenarios on SQLite files and
//! `tests/postgres` the same scenarios on PostgreSQL databases; each says which with its
//! `ENGINE`. Both use every helper here: one that only a target's own files need belongs in
//! those files (the few only the server's tests use are marked so for builds without it).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use tempfile::TempDir;

#[path = "../support/postgres.rs"]
pub mod cluster;

/// The database engine a test target runs its scenarios on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    Sqlite,
    // Named in `tests/cli` by the server's tests alone.
    #[cfg_attr(not(feature = "serve"), allow(dead_code))]
    Postgres,
}

pub struct Hoard {
    /// A temporary folder for the test's files (exports, tables, the SQLite file).
    pub dir: TempDir,
    /// What `--db` is given: the SQLite file, or the PostgreSQL database's URL.
    pub db: PathBuf,
    engine: Engine,
    /// The PostgreSQL database, dropped with the test.
    _database: Option<cluster::Database>,
}

impl Hoard {
    /// A new, empty database on this target's engine: a file that does not exist yet, or an
    /// empty PostgreSQL database (no schema).
    pub fn new() -> Self {
        Hoard::on(crate::ENGINE)
    }

    /// A new, empty database on `engine`.
    pub fn on(engine: Engine) -> Self {
        let dir = tempfile::tempdir().expect("temp dir");
        match engine {
            Engine::Sqlite => Hoard {
                db: dir.path().join("campaign.db"),
                dir,
                engine,
                _database: None,
            },
            Engine::Postgres => {
                let Some(server) = cluster::server() else {
                    // Said loudly by `cluster::server`: every PostgreSQL run is skipped.
                    std::process::exit(0);
                };
                let database = server.database();
                Hoard {
                    db: PathBuf::from(&database.url),
                    dir,
                    engine,
                    _database: Some(database),
                }
            }
        }
    }

    /// Another handle on this test's database, with a folder of its own (for a thread that
    /// writes beside the test); the database stays this one's to drop.
    pub fn sharing(&self) -> Hoard {
        Hoard {
            dir: tempfile::tempdir().expect("temp dir"),
            db: self.db.clone(),
            engine: self.engine,
            _database: None,
        }
    }

    /// The engine this database runs on.
    #[cfg_attr(not(feature = "serve"), allow(dead_code))]
    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// The database as hoard names it in messages.
    pub fn shown(&self) -> String {
        hoard::app::redact::shown(&self.db)
    }

    /// `hoard --db <file> <args>`, in English, with no environment leaking in.
    pub fn cmd(&self, args: &[&str]) -> Command {
        let mut cmd = Command::cargo_bin("hoard").expect("binary");
        cmd.env_remove("HOARD_DB")
            .env_remove("HOARD_CAMPAIGN")
            .env_remove("HOARD_REFEREE")
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

    /// A fighter of STR 10 and WIS 10 (OSE: no experience adjustment), with `hp`.
    pub fn fighter(&self, name: &str, hp: u32) {
        let hp = hp.to_string();
        self.ok(&[
            "character",
            "add",
            name,
            "--str",
            "10",
            "--wis",
            "10",
            "--hp",
            &hp,
            "--class",
            "fighter",
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

    /// A tables folder of its own holding one wands table: a single wand, `name` (French
    /// `fr`), with `charges` (a dice expression), whatever the roll.
    pub fn one_wand_tables(&self, name: &str, fr: &str, charges: &str) -> PathBuf {
        let dir = self.dir.path().join("mine");
        std::fs::create_dir(&dir).unwrap();
        let wands = format!(
            "name = \"wands\"\ntitle = \"Wands\"\ntitle_fr = \"Baguettes\"\ndie = \"d4\"\n\
             version = 2\nsource = \"house rules\"\nnotes = \"one wand in this world\"\n\
             [defaults]\ncategory = \"wand\"\ncharges = \"{charges}\"\n\
             [[entry]]\nroll = \"1-4\"\nname = \"{name}\"\nfr = \"{fr}\"\n"
        );
        std::fs::write(dir.join("wands.toml"), wands).unwrap();
        dir
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

    /// `ok` for a command line written as one string, its words split at spaces (no quoting:
    /// for lines whose every word is one).
    pub fn ok_words(&self, line: &str) -> String {
        self.ok(&line.split_whitespace().collect::<Vec<_>>())
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

    /// Everything the database holds, to compare before and after. On SQLite, the file's
    /// bytes: hoard checkpoints and removes its WAL when it exits, so equal bytes mean an
    /// unchanged database. On PostgreSQL, every row of every table, in order (sequences are
    /// left out: the server never takes back a number a rolled-back insert drew).
    pub fn dump(&self) -> Vec<u8> {
        match self.engine {
            Engine::Sqlite => {
                assert!(!wal(&self.db).exists(), "a WAL was left behind");
                std::fs::read(&self.db).expect("database file")
            }
            Engine::Postgres => pg(&self.db, async |conn| {
                let tables: Vec<String> = sqlx::query_scalar(
                    "SELECT tablename::text FROM pg_tables
                     WHERE schemaname = current_schema() ORDER BY tablename",
                )
                .fetch_all(&mut *conn)
                .await
                .expect("tables");
                let mut dump = String::new();
                for table in tables {
                    let rows: Vec<String> = sqlx::query_scalar(&format!(
                        "SELECT t::text FROM \"{table}\" t ORDER BY 1"
                    ))
                    .fetch_all(&mut *conn)
                    .await
                    .expect("rows");
                    dump.push_str(&format!("{table}\n{}\n", rows.join("\n")));
                }
                dump.into_bytes()
            }),
        }
    }

    /// Run a statement on the database behind hoard's back (a hand edit, for `check` to find).
    pub fn execute(&self, statement: &str) {
        match self.engine {
            Engine::Sqlite => sql(&self.db, async |conn| {
                sqlx::raw_sql(statement)
                    .execute(&mut *conn)
                    .await
                    .map(|_| ())
            }),
            Engine::Postgres => pg(&self.db, async |conn| {
                sqlx::raw_sql(statement)
                    .execute(&mut *conn)
                    .await
                    .map(|_| ())
            }),
        }
        .unwrap_or_else(|e| panic!("{statement}: {e}"));
    }

    /// The rows of a query, on either engine, for checks the CLI does not expose.
    #[cfg_attr(not(feature = "serve"), allow(dead_code))]
    pub fn rows<T>(&self, query: &str) -> Vec<T>
    where
        T: for<'r> sqlx::FromRow<'r, sqlx::sqlite::SqliteRow>
            + for<'r> sqlx::FromRow<'r, sqlx::postgres::PgRow>
            + Send
            + Unpin,
    {
        match self.engine {
            Engine::Sqlite => sql(&self.db, async |c| sqlx::query_as(query).fetch_all(c).await),
            Engine::Postgres => pg(&self.db, async |c| sqlx::query_as(query).fetch_all(c).await),
        }
        .unwrap_or_else(|e| panic!("{query}: {e}"))
    }

    /// Whether hoard has made a database: the file, or the schema on the server.
    pub fn exists(&self) -> bool {
        match self.engine {
            Engine::Sqlite => self.db.exists(),
            Engine::Postgres => pg(&self.db, async |conn| {
                sqlx::query_scalar("SELECT to_regclass('_sqlx_migrations') IS NOT NULL")
                    .fetch_one(&mut *conn)
                    .await
                    .expect("schema")
            }),
        }
    }

    /// Assert that a refused command left the database exactly as it was.
    pub fn refused_unchanged(&self, args: &[&str], code: i32) -> String {
        let before = self.dump();
        let stderr = self.fails(args, code);
        assert_eq!(
            before,
            self.dump(),
            "hoard {args:?} was refused but changed the database"
        );
        assert_eq!(stderr.trim_end().lines().count(), 1, "one line: {stderr}");
        stderr
    }
}

/// The hoard binary under test.
pub fn bin() -> PathBuf {
    assert_cmd::cargo::cargo_bin("hoard")
}

/// A campaign with something in it: a character holding twenty generated finds.
pub fn with_finds() -> Hoard {
    let h = Hoard::new();
    h.character("Arnaud", 12, 10, 10, "neutral");
    h.ok(&[
        "--seed", "3", "generate", "any", "--count", "20", "--to", "Arnaud",
    ]);
    h
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

fn block_on<F: Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime")
        .block_on(f)
}

/// The shell's completion of the last word of `hoard LINE…`, as bash asks for it
/// (clap_complete's protocol: the words after `--`, and the index of the one completed).
pub fn completion(line: &[&str]) -> Command {
    let mut cmd = Command::cargo_bin("hoard").expect("binary");
    cmd.env("COMPLETE", "bash")
        .env("_CLAP_COMPLETE_INDEX", line.len().to_string())
        .args(["--", "hoard"])
        .args(line);
    cmd
}

/// Connect to a PostgreSQL database with sqlx for checks the CLI does not expose.
pub fn pg<T>(url: &Path, f: impl AsyncFnOnce(&mut sqlx::PgConnection) -> T) -> T {
    use sqlx::Connection;
    block_on(async {
        let url = url.to_str().expect("a URL");
        let mut conn = sqlx::PgConnection::connect(url)
            .await
            .expect("connect to the database");
        let value = f(&mut conn).await;
        conn.close().await.expect("close");
        value
    })
}

/// Open the SQLite database with sqlx for checks the CLI does not expose.
pub fn sql<T>(db: &Path, f: impl AsyncFnOnce(&mut sqlx::SqliteConnection) -> T) -> T {
    use sqlx::{ConnectOptions, Connection};
    block_on(async {
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

/// Every file under `dir`, by path, with a hash of its bytes and its mode.
pub fn snapshot(dir: &Path) -> BTreeMap<String, (u64, u32)> {
    use std::hash::{Hash, Hasher};
    let hash = |bytes: &[u8]| {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        bytes.hash(&mut h);
        h.finish()
    };
    use std::os::unix::fs::PermissionsExt;
    let mut files = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            let meta = std::fs::symlink_metadata(&path).unwrap();
            let key = path.strip_prefix(dir).unwrap().display().to_string();
            if meta.is_dir() {
                stack.push(path);
                files.insert(key + "/", (0, meta.permissions().mode()));
            } else if meta.is_file() {
                files.insert(
                    key,
                    (
                        hash(&std::fs::read(&path).unwrap()),
                        meta.permissions().mode(),
                    ),
                );
            } else {
                files.insert(key, (0, meta.permissions().mode()));
            }
        }
    }
    files
}

/// `args` writes the file at `path`, which holds something already: refused (exit 2, pointing
/// at `--force`) with the file and the database unchanged, then forced, and written with
/// mode 0600, with no temporary file left beside it.
pub fn refuses_then_forces(h: &Hoard, args: &[&str], path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::write(path, b"keep me").unwrap();
    let stderr = h.refused_unchanged(args, 2);
    assert!(stderr.contains("--force"), "{stderr}");
    assert_eq!(std::fs::read(path).unwrap(), b"keep me");
    let mut forced = args.to_vec();
    forced.push("--force");
    h.ok(&forced);
    assert_ne!(std::fs::read(path).unwrap(), b"keep me");
    let mode = std::fs::metadata(path).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600, "{args:?}");
    let folder = path.parent().unwrap();
    let left: Vec<String> = std::fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".part"))
        .collect();
    assert!(left.is_empty(), "temporary files left: {left:?}");
}

/// `args`, writing a file named by its last argument in the test's folder, killed while it
/// writes (by a file-size limit of 256 KiB: SIGXFSZ, more than SQLite's own files need, less
/// than the file) leaves nothing at the destination, only its hidden temporary file.
pub fn cut_short(h: &Hoard, args: &[&str]) {
    let status = std::process::Command::new("sh")
        .current_dir(h.dir.path())
        .arg("-c")
        .arg("ulimit -f 512; exec \"$@\"")
        .arg("sh")
        .arg(bin())
        .arg("--db")
        .arg(&h.db)
        .args(args)
        .env("LANG", "C")
        .status()
        .unwrap();
    assert!(!status.success(), "{args:?} was meant to be cut short");
    let dest = h.dir.path().join(args.last().unwrap());
    assert!(!dest.exists(), "{args:?} left a half file");
}

/// An npm package for the tests, installed once into the build folder (`target/FOLDER`), and
/// the path of its file `wanted` (relative to that folder); `None`, said loudly, when npm
/// cannot install it outside CI (under `CI=true` a failure: `.ci/run` installs npm).
pub fn npm_installed(folder: &str, package: &str, wanted: &str) -> Option<PathBuf> {
    let target = Path::new(env!("CARGO_BIN_EXE_hoard"))
        .ancestors()
        .nth(2)
        .expect("the build folder");
    let folder = target.join(folder);
    let path = folder.join(wanted);
    if path.exists() {
        return Some(path);
    }
    let npm = std::process::Command::new("npm")
        .args(["install", "--no-audit", "--no-fund", "--prefix"])
        .arg(&folder)
        .arg(package)
        .status();
    if matches!(npm, Ok(status) if status.success()) && path.exists() {
        return Some(path);
    }
    cluster::skip_loudly(
        &format!(
            "SKIPPED: npm could not install {package} into {}",
            folder.display()
        ),
        "npm must install what the tests need (.ci/run installs npm)",
    );
    None
}
