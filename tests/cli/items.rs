//! The item rules played through the CLI: a small campaign, its state and its reports, and a
//! randomised scenario whose ledger must always rebuild the stored state.

use serde_json::Value;

use crate::common::{Hoard, kinds};

fn party(h: &Hoard) {
    h.ok(&[
        "character",
        "add",
        "Arnaud",
        "--str",
        "12",
        "--wis",
        "10",
        "--hp",
        "10",
        "--class",
        "fighter",
        "--alignment",
        "lawful",
    ]);
    h.ok(&[
        "character",
        "add",
        "Mordo",
        "--str",
        "9",
        "--wis",
        "12",
        "--hp",
        "6",
        "--class",
        "magic-user",
        "--level",
        "5",
    ]);
    h.ok(&[
        "character",
        "add",
        "Lirael",
        "--str",
        "10",
        "--wis",
        "11",
        "--hp",
        "7",
        "--class",
        "bard",
        "--level",
        "6",
        "--alignment",
        "chaotic",
    ]);
}

fn id(v: &Value) -> String {
    v["id"].as_str().unwrap().to_string()
}

#[test]
fn a_small_campaign_keeps_every_rule() {
    let h = Hoard::new();
    party(&h);
    h.ok(&["campaign", "set", "scroll-fade", "5"]);
    h.ok(&["session", "start", "The", "Barrow"]);

    // A potion: tasted (known, not used), drunk (gone), its effect ends with time.
    let potion = h.json(&[
        "item",
        "add",
        "Potion of Heroism",
        "--category",
        "potion",
        "--consumable",
        "--to",
        "Arnaud",
    ]);
    let shown = h.json(&["item", "show", &id(&potion), "--as", "Arnaud"]);
    assert_eq!(shown["name"], "unknown potion");
    assert_eq!(shown["known"], Value::Null);
    h.ok(&["taste", &id(&potion), "--by", "Arnaud"]);
    assert_eq!(
        h.json(&["item", "show", &id(&potion), "--as", "Arnaud"])["name"],
        "Potion of Heroism"
    );
    assert_eq!(
        h.json(&["item", "show", &id(&potion), "--as", "Mordo"])["name"],
        "unknown potion"
    );
    let drunk = h.json(&["--seed", "1", "drink", &id(&potion)]);
    let delay = drunk["delay"].as_i64().unwrap();
    let turns = drunk["duration"].as_i64().unwrap();
    assert!((2..=5).contains(&delay), "1d4+1");
    assert!((5..=8).contains(&turns), "4+1d4 turns");
    let stderr = h.refused_unchanged(&["drink", &id(&potion)], 4);
    assert!(stderr.contains("already used up"), "{stderr}");
    let sheet = h.json(&["character", "show", "Arnaud"]);
    assert_eq!(sheet["effects"].as_array().unwrap().len(), 1);
    assert_eq!(sheet["effects"][0]["rounds_left"], turns * 10);
    let advanced = h.json(&["time", "advance", &turns.to_string(), "turns"]);
    assert_eq!(advanced["ended"][0]["character"], "Arnaud");
    assert_eq!(
        h.json(&["character", "show", "Arnaud"])["effects"],
        serde_json::json!([])
    );

    // Scrolls: given unread they may fade (fixed 5 %); read with --read they cannot.
    let scroll = h.json(&[
        "--seed", "3", "generate", "scroll", "--to", "Mordo", "--read",
    ]);
    let scroll_id = id(&scroll[0]);
    let log = h.ok(&["--json", "log", "--kind", "scroll_fade"]);
    assert_eq!(log.lines().count(), 0, "read at once: no fade roll");
    let protection = h.json(&[
        "item",
        "add",
        "Scroll of Protection from Undead",
        "--category",
        "scroll",
        "--kind",
        "protection",
        "--to",
        "Arnaud",
    ]);
    assert_eq!(
        kinds(&serde_json::json!({"events": protection["consequences"]})),
        ["scroll_fade"],
        "its first hand-over, at its making, rolls"
    );
    h.ok(&["give", &id(&protection), "--to", "Mordo"]);
    let fade = h.ok(&["--json", "log", "--kind", "scroll_fade"]);
    let fade: Value = serde_json::from_str(fade.trim()).unwrap();
    assert_eq!(fade["payload"]["chance"], 5);
    assert!(
        fade["payload"]["roll"]["faces"][0].is_u64(),
        "the roll is recorded either way"
    );

    // A wand: charges spent down to the last, which drains it; then nothing more.
    let wand = h.json(&[
        "item",
        "add",
        "Wand of Frost",
        "--category",
        "wand",
        "--charges",
        "3",
        "--to",
        "Mordo",
    ]);
    let used = h.json(&["use", &id(&wand), "--charges", "2"]);
    assert_eq!(used["remaining"], 1);
    h.refused_unchanged(&["use", &id(&wand), "--charges", "2"], 4);
    h.ok(&["recharge", &id(&wand), "4"]);
    let used = h.json(&["use", &id(&wand), "--charges", "5", "--by", "Mordo"]);
    assert_eq!(
        (used["remaining"].as_i64(), used["drained"].as_bool()),
        (Some(0), Some(true))
    );
    let stderr = h.refused_unchanged(&["use", &id(&wand)], 4);
    assert!(stderr.contains("drained"), "{stderr}");
    h.refused_unchanged(&["recharge", &id(&wand), "5"], 4);
    let status = h.json(&["item", "show", &id(&wand)])["status"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(status == "drained" || status == "crumbled");

    // Rings: one per hand works; two on one hand, neither; removing one restores the other.
    let warmth = h.json(&[
        "item",
        "add",
        "Ring of Warmth",
        "--category",
        "ring",
        "--to",
        "Arnaud",
    ]);
    let swim = h.json(&[
        "item",
        "add",
        "Ring of Swimming",
        "--category",
        "ring",
        "--to",
        "Arnaud",
    ]);
    h.ok(&["wear", &id(&warmth), "--hand", "left"]);
    let second = h.json(&["wear", &id(&swim), "--hand", "left"]);
    assert_eq!(second["works"], false);
    let rings = |h: &Hoard| -> Vec<(String, bool)> {
        h.json(&["character", "show", "Arnaud"])["items"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|i| i["category"] == "ring")
            .map(|i| {
                (
                    i["name"].as_str().unwrap().to_string(),
                    i["works"].as_bool().unwrap(),
                )
            })
            .collect()
    };
    assert!(
        rings(&h).iter().all(|(_, works)| !works),
        "two on one hand: neither works"
    );
    h.ok(&["remove", &id(&swim)]);
    assert_eq!(
        rings(&h),
        vec![
            ("Ring of Warmth".to_string(), true),
            ("Ring of Swimming".to_string(), false)
        ]
    );
    h.refused_unchanged(&["wear", &id(&warmth), "--hand", "right"], 4);

    // Armor and shield: each +1 counts once; a second suit is refused.
    let mail = h.json(&[
        "item",
        "add",
        "Chain mail +2",
        "--category",
        "armor",
        "--kind",
        "armor",
        "--bonus",
        "2",
        "--to",
        "Arnaud",
    ]);
    let shield = h.json(&[
        "item",
        "add",
        "Shield +1",
        "--category",
        "armor",
        "--kind",
        "shield",
        "--bonus",
        "1",
        "--to",
        "Arnaud",
    ]);
    let plate = h.json(&[
        "item",
        "add",
        "Plate mail +1",
        "--category",
        "armor",
        "--kind",
        "armor",
        "--bonus",
        "1",
        "--to",
        "Arnaud",
    ]);
    let stderr = h.refused_unchanged(&["wear", &id(&mail), "--hand", "left"], 2);
    assert!(stderr.contains("--hand is for rings"), "{stderr}");
    h.ok(&["wear", &id(&mail)]);
    h.ok(&["wear", &id(&shield)]);
    let stderr = h.refused_unchanged(&["wear", &id(&plate)], 4);
    assert!(
        stderr.contains("one suit of armor and one shield"),
        "{stderr}"
    );
    let totals = &h.json(&["character", "show", "Arnaud"])["protection"];
    assert_eq!(
        (totals["ac"].as_i64(), totals["saves"].as_i64()),
        (Some(3), Some(3))
    );

    // Books: a harmful one binds itself; it can no longer be given or dropped.
    let grimoire = h.json(&[
        "item",
        "add",
        "Vacuous Grimoire",
        "--category",
        "book",
        "--harmful",
        "--to",
        "Lirael",
    ]);
    h.ok(&["study", &id(&grimoire)]);
    let stderr = h.refused_unchanged(&["give", &id(&grimoire), "--to", "Arnaud"], 4);
    assert!(stderr.contains("bound itself"), "{stderr}");
    h.refused_unchanged(&["drop", &id(&grimoire)], 4);

    // Identification: a bard's lore on an instrument, refused methods, a wish on a book.
    let pipes = h.json(&[
        "item",
        "add",
        "Pipes of the Sewers",
        "--category",
        "instrument",
        "--to",
        "Lirael",
    ]);
    let tried = h.json(&[
        "--seed",
        "2",
        "identify",
        &id(&pipes),
        "--by",
        "Lirael",
        "--method",
        "bard-lore",
    ]);
    assert_eq!(tried["chance"], 60, "10 % a level for instruments");
    let stderr = h.refused_unchanged(
        &[
            "identify",
            &id(&wand),
            "--by",
            "Lirael",
            "--method",
            "bard-lore",
        ],
        4,
    );
    assert!(stderr.contains("divination"), "{stderr}");
    h.refused_unchanged(
        &[
            "identify", &scroll_id, "--by", "Arnaud", "--method", "spell",
        ],
        4,
    );
    h.refused_unchanged(
        &[
            "identify",
            &id(&pipes),
            "--by",
            "Arnaud",
            "--method",
            "taste",
        ],
        4,
    );

    // Scroll spells: cast and erased; the others stay.
    let spells = h.json(&["item", "show", &scroll_id])["spells"]
        .as_array()
        .unwrap()
        .len();
    h.ok(&["--seed", "9", "cast", &scroll_id, "--spell", "1"]);
    h.refused_unchanged(&["cast", &scroll_id, "--spell", "1"], 4);
    let after = h.json(&["item", "show", &scroll_id]);
    assert_eq!(after["spells"][0]["erased"], true);
    if spells > 1 {
        assert_eq!(after["spells"][1]["erased"], false);
    }

    // The session report tells it all; the character report too; the ledger rebuilds it.
    let report = h.json(&["report", "session"]);
    assert_eq!(report["session"]["number"], 1);
    assert!(report["found"].as_array().unwrap().len() >= 9);
    assert_eq!(report["potions"].as_array().unwrap().len(), 1);
    assert!(!report["scrolls"].as_array().unwrap().is_empty());
    // A use that drains a wand is told once, under "drained".
    assert!(report["charges"].as_array().unwrap().len() >= 2);
    assert_eq!(report["drained"].as_array().unwrap().len(), 1);
    let text = h.ok(&["report", "session", "1"]);
    assert!(
        text.contains("Treasure found:") && text.contains("Drained or crumbled:"),
        "{text}"
    );
    let mordo = h.json(&["report", "character", "Mordo"]);
    assert!(
        mordo["charges"]
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["payload"]["character_name"] == "Mordo" || e["kind"] == "recharged")
    );
    let history = h.json(&["item", "history", &id(&protection)]);
    assert_eq!(
        kinds(&history),
        ["item_created", "scroll_fade", "item_passed"],
        "one chance to fade, at the first taking in hand"
    );
    h.ok(&["check"]);
}

