//! Sentient swords in play: touch, control checks that trigger themselves, release, the
//! audit, and exact odds.

use serde_json::Value;

use crate::common::{Hoard, kinds};

fn audit(h: &Hoard) -> Value {
    h.json(&["audit", "swords"])
}

/// Every check's arithmetic: sword will = INT + Ego + extraordinary (+ 1d10), wielder's =
/// STR + WIS (− 1d4 or 2d4), control only when the sword's is strictly higher.
fn checks_add_up(audit: &Value) {
    for c in audit["checks"].as_array().unwrap() {
        let s = &c["sword_will_detail"];
        let d10 = s["alignment_roll"]["total"].as_i64().unwrap_or(0);
        let sword = s["int"].as_i64().unwrap()
            + s["ego"].as_i64().unwrap()
            + s["extraordinary"].as_i64().unwrap()
            + d10;
        assert_eq!(c["sword_will"].as_i64(), Some(sword), "{c}");
        let w = &c["character_will_detail"];
        let penalty = w["penalty"]["total"].as_i64().unwrap_or(0);
        let character = w["str"].as_i64().unwrap() + w["wis"].as_i64().unwrap() - penalty;
        assert_eq!(c["character_will"].as_i64(), Some(character), "{c}");
        assert_eq!(c["controlled"].as_bool(), Some(sword > character), "{c}");
        let dice = c["dice"].as_array().unwrap().len();
        assert_eq!(
            dice,
            usize::from(s["alignment_roll"].is_object()) + usize::from(w["penalty"].is_object())
        );
    }
}

fn lawbringer(h: &Hoard) {
    h.strong_sword("Lawbringer", "lawful", "healing", &[]);
}

