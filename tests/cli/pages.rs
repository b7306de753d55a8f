//! What the served pages say is true (issue #32): items used up show what became of them on
//! the party page, the treasure page and `/party.json` alike; each character's condition,
//! effects, sword and idle rings; what anyone sees of an unknown item; an appraised worth;
//! a chronicle that tells every event the table saw; French pages in French. Read on the
//! server's real answers, in both languages. `leak.rs` checks the other way: nothing secret.

use serde_json::Value;

use crate::common::Hoard;
use crate::serve::{Served, get};

/// A session at the table: a potion drunk, a wand spent to dust, a scroll faded, two rings on
/// one hand, a weak character under a sword's control, one dying, leather armor +1 and a gem
/// nobody identified, a ruby appraised, coins shared, spent and left at a bank, an item
/// stashed, and experience that brings Ulric to level 2.
fn table(h: &Hoard) {
    h.ok(&["campaign", "new", "Truth"]);
    for (key, value) in [
        ("death", "adnd"),
        ("crumble-wand", "100"),
        ("scroll-fade", "30"),
    ] {
        h.ok(&["campaign", "set", key, value]);
    }
    h.ok(&["session", "start", "The", "vault"]);
    h.character("Ulric", 16, 10, 12, "lawful");
    h.ok(&["character", "set", "Ulric", "class", "fighter"]);
    h.character("Weak", 3, 3, 20, "chaotic");
    h.character("Yseult", 10, 10, 8, "neutral");
    let add = |name: &str, category: &str, more: &[&str]| {
        let mut args = vec!["item", "add", name, "--category", category];
        args.extend_from_slice(more);
        h.ok(&args);
    };
    add("Potion of Speed", "potion", &["--to", "Ulric"]);
    h.ok(&["drink", "Potion of Speed", "--by", "Ulric"]);
    h.ok(&["time", "advance", "3", "rounds"]);
    h.wand("Wand of Frost", 1, Some("Ulric"));
    h.ok(&["use", "Wand of Frost"]);
    add("Scroll of Warding", "scroll", &[]);
    // With this seed, d100 20 ≤ 30 %: it fades.
    h.ok(&["--seed", "1", "give", "Scroll of Warding", "--to", "Yseult"]);
    add("Ring of Warmth", "ring", &["--to", "Ulric"]);
    add("Ring of Swimming", "ring", &["--to", "Ulric"]);
    h.ok(&["wear", "Ring of Warmth", "--hand", "left"]);
    h.ok(&["wear", "Ring of Swimming", "--hand", "left"]);
    add(
        "Elven Leather +1",
        "armor",
        &["--bonus", "1", "--not-metal"],
    );
    add("Dust of Sneezing", "misc", &["--consumable"]);
    h.strong_sword("Hater", "lawful", "telepathy", &["--to", "Weak"]);
    h.ok(&["release", "Hater"]);
    h.ok(&["wield", "Hater"]);
    h.ok(&[
        "valuable", "add", "Ruby", "--value", "500gp", "--kind", "gem",
    ]);
    h.ok(&[
        "valuable", "add", "Torc", "--value", "300gp", "--kind", "jewelry",
    ]);
    h.ok(&["valuable", "appraise", "Ruby", "--by", "Yseult"]);
    h.ok(&["character", "damage", "Yseult", "10"]);
    h.ok(&["coins", "add", "900gp"]);
    h.ok(&["share"]);
    h.ok(&["coins", "spend", "10gp", "--from", "Ulric"]);
    h.ok(&["coins", "add", "500gp", "--at", "Bank of Threshold"]);
    h.ok(&["stash", "Dust of Sneezing", "--at", "Bank of Threshold"]);
    h.ok(&["xp", "award", "--monsters", "6000"]);
}

const FR: &[&str] = &["Accept-Language: fr"];

