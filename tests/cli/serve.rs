//! `hoard serve` over plain HTTP: start-up lines, pages in both languages, the referee's
//! token, hostile names, the security headers, a read-only database, live events and a clean
//! stop. The same pages in a real browser: `browser.rs`.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, ChildStdout, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::common::Hoard;

/// A running `hoard serve`, stopped (SIGINT, then kill) when dropped.
pub struct Served {
    child: Child,
    /// The players' address, `http://127.0.0.1:PORT/`.
    pub url: String,
    /// The start-up lines after the first.
    pub lines: Vec<String>,
    rest: Option<BufReader<ChildStdout>>,
}

impl Served {
    /// `hoard --db <file> serve --port 0 <args>`: waits (at most 30 s) for its start-up lines.
    pub fn start(h: &Hoard, args: &[&str]) -> Served {
        Served::start_within(h, args, &[])
    }

    /// The same, run through `within` (a command that ends by running its arguments).
    pub fn start_within(h: &Hoard, args: &[&str], within: &[&str]) -> Served {
        let hoard = assert_cmd::cargo::cargo_bin("hoard");
        let mut command = match within.split_first() {
            Some((program, rest)) => {
                let mut command = Command::new(program);
                command.args(rest).arg(hoard);
                command
            }
            None => Command::new(hoard),
        };
        let mut child = command
            .env_remove("HOARD_DB")
            .env_remove("HOARD_CAMPAIGN")
            .env("LANG", "C")
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .arg("--db")
            .arg(&h.db)
            .arg("serve")
            // A port of the test's own, or any free one.
            .args(if args.contains(&"--port") {
                &[][..]
            } else {
                &["--port", "0"][..]
            })
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("hoard serve starts");
        let mut out = BufReader::new(child.stdout.take().expect("stdout"));
        let (tx, rx) = mpsc::channel();
        // Read the start-up lines on a thread, so a server that says nothing fails the test
        // at a deadline instead of hanging it.
        let reader = std::thread::spawn(move || {
            let mut lines = Vec::new();
            loop {
                let mut line = String::new();
                if out.read_line(&mut line).unwrap_or(0) == 0 {
                    break;
                }
                let last = line.contains("Ctrl-C");
                lines.push(line.trim_end().to_string());
                if last {
                    break;
                }
            }
            let _ = tx.send(lines);
            out
        });
        let lines = match rx.recv_timeout(Duration::from_secs(30)) {
            Ok(lines) => lines,
            Err(_) => {
                let _ = child.kill();
                panic!("hoard serve printed no start-up lines within 30 s");
            }
        };
        let out = reader.join().expect("reader");
        if lines.is_empty() {
            let mut err = String::new();
            let _ = child.stderr.take().map(|mut e| e.read_to_string(&mut err));
            panic!("hoard serve did not start: {err}");
        }
        Served {
            child,
            url: lines[0].clone(),
            lines: lines[1..].to_vec(),
            rest: Some(out),
        }
    }

    /// The port it listens on, as its address shows it.
    pub fn port(&self) -> &str {
        let address = self.url.trim_end_matches('/');
        address.rsplit(':').next().expect("port")
    }

    /// The address of `path` (`/treasure`) on this server.
    pub fn at(&self, path: &str) -> String {
        format!("{}{}", self.url, path.trim_start_matches('/'))
    }

    /// The referee's address, printed on the second line.
    pub fn referee(&self) -> String {
        let line = self.lines.first().expect("a second line");
        assert!(line.starts_with(&self.url), "{line}");
        line.clone()
    }

    /// SIGINT, as Ctrl-C sends it; the exit status, what it printed afterwards, and all it
    /// printed on stderr.
    pub fn interrupt(mut self) -> (std::process::ExitStatus, String, String) {
        let pid = self.child.id().to_string();
        Command::new("kill")
            .args(["-INT", &pid])
            .status()
            .expect("kill -INT");
        let deadline = Instant::now() + Duration::from_secs(20);
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                break status;
            }
            assert!(
                Instant::now() < deadline,
                "hoard serve did not stop within 20 s of Ctrl-C"
            );
            std::thread::park_timeout(Duration::from_millis(20));
        };
        let mut rest = String::new();
        if let Some(mut out) = self.rest.take() {
            let _ = out.read_to_string(&mut rest);
        }
        let mut errors = String::new();
        if let Some(mut err) = self.child.stderr.take() {
            let _ = err.read_to_string(&mut errors);
        }
        (status, rest, errors)
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP answer.
pub struct Answer {
    pub status: u16,
    pub headers: String,
    pub body: String,
    /// The body's bytes as they came (a gzipped body is no text).
    pub bytes: Vec<u8>,
}

