//! A West Marches month: three referees, eight players, six sessions, two pairs of them open at
//! once. Each event records its session and its referee; each expedition keeps its own clock and
//! its own pool; shares and experience follow the roster, a level at most per session whoever
//! runs it; the dead get none; `check` replays it all. The expectation is computed by hand
//! below, from the numbers the script records.

use serde_json::Value;

use crate::common::Hoard;

const PLAYERS: [&str; 8] = ["Ada", "Bran", "Cato", "Dag", "Eli", "Fen", "Gus", "Hal"];

/// Fighters of STR 10: no experience adjustment (OSE: 9–12), levels at 2,000 and 4,000 XP.
fn month() -> Hoard {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "Marches", "--use"]);
    for referee in ["Alice", "Bob", "Cleo"] {
        h.ok(&["referee", "add", referee]);
    }
    for name in PLAYERS {
        h.fighter(name, 8);
    }
    h.ok(&[
        "item",
        "add",
        "Silver dagger",
        "--category",
        "weapon",
        "--to",
        "Bran",
    ]);
    // The first evening: Alice and Bob run two tables at once, commands interleaved.
    h.ok(&[
        "session",
        "start",
        "Barrow",
        "--with",
        "Ada,Bran,Cato",
        "--referee",
        "Alice",
    ]);
    h.ok(&[
        "session",
        "start",
        "Fen",
        "Road",
        "--with",
        "Dag,Eli,Fen",
        "--referee",
        "Bob",
    ]);
    h.ok(&["coins", "add", "900gp", "--session", "Barrow"]);
    h.ok(&["coins", "add", "600gp", "--session", "2"]);
    h.ok(&["time", "advance", "3", "hours", "--session", "1"]);
    h.ok(&["share", "--session", "2"]);
    h.ok(&["character", "damage", "Eli", "2"]);
    h.ok(&["share", "--session", "1"]);
    h.ok(&["stash", "Silver dagger", "--at", "Barrow cache"]);
    h.ok(&["time", "advance", "1", "day", "--session", "Fen Road"]);
    h.ok(&["session", "end", "--session", "1"]);
    h.ok(&["session", "end"]);
    h.ok(&["xp", "award", "--session", "1", "--monsters", "300"]);
    h.ok(&["xp", "award", "--session", "2"]);
    // Cleo alone.
    h.ok(&[
        "session",
        "start",
        "Spire",
        "--with",
        "Gus,Hal,Ada",
        "--referee",
        "Cleo",
    ]);
    h.ok(&["coins", "add", "2400gp"]);
    h.ok(&["share"]);
    h.ok(&["time", "advance", "2", "hours"]);
    h.ok(&["xp", "award", "--monsters", "3600"]);
    h.ok(&["session", "end"]);
    // The second pair: Dag goes with Alice now; Alice's party leaves its coins unshared.
    h.ok(&[
        "session",
        "start",
        "Mere",
        "--with",
        "Bran,Dag",
        "--referee",
        "Alice",
    ]);
    h.ok(&[
        "session",
        "start",
        "Vault",
        "--with",
        "Cato,Eli,Fen",
        "--referee",
        "Bob",
    ]);
    h.ok(&["coins", "add", "200gp", "--session", "Mere"]);
    h.ok(&["coins", "add", "300gp", "--session", "Vault"]);
    h.ok(&["time", "advance", "1", "turn", "--session", "4"]);
    h.ok(&["share", "--session", "5"]);
    // What Bran left at the barrow is there for Bob's party.
    h.ok(&["give", "Silver dagger", "--to", "Eli"]);
    h.ok(&["time", "advance", "2", "hours", "--session", "5"]);
    h.ok(&["xp", "award", "--session", "4", "--monsters", "20000"]);
    h.ok(&["xp", "award", "--session", "5"]);
    h.ok(&["session", "end", "--session", "Vault"]);
    h.ok(&["session", "end", "--session", "Mere"]);
    // Cleo's last: Hal falls.
    h.ok(&[
        "session",
        "start",
        "Pit",
        "--with",
        "Eli,Gus,Hal",
        "--referee",
        "Cleo",
    ]);
    h.ok(&["--referee", "Cleo", "coins", "add", "90gp"]);
    h.ok(&["--referee", "Cleo", "share"]);
    h.ok(&["--referee", "Cleo", "character", "damage", "Hal", "30"]);
    h.ok(&["--referee", "Cleo", "xp", "award"]);
    h.ok(&["--referee", "Cleo", "session", "end"]);
    // What Alice's Mere party left in its pool came home with it, and is shared afterwards.
    h.ok(&["--referee", "Alice", "share", "--session", "4"]);
    h
}

