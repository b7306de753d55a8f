//! The whole hoard through the CLI: coins in the pool, purses and places, valuables, shares
//! and experience for treasure — every change an event that replays, undoes and exports.

use serde_json::{Value, json};

use crate::common::Hoard;

fn coins(cp: i64, sp: i64, ep: i64, gp: i64, pp: i64) -> Value {
    json!({ "cp": cp, "sp": sp, "ep": ep, "gp": gp, "pp": pp })
}

/// A fighter (STR 13: +5 %), a magic-user (INT 17: +10 %) and a retainer on a half share.
fn party(h: &Hoard) {
    for args in [
        &[
            "character",
            "add",
            "Arnaud",
            "--str",
            "13",
            "--wis",
            "9",
            "--hp",
            "12",
            "--class",
            "fighter",
            "--level",
            "3",
            "--xp",
            "7300",
        ][..],
        &[
            "character",
            "add",
            "Mordo",
            "--str",
            "9",
            "--wis",
            "14",
            "--int",
            "17",
            "--hp",
            "7",
            "--class",
            "magic-user",
            "--level",
            "5",
        ],
        &[
            "character",
            "add",
            "Tobin",
            "--str",
            "8",
            "--wis",
            "10",
            "--hp",
            "4",
            "--class",
            "fighter",
            "--share",
            "0.5",
        ],
    ] {
        h.ok(args);
    }
}

/// `coins --json`, the whole treasury.
fn treasury(h: &Hoard) -> Value {
    h.json(&["coins"])
}

fn purse(h: &Hoard, name: &str) -> Value {
    h.json(&["character", "show", name])["coins"].clone()
}

#[test]
fn coins_come_in_move_and_go_out_but_never_below_nothing() {
    let h = Hoard::new();
    party(&h);
    let added = h.json(&["coins", "add", "1200gp", "300sp", "40pp"]);
    assert_eq!(added["event"]["kind"], "coins_added");
    assert_eq!(added["balances"][0]["holder"], "pool");
    assert_eq!(added["balances"][0]["coins"], coins(0, 300, 0, 1200, 40));
    h.ok(&["coins", "add", "5", "gp", "--to", "Arnaud"]);
    h.ok(&["coins", "add", "1,000po", "--at", "Bank"]);
    h.ok(&["coins", "add", "3ep", "--to-place", "bank"]);

    // Spending what is not there is refused with what is there, and changes nothing.
    let stderr = h.refused_unchanged(&["coins", "spend", "6gp", "--from", "Arnaud"], 4);
    assert!(
        stderr.contains("Arnaud's purse has 5 gp, not 6 gp"),
        "{stderr}"
    );
    let stderr = h.refused_unchanged(&["coins", "spend", "1pp", "--from", "Arnaud"], 4);
    assert!(
        stderr.contains("has 5 gp, not 1 pp"),
        "no change is made: {stderr}"
    );
    h.refused_unchanged(&["coins", "move", "41pp", "--to", "Mordo"], 4);
    h.refused_unchanged(&["coins", "spend", "1cp", "--at", "Nowhere"], 4);

    h.ok(&["coins", "spend", "2gp", "--from", "Arnaud"]);
    h.ok(&["coins", "move", "3gp", "--from", "Arnaud", "--to", "Mordo"]);
    h.ok(&[
        "coins",
        "move",
        "100gp",
        "--from-place",
        "BANK",
        "--to",
        "Mordo",
    ]);
    h.ok(&["coins", "move", "10pp", "--to-place", "Cache"]);
    // --at on a move: the side --from or --to leaves open, or twice, from one place to another.
    h.ok(&["coins", "move", "1pp", "--at", "Cache", "--to", "Arnaud"]);
    h.ok(&["coins", "move", "1pp", "--from", "Arnaud", "--at", "Cache"]);
    h.ok(&["coins", "move", "2pp", "--at", "Cache", "--at", "Bank"]);
    h.ok(&[
        "coins",
        "move",
        "2pp",
        "--from-place",
        "Bank",
        "--to-place",
        "Cache",
    ]);
    h.refused_unchanged(&["coins", "move", "1pp", "--at", "Cache"], 2);
    h.ok(&["coins", "spend", "50sp"]);
    let t = treasury(&h);
    assert_eq!(t["pool"], coins(0, 250, 0, 1200, 30));
    assert_eq!(t["purses"][0]["character"], "Arnaud");
    assert_eq!(t["purses"][0]["coins"], coins(0, 0, 0, 0, 0));
    assert_eq!(t["purses"][1]["coins"], coins(0, 0, 0, 103, 0));
    let places: Vec<(&str, &Value)> = t["places"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["place"].as_str().unwrap(), &p["coins"]))
        .collect();
    assert_eq!(
        places,
        [
            ("Bank", &coins(0, 0, 3, 900, 0)),
            ("Cache", &coins(0, 0, 0, 0, 10))
        ],
        "a place keeps its first spelling"
    );
    assert_eq!(t["added"], coins(0, 300, 3, 2205, 40));
    assert_eq!(t["spent"], coins(0, 50, 0, 2, 0));
    h.ok(&["check"]);

    // Amounts that are not amounts, and holders that do not exist.
    for (args, code) in [
        (vec!["coins", "add", "12"], 2),
        (vec!["coins", "add", "12dp"], 2),
        (vec!["coins", "add", "0gp"], 2),
        (vec!["coins", "add", "1000000000001gp"], 2),
        (vec!["coins", "add", "5gp", "--to", "Nobody"], 3),
        (
            vec!["coins", "add", "5gp", "--to", "Arnaud", "--at", "Bank"],
            2,
        ),
        (vec!["coins", "move", "5gp"], 2),
    ] {
        h.refused_unchanged(&args, code);
    }
}

#[test]
fn a_share_splits_the_pool_by_shares_and_undo_gives_it_back() {
    let h = Hoard::new();
    party(&h);
    h.ok(&[
        "character",
        "add",
        "Ghost",
        "--str",
        "9",
        "--wis",
        "9",
        "--hp",
        "1",
    ]);
    h.ok(&["character", "set", "Ghost", "share", "0"]);
    h.refused_unchanged(&["share"], 4);
    h.ok(&["session", "start", "Vault"]);
    h.ok(&["coins", "add", "101gp", "3pp", "7cp", "4sp"]);
    h.ok(&["coins", "add", "10gp", "--to", "Mordo"]);
    let before = treasury(&h);
    let shared = h.json(&["share"]);
    // 2.5 shares (OSE, « Shares of Treasure »), Tobin taking half of one: 101 gp gives 40, 40
    // and 20 (1 left), 3 pp 1, 1 and 0 (1 left), 7 cp 2, 2 and 1 (2 left), 4 sp 1, 1 and 0 (2
    // left). Ghost has no share and takes no part.
    assert_eq!(
        shared["portions"],
        json!([
            { "character": "Arnaud", "share": 1, "coins": coins(2, 1, 0, 40, 1) },
            { "character": "Mordo", "share": 1, "coins": coins(2, 1, 0, 40, 1) },
            { "character": "Tobin", "share": 0.5, "coins": coins(1, 0, 0, 20, 0) },
        ])
    );
    assert_eq!(shared["remainder"], coins(2, 2, 0, 1, 1));
    assert_eq!(shared["event"]["payload"]["division"], "shares");
    assert_eq!(shared["session"], 1);
    assert_eq!(
        treasury(&h)["pool"],
        shared["remainder"],
        "the remainder stays"
    );
    assert_eq!(purse(&h, "Mordo"), coins(2, 1, 0, 50, 1));
    h.ok(&["undo"]);
    assert_eq!(treasury(&h), before, "every purse and the pool, exactly");
    h.ok(&["check"]);
    let text = h.ok(&["share"]);
    assert!(
        text.contains("The pool is shared among 2.5 shares (session 1):"),
        "{text}"
    );
    assert!(
        text.contains("Arnaud (1 share): 1 pp, 40 gp, 1 sp, 2 cp (worth 45 gp 12 cp)"),
        "{text}"
    );
    assert!(
        text.contains("left in the pool: 1 pp, 1 gp, 2 sp, 2 cp"),
        "{text}"
    );
    // What is left is too little for anyone: refused, all of it stays.
    let stderr = h.refused_unchanged(&["share"], 4);
    assert!(
        stderr.contains("among 2.5 shares gives nobody a coin"),
        "{stderr}"
    );
    assert_eq!(treasury(&h)["pool"], coins(2, 2, 0, 1, 1));
    h.ok(&["check"]);
}

