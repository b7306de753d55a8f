//! The words a referee reads (#14): a number with a real singular or plural in both languages,
//! no `(s)` or `(e)`; refusals that say what is true of the item; `tables roll` rolling again
//! as `generate` does; `item show` saying what its JSON holds.

use crate::common::Hoard;

/// Assert that `text` is the snapshot `name`, shared by both engines (see `ux::snapshot`).
fn snapshot(name: &str, text: &str) {
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!(format!("cli__words__{name}"), text));
}

/// Fail if `text` writes a number's plural, or a gender, as a bracketed ending.
fn no_brackets(text: &str) {
    for mark in ["(s)", "(e)", "(x)", "(es)"] {
        assert!(!text.contains(mark), "{mark} in: {text}");
    }
}

fn campaign() -> Hoard {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "Words", "--use"]);
    h.character("Mordo", 10, 12, 9, "neutral");
    h
}

#[test]
fn one_charge_one_round_one_campaign_are_singular_in_english_and_french() {
    let h = campaign();
    h.ok(&["session", "start"]);
    h.wand("Wand of Frost", 4, Some("Mordo"));
    h.strong_sword(
        "Nightfang",
        "chaotic",
        "telekinesis",
        &["--to", "Mordo", "--seed", "5"],
    );
    h.ok(&["--seed", "2", "use", "Wand of Frost"]);
    h.ok(&["--seed", "2", "use", "Wand of Frost", "--charges", "2"]);
    h.ok(&["recharge", "Wand of Frost", "1"]);
    h.ok(&["--seed", "2", "use", "Wand of Frost"]);
    h.ok(&["--seed", "4", "touch", "Nightfang", "--by", "Mordo"]);
    let (mut shown, mut backups) = (String::new(), String::new());
    for lang in ["en", "fr"] {
        let added = h.ok(&[
            "--lang",
            lang,
            "character",
            "add",
            lang,
            "--str",
            "9",
            "--wis",
            "9",
            "--hp",
            "4",
        ]);
        let log = h.ok(&["--lang", lang, "log"]);
        let refused = h.fails(
            &["--lang", lang, "use", "Wand of Frost", "--charges", "5"],
            4,
        );
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("copy.db");
        // `backup` copies a SQLite file; a PostgreSQL database is backed up with pg_dump.
        let sqlite = crate::ENGINE == crate::common::Engine::Sqlite;
        let backup = if sqlite {
            h.ok(&["--lang", lang, "backup", file.to_str().unwrap()])
        } else {
            String::new()
        };
        // The size of the copy is the file's own: only its words are checked.
        let backup = backup.split(" (").nth(1).unwrap_or_default().to_string();
        let backup = backup.split_once(": ").map(|b| b.1).unwrap_or_default();
        for text in [&added, &log, &refused, &backup.to_string()] {
            no_brackets(text);
        }
        shown.push_str(&format!("{added}{log}{refused}\n"));
        backups.push_str(backup);
    }
    snapshot("counted", &shown);
    assert!(
        shown.contains("Mordo spends 1 charge of Wand of Frost (3 left)"),
        "{shown}"
    );
    assert!(
        shown.contains("Mordo dépense 2 charges de Wand of Frost"),
        "{shown}"
    );
    assert!(
        shown.contains("is recharged with 1 charge (2 charges in all)"),
        "{shown}"
    );
    assert!(shown.contains("has only 1 charge left, not 5"), "{shown}");
    assert!(shown.contains("Personnage ajouté : fr"), "{shown}");
    if crate::ENGINE == crate::common::Engine::Sqlite {
        assert!(backups.contains("1 campaign, "), "{backups}");
        assert!(backups.contains("1 campagne, "), "{backups}");
    }
}

#[test]
fn problems_are_counted_as_one_problem_or_two_problems() {
    let dir = tempfile::tempdir().unwrap();
    let h = Hoard::new();
    // A file of the referee's own that is not TOML: one problem (a shipped name would add the
    // references to it that now fail).
    std::fs::write(dir.path().join("mine.toml"), "name = \n").unwrap();
    let one = h.fails(&["tables", "check", dir.path().to_str().unwrap()], 2);
    no_brackets(&one);
    assert!(one.contains("hoard: 1 problem in the tables"), "{one}");
    std::fs::write(dir.path().join("more.toml"), "name = \n").unwrap();
    let two = h.fails(
        &[
            "--lang",
            "fr",
            "tables",
            "check",
            dir.path().to_str().unwrap(),
        ],
        2,
    );
    no_brackets(&two);
    assert!(two.contains("hoard: 2 problèmes dans les tables"), "{two}");
}