/// The story of the issue: a character meets a sword, touches it, is hurt by it, wields it,
/// is taken over when wounded, then is healed and released — and the audit shows all of it.
#[test]
fn meet_touch_hurt_wield_taken_over_healed_released() {
    let h = Hoard::new();
    h.character("Brune", 18, 18, 20, "neutral");
    h.ok(&["session", "start"]);
    lawbringer(&h);
    let shown = h.json(&["item", "show", "Lawbringer", "--as", "Brune"]);
    assert_eq!(
        (shown["name"].as_str(), shown.get("alignment")),
        (Some("sword"), None),
        "unknown until touched"
    );

    // First contact: 25 + 1d10 (a lawful sword, a neutral hand) against 36: never higher.
    let touched = h.json(&["--seed", "1", "touch", "Lawbringer", "--by", "Brune"]);
    assert_eq!(
        kinds(&touched),
        [
            "item_passed",
            "control_checked",
            "sword_touched",
            "time_advanced",
            "sword_held"
        ]
    );
    let hurt = &touched["events"][4]["payload"];
    let damage = hurt["damage"][0]["total"].as_i64().unwrap();
    assert_eq!(
        hurt["damage"][0]["expr"], "1d6",
        "a lawful sword deals 1d6 to a neutral hand"
    );
    assert_eq!(h.json(&["character", "show", "Brune"])["hp"], 20 - damage);
    assert_eq!(
        h.json(&["item", "show", "Lawbringer", "--as", "Brune"])["alignment"],
        "lawful",
        "learnt by touch"
    );
    assert_eq!(audit(&h)["current"], serde_json::json!([]));

    // Wounded below half: 2d4 off 36; with this seed the sword wins.
    let wounded = h.json(&["--seed", "1", "character", "damage", "Brune", "11"]);
    let check = &wounded["consequences"][0]["payload"];
    assert_eq!(check["trigger"], "wounded");
    assert_eq!(check["controlled"], true);

    // Wielding while in control: the use's alignment difference waits on the control.
    let wield = h.json(&["wield", "Lawbringer"]);
    assert_eq!(kinds(&wield), ["sword_wielded", "control_deferred"]);
    assert_eq!(wield["events"][1]["payload"]["trigger"], "alignment");
    h.ok(&[
        "sword",
        "demand",
        "Lawbringer",
        "glory:",
        "charge",
        "the",
        "ogre",
    ]);

    let now = audit(&h);
    assert_eq!(now["current"][0]["sword"], "Lawbringer");
    assert_eq!(now["current"][0]["character"], "Brune");
    assert_eq!(now["current"][0]["trigger"], "wounded");
    // Healing above half ends a control the wound began.
    let hp = h.json(&["character", "show", "Brune"])["hp"]
        .as_i64()
        .unwrap();
    let healed = h.json(&[
        "--seed",
        "2",
        "character",
        "heal",
        "Brune",
        &(11 - hp).to_string(),
    ]);
    assert_eq!(healed["consequences"][0]["kind"], "control_ended");
    assert_eq!(healed["consequences"][0]["payload"]["reason"], "healed");
    // The use that waited is still going on (the sword in hand): it is checked at once.
    let fresh = &healed["consequences"][1];
    assert_eq!(
        (fresh["kind"].as_str(), fresh["payload"]["trigger"].as_str()),
        (Some("control_checked"), Some("alignment"))
    );
    assert_eq!(fresh["cause"], healed["consequences"][0]["id"]);
    if fresh["payload"]["controlled"] == true {
        h.ok(&["sheathe", "Lawbringer"]);
    }
    let after = audit(&h);
    assert_eq!(after["current"], serde_json::json!([]));
    let triggers: Vec<&str> = after["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["trigger"].as_str().unwrap())
        .collect();
    assert_eq!(triggers, ["first_contact", "wounded", "alignment"]);
    assert!(
        after["checks"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["session"] == 1)
    );
    checks_add_up(&after);
    let text = h.ok(&["audit", "swords"]);
    assert!(
        text.contains("No sword controls anyone now.") && text.contains("(wounded)"),
        "{text}"
    );
    h.ok(&["check"]);
}

#[test]
fn jealousy_alignment_and_purpose_trigger_and_end_themselves() {
    let h = Hoard::new();
    // STR 3 + WIS 3 = 6: any sentient sword wins; STR 18 + WIS 18 = 36: a weak one never does.
    h.character("Weak", 3, 3, 10, "lawful");
    h.character("Strong", 18, 18, 100, "chaotic");
    h.strong_sword(
        "Hater",
        "lawful",
        "telepathy",
        &["--purpose", "slay-lawful", "--to", "Weak"],
    );
    // First contact on being given: taken over at once; released by the referee.
    assert_eq!(audit(&h)["current"][0]["trigger"], "first_contact");
    h.ok(&["release", "Hater"]);
    h.refused_unchanged(&["release", "Hater"], 4);
    h.refused_unchanged(&["sword", "demand", "Hater", "gifts"], 4);

    // Jealousy: another magic weapon comes to the holder; ends when it leaves.
    h.ok(&[
        "item",
        "add",
        "Dagger +1",
        "--category",
        "weapon",
        "--bonus",
        "1",
    ]);
    let given = h.json(&["give", "Dagger +1", "--to", "Weak"]);
    let check = given["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["kind"] == "control_checked")
        .unwrap();
    assert_eq!(check["payload"]["trigger"], "jealousy");
    assert_eq!(check["payload"]["controlled"], true);
    let dropped = h.json(&["drop", "Dagger +1"]);
    let ended = dropped["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["kind"] == "control_ended")
        .unwrap();
    assert_eq!(ended["payload"]["reason"], "weapon-left");

    // Special purpose: slay lawful creatures — chaotic ones for a lawful sword.
    h.ok(&["encounter", "--with", "knight", "--alignment", "lawful"]);
    assert_eq!(
        audit(&h)["current"],
        serde_json::json!([]),
        "a lawful sword hunts chaotic foes"
    );
    h.refused_unchanged(&["encounter", "--with", "orc"], 4);
    h.ok(&["encounter", "end"]);
    h.ok(&["encounter", "--with", "orc", "--alignment", "chaotic"]);
    assert_eq!(audit(&h)["current"][0]["trigger"], "special_purpose");
    let end = h.json(&["encounter", "end"]);
    assert_eq!(end["events"][1]["payload"]["reason"], "encounter-ended");
    h.refused_unchanged(&["encounter", "end"], 4);

    // Alignment difference: each use by a holder of another alignment checks; a weak sword
    // never wins against a strong will.
    h.ok(&[
        "sword",
        "add",
        "Whisper",
        "--int",
        "7",
        "--ego",
        "1",
        "--alignment",
        "lawful",
        "--sensory",
        "detect-slopes",
        "--to",
        "Strong",
    ]);
    for _ in 0..3 {
        let used = h.json(&["wield", "Whisper"]);
        let check = used["events"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["kind"] == "control_checked")
            .unwrap();
        assert_eq!(
            (
                check["payload"]["trigger"].as_str(),
                check["payload"]["controlled"].as_bool()
            ),
            (Some("alignment"), Some(false))
        );
    }
    let all = audit(&h);
    checks_add_up(&all);
    let triggers: Vec<&str> = all["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["trigger"].as_str().unwrap())
        .collect();
    assert_eq!(
        triggers,
        [
            "first_contact",
            "jealousy",
            "special_purpose",
            "first_contact",
            "alignment",
            "alignment",
            "alignment"
        ]
    );
    h.ok(&["check"]);
}

#[test]
fn powers_need_the_sword_in_hand_and_keep_their_limits() {
    let h = Hoard::new();
    h.character("Strong", 18, 18, 100, "lawful");
    lawbringer(&h);
    h.ok(&["give", "Lawbringer", "--to", "Strong"]);
    let stderr = h.refused_unchanged(&["sword", "power", "Lawbringer", "detect-magic"], 4);
    assert!(stderr.contains("must be in its wielder's hand"), "{stderr}");
    h.ok(&["wield", "Lawbringer"]);
    for _ in 0..3 {
        h.ok(&["sword", "power", "Lawbringer", "detect-magic"]);
    }
    let stderr = h.refused_unchanged(&["sword", "power", "Lawbringer", "detect-magic"], 4);
    assert!(stderr.contains("3/day"), "{stderr}");
    h.ok(&["sword", "power", "Lawbringer", "See invisible objects"]);
    h.ok(&["sword", "power", "Lawbringer", "healing"]);
    h.refused_unchanged(&["sword", "power", "Lawbringer", "healing"], 4);
    h.refused_unchanged(&["sword", "power", "Lawbringer", "flying"], 3);
    h.ok(&["time", "advance", "1", "day"]);
    h.ok(&["sword", "power", "Lawbringer", "detect-magic"]);
    h.ok(&["sword", "power", "Lawbringer", "healing"]);
    h.ok(&["check"]);
}

/// OSE's X-ray vision « may not be activated more frequently than once per turn »: under
/// OSE's ten-second rounds, a use at round 58 forbids one at 60 (the clock's next turn) and
/// at 117, and allows one at 118, a whole turn later.
#[test]
fn a_power_once_per_turn_waits_a_whole_turn_after_a_use() {
    let h = Hoard::new();
    h.ok(&["campaign", "set", "round", "ose"]);
    h.character("Strong", 18, 18, 100, "lawful");
    h.strong_sword("Seer", "lawful", "x-ray-vision", &["--to", "Strong"]);
    h.ok(&["wield", "Seer"]);
    let clock = || h.json(&["time", "show"])["clock"].as_i64().unwrap();
    let to = |round: i64| {
        let n = (round - clock()).to_string();
        h.ok(&["time", "advance", &n, "rounds"]);
        assert_eq!(clock(), round);
    };
    to(58);
    h.ok(&["sword", "power", "Seer", "x-ray-vision"]);
    to(60);
    let stderr = h.refused_unchanged(&["sword", "power", "Seer", "x-ray-vision"], 4);
    assert!(stderr.contains("1/turn"), "{stderr}");
    assert!(stderr.contains("day 1, 00:19:40"), "{stderr}");
    to(117);
    h.refused_unchanged(&["sword", "power", "Seer", "x-ray-vision"], 4);
    to(118);
    h.ok(&["sword", "power", "Seer", "x-ray-vision"]);
    h.ok(&["check"]);
}

/// `odds --json` against a brute-force count over every die, for several HP.
#[test]
fn odds_agree_with_a_count_of_every_outcome() {
    let h = Hoard::new();
    h.character("Brune", 14, 13, 9, "neutral");
    lawbringer(&h);
    for step in 0..6 {
        if step > 0 {
            h.ok(&["character", "damage", "Brune", "1"]);
        }
        let hp = h.json(&["character", "show", "Brune"])["hp"]
            .as_i64()
            .unwrap();
        let p = h.json(&["odds", "Lawbringer", "Brune"])["probability"]
            .as_f64()
            .unwrap();
        // The sword: 25 + 1d10. Brune: 27 − (1d4 below 9 HP, 2d4 below 4.5 HP).
        let penalty = if hp * 2 < 9 {
            2
        } else if hp < 9 {
            1
        } else {
            0
        };
        let mut wins = 0u32;
        let mut all = 0u32;
        for d10 in 1..=10 {
            let faces: Vec<i64> = match penalty {
                0 => vec![0],
                1 => (1..=4).collect(),
                _ => (1..=4).flat_map(|a| (1..=4).map(move |b| a + b)).collect(),
            };
            for f in faces {
                all += 1;
                if 25 + d10 > 27 - f {
                    wins += 1;
                }
            }
        }
        assert!(
            (p - f64::from(wins) / f64::from(all)).abs() < 1e-12,
            "hp {hp}: {p} vs {wins}/{all}"
        );
    }
    h.refused_unchanged(&["odds", "Lawbringer", "Nobody"], 3);
    h.ok(&["item", "add", "Mace", "--category", "weapon"]);
    h.refused_unchanged(&["odds", "Mace", "Brune"], 4);
}

#[test]
fn a_first_handling_is_a_touch_and_hurts_another_alignment() {
    let h = Hoard::new();
    for (name, alignment) in [("Lia", "lawful"), ("Cor", "chaotic")] {
        h.ok(&[
            "character",
            "add",
            name,
            "--str",
            "18",
            "--wis",
            "18",
            "--hp",
            "60",
            "--alignment",
            alignment,
        ]);
    }
    h.ok(&[
        "sword",
        "add",
        "Grim",
        "--int",
        "7",
        "--ego",
        "1",
        "--alignment",
        "chaotic",
        "--sensory",
        "detect-magic",
    ]);
    // A chaotic sword handed to a lawful character: 2d6 for the round they hold it, a round
    // that passes on the clock.
    let given = h.json(&["--seed", "8", "give", "Grim", "--to", "Lia"]);
    assert_eq!(
        kinds(&given),
        [
            "item_passed",
            "control_checked",
            "sword_touched",
            "time_advanced",
            "sword_held"
        ]
    );
    assert_eq!(given["events"][2]["payload"]["rounds"].as_i64(), Some(1));
    let held = &given["events"][4]["payload"];
    assert_eq!(held["damage"].as_array().map(Vec::len), Some(1));
    assert_eq!(held["damage"][0]["expr"].as_str(), Some("2d6"));
    assert_eq!(h.json(&["time", "show"])["clock"].as_i64(), Some(1));
    let hp = 60 - held["damage"][0]["total"].as_i64().unwrap();
    assert_eq!(
        h.json(&["character", "show", "Lia"])["hp"].as_i64(),
        Some(hp)
    );
    // Handled again later: no longer a first handling.
    h.ok(&["drop", "Grim"]);
    let again = h.json(&["give", "Grim", "--to", "Lia"]);
    assert_eq!(again["events"].as_array().unwrap().len(), 1, "{again}");
    // Its own alignment: no harm, the first-contact check, and the round of the touch passes
    // as `touch --rounds 1` does.
    let own = h.json(&["give", "Grim", "--to", "Cor"]);
    assert_eq!(
        kinds(&own),
        [
            "item_passed",
            "control_checked",
            "sword_touched",
            "time_advanced"
        ]
    );
    assert_eq!(own["events"][2]["payload"]["damage"], serde_json::json!([]));
    assert_eq!(h.json(&["time", "show"])["clock"].as_i64(), Some(2));
    h.ok(&["check"]);
}

/// The events of a JSON answer whose kind is `kind`.
fn of_kind<'a>(events: &'a Value, kind: &str) -> Vec<&'a Value> {
    events
        .as_array()
        .expect("a list of events")
        .iter()
        .filter(|e| e["kind"] == kind)
        .collect()
}

/// A character who never wins a contest (3 + 3) or always does (18 + 18).
fn weak(h: &Hoard, name: &str, hp: u32, alignment: &str) {
    h.character(name, 3, 3, hp, alignment);
}

#[test]
fn every_round_in_hand_hurts_and_the_wound_is_checked_at_its_round() {
    let h = Hoard::new();
    h.character("Brune", 18, 18, 40, "neutral");
    lawbringer(&h);
    h.ok(&["--seed", "1", "give", "Lawbringer", "--to", "Brune"]);
    h.ok(&["--seed", "1", "wield", "Lawbringer"]);
    let hp = h.json(&["character", "show", "Brune"])["hp"]
        .as_i64()
        .unwrap();
    let start = h.json(&["time", "show"])["clock"].as_i64().unwrap();
    let advanced = h.json(&["--seed", "4", "time", "advance", "10"]);
    assert_eq!(advanced["rounds"], 10);
    let held = of_kind(&advanced["consequences"], "sword_held");
    let rolls: Vec<&Value> = held
        .iter()
        .flat_map(|e| e["payload"]["damage"].as_array().unwrap())
        .collect();
    assert_eq!(rolls.len(), 10, "one roll a round, each its own");
    assert!(rolls.iter().all(|r| r["expr"] == "1d6"));
    let total: i64 = rolls.iter().map(|r| r["total"].as_i64().unwrap()).sum();
    assert_eq!(
        h.json(&["character", "show", "Brune"])["hp"].as_i64(),
        Some(hp - total)
    );
    // The wound is checked at the round whose damage took Brune to half or less.
    let mut left = hp;
    let crossing = rolls
        .iter()
        .position(|r| {
            let before = left;
            left -= r["total"].as_i64().unwrap();
            before * 2 > 40 && left * 2 <= 40
        })
        .map(|i| start + i as i64 + 1);
    // Checked then, or waiting then on a control the wielding began.
    let wounds: Vec<&Value> = advanced["consequences"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["payload"]["trigger"] == "wounded")
        .collect();
    match crossing {
        Some(round) => {
            assert_eq!(wounds.len(), 1, "{advanced}");
            assert_eq!(wounds[0]["game_time"].as_i64(), Some(round));
        }
        None => assert!(wounds.is_empty()),
    }
    h.ok(&["check"]);
    // The advance is one story, stretches and checks included: undone as one.
    h.ok(&["undo"]);
    assert_eq!(h.json(&["time", "show"])["clock"].as_i64(), Some(start));
    assert_eq!(
        h.json(&["character", "show", "Brune"])["hp"].as_i64(),
        Some(hp)
    );
}

#[test]
fn a_long_rest_with_a_hostile_sword_in_hand_stops_at_death_and_is_never_checked_after() {
    let h = Hoard::new();
    h.character("Brune", 18, 18, 12, "chaotic");
    lawbringer(&h);
    // A seed under which the touch leaves her standing (9 HP): the dead wield nothing.
    h.ok(&["--seed", "3", "give", "Lawbringer", "--to", "Brune"]);
    h.ok(&["wield", "Lawbringer"]);
    // Nobody else holds a sword: six days pass in one event.
    let quiet = Hoard::new();
    quiet.character("Tess", 10, 10, 8, "lawful");
    let rested = quiet.json(&["time", "advance", "6", "days"]);
    assert_eq!(rested["consequences"], serde_json::json!([]));
    let advanced = h.json(&["--seed", "9", "time", "advance", "6", "days"]);
    assert_eq!(advanced["rounds"], 6 * 1440);
    let rolls: Vec<Value> = of_kind(&advanced["consequences"], "sword_held")
        .iter()
        .flat_map(|e| e["payload"]["damage"].as_array().unwrap().clone())
        .collect();
    assert!(rolls.len() <= 12, "the rolls stop once Brune is dead");
    assert!(rolls.iter().all(|r| r["expr"] == "2d6"));
    let hp = h.json(&["character", "show", "Brune"])["hp"]
        .as_i64()
        .unwrap();
    assert!(hp <= 0, "dead");
    for check in of_kind(&advanced["consequences"], "control_checked") {
        assert!(check["payload"]["character_will_detail"].is_object());
    }
    // A wound at death is never checked.
    let more = h.json(&["--seed", "9", "time", "advance", "1", "days"]);
    assert_eq!(more["consequences"], serde_json::json!([]));
    // The touch of the hand-over was a round of its own.
    assert_eq!(h.json(&["time", "show"])["clock"], 7 * 1440 + 1);
    h.ok(&["check"]);
}

#[test]
fn touch_rounds_pass_on_the_clock_the_same_way() {
    let h = Hoard::new();
    h.character("Brune", 18, 18, 60, "neutral");
    lawbringer(&h);
    let touched = h.json(&[
        "--seed",
        "3",
        "touch",
        "Lawbringer",
        "--by",
        "Brune",
        "--rounds",
        "5",
    ]);
    assert_eq!(h.json(&["time", "show"])["clock"], 5);
    let rolls: usize = of_kind(&touched["events"], "sword_held")
        .iter()
        .map(|e| e["payload"]["damage"].as_array().unwrap().len())
        .sum();
    assert_eq!(rolls, 5);
    // After the touch the sword is held, not in hand: no more rounds hurt.
    let later = h.json(&["time", "advance", "3"]);
    assert_eq!(later["consequences"], serde_json::json!([]));
    h.ok(&["check"]);
}

#[test]
fn a_controlled_holder_can_neither_drop_nor_give_until_release() {
    let h = Hoard::new();
    weak(&h, "Weak", 10, "lawful");
    h.character("Tess", 10, 10, 10, "lawful");
    h.strong_sword("Hater", "lawful", "telepathy", &["--to", "Weak"]);
    assert_eq!(audit(&h)["current"][0]["trigger"], "first_contact");
    for args in [vec!["drop", "Hater"], vec!["give", "Hater", "--to", "Tess"]] {
        let stderr = h.refused_unchanged(&args, 4);
        assert!(stderr.contains("controls its holder"), "{stderr}");
    }
    // Sheathing is allowed, and does not end a first contact's control.
    h.ok(&["wield", "Hater"]);
    let sheathed = h.json(&["sheathe", "Hater"]);
    assert_eq!(kinds(&sheathed), ["item_removed"]);
    assert_eq!(audit(&h)["current"][0]["trigger"], "first_contact");
    let released = h.json(&["release", "Hater"]);
    assert_eq!(kinds(&released), ["control_ended"]);
    assert_eq!(released["events"][0]["payload"]["reason"], "satisfied");
    h.ok(&["give", "Hater", "--to", "Tess"]);
    h.ok(&["check"]);
}

#[test]
fn sheathing_ends_a_control_its_use_set_off_and_only_that() {
    let h = Hoard::new();
    weak(&h, "Weak", 40, "chaotic");
    h.strong_sword("Hater", "lawful", "telepathy", &["--to", "Weak"]);
    h.ok(&["release", "Hater"]);
    // A use by another alignment: the weak will loses.
    let wielded = h.json(&["wield", "Hater"]);
    let check = &of_kind(&wielded["events"], "control_checked")[0]["payload"];
    assert_eq!(
        (check["trigger"].as_str(), check["controlled"].as_bool()),
        (Some("alignment"), Some(true))
    );
    let current = &audit(&h)["current"][0];
    assert_eq!(current["circumstances"][0]["trigger"], "alignment");
    assert_eq!(current["circumstances"][0]["ends_when"], "use-ended");
    let text = h.ok(&["audit", "swords"]);
    assert!(
        text.contains("under alignment difference, until it is put away"),
        "{text}"
    );
    let sheathed = h.json(&["unwield", "Hater"]);
    assert_eq!(kinds(&sheathed), ["item_removed", "control_ended"]);
    assert_eq!(sheathed["events"][1]["payload"]["reason"], "use-ended");
    h.refused_unchanged(&["sheathe", "Hater"], 4);
    h.ok(&["check"]);
}

/// A weak lawful character under a wounded control, then given an axe +1: the jealousy it
/// sets off waits on the control. Returns the gift's answer.
fn jealous_while_wounded(h: &Hoard) -> Value {
    weak(h, "Weak", 20, "lawful");
    h.strong_sword("Hater", "lawful", "telepathy", &["--to", "Weak"]);
    h.ok(&["release", "Hater"]);
    let wounded = h.json(&["character", "damage", "Weak", "12"]);
    assert_eq!(wounded["consequences"][0]["payload"]["trigger"], "wounded");
    assert_eq!(wounded["consequences"][0]["payload"]["controlled"], true);
    h.ok(&[
        "item",
        "add",
        "Axe +1",
        "--category",
        "weapon",
        "--bonus",
        "1",
    ]);
    h.json(&["give", "Axe +1", "--to", "Weak"])
}

#[test]
fn a_jealousy_that_arises_under_a_wounded_control_is_checked_when_it_ends() {
    let h = Hoard::new();
    let given = jealous_while_wounded(&h);
    assert_eq!(kinds(&given), ["item_passed", "control_deferred"]);
    assert_eq!(given["events"][1]["payload"]["trigger"], "jealousy");
    let waiting = &audit(&h)["current"][0]["waiting"];
    assert_eq!(
        (
            waiting[0]["trigger"].as_str(),
            waiting[0]["weapon"].as_str()
        ),
        (Some("jealousy"), Some("Axe +1"))
    );
    // Healed above half: the wounded control ends, and the jealousy, still in force, is
    // checked at once.
    let healed = h.json(&["character", "heal", "Weak", "5"]);
    let after = serde_json::json!({ "events": healed["consequences"] });
    assert_eq!(kinds(&after), ["control_ended", "control_checked"]);
    assert_eq!(healed["consequences"][1]["payload"]["trigger"], "jealousy");
    assert_eq!(audit(&h)["current"][0]["trigger"], "jealousy");
    h.ok(&["check"]);
}

#[test]
fn a_waiting_circumstance_that_ended_meanwhile_is_not_checked() {
    let h = Hoard::new();
    jealous_while_wounded(&h);
    h.ok(&["drop", "Axe +1"]);
    let healed = h.json(&["character", "heal", "Weak", "5"]);
    let after = serde_json::json!({ "events": healed["consequences"] });
    assert_eq!(kinds(&after), ["control_ended"]);
    h.ok(&["check"]);
}

#[test]
fn two_swords_one_character_the_second_waits_for_the_first_to_let_go() {
    let h = Hoard::new();
    weak(&h, "Weak", 20, "lawful");
    h.strong_sword("Hater", "lawful", "telepathy", &["--to", "Weak"]);
    h.strong_sword("Biter", "lawful", "healing", &[]);
    let given = h.json(&["give", "Biter", "--to", "Weak"]);
    let deferred = of_kind(&given["events"], "control_deferred");
    let waits: Vec<(&str, &str)> = deferred
        .iter()
        .map(|e| {
            (
                e["payload"]["item_name"].as_str().unwrap(),
                e["payload"]["trigger"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        waits,
        [("Biter", "first_contact"), ("Hater", "jealousy")],
        "one master at a time: Biter's first contact and Hater's jealousy wait"
    );
    assert!(of_kind(&given["events"], "control_checked").is_empty());
    let now = audit(&h);
    assert_eq!(now["current"].as_array().unwrap().len(), 1);
    assert_eq!(now["current"][0]["sword"], "Hater");
    assert_eq!(now["current"][0]["waiting"][0]["sword"], "Biter");
    let text = h.ok(&["audit", "swords"]);
    assert!(text.contains("waiting: first contact of Biter"), "{text}");
    // Hater lets go: Biter's first contact is checked at once and takes control; Hater's
    // jealousy (of Biter) now waits on Biter.
    let released = h.json(&["release", "Hater"]);
    assert_eq!(
        kinds(&released),
        ["control_ended", "control_checked", "control_deferred"]
    );
    let now = audit(&h);
    assert_eq!(now["current"][0]["sword"], "Biter");
    assert_eq!(now["current"][0]["waiting"][0]["sword"], "Hater");
    assert_eq!(now["current"][0]["waiting"][0]["trigger"], "jealousy");
    h.ok(&["check"]);
}

#[test]
fn only_a_touch_teaches_a_swords_alignment_not_an_identify_spell() {
    let h = Hoard::new();
    h.character("Mordo", 18, 18, 20, "lawful");
    h.character("Brune", 18, 18, 20, "lawful");
    lawbringer(&h);
    h.ok(&[
        "identify",
        "Lawbringer",
        "--by",
        "Mordo",
        "--method",
        "spell",
    ]);
    let seen = h.json(&["item", "show", "Lawbringer", "--as", "Mordo"]);
    assert_eq!(seen["known"], "full");
    assert!(seen.get("alignment").is_none(), "{seen}");
    assert!(seen["sentience"].get("alignment").is_none(), "{seen}");
    assert_eq!(seen["sentience"]["int"], 12, "the spell tells the rest");
    let text = h.ok(&["item", "show", "Lawbringer", "--as", "Mordo"]);
    assert!(!text.contains("lawful"), "{text}");
    h.ok(&["give", "Lawbringer", "--to", "Brune"]);
    h.ok(&["wield", "Lawbringer"]);
    let wielder = h.json(&["item", "show", "Lawbringer", "--as", "Brune"]);
    assert_eq!(wielder["alignment"], "lawful");
}

#[test]
fn a_changed_maximum_re_evaluates_a_wounded_control() {
    let h = Hoard::new();
    weak(&h, "Weak", 18, "lawful");
    h.strong_sword("Hater", "lawful", "telepathy", &["--to", "Weak"]);
    h.ok(&["release", "Hater"]);
    // 10 of 18 is above half; of a raised maximum of 20 it is half: a wounded check.
    h.ok(&["character", "damage", "Weak", "8"]);
    assert_eq!(audit(&h)["current"], serde_json::json!([]));
    let raised = h.json(&["character", "set", "Weak", "hp-max", "20"]);
    assert_eq!(raised["consequences"][0]["payload"]["trigger"], "wounded");
    assert_eq!(audit(&h)["current"][0]["trigger"], "wounded");
    // Lowered again to 18: above half, the control ends.
    let lowered = h.ok(&["character", "set", "Weak", "hp-max", "18"]);
    assert!(lowered.contains("Hater releases Weak"), "{lowered}");
    assert_eq!(audit(&h)["current"], serde_json::json!([]));
    let ended = h.ok(&["--json", "log", "--kind", "control_ended"]);
    assert!(
        ended
            .lines()
            .last()
            .unwrap()
            .contains("\"reason\":\"healed\""),
        "{ended}"
    );
    h.ok(&["check"]);
}

#[test]
fn sword_add_rolls_the_languages_left_unchosen() {
    let h = Hoard::new();
    // A speaking sword (INT 10) whose languages are not given, unless `more` gives them.
    let add = |name: &str, more: &[&str]| {
        let mut args = vec![
            "sword",
            "add",
            name,
            "--int",
            "10",
            "--ego",
            "5",
            "--alignment",
            "neutral",
            "--sensory",
            "detect-magic",
            "--sensory",
            "detect-traps",
            "--sensory",
            "see-invisible",
        ];
        args.extend_from_slice(more);
        h.ok(&args);
    };
    let languages = |name: &str| {
        let story = h.json(&["item", "show", name]);
        let steps = story["origin"]["steps"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        (story["sentience"]["languages"].as_i64().unwrap(), steps)
    };
    add("One", &["--seed", "11"]);
    add("Two", &["--seed", "11"]);
    let (one, steps) = languages("One");
    assert!(
        steps.iter().any(|s| s["what"] == "sword-languages"),
        "{steps:?}"
    );
    assert_eq!(one, languages("Two").0, "reproducible with --seed");
    let seen: std::collections::BTreeSet<i64> = (0..12)
        .map(|n| {
            let name = format!("S{n}");
            add(&name, &["--seed", &n.to_string()]);
            languages(&name).0
        })
        .collect();
    assert!(seen.len() > 1, "rolled, not fixed: {seen:?}");
    // Given, it is kept and nothing is rolled.
    add("Given", &["--languages", "3"]);
    let (given, steps) = languages("Given");
    assert_eq!((given, steps.len()), (3, 0));
}

/// A foe's kind is a name like any other: at most 100 characters, from the command line and
/// from an import alike.
#[test]
fn a_foe_named_past_the_limit_is_refused() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "w", "--use"]);
    let long = "x".repeat(10_240);
    let stderr = h.refused_unchanged(&["encounter", "--with", &long], 2);
    assert!(stderr.contains("100"), "{stderr}");
    h.ok(&["encounter", "--with", &"x".repeat(100)]);
}

/// A sword whose purpose is to slay a type of monster says which: the referee's, or rolled on
/// `sword-slays` with its die kept.
#[test]
fn a_sword_that_slays_a_type_of_monster_says_which() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "w", "--use"]);
    let purpose = "--int 12 --ego 12 --purpose slay-monster-type";
    h.ok_words(&format!(
        "sword add Wyrmbane {purpose} --alignment lawful --slays basilisks"
    ));
    let shown = h.ok(&["item", "show", "Wyrmbane"]);
    assert!(shown.contains("Slay basilisks"), "{shown}");
    h.ok_words(&format!(
        "--seed 4 sword add Foebiter {purpose} --alignment chaotic"
    ));
    let sword = h.json(&["item", "show", "Foebiter"]);
    let purpose = sword["sentience"]["special_purpose"]["name"]
        .as_str()
        .unwrap();
    assert!(
        purpose.starts_with("Slay ") && !purpose.contains('{'),
        "{purpose}"
    );
    let steps = sword["origin"]["steps"].to_string();
    assert!(steps.contains("sword-slays"), "{steps}");
}

