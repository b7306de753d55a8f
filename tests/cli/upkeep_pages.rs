//! The campaign's economy on the players' pages (issue #54): each purse with what its holder
//! owes, a retainer's employer and wage on both their sheets, a light lit with how long it has
//! burnt (never what is left), the same as data in `/party.json`, each page fresh after each
//! command. On both engines (`tests/postgres` runs this file too).

use serde_json::Value;

use crate::claims::links::link;
use crate::common::Hoard;
use crate::serve::{Served, get};

/// Ann (OSE) with torches, 2 gp left, and an unidentified potion; `name`, her retainer to be.
fn table(h: &Hoard, retainer: &str) {
    h.ok(&["campaign", "set", "edition", "ose"]);
    h.ok(&["campaign", "set", "training", "5gp/level"]);
    h.character("Ann", 10, 10, 8, "lawful");
    h.character(retainer, 12, 9, 6, "neutral");
    h.ok_words("coins add 3 gp --to Ann");
    h.ok_words("buy torches --by Ann");
    h.ok(&[
        "item",
        "add",
        "Potion of Poison",
        "--category",
        "potion",
        "--to",
        "Ann",
    ]);
}

/// The player view of `name` in `/party.json`.
fn view<'a>(party: &'a Value, name: &str) -> &'a Value {
    party
        .as_array()
        .expect("an array")
        .iter()
        .find(|v| v["character"]["name"] == name)
        .unwrap_or_else(|| panic!("{name} in {party}"))
}

/// Ann's section of the party page.
fn ann(page: &str) -> &str {
    let from = page.find("<h2><a href=\"/character/").expect("a sheet");
    let to = page[from + 1..]
        .find("<section")
        .map_or(page.len(), |n| from + 1 + n);
    &page[from..to]
}