#[test]
fn a_trapped_wand_turns_on_all_but_its_maker() {
    let h = Hoard::new();
    party(&h);
    let wand = h.json(&[
        "item",
        "add",
        "Wand of Lightning",
        "--category",
        "wand",
        "--charges",
        "10",
        "--trapped",
        "--maker",
        "Mordo",
        "--to",
        "Mordo",
    ]);
    assert_eq!(
        h.json(&["use", &id(&wand)])["backfired"],
        false,
        "its maker"
    );
    h.ok(&["give", &id(&wand), "--to", "Arnaud"]);
    assert_eq!(h.json(&["use", &id(&wand)])["backfired"], true);
    h.ok(&["item", "trust", &id(&wand), "--to", "Arnaud"]);
    assert_eq!(
        h.json(&["use", &id(&wand)])["backfired"],
        false,
        "designated by the maker"
    );
    h.ok(&["check"]);
}

#[test]
fn a_book_of_another_alignment_lays_a_quest() {
    let h = Hoard::new();
    party(&h);
    let books = h.json(&[
        "--seed", "1", "generate", "book", "--count", "60", "--to", "Arnaud",
    ]);
    let dark = books
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["book"]["alignment"] == "chaotic")
        .expect("a chaotic book among 60");
    h.ok(&["study", &id(dark)]);
    let sheet = h.json(&["character", "show", "Arnaud"]);
    assert_eq!(
        sheet["quests"][0]["item"],
        id(dark),
        "a lawful owner must hide and protect it"
    );
    let plain = books
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["book"]["beneficial"] == true && b["book"]["alignment"].is_null())
        .unwrap();
    h.ok(&["study", &id(plain)]);
    assert_eq!(h.json(&["item", "show", &id(plain)])["status"], "vanished");
    h.refused_unchanged(&["give", &id(plain), "--to", "Mordo"], 4);
}