#[test]
fn experience_counts_the_treasure_brought_back_and_the_monsters() {
    let h = Hoard::new();
    party(&h);
    h.refused_unchanged(&["xp", "award"], 3);
    h.ok(&["session", "start", "The Barrow"]);
    h.ok(&["coins", "add", "1200gp", "300sp", "40pp"]);
    h.ok(&["coins", "add", "99cp", "--to", "Arnaud"]);
    // Not brought back: coins and a gem left where they lay, a voided find, a magic item.
    h.ok(&["coins", "add", "5000gp", "--at", "Dragon's lair"]);
    h.ok(&[
        "valuable", "add", "Idol", "--value", "900gp", "--kind", "art", "--at", "Crypt",
    ]);
    h.ok(&["coins", "add", "777gp"]);
    h.ok(&["undo"]);
    h.ok(&["--seed", "3", "generate", "ring"]);
    h.ok(&[
        "valuable",
        "add",
        "Bloodstone",
        "--value",
        "50gp",
        "--kind",
        "gem",
    ]);
    h.ok(&["session", "end"]);
    let award = h.json(&["xp", "award", "--monsters", "150"]);
    // 1430 gp + 99 cp (0.99 gp) + 50 gp = 1480 XP for treasure; 1630 in all, in three shares
    // (the retainer counted as one).
    assert_eq!(award["treasure"]["xp"], 1480);
    assert_eq!(award["total"], 1630);
    assert_eq!(award["shares"], 3);
    let p = &award["portions"];
    // Arnaud: 543 + 5 % = 570 (570.15 rounded down): 7870, still 3rd level.
    assert_eq!(
        (
            &p[0]["base"],
            &p[0]["percent"],
            &p[0]["adjusted"],
            &p[0]["xp"],
            &p[0]["level"]
        ),
        (
            &json!(543),
            &json!(5),
            &json!(570),
            &json!(7870),
            &Value::Null
        )
    );
    // Mordo: 543 + 10 % = 597.
    assert_eq!(
        (&p[1]["adjusted"], &p[1]["xp"]),
        (&json!(597), &json!(20597))
    );
    // Tobin, half a share: 271 (half of 543.3) − 10 % for STR 8 = 243.
    assert_eq!(
        (&p[2]["base"], &p[2]["percent"], &p[2]["gained"]),
        (&json!(271), &json!(-10), &json!(243))
    );
    let sheet = h.json(&["character", "show", "Arnaud"]);
    assert_eq!((&sheet["xp"], &sheet["level"]), (&json!(7870), &json!(3)));

    // Once a session; voided, it can be given again — and the XP come back exactly.
    let stderr = h.refused_unchanged(&["xp", "award", "--session", "1"], 4);
    assert!(stderr.contains("was awarded by event"), "{stderr}");
    h.ok(&["undo"]);
    assert_eq!(h.json(&["character", "show", "Arnaud"])["xp"], 7300);
    let text = h.ok(&["xp", "award", "--monsters", "530"]);
    assert!(
        text.contains("Arnaud (1 share): 670, +5% for STR 13 = 703 → 8003 XP; reaches level 4!"),
        "{text}"
    );
    let sheet = h.json(&["character", "show", "Arnaud"]);
    assert_eq!((&sheet["xp"], &sheet["level"]), (&json!(8003), &json!(4)));
    assert!(
        h.ok(&["character", "show", "Arnaud"])
            .contains("XP 8003, level 5 at 16000")
    );
    h.ok(&["undo"]);
    assert_eq!(h.json(&["character", "show", "Arnaud"])["level"], 3);
    h.ok(&["check"]);

    // A session that brought nothing back, and no monsters: nothing to award.
    h.ok(&["session", "start", "Empty"]);
    let stderr = h.refused_unchanged(&["xp", "award"], 4);
    assert!(stderr.contains("nothing to award"), "{stderr}");
    h.refused_unchanged(&["xp", "award", "--session", "9"], 3);
}

#[test]
fn valuables_are_items_whose_worth_is_learnt_by_appraisal() {
    let h = Hoard::new();
    party(&h);
    let gem = h.json(&[
        "valuable",
        "add",
        "Star ruby",
        "--value",
        "500gp",
        "--kind",
        "gem",
        "--to",
        "Arnaud",
    ]);
    assert_eq!(gem["category"], "valuable");
    assert_eq!(gem["value"], coins(0, 0, 0, 500, 0));
    assert_eq!(gem["holder"], "Arnaud");
    let id = gem["id"].as_str().unwrap().to_string();
    let seen = h.json(&["item", "show", &id, "--as", "Mordo"]);
    assert_eq!(
        (&seen["name"], &seen["known"]),
        (&json!("gem"), &Value::Null)
    );
    assert!(seen.get("value").is_none(), "the worth is unknown: {seen}");
    h.refused_unchanged(&["identify", &id, "--by", "Mordo", "--method", "spell"], 4);
    h.ok(&["valuable", "appraise", &id, "--by", "Mordo"]);
    let seen = h.json(&["item", "show", &id, "--as", "Mordo"]);
    assert_eq!(seen["value"], coins(0, 0, 0, 500, 0));
    assert_eq!(
        h.json(&["item", "show", &id, "--as", "Arnaud"])["name"],
        "gem",
        "only who had it appraised knows"
    );
    // Custody as any item: given, stashed at a place, taken back from there.
    h.ok(&["give", &id, "--to", "Mordo"]);
    h.ok(&["stash", &id, "--at", "Bank"]);
    h.refused_unchanged(&["stash", &id, "--at", "bank"], 4);
    let shown = h.json(&["item", "show", &id]);
    assert_eq!(
        (&shown["holder"], &shown["place"]),
        (&Value::Null, &json!("Bank"))
    );
    let t = treasury(&h);
    assert_eq!(t["places"][0]["items"][0]["name"], "Star ruby");
    assert!(
        h.ok(&["coins"])
            .contains("Star ruby — valuable, 500 gp (at Bank)")
    );
    // The list says where an item was left, not "(party)".
    let list = h.ok(&["item", "list"]);
    let row = list.lines().find(|l| l.contains("Star ruby")).unwrap();
    assert!(
        row.contains("at Bank") && !row.contains("(party)"),
        "{list}"
    );
    h.ok(&["drop", &id]);
    assert_eq!(h.json(&["item", "show", &id])["place"], Value::Null);
    h.ok(&["stash", &id, "--at", "Bank"]);
    h.ok(&["give", &id, "--to", "Tobin"]);
    let history = h.json(&["item", "history", &id]);
    let kinds: Vec<&str> = history["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["kind"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        [
            "item_created",
            "identified",
            "item_passed",
            "item_stashed",
            "item_passed",
            "item_stashed",
            "item_passed"
        ]
    );
    h.ok(&["check"]);
    h.refused_unchanged(&["valuable", "add", "Pearl", "--value", "0gp"], 2);
    let stderr = h.refused_unchanged(&["generate", "valuable"], 2);
    assert!(stderr.contains("valuable add"), "{stderr}");
}

