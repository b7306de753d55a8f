//! The referee's console (issue #55): forms on the dashboard that record through the same
//! command the command line runs. Over HTTP here (both engines: `tests/postgres` runs this
//! file too); in Chromium in `console_screen`.

use crate::claims::links::post;
use crate::common::Hoard;
use crate::serve::{Answer, Served, campaign, get};

/// What the browser of the console's own page sends with a form.
const SAME: &str = "Sec-Fetch-Site: same-origin";

/// The console's token and the value its page was drawn with, read from `page`.
pub fn form_values(page: &str) -> (String, String) {
    let value = |name: &str| {
        let at = page
            .find(&format!("name=\"{name}\" value=\""))
            .unwrap_or_else(|| panic!("no {name} in the page: {page}"));
        let rest = &page[at + name.len() + 15..];
        rest[..rest.find('"').expect("its end")].to_string()
    };
    (value("token"), value("nonce"))
}

/// A served campaign with its console, and the dashboard's address.
fn console(h: &Hoard) -> (Served, String) {
    campaign(h);
    let s = Served::start(h, &["--referee"]);
    let dashboard = s.referee();
    (s, dashboard)
}

/// Post `fields` to `form` from a page freshly drawn, as its browser would.
fn send(s: &Served, dashboard: &str, form: &str, fields: &str, extra: &[&str]) -> Answer {
    let (token, nonce) = form_values(&get(dashboard, &[]).body);
    let mut headers = vec![SAME];
    headers.extend_from_slice(extra);
    post(
        &s.at(&format!("/referee/do/{form}")),
        &format!("token={token}&nonce={nonce}&{fields}"),
        &headers,
    )
}

/// The ledger as `log --json` prints it: unchanged means nothing recorded.
fn ledger(h: &Hoard) -> String {
    h.ok(&["log", "--json"])
}

/// What maud makes of a text in a page.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[test]
fn the_damage_form_records_what_the_command_line_records_in_the_pages_language() {
    let h = Hoard::new();
    let (s, dashboard) = console(&h);
    let page = get(&dashboard, &[]).body;
    // The contract: the damage form posts `character` and `amount` to an action naming it.
    let form = &page[page
        .find("action=\"/referee/do/damage")
        .expect("the damage form")..];
    let form = &form[..form.find("</form>").expect("its end")];
    assert!(form.contains("name=\"character\"") && form.contains("name=\"amount\""));
    // Its names are the campaign's, to choose from.
    assert!(page.contains("<datalist id=\"characters\"><option value=\"Arnaud\">"));
    assert!(page.contains("<option value=\"Wand of Frost\">Wand of Frost — Arnaud</option>"));
    assert!(page.contains("<datalist id=\"types\"><option value=\"A\">"));
    for (lang, header) in [("en", "Accept-Language: en"), ("fr", "Accept-Language: fr")] {
        // What the command line says, without recording it.
        let said = h.ok(&[
            "--lang",
            lang,
            "--dry-run",
            "character",
            "damage",
            "Arnaud",
            "2",
        ]);
        let before = ledger(&h);
        let answer = send(
            &s,
            &dashboard,
            "damage",
            "character=Arnaud&amount=2",
            &[header],
        );
        assert_eq!(answer.status, 200, "{}", answer.body);
        assert!(
            answer.body.contains(&escaped(said.trim())),
            "{lang}: {said} in {}",
            answer.body
        );
        assert_ne!(ledger(&h), before, "recorded");
    }
    let last = h.json(&["log", "--json", "--limit", "1"]);
    assert_eq!(last["kind"], "character_damaged", "{last}");
    // The dashboard it answers with shows the wound.
    assert!(get(&dashboard, &[]).body.contains("<dd>8 / 12</dd>"));
}

