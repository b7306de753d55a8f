//! Claims on the party's loot (issue 37, 11–13): `claim`, `claims`, `claims settle` on the
//! command line; personal links (`character link`, `serve --players`) and the claims players
//! post on them, every refusal over HTTP leaving the ledger as it was.

use crate::common::Hoard;

/// A party of three and the party's treasure: a sword, a shield, a rope.
fn party(h: &Hoard) {
    h.ok(&["campaign", "new", "Loot"]);
    h.character("Arnaud", 12, 10, 8, "lawful");
    h.character("Bea", 12, 10, 8, "neutral");
    h.character("Cy", 12, 10, 8, "chaotic");
    for name in ["Sword", "Shield", "Rope"] {
        h.ok(&["item", "add", name, "--category", "weapon"]);
    }
}

fn holder(h: &Hoard, item: &str) -> Option<String> {
    let shown = h.json(&["item", "show", item]);
    shown["holder"].as_str().map(str::to_string)
}

#[test]
fn need_beats_want_ties_go_to_recorded_dice_and_undo_takes_the_settlement_back() {
    let h = Hoard::new();
    party(&h);
    h.ok(&["claim", "Sword", "need", "--by", "Arnaud"]);
    h.ok(&["claim", "Sword", "need", "--by", "Bea"]);
    h.ok(&["claim", "Sword", "want", "--by", "Cy"]);
    h.ok(&["claim", "Shield", "want", "--by", "Cy"]);
    h.ok(&["claim", "Shield", "pass", "--by", "Bea"]);
    h.ok(&["claim", "Rope", "pass", "--by", "Arnaud"]);
    // A later claim replaces the character's own.
    h.ok(&["claim", "Shield", "need", "--by", "Cy"]);
    let board = h.ok(&["claims"]);
    assert!(
        board.contains("Sword: Arnaud need, Bea need, Cy want"),
        "{board}"
    );
    assert!(board.contains("Shield: Bea pass, Cy need"), "{board}");
    // Claims change no holder.
    assert_eq!(holder(&h, "Sword"), None);

    let settled = h.json(&["--seed", "7", "claims", "settle"]);
    let awards = settled["awards"].as_array().expect("awards");
    assert_eq!(awards.len(), 2, "the rope, all passes, stays: {settled}");
    let sword = &awards[0];
    assert_eq!(sword["by"], "roll");
    let winner = sword["name"].as_str().expect("a winner");
    assert!(
        ["Arnaud", "Bea"].contains(&winner),
        "need beats want: {sword}"
    );
    let round = sword["rounds"][0].as_array().expect("the d100s");
    assert_eq!(round.len(), 2, "each tied need rolls: {sword}");
    assert_eq!(awards[1]["name"], "Cy");
    assert_eq!(awards[1]["by"], "alone");
    assert_eq!(holder(&h, "Shield").as_deref(), Some("Cy"));
    assert_eq!(holder(&h, "Sword").as_deref(), Some(winner));
    assert_eq!(holder(&h, "Rope"), None);
    assert!(h.ok(&["claims"]).contains("No claims"));
    h.ok(&["check"]);

    // The same seed on the same claims gives the same dice.
    let again = Hoard::new();
    party(&again);
    for (item, claim, who) in [
        ("Sword", "need", "Arnaud"),
        ("Sword", "need", "Bea"),
        ("Sword", "want", "Cy"),
        ("Shield", "want", "Cy"),
        ("Shield", "pass", "Bea"),
        ("Rope", "pass", "Arnaud"),
        ("Shield", "need", "Cy"),
    ] {
        again.ok(&["claim", item, claim, "--by", who]);
    }
    let same = again.json(&["--seed", "7", "claims", "settle"]);
    let totals = |award: &serde_json::Value| -> Vec<i64> {
        award["rounds"][0]
            .as_array()
            .expect("a round")
            .iter()
            .map(|r| r["roll"]["total"].as_i64().expect("a total"))
            .collect()
    };
    assert_eq!(same["awards"][0]["name"], sword["name"]);
    assert_eq!(totals(&same["awards"][0]), totals(sword));

    // Undo takes back the settlement and every hand-over with it; the claims stand again.
    h.ok(&["undo"]);
    assert_eq!(holder(&h, "Sword"), None);
    assert_eq!(holder(&h, "Shield"), None);
    assert!(h.ok(&["claims"]).contains("Sword: Arnaud need"));
    h.ok(&["check"]);
}