/// `valuable appraise --value`: a fake gem appraised at 500 gp is believed worth that by who
/// had it appraised — in every player view — until a true appraisal; the referee sees the truth,
/// the event replays and imports, and a forged belief is refused.
#[test]
fn a_wrong_appraisal_is_believed_until_the_truth_corrects_it() {
    let h = Hoard::new();
    party(&h);
    h.ok(&["session", "start", "One"]);
    let gem = h.json(&[
        "valuable",
        "add",
        "Red glass",
        "--value",
        "1gp",
        "--kind",
        "gem",
        "--to",
        "Mordo",
    ]);
    let id = gem["id"].as_str().unwrap().to_string();
    let told = h.json(&[
        "valuable", "appraise", &id, "--by", "Mordo", "--value", "500gp",
    ]);
    assert_eq!(told["believed"], coins(0, 0, 0, 500, 0), "{told}");
    let believed = |who: &str| h.json(&["item", "show", &id, "--as", who])["value"].clone();
    assert_eq!(believed("Mordo"), coins(0, 0, 0, 500, 0));
    assert_eq!(believed("Arnaud"), Value::Null, "never appraised");
    let sheet = h.ok(&["character", "show", "Mordo", "--as", "Mordo"]);
    assert!(
        sheet.contains("500 gp") && !sheet.contains(" 1 gp"),
        "{sheet}"
    );
    assert!(
        !h.ok(&["item", "show", &id, "--as", "Mordo"])
            .contains(" 1 gp")
    );
    let shown = h.json(&["item", "show", &id]);
    assert_eq!(shown["value"], coins(0, 0, 0, 1, 0), "the referee knows");
    assert!(h.ok(&["log"]).contains("told wrong: worth 500 gp"));
    // Another's true appraisal teaches them, not Mordo; Mordo's own corrects him.
    h.ok(&["valuable", "appraise", &id, "--by", "Arnaud"]);
    assert_eq!(believed("Arnaud"), coins(0, 0, 0, 1, 0));
    assert_eq!(believed("Mordo"), coins(0, 0, 0, 500, 0));
    h.ok(&["check"]);
    let ledger = h.ok(&["export"]);
    h.ok(&["valuable", "appraise", &id, "--by", "Mordo"]);
    assert_eq!(believed("Mordo"), coins(0, 0, 0, 1, 0));
    h.refused_unchanged(&["valuable", "appraise", &id, "--by", "Mordo"], 4);
    h.ok(&["undo"]);
    assert_eq!(
        believed("Mordo"),
        coins(0, 0, 0, 500, 0),
        "undone, believed again"
    );
    h.refused_unchanged(
        &[
            "valuable",
            "appraise",
            &id,
            "--by",
            "Mordo",
            "--value",
            "200000000gp",
        ],
        4,
    );
    // The ledger imports as it is; a belief that is its true worth, or on no appraisal, not.
    let file = h.dir.path().join("appraisal.jsonl");
    std::fs::write(&file, &ledger).unwrap();
    let copy = Hoard::new();
    copy.ok(&["import", file.to_str().unwrap()]);
    assert_eq!(copy.ok(&["export"]), ledger);
    assert_eq!(
        copy.json(&["item", "show", &id, "--as", "Mordo"])["value"],
        coins(0, 0, 0, 500, 0)
    );
    for forged in [
        ledger.replace(
            "\"believed\":{\"cp\":0,\"sp\":0,\"ep\":0,\"gp\":500,\"pp\":0}",
            "\"believed\":{\"cp\":0,\"sp\":0,\"ep\":0,\"gp\":1,\"pp\":0}",
        ),
        ledger.replace("\"method\":\"appraise\",", "\"method\":\"spell\","),
    ] {
        assert_ne!(forged, ledger);
        std::fs::write(&file, &forged).unwrap();
        let stderr = Hoard::new().fails(&["import", file.to_str().unwrap()], 2);
        assert!(stderr.contains("believed worth"), "{stderr}");
    }
}

/// `sell`: gems at the campaign's fraction of their worth (full by default) into the pool, a
/// magic item only at a named price, into a purse or a place on request; the item leaves play,
/// the sale is one event that undoes, replays and imports, and a forged price is refused.
#[test]
fn selling_turns_items_into_coins_at_the_campaigns_fraction() {
    let h = Hoard::new();
    party(&h);
    h.ok(&["session", "start", "One"]);
    let shown = h.ok(&["campaign", "show"]);
    assert!(
        shown.contains("sell-fraction gems: 100%") && shown.contains("sell-fraction magic: 50%"),
        "{shown}"
    );
    h.ok(&[
        "valuable", "add", "Ruby", "--value", "500gp", "--kind", "gem", "--to", "Mordo",
    ]);
    h.ok(&[
        "valuable", "add", "Furs", "--value", "5gp", "--kind", "other",
    ]);
    h.wand("Wand of frost", 5, Some("Arnaud"));
    let before = treasury(&h);
    let sold = h.json(&["sell", "Ruby", "Furs"]);
    assert_eq!(sold["event"]["kind"], "items_sold", "{sold}");
    let first_sale = sold["event"]["id"].as_i64().unwrap().to_string();
    assert_eq!(
        sold["event"]["payload"]["price"],
        coins(0, 5, 0, 502, 0),
        "500 gp + half of 5 gp"
    );
    assert_eq!(sold["balances"][0]["coins"], coins(0, 5, 0, 502, 0));
    let ruby = h.json(&["item", "show", "Ruby"]);
    assert_eq!(
        (&ruby["status"], &ruby["holder"]),
        (&json!("sold"), &json!("Mordo"))
    );
    let sheet = h.ok(&["character", "show", "Mordo", "--as", "Mordo"]);
    assert!(sheet.contains("sold"), "{sheet}");
    assert!(h.ok(&["log"]).contains("Ruby, Furs sold for"));
    let stderr = h.refused_unchanged(&["sell", "Ruby"], 4);
    assert!(stderr.contains("gone (sold)"), "{stderr}");
    // A magic item has no worth: its price is named, or it is refused.
    let stderr = h.refused_unchanged(&["sell", "Wand of frost"], 2);
    assert!(stderr.contains("--for"), "{stderr}");
    h.ok(&["sell", "Wand of frost", "--for", "300gp", "--to", "Arnaud"]);
    assert_eq!(purse(&h, "Arnaud"), coins(0, 0, 0, 300, 0));
    h.ok(&["check"]);
    let ledger = h.ok(&["export"]);
    h.ok(&["undo"]);
    assert_eq!(purse(&h, "Arnaud"), coins(0, 0, 0, 0, 0));
    assert_eq!(
        h.json(&["item", "show", "Wand of frost"])["holder"],
        "Arnaud"
    );
    // Undo never reaches past its own void: the first sale is voided by its number.
    h.ok(&["void", &first_sale]);
    assert_eq!(treasury(&h), before, "undone, the pool is as it was");
    assert_eq!(h.json(&["item", "show", "Ruby"])["holder"], "Mordo");
    // The campaign's fraction, and a place paid.
    h.ok_words("campaign set sell-fraction gems 0.5");
    h.refused_unchanged(&["campaign", "set", "sell-fraction", "gems", "1.5"], 2);
    h.refused_unchanged(&["campaign", "set", "sell-fraction", "rubies", "1"], 2);
    h.ok(&["stash", "Ruby", "--at", "Bank"]);
    h.json(&["sell", "Ruby", "--at", "Bank"]);
    let bank = &treasury(&h)["places"][0];
    assert_eq!(bank["coins"], coins(0, 0, 0, 250, 0));
    assert_eq!(
        bank["items"],
        json!([]),
        "a place no longer holds what was sold there"
    );
    h.ok(&["check"]);
    // The ledger imports as it is; a default price that is not the fraction's, not.
    imports_as_it_is_not_forged(&h, &ledger, ("\"gp\":502", "\"gp\":902"), "not a sale");
}

