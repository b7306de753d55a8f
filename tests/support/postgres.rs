//! A PostgreSQL server for the tests, started once per test process and shared by its tests,
//! each of which gets a database of its own ([`Database`]).
//!
//! The server is the one `HOARD_TEST_POSTGRES` names (a URL whose user may create
//! databases), or else a throwaway cluster made with the server binaries of Debian's
//! `postgresql` package (`/usr/lib/postgresql/*/bin`) in a temporary folder: `initdb`, then
//! `postgres` listening on a private unix socket in that folder and on a free port of
//! 127.0.0.1. That port asks for a password, so the tests can show one never leaks, and takes
//! TLS connections only, with a certificate made for it by `openssl` (which Debian's
//! `postgresql` brings through `ssl-cert`), so the tests can show a shared server is reached
//! encrypted. As root (CI and the developers' machines), the server runs as the `postgres`
//! user, which `initdb` asks for. It dies with the test process: the kernel sends it SIGQUIT
//! (an immediate shutdown) when the thread that started it ends, and that thread lives as
//! long as the process; a janitor process then removes the folder.
//!
//! Where neither is available, the tests say loudly that PostgreSQL was skipped and how to
//! enable it — except under `CI=true`, where that is a failure.
//!
//! Included by `tests/cli/common.rs` and by the library's `store::plans` tests.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The password of the throwaway cluster's user, asked for on its TCP port only.
const PASSWORD: &str = "Hoard-test-Pa55word";

/// The throwaway cluster's superuser.
const USER: &str = "hoard";

/// The server the tests use.
pub struct Server {
    /// A URL to run `CREATE DATABASE` from.
    admin: String,
    /// A database's URL is this one with the database's name as its path.
    base: url::Url,
    /// The throwaway cluster's TCP port (with password authentication, through TLS only).
    // Read by the password methods alone, which only tests/postgres uses (see below).
    #[allow(dead_code)]
    port: Option<u16>,
    /// The throwaway cluster's certificate, which a client trusts with `sslrootcert`.
    // Read by `certificate` alone, which only tests/postgres uses.
    #[allow(dead_code)]
    certificate: Option<PathBuf>,
    /// Kept open for as long as the process lives: its end tells the janitor to clean up.
    _janitor: Option<std::process::ChildStdin>,
}

static SERVER: OnceLock<Option<Server>> = OnceLock::new();

/// The server, started on first use; `None` (said loudly) where PostgreSQL is not available.
pub fn server() -> Option<&'static Server> {
    SERVER.get_or_init(start).as_ref()
}

/// Say that the PostgreSQL tests were skipped and how to run them, on the terminal (not
/// captured by the test harness); under `CI=true`, fail instead.
pub fn skipped(why: &str) {
    let help = format!(
        "PostgreSQL tests SKIPPED: {why}.\n\
         To run them, install Debian's `postgresql` package (`apt-get install postgresql`: the \
         tests start their own server from /usr/lib/postgresql/*/bin), or set \
         HOARD_TEST_POSTGRES=postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE to a server where \
         USER may create databases."
    );
    skip_loudly(&help, "the PostgreSQL tests must run");
}

/// Say `help` (what was skipped, and how to run it) between banners on the terminal itself:
/// the test harness captures `eprintln!`, not a write to the standard error, so a skip shows
/// in the normal output of `cargo test`. Under `CI=true`, fail instead, because `must`.
/// The PostgreSQL tests and the browser's share it.
pub fn skip_loudly(help: &str, must: &str) {
    if std::env::var("CI").as_deref() == Ok("true") {
        panic!("{help}\nUnder CI=true {must}.");
    }
    let banner = "*".repeat(78);
    let text = format!("\n{banner}\n{help}\n{banner}\n\n");
    let _ = std::io::Write::write_all(&mut std::io::stderr(), text.as_bytes());
}