/// `GET url` with extra request header lines, over a fresh connection.
pub fn get(url: &str, extra: &[&str]) -> Answer {
    let (host, _) = host_and_path(url);
    ask(TcpStream::connect(host).expect("connect"), url, extra)
}

/// A connection to `host` from another address of this machine, as from another phone on the
/// network.
fn connect_from(source: [u8; 4], host: &str) -> TcpStream {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .build()
        .expect("a runtime");
    let stream = runtime
        .block_on(async {
            let socket = tokio::net::TcpSocket::new_v4()?;
            socket.bind((source, 0).into())?;
            let host = host.parse().map_err(std::io::Error::other)?;
            socket.connect(host).await?.into_std()
        })
        .expect("connect from another address");
    stream.set_nonblocking(false).expect("blocking");
    stream
}

fn host_and_path(url: &str) -> (&str, &str) {
    let rest = url.strip_prefix("http://").expect("http URL");
    rest.split_at(rest.find('/').unwrap_or(rest.len()))
}

/// `GET url` over `stream`.
fn ask(mut stream: TcpStream, url: &str, extra: &[&str]) -> Answer {
    let (host, path) = host_and_path(url);
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .expect("timeout");
    let mut request = format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n");
    for line in extra {
        request.push_str(line);
        request.push_str("\r\n");
    }
    request.push_str("\r\n");
    stream.write_all(request.as_bytes()).expect("send");
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).expect("answer");
    // Bytes until the body is whole: a gzipped body is no text, and its chunks count bytes.
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("head and body");
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let body = &raw[split + 4..];
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("status");
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        unchunk(body)
    } else {
        body.to_vec()
    };
    Answer {
        status,
        headers: head.to_ascii_lowercase(),
        body: String::from_utf8_lossy(&body).to_string(),
        bytes: body,
    }
}

fn unchunk(mut body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(end) = body.windows(2).position(|w| w == b"\r\n") {
        let size = String::from_utf8_lossy(&body[..end]);
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        let rest = &body[end + 2..];
        if n == 0 || rest.len() < n {
            break;
        }
        out.extend_from_slice(&rest[..n]);
        body = rest[n..].strip_prefix(b"\r\n").unwrap_or(&rest[n..]);
    }
    out
}

/// A small campaign: two characters, a known wand, an unknown potion, a session.
pub fn campaign(h: &Hoard) {
    h.ok(&["campaign", "new", "Tomb"]);
    h.ok(&["session", "start", "The", "tomb"]);
    h.character("Arnaud", 16, 10, 12, "lawful");
    h.character("Béatrice", 10, 14, 8, "neutral");
    h.ok(&[
        "item",
        "add",
        "Wand of Frost",
        "--category",
        "wand",
        "--charges",
        "12",
        "--to",
        "Arnaud",
    ]);
    h.ok(&[
        "identify",
        "Wand of Frost",
        "--by",
        "Arnaud",
        "--method",
        "spell",
    ]);
    h.ok(&[
        "item",
        "add",
        "Potion of Giant Strength",
        "--category",
        "potion",
        "--to",
        "Béatrice",
    ]);
    h.ok(&["use", "Wand of Frost", "--charges", "2"]);
    h.ok(&["coins", "add", "120gp"]);
}

