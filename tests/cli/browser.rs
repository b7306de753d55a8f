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
pub(crate) struct Browser {
    driver: Child,
    pub(crate) client: Client,
    pub(crate) runtime: tokio::runtime::Runtime,
    _profile: tempfile::TempDir,
}

impl Browser {
    pub(crate) fn start(test: &str) -> Option<Browser> {
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

    pub(crate) fn go(&self, url: &str) {
        self.runtime
            .block_on(self.client.goto(url))
            .expect("navigate");
    }

    pub(crate) fn run(&self, script: &str) -> serde_json::Value {
        self.runtime
            .block_on(self.client.execute(script, vec![]))
            .expect("script")
    }

    pub(crate) fn text(&self) -> String {
        self.run("return document.body.innerText;")
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    pub(crate) fn html(&self) -> String {
        self.run("return document.documentElement.outerHTML;")
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    pub(crate) fn resize(&self, width: u32, height: u32) {
        self.runtime
            .block_on(self.client.set_window_size(width, height))
            .expect("resize");
    }

    /// Whether the page is wider than the window (it would scroll sideways).
    pub(crate) fn scrolls_sideways(&self) -> bool {
        self.run(
            "return document.documentElement.scrollWidth > document.documentElement.clientWidth;",
        )
        .as_bool()
        .unwrap_or(true)
    }

    /// Save a screenshot as `target/screenshots/NAME.png`.
    pub(crate) fn screenshot(&self, name: &str) {
        let png = self
            .runtime
            .block_on(self.client.screenshot())
            .expect("screenshot");
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
        std::fs::create_dir_all(&dir).expect("screenshots folder");
        std::fs::write(dir.join(format!("{name}.png")), png).expect("write screenshot");
    }

    /// Wait (at most `within`) until the page's text contains `wanted`; how long it took.
    pub(crate) fn wait_for_text(&self, wanted: &str, within: Duration) -> Option<Duration> {
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
    // The clock of running effects and the pictures are drawn, one of each at each width.
    for (width, height) in [(375, 812), (1280, 900)] {
        b.resize(width, height);
        b.go(&s.url);
        assert_eq!(b.run(VISIBLE_PICTURES), json!(1), "the effects' clock");
        b.go(&s.at("/treasure"));
        assert_eq!(
            b.run(VISIBLE_PICTURES),
            json!(2),
            "treasure per session, and known charges"
        );
    }
}

/// How many pictures the page shows (each comes drawn for a phone and for a desktop).
const VISIBLE_PICTURES: &str = "return [...document.querySelectorAll('figure svg')].filter(s => s.getClientRects().length).length;";

/// Of each picture shown: its title, its time axis' tick labels from left to right (the
/// largest row of labels on one line), the widest of its lines and bars as a share of its
/// width, and the size its text is shown at against the page's.
const PICTURES: &str = r#"
return [...document.querySelectorAll('figure svg')].filter(s => s.getClientRects().length).map(svg => {
  const rows = {};
  for (const t of svg.querySelectorAll('text')) {
    (rows[t.getAttribute('y')] = rows[t.getAttribute('y')] || []).push(t);
  }
  const ticks = Object.values(rows).sort((a, b) => b.length - a.length)[0]
    .sort((a, b) => a.getBBox().x - b.getBBox().x).map(t => t.textContent.trim());
  const width = svg.viewBox.baseVal.width || svg.width.baseVal.value;
  const data = [...svg.querySelectorAll('polyline, rect')]
    .filter(e => e.getAttribute('fill') !== 'none' || e.tagName === 'polyline')
    .map(e => e.getBBox().width / width);
  const text = svg.querySelector('text');
  const scale = svg.getBoundingClientRect().width / width;
  const size = parseFloat(getComputedStyle(text).fontSize) * scale;
  const page = parseFloat(getComputedStyle(document.body).fontSize);
  return {
    title: (svg.querySelector('title') || {}).textContent || '',
    desc: (svg.querySelector('desc') || {}).textContent || '',
    ticks, widest: Math.max(...data), size: size / page,
  };
});"#;

#[test]
fn pictures_read_at_a_glance() {
    let Some(b) = Browser::start("pictures_read_at_a_glance") else {
        return;
    };
    let h = Hoard::new();
    campaign(&h);
    h.strong_sword("Lame de Vérité", "lawful", "healing", &["--to", "Arnaud"]);
    h.ok(&["time", "advance", "3", "hours"]);
    h.ok(&["use", "Wand of Frost"]);
    h.ok(&["time", "advance", "2", "hours"]);
    h.ok(&["drink", "Potion of Giant Strength"]);
    h.ok(&["time", "advance", "4", "turns"]);
    h.ok(&["character", "damage", "Arnaud", "8"]);
    let s = Served::start(&h, &["--referee"]);
    for (width, height) in [(375, 812), (1280, 900)] {
        b.resize(width, height);
        for url in [s.url.clone(), s.at("/treasure"), s.referee()] {
            b.go(&url);
            let pictures = b.run(PICTURES);
            let pictures = pictures.as_array().expect("pictures");
            assert!(!pictures.is_empty(), "{url}: no picture");
            for p in pictures {
                let what = format!("{url} at {width} px: {p}");
                assert!(!p["title"].as_str().unwrap().is_empty(), "{what}: no title");
                assert!(!p["desc"].as_str().unwrap().is_empty(), "{what}: no desc");
                // Time axes (a picture per session counts sessions, not time).
                if p["title"].as_str().unwrap().contains("per session") {
                    continue;
                }
                let ticks: Vec<&str> = p["ticks"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|t| t.as_str().unwrap())
                    .collect();
                let mut distinct = ticks.clone();
                distinct.sort_unstable();
                distinct.dedup();
                assert_eq!(distinct.len(), ticks.len(), "{what}: ticks repeat");
                assert!(ticks.len() >= 2, "{what}: no axis");
                // The text reads at about the page's own size (within a quarter).
                let size = p["size"].as_f64().unwrap();
                assert!(
                    (0.75..=1.25).contains(&size),
                    "{what}: text at {size}x the page's"
                );
            }
        }
        // Time runs from the first event to now: the charges' lines and the bars of control
        // span most of the picture.
        b.go(&s.at("/treasure"));
        let charges = &b.run(PICTURES)[1];
        assert_eq!(charges["ticks"][0], json!("0"), "{charges}");
        assert!(
            charges["ticks"]
                .as_array()
                .unwrap()
                .iter()
                .any(|t| t.as_str().unwrap().ends_with(" h")),
            "hours on a span of hours: {charges}"
        );
        assert!(charges["widest"].as_f64().unwrap() > 0.6, "{charges}");
        b.go(&s.referee());
        let control = &b.run(PICTURES)[0];
        assert!(control["widest"].as_f64().unwrap() > 0.6, "{control}");
    }
}

#[test]
fn the_item_page_and_the_full_sheet() {
    let Some(b) = Browser::start("the_item_page_and_the_full_sheet") else {
        return;
    };
    let h = Hoard::new();
    campaign(&h);
    h.ok(&["character", "set", "Arnaud", "class", "fighter"]);
    h.ok(&[
        "valuable", "add", "Ruby", "--value", "500gp", "--kind", "gem",
    ]);
    h.ok(&["valuable", "appraise", "Ruby", "--by", "Arnaud"]);
    h.ok(&["give", "Ruby", "--to", "Béatrice"]);
    let s = Served::start(&h, &[]);
    for (width, height) in [(375, 812), (1280, 900)] {
        b.resize(width, height);
        // From the party page to Arnaud's whole sheet.
        b.go(&s.url);
        b.run("document.querySelector('#page h2 a').click(); return 0;");
        assert!(
            b.wait_for_text("Towards level", Duration::from_secs(10))
                .is_some(),
            "{}",
            b.text()
        );
        let sheet = b.text();
        for shown in [
            "Arnaud",
            "Towards level 2",
            "12 / 12",
            "Wand of Frost",
            "10 charges",
            "load",
        ] {
            assert!(
                sheet.contains(shown),
                "{shown} missing from the sheet:\n{sheet}"
            );
        }
        assert!(
            !b.scrolls_sideways(),
            "the sheet scrolls sideways at {width} px"
        );
        b.screenshot(&format!("sheet-{width}"));
        // From the treasure page to the ruby's.
        b.go(&s.at("/treasure"));
        b.run("[...document.querySelectorAll('a.name')].find(a => a.textContent === 'Ruby').click(); return 0;");
        assert!(
            b.wait_for_text("Its story", Duration::from_secs(10))
                .is_some(),
            "{}",
            b.text()
        );
        let item = b.text();
        for shown in [
            "Ruby",
            "Worth, as the party believes: 500 gp",
            "Found: Ruby (500 gp).",
            "Béatrice takes Ruby.",
        ] {
            assert!(
                item.contains(shown),
                "{shown} missing from the item page:\n{item}"
            );
        }
        assert!(
            !b.scrolls_sideways(),
            "the item page scrolls sideways at {width} px"
        );
        b.screenshot(&format!("item-{width}"));
    }
    // An item nobody saw, a session that is not there: a page with the way back.
    for path in [
        "/item/00000000-0000-4000-8000-000000000000",
        "/chronicle/99",
    ] {
        b.go(&s.at(path));
        let text = b.text();
        assert!(
            text.contains("No such page") && text.contains("Back to the party"),
            "{path}: {text}"
        );
    }
}

#[test]
fn a_page_catches_up_after_the_server_restarts() {
    let Some(b) = Browser::start("a_page_catches_up_after_the_server_restarts") else {
        return;
    };
    let h = Hoard::new();
    campaign(&h);
    let s = Served::start(&h, &[]);
    let port = s.port().to_string();
    b.go(&s.url);
    let until = |what: &str, script: &str| {
        let deadline = Instant::now() + Duration::from_secs(10);
        while b.run(script) != json!(true) {
            assert!(Instant::now() < deadline, "{what}");
            std::thread::park_timeout(Duration::from_millis(25));
        }
    };
    until(
        "no event stream",
        "return document.documentElement.dataset.live === 'on';",
    );
    let (status, _, _) = s.interrupt();
    assert!(status.success());
    // While the server is away, the page says so; the table plays on.
    until(
        "no word of being offline",
        "return getComputedStyle(document.getElementById('offline')).display !== 'none';",
    );
    assert!(b.text().contains("Offline"), "{}", b.text());
    h.ok(&["character", "damage", "Arnaud", "5"]);
    let _back = Served::start(&h, &["--port", &port]);
    let took = b.wait_for_text("7 / 12", Duration::from_secs(2));
    assert!(
        took.is_some(),
        "the page did not catch up within 2 s: {}",
        b.text()
    );
    until(
        "still offline",
        "return getComputedStyle(document.getElementById('offline')).display === 'none';",
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

/// A page left for another closes its event stream: a browser opens only a few connections to
/// one server, and streams kept open by pages it might go back to would make the seventh page
/// wait a minute for one. Twelve pages in a row open as fast as the first.
#[test]
fn going_from_page_to_page_never_waits_for_a_connection() {
    let Some(b) = Browser::start("going_from_page_to_page_never_waits_for_a_connection") else {
        return;
    };
    let h = Hoard::new();
    campaign(&h);
    let s = Served::start(&h, &[]);
    let started = Instant::now();
    for n in 0..12 {
        b.go(&s.at(["/", "/treasure", "/chronicle"][n % 3]));
        assert!(b.text().contains("Arnaud"), "page {n}: {}", b.text());
    }
    // A bound, not a pause: a held connection would cost a minute.
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "twelve pages took {:?}",
        started.elapsed()
    );
}

/// A browser opens six connections to one server, and a page's event stream holds one for as
/// long as it is open: eight tabs on the same server would leave none to fetch a page, so that
/// no page could follow the table. Only the page on screen listens; a tab brought back to
/// the screen catches up at once.
#[test]
fn eight_tabs_open_on_the_same_server_all_follow_the_table() {
    let Some(b) = Browser::start("eight_tabs_open_on_the_same_server_all_follow_the_table") else {
        return;
    };
    let h = Hoard::new();
    campaign(&h);
    let s = Served::start(&h, &[]);
    let on = |b: &Browser, tab: &fantoccini::wd::WindowHandle| {
        b.runtime
            .block_on(b.client.switch_to_window(tab.clone()))
            .expect("switch tab");
    };
    b.go(&s.url);
    let mut tabs = vec![b.runtime.block_on(b.client.window()).expect("a tab")];
    for _ in 1..8 {
        let tab = b
            .runtime
            .block_on(b.client.new_window(true))
            .expect("a new tab")
            .handle;
        on(&b, &tab);
        b.go(&s.url);
        tabs.push(tab);
    }
    // The tab on screen is live, and follows a change within 2 s.
    let deadline = Instant::now() + Duration::from_secs(10);
    while b.run("return document.documentElement.dataset.live === 'on';") != json!(true) {
        assert!(Instant::now() < deadline, "no event stream");
        std::thread::park_timeout(Duration::from_millis(25));
    }
    h.ok(&["character", "damage", "Arnaud", "3"]);
    assert!(
        b.wait_for_text("9 / 12", Duration::from_secs(2)).is_some(),
        "the tab on screen did not follow: {}",
        b.text()
    );
    // Each other tab, brought back, shows what it missed within 2 s.
    for (n, tab) in tabs.iter().enumerate().take(7) {
        on(&b, tab);
        assert!(
            b.wait_for_text("9 / 12", Duration::from_secs(2)).is_some(),
            "tab {n} did not catch up: {}",
            b.text()
        );
    }
    let visible = b.run("return document.visibilityState;");
    assert_eq!(visible, json!("visible"));
}

/// A page that cannot fetch itself again says so instead of staying stale without a word: here
/// the file was written over under the server, whose stream tells the page of it and whose
/// pages are now refused (503).
#[test]
fn a_page_that_cannot_refresh_says_it_is_offline() {
    let Some(b) = Browser::start("a_page_that_cannot_refresh_says_it_is_offline") else {
        return;
    };
    let h = Hoard::new();
    // A file written over is SQLite's alone (PostgreSQL's unavailable campaign: `server.rs`).
    if h.engine() == crate::common::Engine::Postgres {
        return;
    }
    campaign(&h);
    let other = Hoard::new();
    other.ok(&["campaign", "new", "Crypt"]);
    let s = Served::start(&h, &[]);
    b.go(&s.url);
    let until = |what: &str, script: &str| {
        let deadline = Instant::now() + Duration::from_secs(10);
        while b.run(script) != json!(true) {
            assert!(Instant::now() < deadline, "{what}: {}", b.text());
            std::thread::park_timeout(Duration::from_millis(25));
        }
    };
    until(
        "no event stream",
        "return document.documentElement.dataset.live === 'on';",
    );
    std::fs::copy(&other.db, &h.db).expect("written over");
    until(
        "no word of being offline",
        "return getComputedStyle(document.getElementById('offline')).display !== 'none';",
    );
    assert!(b.text().contains("Offline"), "{}", b.text());
    drop(s);
}