/// Issue #54: the economy's forms record what their command lines record and say it as they
/// do, in each language, with the campaign's price list to choose the goods from.
#[test]
fn the_economy_forms_record_what_the_command_line_records_in_both_languages() {
    let h = Hoard::new();
    let (s, dashboard) = console(&h);
    h.ok(&["coins", "move", "40gp", "--to", "Arnaud"]);
    let page = get(&dashboard, &[]).body;
    assert!(
        page.contains("<datalist id=\"goods\">")
            && page.contains("<option value=\"Torches (6)\">1 gp</option>"),
        "the price list to choose from: {page}"
    );
    for form in ["buy", "light", "douse", "retainer-hire", "retainer-dismiss"] {
        assert!(
            page.contains(&format!("action=\"/referee/do/{form}#{form}\"")),
            "{form}"
        );
    }
    let hire = ["retainer", "hire", "Béatrice", "--by", "Arnaud", "--wage"];
    let english: &[(&str, &str, Vec<&str>)] = &[
        (
            "buy",
            "goods=Torches+(6)&by=Arnaud",
            vec!["buy", "Torches (6)", "--by", "Arnaud"],
        ),
        (
            "light",
            "item=Torches+(6)&by=Arnaud",
            vec!["light", "Torches (6)", "--by", "Arnaud"],
        ),
        (
            "douse",
            "item=Torches+(6)&by=Arnaud",
            vec!["douse", "Torches (6)", "--by", "Arnaud"],
        ),
        (
            "retainer-hire",
            "retainer=B%C3%A9atrice&by=Arnaud&wage=1+gp%2Fday",
            [&hire[..], &["1 gp/day"]].concat(),
        ),
        (
            "retainer-dismiss",
            "retainer=B%C3%A9atrice",
            vec!["retainer", "dismiss", "Béatrice"],
        ),
    ];
    let french: &[(&str, &str, Vec<&str>)] = &[
        (
            "buy",
            "goods=Huile+(1+flasque)&count=2&by=Arnaud",
            vec!["buy", "Huile (1 flasque)", "--count", "2", "--by", "Arnaud"],
        ),
        (
            "buy",
            "goods=Lanterne&by=Arnaud",
            vec!["buy", "Lanterne", "--by", "Arnaud"],
        ),
        (
            "light",
            "item=Lanterne&by=Arnaud",
            vec!["light", "Lanterne", "--by", "Arnaud"],
        ),
        (
            "douse",
            "item=Lanterne&by=Arnaud",
            vec!["douse", "Lanterne", "--by", "Arnaud"],
        ),
        (
            "retainer-hire",
            "retainer=B%C3%A9atrice&by=Arnaud&wage=10+po%2Faventure",
            [&hire[..], &["10 po/aventure"]].concat(),
        ),
        (
            "retainer-dismiss",
            "retainer=B%C3%A9atrice",
            vec!["retainer", "dismiss", "Béatrice"],
        ),
    ];
    for (lang, header, steps) in [
        ("en", "Accept-Language: en", english),
        ("fr", "Accept-Language: fr", french),
    ] {
        for (form, fields, line) in steps {
            let mut args = vec!["--lang", lang, "--dry-run"];
            args.extend(line.iter());
            let said = h.ok(&args);
            let before = ledger(&h);
            let answer = send(&s, &dashboard, form, fields, &[header]);
            assert_eq!(answer.status, 200, "{lang} {form}: {}", answer.body);
            for said in said.lines().map(str::trim).filter(|l| !l.is_empty()) {
                assert!(
                    answer.body.contains(&escaped(said)),
                    "{lang} {form}: {said} in {}",
                    answer.body
                );
            }
            assert_ne!(ledger(&h), before, "{lang} {form} recorded");
        }
    }
    let last = h.json(&["log", "--json", "--limit", "1"]);
    assert_eq!(last["kind"], "retainer_dismissed", "{last}");
    // A month's living the purse could not pay, paid from the page once coins come in.
    h.ok(&["campaign", "set", "living", "500gp/month"]);
    h.ok_words("time advance 30 days");
    h.ok(&["coins", "add", "600gp", "--to", "Arnaud"]);
    let said = h.ok(&["--dry-run", "debts", "pay", "Arnaud"]);
    let answer = send(&s, &dashboard, "debts-pay", "character=Arnaud", &[]);
    assert_eq!(answer.status, 200, "{}", answer.body);
    for said in said.lines().map(str::trim).filter(|l| !l.is_empty()) {
        assert!(answer.body.contains(&escaped(said)), "{said}");
    }
    let left = h.ok(&["debts", "Arnaud"]);
    assert!(!left.contains("Arnaud owes"), "{left}");
}