/// What a sword's touch or hold leaves of a character is said by the campaign's death rule,
/// as `character damage` says it, and the sheet and the list keep saying it.
#[test]
fn a_death_by_a_swords_touch_or_hold_is_said_and_kept_on_the_sheet() {
    let h = Hoard::new();
    // Old-School Essentials, the default: 2d6 a round from 2 HP leaves nobody standing.
    h.character("Brune", 18, 18, 2, "chaotic");
    lawbringer(&h);
    let text = h.ok(&["--seed", "3", "touch", "Lawbringer", "--by", "Brune"]);
    assert!(text.contains("Brune is dead."), "{text}");
    let sheet = h.json(&["character", "show", "Brune"]);
    assert_eq!(sheet["condition"], "dead", "{sheet}");
    assert!(
        h.ok(&["character", "show", "Brune"])
            .contains("Brune is dead.")
    );
    assert_eq!(h.json(&["character", "list"])[0]["condition"], "dead");
    assert!(h.ok(&["character", "list"]).contains("(dead)"));
    let fr = h.ok(&["--lang", "fr", "character", "list"]);
    assert!(fr.contains("(mort)"), "{fr}");

    // AD&D's death's door: a hostile sword in hand hurts round by round as time passes.
    let h = Hoard::new();
    h.ok(&["campaign", "set", "death", "adnd"]);
    h.character("Brune", 18, 18, 12, "chaotic");
    h.character("Tess", 10, 10, 8, "lawful");
    lawbringer(&h);
    h.ok(&["--seed", "3", "give", "Lawbringer", "--to", "Brune"]);
    h.ok(&["wield", "Lawbringer"]);
    let text = h.ok(&["--seed", "9", "time", "advance", "6", "days"]);
    let hp = h.json(&["character", "show", "Brune"])["hp"]
        .as_i64()
        .unwrap();
    let (word, line) = if hp <= -10 {
        ("dead", "Brune is dead.")
    } else {
        ("dying", "Brune is dying")
    };
    assert!(hp <= 0 && text.contains(line), "{hp}: {text}");
    assert_eq!(h.json(&["character", "show", "Brune"])["condition"], word);
    let list = h.json(&["character", "list"]);
    assert_eq!(
        (&list[0]["condition"], &list[1]["condition"]),
        (&Value::from(word), &Value::from("up"))
    );
    h.ok(&["check"]);
}

