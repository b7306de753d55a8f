//! `hoard serve` in a real browser: Debian's Chromium, headless, driven through WebDriver
//! (chromedriver, fantoccini) with a fresh profile. The pages render with the right content
//! at phone and desktop widths (screenshots under `target/screenshots/`), a hostile name runs
//! no script, an open page follows a `hoard` command run elsewhere, nothing scrolls sideways
//! at 375 pixels, the referee's dashboard needs its token, and no secret reaches the DOM.
//!
//! Without Chromium and chromedriver these tests say loudly that they were skipped; under
//! `CI=true` they fail instead (`.ci/run` installs both).

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::json;

use crate::common::Hoard;
use crate::leak;
use crate::serve::{Served, campaign};

/// Where the browser and its driver are, if they are.
fn tools() -> Option<(PathBuf, PathBuf)> {
    let find = |names: &[&str]| {
        names.iter().find_map(|n| {
            let out = Command::new("sh")
                .args(["-c", &format!("command -v {n}")])
                .output()
                .ok()?;
            let path = String::from_utf8_lossy(&out.stdout).trim().to_string();
            (out.status.success() && !path.is_empty()).then(|| PathBuf::from(path))
        })
    };
    Some((
        find(&["chromium", "chromium-browser", "google-chrome"])?,
        find(&["chromedriver"])?,
    ))
}

/// A headless browser, or `None` (after saying so) where there is none outside CI.
struct Browser {
    driver: Child,
    client: Client,
    runtime: tokio::runtime::Runtime,
    _profile: tempfile::TempDir,
}