/// A page's HTML with its amounts' markup taken away (`<span class="amount">120 gp</span>`
/// keeps a number on one line with its unit), to read its sentences whole.
fn plain(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(at) = rest.find("<span class=\"amount\">") {
        out.push_str(&rest[..at]);
        let inside = &rest[at + "<span class=\"amount\">".len()..];
        let end = inside.find("</span>").expect("the amount's end");
        out.push_str(&inside[..end]);
        rest = &inside[end + "</span>".len()..];
    }
    out.push_str(rest);
    out
}

/// A character's section of the party page.
fn section<'a>(page: &'a str, name: &str) -> &'a str {
    let start = page
        .find(&format!(">{name}</a></h2>"))
        .unwrap_or_else(|| panic!("{name} on the page: {page}"));
    let rest = &page[start..];
    &rest[..rest.find("</section>").unwrap_or(rest.len())]
}

/// The items of `name` in `/party.json`, by the name they are shown by.
fn items_of<'a>(players: &'a Value, name: &str) -> &'a Vec<Value> {
    let player = players
        .as_array()
        .and_then(|all| all.iter().find(|p| p["character"]["name"] == name))
        .unwrap_or_else(|| panic!("{name} in {players}"));
    player["items"].as_array().expect("items")
}

fn player<'a>(players: &'a Value, name: &str) -> &'a Value {
    players
        .as_array()
        .and_then(|all| all.iter().find(|p| p["character"]["name"] == name))
        .unwrap_or_else(|| panic!("{name} in {players}"))
}

#[test]
fn used_up_items_show_what_became_of_them_on_every_page_alike() {
    let h = Hoard::new();
    table(&h);
    let s = Served::start(&h, &[]);
    let party = plain(&get(&s.url, &[]).body);
    let ulric = section(&party, "Ulric");
    let gone = "No longer: Potion of Speed (consumed), wand (crumbled to dust)";
    assert!(ulric.contains(gone), "{ulric}");
    let carried = &ulric[..ulric.find("No longer").expect("no longer")];
    assert!(!carried.contains("Potion of Speed"), "not carried: {ulric}");
    let treasure = plain(&get(&s.at("/treasure"), &[]).body);
    assert!(
        treasure.contains(gone),
        "the same on the treasure: {treasure}"
    );
    assert!(
        section(&party, "Yseult").contains("scroll</a> <span class=\"fact\">faded"),
        "a blank parchment is seen blank: {party}"
    );
    let players: Value = serde_json::from_str(&get(&s.at("/party.json"), &[]).body).unwrap();
    let statuses: Vec<(&str, &str)> = items_of(&players, "Ulric")
        .iter()
        .filter_map(|i| Some((i["name"].as_str()?, i["status"].as_str()?)))
        .collect();
    assert_eq!(
        statuses,
        [("Potion of Speed", "consumed"), ("wand", "crumbled")]
    );
    let fr = plain(&get(&s.url, FR).body);
    assert!(
        section(&fr, "Ulric")
            .contains("Plus là : Potion of Speed (consommée), baguette (tombée en poussière)"),
        "{fr}"
    );
    let fr = plain(&get(&s.at("/treasure"), FR).body);
    assert!(fr.contains("Plus là : Potion of Speed (consommée)"), "{fr}");
}