/// The docs say what the program does: a sword in control cannot be stashed, and `sword add`
/// rolls the languages it is not given.
#[test]
fn the_docs_say_a_controlling_sword_stays_and_languages_are_rolled() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let reference = std::fs::read_to_string(root.join("docs/reference.md")).unwrap();
    let stash = reference
        .lines()
        .find(|l| l.starts_with("| `hoard stash"))
        .expect("the stash row");
    assert!(stash.contains("cannot be stashed"), "{stash}");
    let h = Hoard::new();
    let help = h.ok(&["sword", "add", "--help"]);
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(help.contains("rolled when not given"), "{help}");
    assert!(!help.contains("default 1"), "{help}");
}

/// A sword controls its holder's actions (OSE *Sentient Swords*): once the holder falls, it
/// has none to control. The control ends with its own reason, and the body can be looted.
#[test]
fn control_ends_when_the_holder_falls_and_the_body_can_be_looted() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "w", "--use"]);
    h.character("Arnaud", 9, 9, 30, "lawful");
    h.character("Sable", 9, 9, 30, "chaotic");
    // Will 25 and more against 18: first contact always takes control.
    h.strong_sword("Blackfang", "chaotic", "telekinesis", &["--to", "Arnaud"]);
    assert!(
        h.ok(&["audit", "swords"])
            .contains("Blackfang controls Arnaud")
    );
    h.fails(&["give", "Blackfang", "--to", "Sable"], 4);
    let felled = h.ok(&["character", "damage", "Arnaud", "40"]);
    assert!(felled.contains("Blackfang releases Arnaud"), "{felled}");
    assert!(felled.contains("fell"), "{felled}");
    assert!(!h.ok(&["audit", "swords"]).contains("controls Arnaud"));
    h.ok(&["give", "Blackfang", "--to", "Sable"]);
    assert!(h.ok(&["check"]).starts_with("ok:"));
}