fn start() -> Option<Server> {
    if let Ok(url) = std::env::var("HOARD_TEST_POSTGRES") {
        let base = url::Url::parse(&url).expect("HOARD_TEST_POSTGRES is a postgres:// URL");
        return Some(Server {
            admin: url,
            base,
            port: None,
            certificate: None,
            _janitor: None,
        });
    }
    match binaries() {
        Some(bin) => Some(throwaway(&bin)),
        None => {
            skipped("no PostgreSQL server binaries under /usr/lib/postgresql/*/bin");
            None
        }
    }
}

/// The newest PostgreSQL's server binaries Debian's packages installed.
fn binaries() -> Option<PathBuf> {
    let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|entry| {
            let entry = entry.ok()?;
            let version = entry.file_name().to_str()?.parse().ok()?;
            let bin = entry.path().join("bin");
            (bin.join("initdb").exists() && bin.join("postgres").exists()).then_some((version, bin))
        })
        .collect();
    found.sort();
    found.pop().map(|(_, bin)| bin)
}

/// The user the server runs as: `postgres` when this process is root (`initdb` refuses to
/// run as root), else this process's own.
fn server_user() -> Option<(u32, u32)> {
    // SAFETY: geteuid cannot fail; getpwnam returns a pointer to static storage, read at
    // once, and tests ask for it once (inside the OnceLock's initialisation).
    unsafe {
        if libc::geteuid() != 0 {
            return None;
        }
        let pw = libc::getpwnam(c"postgres".as_ptr());
        assert!(
            !pw.is_null(),
            "running as root, the tests start PostgreSQL as the `postgres` user, which Debian's \
             `postgresql` package creates: install it"
        );
        Some(((*pw).pw_uid, (*pw).pw_gid))
    }
}

/// A command run as the server's user.
fn as_server_user(program: PathBuf, user: Option<(u32, u32)>) -> Command {
    let mut cmd = Command::new(program);
    if let Some((uid, gid)) = user {
        use std::os::unix::process::CommandExt;
        cmd.uid(uid).gid(gid);
    }
    cmd
}

fn throwaway(bin: &Path) -> Server {
    let user = server_user();
    let folder = tempfile::Builder::new()
        .prefix("hoard-pg-")
        .tempdir()
        .expect("temp dir")
        .keep();
    let password = folder.join("password");
    std::fs::write(&password, PASSWORD).expect("password file");
    if let Some((uid, gid)) = user {
        for path in [&folder, &password] {
            std::os::unix::fs::chown(path, Some(uid), Some(gid)).expect("chown to postgres");
        }
    }
    let data = folder.join("data");
    let init = as_server_user(bin.join("initdb"), user)
        .arg("-D")
        .arg(&data)
        .args(["-U", USER, "-E", "UTF8", "--locale=C", "--no-sync"])
        .args(["--auth-local=trust", "--auth-host=scram-sha-256"])
        .arg(format!("--pwfile={}", password.display()))
        .current_dir(&folder)
        .output()
        .expect("run initdb");
    assert!(
        init.status.success(),
        "initdb failed: {}{}",
        String::from_utf8_lossy(&init.stdout),
        String::from_utf8_lossy(&init.stderr)
    );
    let (certificate, key) = certificate(&folder, user);
    only_tls_over_tcp(&data);
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let log = std::fs::File::create(folder.join("server.log")).expect("server log");
    let mut server = as_server_user(bin.join("postgres"), user);
    server
        .arg("-D")
        .arg(&data)
        .arg("-k")
        .arg(&folder)
        .args(["-h", "127.0.0.1", "-p", &port.to_string()])
        // A throwaway cluster: no crash safety needed, and room for the concurrency tests.
        .args(["-c", "fsync=off", "-c", "synchronous_commit=off"])
        .args(["-c", "full_page_writes=off", "-c", "max_connections=300"])
        .args(["-c", "ssl=on"])
        .arg("-c")
        .arg(format!("ssl_cert_file={}", certificate.display()))
        .arg("-c")
        .arg(format!("ssl_key_file={}", key.display()))
        .current_dir(&folder)
        .stdin(Stdio::null())
        .stdout(log.try_clone().expect("server log"))
        .stderr(log);
    {
        use std::os::unix::process::CommandExt;
        // SAFETY: prctl is async-signal-safe; nothing else runs between fork and exec.
        unsafe {
            server.pre_exec(|| {
                if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGQUIT) == -1 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
    }
    // The parent-death signal follows the thread that forked the server: this one lives on.
    let (started, running) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let child = server.spawn();
        let failed = child.as_ref().err().map(|e| e.to_string());
        started.send(failed).expect("report the start");
        loop {
            std::thread::park();
        }
    });
    if let Some(e) = running.recv().expect("the server's thread") {
        panic!("cannot start postgres: {e}");
    }
    let janitor = janitor(&folder);
    wait_until_ready(&folder, &data);
    // As hoard shows a database reached through a socket, so the tests can find it in output.
    let base = url::Url::parse(&format!(
        "postgres://{USER}@localhost:{port}/?host={}",
        folder.display()
    ))
    .expect("url");
    let mut admin = base.clone();
    admin.set_path("postgres");
    Server {
        admin: admin.to_string(),
        base,
        port: Some(port),
        certificate: Some(certificate),
        _janitor: Some(janitor),
    }
}