#[test]
fn the_first_line_is_the_address_and_pages_show_what_players_know() {
    let h = Hoard::new();
    campaign(&h);
    let s = Served::start(&h, &[]);
    assert!(s.url.starts_with("http://127.0.0.1:"), "{}", s.url);
    assert!(s.url.ends_with('/'), "{}", s.url);
    assert!(
        s.lines.iter().any(|l| l.contains("Only this computer")),
        "{:?}",
        s.lines
    );
    let party = get(&s.url, &[]);
    assert_eq!(party.status, 200);
    assert!(party.headers.contains("text/html"), "{}", party.headers);
    for shown in [
        "Arnaud",
        "Béatrice",
        "Wand of Frost",
        "10 charges",
        "unknown potion",
    ] {
        assert!(
            party.body.contains(shown),
            "{shown} missing:\n{}",
            party.body
        );
    }
    assert!(!party.body.contains("Giant Strength"), "{}", party.body);
    let treasure = get(&s.at("/treasure"), &[]);
    assert_eq!(treasure.status, 200);
    assert!(treasure.body.contains("120 gp"), "{}", treasure.body);
    assert!(
        treasure.body.contains("<svg"),
        "a picture: {}",
        treasure.body
    );
    assert!(!treasure.body.contains("Giant Strength"));
    let chronicle = get(&s.at("/chronicle"), &[]);
    assert_eq!(chronicle.status, 200);
    assert!(chronicle.body.contains("The tomb"), "{}", chronicle.body);
    assert!(
        chronicle
            .body
            .contains("Arnaud uses <span class=\"amount\">2 charges</span> of Wand of Frost"),
        "{}",
        chronicle.body
    );
    assert!(!chronicle.body.contains("Giant Strength"));
    let json = get(&s.at("/party.json"), &[]);
    assert_eq!(json.status, 200);
    let players: Value = serde_json::from_str(&json.body).expect("JSON");
    assert_eq!(players.as_array().map(Vec::len), Some(2));
    assert!(!json.body.contains("Giant Strength"));
    assert_eq!(get(&s.at("/nowhere"), &[]).status, 404);
}

#[test]
fn pages_speak_the_readers_language_unless_lang_is_given() {
    let h = Hoard::new();
    campaign(&h);
    let s = Served::start(&h, &[]);
    let fr = get(&s.url, &["Accept-Language: fr-FR,fr;q=0.9,en;q=0.5"]);
    assert!(fr.body.contains("<html lang=\"fr\""), "{}", fr.body);
    assert!(fr.body.contains("Le groupe"), "{}", fr.body);
    assert!(fr.body.contains("potion inconnue"), "{}", fr.body);
    let en = get(&s.url, &["Accept-Language: en-GB"]);
    assert!(en.body.contains("The party"));
    assert!(
        get(&s.url, &[]).body.contains("The party"),
        "English by default"
    );
    drop(s);
    let s = Served::start(&h, &["--lang", "fr"]);
    let forced = get(&s.at("/treasure"), &["Accept-Language: en"]);
    assert!(forced.body.contains("<html lang=\"fr\""), "{}", forced.body);
    assert!(forced.body.contains("Trésor"), "{}", forced.body);
}

#[test]
fn the_referees_dashboard_needs_its_token() {
    let h = Hoard::new();
    campaign(&h);
    h.strong_sword("Lame de Vérité", "lawful", "healing", &["--to", "Arnaud"]);
    let plain = Served::start(&h, &[]);
    assert_eq!(get(&plain.at("/referee/anything"), &[]).status, 404);
    drop(plain);
    let s = Served::start(&h, &["--referee"]);
    let dashboard = s.referee();
    let token = dashboard.rsplit('/').next().expect("token");
    assert!(token.len() >= 32, "{token}");
    let page = get(&dashboard, &[]);
    assert_eq!(page.status, 200);
    for shown in [
        "Potion of Giant Strength",
        "Lame de Vérité",
        "INT 12",
        "Odds",
    ] {
        assert!(page.body.contains(shown), "{shown} missing:\n{}", page.body);
    }
    let unknown = get(&s.at("/nowhere"), &[]);
    let mut wrong = token.to_string();
    wrong.replace_range(0..1, if token.starts_with('0') { "1" } else { "0" });
    for refused in [
        s.at("/referee/"),
        s.at(&format!("/referee/{wrong}")),
        s.at(&format!("/referee/{}", &token[..token.len() - 1])),
        s.at("/referee"),
    ] {
        let answer = get(&refused, &[]);
        assert_eq!(answer.status, 404, "{refused}");
        assert_eq!(answer.body, unknown.body, "no hint that the page exists");
    }
    // Players' pages do not point at it.
    assert!(!get(&s.url, &[]).body.contains("referee"));
}