/// `item add NAME --category C [more…]`, its JSON answer.
fn add(h: &Hoard, name: &str, category: &str, more: &[&str]) -> Value {
    let mut args = vec!["item", "add", name, "--category", category];
    args.extend_from_slice(more);
    h.json(&args)
}

#[test]
fn a_map_needs_comprehend_languages_or_the_ability_to_read_unknown_languages() {
    let h = Hoard::new();
    party(&h);
    add(&h, "Map", "scroll", &["--kind", "map"]);
    for reader in ["Arnaud", "Mordo"] {
        let stderr = h.refused_unchanged(&["read", "Map", "--by", reader], 4);
        assert!(stderr.contains("comprehend languages"), "{stderr}");
    }
    h.refused_unchanged(&["give", "Map", "--to", "Arnaud", "--read"], 4);
    let spell = h.json(&[
        "identify",
        "Map",
        "--by",
        "Arnaud",
        "--method",
        "comprehend-languages",
    ]);
    assert_eq!(spell["learned"], "full");
    h.ok(&["character", "set", "Mordo", "reads-languages", "yes"]);
    assert_eq!(h.json(&["read", "Map", "--by", "Mordo"])["learned"], "full");
    h.ok(&["check"]);
}

#[test]
fn every_spell_scroll_needs_read_magic_even_one_added_by_hand() {
    let h = Hoard::new();
    party(&h);
    add(&h, "Scroll of Fireball", "scroll", &["--kind", "spell"]);
    let stderr = h.refused_unchanged(&["read", "Scroll of Fireball", "--by", "Arnaud"], 4);
    assert!(stderr.contains("read magic"), "{stderr}");
    h.refused_unchanged(
        &[
            "identify",
            "Scroll of Fireball",
            "--by",
            "Arnaud",
            "--method",
            "comprehend-languages",
        ],
        4,
    );
    assert_eq!(
        h.json(&["read", "Scroll of Fireball", "--by", "Mordo"])["learned"],
        "full"
    );
    h.ok(&["character", "set", "Arnaud", "reads-magic", "yes"]);
    h.ok(&["read", "Scroll of Fireball", "--by", "Arnaud"]);
}

#[test]
fn a_scroll_fades_only_at_its_first_taking_in_hand_unread() {
    let h = Hoard::new();
    party(&h);
    h.ok(&["campaign", "set", "scroll-fade", "5"]);
    let fades = |h: &Hoard| h.log_ids(&["--kind", "scroll_fade"]).len();
    // Made in someone's hands: the first hand-over rolls.
    let added = add(
        &h,
        "Scroll of Protection from Acid",
        "scroll",
        &["--kind", "protection", "--to", "Arnaud"],
    );
    assert_eq!(
        kinds(&serde_json::json!({ "events": added["consequences"] })),
        ["scroll_fade"]
    );
    h.ok(&["--seed", "2", "generate", "scroll", "--to", "Mordo"]);
    assert_eq!(fades(&h), 2, "generate --to rolls too");
    // Handed on later, unread or read: no second chance to fade.
    h.ok(&["give", "Scroll of Protection from Acid", "--to", "Lirael"]);
    assert_eq!(fades(&h), 2);
    add(
        &h,
        "Scroll of Protection from Cold",
        "scroll",
        &["--kind", "protection"],
    );
    h.ok(&["read", "Scroll of Protection from Cold", "--by", "Arnaud"]);
    h.ok(&["give", "Scroll of Protection from Cold", "--to", "Mordo"]);
    assert_eq!(fades(&h), 2, "read before it was taken: it never fades");
    add(
        &h,
        "Scroll of Protection from Fire",
        "scroll",
        &["--kind", "protection"],
    );
    h.ok(&["give", "Scroll of Protection from Fire", "--to", "Mordo"]);
    assert_eq!(fades(&h), 3, "from the treasure: its first taking in hand");
    h.ok(&["check"]);
}