/// `ledger` (an export of `h`) imports into a new database and exports the same; with
/// `forge.0` made `forge.1` it is refused (exit 2) for `why`.
pub(crate) fn imports_as_it_is_not_forged(h: &Hoard, ledger: &str, forge: (&str, &str), why: &str) {
    let file = h.dir.path().join("ledger.jsonl");
    std::fs::write(&file, ledger).unwrap();
    let copy = Hoard::new();
    copy.ok(&["import", file.to_str().unwrap()]);
    assert_eq!(copy.ok(&["export"]), ledger);
    let forged = ledger.replace(forge.0, forge.1);
    assert_ne!(forged, ledger, "{} is in the ledger", forge.0);
    std::fs::write(&file, &forged).unwrap();
    let stderr = Hoard::new().fails(&["import", file.to_str().unwrap()], 2);
    assert!(stderr.contains(why), "{stderr}");
}

/// `exchange`: coins changed at the rates, what does not convert exactly left with its
/// holder, less the campaign's fee rounded up; one event that undoes, replays and imports.
#[test]
fn coins_are_exchanged_at_the_rates_less_the_changers_fee() {
    let h = Hoard::new();
    party(&h);
    h.ok(&["coins", "add", "1205sp", "3pp"]);
    let done = h.json(&["exchange", "1205sp", "--for", "gp"]);
    assert_eq!(done["event"]["kind"], "coins_exchanged", "{done}");
    assert_eq!(done["balances"][0]["coins"], coins(0, 5, 0, 120, 3));
    let totals = treasury(&h);
    assert_eq!(totals["pool"], coins(0, 5, 0, 120, 3));
    h.ok(&["undo"]);
    assert_eq!(treasury(&h)["pool"], coins(0, 1205, 0, 0, 3));
    h.refused_unchanged(&["exchange", "9sp", "--for", "gp"], 4);
    h.refused_unchanged(&["exchange", "5gp", "--for", "gp"], 2);
    h.refused_unchanged(&["exchange", "5gp", "--for", "zz"], 2);
    h.refused_unchanged(&["exchange", "4pp", "--for", "gp"], 4);
    h.ok_words("campaign set exchange-fee 3");
    assert!(h.ok(&["campaign", "show"]).contains("exchange-fee: 3%"));
    h.ok(&["exchange", "1200sp", "--for", "gp"]);
    assert_eq!(
        treasury(&h)["pool"],
        coins(0, 5, 0, 116, 3),
        "120 gp less 4"
    );
    assert!(
        h.ok(&["log"])
            .contains("exchanged for 116 gp (less the changer's 3%)")
    );
    h.ok(&["coins", "move", "2pp", "--to", "Tobin"]);
    h.ok(&["exchange", "2pp", "--for", "gp", "--from", "Tobin"]);
    assert_eq!(purse(&h, "Tobin"), coins(0, 0, 0, 9, 0), "10 gp less 1");
    h.ok(&["check"]);
    let ledger = h.ok(&["export"]);
    imports_as_it_is_not_forged(&h, &ledger, ("\"gp\":116", "\"gp\":120"), "not an exchange");
}

/// `campaign set xp-from sold`: experience counts coins brought back and the price valuables
/// fetch, in the session they are sold, not their worth when found; a sale of magic items
/// never counts, nor mixes with valuables. `found` (the default) is today's rule.
#[test]
fn experience_counts_treasure_found_or_sold_as_the_campaign_says() {
    let h = Hoard::new();
    party(&h);
    assert!(h.ok(&["campaign", "show"]).contains("xp-from: found"));
    h.refused_unchanged(&["campaign", "set", "xp-from", "spent"], 2);
    h.ok_words("campaign set xp-from sold");
    h.ok(&["session", "start", "Lair"]);
    h.ok(&["coins", "add", "100gp"]);
    h.ok(&[
        "valuable", "add", "Ruby", "--value", "1000gp", "--kind", "gem",
    ]);
    h.wand("Wand of frost", 5, None);
    let found = h.json(&["xp", "award"]);
    assert_eq!(found["treasure"]["counted"], "sold", "{found}");
    assert_eq!(found["treasure"]["xp"], 100, "the ruby counts when sold");
    h.ok(&["session", "end"]);
    h.ok(&["session", "start", "Market"]);
    let stderr = h.refused_unchanged(&["sell", "Ruby", "Wand of frost", "--for", "900gp"], 2);
    assert!(stderr.contains("sell magic items apart"), "{stderr}");
    h.ok_words("campaign set sell-fraction gems 0.8");
    h.ok(&["sell", "Ruby"]);
    h.ok(&["sell", "Wand of frost", "--for", "2000gp"]);
    let text = h.ok(&["xp", "award", "--session", "2"]);
    assert!(
        text.contains("treasure realised (xp-from sold): 0 gp in coins brought back + 800 gp from valuables sold = 800 XP"),
        "{text}"
    );
    h.ok(&["check"]);
    let ledger = h.ok(&["export"]);
    // An award that counts what the campaign's rule does not, refused on import.
    let forge = ("\"counted\":\"sold\"", "\"counted\":\"found\"");
    imports_as_it_is_not_forged(&h, &ledger, forge, "xp_awarded");
    // Back to `found`: the worth when brought back, and sales count for nothing.
    h.ok(&["undo"]);
    h.ok_words("campaign set xp-from found");
    let stderr = h.refused_unchanged(&["xp", "award", "--session", "2"], 4);
    assert!(stderr.contains("nothing to award"), "{stderr}");
}

#[test]
fn a_character_document_gains_coins_xp_and_share() {
    let h = Hoard::new();
    party(&h);
    let sheet = h.json(&["character", "show", "Mordo"]);
    assert_eq!(sheet["coins"], coins(0, 0, 0, 0, 0));
    assert_eq!(sheet["xp"], 20000, "the XP a 5th-level magic-user needs");
    assert_eq!(sheet["share"], 1);
    assert_eq!(sheet["int"], 17);
    assert_eq!(h.json(&["character", "show", "Tobin"])["share"], 0.5);
    h.ok(&["character", "set", "Tobin", "share", "1.5"]);
    h.ok(&["character", "set", "Tobin", "dex", "14"]);
    h.ok(&["character", "set", "Tobin", "xp", "1999"]);
    let tobin = h.json(&["character", "show", "Tobin"]);
    assert_eq!(
        (&tobin["share"], &tobin["dex"], &tobin["xp"]),
        (&json!(1.5), &json!(14), &json!(1999))
    );
    for (key, value) in [
        ("share", "0.3"),
        ("share", "11"),
        ("xp", "-1"),
        ("int", "19"),
    ] {
        h.refused_unchanged(&["character", "set", "Tobin", key, value], 2);
    }
    let text = h.ok(&["character", "show", "Mordo"]);
    assert!(text.contains("  STR 9  WIS 14  INT 17  HP 7/7"), "{text}");
    assert!(
        text.contains("  purse: empty\n  XP 20000, level 6 at 40000"),
        "{text}"
    );
}