#[test]
fn a_wand_cannot_be_worn_and_a_ring_not_on_a_finger_is_not_worn() {
    let h = campaign();
    h.wand("Wand of Frost", 3, Some("Mordo"));
    h.ok(&[
        "item",
        "add",
        "Ring of Warmth",
        "--category",
        "ring",
        "--to",
        "Mordo",
    ]);
    for command in ["wear", "remove"] {
        let err = h.refused_unchanged(&[command, "Wand of Frost"], 4);
        assert!(err.contains("Wand of Frost cannot be worn"), "{err}");
    }
    let err = h.refused_unchanged(&["remove", "Ring of Warmth"], 4);
    assert!(err.contains("Ring of Warmth is not worn"), "{err}");
    let err = h.refused_unchanged(&["--lang", "fr", "remove", "Ring of Warmth"], 4);
    assert!(err.contains("personne ne porte Ring of Warmth"), "{err}");
    h.ok(&["wear", "Ring of Warmth", "--hand", "left"]);
    let err = h.refused_unchanged(
        &["--lang", "fr", "wear", "Ring of Warmth", "--hand", "left"],
        4,
    );
    no_brackets(&err);
    assert!(err.contains("Mordo porte déjà Ring of Warmth"), "{err}");
}

#[test]
fn an_instant_oil_says_when_it_acts_and_not_that_it_acts_at_once() {
    let h = campaign();
    // Seed 26 finds an Oil of Disenchantment, whose effect is instant.
    let found = h.ok(&["--seed", "26", "generate", "potion", "--to", "Mordo"]);
    assert!(found.contains("Oil of Disenchantment"), "{found}");
    let en = h.ok(&["--seed", "3", "apply", "Oil of Disenchantment"]);
    assert_eq!(
        en.trim_end(),
        "Mordo rubs on Oil of Disenchantment (initiative +5): its instant effect comes at initiative +5"
    );
    let fr = h.ok(&["--lang", "fr", "log"]);
    assert!(
        fr.contains("Mordo applique Huile de désenchantement (initiative +5) : effet instantané à l'initiative +5"),
        "{fr}"
    );
    let shown = h.ok(&["item", "show", "Oil of Disenchantment"]);
    assert!(shown.contains("\n  instant effect\n"), "{shown}");
    assert!(!shown.contains("at once"), "{shown}");
}

#[test]
fn a_setting_on_a_line_of_its_own_starts_with_a_capital() {
    let h = campaign();
    assert_eq!(
        h.ok(&["campaign", "set", "scroll-fade", "25"]),
        "Setting scroll-fade = 25%\n"
    );
    assert_eq!(
        h.ok(&["--lang", "fr", "campaign", "set", "scroll-fade", "30"]),
        "Réglage scroll-fade = 30%\n"
    );
    // In the log's rows the sentence stays as written.
    assert!(h.ok(&["log"]).contains("   setting scroll-fade = 25%\n"));
}

#[test]
fn tables_roll_rolls_again_as_generate_does_and_shows_each_roll() {
    let h = campaign();
    // Seed 1 lands on the wands' row 20, « referee's choice (roll again) », first.
    let text = h.ok(&["--seed", "1", "tables", "roll", "wands"]);
    snapshot("tables_roll_again", &text);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[0].ends_with("→ Referee's choice (roll again)"),
        "{text}"
    );
    assert!(!lines[1].contains("roll again"), "{text}");
    // Each roll is recorded, and the JSON's own fields are the last roll's.
    let doc = h.json(&["--seed", "1", "tables", "roll", "wands"]);
    let rolls = doc["rolls"].as_array().unwrap();
    assert_eq!(rolls.len(), 2);
    assert_eq!(rolls[0]["reroll"], true);
    assert_eq!(doc["entry"], rolls[1]["entry"]);
    let log = h.ok(&["log"]);
    assert_eq!(log.matches("table wands:").count(), 4, "{log}");
    // The same rolls as `generate wand` with the same seed: one rule, one place.
    let made = h.json(&["--seed", "1", "generate", "wand"]);
    let steps = made["origin"]["steps"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let entries: Vec<&str> = steps
        .iter()
        .filter(|s| s["what"] == "wands")
        .map(|s| s["entry"].as_str().unwrap())
        .collect();
    let rolled: Vec<&str> = rolls.iter().map(|r| r["entry"].as_str().unwrap()).collect();
    if !entries.is_empty() {
        assert_eq!(entries, rolled);
    }
}

