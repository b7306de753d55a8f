//! Time that passes when the rules say it does: the round's length by edition, a touch's
//! round, a bard's study, and the dying losing a point a round under AD&D's death's door.

use serde_json::Value;

use super::common::{Hoard, kinds};

/// Every sword-held roll in a command's answer (its events or consequences).
fn held_rolls(answer: &Value) -> Vec<Value> {
    ["events", "consequences"]
        .iter()
        .filter_map(|list| answer[list].as_array())
        .flatten()
        .filter(|e| e["kind"] == "sword_held")
        .flat_map(|e| e["payload"]["damage"].as_array().unwrap().clone())
        .collect()
}

fn clock(h: &Hoard) -> i64 {
    h.json(&["time", "show"])["clock"].as_i64().unwrap()
}

fn hp(h: &Hoard, name: &str) -> i64 {
    h.json(&["character", "show", name])["hp"].as_i64().unwrap()
}

/// Lia, who carries a Potion of Speed.
fn lia_with_a_potion(h: &Hoard) {
    h.character("Lia", 12, 10, 30, "lawful");
    let potion = ["item", "add", "Potion of Speed", "--category", "potion"];
    h.ok(&[&potion[..], &["--to", "Lia"]].concat());
}

#[test]
fn an_ose_round_is_ten_seconds_and_everything_on_the_clock_counts_in_it() {
    let h = Hoard::new();
    h.ok(&["campaign", "set", "round", "ose"]);
    assert_eq!(
        h.json(&["campaign", "show"])["settings"]["round"],
        "ose",
        "the setting is shown"
    );
    assert!(
        h.ok(&["campaign", "show"])
            .contains("round: ose (10 seconds)")
    );
    // A turn is ten minutes in both editions: sixty rounds of ten seconds.
    let turn = h.json(&["time", "advance", "1", "turn"]);
    assert_eq!(turn["rounds"], 60);
    let round = h.json(&["time", "advance", "1", "round"]);
    assert_eq!(round["rounds"], 1);
    assert_eq!(
        h.json(&["time", "show"])["message"],
        "It is day 1, 00:10:10 (turn 2 of the hour, round 2 of the turn).",
        "ten seconds past the turn"
    );
    assert_eq!(h.json(&["time", "advance", "1", "hour"])["rounds"], 360);
    assert_eq!(h.json(&["time", "advance", "3", "minutes"])["rounds"], 18);
    // A potion lasts turns: sixty rounds each.
    lia_with_a_potion(&h);
    let now = clock(&h);
    let drunk = h.json(&["drink", "Potion of Speed"]);
    let turns = drunk["duration"].as_i64().unwrap();
    assert_eq!(drunk["ends_at"].as_i64(), Some(now + turns * 60));
    h.ok(&["check"]);
}

#[test]
fn the_round_is_chosen_before_time_passes() {
    // Once the clock has moved: refused, nothing recorded.
    let h = Hoard::new();
    h.ok(&["time", "advance", "1", "round"]);
    let said = h.refused_unchanged(&["campaign", "set", "round", "ose"], 4);
    assert!(said.contains("round 1"), "{said}");
    // The same length again changes nothing, and is no refusal.
    h.ok(&["campaign", "set", "round", "adnd"]);
    // At round 0 with an effect already running: refused too.
    let h = Hoard::new();
    lia_with_a_potion(&h);
    h.ok(&["drink", "Potion of Speed"]);
    h.refused_unchanged(&["campaign", "set", "round", "ose"], 4);
    // Neither edition: refused with the choices.
    let h = Hoard::new();
    h.character("Lia", 12, 10, 30, "lawful");
    let said = h.refused_unchanged(&["campaign", "set", "round", "fortnight"], 2);
    assert!(said.contains("adnd") && said.contains("ose"), "{said}");
}

#[test]
fn a_turn_in_hand_costs_a_roll_for_each_round_of_the_edition() {
    for (edition, rounds) in [("adnd", 10), ("ose", 60)] {
        let h = Hoard::new();
        h.ok(&["campaign", "set", "round", edition]);
        // A will that always holds, and HP no turn of 2d6 can bring to half.
        h.character("Brune", 18, 18, 9_999, "chaotic");
        h.strong_sword("Lawbringer", "lawful", "healing", &[]);
        h.ok(&["--seed", "3", "give", "Lawbringer", "--to", "Brune"]);
        h.ok(&["wield", "Lawbringer"]);
        let turn = h.json(&["--seed", "4", "time", "advance", "1", "turn"]);
        assert_eq!(held_rolls(&turn).len(), rounds, "{edition}");
        assert_eq!(
            clock(&h),
            1 + rounds as i64,
            "{edition}: the touch's round, then a turn"
        );
        h.ok(&["check"]);
    }
}