fn sheet(h: &Hoard, name: &str) -> Value {
    h.json(&["character", "show", name])
}

#[test]
fn a_month_of_two_tables_pays_each_party_its_own_and_replays() {
    let h = month();
    // name, gp, xp, level — by hand:
    //   Barrow (Alice): 900 gp / 3 = 300 each; XP (900 + 300) / 3 = 400.
    //   Fen Road (Bob): 600 / 3 = 200 each; XP 600 / 3 = 200.
    //   Spire (Cleo): 2,400 / 3 = 800 each; XP (2,400 + 3,600) / 3 = 2,000: Gus and Hal
    //     reach 2nd level, Ada too (2,400).
    //   Mere (Alice): 200 gp left in its pool, shared after: 100 each; XP (200 + 20,000) / 2
    //     = 10,100, capped at one level: 3,999 for Bran (from 400) and Dag (from 200).
    //   Vault (Bob): 300 / 3 = 100 each; XP 300 / 3 = 100.
    //   Pit (Cleo): 90 / 3 = 30 each; XP 90 / 2 survivors = 45; Hal, dead, none.
    let expected = [
        ("Ada", 1100, 2400, 2),
        ("Bran", 400, 3999, 2),
        ("Cato", 400, 500, 1),
        ("Dag", 300, 3999, 2),
        ("Eli", 330, 345, 1),
        ("Fen", 300, 300, 1),
        ("Gus", 830, 2045, 2),
        ("Hal", 830, 2000, 2),
    ];
    for (name, gp, xp, level) in expected {
        let s = sheet(&h, name);
        assert_eq!(
            (
                s["coins"]["gp"].as_i64(),
                s["xp"].as_i64(),
                s["level"].as_i64()
            ),
            (Some(gp), Some(xp), Some(level)),
            "{name}"
        );
    }
    let dagger = h.json(&["item", "show", "Silver dagger"]);
    assert_eq!(dagger["holder"], "Eli", "{dagger}");
    let coins = h.json(&["coins", "show"]);
    assert_eq!(coins["pool"]["gp"], 0, "every pool shared");
    assert_eq!(coins["expeditions"], serde_json::json!([]));
    assert_eq!(coins["added"]["gp"], 900 + 600 + 2400 + 200 + 300 + 90);
    // The world's calendar: Barrow 3 h and Fen Road a day side by side end at day 2; Spire
    // 2 h; Mere a turn beside Vault's 2 h: round 1,440 + 120 + 120.
    assert_eq!(h.json(&["time", "show"])["clock"], 1680);
    assert!(h.ok(&["check"]).starts_with("ok:"));
    let file = h.dir.path().join("month.jsonl");
    h.ok(&["export", "-o", file.to_str().unwrap()]);
    h.ok(&["import", file.to_str().unwrap(), "--as", "Copy"]);
    assert!(h.ok(&["--campaign", "Copy", "check"]).starts_with("ok:"));
}

