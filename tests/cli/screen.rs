//! The table's screen as a browser shows it (issue #51): links that can be seen, landmarks
//! that say what they are, amounts kept with their units, claims that keep the player where
//! they were, pictures whose labels can be read. Chromium, as in `browser.rs`.

use std::time::{Duration, Instant};

use serde_json::json;

use crate::browser::Browser;
use crate::common::Hoard;
use crate::serve::{Served, campaign};

/// Of each link in `nav.pager`: its text and the contrast of its colour with the background
/// behind it (WCAG's ratio); and of each `nav`, its label.
const PAGER: &str = r#"
const rgb = c => c.match(/[\d.]+/g).map(Number);
const lum = ([r, g, b]) => {
  const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
};
const behind = e => {
  for (; e; e = e.parentElement) {
    const c = rgb(getComputedStyle(e).backgroundColor);
    if (c.length < 4 || c[3] > 0) return c;
  }
  return [255, 255, 255];
};
const links = [...document.querySelectorAll('nav.pager a')].map(a => {
  const [x, y] = [lum(rgb(getComputedStyle(a).color)), lum(behind(a))];
  return { text: a.textContent, contrast: (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05) };
});
const labels = [...document.querySelectorAll('nav')].map(n => n.getAttribute('aria-label') || '');
return { links, labels };"#;

#[test]
fn the_chronicles_session_links_can_be_seen_and_each_nav_is_named() {
    let Some(b) = Browser::start("the_chronicles_session_links_can_be_seen_and_each_nav_is_named")
    else {
        return;
    };
    let h = Hoard::new();
    campaign(&h);
    for _ in 0..2 {
        h.ok(&["session", "end"]);
        h.ok(&["session", "start"]);
    }
    let s = Served::start(&h, &[]);
    for (width, height) in [(375, 812), (1280, 900)] {
        b.resize(width, height);
        b.go(&s.at("/chronicle/2"));
        let seen = b.run(PAGER);
        let links = seen["links"].as_array().expect("links");
        assert_eq!(links.len(), 2, "← and → at {width} px: {seen}");
        for link in links {
            // WCAG AA for text: 4.5 to 1.
            assert!(
                link["contrast"].as_f64().unwrap() >= 4.5,
                "{link} cannot be read at {width} px"
            );
        }
        let labels: Vec<&str> = seen["labels"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_str().unwrap())
            .collect();
        assert_eq!(labels.len(), 2, "{seen}");
        assert!(
            labels.iter().all(|l| !l.is_empty()),
            "a nav unnamed: {seen}"
        );
        assert_ne!(labels[0], labels[1], "two navs named alike: {seen}");
    }
    // The pager still leads on.
    b.run("document.querySelector('nav.pager a[rel=next]').click(); return 0;");
    until(
        &b,
        "the next session",
        "return location.pathname === '/chronicle/3';",
    );
}

/// Wait (at most 10 s) until `script` returns true.
fn until(b: &Browser, what: &str, script: &str) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while b.run(script) != json!(true) {
        assert!(Instant::now() < deadline, "{what}: {}", b.text());
        std::thread::park_timeout(Duration::from_millis(25));
    }
}

/// Every number on the page followed by a word or `%` with an ordinary space, where the text
/// may break (outside pictures and nowrap): a few characters around each.
const SPLITTABLE: &str = r#"
const found = [];
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let n; (n = walker.nextNode());) {
  const e = n.parentElement;
  if (e.closest('svg') || getComputedStyle(e).whiteSpace.startsWith('nowrap')) continue;
  const re = /\d(?:[.,]?\d)* (?=[\p{L}%])/gu;
  for (let m; (m = re.exec(n.data));) {
    found.push(n.data.slice(Math.max(0, m.index - 12), m.index + m[0].length + 8));
  }
}
return found;"#;

#[test]
fn every_amount_stays_with_its_unit() {
    let Some(b) = Browser::start("every_amount_stays_with_its_unit") else {
        return;
    };
    let h = Hoard::new();
    campaign(&h);
    h.strong_sword("Hater", "chaotic", "healing", &["--to", "Arnaud"]);
    h.ok(&["--seed", "3", "touch", "Hater", "--by", "Arnaud"]);
    h.ok(&[
        "valuable", "add", "Ruby", "--value", "1000gp", "--kind", "gem",
    ]);
    h.ok(&["valuable", "appraise", "Ruby", "--by", "Béatrice"]);
    h.ok(&["coins", "add", "20000ep"]);
    // The economy's lines (#54): a purchase, a retainer's wage, a light burning.
    h.ok(&["coins", "add", "2gp", "--to", "Arnaud"]);
    h.ok(&["buy", "torches", "--by", "Arnaud"]);
    h.ok(&[
        "retainer",
        "hire",
        "Béatrice",
        "--by",
        "Arnaud",
        "--wage",
        "1gp/day",
    ]);
    h.ok(&["light", "Torches (6)", "--by", "Arnaud"]);
    h.ok(&["time", "advance", "2", "turns"]);
    h.ok(&["session", "end"]);
    b.resize(375, 812);
    for lang in ["en", "fr"] {
        let s = Served::start(&h, &["--referee", "--lang", lang]);
        let ruby = {
            b.go(&s.at("/treasure"));
            b.run("return [...document.querySelectorAll('a.name')].find(a => a.textContent === 'Ruby').getAttribute('href');")
        };
        for url in [
            s.url.clone(),
            s.at("/treasure"),
            s.at("/chronicle/1"),
            s.at(ruby.as_str().expect("the ruby's page")),
            s.referee(),
        ] {
            b.go(&url);
            // A page, not the one of what is not there.
            assert_eq!(
                b.run("return document.querySelector('ul.back') === null;"),
                json!(true),
                "{url}: {}",
                b.text()
            );
            let split = b.run(SPLITTABLE);
            assert_eq!(split, json!([]), "{lang} {url}: amounts that may break");
        }
    }
}