#[test]
fn a_sword_handed_over_then_wielded_hurts_once_a_round() {
    let h = Hoard::new();
    h.character("Brune", 18, 18, 200, "chaotic");
    h.strong_sword("Lawbringer", "lawful", "healing", &[]);
    // The hand-over's touch is the first round in hand: it passes on the clock.
    let given = h.json(&["--seed", "3", "give", "Lawbringer", "--to", "Brune"]);
    assert_eq!(held_rolls(&given).len(), 1);
    assert!(kinds(&given).contains(&"time_advanced"), "{given}");
    assert_eq!(clock(&h), 1);
    h.ok(&["wield", "Lawbringer"]);
    let next = h.json(&["--seed", "4", "time", "advance", "1", "round"]);
    assert_eq!(held_rolls(&next).len(), 1, "the second round, its own roll");
    assert_eq!(clock(&h), 2);
    // Two rounds, two rolls, each dated at its own round.
    let froms: Vec<i64> = h
        .ok(&["--json", "log"])
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|e| e["kind"] == "sword_held")
        .map(|e| e["payload"]["from"].as_i64().unwrap())
        .collect();
    assert_eq!(froms, [0, 1]);
    h.ok(&["check"]);
}

#[test]
fn a_bards_study_of_an_instrument_takes_its_rounds_on_the_clock() {
    let h = Hoard::new();
    h.ok_words(
        "character add Lia --class bard --level 4 --str 12 --wis 10 --hp 200 --alignment chaotic",
    );
    h.ok(&["item", "add", "Lyre", "--category", "instrument"]);
    // A lawful sword in her hand hurts each round of the study.
    h.strong_sword("Lawbringer", "lawful", "healing", &[]);
    h.ok(&["--seed", "3", "give", "Lawbringer", "--to", "Lia"]);
    h.ok(&["wield", "Lawbringer"]);
    let before = clock(&h);
    let studied = h.json(&[
        "--seed",
        "5",
        "identify",
        "Lyre",
        "--by",
        "Lia",
        "--method",
        "bard-lore",
    ]);
    let rounds = studied["event"]["payload"]["rounds"]["total"]
        .as_i64()
        .unwrap();
    assert!((1..=10).contains(&rounds));
    assert_eq!(clock(&h), before + rounds, "1d10 rounds of study pass");
    assert_eq!(held_rolls(&studied).len() as i64, rounds);
    // Any other item takes no time.
    h.ok(&["item", "add", "Ring", "--category", "ring"]);
    let at = clock(&h);
    h.ok(&[
        "--seed",
        "5",
        "identify",
        "Ring",
        "--by",
        "Lia",
        "--method",
        "bard-lore",
    ]);
    assert_eq!(clock(&h), at);
    h.ok(&["check"]);
}

#[test]
fn under_deaths_door_the_dying_lose_a_point_a_round_until_bound() {
    let h = Hoard::new();
    h.ok(&["campaign", "set", "death", "adnd"]);
    h.character("Bran", 12, 10, 20, "lawful");
    h.character("Ada", 12, 10, 20, "lawful");
    // At 0 HP: dying, and a round takes a point.
    h.ok(&["character", "damage", "Bran", "20"]);
    h.ok(&["time", "advance", "1", "round"]);
    assert_eq!(hp(&h, "Bran"), -1);
    h.ok(&["time", "advance", "2", "rounds"]);
    assert_eq!(hp(&h, "Bran"), -3);
    // Binding takes a round, and stops the loss for good.
    let bound = h.json(&["character", "bind", "Bran", "--by", "Ada"]);
    assert_eq!(
        kinds(&serde_json::json!({ "events": bound })),
        ["character_bound", "time_advanced"]
    );
    assert_eq!(clock(&h), 4);
    h.ok(&["time", "advance", "1", "hour"]);
    assert_eq!(hp(&h, "Bran"), -3, "bound: no more lost, none gained");
    h.refused_unchanged(&["character", "bind", "Bran"], 4);
    // Healed: back to 1 HP, no more (a cure at death's door).
    h.ok(&["character", "heal", "Bran", "8"]);
    assert_eq!(hp(&h, "Bran"), 1);
    h.refused_unchanged(&["character", "bind", "Bran"], 4);
    // A new wound opens them again; the loss stops at -10, dead, whatever time passes.
    h.ok(&["character", "damage", "Bran", "3"]);
    let day = h.json(&["time", "advance", "1", "day"]);
    let bled: Vec<&Value> = day["consequences"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] == "character_bled")
        .collect();
    assert_eq!(bled.len(), 1);
    assert_eq!(bled[0]["payload"]["rounds"], 8, "from -2 to -10");
    assert_eq!(hp(&h, "Bran"), -10);
    assert_eq!(h.json(&["character", "show", "Bran"])["condition"], "dead");
    h.refused_unchanged(&["character", "bind", "Bran"], 4);
    h.ok(&["check"]);
}