#[test]
fn hostile_names_are_inert_and_no_inline_script_runs() {
    let h = Hoard::new();
    h.ok(&["session", "start"]);
    let hostile = [
        "<script>alert(1)</script>",
        "<img src=x onerror=alert(1)>",
        "Evil\u{202e}gnp.exe",
        "Term\u{1b}[31mred",
    ];
    for (i, name) in hostile.iter().enumerate() {
        h.character(name, 10 + i as u8, 10, 8, "neutral");
    }
    h.ok(&[
        "item",
        "add",
        "<b>bold</b>",
        "--category",
        "ring",
        "--to",
        hostile[0],
    ]);
    h.ok(&[
        "identify",
        "<b>bold</b>",
        "--by",
        hostile[0],
        "--method",
        "spell",
    ]);
    let s = Served::start(&h, &["--referee"]);
    for url in [
        s.url.clone(),
        s.at("/treasure"),
        s.at("/chronicle"),
        s.referee(),
    ] {
        let page = get(&url, &[]);
        assert_eq!(page.status, 200, "{url}");
        let csp = page
            .headers
            .lines()
            .find(|l| l.starts_with("content-security-policy:"))
            .unwrap_or_else(|| panic!("no CSP on {url}"));
        assert!(csp.contains("script-src 'self'"), "{csp}");
        assert!(!csp.contains("unsafe-inline"), "{csp}");
        let body = &page.body;
        assert!(!body.contains("<script>alert"), "{url}: {body}");
        assert!(!body.contains("<img src=x"), "{url}: {body}");
        assert!(!body.contains("<b>bold"), "{url}: {body}");
        assert!(!body.contains('\u{202e}'), "{url}: bidi control left in");
        assert!(!body.contains('\u{1b}'), "{url}: escape left in");
        // Every script is hoard's own file.
        for script in body.split("<script").skip(1) {
            assert!(script.starts_with(" src=\"/hoard.js\""), "{url}: {script}");
        }
    }
    let party = get(&s.url, &[]).body;
    assert!(
        party.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
        "{party}"
    );
    assert!(party.contains("Evil\\u{202e}gnp.exe"), "{party}");
    // The party's JSON escapes it as every JSON document does, and reads back the same.
    let json = get(&s.at("/party.json"), &[]).body;
    assert!(
        !json.contains('\u{202e}') && !json.contains('\u{1b}'),
        "{json}"
    );
    assert!(json.contains("Evil\\u202egnp.exe"), "{json}");
    let players: Value = serde_json::from_str(&json).unwrap();
    assert!(players.to_string().contains('\u{202e}'), "{players}");
}

/// What the database holds. On SQLite, the file's bytes and the frames its -wal holds (none
/// when it is absent or empty: a read-only reader of a WAL database may leave an empty one,
/// and its -shm, behind); on PostgreSQL, every row ([`Hoard::dump`]).
fn files(h: &Hoard) -> (Vec<u8>, Vec<u8>) {
    if h.engine() == crate::common::Engine::Postgres {
        return (h.dump(), Vec::new());
    }
    (
        std::fs::read(&h.db).expect("db"),
        std::fs::read(crate::common::wal(&h.db)).unwrap_or_default(),
    )
}

#[test]
fn the_server_never_writes() {
    let h = Hoard::new();
    campaign(&h);
    h.strong_sword("Lame", "chaotic", "healing", &["--to", "Arnaud"]);
    let before = files(&h);
    let s = Served::start(&h, &["--referee"]);
    for url in [
        s.url.clone(),
        s.at("/treasure"),
        s.at("/chronicle"),
        s.at("/chronicle/1"),
        s.at("/party.json"),
        s.referee(),
    ] {
        assert_eq!(get(&url, &[]).status, 200, "{url}");
    }
    let (status, _, _) = s.interrupt();
    assert!(status.success());
    assert!(files(&h) == before, "the database changed while served");
}

#[test]
fn a_bind_address_says_who_can_reach_it() {
    let h = Hoard::new();
    campaign(&h);
    // On every network: the address shown is one of this computer's, which opens the pages.
    let s = Served::start(&h, &["--bind", "0.0.0.0"]);
    assert!(!s.url.contains("0.0.0.0"), "{}", s.url);
    let last = s.lines.last().expect("who can reach it");
    assert!(
        last.contains("Anyone who can reach") && last.contains(&s.url),
        "{last}"
    );
    assert_eq!(get(&s.url, &[]).status, 200);
    let port = s.port();
    let local = format!("http://127.0.0.1:{port}/");
    assert_eq!(get(&local, &[]).status, 200);
    // A host name of this computer is looked up.
    let s = Served::start(&h, &["--bind", "localhost"]);
    assert_eq!(get(&s.url, &[]).status, 200);
    assert!(s.lines.iter().any(|l| l.contains("Only this computer")));
}