#[test]
fn the_session_report_tells_the_treasure_the_shares_and_the_experience() {
    let h = Hoard::new();
    party(&h);
    h.ok(&["session", "start", "The Barrow"]);
    h.ok(&["coins", "add", "100gp"]);
    h.ok(&[
        "valuable", "add", "Torc", "--value", "20gp", "--kind", "jewelry",
    ]);
    h.ok(&["session", "end"]);
    // Paid after the session ended, still reported with it.
    h.ok(&["share", "--session", "1"]);
    h.ok(&["xp", "award", "--session", "1"]);
    let report = h.json(&["report", "session", "1"]);
    assert_eq!(report["treasure"]["value_cp"], 12000);
    assert_eq!(report["treasure"]["xp"], 120);
    assert_eq!(report["shares"].as_array().unwrap().len(), 1);
    assert_eq!(report["xp"][0]["payload"]["total"], 120);
    assert_eq!(report["coins"][0]["kind"], "coins_added");
    let text = h.ok(&["report", "session", "1"]);
    for line in [
        "Torc (20 gp) — in the party's treasure",
        "Treasure brought back: 100 gp in coins + 20 gp in valuables = 120 gp",
        "Shares paid:",
        "experience for session 1: 120 XP",
    ] {
        assert!(text.contains(line), "{line}: {text}");
    }
    let arnaud = h.json(&["report", "character", "Arnaud"]);
    assert_eq!(arnaud["shares"].as_array().unwrap().len(), 1);
    assert_eq!(arnaud["xp"].as_array().unwrap().len(), 1);
}

#[test]
fn the_treasury_exports_and_imports_byte_for_byte() {
    let h = Hoard::new();
    party(&h);
    h.ok(&["session", "start", "One"]);
    h.ok(&["coins", "add", "1200gp", "300sp", "40pp"]);
    h.ok(&["coins", "move", "7gp", "--to-place", "Bank"]);
    h.ok(&[
        "--seed", "2", "valuable", "add", "Gem", "--value", "50gp", "--kind", "gem",
    ]);
    h.ok(&["stash", "Gem", "--at", "Bank"]);
    h.ok(&["share"]);
    h.ok(&["coins", "spend", "3gp", "--from", "Tobin"]);
    h.ok(&["xp", "award", "--monsters", "10"]);
    let first = h.ok(&["export"]);
    let file = h.dir.path().join("treasury.jsonl");
    std::fs::write(&file, &first).unwrap();
    let other = Hoard::new();
    other.ok(&["import", file.to_str().unwrap()]);
    assert_eq!(other.ok(&["export"]), first);
    other.ok(&["check"]);
    assert_eq!(treasury(&other), treasury(&h));
    assert_eq!(
        other.json(&["character", "show", "Mordo"]),
        h.json(&["character", "show", "Mordo"])
    );
    // A file edited by hand is checked by the same rules: a share-out that is not the split of
    // the pool, an award that is not the rules' arithmetic.
    for (kind, field, message) in [
        ("coins_shared", "/coins/gp", "does not split the pool"),
        ("xp_awarded", "/gained", "not what the rules give"),
    ] {
        let edited: Vec<String> = first
            .lines()
            .map(|line| {
                let mut v: Value = serde_json::from_str(line).unwrap();
                if v["event"]["kind"] == kind {
                    let n = v["event"]["portions"][0].pointer_mut(field).unwrap();
                    *n = json!(n.as_i64().unwrap() + 1);
                }
                serde_json::to_string(&v).unwrap()
            })
            .collect();
        let file = h.dir.path().join(format!("{kind}.jsonl"));
        std::fs::write(&file, edited.join("\n") + "\n").unwrap();
        let stderr = other.refused_unchanged(&["import", file.to_str().unwrap(), "--as", kind], 2);
        assert!(stderr.contains(message), "{kind}: {stderr}");
    }
}

/// An amount's digits may be grouped (`1_000gp`, `1,000gp`), but a separator stands only
/// between two digits: `_1gp`, `1,,0gp` and `1__0gp` are refused, the pool unchanged.
#[test]
fn an_amount_with_a_stray_separator_is_refused() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "w", "--use"]);
    for amount in ["_1gp", "1,,0gp", "1__0gp", "1_gp"] {
        let stderr = h.refused_unchanged(&["coins", "add", amount], 2);
        assert!(stderr.contains(amount), "{stderr}");
    }
    h.ok(&["coins", "add", "1_000gp", "2,500sp"]);
    assert_eq!(treasury(&h)["pool"]["gp"], 1000);
    assert_eq!(treasury(&h)["pool"]["sp"], 2500);
}

/// One set of limits (`rules::limits`), refused where a value comes in, as a rule (exit 4) in
/// plain words, and stated by the help from the same constants.
#[test]
fn every_limit_is_refused_where_it_comes_in_and_stated_by_the_help() {
    use hoard::rules::limits;
    let (coins_cap, xp_cap, value_cap) = (limits::COINS, limits::XP, limits::VALUE_GP);
    let h = Hoard::new();
    h.ok_words("character add Druid --str 10 --wis 10 --hp 5 --class druid");
    h.ok_words("character add Brute --str 10 --wis 10 --hp 5 --class fighter --share 0");

    // Coins: a holder may reach the limit exactly, not pass it; another holder may still.
    h.ok(&["session", "start"]);
    let full = format!("{coins_cap}gp");
    h.ok(&["coins", "add", &full]);
    let stderr = h.refused_unchanged(&["coins", "add", "1gp"], 4);
    assert!(
        stderr.contains(&format!("the pool would hold more than {coins_cap} gp")),
        "{stderr}"
    );
    h.ok(&["coins", "add", &full, "--at", "Bank"]);
    h.ok(&["coins", "add", &full, "--to", "Druid"]);
    h.refused_unchanged(
        &[
            "coins",
            "move",
            "1gp",
            "--from",
            "Druid",
            "--to-place",
            "Bank",
        ],
        4,
    );
    let too_many = format!("{}gp", coins_cap + 1);
    h.fails(&["coins", "add", &too_many], 2);

    // A valuable's worth.
    let dear = format!("{value_cap}gp");
    h.ok(&["valuable", "add", "Crown", "--value", &dear]);
    let stderr = h.refused_unchanged(
        &[
            "valuable",
            "add",
            "Idol",
            "--value",
            &format!("{}gp", value_cap + 1),
        ],
        4,
    );
    assert!(
        stderr.contains(&format!("Idol is worth more than {value_cap} gp")),
        "{stderr}"
    );

    // An award in all: the session brought back a crown and two trillion gold pieces.
    let stderr = h.refused_unchanged(&["xp", "award"], 4);
    assert!(
        stderr.contains(&format!("more than the {xp_cap} one award may give")),
        "{stderr}"
    );
    h.ok(&["coins", "spend", &full]);
    h.ok(&["coins", "spend", &full, "--from", "Druid"]);
    h.ok(&["session", "end"]);

    // A sheet: a druid (no level table) keeps all it earns, up to the limit.
    let monsters = xp_cap.to_string();
    h.ok(&["session", "start"]);
    h.ok(&["xp", "award", "--monsters", &monsters]);
    h.ok(&["session", "end"]);
    h.ok(&["session", "start"]);
    let stderr = h.refused_unchanged(&["xp", "award", "--monsters", "1"], 4);
    assert!(
        stderr.contains(&format!("Druid would have {} XP", xp_cap + 1)),
        "{stderr}"
    );
    h.fails(&["xp", "award", "--monsters", &(xp_cap + 1).to_string()], 2);
    h.ok(&["check"]);

    // The help says the same numbers.
    for (args, says) in [
        (
            &["coins", "add", "--help"][..],
            format!("at most {coins_cap} of one coin"),
        ),
        (
            &["valuable", "add", "--help"],
            format!("at most {value_cap} gp"),
        ),
        (&["xp", "award", "--help"], format!("0 to {xp_cap}")),
        (&["character", "add", "--help"], format!("0 to {xp_cap}")),
    ] {
        let help = h.ok(args).split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(help.contains(&says), "{args:?}: {help}");
    }
}