#[test]
fn a_refusal_is_the_command_lines_beside_its_form_and_records_nothing() {
    let h = Hoard::new();
    let (s, dashboard) = console(&h);
    let before = ledger(&h);
    for (fields, args) in [
        (
            "character=Zed&amount=2",
            ["character", "damage", "Zed", "2"],
        ),
        (
            "character=Arnaud&amount=-2",
            ["character", "damage", "Arnaud", "-2"],
        ),
    ] {
        let said = h.fails(&args, if fields.contains("Zed") { 3 } else { 2 });
        let said = said.trim().trim_start_matches("hoard: ");
        let said = said.split("; see --help").next().unwrap();
        let answer = send(&s, &dashboard, "damage", fields, &[]);
        assert_eq!(answer.status, 422, "{fields}: {}", answer.body);
        assert!(answer.body.contains("role=\"alert\""), "{}", answer.body);
        assert!(
            answer.body.contains(&escaped(said)),
            "{said} in {}",
            answer.body
        );
        // Sent back filled in, to be put right.
        assert!(answer.body.contains("name=\"character\" value=\""));
    }
    assert_eq!(ledger(&h), before);
}

#[test]
fn forged_cross_site_replayed_or_hurried_posts_record_nothing() {
    let h = Hoard::new();
    let (s, dashboard) = console(&h);
    let action = s.at("/referee/do/damage");
    let before = ledger(&h);
    let (token, nonce) = form_values(&get(&dashboard, &[]).body);
    let fields = "character=Arnaud&amount=1";
    let refused = [
        // No token, another token: no console at all.
        (format!("nonce={nonce}&{fields}"), SAME, 404),
        (
            format!("token={}0&nonce={nonce}&{fields}", &token[1..]),
            SAME,
            404,
        ),
        // Another site's page, by what the browser says.
        (
            format!("token={token}&nonce={nonce}&{fields}"),
            "Sec-Fetch-Site: cross-site",
            403,
        ),
        (
            format!("token={token}&nonce={nonce}&{fields}"),
            "Origin: http://evil.example",
            403,
        ),
        // Not the page's form: no page value, a field of its own, a field twice.
        (format!("token={token}&{fields}"), SAME, 400),
        (
            format!("token={token}&nonce={nonce}&{fields}&db=x"),
            SAME,
            400,
        ),
        (
            format!("token={token}&nonce={nonce}&{fields}&amount=2"),
            SAME,
            400,
        ),
        // A value no page was drawn with.
        (
            format!("token={token}&nonce={}&{fields}", "0".repeat(32)),
            SAME,
            409,
        ),
    ];
    for (body, header, status) in &refused {
        let answer = post(&action, body, &[header]);
        assert_eq!(answer.status, *status, "{body} {header}: {}", answer.body);
    }
    assert_eq!(ledger(&h), before, "nothing recorded");
    // The page's value is good once: the same form sent again is a replay.
    let body = format!("token={token}&nonce={nonce}&{fields}");
    assert_eq!(post(&action, &body, &[SAME]).status, 200);
    let recorded = ledger(&h);
    assert_eq!(post(&action, &body, &[SAME]).status, 409);
    assert_eq!(ledger(&h), recorded, "a replay records nothing");
    // Past the rate: 120 a minute, then 429 with when to try again.
    let mut last = None;
    for _ in 0..130 {
        let answer = post(&action, &body, &[SAME]);
        if answer.status == 429 {
            last = Some(answer);
            break;
        }
    }
    let last = last.expect("a 429 within 130 posts");
    assert!(last.headers.contains("retry-after: 1"), "{}", last.headers);
    assert_eq!(ledger(&h), recorded);
}