#[test]
fn every_event_says_its_session_and_referee() {
    let h = month();
    let events: Vec<Value> = h
        .ok(&["--json", "log"])
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let referee_of =
        |session: i64| ["Alice", "Bob", "Cleo", "Alice", "Bob", "Cleo"][session as usize - 1];
    for e in &events {
        if let Some(session) = e["session"].as_i64() {
            assert_eq!(e["referee"], referee_of(session), "{e}");
            assert_eq!(e["author"], referee_of(session), "{e}");
        }
    }
    // Between sessions, an award is its session's referee's; the last share was named.
    let by_bob = h.ok(&["log", "--by", "bob"]);
    assert!(by_bob.contains("[Bob] 600 gp added"), "{by_bob}");
    assert!(
        !by_bob.contains("[Alice]") && !by_bob.contains("[Cleo]"),
        "{by_bob}"
    );
    let referees = h.json(&["referee", "list"]);
    let counted: i64 = referees
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["events"].as_i64().unwrap())
        .sum();
    let recorded = events.iter().filter(|e| !e["referee"].is_null()).count() as i64;
    assert_eq!(counted, recorded);
}

#[test]
fn open_sessions_never_share_a_character_and_a_bare_command_must_say_which() {
    let h = Hoard::new();
    for name in ["Ada", "Bran", "Cato", "Dov"] {
        h.character(name, 10, 10, 8, "neutral");
    }
    h.ok(&["referee", "add", "Alice"]);
    h.ok(&["session", "start", "One", "--with", "Ada,Bran"]);
    let stderr = h.refused_unchanged(&["session", "start", "Two", "--with", "Bran,Cato"], 4);
    assert!(stderr.contains("Bran is in session 1"), "{stderr}");
    let stderr = h.refused_unchanged(&["session", "start", "Everyone"], 4);
    assert!(stderr.contains("session 1 (One) is still open"), "{stderr}");
    h.ok(&["session", "start", "Two", "--with", "Cato"]);
    let stderr = h.refused_unchanged(&["coins", "add", "5gp"], 2);
    assert!(stderr.contains("several sessions are open"), "{stderr}");
    let stderr = h.refused_unchanged(&["give", "nothing", "--to", "Cato"], 3);
    assert!(!stderr.is_empty());
    let sheet = h.json(&["character", "show", "Cato"]);
    assert_eq!(sheet["expedition"]["session"], 2, "{sheet}");
    assert_eq!(
        h.json(&["character", "show", "Dov"])["expedition"],
        Value::Null
    );
    assert!(
        h.ok(&["character", "show", "Ada"])
            .contains("Out on session 1 — One")
    );
    // A character names their session: the wound is the second's, at its clock.
    h.ok(&["time", "advance", "1", "hour", "--session", "One"]);
    h.ok(&["character", "damage", "Cato", "1"]);
    h.ok(&["character", "damage", "Ada", "1"]);
    // Dov stayed home: between sessions, at the campaign's calendar.
    h.ok(&["character", "damage", "Dov", "1"]);
    let last: Vec<Value> = h
        .ok(&["--json", "log", "--limit", "3"])
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let stamps: Vec<_> = last
        .iter()
        .map(|e| (e["session"].clone(), e["game_time"].clone()))
        .collect();
    assert_eq!(
        stamps,
        [
            (2.into(), 0.into()),
            (1.into(), 60.into()),
            (Value::Null, 0.into())
        ]
    );
    // A dagger from home handed to Ada goes out to her session.
    h.ok(&[
        "item",
        "add",
        "Dagger",
        "--category",
        "weapon",
        "--to",
        "Dov",
    ]);
    h.ok(&["give", "Dagger", "--to", "Ada"]);
    let given: Value =
        serde_json::from_str(h.ok(&["--json", "log", "--limit", "1"]).trim()).unwrap();
    assert_eq!(given["session"], 1, "{given}");
    // An unknown referee is refused with a hint; another's event needs --force to void, and
    // a referee's undo takes back only their own.
    let stderr = h.refused_unchanged(&["--referee", "Alicia", "roll", "1d6", "--session", "1"], 3);
    assert!(stderr.contains("did you mean Alice"), "{stderr}");
    h.ok(&["referee", "add", "Bob"]);
    h.ok(&["--referee", "Alice", "--session", "1", "roll", "1d6"]);
    let roll = h.log_ids(&["--limit", "1"])[0].to_string();
    let stderr = h.refused_unchanged(&["--referee", "Bob", "undo"], 4);
    assert!(stderr.contains("Bob has recorded nothing"), "{stderr}");
    let stderr = h.refused_unchanged(&["--referee", "Bob", "void", &roll], 4);
    assert!(stderr.contains("recorded by Alice"), "{stderr}");
    h.ok(&["--referee", "Bob", "void", &roll, "--force"]);
    // Each party meets its own foes.
    h.ok(&["encounter", "--with", "orc", "--session", "1"]);
    h.ok(&["encounter", "--with", "troll", "--session", "2"]);
    let stderr = h.refused_unchanged(&["encounter", "--with", "ogre", "--session", "2"], 4);
    assert!(stderr.contains("an encounter is under way"), "{stderr}");
    h.ok(&["encounter", "end", "--session", "1"]);
    let shown = h.json(&["campaign", "show"]);
    assert_eq!(shown["encounters"][0]["session"], 2, "{shown}");
    h.ok(&["encounter", "end", "--session", "2"]);
    h.ok(&["session", "end", "--session", "2"]);
    h.ok(&["session", "end"]);
    assert!(h.ok(&["check"]).starts_with("ok:"));
}