impl Browser {
    fn start(test: &str) -> Option<Browser> {
        let Some((chromium, chromedriver)) = tools() else {
            crate::common::cluster::skip_loudly(
                &format!(
                    "SKIPPED {test}: no Chromium or chromedriver here.\n\
                     To run it, install Debian's `chromium` and `chromium-driver` packages \
                     (apt-get install chromium chromium-driver)."
                ),
                "the browser's tests must run (.ci/run installs Chromium and chromedriver)",
            );
            return None;
        };
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let driver = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let deadline = Instant::now() + Duration::from_secs(30);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not listen");
            std::thread::park_timeout(Duration::from_millis(50));
        }
        let profile = tempfile::tempdir().expect("profile");
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime");
        let mut caps = serde_json::Map::new();
        caps.insert(
            "goog:chromeOptions".into(),
            json!({
                "binary": chromium,
                "args": [
                    "--headless=new",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--no-first-run",
                    "--disable-background-networking",
                    "--disable-component-update",
                    "--disable-sync",
                    "--disable-dev-shm-usage",
                    "--hide-scrollbars",
                    "--lang=en-US",
                    format!("--user-data-dir={}", profile.path().display()),
                    "--window-size=375,812",
                ],
            }),
        );
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        let client = runtime
            .block_on(
                ClientBuilder::new(connector)
                    .capabilities(caps)
                    .connect(&format!("http://127.0.0.1:{port}")),
            )
            .expect("a WebDriver session");
        Some(Browser {
            driver,
            client,
            runtime,
            _profile: profile,
        })
    }

    fn go(&self, url: &str) {
        self.runtime
            .block_on(self.client.goto(url))
            .expect("navigate");
    }

    fn run(&self, script: &str) -> serde_json::Value {
        self.runtime
            .block_on(self.client.execute(script, vec![]))
            .expect("script")
    }

    fn text(&self) -> String {
        self.run("return document.body.innerText;")
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    fn html(&self) -> String {
        self.run("return document.documentElement.outerHTML;")
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    fn resize(&self, width: u32, height: u32) {
        self.runtime
            .block_on(self.client.set_window_size(width, height))
            .expect("resize");
    }

    /// Whether the page is wider than the window (it would scroll sideways).
    fn scrolls_sideways(&self) -> bool {
        self.run(
            "return document.documentElement.scrollWidth > document.documentElement.clientWidth;",
        )
        .as_bool()
        .unwrap_or(true)
    }

    /// Save a screenshot as `target/screenshots/NAME.png`.
    fn screenshot(&self, name: &str) {
        let png = self
            .runtime
            .block_on(self.client.screenshot())
            .expect("screenshot");
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
        std::fs::create_dir_all(&dir).expect("screenshots folder");
        std::fs::write(dir.join(format!("{name}.png")), png).expect("write screenshot");
    }

    /// Wait (at most `within`) until the page's text contains `wanted`; how long it took.
    fn wait_for_text(&self, wanted: &str, within: Duration) -> Option<Duration> {
        let start = Instant::now();
        loop {
            if self.text().contains(wanted) {
                return Some(start.elapsed());
            }
            if start.elapsed() > within {
                return None;
            }
            std::thread::park_timeout(Duration::from_millis(25));
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let client = self.client.clone();
        let _ = self.runtime.block_on(client.close());
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

#[test]
fn pages_render_at_phone_and_desktop_width() {
    let Some(b) = Browser::start("pages_render_at_phone_and_desktop_width") else {
        return;
    };
    let h = Hoard::new();
    campaign(&h);
    h.strong_sword("Lame de Vérité", "lawful", "healing", &["--to", "Arnaud"]);
    h.ok(&["touch", "Lame de Vérité", "--by", "Arnaud"]);
    h.ok(&[
        "item",
        "add",
        "Potion of Speed",
        "--category",
        "potion",
        "--to",
        "Béatrice",
    ]);
    h.ok(&["drink", "Potion of Speed"]);
    h.ok(&["session", "end"]);
    h.ok(&["session", "start"]);
    h.ok(&["item", "add", "Gold idol", "--category", "misc"]);
    let s = Served::start(&h, &["--referee"]);
    let pages = [
        ("party", s.url.clone(), "Wand of Frost"),
        ("treasure", s.at("/treasure"), "120 gp"),
        ("chronicle", s.at("/chronicle/1"), "Arnaud uses 2 charges"),
        ("referee", s.referee(), "Potion of Giant Strength"),
    ];
    for (name, url, wanted) in &pages {
        b.resize(375, 812);
        b.go(url);
        let text = b.text();
        assert!(text.contains(wanted), "{name}: {wanted} missing:\n{text}");
        assert!(!b.scrolls_sideways(), "{name} scrolls sideways at 375 px");
        b.screenshot(&format!("{name}-phone"));
        b.resize(1280, 900);
        b.go(url);
        assert!(b.text().contains(wanted));
        b.screenshot(&format!("{name}-desktop"));
    }
    // The clock of running effects and the pictures are drawn.
    b.resize(375, 812);
    b.go(&s.url);
    let pictures = b.run("return document.querySelectorAll('figure svg').length;");
    assert_eq!(pictures, json!(1), "the effects' clock");
    b.go(&s.at("/treasure"));
    let pictures = b.run("return document.querySelectorAll('figure svg').length;");
    assert_eq!(
        pictures,
        json!(2),
        "treasure per session, and known charges"
    );
}

#[test]
fn a_hostile_name_runs_no_script() {
    let Some(b) = Browser::start("a_hostile_name_runs_no_script") else {
        return;
    };
    let h = Hoard::new();
    h.ok(&["session", "start"]);
    let hostile = [
        "<script>window.pwned=1</script>",
        "<img src=x onerror=\"window.pwned=2\">",
        "<svg onload=\"window.pwned=3\">",
        "Evil\u{202e}gnp.exe",
    ];
    for (i, name) in hostile.iter().enumerate() {
        h.character(name, 10 + i as u8, 10, 8, "neutral");
    }
    h.ok(&[
        "item",
        "add",
        "<img src=y onerror=\"window.pwned=4\">",
        "--category",
        "ring",
        "--to",
        hostile[0],
    ]);
    h.ok(&[
        "identify",
        "<img src=y onerror=\"window.pwned=4\">",
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
        b.go(&url);
        assert_eq!(
            b.run("return window.pwned === undefined;"),
            json!(true),
            "{url} ran a script"
        );
        let text = b.text();
        assert!(
            text.contains("<script>window.pwned=1</script>"),
            "{url}: {text}"
        );
        assert!(!text.contains('\u{202e}'), "{url}: a bidi control acts");
    }
}

#[test]
fn an_open_page_follows_a_command_run_elsewhere() {
    let Some(b) = Browser::start("an_open_page_follows_a_command_run_elsewhere") else {
        return;
    };
    let h = Hoard::new();
    campaign(&h);
    let s = Served::start(&h, &["--referee"]);
    // The players' page, then the referee's dashboard on its own stream.
    for (url, wound, shown) in [(s.url.clone(), "3", "9 / 12"), (s.referee(), "2", "7 / 12")] {
        b.go(&url);
        // The page is live once its event stream is open.
        let deadline = Instant::now() + Duration::from_secs(10);
        while b.run("return document.documentElement.dataset.live === 'on';") != json!(true) {
            assert!(Instant::now() < deadline, "no event stream on {url}");
            std::thread::park_timeout(Duration::from_millis(25));
        }
        h.ok(&["character", "damage", "Arnaud", wound]);
        let took = b.wait_for_text(shown, Duration::from_secs(2));
        assert!(took.is_some(), "{url} did not change within 2 s");
        // No reload: the same document, its main part replaced.
        assert_ne!(
            b.run("return document.documentElement.dataset.updated;"),
            json!(null)
        );
        let _ = b.runtime.block_on(b.client.find(Locator::Css("main#page")));
    }
}

#[test]
fn the_referees_dashboard_needs_its_token_in_the_browser() {
    let Some(b) = Browser::start("the_referees_dashboard_needs_its_token_in_the_browser") else {
        return;
    };
    let h = Hoard::new();
    campaign(&h);
    let s = Served::start(&h, &["--referee"]);
    b.go(&s.at("/referee/0123456789abcdef0123456789abcdef"));
    let refused = b.text();
    assert!(refused.contains("No such page"), "{refused}");
    assert!(!refused.contains("Giant Strength"));
    b.go(&s.referee());
    assert!(b.text().contains("Potion of Giant Strength"));
}

#[test]
fn no_secret_reaches_the_dom() {
    let Some(b) = Browser::start("no_secret_reaches_the_dom") else {
        return;
    };
    for seed in [11, 12] {
        let h = Hoard::new();
        let secrets = leak::campaign(&h, seed);
        let s = Served::start(&h, &[]);
        for url in leak::player_pages(&s) {
            if url.ends_with(".json") {
                continue;
            }
            b.go(&url);
            let what = format!("seed {seed}, {url}");
            leak::check(&format!("{what} (DOM)"), &b.html(), &secrets);
            leak::check(&format!("{what} (text)"), &b.text(), &secrets);
            if url == s.url {
                leak::check_sections(&what, &b.html(), &secrets);
            }
        }
    }
}

#[test]
fn a_claim_made_on_a_phone_sized_page_appears_on_the_claims_board() {
    let Some(b) = Browser::start("a_claim_made_on_a_phone_sized_page_appears_on_the_claims_board")
    else {
        return;
    };
    let h = Hoard::new();
    campaign(&h);
    h.ok(&["item", "add", "Mace", "--category", "weapon"]);
    let s = Served::start(&h, &["--players"]);
    let link = crate::claims::links::link(&s, "Arnaud");
    b.resize(375, 812);
    b.go(&link);
    assert!(b.text().contains("Arnaud"), "{}", b.text());
    assert!(
        !b.scrolls_sideways(),
        "the personal page scrolls sideways at 375 px"
    );
    b.screenshot("personal-375");
    // Tap "need" on the mace, as a player would: the form posts, the page comes back.
    b.run(
        "var li = [...document.querySelectorAll('ul.loot li')].find(l => l.innerText.includes('weapon'));\
         li.querySelector('button[value=need]').click(); return true;",
    );
    let took = b.wait_for_text("Arnaud: need", Duration::from_secs(10));
    assert!(took.is_some(), "the claim did not come back: {}", b.text());
    let board = h.ok(&["claims"]);
    assert!(board.contains("Mace: Arnaud* need"), "{board}");
}
