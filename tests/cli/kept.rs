//! `hoard serve`'s pages drawn once per position of the ledger and answered from what was kept
//! (issue #51): never older than the request, the same page compressed or whole under one
//! tag, a 304 for a browser that has it, each language and each viewer's own.

use std::io::Read as _;

use crate::claims::links::link;
use crate::common::Hoard;
use crate::serve::{Answer, Served, campaign, get};

/// The answer's `ETag`, as a browser sends it back (the headers read are lowercased).
fn tag(answer: &Answer) -> String {
    let line = answer
        .headers
        .lines()
        .find_map(|l| l.strip_prefix("etag: "))
        .unwrap_or_else(|| panic!("no ETag: {}", answer.headers));
    line.replacen("w/", "W/", 1)
}

fn gunzip(bytes: &[u8]) -> String {
    let mut whole = String::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_string(&mut whole)
        .expect("a gzip body");
    whole
}

#[test]
fn a_page_is_kept_until_the_ledger_moves_and_a_browser_that_has_it_gets_a_304() {
    let h = Hoard::new();
    campaign(&h);
    let s = Served::start(&h, &[]);
    for path in [
        "/",
        "/treasure",
        "/chronicle",
        "/chronicle/1",
        "/party.json",
    ] {
        let first = get(&s.at(path), &[]);
        assert_eq!(first.status, 200, "{path}");
        assert!(
            first.headers.contains("cache-control: no-cache"),
            "{path}: a browser may keep it and ask again: {}",
            first.headers
        );
        let was = tag(&first);
        let again = get(&s.at(path), &[&format!("If-None-Match: {was}")]);
        assert_eq!(again.status, 304, "{path}");
        assert!(again.bytes.is_empty(), "{path}: {}", again.body);
        // Compressed, the same page under the same tag.
        let zipped = get(&s.at(path), &["Accept-Encoding: gzip, br"]);
        assert!(
            zipped.headers.contains("content-encoding: gzip"),
            "{path}: {}",
            zipped.headers
        );
        assert_eq!(tag(&zipped), was, "{path}");
        assert_eq!(gunzip(&zipped.bytes), first.body, "{path}");
        let whole = get(&s.at(path), &["Accept-Encoding: identity"]);
        assert!(!whole.headers.contains("content-encoding"), "{path}");
        assert_eq!(whole.body, first.body, "{path}");
    }
    let before = get(&s.url, &[]);
    assert!(before.body.contains("12 / 12"), "{}", before.body);
    let was = tag(&before);
    // A wound recorded: the very next request shows it, under another tag, with or without
    // the old tag, whole or compressed; nothing waits for the server's watcher.
    h.ok(&["character", "damage", "Arnaud", "3"]);
    let after = get(&s.url, &[&format!("If-None-Match: {was}")]);
    assert_eq!(after.status, 200);
    assert!(after.body.contains("9 / 12"), "{}", after.body);
    assert_ne!(tag(&after), was);
    let zipped = get(&s.url, &["Accept-Encoding: gzip"]);
    assert_eq!(gunzip(&zipped.bytes), after.body);
    let json = get(&s.at("/party.json"), &[]).body;
    assert!(json.contains("\"hp\":9"), "{json}");
}

#[test]
fn the_referees_page_is_kept_apart_and_never_reaches_a_player() {
    let h = Hoard::new();
    campaign(&h);
    // Loot to claim: each personal page carries its link's token in its forms.
    h.ok(&["item", "add", "Mace", "--category", "weapon"]);
    let s = Served::start(&h, &["--referee", "--players"]);
    let dashboard = s.referee();
    let token = dashboard.rsplit('/').next().expect("a token").to_string();
    let referee = get(&dashboard, &[]);
    assert!(referee.body.contains("Potion of Giant Strength"));
    // Drawn for each request (its console's values are good once), never stored by a browser.
    assert!(referee.headers.contains("cache-control: no-store"));
    assert!(!referee.headers.contains("etag:"), "{}", referee.headers);
    let again = get(&dashboard, &["If-None-Match: *"]);
    assert_eq!(again.status, 200);
    assert_ne!(
        crate::console::form_values(&again.body).1,
        crate::console::form_values(&referee.body).1,
        "a fresh value for each drawing"
    );
    let mut wrong = token.clone();
    wrong.replace_range(0..1, if token.starts_with('0') { "1" } else { "0" });
    assert_eq!(get(&s.at(&format!("/referee/{wrong}")), &[]).status, 404);
    let (arnaud, beatrice) = (link(&s, "Arnaud"), link(&s, "Béatrice"));
    let secret = |l: &str| l.rsplit('/').next().expect("a token").to_string();
    for url in [
        s.url.clone(),
        s.at("/treasure"),
        s.at("/chronicle"),
        s.at("/party.json"),
        arnaud.clone(),
        beatrice.clone(),
    ] {
        for asked in [&[][..], &["Accept-Encoding: gzip"][..]] {
            let page = get(&url, asked);
            assert_eq!(page.status, 200, "{url}");
            let body = if asked.is_empty() {
                page.body
            } else {
                gunzip(&page.bytes)
            };
            assert!(!body.contains("Giant Strength"), "{url}: {body}");
            assert!(!body.contains(&token), "{url}: the referee's token");
            assert!(!body.contains("Odds"), "{url}: the referee's odds");
        }
    }
    // Each personal page carries its own link's token, never another's.
    let (a, b) = (get(&arnaud, &[]).body, get(&beatrice, &[]).body);
    assert!(a.contains(&secret(&arnaud)) && !a.contains(&secret(&beatrice)));
    assert!(b.contains(&secret(&beatrice)) && !b.contains(&secret(&arnaud)));
    // A link revoked (no event: links are no part of the ledger) opens nothing at once.
    h.ok(&["character", "link", "Béatrice", "--revoke"]);
    assert_eq!(get(&beatrice, &[]).status, 403);
}

#[test]
fn the_french_page_stays_french_beside_the_english_one_kept() {
    let h = Hoard::new();
    campaign(&h);
    let s = Served::start(&h, &[]);
    let en = get(&s.url, &["Accept-Language: en-GB"]);
    assert!(en.body.contains("The party"), "{}", en.body);
    let english = format!("If-None-Match: {}", tag(&en));
    for asked in [
        &["Accept-Language: fr-FR,fr;q=0.9"][..],
        &["Accept-Language: fr", "Accept-Encoding: gzip"],
        // The English page's tag, asked for in French: the French page, not a 304.
        &["Accept-Language: fr", english.as_str()],
    ] {
        let fr = get(&s.url, asked);
        assert_eq!(fr.status, 200, "{asked:?}");
        assert_ne!(tag(&fr), tag(&en), "{asked:?}");
        let body = if fr.headers.contains("content-encoding: gzip") {
            gunzip(&fr.bytes)
        } else {
            fr.body
        };
        assert!(body.contains("<html lang=\"fr\""), "{asked:?}: {body}");
        assert!(body.contains("Le groupe"), "{asked:?}: {body}");
        assert!(
            fr.headers
                .contains("vary: accept-encoding, accept-language")
        );
    }
    assert!(get(&s.url, &[]).body.contains("The party"), "English still");
}