#[test]
fn each_character_shows_what_they_know_of_themselves() {
    let h = Hoard::new();
    table(&h);
    let s = Served::start(&h, &[]);
    let party = plain(&get(&s.url, &[]).body);
    let ulric = section(&party, "Ulric");
    assert!(ulric.contains("Potion of Speed</span> — for"), "{ulric}");
    assert!(
        ulric.contains("ring does not work: two magic rings on one hand"),
        "{ulric}"
    );
    assert!(
        section(&party, "Weak").contains("Under the control of the sword"),
        "{party}"
    );
    assert!(
        section(&party, "Yseult").contains("Condition: dying"),
        "{party}"
    );
    let fr = plain(&get(&s.url, FR).body);
    assert!(section(&fr, "Yseult").contains("État : agonisant"), "{fr}");
    assert!(
        section(&fr, "Weak").contains("Sous le contrôle de l'épée"),
        "{fr}"
    );
    let players: Value = serde_json::from_str(&get(&s.at("/party.json"), &[]).body).unwrap();
    assert_eq!(player(&players, "Yseult")["condition"], "dying");
    assert_eq!(player(&players, "Ulric")["condition"], "up");
    assert_eq!(player(&players, "Weak")["controlled_by"]["name"], "sword");
    assert_eq!(player(&players, "Weak")["controlled_by"]["name_fr"], "épée");
    assert_eq!(player(&players, "Ulric")["controlled_by"], Value::Null);
    let ulric = player(&players, "Ulric");
    assert_eq!(ulric["idle_rings"].as_array().map(Vec::len), Some(2));
    assert!(ulric["effects"][0].get("ends_at").is_none(), "{ulric}");
    // Dead by the campaign's rule: at 0 HP under OSE's.
    h.ok(&["campaign", "set", "death", "ose"]);
    let party = plain(&get(&s.url, &[]).body);
    assert!(
        section(&party, "Yseult").contains("Condition: dead"),
        "{party}"
    );
}

#[test]
fn what_anyone_sees_stays_and_an_appraised_worth_shows() {
    let h = Hoard::new();
    table(&h);
    let s = Served::start(&h, &[]);
    let treasure = plain(&get(&s.at("/treasure"), &[]).body);
    for shown in [
        "suit of armor</a> <span class=\"category\">(armor or shield)</span> <span class=\"fact\">leather, light",
        "Ruby</a> <span class=\"category\">(valuable)</span> <span class=\"fact\">worth 500 gp",
        ">piece of jewelry<",
        "single use",
    ] {
        assert!(treasure.contains(shown), "{shown}: {treasure}");
    }
    assert!(
        !treasure.contains("worth 300 gp"),
        "the torc's worth is nobody's: {treasure}"
    );
    // No charge count where nobody knows it: the wand that crumbled shows none, never 1/1.
    assert!(!treasure.contains("charge"), "{treasure}");
    let chronicle = plain(&get(&s.at("/chronicle"), &[]).body);
    assert!(chronicle.contains("Found: Ruby (500 gp)."), "{chronicle}");
    assert!(
        chronicle.contains("Yseult identifies Ruby (appraisal): worth 500 gp."),
        "{chronicle}"
    );
    let fr = plain(&get(&s.at("/treasure"), FR).body);
    assert!(fr.contains("cuir, légère"), "{fr}");
    assert!(fr.contains("vaut 500 po"), "{fr}");
    let fr = plain(&get(&s.at("/chronicle"), FR).body);
    assert!(
        fr.contains("Yseult identifie Ruby (une estimation) : vaut 500 po."),
        "{fr}"
    );
}

#[test]
fn the_chronicle_tells_every_event_the_table_saw() {
    let h = Hoard::new();
    table(&h);
    let s = Served::start(&h, &[]);
    let chronicle = plain(&get(&s.at("/chronicle"), &[]).body);
    for told in [
        "Ulric joins the party.",
        "Yseult takes 10 damage.",
        "The pool is shared: Ulric: 300 gp; Weak: 300 gp; Yseult: 300 gp.",
        "10 gp spent from Ulric's purse.",
        "500 gp left at Bank of Threshold.",
        "curious object is left at Bank of Threshold.",
        ", reaching level 2",
    ] {
        assert!(chronicle.contains(told), "{told}: {chronicle}");
    }
    assert!(!chronicle.contains("The party gains 500 gp"), "{chronicle}");
    let fr = plain(&get(&s.at("/chronicle"), FR).body);
    for told in [
        "Session 1 : The vault",
        "La caisse est partagée : Ulric : 300 po ; Weak : 300 po ; Yseult : 300 po.",
        "10 po dépensés de la bourse de Ulric.",
        "500 po laissés à Bank of Threshold.",
        "PX, atteint le niveau 2",
    ] {
        assert!(fr.contains(told), "{told}: {fr}");
    }
    // An award recorded after the session ended is told in the session it pays.
    h.ok(&["session", "end"]);
    h.ok(&["coins", "add", "100gp", "--session", "1"]);
    h.ok(&["share"]);
    let chronicle = plain(&get(&s.at("/chronicle/1"), &[]).body);
    assert!(chronicle.contains("The party gains 100 gp."), "{chronicle}");
}