#[test]
fn a_books_first_wish_tells_its_general_content_and_the_second_its_title() {
    let h = Hoard::new();
    party(&h);
    add(
        &h,
        "Libram of Silver Magic",
        "book",
        &["--favours", "lawful"],
    );
    let wish = [
        "identify",
        "Libram of Silver Magic",
        "--by",
        "Mordo",
        "--method",
        "wish",
    ];
    let first = h.json(&wish);
    assert_eq!(first["learned"], "general");
    let seen = h.json(&["item", "show", "Libram of Silver Magic", "--as", "Mordo"]);
    assert_eq!(seen["name"], "book of mystic lore", "{seen}");
    assert_eq!(seen["name_fr"], "ouvrage de savoir mystique", "{seen}");
    assert_eq!(seen["favours"], "lawful", "what it bears on: {seen}");
    let text = h.ok(&["item", "show", "Libram of Silver Magic", "--as", "Mordo"]);
    assert!(!text.contains("Silver"), "{text}");
    assert_eq!(h.json(&wish)["learned"], "full");
    let seen = h.json(&["item", "show", "Libram of Silver Magic", "--as", "Mordo"]);
    assert_eq!(seen["name"], "Libram of Silver Magic");
}

/// « révélant son contenu général et sur quelles classes ou caractéristiques celui-ci a la plus
/// grande influence (pas nécessairement en bien) »: a harmful book's first wish names what it
/// bears on as a helpful one's does, and neither says which way.
#[test]
fn a_books_first_wish_names_the_classes_or_abilities_it_bears_on_not_which_way() {
    let h = Hoard::new();
    party(&h);
    let harmful = ["--harmful", "--bears-on", "intelligence,wisdom"];
    add(&h, "Vacuous Grimoire", "book", &harmful);
    add(
        &h,
        "Manual of Golems",
        "book",
        &["--bears-on", "wizards,priests"],
    );
    for (book, on, bears_on) in [
        (
            "Vacuous Grimoire",
            "it bears most on Intelligence and Wisdom",
            ["intelligence", "wisdom"],
        ),
        (
            "Manual of Golems",
            "it bears most on wizards and priests",
            ["wizards", "priests"],
        ),
    ] {
        let text = h.ok(&["identify", book, "--by", "Mordo", "--method", "wish"]);
        assert!(text.contains(on), "{text}");
        for way in ["harm", "benefi", "good", "ill"] {
            assert!(!text.contains(way), "{way}: {text}");
        }
        let seen = h.json(&["item", "show", book, "--as", "Mordo"]);
        assert_eq!(seen["look"], "book", "{seen}");
        assert_eq!(seen["bears_on"], serde_json::json!(bears_on), "{seen}");
    }
    let fr = h.ok(&[
        "--lang",
        "fr",
        "item",
        "show",
        "Vacuous Grimoire",
        "--as",
        "Mordo",
    ]);
    assert!(
        fr.contains("il influe surtout sur l'Intelligence et la Sagesse"),
        "{fr}"
    );
    // The referee reads it beside the book's nature.
    let referee = h.ok(&["item", "show", "Vacuous Grimoire"]);
    assert!(referee.contains("harmful"), "{referee}");
    assert!(
        referee.contains("bears most on Intelligence and Wisdom"),
        "{referee}"
    );
    // A generated book carries it: Boccob's Blessed Book (seed 5) bears on wizards.
    let made = h.json(&["--seed", "5", "generate", "books", "--to", "Mordo"]);
    assert_eq!(made[0]["book"]["bears_on"], serde_json::json!(["wizards"]));
    let text = h.ok(&["identify", "Boccob's Blessed Book", "--method", "wish"]);
    assert!(text.contains("it bears most on wizards"), "{text}");
    h.ok(&["check"]);
}

#[test]
fn a_potion_is_drunk_at_plus_1_and_takes_effect_1d4_plus_1_later_an_oil_in_its_own_time() {
    let h = Hoard::new();
    party(&h);
    add(&h, "Potion of Heroism", "potion", &["--to", "Arnaud"]);
    add(
        &h,
        "Oil of Slipperiness",
        "potion",
        &["--kind", "oil", "--to", "Arnaud"],
    );
    for seed in ["1", "2", "3"] {
        let drunk = h.json(&["--seed", seed, "drink", "Potion of Heroism"]);
        let delay = drunk["delay"].as_i64().unwrap();
        assert!((2..=5).contains(&delay), "1d4+1: {delay}");
        assert_eq!(drunk["initiative"], 1, "drinking is initiative +1");
        assert_eq!(drunk["takes_effect_at"].as_i64(), Some(1 + delay));
        h.ok(&["undo"]);
    }
    let text = h.ok(&["--seed", "1", "drink", "Potion of Heroism"]);
    assert!(
        text.contains("drinks Potion of Heroism at initiative +1"),
        "{text}"
    );
    let oil = h.json(&["--seed", "1", "apply", "Oil of Slipperiness"]);
    let delay = oil["delay"].as_i64().unwrap();
    assert_eq!(
        (oil["initiative"].as_i64(), oil["takes_effect_at"].as_i64()),
        (Some(delay), Some(delay)),
        "rubbing it on takes the 1d4+1"
    );
}