/// A block of a page's text between `from` and the next tag's start.
fn text_from<'a>(page: &'a str, from: &str) -> &'a str {
    let at = page
        .find(from)
        .unwrap_or_else(|| panic!("{from} in {page}"));
    let rest = &page[at..];
    &rest[..rest.find('<').unwrap_or(rest.len())]
}

/// The confirm form of a preview, as its fields.
fn confirm(page: &str) -> Vec<(String, String)> {
    let at = page
        .find("class=\"console confirm\"")
        .expect("a confirm form");
    let form = &page[at..page[at..].find("</form>").unwrap() + at];
    form.split("<input type=\"hidden\" name=\"")
        .skip(1)
        .map(|part| {
            let (name, rest) = part.split_once("\" value=\"").unwrap();
            (
                name.to_string(),
                rest[..rest.find('"').unwrap()].to_string(),
            )
        })
        .collect()
}

fn body(fields: &[(String, String)]) -> String {
    fields
        .iter()
        .map(|(k, v)| format!("{k}={}", v.replace('+', "%2B")))
        .collect::<Vec<_>>()
        .join("&")
}

#[test]
fn a_preview_shows_the_dice_and_its_confirmation_records_those_dice() {
    let h = Hoard::new();
    let (s, dashboard) = console(&h);
    let action = s.at("/referee/do/treasure");
    let before = ledger(&h);
    let preview = send(&s, &dashboard, "treasure", "type=A&preview=1", &[]);
    assert_eq!(preview.status, 200, "{}", preview.body);
    assert_eq!(ledger(&h), before, "a preview records nothing");
    let shown = text_from(&preview.body, "Treasure type A").to_string();
    let dice: Vec<&str> = preview.body.matches("d100 ").collect();
    assert!(!dice.is_empty(), "{}", preview.body);
    let fields = confirm(&preview.body);
    // A seal that does not hold what is sent: another type, the same seal.
    let mut forged = fields.clone();
    forged.iter_mut().find(|(k, _)| k == "type").unwrap().1 = "B".into();
    assert_eq!(post(&action, &body(&forged), &[SAME]).status, 400);
    assert_eq!(ledger(&h), before);
    // The forged post spent the page's value: confirm from a page drawn again (its value
    // swapped in), the preview's seed, moment and seal kept.
    let (_, nonce) = form_values(&get(&dashboard, &[]).body);
    let mut fields = fields;
    fields.iter_mut().find(|(k, _)| k == "nonce").unwrap().1 = nonce;
    let recorded = post(&action, &body(&fields), &[SAME]);
    assert_eq!(recorded.status, 200, "{}", recorded.body);
    assert!(
        recorded.body.contains(&shown),
        "the dice recorded are the dice previewed: {shown} in {}",
        recorded.body
    );
    let after = ledger(&h);
    assert_ne!(after, before);
    assert!(after.contains("treasure_rolled"), "{after}");
}

#[test]
fn a_preview_confirmed_after_the_ledger_moved_records_nothing() {
    let h = Hoard::new();
    let (s, dashboard) = console(&h);
    let preview = send(&s, &dashboard, "generate", "category=potion&preview=1", &[]);
    assert_eq!(preview.status, 200, "{}", preview.body);
    h.ok(&["coins", "add", "1gp"]);
    let before = ledger(&h);
    let answer = post(
        &s.at("/referee/do/generate"),
        &body(&confirm(&preview.body)),
        &[SAME],
    );
    assert_eq!(answer.status, 409, "{}", answer.body);
    assert_eq!(ledger(&h), before);
}

#[test]
fn the_referees_token_stays_out_of_the_players_pages_and_the_servers_output() {
    let h = Hoard::new();
    let (s, dashboard) = console(&h);
    let token = dashboard.rsplit('/').next().unwrap().to_string();
    assert_eq!(
        send(&s, &dashboard, "damage", "character=Zed&amount=1", &[]).status,
        422
    );
    assert_eq!(
        send(&s, &dashboard, "heal", "character=Arnaud&amount=1", &[]).status,
        200
    );
    for path in ["/", "/treasure", "/chronicle", "/party.json"] {
        assert!(!get(&s.at(path), &[]).body.contains(&token), "{path}");
    }
    let (status, out, err) = s.interrupt();
    assert!(status.success());
    assert!(!out.contains(&token) && !err.contains(&token), "{out}{err}");
}