#[test]
fn french_pages_speak_french() {
    let h = Hoard::new();
    table(&h);
    let s = Served::start(&h, &["--lang", "fr", "--referee"]);
    let party = plain(&get(&s.url, &[]).body);
    assert!(party.contains("guerrier loyal, niveau"), "{party}");
    let treasure = plain(&get(&s.at("/treasure"), &[]).body);
    assert!(treasure.contains("Caisse du groupe : rien"), "{treasure}");
    assert!(!treasure.contains("Caisse du groupe:"), "{treasure}");
    let missing = get(&s.at("/nowhere"), &[]).body;
    assert!(missing.contains("Cette page n'existe pas"), "{missing}");
    h.ok(&["item", "rename", "Hater", "Hater", "--fr", "Haineuse"]);
    // Whatever holds Weak now (the first touch's wound may have set off a check), a new
    // check under the new name: released, put away, wielded again.
    h.ok(&["release", "Hater"]);
    h.ok(&["unwield", "Hater"]);
    h.ok(&["wield", "Hater"]);
    let referee = get(&s.referee(), &[]).body;
    assert!(
        referee.contains("Haineuse sur Weak"),
        "the timeline names the sword in French: {referee}"
    );
}

/// The party page gives each character's load and movement as their sheet does, the treasure
/// page what each carries and what is left at each place (issue #36), in both languages.
#[test]
fn the_pages_weigh_what_is_carried_and_what_is_stashed() {
    let h = Hoard::new();
    table(&h);
    let sheet = h.json(&["character", "show", "Ulric"]);
    let s = Served::start(&h, &[]);
    let players: Value = serde_json::from_str(&get(&s.at("/party.json"), &[]).body).unwrap();
    let ulric = player(&players, "Ulric");
    assert_eq!(ulric["load"], sheet["load"]);
    assert_eq!(ulric["movement"], sheet["movement"]);
    let party = plain(&get(&s.url, &[]).body);
    let load = sheet["load"].as_u64().unwrap();
    assert!(
        section(&party, "Ulric").contains(&format!("load {load} coins")),
        "{party}"
    );
    let treasure = plain(&get(&s.at("/treasure"), &[]).body);
    // 500 gp and a pinch of dust (a coin's weight).
    assert!(
        treasure.contains("Left at Bank of Threshold: 501 coins (50.1 lb)"),
        "{treasure}"
    );
    assert!(
        treasure.contains(&format!("Carried by Ulric: load {load} coins")),
        "{treasure}"
    );
    let fr = plain(&get(&s.at("/treasure"), FR).body);
    assert!(
        fr.contains("Laissé à Bank of Threshold : 501 pièces (50,1 livres)"),
        "{fr}"
    );
    assert!(
        section(&plain(&get(&s.url, FR).body), "Ulric").contains(&format!("charge {load} pièces"))
    );
}