#[test]
fn the_reports_post_what_each_table_did() {
    let h = month();
    let mere = h.ok(&["report", "session", "Mere", "--markdown"]);
    for line in [
        "## Session 4 — Mere",
        "*Run by Alice ·",
        "**Who went:** Bran, Dag",
        "**Found:** 200 gp",
        "**Split:** Bran 100 gp, Dag 100 gp",
        "**Experience:** Bran +3599 XP (level 2), Dag +3799 XP (level 2)",
    ] {
        assert!(mere.contains(line), "{line}\n{mere}");
    }
    let pit = h.ok(&["report", "session", "6", "--markdown"]);
    for line in [
        "*Run by Cleo ·",
        "**Who went:** Eli, Gus, Hal",
        "**Split:** Eli 30 gp, Gus 30 gp, Hal 30 gp",
        "**Experience:** Eli +45 XP, Gus +45 XP",
        "**Fallen:** Hal",
    ] {
        assert!(pit.contains(line), "{line}\n{pit}");
    }
    let barrow = h.ok(&["--lang", "fr", "report", "session", "Barrow", "--markdown"]);
    assert!(barrow.contains("**Partage :** Ada 300 po"), "{barrow}");
}

#[test]
fn hoard_referee_names_who_records_where_the_campaign_names_referees() {
    let h = Hoard::new();
    h.character("Ada", 10, 10, 8, "neutral");
    let as_bob = |args: &[&str]| {
        let out = h.cmd(args).env("HOARD_REFEREE", "Bob").output().unwrap();
        assert!(out.status.success(), "{args:?}: {out:?}");
    };
    // One referee implied: the variable changes nothing.
    as_bob(&["character", "damage", "Ada", "1"]);
    let last = |h: &Hoard| -> Value {
        serde_json::from_str(h.ok(&["--json", "log", "--limit", "1"]).trim()).unwrap()
    };
    assert_eq!(last(&h)["referee"], Value::Null);
    h.ok(&["referee", "add", "Bob"]);
    as_bob(&["character", "heal", "Ada", "1"]);
    assert_eq!(last(&h)["referee"], "Bob");
    let stderr = h.refused_unchanged(&["--referee", "Carl", "roll", "1d4"], 3);
    assert!(stderr.contains("no referee Carl"), "{stderr}");
}