/// Of the loot's claim buttons: the smallest width and height, and the least room between two
/// of one row.
const BUTTONS: &str = r#"
let least = { width: 1e9, height: 1e9, apart: 1e9 };
for (const form of document.querySelectorAll('ul.loot form.claim')) {
  const rects = [...form.querySelectorAll('button')].map(b => b.getBoundingClientRect());
  rects.forEach((r, i) => {
    least.width = Math.min(least.width, r.width);
    least.height = Math.min(least.height, r.height);
    for (const o of rects.slice(i + 1)) {
      const apart = Math.max(o.left - r.right, r.left - o.right, o.top - r.bottom, r.top - o.bottom);
      least.apart = Math.min(least.apart, apart);
    }
  });
}
return least;"#;

#[test]
fn a_claim_tapped_on_a_phone_keeps_the_player_where_they_were() {
    let Some(b) = Browser::start("a_claim_tapped_on_a_phone_keeps_the_player_where_they_were")
    else {
        return;
    };
    let h = Hoard::new();
    campaign(&h);
    for n in 1..=30 {
        h.ok(&["item", "add", &format!("Trinket {n}"), "--category", "misc"]);
    }
    let s = Served::start(&h, &["--players"]);
    let link = crate::claims::links::link(&s, "Arnaud");
    b.resize(375, 812);
    b.go(&link);
    let buttons = b.run(BUTTONS);
    assert!(
        buttons["width"].as_f64().unwrap() >= 44.0 && buttons["height"].as_f64().unwrap() >= 44.0,
        "buttons smaller than a finger: {buttons}"
    );
    assert!(
        buttons["apart"].as_f64().unwrap() >= 4.0,
        "buttons touching: {buttons}"
    );
    // The 25th row in the middle of the screen; tap "pass" there.
    let row = "[...document.querySelectorAll('ul.loot li')][24]";
    b.run(&format!(
        "{row}.scrollIntoView({{block: 'center'}}); return 0;"
    ));
    let before = b.run(&format!("return {row}.getBoundingClientRect().top;"));
    let scrolled = b.run("return window.scrollY;");
    assert!(scrolled.as_f64().unwrap() > 1000.0, "{scrolled}");
    b.run(&format!(
        "{row}.querySelector('button[value=pass]').click(); return 0;"
    ));
    until(
        &b,
        "the claim did not come back",
        &format!("return {row}.innerText.includes('Arnaud: pass');"),
    );
    let after = b.run(&format!("return {row}.getBoundingClientRect().top;"));
    let moved = (after.as_f64().unwrap() - before.as_f64().unwrap()).abs();
    assert!(
        moved < 60.0,
        "the row moved {moved} px on the screen (scrollY {} → {})",
        scrolled,
        b.run("return window.scrollY;")
    );
    let board = h.ok(&["claims"]);
    assert!(board.contains("Arnaud* pass"), "{board}");
}

/// Of each picture shown: the tick labels of its time axis (its largest row of labels on one
/// line), each as its text and its box on the screen, and the picture's box.
const TICKS: &str = r#"
return [...document.querySelectorAll('figure svg')].filter(s => s.getClientRects().length).map(svg => {
  const rows = {};
  for (const t of svg.querySelectorAll('text')) {
    (rows[t.getAttribute('y')] = rows[t.getAttribute('y')] || []).push(t);
  }
  const box = r => ({ left: r.left, right: r.right });
  const ticks = Object.values(rows).sort((a, b) => b.length - a.length)[0]
    .map(t => ({ text: t.textContent.trim(), ...box(t.getBoundingClientRect()) }))
    .sort((a, b) => a.left - b.left);
  return { ticks, svg: box(svg.getBoundingClientRect()) };
});"#;

#[test]
fn the_control_timelines_ticks_read_apart_and_whole() {
    let Some(b) = Browser::start("the_control_timelines_ticks_read_apart_and_whole") else {
        return;
    };
    let h = Hoard::new();
    campaign(&h);
    h.strong_sword("Lame de Vérité", "lawful", "healing", &["--to", "Arnaud"]);
    h.ok(&["character", "damage", "Arnaud", "8"]);
    h.ok(&["time", "advance", "5", "rounds"]);
    let s = Served::start(&h, &["--referee"]);
    for (width, height) in [(375, 812), (1280, 900)] {
        b.resize(width, height);
        b.go(&s.referee());
        let pictures = b.run(TICKS);
        let pictures = pictures.as_array().expect("pictures");
        assert!(!pictures.is_empty(), "no control timeline at {width} px");
        for p in pictures {
            let what = format!("at {width} px: {p}");
            let ticks = p["ticks"].as_array().unwrap();
            assert!(ticks.len() >= 2, "{what}: no axis");
            let (left, right) = (
                p["svg"]["left"].as_f64().unwrap(),
                p["svg"]["right"].as_f64().unwrap(),
            );
            for t in ticks {
                assert!(
                    t["left"].as_f64().unwrap() >= left - 0.5
                        && t["right"].as_f64().unwrap() <= right + 0.5,
                    "{what}: {} is cut off",
                    t["text"]
                );
            }
            for pair in ticks.windows(2) {
                let gap = pair[1]["left"].as_f64().unwrap() - pair[0]["right"].as_f64().unwrap();
                assert!(
                    gap >= 4.0,
                    "{what}: {} and {} run together",
                    pair[0]["text"],
                    pair[1]["text"]
                );
            }
        }
    }
}