#[test]
fn a_name_shown_made_safe_is_read_back_as_the_name_it_shows() {
    let h = Hoard::new();
    h.ok(&["session", "start"]);
    let name = "Evil\u{202e}gnp.exe";
    h.character(name, 10, 10, 8, "neutral");
    let s = Served::start(&h, &["--referee"]);
    let dashboard = s.referee();
    let page = get(&dashboard, &[]).body;
    assert!(
        !page.contains('\u{202e}'),
        "no bidirectional control on the page"
    );
    let shown = "Evil\\u{202e}gnp.exe";
    assert!(
        page.contains(&format!("<option value=\"{shown}\">")),
        "{page}"
    );
    let value = url::form_urlencoded::byte_serialize(shown.as_bytes()).collect::<String>();
    let answer = send(
        &s,
        &dashboard,
        "damage",
        &format!("character={value}&amount=3"),
        &[],
    );
    assert_eq!(answer.status, 200, "{}", answer.body);
    let sheet = h.json(&["character", "show", name]);
    assert_eq!(sheet["hp"], 5, "{sheet}");
}

/// The demo's story (`hoard demo`) as its referee would play it from the dashboard: which form,
/// with what, and the command line that records the same.
pub const STORY: &[(&str, &str, &[&str])] = &[
    (
        "session-start",
        "title=The+Barrow+of+Kel",
        &["session", "start", "The", "Barrow", "of", "Kel"],
    ),
    (
        "generate",
        "category=any&count=3",
        &["generate", "any", "--count", "3"],
    ),
    (
        "give",
        "item=Scroll+of+Protection+from+Undead&to=Mordo",
        &["give", "Scroll of Protection from Undead", "--to", "Mordo"],
    ),
    (
        "give",
        "item=Potion+of+Heroism&to=Arnaud",
        &["give", "Potion of Heroism", "--to", "Arnaud"],
    ),
    (
        "drink",
        "item=Potion+of+Heroism&by=Arnaud",
        &["drink", "Potion of Heroism", "--by", "Arnaud"],
    ),
    (
        "give",
        "item=Wand+of+Frost&to=Arnaud",
        &["give", "Wand of Frost", "--to", "Arnaud"],
    ),
    (
        "use",
        "item=Wand+of+Frost&charges=3",
        &["use", "Wand of Frost", "--charges", "3"],
    ),
    (
        "wear",
        "item=Ring+of+Warmth&hand=left",
        &["wear", "Ring of Warmth", "--hand", "left"],
    ),
    (
        "wear",
        "item=Ring+of+Free+Action&hand=left",
        &["wear", "Ring of Free Action", "--hand", "left"],
    ),
    (
        "remove",
        "item=Ring+of+Free+Action",
        &["remove", "Ring of Free Action"],
    ),
    (
        "wear",
        "item=Ring+of+Free+Action&hand=right",
        &["wear", "Ring of Free Action", "--hand", "right"],
    ),
    (
        "read",
        "item=Scroll+of+Protection+from+Undead&by=Mordo",
        &["read", "Scroll of Protection from Undead", "--by", "Mordo"],
    ),
    (
        "identify",
        "item=Wand+of+Frost&method=spell&by=Mordo",
        &[
            "identify",
            "Wand of Frost",
            "--method",
            "spell",
            "--by",
            "Mordo",
        ],
    ),
    (
        "touch",
        "item=Nightfang&by=Arnaud&rounds=1",
        &["touch", "Nightfang", "--by", "Arnaud", "--rounds", "1"],
    ),
    (
        "wield",
        "item=Nightfang&by=Arnaud",
        &["wield", "Nightfang", "--by", "Arnaud"],
    ),
    (
        "damage",
        "character=Arnaud&amount=4",
        &["character", "damage", "Arnaud", "4"],
    ),
    (
        "time",
        "amount=9&unit=turns",
        &["time", "advance", "9", "turns"],
    ),
    (
        "heal",
        "character=Arnaud&amount=6",
        &["character", "heal", "Arnaud", "6"],
    ),
    (
        "coins-add",
        "amount=1200gp+300sp+40pp",
        &["coins", "add", "1200gp", "300sp", "40pp"],
    ),
    (
        "coins-move",
        "amount=100gp&to=Mordo",
        &["coins", "move", "100gp", "--to", "Mordo"],
    ),
    (
        "coins-spend",
        "amount=10gp&from=Mordo",
        &["coins", "spend", "10gp", "--from", "Mordo"],
    ),
    (
        "buy",
        "goods=Torches+(6)&by=Mordo",
        &["buy", "Torches (6)", "--by", "Mordo"],
    ),
    (
        "light",
        "item=Torches+(6)&by=Mordo",
        &["light", "Torches (6)", "--by", "Mordo"],
    ),
    (
        "douse",
        "item=Torches+(6)&by=Mordo",
        &["douse", "Torches (6)", "--by", "Mordo"],
    ),
    (
        "retainer-hire",
        "retainer=Arnaud&by=Mordo&wage=1+gp%2Fday",
        &[
            "retainer", "hire", "Arnaud", "--by", "Mordo", "--wage", "1 gp/day",
        ],
    ),
    (
        "retainer-dismiss",
        "retainer=Arnaud",
        &["retainer", "dismiss", "Arnaud"],
    ),
    (
        "stash",
        "item=Bloodstone&at=Bank",
        &["stash", "Bloodstone", "--at", "Bank"],
    ),
    (
        "treasure",
        "type=A&to=Mordo",
        &["treasure", "roll", "A", "--to", "Mordo"],
    ),
    ("undo", "", &["undo"]),
    ("session-end", "", &["session", "end"]),
    ("sell", "item=Bloodstone", &["sell", "Bloodstone"]),
    ("drop", "item=Ring+of+Warmth", &["drop", "Ring of Warmth"]),
    ("settle", "", &["claims", "settle"]),
    ("share", "", &["share"]),
    ("xp", "monsters=150", &["xp", "award", "--monsters", "150"]),
];