/// Treasure recorded with no session open counts toward no session's experience, and says so;
/// `--session N` attaches it to session N, ended or not, and `xp award --session N` counts it.
#[test]
fn treasure_recorded_between_sessions_says_where_it_counts() {
    let h = Hoard::new();
    party(&h);
    h.ok(&["session", "start", "The Barrow"]);
    let text = h.ok(&["coins", "add", "10gp"]);
    assert!(!text.contains("no session is open"), "{text}");
    h.ok(&["session", "end"]);
    let text = h.ok(&["coins", "add", "100gp"]);
    assert!(
        text.contains("no session is open: these coins count toward no session's experience; `--session N` attaches them to one"),
        "{text}"
    );
    assert_eq!(h.json(&["coins", "add", "1gp"])["session"], Value::Null);
    h.ok(&["undo"]);
    let text = h.ok(&["valuable", "add", "Opal", "--value", "40gp"]);
    assert!(
        text.contains("this valuable counts toward no session"),
        "{text}"
    );
    h.ok(&["undo"]);
    let fr = h.ok(&["--lang", "fr", "coins", "add", "1cp", "--at", "Cave"]);
    assert!(!fr.contains("session"), "left where they lay: {fr}");
    // Named: an ended session takes them, a missing one is refused.
    h.refused_unchanged(&["coins", "add", "50gp", "--session", "2"], 3);
    h.refused_unchanged(
        &[
            "valuable",
            "add",
            "Opal",
            "--value",
            "40gp",
            "--session",
            "0",
        ],
        3,
    );
    let added = h.json(&["coins", "add", "50gp", "--session", "1"]);
    assert_eq!(added["session"], 1);
    let text = h.ok(&[
        "valuable",
        "add",
        "Opal",
        "--value",
        "40gp",
        "--session",
        "1",
    ]);
    assert!(text.contains("`xp award --session 1` counts it"), "{text}");
    // 10 gp in the session, 50 gp and a 40 gp opal named for it; the 100 gp count for none.
    let award = h.json(&["xp", "award", "--session", "1"]);
    assert_eq!(award["treasure"]["xp"], 100, "{award}");
    // Recorded in a later session but named for session 1, it counts for 1 alone.
    h.ok(&["undo"]);
    h.ok(&["session", "start", "Home"]);
    h.ok(&["coins", "add", "7gp", "--session", "1"]);
    h.ok(&["coins", "add", "3gp"]);
    assert_eq!(
        h.json(&["xp", "award", "--session", "1"])["treasure"]["xp"],
        107
    );
    assert_eq!(
        h.json(&["xp", "award", "--session", "2"])["treasure"]["xp"],
        3
    );
    h.ok(&["check"]);
    let first = h.ok(&["export"]);
    let file = h.dir.path().join("treasury.jsonl");
    std::fs::write(&file, &first).unwrap();
    let copy = Hoard::new();
    copy.ok(&["import", file.to_str().unwrap()]);
    assert_eq!(copy.ok(&["export"]), first);
    copy.ok(&["check"]);
    // A ledger naming a session that never started cannot stand.
    let forged = first.replace("\"session\":1}", "\"session\":9}");
    assert_ne!(forged, first);
    std::fs::write(&file, &forged).unwrap();
    let stderr = Hoard::new().fails(&["import", file.to_str().unwrap()], 2);
    assert!(
        stderr.contains("session 9, which has not started"),
        "{stderr}"
    );
}

/// Two fighters on full shares and a retainer on a half share, all alive.
fn company(h: &Hoard) {
    h.ok_words("character add Arnaud --str 9 --wis 9 --hp 12 --class fighter");
    h.ok_words("character add Bertrand --str 9 --wis 9 --hp 8 --class fighter");
    h.ok_words("character add Tobin --str 9 --wis 9 --hp 4 --class fighter --share 0.5");
}

#[test]
fn five_characters_and_a_retainer_share_treasure_by_five_and_a_half_shares() {
    // OSE, Retainers, « Shares of Treasure »: 2,750 gp divided by 5.5, 500 each and 250.
    let h = Hoard::new();
    for name in ["Anna", "Bela", "Cid", "Dora", "Emil"] {
        h.ok_words(&format!(
            "character add {name} --str 9 --wis 9 --hp 6 --class fighter"
        ));
    }
    h.ok_words("character add Tobin --str 9 --wis 9 --hp 4 --class fighter --share 0.5");
    h.ok_words("session start Barrow");
    h.ok_words("coins add 2750gp");
    let shared = h.json(&["share"]);
    let gp: Vec<&Value> = (0..6)
        .map(|i| &shared["portions"][i]["coins"]["gp"])
        .collect();
    assert_eq!(
        gp,
        [&json!(500); 5]
            .into_iter()
            .chain([&json!(250)])
            .collect::<Vec<_>>()
    );
    assert_eq!(shared["remainder"]["gp"], 0);
    assert!(h.ok(&["check"]).starts_with("ok:"));
}

#[test]
fn a_retainer_takes_half_a_share_of_treasure_and_half_a_part_of_experience() {
    let h = Hoard::new();
    company(&h);
    h.ok_words("session start Barrow");
    h.ok_words("coins add 250gp 301pp 7cp");
    let shared = h.json(&["share"]);
    // 2.5 shares: 250 gp in shares of 100 (100, 100 and 50); 301 pp in shares of 120.4 (120,
    // 120, 60, 1 left); 7 cp in shares of 2.8 (2, 2 and 1, 2 left).
    assert_eq!(
        shared["portions"],
        json!([
            { "character": "Arnaud", "share": 1, "coins": coins(2, 0, 0, 100, 120) },
            { "character": "Bertrand", "share": 1, "coins": coins(2, 0, 0, 100, 120) },
            { "character": "Tobin", "share": 0.5, "coins": coins(1, 0, 0, 50, 60) },
        ])
    );
    assert_eq!(shared["remainder"], coins(2, 0, 0, 0, 1));
    let text = h.ok(&["explain", &shared["event"]["id"].to_string()]);
    assert!(
        text.contains("a retainer's half share counting half"),
        "{text}"
    );
    // Experience alike, for a session that brought back no treasure: 300 XP is 100, 100 and
    // 50; the other 50 is nobody's.
    h.ok_words("session end");
    h.ok_words("session start Wilds");
    let award = h.json(&["xp", "award", "--monsters", "300"]);
    assert_eq!(award["shares"], 3);
    let gained: Vec<&Value> = (0..3).map(|i| &award["portions"][i]["gained"]).collect();
    assert_eq!(gained, [&json!(100), &json!(100), &json!(50)]);
    assert!(h.ok(&["check"]).starts_with("ok:"));

    // Without a retainer, equal shares and only what does not divide stays.
    h.ok_words("character set Tobin share 1");
    h.ok_words("coins spend 1pp 2cp");
    h.ok_words("coins add 301gp");
    let shared = h.json(&["share"]);
    assert_eq!(shared["portions"][2]["coins"]["gp"], 100);
    assert_eq!(shared["remainder"], coins(0, 0, 0, 1, 0));
    // Two retainers make one share between them: 300 gp among one and two retainers.
    h.ok_words("character set Bertrand share 0.5");
    h.ok_words("character set Tobin share 0.5");
    h.ok_words("coins spend 1gp");
    h.ok_words("coins add 300gp");
    let shared = h.json(&["share"]);
    let gp: Vec<&Value> = (0..3)
        .map(|i| &shared["portions"][i]["coins"]["gp"])
        .collect();
    assert_eq!(gp, [&json!(150), &json!(75), &json!(75)]);
    assert_eq!(shared["remainder"]["gp"], 0);
}