/// `audit swords` shows a circumstance waiting on a control only while it is in force: a
/// wound healed above half is no longer waiting.
#[test]
fn a_waiting_wound_healed_is_no_longer_shown_waiting() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "w", "--use"]);
    // 40 HP: the first touch (2d6) and 20 damage leave 8 to 18, at half or less and alive.
    h.character("Arnaud", 9, 9, 40, "lawful");
    h.strong_sword("Blackfang", "chaotic", "telekinesis", &["--to", "Arnaud"]);
    h.ok(&["character", "damage", "Arnaud", "20"]);
    assert!(h.ok(&["audit", "swords"]).contains("waiting: wounded"));
    h.ok(&["character", "heal", "Arnaud", "15"]);
    let audit = h.ok(&["audit", "swords"]);
    assert!(audit.contains("Blackfang controls Arnaud"), "{audit}");
    assert!(!audit.contains("waiting"), "{audit}");
}

/// « L'épée peut lire toutes les langues qu'elle est capable de parler, ainsi que les
/// inscriptions magiques » (OSE *Sentient Swords*): a sword in hand that reads reads a spell
/// scroll for a wielder who cannot; the reading is a use, checked as one; a sword in control
/// of its wielder reads nothing for them.
#[test]
fn a_sword_in_hand_that_reads_reads_a_scroll_for_its_wielder_unless_it_controls_them() {
    let h = Hoard::new();
    // 18 + 18 (− 2d4 at worst) against 11 + 1 + 1d10: the sword never wins. INT 11 reads.
    h.character("Sage", 18, 18, 60, "neutral");
    h.ok_words("sword add Hater --int 11 --ego 1 --alignment chaotic --languages 1 --to Sage");
    h.ok_words("item add Sleep --category scroll --kind spell");
    h.ok_words("item add Charm --category scroll --kind spell");
    // Carried, it reads nothing: a character with no class cannot read magic.
    let stderr = h.refused_unchanged(&["read", "Sleep", "--by", "Sage"], 4);
    assert!(stderr.contains("cannot read magic"), "{stderr}");
    h.ok_words("wield Hater --by Sage");
    let checks = || audit(&h)["checks"].as_array().unwrap().clone();
    let before = checks().len();
    let read = h.json(&["read", "Sleep", "--by", "Sage"]);
    assert_eq!(read["learned"], "full", "{read}");
    let text = h.ok(&["log"]);
    assert!(
        text.contains("identifies Sleep by reading, through Hater"),
        "{text}"
    );
    // A use of a sword of another alignment: its check, with its dice, follows the reading.
    let after = checks();
    assert_eq!(after.len(), before + 1, "{after:?}");
    assert_eq!(after[before]["trigger"], "alignment", "{after:?}");
    assert_eq!(after[before]["controlled"], false, "{after:?}");
    let fr = h.ok(&["--lang", "fr", "log"]);
    assert!(fr.contains("par la voix de Hater"), "{fr}");
    // `give --read` reads through it too.
    h.ok_words("give Charm --to Sage --read");
    assert!(h.ok(&["log"]).contains("Charm by reading, through Hater"));
    // 3 + 3: a sword of another alignment always takes control, and then reads nothing.
    weak(&h, "Pell", 60, "neutral");
    h.strong_sword("Fiend", "chaotic", "telepathy", &["--to", "Pell"]);
    h.ok_words("wield Fiend --by Pell");
    h.ok_words("item add Web --category scroll --kind spell");
    let stderr = h.refused_unchanged(&["read", "Web", "--by", "Pell"], 4);
    assert!(
        stderr.contains("Fiend controls Pell and reads nothing for them"),
        "{stderr}"
    );
    h.ok(&["check"]);
}