#[test]
fn serve_refuses_at_start_what_it_cannot_serve() {
    let h = Hoard::new();
    campaign(&h);
    // One line each, naming what is wrong; nothing starts.
    for (args, code, said) in [
        (
            &["serve", "--port", "0", "--bind", "203.0.113.77"][..],
            2,
            "not an address of this computer",
        ),
        (
            &["serve", "--port", "0", "--bind", "no-such-host.invalid"],
            2,
            "no such address",
        ),
        (
            &["--campaign", "nonexistent", "serve", "--port", "0"],
            3,
            "no campaign named \"nonexistent\"",
        ),
    ] {
        let err = h.fails(args, code);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(said), "{args:?}: {err}");
    }
}

#[test]
fn a_busy_port_is_one_line_saying_what_to_do() {
    let h = Hoard::new();
    campaign(&h);
    let s = Served::start(&h, &[]);
    let port = s.port();
    let out = h
        .cmd(&["serve", "--port", port])
        .assert()
        .failure()
        .get_output()
        .clone();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("--port 0"), "{err}");
}

/// An open event stream (`/events`, or the referee's), read as a page's script reads it.
pub struct Stream {
    stream: TcpStream,
    /// What has come and not yet been taken as a change.
    seen: String,
}

impl Stream {
    /// Open `path` on the server and wait until its stream has begun.
    pub fn open(s: &Served, path: &str) -> Stream {
        let host = s.url.trim_start_matches("http://").trim_end_matches('/');
        Stream::open_on(TcpStream::connect(host).expect("connect"), s, path)
    }

    /// The same from another address of this machine.
    fn open_from(source: [u8; 4], s: &Served, path: &str) -> Stream {
        let (host, _) = host_and_path(&s.url);
        Stream::open_on(connect_from(source, host), s, path)
    }

    fn open_on(mut stream: TcpStream, s: &Served, path: &str) -> Stream {
        let host = s.url.trim_start_matches("http://").trim_end_matches('/');
        stream
            .set_read_timeout(Some(Duration::from_millis(200)))
            .expect("timeout");
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n"
        )
        .expect("send");
        let mut opened = Stream {
            stream,
            seen: String::new(),
        };
        opened.until(Duration::from_secs(10), |seen| {
            seen.contains("text/event-stream")
        });
        opened
    }

    /// Read until `done` holds of what came, failing the test after `within`.
    fn until(&mut self, within: Duration, done: impl Fn(&str) -> bool) {
        let mut buf = [0u8; 4096];
        let deadline = Instant::now() + within;
        while !done(&self.seen) {
            assert!(
                Instant::now() < deadline,
                "not within {within:?}: {}",
                self.seen
            );
            if let Ok(n) = self.stream.read(&mut buf) {
                self.seen.push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        }
    }

    /// The data of the next `change` event, waiting at most `within` for it.
    pub fn change(&mut self, within: Duration) -> String {
        self.until(within, |seen| {
            seen.split_once("event: change\n")
                .is_some_and(|(_, rest)| rest.contains('\n'))
        });
        let (_, rest) = self.seen.split_once("event: change\n").expect("a change");
        let (line, rest) = rest.split_once('\n').expect("its data");
        let data = line.trim_start_matches("data:").trim().to_string();
        self.seen = rest.to_string();
        data
    }
}

#[test]
fn an_open_page_hears_of_a_change_and_ctrl_c_stops_cleanly() {
    let h = Hoard::new();
    campaign(&h);
    let s = Served::start(&h, &[]);
    let mut page = Stream::open(&s, "/events");
    h.ok(&["character", "damage", "Arnaud", "3"]);
    assert_eq!(page.change(Duration::from_secs(2)), "1");
    // The stream stays open: Ctrl-C still stops the server at once, and cleanly.
    let (status, rest, _) = s.interrupt();
    assert!(status.success(), "{status:?}");
    assert!(rest.contains("Stopped."), "{rest}");
}