#[test]
fn a_session_is_named_by_number_or_title_an_open_one_first() {
    let h = Hoard::new();
    for name in ["Ada", "Bran"] {
        h.fighter(name, 8);
    }
    h.ok(&["session", "start", "Caves", "--with", "Ada"]);
    h.ok(&["session", "end"]);
    h.ok(&["session", "start", "Caves", "--with", "Ada"]);
    h.ok(&["session", "start", "Tower", "--with", "Bran"]);
    // Two sessions are titled Caves: the open one is meant.
    h.ok(&["coins", "add", "5gp", "--session", "caves"]);
    let last: Value =
        serde_json::from_str(h.ok(&["--json", "log", "--limit", "1"]).trim()).unwrap();
    assert_eq!(last["session"], 2);
    let stderr = h.refused_unchanged(&["coins", "add", "5gp", "--session", "Crypt"], 3);
    assert!(stderr.contains("no session is titled Crypt"), "{stderr}");
    let stderr = h.refused_unchanged(&["coins", "add", "5gp", "--session", "9"], 3);
    assert!(stderr.contains("sessions run from 1 to 3"), "{stderr}");
    h.ok(&["session", "end", "--session", "Caves"]);
    // Both ended now: the title no longer says which.
    let stderr = h.refused_unchanged(&["log", "--session", "Caves"], 2);
    assert!(
        stderr.contains("sessions 1, 2 are all titled Caves"),
        "{stderr}"
    );
    let stderr = h.refused_unchanged(&["session", "end", "--session", "1"], 4);
    assert!(stderr.contains("session 1 is not open"), "{stderr}");
    h.ok(&["session", "end", "--session", " 3 "]);
}

/// A referee's evening: with two sessions open, a command that names nobody records in the one
/// open session its referee runs; only a referee who runs neither, or none named, is asked.
#[test]
fn a_command_naming_nobody_goes_to_its_referees_own_session() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "Marches", "--use"]);
    for referee in ["Alice", "Bob", "Cleo"] {
        h.ok(&["referee", "add", referee]);
    }
    for name in ["Ada", "Bran", "Dag", "Eli"] {
        h.fighter(name, 8);
    }
    let start = |title: &str, with: &str, referee: &str| {
        h.ok(&[
            "session",
            "start",
            title,
            "--with",
            with,
            "--referee",
            referee,
        ]);
    };
    start("Barrow", "Ada,Bran", "Alice");
    start("Road", "Dag,Eli", "Bob");
    let as_alice = |args: &[&str]| {
        let out = h.cmd(args).env("HOARD_REFEREE", "Alice").output().unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    as_alice(&["coins", "add", "100gp", "10pp"]);
    as_alice(&["exchange", "10pp", "--for", "gp"]);
    as_alice(&["share"]);
    let balances = h.json(&["coins", "show"]);
    assert_eq!(balances["expeditions"], serde_json::json!([]), "{balances}");
    let ada = h.json(&["character", "show", "Ada"]);
    assert_eq!(ada["coins"]["gp"], 75, "half of 150 gp: {ada}");
    as_alice(&["session", "end"]);
    let sessions = h.json(&["session", "list"]);
    assert!(
        sessions[0]["ended_seq"].is_i64(),
        "Alice's ended: {sessions}"
    );
    assert!(
        sessions[1]["ended_seq"].is_null(),
        "Bob's still open: {sessions}"
    );
    // Cleo runs neither: she must say which.
    start("Barrow again", "Ada,Bran", "Alice");
    let out = h
        .cmd(&["coins", "add", "5gp"])
        .env("HOARD_REFEREE", "Cleo")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("several sessions are open"));
}