#[test]
fn a_key_on_a_table_that_takes_none_is_refused() {
    let h = campaign();
    let err = h.refused_unchanged(&["tables", "roll", "wands", "--key", "3"], 2);
    assert!(err.contains("table wands takes no --key"), "{err}");
    // A banded table still needs its key, and takes it.
    h.fails(&["tables", "roll", "scroll-failure"], 2);
    h.ok(&["tables", "roll", "scroll-failure", "--key", "3"]);
}

#[test]
fn item_show_says_a_swords_blade_and_whether_a_worn_ring_works_on_which_hand() {
    let h = campaign();
    h.strong_sword(
        "Longtooth",
        "lawful",
        "telekinesis",
        &["--blade", "long", "--bonus", "1"],
    );
    let sword = h.ok(&["item", "show", "Longtooth"]);
    assert!(sword.contains("\n  blade: long sword\n"), "{sword}");
    assert_eq!(h.json(&["item", "show", "Longtooth"])["blade"], "long");
    let fr = h.ok(&["--lang", "fr", "item", "show", "Longtooth"]);
    assert!(fr.contains("\n  lame : épée longue\n"), "{fr}");

    for ring in ["Ring of Protection +1", "Ring of Warmth"] {
        h.ok(&["item", "add", ring, "--category", "ring", "--to", "Mordo"]);
    }
    h.ok(&["wear", "Ring of Protection +1", "--hand", "left"]);
    let alone = h.ok(&["item", "show", "Ring of Protection +1"]);
    assert!(
        alone.contains("\n  worn on the left hand: works (the only ring on that hand)\n"),
        "{alone}"
    );
    let doc = h.json(&["item", "show", "Ring of Protection +1"]);
    assert_eq!(
        (&doc["worn"], &doc["works"]),
        (&"left-hand".into(), &true.into())
    );

    h.ok(&["wear", "Ring of Warmth", "--hand", "left"]);
    let shared = h.ok(&["item", "show", "Ring of Protection +1"]);
    assert!(
        shared.contains("\n  worn on the left hand: does not work, nor does Ring of Warmth on the same hand (one magic ring per hand)\n"),
        "{shared}"
    );
    let doc = h.json(&["item", "show", "Ring of Protection +1"]);
    assert_eq!(doc["works"], false);
    assert_eq!(
        doc["beside"],
        serde_json::json!([{"name": "Ring of Warmth", "name_fr": "Ring of Warmth"}])
    );
    let fr = h.ok(&["--lang", "fr", "item", "show", "Ring of Warmth"]);
    assert!(
        fr.contains("\n  au doigt, main gauche : ne fonctionne pas"),
        "{fr}"
    );
    // A ring carried but not worn says neither.
    h.ok(&["remove", "Ring of Warmth"]);
    let carried = h.ok(&["item", "show", "Ring of Warmth"]);
    assert!(!carried.contains("worn"), "{carried}");
    assert!(
        h.json(&["item", "show", "Ring of Warmth"])
            .get("works")
            .is_none()
    );
}

/// A class reads in the reader's language whichever one it was typed in; experience is "PX"
/// in French; a drained wand or staff is no feminine "vidée".
#[test]
fn french_pages_say_classes_and_experience_in_french() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "w", "--use"]);
    h.ok(&["session", "start", "One"]);
    h.ok_words("character add Arnaud --str 12 --wis 12 --hp 8 --class fighter");
    h.ok_words("character add Yseult --str 12 --wis 12 --hp 8 --class Magicien");
    let fr = h.ok(&["--lang", "fr", "character", "show", "Arnaud"]);
    assert!(fr.contains("guerrier"), "{fr}");
    assert!(!fr.contains("fighter"), "{fr}");
    assert!(fr.contains("PX 0"), "{fr}");
    let en = h.ok(&["character", "show", "Yseult"]);
    assert!(en.contains("magic-user"), "{en}");
    h.ok_words("item add Staff --category staff --charges 1 --to Yseult");
    h.ok(&["use", "Staff"]);
    let log = h.ok(&["--lang", "fr", "log"]);
    assert!(!log.contains("vidée"), "{log}");
}