#[test]
fn the_dead_get_no_experience_and_their_treasure_by_the_campaign_s_choice() {
    let h = Hoard::new();
    company(&h);
    h.ok_words("session start Crypt");
    let text = h.ok_words("character damage Bertrand 10");
    assert!(text.contains("Bertrand is dead."), "{text}");
    // The survivors divide 100 XP: Arnaud and his retainer, in shares of 50.
    let award = h.json(&["xp", "award", "--monsters", "100"]);
    let names: Vec<&Value> = (0..2).map(|i| &award["portions"][i]["character"]).collect();
    assert_eq!(names, [&json!("Arnaud"), &json!("Tobin")]);
    assert_eq!(award["portions"][0]["gained"], 50);
    assert_eq!(award["portions"][1]["gained"], 25);
    assert_eq!(award["shares"], 2);
    assert_eq!(h.json(&["character", "show", "Bertrand"])["xp"], 0);
    h.ok(&["undo"]);

    // Treasure: by default the dead take no share and the survivors divide it.
    assert!(
        h.ok(&["campaign", "show"])
            .contains("dead-share: survivors")
    );
    h.ok_words("coins add 250gp");
    let shared = h.json(&["share"]);
    assert_eq!(shared["portions"].as_array().unwrap().len(), 2);
    // 1.5 shares: 166 and 83, 1 left.
    assert_eq!(shared["portions"][0]["coins"]["gp"], 166);
    assert_eq!(shared["portions"][1]["coins"]["gp"], 83);
    assert_eq!(shared["remainder"]["gp"], 1);
    h.ok(&["undo"]);
    // Left to their heirs, the dead's share is counted as if they lived and paid into their
    // purse; experience still goes to the living alone.
    h.ok_words("campaign set dead-share heirs");
    assert!(h.ok(&["campaign", "show"]).contains("dead-share: heirs"));
    let shared = h.json(&["share"]);
    // 250 gp to two characters and a retainer: 100, 100 and 50, the dead's to their heirs.
    assert_eq!(
        shared["portions"][1],
        json!({ "character": "Bertrand", "share": 1, "coins": coins(0, 0, 0, 100, 0) })
    );
    assert_eq!(shared["portions"][2]["coins"]["gp"], 50);
    assert_eq!(purse(&h, "Bertrand")["gp"], 100);
    let award = h.json(&["xp", "award", "--session", "1", "--monsters", "100"]);
    assert_eq!(award["portions"].as_array().unwrap().len(), 2);
    assert!(h.ok(&["check"]).starts_with("ok:"));
    let stderr = h.refused_unchanged(&["campaign", "set", "dead-share", "pool"], 2);
    assert!(stderr.contains("survivors"), "{stderr}");

    // Under AD&D's death's door the dying still take part; with nobody left, nothing is paid.
    h.ok(&["undo"]);
    h.ok_words("campaign set death adnd");
    h.ok_words("character damage Arnaud 15");
    let award = h.json(&["xp", "award", "--monsters", "100"]);
    assert_eq!(award["portions"][0]["character"], "Arnaud");
    h.ok(&["undo"]);
    h.ok_words("campaign set dead-share survivors");
    for name in ["Arnaud", "Bertrand", "Tobin"] {
        h.ok_words(&format!("character damage {name} 20"));
    }
    let stderr = h.refused_unchanged(&["xp", "award", "--monsters", "100"], 4);
    assert!(stderr.contains("every character is dead"), "{stderr}");
}