/// The demo's campaign before its session, made alike on `h` (seeded).
pub fn barrow(h: &Hoard) {
    for (seed, line) in [
        ("1", "campaign new demo --use"),
        (
            "2",
            "character add Arnaud --str 13 --wis 9 --hp 12 --alignment lawful --class fighter --level 3 --xp 7300",
        ),
        (
            "3",
            "character add Mordo --str 9 --wis 14 --int 17 --hp 7 --alignment neutral --class magic-user --level 5",
        ),
        ("4", "campaign set scroll-fade 30"),
        (
            "5",
            "item add Potion_of_Heroism --category potion --consumable",
        ),
        (
            "6",
            "item add Scroll_of_Protection_from_Undead --category scroll --kind protection",
        ),
        ("7", "item add Wand_of_Frost --category wand --charges 3"),
        ("8", "item add Ring_of_Warmth --category ring --to Arnaud"),
        (
            "9",
            "item add Ring_of_Free_Action --category ring --to Arnaud",
        ),
        (
            "10",
            "sword add Nightfang --int 10 --ego 6 --alignment chaotic --sensory detect-magic --sensory detect-traps",
        ),
        ("11", "valuable add Bloodstone --value 50gp --kind gem"),
    ] {
        let words: Vec<String> = line.split(' ').map(|w| w.replace('_', " ")).collect();
        let mut args = vec!["--seed", seed];
        args.extend(words.iter().map(String::as_str));
        h.ok(&args);
    }
}

/// Every event as `log --json` says it, but for when it was recorded on the wall's clock.
fn events(h: &Hoard) -> Vec<serde_json::Value> {
    h.ok(&["log", "--json"])
        .lines()
        .map(|line| {
            let mut event: serde_json::Value = serde_json::from_str(line).expect("JSON");
            event.as_object_mut().unwrap().remove("wall_time");
            event
        })
        .collect()
}