#[test]
fn hand_made_items_get_their_categorys_defaults_unless_given() {
    let h = Hoard::new();
    let timing = |v: &Value| (v["initiative"].as_i64(), v["level"].as_i64());
    let made = |name: &str, category: &str, more: &[&str]| add(&h, name, category, more);
    assert_eq!(
        timing(&made("Ring of Warmth", "ring", &[])),
        (Some(3), Some(12))
    );
    assert_eq!(
        timing(&made("Rod of Rulership", "rod", &[])),
        (Some(1), Some(8))
    );
    assert_eq!(
        timing(&made("Staff of Striking", "staff", &[])),
        (Some(2), Some(8))
    );
    assert_eq!(
        timing(&made("Wand of Frost", "wand", &[])),
        (Some(3), Some(6))
    );
    assert_eq!(
        timing(&made("Potion of Healing", "potion", &[])),
        (None, None)
    );
    assert_eq!(
        timing(&made("Ring of Wishes", "ring", &["--level", "18"])),
        (Some(3), Some(18)),
        "given, it stays"
    );
    let material = |v: Value| v["material"].as_str().map(str::to_string);
    assert_eq!(
        material(made("Plate mail +3", "armor", &["--bonus", "3"])).as_deref(),
        Some("meteoric-iron-steel")
    );
    assert_eq!(
        material(made("Chain mail +4", "armor", &["--bonus", "4"])).as_deref(),
        Some("mithril-steel")
    );
    assert_eq!(
        material(made(
            "Shield +5",
            "armor",
            &["--bonus", "5", "--kind", "shield"]
        ))
        .as_deref(),
        Some("adamantite-steel")
    );
    assert_eq!(
        material(made("Plate mail +2", "armor", &["--bonus", "2"])),
        None
    );
    assert_eq!(
        material(made(
            "Leather armor +3",
            "armor",
            &["--bonus", "3", "--not-metal"]
        )),
        None
    );
    assert_eq!(
        material(made(
            "Dragon mail +5",
            "armor",
            &["--bonus", "5", "--material", "dragon-scale"]
        ))
        .as_deref(),
        Some("dragon-scale")
    );
}

