//! The leak test of `hoard serve`: randomized, seeded campaigns (unidentified potions, rings,
//! books, wands with secret charges, sentient swords with secret powers and alignment,
//! voided events), and every secret the players must not see, read from the database itself.
//! `serve.rs` checks the pages' HTML and JSON; `browser.rs` the DOM a real browser renders.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::common::Hoard;
use crate::serve::{Served, get};

/// What no player page may show.
pub struct Secrets {
    /// Strings that must appear nowhere: names nobody in the party knows, swords' powers and
    /// purposes, items whose making was voided.
    pub strings: Vec<String>,
    /// Items whose charges nobody knows: their entry has no charges.
    pub no_charges: Vec<String>,
    /// Swords nobody touched: their entry has no alignment.
    pub no_alignment: Vec<String>,
    /// Each character's section of the party page, by id, and the names it must not show (of
    /// items they hold and do not know).
    pub per_character: Vec<(String, Vec<String>)>,
    /// Names the party knows of items that still exist: the treasure page shows each.
    pub shown: Vec<String>,
}

/// Words that would stand where a hidden thing is.
pub const PLACEHOLDERS: [&str; 7] = [
    "???",
    "hidden",
    "secret",
    "redacted",
    "caché",
    "unknown charges",
    "charges inconnues",
];

const CATEGORIES: [&str; 6] = ["potion", "ring", "wand", "book", "misc", "staff"];

/// A random campaign made by `seed`, through the real commands; the secrets it holds.
pub fn campaign(h: &Hoard, seed: u64) -> Secrets {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let tag = format!("Zq{seed}");
    h.ok(&["campaign", "new", &format!("Leak {seed}")]);
    h.ok(&["session", "start"]);
    let people: Vec<String> = ["Ana", "Bo", "Cy"]
        .iter()
        .map(|n| format!("{n}{seed}"))
        .collect();
    for p in &people {
        h.character(p, 12, 12, 20, "neutral");
    }
    let mut items = Vec::new();
    for i in 0..10 {
        let category = CATEGORIES[rng.random_range(0..CATEGORIES.len())];
        let name = format!("{tag}{category}{i}x");
        let mut args = vec![
            "item".to_string(),
            "add".into(),
            name.clone(),
            "--category".into(),
            category.into(),
        ];
        if matches!(category, "wand" | "staff") {
            args.extend(["--charges".into(), rng.random_range(5..40).to_string()]);
        }
        if rng.random_bool(0.7) {
            args.extend(["--to".into(), people[rng.random_range(0..3)].clone()]);
        }
        h.ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
        items.push(name);
    }
    for (i, alignment) in ["lawful", "chaotic"].iter().enumerate() {
        let name = format!("{tag}Blade{i}x");
        let mut args = vec![
            "sword",
            "add",
            &name,
            "--int",
            "10",
            "--ego",
            "4",
            "--alignment",
            alignment,
            "--sensory",
            "detect-traps",
            "--extraordinary",
            "healing",
        ];
        let holder = people[i].clone();
        if i == 0 {
            args.extend(["--to", &holder]);
        }
        h.ok(&args);
        items.push(name);
    }
    // Play: each action may be refused by the rules, which is part of the game.
    for _ in 0..16 {
        let item = &items[rng.random_range(0..items.len())];
        let who = &people[rng.random_range(0..3)];
        let action: Vec<&str> = match rng.random_range(0..7) {
            0 | 1 => vec!["identify", item, "--by", who, "--method", "spell"],
            2 => vec!["taste", item, "--by", who],
            3 => vec!["touch", item, "--by", who],
            4 => vec!["use", item],
            5 => vec!["give", item, "--to", who],
            _ => vec!["drink", item],
        };
        let _ = h.cmd(&action).output().expect("hoard runs");
        if rng.random_bool(0.25) {
            let _ = h.cmd(&["undo"]).output().expect("hoard runs");
        }
    }
    let voided = format!("{tag}Voided");
    h.ok(&[
        "item",
        "add",
        &voided,
        "--category",
        "ring",
        "--to",
        &people[0],
    ]);
    h.ok(&["undo"]);
    h.ok(&["session", "end"]);
    secrets(h, &tag, voided)
}

/// The secrets, read from the items as the database holds them.
fn secrets(h: &Hoard, tag: &str, voided: String) -> Secrets {
    type Row = (
        String,
        String,
        String,
        String,
        Option<String>,
        String,
        String,
        String,
    );
    let rows: Vec<Row> = h.rows(
        "SELECT i.id, i.name, i.name_fr, i.category, i.holder, i.identity, i.state, i.status \
         FROM items i",
    );
    let people: Vec<String> = h
        .rows::<(String,)>("SELECT id FROM characters")
        .into_iter()
        .map(|(id,)| id)
        .collect();
    let mut s = Secrets {
        strings: vec![voided],
        no_charges: Vec::new(),
        no_alignment: Vec::new(),
        per_character: people.iter().map(|p| (p.clone(), Vec::new())).collect(),
        shown: Vec::new(),
    };
    for (id, name, name_fr, category, holder, identity, state, status) in rows {
        let state: serde_json::Value = serde_json::from_str(&state).expect("state");
        let identity: serde_json::Value = serde_json::from_str(&identity).expect("identity");
        let level = |who: &str| state["known"][who].as_str().unwrap_or("").to_string();
        let names_it = |level: &str| match category.as_str() {
            "book" => level == "full",
            _ => level == "full" || level == "general",
        };
        if !people.iter().any(|p| names_it(&level(p))) {
            s.strings.push(name.clone());
            if name_fr.contains(tag) {
                s.strings.push(name_fr.clone());
            }
        } else if !matches!(status.as_str(), "consumed" | "crumbled" | "vanished") {
            s.shown.push(name.clone());
        }
        if !people.iter().any(|p| level(p) == "full") {
            s.no_charges.push(id.clone());
        }
        let touched = state["touched"].as_array().is_some_and(|t| !t.is_empty());
        if let Some(mind) = identity.get("sentience") {
            if !touched {
                s.no_alignment.push(id.clone());
            }
            for power in mind["sensory_powers"]
                .as_array()
                .into_iter()
                .chain(mind["extraordinary_powers"].as_array())
                .flatten()
            {
                for key in ["name", "name_fr"] {
                    if let Some(n) = power[key].as_str() {
                        s.strings.push(n.to_string());
                    }
                }
            }
        }
        if let Some(holder) = holder
            && !names_it(&level(&holder))
            && let Some((_, names)) = s.per_character.iter_mut().find(|(p, _)| *p == holder)
        {
            names.push(name.clone());
        }
    }
    s
}