#[test]
fn by_share_the_one_who_won_fewest_takes_a_tie() {
    let h = Hoard::new();
    party(&h);
    h.ok(&["campaign", "set", "claim-ties", "share"]);
    h.ok(&["claim", "Sword", "need", "--by", "Arnaud"]);
    h.ok(&["claims", "settle"]);
    h.ok(&["claim", "Shield", "need", "--by", "Arnaud"]);
    h.ok(&["claim", "Shield", "need", "--by", "Bea"]);
    let settled = h.json(&["claims", "settle"]);
    assert_eq!(settled["awards"][0]["name"], "Bea", "{settled}");
    assert_eq!(settled["awards"][0]["by"], "share");
    h.refused_unchanged(&["campaign", "set", "claim-ties", "coin"], 2);
}

#[test]
fn only_the_partys_treasure_is_claimed_and_a_claim_whose_item_moved_is_void() {
    let h = Hoard::new();
    party(&h);
    h.ok(&["give", "Rope", "--to", "Bea"]);
    let said = h.refused_unchanged(&["claim", "Rope", "need", "--by", "Arnaud"], 4);
    assert!(said.contains("not in the party's treasure"), "{said}");
    h.refused_unchanged(&["claim", "Sword", "need", "--by", "Nobody"], 3);
    // Claimed, then given away and back: the claim is void.
    h.ok(&["claim", "Sword", "need", "--by", "Arnaud"]);
    h.ok(&["give", "Sword", "--to", "Cy"]);
    assert!(h.ok(&["claims"]).contains("no longer the party's treasure"));
    h.ok(&["drop", "Sword"]);
    let board = h.ok(&["claims"]);
    assert!(board.contains("Arnaud need (void)"), "{board}");
    let settled = h.json(&["claims", "settle"]);
    assert_eq!(settled["awards"], serde_json::json!([]));
    assert_eq!(settled["void"][0]["item_name"], "Sword");
    assert_eq!(holder(&h, "Sword"), None);
    let log = h.ok(&["log"]);
    assert!(log.contains("claims void"), "{log}");
}