#[test]
fn refused_item_commands_change_nothing() {
    let h = Hoard::new();
    party(&h);
    h.ok(&[
        "item",
        "add",
        "Potion of Flying",
        "--category",
        "potion",
        "--to",
        "Arnaud",
    ]);
    h.ok(&[
        "item",
        "add",
        "Oil of Slipperiness",
        "--category",
        "potion",
        "--kind",
        "oil",
    ]);
    for (args, code, message) in [
        (
            vec!["drink", "Potion of Flying", "--by", "Mordo"],
            4,
            "Arnaud holds Potion of Flying, not Mordo",
        ),
        (
            vec!["drink", "Oil of Slipperiness"],
            2,
            "say who uses it with --by",
        ),
        (
            vec!["drink", "Oil of Slipperiness", "--by", "Mordo"],
            4,
            "rubbed on",
        ),
        (vec!["apply", "Potion of Flying"], 4, "it is drunk"),
        (
            vec!["give", "Potion of Flying", "--to", "Arnaud"],
            4,
            "already holds",
        ),
        (
            vec!["drop", "Oil of Slipperiness"],
            4,
            "already in the party's treasure",
        ),
        (
            vec!["give", "Potion of Flying", "--to", "Nobody"],
            3,
            "no character",
        ),
        (vec!["give", "Nothing", "--to", "Arnaud"], 3, "no item"),
        (vec!["wear", "Potion of Flying"], 4, "cannot be worn"),
        (vec!["use", "Potion of Flying"], 4, "no charges"),
        (
            vec!["use", "Potion of Flying", "--charges", "0"],
            2,
            "0 is not in",
        ),
        (
            vec![
                "identify",
                "Potion of Flying",
                "--by",
                "Arnaud",
                "--method",
                "guess",
            ],
            2,
            "unknown method",
        ),
        (
            vec!["cast", "Potion of Flying", "--spell", "1"],
            4,
            "not a scroll",
        ),
        (vec!["study", "Potion of Flying"], 4, "not a book"),
        (
            vec!["character", "set", "Arnaud", "level", "40"],
            2,
            "level 40",
        ),
        (
            vec!["character", "set", "Arnaud", "colour", "red"],
            2,
            "unknown field",
        ),
        (
            vec!["campaign", "set", "scroll-fade", "31"],
            2,
            "from 5 to 30",
        ),
        (
            vec!["campaign", "set", "scroll-fade", "4"],
            2,
            "from 5 to 30",
        ),
        (
            vec!["campaign", "set", "crumble-wand", "101"],
            2,
            "from 0 to 100",
        ),
        (
            vec!["campaign", "set", "colour", "red"],
            2,
            "unknown setting",
        ),
        (vec!["report", "session"], 3, "no play session yet"),
        (vec!["report", "character", "Nobody"], 3, "no character"),
    ] {
        let stderr = h.refused_unchanged(&args, code);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
}

/// Only draining ends an item's charges (AD&D 2e DMG, Wands): a flask of many draughts, drunk,
/// still spends charges and takes more, and the ledger replays both. (The projector once
/// recharged only intact items, so `recharge` stopped there with a conflict, exit 5, where
/// `use` went on.)
#[test]
fn charges_end_with_draining_alone() {
    let h = Hoard::new();
    h.character("Arnaud", 12, 10, 10, "neutral");
    let flask = h.json(&[
        "item",
        "add",
        "Flask of Sips",
        "--category",
        "potion",
        "--charges",
        "2",
        "--to",
        "Arnaud",
    ]);
    h.ok(&["--seed", "1", "drink", &id(&flask)]);
    assert_eq!(h.json(&["item", "show", &id(&flask)])["status"], "consumed");
    h.ok(&["recharge", &id(&flask), "3"]);
    let used = h.json(&["use", &id(&flask), "--charges", "5"]);
    assert_eq!(
        (used["remaining"].as_i64(), used["drained"].as_bool()),
        (Some(0), Some(true))
    );
    let stderr = h.refused_unchanged(&["recharge", &id(&flask), "1"], 4);
    assert!(stderr.contains("drained"), "{stderr}");
    assert_eq!(h.json(&["check"])["ok"], true);
}

/// An item holds no more charges than hoard counts: a recharge past them is refused (exit 4),
/// never rounded down. (The rule once rounded it down and replay refused the event, a
/// conflict, exit 5.)
#[test]
fn recharging_a_wand_past_the_charges_hoard_counts_is_refused() {
    let h = Hoard::new();
    let dir = h.one_wand_tables(
        "Wand of Plenty",
        "Baguette d'abondance",
        "1000000000+1000000000+147483647",
    );
    h.character("Arnaud", 12, 10, 10, "neutral");
    let tables = dir.to_str().unwrap();
    let made = h.json(&["--tables", tables, "generate", "wand", "--to", "Arnaud"]);
    assert_eq!(made[0]["charges"], i64::from(i32::MAX));
    let stderr = h.refused_unchanged(&["recharge", "Wand of Plenty", "1"], 4);
    assert!(
        stderr.contains("holds 2147483647 charges, and cannot count 1 more"),
        "{stderr}"
    );
    h.ok(&["use", "Wand of Plenty", "--charges", "1"]);
    h.ok(&["recharge", "Wand of Plenty", "1"]);
}

/// Deterministic random walks over the commands of play (two seeds): whatever happens,
/// charges never go negative, a drained item is never used, every item has at most one
/// holder, coins held always add up to coins added less coins spent, and the ledger alone
/// rebuilds exactly the stored state (`check`) — voids and undos included.
#[test]
fn any_sequence_of_commands_keeps_the_invariants() {
    for walk in [2024, 8] {
        random_walk(walk);
    }
}

fn random_walk(walk: u64) {
    use rand::{RngCore, SeedableRng};
    let h = Hoard::new();
    party(&h);
    h.ok(&["session", "start", "Walk"]);
    h.ok(&["--seed", "11", "generate", "any", "--count", "25"]);
    h.ok(&[
        "--seed", "12", "generate", "wand", "--count", "3", "--to", "Mordo",
    ]);
    h.ok(&[
        "--seed", "13", "generate", "potion", "--count", "3", "--to", "Arnaud",
    ]);
    h.ok(&[
        "--seed", "14", "generate", "scroll", "--count", "2", "--to", "Mordo",
    ]);
    h.ok(&["--seed", "15", "generate", "book", "--count", "2"]);
    h.ok(&[
        "--seed",
        "16",
        "generate",
        "sword",
        "--sentient",
        "--count",
        "2",
    ]);
    let list = h.json(&["item", "list"]);
    let all: Vec<&Value> = list.as_array().unwrap().iter().collect();
    // Items of the kinds an action is for, so the walk plays rather than only gets refused.
    let of = |kinds: &[&str]| -> Vec<String> {
        let found: Vec<String> = all
            .iter()
            .filter(|i| kinds.contains(&i["category"].as_str().unwrap()))
            .map(|i| id(i))
            .collect();
        assert!(!found.is_empty(), "no {kinds:?} generated");
        found
    };
    let pools = [
        all.iter().map(|i| id(i)).collect::<Vec<_>>(),
        of(&["potion"]),
        of(&["wand", "rod", "staff"]),
        of(&["ring", "armor"]),
        of(&["scroll"]),
        of(&["book"]),
        of(&["sword"]),
    ];
    let people = ["Arnaud", "Mordo", "Lirael"];
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(walk);
    let mut pick = |n: usize| (rng.next_u32() as usize) % n;
    let places = ["Bank", "Cache"];
    // Commands of the walk that stand, which an undo may take back.
    let mut done = 0usize;
    for step in 0..150 {
        let action = pick(24);
        let pool = match action {
            _ if pick(4) == 0 => &pools[0],
            3 => &pools[1],
            4 | 8 => &pools[2],
            5 | 6 => &pools[3],
            9..=11 => &pools[4],
            12 => &pools[5],
            13 | 14 => &pools[6],
            _ => &pools[0],
        };
        let item = pool[pick(pool.len())].clone();
        let who = people[pick(people.len())];
        let place = places[pick(places.len())];
        let amount = format!("{}gp", 1 + pick(60));
        let coins = format!("{}sp", 1 + pick(40));
        // Coins come from, and go to, the pool, a purse or a place.
        let holder = |n: usize, purse: &'static str, at: &'static str| -> Vec<&str> {
            match n {
                0 => vec![],
                1 => vec![purse, who],
                _ => vec![at, place],
            }
        };
        let seed = step.to_string();
        let args: Vec<&str> = match action {
            0 | 1 => vec!["give", &item, "--to", who],
            2 => vec!["drop", &item],
            3 => vec!["drink", &item, "--by", who],
            4 => vec![
                "use",
                &item,
                "--by",
                who,
                "--charges",
                if pick(2) == 0 { "1" } else { "40" },
            ],
            5 => vec![
                "wear",
                &item,
                "--by",
                who,
                "--hand",
                if pick(2) == 0 { "left" } else { "right" },
            ],
            6 => vec!["remove", &item],
            7 => vec![
                "identify",
                &item,
                "--by",
                who,
                "--method",
                ["taste", "read-magic", "spell", "bard-lore", "wish"][pick(5)],
            ],
            8 => vec!["recharge", &item, "3"],
            9 => vec!["read", &item, "--by", who],
            10 => vec!["cast", &item, "--spell", "1", "--by", who],
            11 => vec!["copy", &item, "--spell", "1", "--by", who],
            12 => vec!["study", &item, "--by", who],
            13 => vec!["touch", &item, "--by", who],
            14 => vec!["wield", &item, "--by", who],
            15 => vec!["character", "damage", who, "3"],
            16 => vec!["character", "heal", who, "2"],
            18 | 19 => [
                vec!["coins", "add", &amount, &coins],
                holder(pick(3), "--to", "--at"),
            ]
            .concat(),
            20 => [
                vec!["coins", "spend", &amount],
                holder(pick(3), "--from", "--at"),
            ]
            .concat(),
            21 => [
                vec!["coins", "move", &coins],
                holder(pick(3), "--from", "--from-place"),
                holder(pick(3), "--to", "--to-place"),
            ]
            .concat(),
            22 => match pick(3) {
                0 => vec!["share"],
                1 => vec!["xp", "award", "--monsters", "30"],
                _ => vec!["stash", &item, "--at", place],
            },
            // Undo only what the walk did, never the campaign it starts from.
            _ => match pick(2) {
                0 if done > 0 => vec!["undo"],
                _ => vec!["time", "advance", "2", "turns"],
            },
        };
        // Wearing and studying are for what one holds: often, hand it over first.
        if matches!(action, 5 | 12) && pick(2) == 0 {
            let given = h
                .cmd(&["--seed", &seed, "give", &item, "--to", who])
                .output();
            if given.is_ok_and(|o| o.status.success()) {
                done += 1;
            }
        }
        let mut all = vec!["--seed", &seed];
        all.extend(args.iter().copied());
        let out = h.cmd(&all).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            matches!(out.status.code(), Some(0 | 2 | 4)),
            "walk {walk}, {all:?}: {stderr}"
        );
        assert!(!stderr.contains("panicked"));
        match (out.status.success(), args[0]) {
            (true, "undo") => done -= 1,
            (true, _) => done += 1,
            _ => {}
        }
    }
    for item in h.json(&["item", "list"]).as_array().unwrap() {
        if let Some(c) = item["charges"].as_i64() {
            assert!(c >= 0, "{item}");
        }
        if item["status"] == "drained" || item["status"] == "crumbled" {
            assert_eq!(item["charges"], 0, "{item}");
        }
    }
    // A drained item is never used: every spend that stands comes before its item drained.
    let spends = h.ok(&["--json", "log", "--kind", "charges_spent"]);
    let mut drained = std::collections::BTreeSet::new();
    for line in spends.lines() {
        let e: Value = serde_json::from_str(line).unwrap();
        if !e["voided_by"].is_null() {
            continue;
        }
        let item = e["payload"]["item"].as_str().unwrap().to_string();
        assert!(!drained.contains(&item), "{item} used after it drained");
        if e["payload"]["drained"] == true {
            drained.insert(item);
        }
    }
    // The walk did play: most kinds of event happened, not only refusals.
    let kinds: std::collections::BTreeSet<String> = h
        .ok(&["--json", "log"])
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap()["kind"].to_string())
        .collect();
    assert!(kinds.len() >= 18, "walk {walk}: only {kinds:?}");
    assert!(
        kinds.contains("\"coins_added\"") && kinds.contains("\"coins_spent\""),
        "walk {walk}: coins did not move: {kinds:?}"
    );
    // Coins: the holders hold what came in less what went out, denomination by denomination.
    let t = h.json(&["coins"]);
    let holders: Vec<&Value> = std::iter::once(&t["pool"])
        .chain(t["purses"].as_array().unwrap().iter().map(|p| &p["coins"]))
        .chain(t["places"].as_array().unwrap().iter().map(|p| &p["coins"]))
        .collect();
    for d in ["cp", "sp", "ep", "gp", "pp"] {
        let held: i64 = holders.iter().map(|c| c[d].as_i64().unwrap()).sum();
        assert!(holders.iter().all(|c| c[d].as_i64().unwrap() >= 0));
        let (added, spent) = (
            t["added"][d].as_i64().unwrap(),
            t["spent"][d].as_i64().unwrap(),
        );
        assert_eq!(held, added - spent, "walk {walk}, {d}: {t}");
    }
    let report = h.json(&["check"]);
    assert_eq!(report["ok"], true, "walk {walk}: {report}");
}