/// OSE, *Awarding XP*: "XP is awarded to all characters who survive an adventure": a late
/// award for session 1 pays who was alive at its end — Bran, who died in session 2, too — and
/// not Cid, who came into play after it.
#[test]
fn a_late_award_pays_who_survived_the_session_not_who_stands_now() {
    let h = Hoard::new();
    for name in ["Ada", "Bran"] {
        h.ok_words(&format!(
            "character add {name} --str 9 --wis 9 --hp 8 --class fighter"
        ));
    }
    h.ok_words("session start One");
    h.ok_words("session end");
    h.ok_words("character add Cid --str 9 --wis 9 --hp 8 --class fighter");
    h.ok_words("session start Two");
    h.ok_words("character damage Bran 10");
    h.ok_words("session end");
    let award = h.json(&["xp", "award", "--session", "1", "--monsters", "100"]);
    let paid: Vec<(&Value, &Value)> = award["portions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (&p["character"], &p["gained"]))
        .collect();
    assert_eq!(
        paid,
        [(&json!("Ada"), &json!(50)), (&json!("Bran"), &json!(50))],
        "{award}"
    );
    assert_eq!(award["event"]["payload"]["survivors"], true);
    assert!(h.ok(&["check"]).starts_with("ok:"));
    // An award forged to pay Cid for session 1 instead is refused at import.
    let id = |name: &str| {
        h.json(&["character", "show", name])["id"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let (bran, cid) = (id("Bran"), id("Cid"));
    let ledger = h.ok(&["export"]);
    let forged: String = ledger
        .lines()
        .map(|line| match line.contains("\"xp_awarded\"") {
            true => line.replace(&bran, &cid).replace("\"Bran\"", "\"Cid\""),
            false => line.to_string(),
        } + "\n")
        .collect();
    assert_ne!(forged, ledger);
    let file = h.dir.path().join("forged.jsonl");
    std::fs::write(&file, &forged).unwrap();
    let stderr = Hoard::new().fails(&["import", file.to_str().unwrap()], 2);
    assert!(
        stderr.contains("it pays Cid, who was not alive at the end of session 1"),
        "{stderr}"
    );
    // Session 2's award: Bran is dead at its end, Cid alive.
    let award = h.json(&["xp", "award", "--session", "2", "--monsters", "100"]);
    let names: Vec<&Value> = (0..2).map(|i| &award["portions"][i]["character"]).collect();
    assert_eq!(names, [&json!("Ada"), &json!("Cid")], "{award}");
    assert!(h.ok(&["check"]).starts_with("ok:"));
}

#[test]
fn explain_gives_the_rule_of_a_sale_and_of_an_exchange() {
    let h = Hoard::new();
    h.ok_words("valuable add Ruby --value 500gp --kind gem");
    let sold = h.json(&["sell", "Ruby"]);
    let text = h.ok(&["explain", &sold["event"]["id"].to_string()]);
    assert!(text.contains("Selling treasure"), "{text}");
    h.ok_words("coins add 1205sp");
    h.ok_words("campaign set exchange-fee 3");
    let changed = h.json(&["exchange", "1205sp", "--for", "gp"]);
    let text = h.ok(&["explain", &changed["event"]["id"].to_string()]);
    assert!(
        text.contains("Changing coins (OSE Rules Tome, Coins"),
        "{text}"
    );
    assert!(
        text.contains("116 gp received, after a fee of 3%"),
        "{text}"
    );
}

/// The coins of a share-out's portions and what it left, added up denomination by
/// denomination.
fn paid_and_left(shared: &Value) -> Value {
    let mut sum = shared["remainder"].clone();
    for p in shared["portions"].as_array().unwrap() {
        for d in ["cp", "sp", "ep", "gp", "pp"] {
            sum[d] = json!(sum[d].as_i64().unwrap() + p["coins"][d].as_i64().unwrap());
        }
    }
    sum
}

#[test]
fn share_items_counts_what_each_received_against_their_share() {
    let h = Hoard::new();
    company(&h);
    h.ok_words("session start Barrow");
    h.ok_words("coins add 1000gp");
    // A ruby claimed and appraised; a pearl given, which Tobin's jeweller says is worth 60 gp
    // (it is worth 40: the party's belief counts, not the truth); a sword nobody can price;
    // an opal Arnaud took and gave Bertrand, which neither received from the treasure.
    h.ok_words("valuable add Ruby --value 300gp");
    h.ok_words("valuable add Pearl --value 40gp");
    h.ok_words("valuable add Opal --value 50gp");
    h.ok_words("item add Sword --category weapon");
    h.ok_words("claim Ruby need --by Arnaud");
    h.ok_words("claim Sword need --by Bertrand");
    h.ok_words("claims settle");
    h.ok_words("valuable appraise Ruby --by Arnaud");
    h.ok_words("give Pearl --to Tobin");
    h.ok_words("valuable appraise Pearl --by Tobin --value 60gp");
    h.ok_words("give Opal --to Arnaud");
    h.ok_words("give Opal --to Bertrand");
    h.ok_words("valuable appraise Opal --by Bertrand");
    let before = treasury(&h);
    let shared = h.json(&["share", "--items"]);
    // 1,000 gp and 360 gp of items in 2.5 shares: 544 gp a share. Arnaud is paid 544 less his
    // ruby, Bertrand 544 (his sword's worth is unknown: nothing), Tobin 272 less 60.
    let gp = |n: i64| coins(0, 0, 0, n, 0);
    let ids: Vec<String> = ["Ruby", "Sword", "Pearl"]
        .iter()
        .map(|n| {
            h.json(&["item", "show", n])["id"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    let item = |n: usize, name: &str, worth: Value| json!({ "item": ids[n], "name": name, "name_fr": name, "worth": worth });
    assert_eq!(
        shared["portions"],
        json!([
            { "character": "Arnaud", "share": 1, "coins": gp(244), "items_worth": gp(300),
              "items": [item(0, "Ruby", gp(300))] },
            { "character": "Bertrand", "share": 1, "coins": gp(544), "items_worth": gp(0),
              "items": [item(1, "Sword", Value::Null)] },
            { "character": "Tobin", "share": 0.5, "coins": gp(212), "items_worth": gp(60),
              "items": [item(2, "Pearl", gp(60))] },
        ])
    );
    assert_eq!(
        paid_and_left(&shared),
        before["pool"],
        "no coin lost or made"
    );
    let id = shared["event"]["id"].to_string();
    let text = h.ok(&["explain", &id]);
    for line in [
        "Items counted against shares",
        "worth divided: 1360 gp (the pool's 1000 gp and 360 gp of items) in 2.5 shares",
        "Arnaud (1 share): fair part 544 gp less items worth 300 gp: 244 gp",
        "items: Ruby (300 gp)",
        "items: Sword (worth unknown)",
        "Tobin (0.5 share): fair part 272 gp less items worth 60 gp: 212 gp",
    ] {
        assert!(text.contains(line), "{line} in {text}");
    }
    h.ok(&["check"]);
    h.ok(&["undo"]);
    assert_eq!(treasury(&h), before, "undone, every coin back");
    h.ok(&["share", "--items"]);

    // What was counted is not counted again: the next share-out is the plain one.
    h.ok_words("coins add 100gp");
    let again = h.json(&["share", "--items"]);
    let plain: Vec<&Value> = (0..3).map(|i| &again["portions"][i]["coins"]).collect();
    assert_eq!(plain, [&gp(40), &gp(40), &gp(20)]);
    assert_eq!(again["portions"][0]["items"], json!([]));

    // An emerald worth more than Bertrand's fair part of 2,500 gp 7 sp: he keeps it and is
    // paid nothing, and Arnaud and Tobin share the 500 gp 7 sp as if he had not shared.
    h.ok_words("valuable add Emerald --value 2000gp");
    h.ok_words("give Emerald --to Bertrand");
    h.ok_words("valuable appraise Emerald --by Bertrand");
    h.ok_words("coins add 500gp 7sp");
    let pool = treasury(&h)["pool"].clone();
    let shared = h.json(&["share", "--items"]);
    let coins_of: Vec<&Value> = (0..3).map(|i| &shared["portions"][i]["coins"]).collect();
    assert_eq!(
        coins_of,
        [
            &coins(0, 4, 0, 333, 0),
            &coins(0, 0, 0, 0, 0),
            &coins(0, 2, 0, 166, 0)
        ]
    );
    assert_eq!(shared["remainder"], coins(0, 1, 0, 1, 0));
    assert_eq!(paid_and_left(&shared), pool, "no coin lost or made");
    let text = h.ok(&["explain", &shared["event"]["id"].to_string()]);
    assert!(
        text.contains("Bertrand (1 share): items worth 2000 gp, more than a fair part: nothing"),
        "{text}"
    );
    h.ok(&["check"]);
}

#[test]
fn share_items_counts_the_heirs_items_only_when_the_dead_share() {
    let h = Hoard::new();
    company(&h);
    h.ok_words("session start Barrow");
    h.ok_words("coins add 1000gp");
    h.ok_words("valuable add Ruby --value 500gp");
    h.ok_words("give Ruby --to Bertrand");
    h.ok_words("valuable appraise Ruby --by Bertrand");
    h.ok_words("character damage Bertrand 8");
    let gp = |n: i64| coins(0, 0, 0, n, 0);
    let paid = |shared: &Value| -> Vec<(Value, Value)> {
        let all = shared["portions"].as_array().unwrap();
        all.iter()
            .map(|p| (p["character"].clone(), p["coins"].clone()))
            .collect()
    };
    // The survivors divide the pool without the dead, nor his ruby: 1,000 gp in 1.5 shares.
    let shared = h.json(&["share", "--items"]);
    assert_eq!(
        paid(&shared),
        [(json!("Arnaud"), gp(666)), (json!("Tobin"), gp(333))]
    );
    assert_eq!(shared["remainder"], gp(1));
    h.ok(&["undo"]);
    // His heirs take his share, less the ruby he took: 1,500 gp in 2.5 shares, 600 a share.
    h.ok_words("campaign set dead-share heirs");
    let shared = h.json(&["share", "--items"]);
    assert_eq!(
        paid(&shared),
        [
            (json!("Arnaud"), gp(600)),
            (json!("Bertrand"), gp(100)),
            (json!("Tobin"), gp(300))
        ]
    );
    assert_eq!(shared["portions"][1]["items_worth"], gp(500));
    assert_eq!(
        purse(&h, "Bertrand"),
        gp(100),
        "in his purse, for his heirs"
    );
    h.ok(&["check"]);
}