#[test]
fn the_demo_played_from_the_page_records_the_command_lines_ledger_event_for_event() {
    let (page, cli) = (Hoard::new(), Hoard::new());
    barrow(&page);
    barrow(&cli);
    // Seeded, the previews' dice are the same every run.
    let s = Served::start(&page, &["--referee", "--seed", "1"]);
    let dashboard = s.referee();
    let mut recorded = 0;
    for (form, fields, line) in STORY {
        // Previewed, then recorded with the dice shown; the command line is given their seed.
        let fields = if fields.is_empty() {
            "preview=1".to_string()
        } else {
            format!("{fields}&preview=1")
        };
        let preview = send(&s, &dashboard, form, &fields, &[]);
        let (seed, ok) = if preview.status != 200 {
            (None, false)
        } else {
            let mut sent = confirm(&preview.body);
            let (_, nonce) = form_values(&get(&dashboard, &[]).body);
            sent.iter_mut().find(|(k, _)| k == "nonce").unwrap().1 = nonce;
            let seed = sent.iter().find(|(k, _)| k == "seed").unwrap().1.clone();
            let answer = post(&s.at(&format!("/referee/do/{form}")), &body(&sent), &[SAME]);
            (Some(seed), answer.status == 200)
        };
        let mut args: Vec<&str> = Vec::new();
        if let Some(seed) = &seed {
            args.extend(["--seed", seed.as_str()]);
        }
        args.extend(line.iter());
        let by_hand = cli
            .cmd(&args)
            .output()
            .expect("hoard runs")
            .status
            .success();
        assert_eq!(
            ok, by_hand,
            "{form} {fields}: the page and the command line disagree"
        );
        recorded += usize::from(ok);
        let (on_page, by_line) = (events(&page), events(&cli));
        assert_eq!(on_page.len(), by_line.len(), "after {form} {fields}");
        for (a, b) in on_page.iter().zip(&by_line) {
            assert_eq!(a, b, "after {form} {fields}");
        }
    }
    // The dice decide some of it (a wound may kill Arnaud, the scroll may fade); what they
    // cannot refuse is recorded, on both sides alike.
    assert!(recorded >= 12, "the story was recorded: {recorded} steps");
}

/// `hoard --seed N serve`: the console's dice come from the seed, in the order posted, so two
/// servers given the same seed and the same posts record the same ledger, dice and all.
#[test]
fn a_seeded_console_rolls_the_same_dice_every_time() {
    let ledgers: Vec<_> = (0..2)
        .map(|_| {
            let h = Hoard::new();
            campaign(&h);
            let s = Served::start(&h, &["--referee", "--seed", "7"]);
            let dashboard = s.referee();
            for fields in ["type=A&to=Arnaud", "type=B&to=Arnaud"] {
                let answer = send(&s, &dashboard, "treasure", fields, &[]);
                assert_eq!(answer.status, 200, "{}", answer.body);
            }
            let rolled: Vec<_> = events(&h)
                .into_iter()
                .filter(|e| e["kind"] == "treasure_rolled")
                .collect();
            assert_eq!(rolled.len(), 2);
            rolled
        })
        .collect();
    assert_eq!(ledgers[0], ledgers[1]);
}

#[test]
fn the_console_records_as_the_referee_the_server_was_started_by() {
    let h = Hoard::new();
    campaign(&h);
    h.ok(&["referee", "add", "Alice"]);
    let s = Served::start(&h, &["--referee", "Alice"]);
    let dashboard = s.referee();
    let answer = send(&s, &dashboard, "heal", "character=Arnaud&amount=1", &[]);
    assert_eq!(answer.status, 200, "{}", answer.body);
    let last = h.json(&["log", "--json", "--limit", "1"]);
    assert_eq!(last["kind"], "character_healed", "{last}");
    assert_eq!(last["referee"], "Alice", "{last}");
    // A name the campaign does not know is refused at start, as any command refuses it.
    let said = h.fails(&["serve", "--port", "0", "--referee", "Bob"], 3);
    assert!(said.contains("Bob") && said.contains("referee"), "{said}");
}