/// A mistyped name is corrected as an event: the log says what it was, undo restores it, the
/// French name follows where it was the same, and an empty name is refused.
#[test]
fn item_rename_fixes_a_mistyped_name_as_an_event() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "w", "--use"]);
    h.character("Arnaud", 12, 12, 8, "lawful");
    h.ok(&[
        "item",
        "add",
        "Wand of Frots",
        "--category",
        "wand",
        "--charges",
        "5",
        "--to",
        "Arnaud",
    ]);
    let renamed = h.json(&["item", "rename", "Wand of Frots", "Wand of Frost"]);
    assert_eq!(renamed["item"]["name"], "Wand of Frost", "{renamed}");
    assert_eq!(renamed["item"]["name_fr"], "Wand of Frost", "{renamed}");
    assert!(
        h.ok(&["log"])
            .contains("Wand of Frots is renamed Wand of Frost")
    );
    assert!(
        h.ok(&["item", "show", "Wand of Frost"])
            .contains("Wand of Frost")
    );
    h.ok(&[
        "item",
        "rename",
        "Wand of Frost",
        "Wand of Ice",
        "--fr",
        "Baguette de glace",
    ]);
    assert!(
        h.ok(&["--lang", "fr", "item", "list"])
            .contains("Baguette de glace")
    );
    h.ok(&["undo"]);
    assert!(h.ok(&["item", "list"]).contains("Wand of Frost"));
    let err = h.fails(&["item", "rename", "Wand of Frost", " "], 2);
    assert!(err.contains("name"), "{err}");
    assert!(h.ok(&["check"]).starts_with("ok:"));
}