/// A session of the whole campaign cannot start while expeditions are out: the refusal names
/// them all and says what works, ending each or starting another expedition with its party.
#[test]
fn a_whole_campaigns_session_waiting_on_expeditions_says_what_works() {
    let h = Hoard::new();
    for name in ["Ada", "Bran", "Dag"] {
        h.fighter(name, 8);
    }
    h.ok(&["session", "start", "Barrow", "--with", "Ada"]);
    h.ok(&["session", "start", "Road", "--with", "Bran"]);
    let err = h.refused_unchanged(&["session", "start", "Everyone"], 4);
    assert!(
        err.contains("sessions 1 (Barrow), 2 (Road) are still open")
            && err.contains("hoard session end --session N")
            && err.contains("--with A,B"),
        "{err}"
    );
    let doc: Value = serde_json::from_str(
        &String::from_utf8(
            h.cmd(&["--json", "session", "start", "Everyone"])
                .output()
                .unwrap()
                .stderr,
        )
        .unwrap(),
    )
    .unwrap();
    assert_eq!(doc["error"]["reason"], "still_open");
    assert_eq!(doc["error"]["open"][1]["title"], "Road");
    assert_eq!(doc["error"]["roster"], false);
    // And an expedition while the whole campaign's session is open waits for that one alone.
    h.ok(&["session", "end", "--session", "1"]);
    h.ok(&["session", "end", "--session", "2"]);
    h.ok(&["session", "start", "Everyone"]);
    let err = h.refused_unchanged(&["session", "start", "Crypt", "--with", "Dag"], 4);
    assert!(
        err.contains("session 3 (Everyone) is the whole campaign's"),
        "{err}"
    );
}

/// What a party finds stays with that party until its session ends: handing it, claiming it or
/// settling it from another expedition, or to one who stayed home, is refused naming both
/// sessions; commands naming nobody go to the loot's own session; at its end the loot is the
/// campaign's, and anyone may take it.
#[test]
fn loot_stays_with_its_party_until_its_session_ends() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "Marches", "--use"]);
    for referee in ["Alice", "Bob"] {
        h.ok(&["referee", "add", referee]);
    }
    for name in ["Ada", "Bran", "Cato", "Dag"] {
        h.fighter(name, 8);
    }
    let as_ =
        |referee: &str, args: &[&str]| h.cmd(args).env("HOARD_REFEREE", referee).output().unwrap();
    let ok = |referee: &str, args: &[&str]| {
        let out = as_(referee, args);
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let refused = |referee: &str, args: &[&str]| {
        let before = h.dump();
        let out = as_(referee, args);
        assert_eq!(out.status.code(), Some(4), "{args:?}: {out:?}");
        assert_eq!(
            before,
            h.dump(),
            "{args:?} was refused but changed the database"
        );
        String::from_utf8(out.stderr).unwrap()
    };
    ok(
        "Alice",
        &[
            "session",
            "start",
            "The Sunken Chapel",
            "--with",
            "Bran,Dag",
        ],
    );
    ok(
        "Bob",
        &["session", "start", "The Old Mill", "--with", "Ada"],
    );
    ok(
        "Alice",
        &["item", "add", "Potion of Delusion", "--category", "potion"],
    );
    assert_eq!(
        h.json(&["item", "show", "Potion of Delusion"])["pooled_in"],
        1
    );

    // Bob hands it to his own party's Ada; anyone hands it to Cato, at home.
    let err = refused("Bob", &["give", "Potion of Delusion", "--to", "Ada"]);
    assert!(
        err.contains("Potion of Delusion is the loot of session 1 (The Sunken Chapel)")
            && err.contains("Ada is in session 2 (The Old Mill)"),
        "{err}"
    );
    let err = refused("Alice", &["give", "Potion of Delusion", "--to", "Cato"]);
    assert!(err.contains("Cato is on no expedition"), "{err}");
    // Nor through a command recording in another session.
    let err = refused(
        "Bob",
        &[
            "stash",
            "Potion of Delusion",
            "--at",
            "Mill",
            "--session",
            "2",
        ],
    );
    assert!(
        err.contains("this command records in session 2 (The Old Mill)"),
        "{err}"
    );
    let doc: Value = serde_json::from_slice(
        &as_(
            "Bob",
            &["--json", "give", "Potion of Delusion", "--to", "Ada"],
        )
        .stderr,
    )
    .unwrap();
    assert_eq!(doc["error"]["reason"], "loot", "{doc}");
    assert_eq!(doc["error"]["of"]["number"], 1);
    assert_eq!(doc["error"]["elsewhere"]["title"], "The Old Mill");

    // Claims: only its party claims it, and only its session settles it.
    for who in ["Ada", "Cato"] {
        refused("Bob", &["claim", "Potion of Delusion", "need", "--by", who]);
    }
    ok(
        "Alice",
        &["claim", "Potion of Delusion", "want", "--by", "Bran"],
    );
    ok("Bob", &["claims", "settle", "--session", "2"]);
    assert_eq!(
        h.json(&["item", "show", "Potion of Delusion"])["holder"],
        Value::Null,
        "session 2 settles only its own loot"
    );
    // Alice names nobody: her session's, whatever Bob recorded last.
    ok("Alice", &["claims", "settle"]);
    assert_eq!(
        h.json(&["item", "show", "Potion of Delusion"])["holder"],
        "Bran"
    );

    // Put back, it is the party's loot again; at the session's end, the campaign's.
    ok("Alice", &["drop", "Potion of Delusion"]);
    assert_eq!(
        h.json(&["item", "show", "Potion of Delusion"])["pooled_in"],
        1
    );
    refused("Bob", &["give", "Potion of Delusion", "--to", "Cato"]);
    ok("Alice", &["session", "end"]);
    let item = h.json(&["item", "show", "Potion of Delusion"]);
    assert_eq!(item["pooled_in"], Value::Null, "{item}");
    ok("Bob", &["give", "Potion of Delusion", "--to", "Cato"]);
    // Bob's own loot stays his party's, and Cato's hand-over to Ada, out, is as before.
    ok("Bob", &["item", "add", "Rope", "--category", "misc"]);
    assert_eq!(h.json(&["item", "show", "Rope"])["pooled_in"], 2);
    refused("Bob", &["give", "Rope", "--to", "Dag"]);
    assert!(h.ok(&["check"]).starts_with("ok"));

    // A database made before expeditions kept their loot learns it from the ledger.
    h.execute("UPDATE items SET state = '{}' WHERE name = 'Rope'");
    assert!(h.cmd(&["check"]).output().unwrap().status.code() != Some(0));
    h.execute(match h.engine() {
        crate::common::Engine::Sqlite => include_str!("../../migrations/sqlite/0013_loot.sql"),
        crate::common::Engine::Postgres => {
            include_str!("../../migrations/postgres/0013_loot.sql")
        }
    });
    assert!(h.ok(&["check"]).starts_with("ok"));
}