/// AD&D 2e DMG: a point "each round", its round of a minute; under OSE's ten-second rounds,
/// a point each time the clock passes a whole minute, not six.
#[test]
fn under_deaths_door_with_ose_rounds_the_dying_lose_a_point_a_minute() {
    let h = Hoard::new();
    h.ok(&["campaign", "set", "death", "adnd"]);
    h.ok(&["campaign", "set", "round", "ose"]);
    h.character("Bran", 12, 10, 20, "lawful");
    h.ok(&["character", "damage", "Bran", "20"]);
    h.ok(&["time", "advance", "5", "rounds"]);
    assert_eq!(hp(&h, "Bran"), 0, "50 seconds: no minute passed");
    let minute = h.json(&["time", "advance", "1", "round"]);
    assert_eq!(hp(&h, "Bran"), -1, "the first minute");
    let bled = &minute["consequences"][0];
    assert_eq!(bled["kind"], "character_bled", "{minute}");
    assert_eq!(bled["payload"]["lost"], 1);
    // A turn is ten minutes: nine points reach the floor, at the ninth minute (54 rounds).
    let turn = h.json(&["time", "advance", "1", "turn"]);
    let bled = &turn["consequences"][0];
    assert_eq!(
        (&bled["payload"]["lost"], &bled["payload"]["rounds"]),
        (&serde_json::json!(9), &serde_json::json!(54))
    );
    assert_eq!(hp(&h, "Bran"), -10);
    let log = h.ok(&["log"]);
    assert!(
        log.contains("Bran, dying, loses 9 HP in 54 rounds, 1 a minute (-10 HP left)"),
        "{log}"
    );
    h.ok(&["check"]);
}

#[test]
fn under_ose_the_fallen_are_dead_and_lose_nothing_more() {
    let h = Hoard::new();
    h.character("Bran", 12, 10, 20, "lawful");
    h.ok(&["character", "damage", "Bran", "23"]);
    let passed = h.json(&["time", "advance", "1", "hour"]);
    assert_eq!(passed["consequences"], serde_json::json!([]));
    assert_eq!(hp(&h, "Bran"), -3);
    h.refused_unchanged(&["character", "bind", "Bran"], 4);
}

#[test]
fn a_list_of_campaigns_reads_each_clock_by_its_own_rounds() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "Keep", "--use"]);
    h.ok(&["time", "advance", "1", "round"]);
    h.ok(&["campaign", "new", "Isles", "--use"]);
    h.ok(&["campaign", "set", "round", "ose"]);
    h.ok(&["time", "advance", "1", "round"]);
    let listed = h.ok(&["campaign", "list"]);
    let row = |name: &str| {
        listed
            .lines()
            .find(|l| l.contains(name))
            .unwrap_or_else(|| panic!("{name} in {listed}"))
            .to_string()
    };
    assert!(row("Keep").contains("day 1, 00:01"), "{listed}");
    assert!(row("Isles").contains("day 1, 00:00:10"), "{listed}");
    let json = h.json(&["campaign", "list"]);
    let rounds: Vec<&str> = json
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["round"].as_str())
        .collect();
    assert!(
        rounds.contains(&"ose") && rounds.contains(&"adnd"),
        "{json}"
    );
}