/// Drawing and sheathing a sword read as such in the log, the report and the chronicle.
#[test]
fn a_sword_is_drawn_and_sheathed_not_put_on_and_taken_off() {
    let h = Hoard::new();
    h.ok(&["campaign", "new", "w", "--use"]);
    h.ok(&["session", "start", "One"]);
    h.character("Arnaud", 12, 12, 8, "lawful");
    h.strong_sword("Lawbringer", "lawful", "telekinesis", &["--to", "Arnaud"]);
    h.ok(&["wield", "Lawbringer"]);
    h.ok(&["sheathe", "Lawbringer"]);
    let log = h.ok(&["log"]);
    assert!(log.contains("Arnaud sheathes Lawbringer"), "{log}");
    assert!(!log.contains("takes off"), "{log}");
    let report = h.ok(&["report", "session", "1"]);
    assert!(!report.contains("Worn:"), "{report}");
    let fr = h.ok(&["--lang", "fr", "log"]);
    assert!(fr.contains("Arnaud rengaine Lawbringer"), "{fr}");
}

#[test]
fn every_command_s_help_opens_with_the_referee_s_words_not_a_developer_s() {
    let h = Hoard::new();
    let dir = h.dir.path().join("man");
    h.ok(&["man", "--dir", dir.to_str().unwrap()]);
    let mut pages: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    pages.sort();
    assert!(pages.len() > 40, "{pages:?}");
    // A rustdoc link (`[`Chosen`]`) or a type's name is the developer's, not the referee's.
    let leaks = |text: &str| {
        ["[`", "`]", "::", "struct"]
            .iter()
            .any(|m| text.contains(m))
    };
    for page in pages {
        let roff = std::fs::read_to_string(dir.join(&page)).unwrap();
        let name = roff
            .split_once(".SH NAME\n")
            .and_then(|(_, rest)| rest.lines().next())
            .unwrap_or_else(|| panic!("{page}: no NAME"));
        assert!(!leaks(name), "{page}'s NAME: {name}");
        let mut args: Vec<&str> = page.trim_end_matches(".1").split('-').skip(1).collect();
        args.push("--help");
        let help = h.ok(&args);
        let first = help.lines().next().unwrap_or_default();
        assert!(!leaks(first), "hoard {args:?}: {first}");
    }
}

#[test]
fn help_and_json_say_what_is_so() {
    let h = campaign();
    // The environment's variables are named, never shown with a value (set or empty).
    let help = h.ok(&["give", "--help"]);
    for var in ["HOARD_CAMPAIGN", "HOARD_TABLES"] {
        assert!(help.contains(&format!("[env: {var}]")), "{help}");
        assert!(!help.contains(&format!("{var}=")), "{help}");
    }
    // identify's help names every method it takes.
    let help = h.ok(&["identify", "--help"]);
    for method in [
        "taste",
        "read-magic",
        "spell",
        "bard-lore",
        "wish",
        "comprehend-languages",
        "appraise",
    ] {
        assert!(help.contains(method), "{method}: {help}");
    }
    // odds: numbers, not strings, and the probability their quotient.
    h.strong_sword("Lawbringer", "lawful", "telekinesis", &[]);
    let odds = h.json(&["odds", "Lawbringer", "Mordo"]);
    let (n, d) = (odds["numerator"].as_u64(), odds["denominator"].as_u64());
    let (n, d) = (n.expect("a number"), d.expect("a number"));
    assert_eq!(
        odds["probability"].as_f64(),
        Some(n as f64 / d as f64),
        "{odds}"
    );
    // A dry run's document says it is one (each object of an array too); others do not.
    let rolled = h.json(&["--dry-run", "roll", "1d6"]);
    assert_eq!(rolled["dry_run"], true, "{rolled}");
    assert!(h.json(&["roll", "1d6"]).get("dry_run").is_none());
    let made = h.json(&["--dry-run", "generate", "potion", "--count", "2"]);
    let made = made.as_array().expect("an array");
    assert!(
        made.len() == 2 && made.iter().all(|i| i["dry_run"] == true),
        "{made:?}"
    );
    assert_eq!(h.json(&["item", "list"]).as_array().map(Vec::len), Some(1));
}