#[test]
fn players_pages_hear_only_of_what_they_show_and_the_referees_of_every_event() {
    let h = Hoard::new();
    campaign(&h);
    let s = Served::start(&h, &["--referee"]);
    let referee = s.referee();
    let token = referee.rsplit('/').next().expect("a token");
    let mut players = Stream::open(&s, "/events");
    let mut dashboard = Stream::open(&s, &format!("/referee/{token}/events"));
    assert_eq!(
        get(&s.at(&format!("/referee/{}x/events", &token[..31])), &[]).status,
        404,
        "the referee's stream needs the token"
    );
    // A die the referee rolls behind the screen: the dashboard hears of it, the phones do not.
    let before = dashboard.seen.clone();
    h.ok(&["roll", "1d6"]);
    let rolled = dashboard.change(Duration::from_secs(5));
    assert!(
        rolled.contains(':'),
        "campaign:event, {rolled} after {before}"
    );
    h.ok(&["character", "damage", "Arnaud", "3"]);
    assert_ne!(dashboard.change(Duration::from_secs(5)), rolled);
    // The first change the players hear of is the wound, and it tells no event number.
    assert_eq!(players.change(Duration::from_secs(5)), "1");
    assert!(!players.seen.contains("event: change"), "{}", players.seen);
}

#[test]
fn players_see_how_long_an_effect_has_run_never_what_is_left() {
    let h = Hoard::new();
    campaign(&h);
    h.ok(&["drink", "Potion of Giant Strength", "--by", "Béatrice"]);
    h.ok(&["time", "advance", "3", "rounds"]);
    let s = Served::start(&h, &[]);
    let party = get(&s.url, &[]).body;
    assert!(party.contains("so far"), "{party}");
    for hidden in [" left", "turns left", "hours left"] {
        assert!(!party.contains(hidden), "{hidden}: {party}");
    }
    let json = get(&s.at("/party.json"), &[]).body;
    let players: Value = serde_json::from_str(&json).expect("JSON");
    let effects = &players[1]["effects"];
    assert_eq!(effects.as_array().map(Vec::len), Some(1), "{json}");
    assert!(effects[0].get("started_at").is_some(), "{json}");
    assert!(effects[0].get("ends_at").is_none(), "{json}");
    let export = h.ok(&["export", "--as", "Béatrice"]);
    assert!(!export.contains("ends_at"), "{export}");
}

#[test]
fn one_client_holding_hundreds_of_connections_starves_no_one() {
    let h = Hoard::new();
    campaign(&h);
    // Fewer descriptors than the connections held, as 1,100 against the usual 1,024.
    let limited = ["sh", "-c", "ulimit -n 256 && exec \"$@\"", "sh"];
    let s = Served::start_within(&h, &[], &limited);
    let (host, _) = host_and_path(&s.url);
    let held: Vec<TcpStream> = (0..400)
        .map(|_| TcpStream::connect(host).expect("connect"))
        .collect();
    // Another phone is answered at once.
    let other = ask(connect_from([127, 0, 0, 2], host), &s.url, &[]);
    assert_eq!(other.status, 200);
    assert!(other.body.contains("Arnaud"), "{}", other.body);
    // A client whose request's head never ends is let go within the header timeout.
    let mut slow = connect_from([127, 0, 0, 3], host);
    slow.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n")
        .expect("send");
    slow.set_read_timeout(Some(Duration::from_secs(30)))
        .expect("timeout");
    let sent = Instant::now();
    let mut rest = Vec::new();
    let closed = slow.read_to_end(&mut rest);
    assert!(closed.is_ok(), "{closed:?}");
    assert!(
        sent.elapsed() < Duration::from_secs(25),
        "held for {:?}: {closed:?}",
        sent.elapsed()
    );
    drop(held);
}

/// Six players behind one address (a home router) with several tabs each: 40 streams from one
/// address, more than a connection cap per address would allow. Every one of them opens and
/// hears of a change, and the table's pages still load: streams hold places of their own.
#[test]
fn a_table_behind_one_address_keeps_its_pages_whatever_its_streams() {
    let h = Hoard::new();
    campaign(&h);
    let s = Served::start(&h, &[]);
    let mut tabs: Vec<Stream> = (0..40).map(|_| Stream::open(&s, "/events")).collect();
    for path in ["/", "/treasure", "/chronicle"] {
        let page = get(&s.at(path), &[]);
        assert_eq!(page.status, 200, "{path}: {}", page.body);
    }
    h.ok(&["character", "damage", "Arnaud", "3"]);
    for tab in &mut tabs {
        assert_eq!(tab.change(Duration::from_secs(5)), "1");
    }
    assert!(get(&s.url, &[]).body.contains("9 / 12"));
}