#[test]
fn an_item_and_a_sheet_have_pages_and_what_is_not_there_has_none() {
    let h = Hoard::new();
    table(&h);
    let s = Served::start(&h, &[]);
    let treasure = plain(&get(&s.at("/treasure"), &[]).body);
    let ruby = treasure
        .split("href=\"/item/")
        .skip(1)
        .find(|rest| {
            rest.split_once('<')
                .is_some_and(|(a, _)| a.ends_with(">Ruby"))
        })
        .and_then(|rest| rest.split('"').next())
        .expect("the ruby's page");
    let page = get(&s.at(&format!("/item/{ruby}")), &[]);
    assert_eq!(page.status, 200);
    for shown in ["Ruby", "500 gp", "Found: Ruby"] {
        assert!(page.body.contains(shown), "{shown}: {}", page.body);
    }
    // The torc nobody appraised: no worth on its page.
    let party = plain(&get(&s.url, &[]).body);
    let ulric = party
        .split("href=\"/character/")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("Ulric's sheet");
    let sheet = get(&s.at(&format!("/character/{ulric}")), &[]);
    assert_eq!(sheet.status, 200);
    for shown in ["Ulric", "Towards level 3", "AC", "left hand"] {
        assert!(sheet.body.contains(shown), "{shown}: {}", sheet.body);
    }
    // Ids from outside are hostile: an unknown one, a malformed one, a path, a session that is
    // not there: the same 404 with the way back, never a command line's hint.
    for path in [
        "/item/00000000-0000-4000-8000-000000000000",
        "/item/%3Cscript%3E",
        "/item/..%2F..%2Fetc",
        "/character/nobody",
        "/chronicle/99",
    ] {
        let answer = get(&s.at(path), &[]);
        assert_eq!(answer.status, 404, "{path}");
        assert!(answer.body.contains("href=\"/\""), "{path}: no way back");
        assert!(!answer.body.contains("hoard "), "{path}: {}", answer.body);
    }
    // A chronicle links the sessions on either side.
    h.ok(&["session", "end"]);
    h.ok(&["session", "start", "Onward"]);
    h.ok(&["session", "end"]);
    h.ok(&["session", "start", "Further"]);
    let middle = plain(&get(&s.at("/chronicle/2"), &[]).body);
    assert!(
        middle.contains("rel=\"prev\" href=\"/chronicle/1\""),
        "{middle}"
    );
    assert!(
        middle.contains("rel=\"next\" href=\"/chronicle/3\""),
        "{middle}"
    );
}

#[test]
fn treasure_per_session_counts_its_worth_and_pages_come_compressed() {
    let h = Hoard::new();
    table(&h);
    let s = Served::start(&h, &[]);
    let treasure = plain(&get(&s.at("/treasure"), &[]).body);
    // 900 gp and 500 gp gained, the ruby appraised at 500 gp; the torc's worth nobody knows.
    assert!(
        treasure.contains("session 1: 1,900 gp") || treasure.contains("session 1: 1900 gp"),
        "{treasure}"
    );
    assert!(treasure.contains("<title>"), "a picture without a title");
    let zipped = get(&s.at("/treasure"), &["Accept-Encoding: gzip"]);
    assert!(
        zipped.headers.contains("content-encoding: gzip"),
        "{}",
        zipped.headers
    );
    let icon = get(&s.at("/favicon.svg"), &[]);
    assert_eq!(icon.status, 200);
    assert!(icon.headers.contains("image/svg+xml"));
    assert!(plain(&get(&s.url, &[]).body).contains("rel=\"icon\""));
}

/// The referee's odds of a control check read with the decimal mark of the page's language
/// (issue #51): `12,50 %` in French, as the other French pages write a decimal.
#[test]
fn the_referees_odds_use_the_pages_decimal_mark() {
    let h = Hoard::new();
    table(&h);
    let s = Served::start(&h, &["--referee"]);
    let odds = |page: &str| -> Vec<String> {
        let list = &page[page.find("<ul class=\"odds\">").expect("the odds")..];
        let list = &list[..list.find("</ul>").unwrap()];
        list.split(" %)")
            .filter_map(|before| before.rsplit('(').next())
            .filter(|n| {
                n.chars()
                    .all(|c| c.is_ascii_digit() || c == '.' || c == ',')
            })
            .map(str::to_string)
            .collect()
    };
    let en = odds(&plain(&get(&s.referee(), &[]).body));
    assert!(
        !en.is_empty() && en.iter().all(|n| n.contains('.')),
        "{en:?}"
    );
    let fr = odds(&plain(&get(&s.referee(), FR).body));
    assert!(
        !fr.is_empty() && fr.iter().all(|n| n.contains(',') && !n.contains('.')),
        "{fr:?}"
    );
}