/// The players' pages of a server: `/`, `/treasure`, `/chronicle` and each session's.
pub fn player_pages(s: &Served) -> Vec<String> {
    let mut pages = vec![
        s.url.clone(),
        s.at("/treasure"),
        s.at("/chronicle"),
        s.at("/chronicle/1"),
    ];
    pages.push(s.at("/party.json"));
    // Every item's page and every character's sheet the party and treasure pages link to.
    for page in [s.url.clone(), s.at("/treasure")] {
        let html = get(&page, &[]).body;
        for prefix in ["href=\"/item/", "href=\"/character/"] {
            for (at, _) in html.match_indices(prefix) {
                let rest = &html[at + "href=\"".len()..];
                let path = &rest[..rest.find('"').unwrap_or(rest.len())];
                let url = s.at(path);
                if !pages.contains(&url) {
                    pages.push(url);
                }
            }
        }
    }
    pages
}

/// The items' entries (`<li data-item="ID" …>…</li>`) of a page.
fn entry<'a>(html: &'a str, id: &str) -> Vec<&'a str> {
    let start = format!("data-item=\"{id}\"");
    html.match_indices(&start)
        .map(|(i, _)| {
            let rest = &html[i..];
            &rest[..rest.find("</li>").unwrap_or(rest.len())]
        })
        .collect()
}

/// Check a page's text against the secrets: `what` names it in failures.
pub fn check(what: &str, text: &str, secrets: &Secrets) {
    for secret in &secrets.strings {
        assert!(
            !text.contains(secret.as_str()),
            "{what} shows the secret {secret:?}"
        );
    }
    let lower = text.to_lowercase();
    for placeholder in PLACEHOLDERS {
        assert!(
            !lower.contains(placeholder),
            "{what} shows a placeholder {placeholder:?}"
        );
    }
    for id in &secrets.no_charges {
        for e in entry(text, id) {
            assert!(!e.contains("charges"), "{what}: charges of {id}: {e}");
        }
    }
    for id in &secrets.no_alignment {
        for e in entry(text, id) {
            assert!(!e.contains("alignment"), "{what}: alignment of {id}: {e}");
        }
    }
}

/// The party page's section of each character shows none of the names they do not know.
pub fn check_sections(what: &str, html: &str, secrets: &Secrets) {
    for (id, names) in &secrets.per_character {
        let start = format!("id=\"c-{id}\"");
        let Some(i) = html.find(&start) else {
            panic!("{what}: no section for {id}");
        };
        let section = &html[i..html[i..].find("</section>").map_or(html.len(), |e| i + e)];
        for name in names {
            assert!(!section.contains(name.as_str()), "{what}: {id} sees {name}");
        }
    }
}

#[test]
fn no_player_page_shows_a_secret_over_random_campaigns() {
    let (mut hidden, mut shown) = (0, 0);
    for seed in 0..4 {
        let h = Hoard::new();
        let secrets = campaign(&h, seed);
        hidden += secrets.strings.len();
        shown += secrets.shown.len();
        let s = Served::start(&h, &[]);
        let treasure = get(&s.at("/treasure"), &[]).body;
        for name in &secrets.shown {
            assert!(
                treasure.contains(name.as_str()),
                "seed {seed}: {name} known, not shown"
            );
        }
        for (i, url) in player_pages(&s).iter().enumerate() {
            for lang in ["en", "fr"] {
                let page = get(url, &[&format!("Accept-Language: {lang}")]);
                assert_eq!(page.status, 200, "{url}");
                check(
                    &format!("seed {seed}, {url} ({lang})"),
                    &page.body,
                    &secrets,
                );
                if i == 0 {
                    check_sections(&format!("seed {seed} ({lang})"), &page.body, &secrets);
                }
            }
        }
        let json: serde_json::Value =
            serde_json::from_str(&get(&s.at("/party.json"), &[]).body).expect("JSON");
        for item in json
            .as_array()
            .expect("players")
            .iter()
            .flat_map(|p| p["items"].as_array().expect("items"))
        {
            let id = item["id"].as_str().expect("id").to_string();
            if secrets.no_charges.contains(&id) {
                assert!(item.get("charges").is_none(), "seed {seed}: {item}");
            }
            if secrets.no_alignment.contains(&id) {
                assert!(item.get("alignment").is_none(), "seed {seed}: {item}");
            }
        }
    }
    assert!(
        hidden > 8 && shown > 2,
        "the campaigns hide {hidden} and show {shown}"
    );
}