/// A name asks for a living item: a potion drunk is no candidate beside one still full, nor
/// is it offered by the shell, which offers swords alone after `touch`, and names in the
/// reader's language alone.
#[test]
fn used_up_items_are_no_candidates_for_a_name_or_a_completion() {
    let h = Hoard::new();
    h.character("Arnaud", 12, 12, 10, "lawful");
    h.character("Mordo", 10, 14, 6, "neutral");
    let name = "Potion of Extra-Healing";
    let ids: Vec<String> = (0..2)
        .map(|_| id(&add(&h, name, "potion", &["--to", "Arnaud"])))
        .collect();
    let stderr = h.fails(&["give", name, "--to", "Mordo"], 3);
    assert!(stderr.contains("2 items match"), "{stderr}");
    h.ok(&["drink", &ids[0]]);
    let given = h.ok(&["give", name, "--to", "Mordo"]);
    assert!(given.contains("Mordo"), "{given}");
    assert_eq!(h.json(&["item", "show", &ids[1]])["holder"], "Mordo");
    h.strong_sword("Lawbringer", "lawful", "healing", &[]);
    h.ok(&["--seed", "3", "generate", "ring"]);
    if h.engine() == crate::common::Engine::Sqlite {
        let db = h.db.to_str().unwrap();
        let offered = |line: &[&str]| {
            let out = crate::common::completion(line).output().unwrap();
            String::from_utf8(out.stdout).unwrap()
        };
        let all = offered(&["--db", db, "give", ""]);
        assert!(all.contains("Human") && all.contains("Potion"), "{all}");
        assert!(!all.contains("Anneau"), "one language: {all}");
        let fr = offered(&["--db", db, "--lang", "fr", "give", ""]);
        assert!(fr.contains("Anneau") && !fr.contains("Ring"), "{fr}");
        let swords = offered(&["--db", db, "touch", ""]);
        assert!(
            swords.contains("Lawbringer") && !swords.contains("Ring"),
            "{swords}"
        );
        h.ok(&["drink", &ids[1], "--by", "Mordo"]);
        let left = offered(&["--db", db, "give", ""]);
        assert!(!left.contains("Potion"), "both drunk: {left}");
    }
}

/// A Potion of Healing restores 2d4+2 hit points and Extra-Healing 6d4 (DMG, Potions and
/// Oils), at once, every die in the event; a hand-made potion takes `--duration`; a manual
/// studied says its gift is the referee's to write down.
#[test]
fn healing_potions_restore_hit_points_and_a_manual_says_what_is_left_to_record() {
    let h = Hoard::new();
    h.character("Arnaud", 12, 12, 40, "lawful");
    h.ok(&["character", "damage", "Arnaud", "35"]);
    for (name, low, high) in [
        ("Potion of Healing", 4, 10),
        ("Potion of Extra-Healing", 6, 24),
    ] {
        add(&h, name, "potion", &["--to", "Arnaud"]);
        let before = h.json(&["character", "show", "Arnaud"])["hp"]
            .as_i64()
            .unwrap();
        let drunk = h.json(&["drink", name]);
        let healed = drunk["healed"].as_i64().unwrap();
        assert!((low..=high).contains(&healed), "{drunk}");
        assert_eq!(drunk["duration"], Value::Null, "at once: {drunk}");
        let roll = &drunk["event"]["payload"]["healed"];
        assert_eq!(roll["total"], healed, "{drunk}");
        let hp = h.json(&["character", "show", "Arnaud"])["hp"]
            .as_i64()
            .unwrap();
        assert_eq!(hp, (before + healed).min(40));
        assert_eq!(drunk["hp"], hp);
    }
    add(&h, "Potion of Healing", "potion", &["--to", "Arnaud"]);
    let text = h.ok(&["drink", "Potion of Healing"]);
    assert!(text.contains("restoring 2d4+2"), "{text}");
    assert!(text.contains("Arnaud has"), "{text}");
    h.ok(&["check"]);
    // A hand-made potion's duration; dice that do not parse are refused.
    add(
        &h,
        "Potion of Dwarvish Luck",
        "potion",
        &["--to", "Arnaud", "--duration", "2d6"],
    );
    let drunk = h.json(&["drink", "Potion of Dwarvish Luck"]);
    assert!(
        (2..=12).contains(&drunk["duration"].as_i64().unwrap()),
        "{drunk}"
    );
    h.refused_unchanged(
        &[
            "item",
            "add",
            "Potion of Doubt",
            "--category",
            "potion",
            "--duration",
            "2q6",
        ],
        2,
    );
    add(
        &h,
        "Manual of Puissant Skill at Arms",
        "book",
        &["--to", "Arnaud"],
    );
    let text = h.ok(&["study", "Manual of Puissant Skill at Arms"]);
    assert!(text.contains("hoard character set Arnaud"), "{text}");
}