/// One client with 16 addresses holding 32 event streams on each, 512 in all, under the
/// usual 1,024 descriptors: a new phone and a player's link are answered at once, and the
/// phone's own stream hears of the next change. The streams given up are the attacker's.
#[test]
fn streams_from_many_addresses_keep_no_phone_out() {
    let h = Hoard::new();
    campaign(&h);
    let usual = ["sh", "-c", "ulimit -n 1024 && exec \"$@\"", "sh"];
    let s = Served::start_within(&h, &["--players"], &usual);
    let link = s
        .lines
        .iter()
        .find_map(|l| l.strip_prefix("Arnaud: "))
        .expect("Arnaud's link")
        .to_string();
    let (host, _) = host_and_path(&s.url);
    let held: Vec<Stream> = (0..16u8)
        .flat_map(|n| (0..32).map(move |_| n))
        .map(|n| Stream::open_from([127, 0, 1, n], &s, "/events"))
        .collect();
    let started = Instant::now();
    let phone = ask(connect_from([127, 0, 2, 1], host), &s.url, &[]);
    assert_eq!(phone.status, 200, "{}", phone.body);
    let player = ask(connect_from([127, 0, 2, 2], host), &link, &[]);
    assert_eq!(player.status, 200, "{}", player.body);
    assert!(player.body.contains("Arnaud"), "{}", player.body);
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    let mut listening = Stream::open_from([127, 0, 2, 1], &s, "/events");
    h.ok(&["character", "damage", "Arnaud", "3"]);
    assert_eq!(listening.change(Duration::from_secs(5)), "1");
    drop(held);
}

/// A raw request sent as `head` then `body`, and how it was answered: its status (0: closed
/// without one) and how long the answer took.
fn raw(host: &str, head: &str, body: &[u8]) -> (u16, Duration) {
    let mut stream = TcpStream::connect(host).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(40)))
        .expect("timeout");
    let sent = Instant::now();
    stream.write_all(head.as_bytes()).expect("send");
    // The server may refuse before the body is sent: what it then cannot take is no failure.
    let _ = stream.write_all(body);
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let status = String::from_utf8_lossy(&answer)
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, sent.elapsed())
}

/// A request's body is held to the head's deadline and a small size (docs/serve.md), whether
/// or not any route reads it, with or without `--players`: one that says it is 2 MB is
/// refused before a byte of it is read, one larger than it says is cut, and one that stalls is
/// let go at the deadline. Pages are served meanwhile.
#[test]
fn a_request_body_is_bounded_in_size_and_time() {
    let h = Hoard::new();
    campaign(&h);
    for args in [&[][..], &["--players"][..]] {
        let s = Served::start(&h, args);
        let (host, _) = host_and_path(&s.url);
        let post = |length: usize| {
            format!(
                "POST /p/0123456789abcdef0123456789abcdef/claim HTTP/1.1\r\nHost: {host}\r\n\
                 Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {length}\r\n\r\n"
            )
        };
        let (status, took) = raw(host, &post(2_000_000), &[]);
        assert_eq!(status, 413, "{args:?}");
        assert!(took < Duration::from_secs(5), "{args:?}: {took:?}");
        let chunked =
            format!("POST / HTTP/1.1\r\nHost: {host}\r\nTransfer-Encoding: chunked\r\n\r\n");
        let big = format!("2000\r\n{}\r\n0\r\n\r\n", "a".repeat(0x2000));
        let (status, took) = raw(host, &chunked, big.as_bytes());
        assert_eq!(status, 413, "{args:?}");
        assert!(took < Duration::from_secs(5), "{args:?}: {took:?}");
        // A body that stops coming: cut within the head's deadline (10 s).
        let (status, took) = raw(host, &post(100), b"token=");
        assert_eq!(status, 408, "{args:?}");
        assert!(took < Duration::from_secs(20), "{args:?}: {took:?}");
        assert_eq!(get(&s.url, &[]).status, 200);
    }
}