/// A self-signed certificate for `localhost` and 127.0.0.1, and its key, readable by the
/// server's user alone (the server refuses a key others may read).
fn certificate(folder: &Path, user: Option<(u32, u32)>) -> (PathBuf, PathBuf) {
    let (certificate, key) = (folder.join("server.crt"), folder.join("server.key"));
    let made = Command::new("openssl")
        .args([
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "7",
        ])
        .args(["-subj", "/CN=localhost"])
        .args(["-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"])
        // A server's own certificate, not an authority's: rustls refuses an authority's
        // certificate presented as a server's.
        .args(["-addext", "basicConstraints=critical,CA:FALSE"])
        .arg("-keyout")
        .arg(&key)
        .arg("-out")
        .arg(&certificate)
        .output()
        .expect("run openssl (Debian's `openssl`, which `postgresql` depends on)");
    assert!(
        made.status.success(),
        "openssl failed: {}",
        String::from_utf8_lossy(&made.stderr)
    );
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o600)).expect("chmod key");
    if let Some((uid, gid)) = user {
        for path in [&certificate, &key] {
            std::os::unix::fs::chown(path, Some(uid), Some(gid)).expect("chown to postgres");
        }
    }
    (certificate, key)
}

/// Connections over TCP only through TLS: `initdb`'s `host` lines become `hostssl`.
fn only_tls_over_tcp(data: &Path) {
    let hba = data.join("pg_hba.conf");
    let text = std::fs::read_to_string(&hba).expect("read pg_hba.conf");
    let text: String = text
        .lines()
        .map(|line| match line.strip_prefix("host ") {
            Some(rest) => format!("hostssl {rest}\n"),
            None => format!("{line}\n"),
        })
        .collect();
    std::fs::write(&hba, text).expect("write pg_hba.conf");
}

/// A process that removes the cluster's folder once this process has ended (its standard
/// input, held here, closes) and the server with it.
fn janitor(folder: &Path) -> std::process::ChildStdin {
    use std::os::unix::process::CommandExt;
    let mut cmd = Command::new("sh");
    cmd.args([
        "-c",
        "cat >/dev/null; i=0; while [ -e \"$0/data/postmaster.pid\" ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i+1)); done; rm -rf \"$0\"",
    ])
    .arg(folder)
    .stdin(Stdio::piped())
    .stdout(Stdio::null())
    .stderr(Stdio::null());
    // SAFETY: setsid is async-signal-safe. Its own session: a Ctrl-C of the tests does not
    // stop it before it has cleaned up.
    unsafe {
        cmd.pre_exec(|| {
            libc::setsid();
            Ok(())
        });
    }
    cmd.spawn()
        .expect("start the janitor")
        .stdin
        .take()
        .expect("janitor's input")
}

