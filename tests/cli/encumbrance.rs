//! What characters carry and how fast it lets them move (issue #36, *Weight*): the sheet's
//! load and movement under OSE's detailed and basic encumbrance and AD&D 2e's, the warning
//! when coins or an item leave someone slower (`coins move`, `share`, `give`), and stashing
//! at a place taking the weight off, in both languages and in JSON.

use serde_json::json;

use crate::common::Hoard;

/// Ulric (STR 10) and Anna (STR 16), and 1,000 gp in the party's pool.
fn party(h: &Hoard) {
    h.character("Ulric", 10, 10, 8, "lawful");
    h.character("Anna", 16, 10, 8, "lawful");
    h.ok_words("coins add 1000 gp");
}

/// The sheet's movement as `character show --json` gives it.
fn movement(h: &Hoard, name: &str) -> serde_json::Value {
    h.json(&["character", "show", name])["movement"].clone()
}

/// Detailed encumbrance counts every coin and 80 coins of gear: 400 gp is 480 coins, past
/// the 400 of 120'; the move says Ulric is slower, and stashing the coins at a place gives
/// him back his speed.
#[test]
fn coins_carried_slow_a_character_and_stashing_them_restores_his_speed() {
    let h = Hoard::new();
    party(&h);
    let sheet = h.ok(&["character", "show", "Ulric"]);
    assert!(
        sheet.contains("load 80 coins (8 lb, 80 of them adventuring gear) · movement 120' (40')"),
        "{sheet}"
    );
    let moved = h.ok_words("coins move 400 gp --to Ulric");
    assert!(
        moved.contains("Ulric is slower: 120' (40') → 90' (30')"),
        "{moved}"
    );
    let sheet = h.json(&["character", "show", "Ulric"]);
    assert_eq!(sheet["load"], 480);
    assert_eq!(sheet["gear"], 80);
    assert_eq!(
        sheet["movement"],
        json!({ "system": "detailed", "band": "light", "turn": 90, "round": 30 })
    );
    // Faster again: no warning.
    let stashed = h.ok_words("coins move 400 gp --from Ulric --at Cave");
    assert!(!stashed.contains("slower"), "{stashed}");
    assert_eq!(movement(&h, "Ulric")["turn"], 120);
    let back = h.json(&[
        "coins",
        "move",
        "400",
        "gp",
        "--from-place",
        "Cave",
        "--to",
        "Ulric",
    ]);
    assert_eq!(back["slower"][0]["character"], "Ulric");
    assert_eq!(back["slower"][0]["before"]["turn"], 120);
    assert_eq!(back["slower"][0]["after"]["turn"], 90);
}

/// A share-out and an item given warn of who they leave slower; an item stashed weighs on
/// nobody.
#[test]
fn a_share_and_a_gift_warn_who_they_slow() {
    let h = Hoard::new();
    party(&h);
    let shared = h.ok(&["share"]);
    // 500 gp each: 580 coins, past 400.
    assert!(
        shared.contains("Ulric is slower: 120' (40') → 90' (30')"),
        "{shared}"
    );
    assert!(shared.contains("Anna is slower"), "{shared}");
    h.ok(&["item", "add", "Chain mail", "--category", "armor"]);
    let given = h.json(&["give", "Chain mail", "--to", "Ulric"]);
    // 580 + 400 coins of chain mail: 980, past 800.
    assert_eq!(given["slower"][0]["after"]["turn"], 30, "{given}");
    assert_eq!(movement(&h, "Ulric")["band"], "heavy");
    let said = h.ok(&["stash", "Chain mail", "--at", "Cave"]);
    assert!(!said.contains("slower"), "{said}");
    assert_eq!(movement(&h, "Ulric")["turn"], 90);
    let fr = h.ok(&["--lang", "fr", "give", "Chain mail", "--to", "Ulric"]);
    assert!(
        fr.contains("Ulric ralentit : 90' (30') → 30' (10')"),
        "{fr}"
    );
}

/// Basic encumbrance goes by the armour worn, a step slower with treasure; AD&D 2e's by the
/// pounds carried and Strength (Table 47: STR 10 carries 40 lb unencumbered).
#[test]
fn basic_and_adnd_encumbrance_follow_their_tables() {
    let h = Hoard::new();
    party(&h);
    h.ok(&["campaign", "set", "encumbrance", "ose-basic"]);
    assert!(h.ok(&["campaign", "show"]).contains("encumbrance: basic"));
    assert_eq!(movement(&h, "Ulric")["turn"], 120);
    h.ok(&[
        "item",
        "add",
        "Leather",
        "--category",
        "armor",
        "--not-metal",
        "--to",
        "Ulric",
    ]);
    h.ok(&["wear", "Leather"]);
    assert_eq!(movement(&h, "Ulric")["turn"], 90);
    let moved = h.ok_words("coins move 1 gp --to Ulric");
    assert!(
        moved.contains("Ulric is slower: 90' (30') → 60' (20')"),
        "{moved}"
    );
    // OSE: armour "does not count towards a character's maximum load": the coin alone does.
    assert_eq!(h.json(&["character", "show", "Ulric"])["load"], 1);
    h.ok(&["campaign", "set", "encumbrance", "adnd"]);
    // Leather, 15 lb (the PHB's); a coin, a fiftieth of a pound, counted as a tenth.
    let sheet = h.ok(&["character", "show", "Ulric"]);
    assert!(
        sheet.contains("load 15.1 lb · movement 12, unencumbered"),
        "{sheet}"
    );
    let moved = h.json(&["coins", "add", "1300", "gp", "--to", "Ulric"]);
    // 15 lb and 1,301 coins at 50 to the pound: 41.1 lb (41.02, a fraction counted whole),
    // past 40.
    assert_eq!(
        moved["slower"][0]["after"],
        json!({ "system": "adnd", "band": "light", "rate": 9 })
    );
    let fr = h.ok(&["--lang", "fr", "character", "show", "Ulric"]);
    assert!(
        fr.contains("charge 41,1 livres · mouvement 9, légèrement encombré"),
        "{fr}"
    );
    h.refused_unchanged(&["campaign", "set", "encumbrance", "heavy"], 2);
    h.ok(&["campaign", "set", "encumbrance", "detailed"]);
    assert_eq!(movement(&h, "Ulric")["system"], "detailed");
}

/// A player reads their own load and movement (`--as`): weight is seen, known or not.
#[test]
fn a_player_sees_what_they_carry_weighs() {
    let h = Hoard::new();
    party(&h);
    h.ok_words("coins move 700 gp --to Anna");
    let seen = h.json(&["character", "show", "Anna", "--as", "Anna"]);
    assert_eq!(seen["load"], 780);
    assert_eq!(seen["movement"]["turn"], 60);
    let fr = h.ok(&["--lang", "fr", "character", "show", "Anna", "--as", "Anna"]);
    assert!(
        fr.contains(
            "charge 780 pièces (78 livres, dont 80 d'équipement d'aventure) · mouvement 60' (20')"
        ),
        "{fr}"
    );
}