/// A month of two referees and four parties, two out at a time: loot found, handed, claimed,
/// sold and shared on both sides, each party keeping its own, what one leaves behind becoming
/// the campaign's. Every purse and every item's holder at the end is computed by hand below.
#[test]
fn a_month_of_four_parties_keeps_each_partys_loot_and_pays_each_its_own() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "Marches", "--use"]);
    for referee in ["Alice", "Bob"] {
        h.ok(&["referee", "add", referee]);
    }
    for name in PLAYERS {
        h.fighter(name, 8);
    }
    let run =
        |referee: &str, args: &[&str]| h.cmd(args).env("HOARD_REFEREE", referee).output().unwrap();
    let alice = |args: &[&str]| {
        let out = run("Alice", args);
        assert!(out.status.success(), "Alice {args:?}: {out:?}");
    };
    let bob = |args: &[&str]| {
        let out = run("Bob", args);
        assert!(out.status.success(), "Bob {args:?}: {out:?}");
    };
    let refused = |referee: &str, args: &[&str]| {
        let out = run(referee, args);
        assert_eq!(out.status.code(), Some(4), "{referee} {args:?}: {out:?}");
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        assert!(err.contains("is the loot of session"), "{err}");
    };

    // Week 1: the barrow (Alice: Ada, Bran) and the road (Bob: Cato, Dag), the same evening.
    alice(&["session", "start", "Barrow", "--with", "Ada,Bran"]);
    bob(&["session", "start", "Road", "--with", "Cato,Dag"]);
    alice(&["coins", "add", "900gp"]);
    bob(&["coins", "add", "500gp", "100sp"]);
    alice(&["item", "add", "Silver Mirror", "--category", "misc"]);
    bob(&["item", "add", "Lantern", "--category", "misc"]);
    bob(&["item", "add", "Rope", "--category", "misc"]);
    bob(&[
        "valuable", "add", "Pearl", "--value", "100gp", "--kind", "gem",
    ]);
    refused("Bob", &["give", "Silver Mirror", "--to", "Cato"]);
    refused("Alice", &["claim", "Lantern", "need", "--by", "Ada"]);
    refused("Alice", &["give", "Rope", "--to", "Eli"]);
    alice(&["claim", "Silver Mirror", "want", "--by", "Ada"]);
    alice(&["claim", "Silver Mirror", "need", "--by", "Bran"]);
    bob(&["claim", "Lantern", "need", "--by", "Dag"]);
    // Each table settles its own: Bob's settlement leaves the mirror's claims standing.
    bob(&["claims", "settle"]);
    alice(&["claims", "settle"]);
    bob(&["sell", "Pearl"]);
    alice(&["share"]);
    bob(&["share"]);
    alice(&["session", "end"]);
    // The rope stays in the road's treasure: at its end, the campaign's.
    bob(&["session", "end"]);

    // Week 2: the chapel (Alice: Eli, Fen) and the mill (Bob: Gus, Hal, Ada).
    alice(&["session", "start", "Chapel", "--with", "Eli,Fen"]);
    bob(&["session", "start", "Mill", "--with", "Gus,Hal,Ada"]);
    alice(&["coins", "add", "300gp"]);
    bob(&["coins", "add", "1200gp"]);
    alice(&["item", "add", "Holy Symbol", "--category", "misc"]);
    bob(&["item", "add", "Boots", "--category", "misc"]);
    alice(&["give", "Rope", "--to", "Eli"]);
    alice(&["give", "Holy Symbol", "--to", "Fen"]);
    refused("Alice", &["claim", "Boots", "need", "--by", "Fen"]);
    refused("Bob", &["claim", "Boots", "need", "--by", "Cato"]);
    bob(&["claim", "Boots", "want", "--by", "Gus"]);
    bob(&["claim", "Boots", "need", "--by", "Hal"]);
    bob(&["claims", "settle"]);
    // Hal puts the boots back: the mill's loot again, which Alice cannot hand out.
    bob(&["drop", "Boots"]);
    refused("Alice", &["give", "Boots", "--to", "Eli"]);
    bob(&["give", "Boots", "--to", "Hal"]);
    alice(&["share"]);
    bob(&["share"]);
    alice(&["session", "end"]);
    bob(&["session", "end"]);

    // By hand: the barrow's 900 gp in two; the road's 500 gp + 100 gp for the pearl and 100 sp
    // in two; the chapel's 300 gp in two; the mill's 1,200 gp in three.
    let purse = |name: &str| {
        let c = sheet(&h, name)["coins"].clone();
        (c["gp"].as_i64().unwrap(), c["sp"].as_i64().unwrap())
    };
    let expected = [
        ("Ada", (450 + 400, 0)),
        ("Bran", (450, 0)),
        ("Cato", (300, 50)),
        ("Dag", (300, 50)),
        ("Eli", (150, 0)),
        ("Fen", (150, 0)),
        ("Gus", (400, 0)),
        ("Hal", (400, 0)),
    ];
    for (name, coins) in expected {
        assert_eq!(purse(name), coins, "{name}'s purse");
    }
    let holder = |item: &str| h.json(&["item", "show", item])["holder"].clone();
    for (item, who) in [
        ("Silver Mirror", "Bran"),
        ("Lantern", "Dag"),
        ("Rope", "Eli"),
        ("Holy Symbol", "Fen"),
        ("Boots", "Hal"),
    ] {
        assert_eq!(holder(item), who, "{item}");
    }
    let coins = h.json(&["coins", "show"]);
    assert_eq!(coins["pool"]["gp"], 0, "{coins}");
    assert!(h.ok(&["check"]).starts_with("ok"));
}