/// Wait until the server accepts connections: it writes `ready` into its pid file then, as
/// `pg_ctl -w` reads it.
fn wait_until_ready(folder: &Path, data: &Path) {
    let start = Instant::now();
    loop {
        let status = std::fs::read_to_string(data.join("postmaster.pid")).unwrap_or_default();
        if status.lines().nth(7).is_some_and(|l| l.trim() == "ready") {
            return;
        }
        if start.elapsed() > Duration::from_secs(120) {
            let log = std::fs::read_to_string(folder.join("server.log")).unwrap_or_default();
            panic!("PostgreSQL did not start within 120 s:\n{log}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn block_on<F: Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime")
        .block_on(f)
}

/// Run statements on the server's admin database.
fn admin(statements: &[String]) {
    use sqlx::Connection;
    let url = &server().expect("a PostgreSQL server").admin;
    block_on(async {
        let mut conn = sqlx::PgConnection::connect(url)
            .await
            .expect("connect to the test server");
        for statement in statements {
            sqlx::raw_sql(statement)
                .execute(&mut conn)
                .await
                .unwrap_or_else(|e| panic!("{statement}: {e}"));
        }
        conn.close().await.expect("close");
    });
}

/// A database of its own for one test, dropped with it.
pub struct Database {
    pub name: String,
    pub url: String,
}

impl Server {
    /// A new, empty database.
    pub fn database(&self) -> Database {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let name = format!(
            "hoard_test_{}_{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        admin(&[format!("CREATE DATABASE \"{name}\"")]);
        Database {
            url: self.url(&name),
            name,
        }
    }

    /// The URL of database `name`, through the socket (or as `HOARD_TEST_POSTGRES` says).
    pub fn url(&self, name: &str) -> String {
        let mut url = self.base.clone();
        url.set_path(name);
        url.to_string()
    }
}

// Passwords and roles: only tests/postgres (server.rs) uses these; the other files that include
// this one (tests/cli/common.rs, the library's store::plans) do not, and would warn.
#[allow(dead_code)]
impl Server {
    /// The password the server asks for on [`Server::password_url`]: the throwaway
    /// cluster's on its TCP port, or the one `HOARD_TEST_POSTGRES` holds; `None` where no
    /// connection asks for one.
    pub fn password(&self) -> Option<String> {
        match self.port {
            Some(_) => Some(PASSWORD.to_string()),
            None => self.base.password().map(str::to_string),
        }
    }

    /// The URL of database `name` where the server asks for a password, with `password` in
    /// it (right or wrong); `None` where no connection asks for one.
    pub fn password_url(&self, name: &str, password: &str) -> Option<String> {
        self.password()?;
        let mut url = match self.port {
            Some(port) => {
                url::Url::parse(&format!("postgres://{USER}@127.0.0.1:{port}/")).expect("url")
            }
            None => self.base.clone(),
        };
        url.set_path(name);
        url.set_password(Some(password)).expect("a password");
        Some(url.to_string())
    }

    /// The certificate the throwaway cluster's TCP port presents (a client that trusts it
    /// names it in `sslrootcert`); `None` for the server `HOARD_TEST_POSTGRES` names.
    pub fn certificate(&self) -> Option<&Path> {
        self.certificate.as_deref()
    }

    /// Run statements as the server's administrator (roles, grants).
    pub fn admin(&self, statements: &[String]) {
        admin(statements);
    }
}

impl Drop for Database {
    fn drop(&mut self) {
        admin(&[format!(
            "DROP DATABASE IF EXISTS \"{}\" WITH (FORCE)",
            self.name
        )]);
    }
}