/// The demo's chronicle tells the wound the sword's touch did, not only the healing that
/// followed (issue #51): a touch or a hold that hurts is seen at the table.
#[test]
fn the_chronicle_tells_the_wound_a_swords_touch_did() {
    let h = Hoard::new();
    h.ok(&["demo"]);
    let s = Served::start(&h, &[]);
    let told: String = (1..=3)
        .map(|n| plain(&get(&s.at(&format!("/chronicle/{n}")), &[]).body))
        .collect();
    assert!(told.contains("Arnaud takes 7 damage."), "{told}");
    assert!(told.contains("Arnaud is healed of 6 HP."), "{told}");
}

/// Each thing once (issue #51): no « Carries » heading over nothing carried, the character's
/// name once on their personal page, and no item page linking to itself.
#[test]
fn each_page_says_each_thing_once() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "Once"]);
    h.ok(&["session", "start"]);
    h.character("Ulric", 16, 10, 12, "lawful");
    h.character("Yseult", 10, 10, 8, "neutral");
    h.ok(&[
        "item",
        "add",
        "Potion of Speed",
        "--category",
        "potion",
        "--to",
        "Ulric",
    ]);
    h.ok(&["drink", "Potion of Speed", "--by", "Ulric"]);
    h.ok(&[
        "item",
        "add",
        "Mace",
        "--category",
        "weapon",
        "--to",
        "Yseult",
    ]);
    let s = Served::start(&h, &["--players"]);
    let party = plain(&get(&s.url, &[]).body);
    let ulric = section(&party, "Ulric");
    assert!(ulric.contains("No longer: Potion of Speed"), "{ulric}");
    assert!(
        !ulric.contains("Carries"),
        "a heading over nothing: {ulric}"
    );
    assert!(section(&party, "Yseult").contains("Carries"), "{party}");
    let id = |name: &str| {
        let rest = &party[party.find(&format!(">{name}</a>")).unwrap() - 60..];
        let at = rest.find("/character/").expect("a link") + "/character/".len();
        rest[at..at + 36].to_string()
    };
    let sheet = plain(&get(&s.at(&format!("/character/{}", id("Ulric"))), &[]).body);
    let carries = &sheet[sheet.find("Carries").expect("the sheet's heading")..];
    assert!(carries.contains("Nothing."), "{sheet}");
    let mace = party
        .split("href=\"/item/")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("the mace's page")
        .to_string();
    let page = get(&s.at(&format!("/item/{mace}")), &[]).body;
    assert!(page.contains("<h1>weapon</h1>"), "{page}");
    assert!(
        !page.contains(&format!("href=\"/item/{mace}\"")),
        "the item page links to itself: {page}"
    );
    let link = crate::claims::links::link(&s, "Yseult");
    let mine = get(&link, &[]).body;
    assert_eq!(mine.matches(">Yseult<").count(), 1, "{mine}");
}

/// Alike things listed once (issue #51): the treasure page's gems that read the same are one
/// line, `5 × gem`, with a numbered link to each one's page; one told apart stays its own.
#[test]
fn alike_treasure_is_one_line_with_a_link_to_each() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "Gems"]);
    h.ok(&["session", "start"]);
    h.character("Ulric", 16, 10, 12, "lawful");
    for n in 1..=6 {
        h.ok(&[
            "valuable",
            "add",
            &format!("Gem {n}"),
            "--value",
            "10gp",
            "--kind",
            "gem",
        ]);
    }
    h.ok(&["valuable", "appraise", "Gem 6", "--by", "Ulric"]);
    let s = Served::start(&h, &[]);
    let treasure = plain(&get(&s.at("/treasure"), &[]).body);
    let pile = &treasure[treasure.find("<li class=\"pile\">").expect("a pile")..];
    let pile = &pile[..pile.find("</li>").unwrap()];
    assert!(pile.contains("5 × gem"), "{pile}");
    for n in 1..=5 {
        assert!(pile.contains(&format!(">#{n}</a>")), "#{n}: {pile}");
    }
    assert_eq!(pile.matches("href=\"/item/").count(), 5, "{pile}");
    assert!(treasure.contains(">Gem 6</a>"), "{treasure}");
}
