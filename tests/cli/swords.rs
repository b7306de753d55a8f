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
        ["item_passed", "control_checked", "sword_touched"]
    );
    let hurt = &touched["events"][2]["payload"];
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

    // Wielding while in control: no new check.
    let wield = h.json(&["wield", "Lawbringer"]);
    assert_eq!(wield["events"].as_array().unwrap().len(), 1);
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
    let healed = h.json(&["character", "heal", "Brune", &(11 - hp).to_string()]);
    assert_eq!(healed["consequences"][0]["kind"], "control_ended");
    assert_eq!(healed["consequences"][0]["payload"]["reason"], "healed");
    let after = audit(&h);
    assert_eq!(after["current"], serde_json::json!([]));
    let triggers: Vec<&str> = after["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["trigger"].as_str().unwrap())
        .collect();
    assert_eq!(triggers, ["first_contact", "wounded"]);
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
    // A chaotic sword handed to a lawful character: 2d6 for the round they hold it.
    let given = h.json(&["--seed", "8", "give", "Grim", "--to", "Lia"]);
    assert_eq!(
        kinds(&given),
        ["item_passed", "control_checked", "sword_touched"]
    );
    let touch = &given["events"][2]["payload"];
    assert_eq!(
        (
            touch["rounds"].as_i64(),
            touch["damage"][0]["expr"].as_str()
        ),
        (Some(1), Some("2d6"))
    );
    let hp = 60 - touch["damage"][0]["total"].as_i64().unwrap();
    assert_eq!(
        h.json(&["character", "show", "Lia"])["hp"].as_i64(),
        Some(hp)
    );
    // Handled again later: no longer a first handling.
    h.ok(&["drop", "Grim"]);
    let again = h.json(&["give", "Grim", "--to", "Lia"]);
    assert_eq!(again["events"].as_array().unwrap().len(), 1, "{again}");
    // Its own alignment: no harm, only the first-contact check.
    let own = h.json(&["give", "Grim", "--to", "Cor"]);
    assert_eq!(kinds(&own), ["item_passed", "control_checked"]);
    h.ok(&["check"]);
}