/// Issue #47.2: a settlement gives nothing to the dead, nor to the dying under `death adnd`,
/// by the campaign's death rule. A new claim by them is refused; the claims they made while up
/// stand on the board, marked, and win nothing: the living win on their own claims, and what
/// only the dead claimed stays in the party's treasure. An imported settlement that hands an
/// item to the dead is refused.
#[test]
fn the_dead_and_the_dying_win_nothing_at_a_settlement() {
    for (death, wound, down) in [("ose", "10", "dead"), ("adnd", "9", "dying")] {
        let h = Hoard::new();
        h.ok(&["campaign", "new", "Loot", "--use"]);
        h.ok(&["campaign", "set", "death", death]);
        h.character("Dead", 12, 10, 8, "neutral");
        h.character("Alive", 12, 10, 8, "neutral");
        for wand in ["Wand1", "Wand2"] {
            h.wand(wand, 5, None);
        }
        h.ok(&["claim", "Wand1", "need", "--by", "Dead"]);
        h.ok(&["claim", "Wand2", "want", "--by", "Dead"]);
        h.ok(&["claim", "Wand2", "want", "--by", "Alive"]);
        h.ok(&["character", "damage", "Dead", wound]);
        let stderr = h.refused_unchanged(&["claim", "Wand2", "need", "--by", "Dead"], 4);
        assert!(stderr.contains(down), "{stderr}");
        let board = h.ok(&["claims"]);
        assert!(
            board.contains(&format!("Dead want ({down}: wins nothing)")),
            "{board}"
        );
        let json = h.json(&["claims"]);
        assert_eq!(json["items"][0]["claims"][0]["condition"], down, "{json}");
        for seed in ["1", "3", "6"] {
            let settled = h.json(&["--dry-run", "--seed", seed, "claims", "settle"]);
            let winners: Vec<&str> = settled["awards"]
                .as_array()
                .unwrap()
                .iter()
                .map(|a| a["name"].as_str().unwrap())
                .collect();
            assert_eq!(winners, ["Alive"], "seed {seed}, {death}: {settled}");
            assert_eq!(settled["awards"][0]["by"], "alone", "{settled}");
        }
        h.ok(&["--seed", "3", "claims", "settle"]);
        assert_eq!(
            holder(&h, "Wand1"),
            None,
            "only the dead claimed it: it stays"
        );
        assert_eq!(holder(&h, "Wand2").as_deref(), Some("Alive"));
        assert!(h.ok(&["check"]).starts_with("ok:"));

        // A settlement forged to hand Wand2 to the dead is refused at import.
        let ledger = h.ok(&["export"]);
        let id = |name: &str| {
            h.json(&["character", "show", name])["id"]
                .as_str()
                .unwrap()
                .to_string()
        };
        let (dead, alive) = (id("Dead"), id("Alive"));
        let forged: String = ledger
            .lines()
            .map(|line| {
                if line.contains("\"claims_settled\"") || line.contains("\"item_passed\"") {
                    line.replace(&alive, &dead).replace("\"Alive\"", "\"Dead\"")
                } else {
                    line.to_string()
                }
            })
            .map(|line| line + "\n")
            .collect();
        assert_ne!(forged, ledger);
        let file = h.dir.path().join("forged.jsonl");
        std::fs::write(&file, &forged).unwrap();
        let stderr = Hoard::new().fails(&["import", file.to_str().unwrap()], 2);
        assert!(
            stderr.contains("not a settlement the rules make"),
            "{stderr}"
        );
    }
}

#[cfg(feature = "serve")]
pub mod links {
    use std::io::{Read, Write};
    use std::net::TcpStream;
    use std::time::Duration;

    use crate::common::Hoard;
    use crate::serve::{Answer, Served, get};