#[test]
fn the_pages_show_what_each_purse_owes_whom_it_employs_and_how_long_a_light_has_burnt() {
    let h = Hoard::new();
    // A name that must be escaped wherever it shows.
    let bert = "B<i>ert";
    table(&h, bert);
    let s = Served::start(&h, &["--players", "--referee"]);
    let party = |lang: &str| get(&s.url, &[&format!("Accept-Language: {lang}")]).body;
    let before = party("en");
    assert!(before.contains("Torches (6)"), "{before}");
    assert!(!before.contains("employs"), "{before}");

    // Each command shows at once, on the page kept until the ledger moves.
    h.ok(&[
        "retainer", "hire", bert, "--by", "Ann", "--wage", "1 gp/day",
    ]);
    let hired = party("en");
    assert!(
        hired.contains("employs B&lt;i&gt;ert, for <span class=\"amount\">1 gp</span> a day"),
        "{hired}"
    );
    assert!(
        hired.contains("retainer of Ann, for <span class=\"amount\">1 gp</span> a day"),
        "{hired}"
    );
    assert!(!hired.contains(bert), "escaped: {hired}");
    // The command line's sheet says it in the same words.
    let sheet = h.ok(&["character", "show", "Ann"]);
    assert!(
        sheet.contains("  employs B<i>ert, for 1 gp a day"),
        "{sheet}"
    );

    h.ok(&["session", "start", "Delve", "--with", "Ann", "--with", bert]);
    // Three midnights: 3 gp due, her 2 gp paid, 1 gp owed.
    h.ok_words("time advance 3 days");
    let owing = party("en");
    assert!(
        owing.contains("owes B&lt;i&gt;ert <span class=\"amount\">1 gp</span> of wages"),
        "{owing}"
    );
    assert!(
        owing.contains("is owed <span class=\"amount\">1 gp</span> of wages by Ann"),
        "{owing}"
    );
    // The treasure page tells it under her purse.
    let treasure = get(&s.at("/treasure"), &[]).body;
    assert!(
        treasure.contains("<span class=\"owes\">owes B&lt;i&gt;ert <span class=\"amount\">1 gp</span> of wages</span>"),
        "{treasure}"
    );
    // Her level's training, which her empty purse cannot pay, is owed too.
    h.ok(&["character", "set", "Ann", "level", "2"]);
    let trained = party("fr");
    assert!(
        trained.contains("dû : <span class=\"amount\">5 po</span> de coûts de la vie"),
        "{trained}"
    );
    assert!(
        trained.contains("doit <span class=\"amount\">1 po</span> de gages à B&lt;i&gt;ert"),
        "{trained}"
    );

    h.ok(&["light", "Torches (6)", "--by", "Ann"]);
    h.ok_words("time advance 4 turns");
    let sheet = h.json(&["character", "show", "Ann"]);
    let rounds = sheet["items"]
        .as_array()
        .unwrap()
        .iter()
        .find_map(|i| i["burning"].as_i64())
        .expect("a light burning");
    let lit = "lit, burning for <span class=\"amount\">4 turns</span>";
    let id = sheet["id"].as_str().unwrap();
    let pages = [
        party("en"),
        get(&s.at(&format!("/character/{id}")), &[]).body,
        get(&link(&s, "Ann"), &[]).body,
        get(&s.at("/treasure"), &[]).body,
    ];
    for page in &pages {
        assert!(page.contains(lit), "{page}");
        // Time burnt, never a countdown; no secret of her potion.
        assert!(!page.contains("left"), "{page}");
        assert!(!page.contains("Poison"), "{page}");
    }
    assert!(ann(&pages[0]).contains(lit));
    // The referee's dashboard alone says how long it has left (OSE: a torch burns 6 turns).
    let dashboard = get(&s.referee(), &[]).body;
    assert!(
        dashboard.contains(
            "lit, burning for <span class=\"amount\">4 turns,</span> <span class=\"amount\">2 turns</span> left"
        ),
        "{dashboard}"
    );
    assert!(
        party("fr").contains("allumé, brûle depuis <span class=\"amount\">4 tours</span>"),
        "the page in French"
    );

    // The same as data, the same in every language.
    let json = get(&s.at("/party.json"), &[]).body;
    assert_eq!(
        json,
        get(&s.at("/party.json"), &["Accept-Language: fr"]).body
    );
    assert!(!json.contains("Poison"), "{json}");
    let json: Value = serde_json::from_str(&json).expect("JSON");
    let (a, b) = (view(&json, "Ann"), view(&json, bert));
    assert_eq!(a["character"]["owed"], 500, "{a}");
    assert_eq!(a["retainers"][0]["name"], bert, "{a}");
    assert_eq!(a["retainers"][0]["per"], "day", "{a}");
    assert_eq!(a["retainers"][0]["owed"], 100, "{a}");
    assert_eq!(a["retainers"][0]["wage"]["gp"], 1, "{a}");
    assert_eq!(a["burning"][0]["rounds"], rounds, "{a}");
    assert!(a["burning"][0].get("left").is_none(), "{a}");
    assert_eq!(b["character"]["hire"]["employer_name"], "Ann", "{b}");
    assert_eq!(b["character"]["hire"]["owed"], 100, "{b}");
    assert_eq!(b["retainers"], serde_json::json!([]), "{b}");
    assert_eq!(b["burning"], serde_json::json!([]), "{b}");
    // Each one's debts, as `hoard debts` gives them: Ann's wages to Bert, then her upkeep.
    let debts: Vec<(&str, i64)> = a["debts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (d["creditor"].as_str().unwrap(), d["owed"].as_i64().unwrap()))
        .collect();
    assert_eq!(debts, [("retainer", 100), ("upkeep", 500)], "{a}");
    assert_eq!(b["debts"][0]["debtor_name"], "Ann", "{b}");

    h.ok(&["douse", "Torches (6)", "--by", "Ann"]);
    assert!(!party("en").contains("lit, burning"));
    h.ok(&["retainer", "dismiss", bert]);
    let dismissed = party("en");
    assert!(dismissed.contains("dismissed by Ann"), "{dismissed}");
    assert!(!dismissed.contains("employs"), "{dismissed}");
    // Still owed after the dismissal, until paid.
    assert!(dismissed.contains("of wages"), "{dismissed}");
    h.ok(&["coins", "add", "1gp", "--to", "Ann"]);
    h.ok(&["coins", "move", "1gp", "--from", "Ann", "--to", bert]);
    let paid = party("en");
    assert!(!paid.contains("of wages"), "{paid}");
    // Goods bought show at once too, on every page.
    h.ok_words("coins add 1 gp --to Ann");
    h.ok_words("buy torches --by Ann");
    assert!(party("en").contains("2 × Torches (6)"));
    let treasure = get(&s.at("/treasure"), &[]).body;
    assert!(treasure.contains("2 × Torches (6)"), "{treasure}");
    assert!(get(&link(&s, "Ann"), &[]).body.contains("2 × Torches (6)"));
}

/// `text` without its tags: what a page reads.
fn read(page: &str) -> String {
    let mut out = String::new();
    let mut tag = false;
    for c in page.chars() {
        match c {
            '<' => tag = true,
            '>' => tag = false,
            c if !tag => out.push(c),
            _ => {}
        }
    }
    out
}

/// The session's page and its posting tell what the coins paid for — goods, wages, training —
/// and what the purses could not pay.
#[test]
fn the_session_tells_what_the_coins_paid_for_and_what_is_owed() {
    let h = Hoard::new();
    table(&h, "Bert");
    h.ok(&[
        "retainer", "hire", "Bert", "--by", "Ann", "--wage", "1 gp/day",
    ]);
    h.ok(&["session", "start", "Delve", "--with", "Ann,Bert"]);
    h.ok_words("buy oil --by Ann"); // her last 2 gp
    h.ok_words("time advance 1 day"); // 1 gp of wages owed
    h.ok_words("coins add 2 gp --to Ann");
    h.ok_words("time advance 1 day"); // 1 gp paid
    h.ok(&["character", "set", "Ann", "level", "2"]); // 5 gp: 1 gp paid, 4 gp owed
    let s = Served::start(&h, &[]);
    let page = read(&get(&s.at("/chronicle/1"), &[]).body);
    for told in [
        "2 gp spent from Ann's purse on Oil (1 flask).",
        "Ann cannot pay Bert's wages: 1 gp owed.",
        "Ann pays Bert's wages: 1 gp.",
        "1 gp spent from Ann's purse on training for level 2.",
        "Ann owes 4 gp of living and training costs.",
        "Spent:Ann 3 gp",
        "Wages:Ann → Bert 1 gp (1 gp owed)",
        "Owed (living and training):Ann 4 gp",
    ] {
        assert!(page.contains(told), "{told:?} in {page}");
    }
    let french = read(&get(&s.at("/chronicle/1"), &["Accept-Language: fr"]).body);
    for told in [
        "2 po dépensés de la bourse de Ann pour Huile (1 flasque).",
        "Ann ne peut payer les gages de Bert : 1 po dus.",
        "Gages :Ann → Bert 1 po (1 po dus)",
    ] {
        assert!(french.contains(told), "{told:?} in {french}");
    }
    let posting = h.ok(&["report", "session", "1", "--markdown"]);
    for told in [
        "**Wages:** Ann → Bert 1 gp (1 gp owed)",
        "**Owed (living and training):** Ann 4 gp",
    ] {
        assert!(posting.contains(told), "{told:?} in {posting}");
    }
    let json = h.json(&["report", "session", "1", "--markdown"]);
    assert_eq!(json["owed"], serde_json::json!([["Ann", 400]]), "{json}");
    assert_eq!(json["wages"][0]["owed"], 100, "{json}");
    // Debts paid: the wages as coins moving to Bert, the upkeep as coins spent on it.
    h.ok_words("coins add 5 gp --to Ann");
    h.ok(&["debts", "pay", "Ann"]);
    let page = read(&get(&s.at("/chronicle/1"), &[]).body);
    assert!(
        page.contains("4 gp spent from Ann's purse on the living and training costs owed."),
        "{page}"
    );
    assert!(
        page.contains("Ann owes nothing more of living and training costs."),
        "{page}"
    );
    let posting = h.ok(&["report", "session", "1", "--markdown"]);
    assert!(
        !posting.contains("**Owed (living and training):**"),
        "{posting}"
    );
}

/// A charge the purse paid nothing of has no coins of its own: the next command's coins spent,
/// from the pool, are not told as paying for it.
#[test]
fn coins_spent_after_an_unpaid_charge_are_not_the_charges() {
    let h = Hoard::new();
    h.character("Ann", 10, 10, 8, "lawful");
    h.ok(&["campaign", "set", "living", "10gp/month"]);
    h.ok_words("coins add 5 gp --at Bank");
    h.ok(&["session", "start", "Trek", "--with", "Ann"]);
    h.ok_words("time advance 30 days"); // 10 gp owed, nothing paid
    h.ok_words("coins spend 5 gp --at Bank");
    let s = Served::start(&h, &[]);
    let page = read(&get(&s.at("/chronicle/1"), &[]).body);
    assert!(
        page.contains("Ann owes 10 gp of living and training costs."),
        "{page}"
    );
    assert!(page.contains("5 gp spent from"), "{page}");
    assert!(!page.contains("on the cost of living"), "{page}");
}

/// A character without rations is shown hungry on the pages, as on the sheet, in both
/// languages.
#[test]
fn hunger_shows_on_the_pages() {
    let h = Hoard::new();
    h.character("Ann", 10, 10, 8, "lawful");
    h.ok(&["campaign", "set", "rations", "on"]);
    h.ok(&["session", "start", "Trek", "--with", "Ann"]);
    h.ok_words("time advance 2 days");
    let s = Served::start(&h, &[]);
    let page = read(&get(&s.at("/"), &[]).body);
    assert!(page.contains("hungry: 2 days without food"), "{page}");
    let fr = read(&get(&s.at("/"), &["Accept-Language: fr"]).body);
    assert!(fr.contains("affamé : 2 jours sans manger"), "{fr}");
}