    /// `POST url` with a form body and extra header lines, over a fresh connection.
    pub fn post(url: &str, body: &str, extra: &[&str]) -> Answer {
        let rest = url.strip_prefix("http://").expect("http URL");
        let (host, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
        let mut stream = TcpStream::connect(host).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .expect("timeout");
        let mut request = format!(
            "POST {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\
             Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n",
            body.len()
        );
        for line in extra {
            request.push_str(line);
            request.push_str("\r\n");
        }
        request.push_str("\r\n");
        request.push_str(body);
        stream.write_all(request.as_bytes()).expect("send");
        let mut raw = Vec::new();
        stream.read_to_end(&mut raw).expect("answer");
        let raw = String::from_utf8_lossy(&raw).to_string();
        let (head, body) = raw.split_once("\r\n\r\n").expect("head and body");
        let status = head.split(' ').nth(1).and_then(|s| s.parse().ok());
        Answer {
            status: status.expect("status"),
            headers: head.to_ascii_lowercase(),
            body: body.to_string(),
            bytes: body.as_bytes().to_vec(),
        }
    }

    /// Each character's link, from `serve --players`'s start-up lines.
    pub fn link(s: &Served, name: &str) -> String {
        let prefix = format!("{name}: ");
        s.lines
            .iter()
            .find_map(|l| l.strip_prefix(&prefix))
            .unwrap_or_else(|| panic!("no link for {name}: {:?}", s.lines))
            .to_string()
    }

    /// A form's hidden field, read from a personal page.
    fn field(page: &str, item: &str, name: &str) -> String {
        let start = page
            .find(&format!("data-item=\"{item}\""))
            .expect("the item");
        let rest = &page[start..];
        let at = rest
            .find(&format!("name=\"{name}\" value=\""))
            .expect("the field");
        let value = &rest[at + name.len() + 15..];
        value[..value.find('"').expect("its end")].to_string()
    }

    fn id(h: &Hoard, item: &str) -> String {
        h.json(&["item", "show", item])["id"]
            .as_str()
            .expect("an id")
            .to_string()
    }

    #[test]
    fn links_survive_restarts_open_their_own_sheet_and_can_be_revoked() {
        let h = Hoard::new();
        super::party(&h);
        let made = h.json(&["character", "link", "Bea"]);
        let path = made["path"].as_str().expect("a path").to_string();
        let s = Served::start(&h, &["--players"]);
        let bea = link(&s, "Bea");
        assert!(bea.ends_with(&path), "the same link after a restart: {bea}");
        assert_eq!(s.lines.iter().filter(|l| l.contains("/p/")).count(), 3);
        let page = get(&bea, &[]);
        assert_eq!(page.status, 200);
        assert!(page.body.contains("<h1>Bea</h1>"), "{}", page.body);
        assert!(page.headers.contains("form-action 'self'"));
        // The party knows no name for the sword: a weapon is all they see.
        assert!(!page.body.contains("Sword"));
        assert!(page.body.contains("value=\"need\""));
        h.ok(&["character", "link", "Bea", "--revoke"]);
        assert_eq!(get(&bea, &[]).status, 403);
        let fresh = h.json(&["character", "link", "Bea"]);
        assert_ne!(fresh["path"], made["path"], "a new link after a revocation");
        // Without --players there are no personal pages.
        let plain = Served::start(&h, &[]);
        assert_eq!(
            get(&plain.at(fresh["path"].as_str().unwrap()), &[]).status,
            404
        );
    }

    #[test]
    fn a_claim_on_a_link_is_recorded_with_its_author_and_every_hostile_one_is_refused() {
        let h = Hoard::new();
        super::party(&h);
        h.ok(&["give", "Rope", "--to", "Cy"]);
        let s = Served::start(&h, &["--players"]);
        let bea = link(&s, "Bea");
        let arnaud = link(&s, "Arnaud");
        let token = bea.rsplit('/').next().unwrap().to_string();
        let sword = id(&h, "Sword");
        let page = get(&bea, &[]).body;
        let character = field(&page, &sword, "character");
        let at = field(&page, &sword, "at");
        let form = |token: &str, character: &str, item: &str, at: &str, claim: &str| {
            format!("token={token}&character={character}&item={item}&at={at}&claim={claim}")
        };
        let claim_url = format!("{bea}/claim");
        let good = form(&token, &character, &sword, &at, "need");

        let ledger = h.log_ids(&[]);
        let refused = |url: &str, body: &str, extra: &[&str], status: u16, why: &str| {
            let answer = post(url, body, extra);
            assert_eq!(answer.status, status, "{why}: {}", answer.body);
            assert_eq!(h.log_ids(&[]), ledger, "{why}: something was recorded");
        };
        // No token, an unknown one, the token of another link in the path.
        refused(&claim_url, &good.replace(&token, ""), &[], 401, "no token");
        refused(
            &claim_url,
            &good.replacen(&format!("token={token}&"), "", 1),
            &[],
            401,
            "no token field",
        );
        let unknown = s.at("/p/0123456789abcdef0123456789abcdef/claim");
        refused(&unknown, &good, &[], 403, "an unknown token");
        refused(
            &format!("{arnaud}/claim"),
            &good,
            &[],
            401,
            "another link's path",
        );
        // Another character, through Bea's own link.
        let arnaud_id = field(&get(&arnaud, &[]).body, &sword, "character");
        refused(
            &claim_url,
            &form(&token, &arnaud_id, &sword, &at, "need"),
            &[],
            403,
            "a claim for another character",
        );
        // An item someone carries, one that does not exist.
        let rope = id(&h, "Rope");
        refused(
            &claim_url,
            &form(&token, &character, &rope, &at, "need"),
            &[],
            422,
            "an item Cy carries",
        );
        refused(
            &claim_url,
            &form(&token, &character, "no-such-item", &at, "need"),
            &[],
            422,
            "no such item",
        );
        // Forged and malformed bodies, another site.
        refused(
            &claim_url,
            &good.replace("need", "greed"),
            &[],
            400,
            "no such claim",
        );
        refused(
            &claim_url,
            &format!("{good}&more=1"),
            &[],
            400,
            "a field too many",
        );
        refused(
            &claim_url,
            &form(&token, &character, &sword, "999999", "need"),
            &[],
            400,
            "a page that saw more claims than Bea ever made",
        );
        refused(
            &claim_url,
            &good,
            &["Origin: http://evil.example"],
            403,
            "another site's form",
        );
        refused(
            &claim_url,
            &good,
            &["Sec-Fetch-Site: cross-site"],
            403,
            "a cross-site request",
        );

        // The page's own claim goes through, with Bea as its author.
        let made = post(&claim_url, &good, &[]);
        assert_eq!(made.status, 303, "{}", made.body);
        assert!(made.headers.contains(&format!("location: /p/{token}")));
        let last = h.ok(&["--json", "log", "--limit", "1"]);
        let event: serde_json::Value = serde_json::from_str(last.trim()).expect("an event");
        assert_eq!(event["kind"], "claim_made");
        assert_eq!(event["author"].as_str(), Some(character.as_str()));
        assert!(h.ok(&["claims"]).contains("Bea* need"));
        // The same request again: a replay, refused.
        let ledger = h.log_ids(&[]);
        let replay = post(&claim_url, &good, &[]);
        assert_eq!(replay.status, 409, "{}", replay.body);
        assert_eq!(h.log_ids(&[]), ledger, "a replay recorded something");

        // Too many writes from one link: past the bucket, 429.
        let mut statuses = Vec::new();
        for _ in 0..12 {
            statuses.push(post(&claim_url, &good, &[]).status);
        }
        assert!(statuses.contains(&429), "{statuses:?}");
        assert_eq!(h.log_ids(&[]), ledger, "refused writes recorded something");
        h.ok(&["check"]);
    }

    /// A personal page offers a player the loot of their own expedition, and between
    /// expeditions the campaign's treasure; a claim posted on another party's loot is refused.
    #[test]
    fn a_page_offers_only_the_loot_of_the_players_own_expedition() {
        let h = Hoard::new();
        super::party(&h);
        h.ok(&["session", "start", "Chapel", "--with", "Bea"]);
        h.ok(&["item", "add", "Potion", "--category", "potion"]);
        let potion = id(&h, "Potion");
        let sword = id(&h, "Sword");
        let s = Served::start(&h, &["--players"]);
        let bea = get(&link(&s, "Bea"), &[]).body;
        assert!(bea.contains(&format!("data-item=\"{potion}\"")), "{bea}");
        assert!(!bea.contains(&format!("data-item=\"{sword}\"")), "{bea}");
        let arnaud_url = link(&s, "Arnaud");
        let arnaud = get(&arnaud_url, &[]).body;
        assert!(!arnaud.contains(&potion), "{arnaud}");
        assert!(
            arnaud.contains(&format!("data-item=\"{sword}\"")),
            "{arnaud}"
        );
        let token = arnaud_url.rsplit('/').next().unwrap();
        let (character, at) = (
            field(&arnaud, &sword, "character"),
            field(&arnaud, &sword, "at"),
        );
        let ledger = h.log_ids(&[]);
        let answer = post(
            &format!("{arnaud_url}/claim"),
            &format!("token={token}&character={character}&item={potion}&at={at}&claim=need"),
            &[],
        );
        assert_eq!(answer.status, 422, "{}", answer.body);
        assert_eq!(
            h.log_ids(&[]),
            ledger,
            "a claim on another party's loot was recorded"
        );
        // Once the session ends, its loot is the campaign's: Arnaud sees it.
        h.ok(&["session", "end"]);
        assert!(
            get(&arnaud_url, &[])
                .body
                .contains(&format!("data-item=\"{potion}\""))
        );
    }

    /// A personal page carries nothing that moves when nothing its player can see has: a die
    /// rolled behind the screen leaves it the same to the byte, and its forms still claim.
    /// Their own claim moves it.
    #[test]
    fn a_secret_roll_leaves_a_players_page_as_it_was() {
        let h = Hoard::new();
        super::party(&h);
        let s = Served::start(&h, &["--players"]);
        let bea = link(&s, "Bea");
        let token = bea.rsplit('/').next().unwrap().to_string();
        let sword = id(&h, "Sword");
        let before = get(&bea, &[]).body;
        h.ok(&["roll", "1d20"]);
        h.ok(&["roll", "1d20"]);
        assert_eq!(get(&bea, &[]).body, before, "a secret roll showed");
        let claim = |page: &str, word: &str| {
            let (character, at) = (field(page, &sword, "character"), field(page, &sword, "at"));
            post(
                &format!("{bea}/claim"),
                &format!("token={token}&character={character}&item={sword}&at={at}&claim={word}"),
                &[],
            )
        };
        assert_eq!(claim(&before, "want").status, 303);
        let after = get(&bea, &[]).body;
        assert_ne!(after, before);
        // The page drawn before that claim is stale now; the one drawn after it is not.
        assert_eq!(claim(&before, "need").status, 409);
        // Only the page's own words, as its buttons send them (docs/serve.md).
        let ledger = h.log_ids(&[]);
        for word in ["NEED", "Need"] {
            assert_eq!(claim(&after, word).status, 400, "{word}");
        }
        assert_eq!(h.log_ids(&[]), ledger);
        assert_eq!(claim(&after, "need").status, 303);
        h.ok(&["check"]);
    }
}

/// Loot a player can tell apart (issue #51): alike things under one heading with their count
/// and known worth, each told apart by its number or its appraised worth.
#[cfg(feature = "serve")]
#[test]
fn alike_loot_is_grouped_and_each_thing_told_apart() {
    use crate::serve::{Served, get};
    let h = Hoard::new();
    h.ok(&["campaign", "new", "Gems"]);
    h.ok(&["session", "start"]);
    h.character("Arnaud", 16, 10, 12, "lawful");
    for n in 1..=4 {
        let name = format!("Gem {n}");
        h.ok(&[
            "valuable",
            "add",
            &name,
            "--value",
            &format!("{}gp", n * 10),
            "--kind",
            "gem",
        ]);
    }
    h.ok(&["valuable", "appraise", "Gem 4", "--by", "Arnaud"]);
    h.ok(&["item", "add", "Mace", "--category", "weapon"]);
    let s = Served::start(&h, &["--players"]);
    let page = get(&links::link(&s, "Arnaud"), &[]).body;
    let loot = &page[page.find("class=\"loot\"").expect("the loot")..];
    let rows: Vec<String> = loot
        .split("<li id=\"loot-")
        .skip(1)
        .map(|row| {
            let text = &row[row.find('>').unwrap() + 1..row.find("<form").unwrap()];
            let mut plain = String::new();
            let mut inside = false;
            for c in text.chars() {
                match c {
                    '<' => inside = true,
                    '>' => inside = false,
                    c if !inside => plain.push(c),
                    _ => {}
                }
            }
            plain.trim().to_string()
        })
        .collect();
    assert_eq!(rows.len(), 5, "{rows:?}");
    let mut distinct = rows.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), rows.len(), "rows alike: {rows:?}");
    assert!(rows.iter().any(|r| r.contains("worth 40 gp")), "{rows:?}");
    // Appraised, a gem is known by its name and worth; the others are one pile.
    assert!(page.contains("<h3 class=\"pile\">3 × gem</h3>"), "{page}");
}
