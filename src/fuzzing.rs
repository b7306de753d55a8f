//! The entry points the fuzz targets (`fuzz/`) and their property-test twins (`cargo test`)
//! drive: each takes any input and must end without a panic.

use crate::app::export::{parse_header, parse_line};
use crate::app::replay::Replay;
use crate::rules::dice::{Dice, Expr};
use crate::rules::tables::{Tables, shipped};

/// A dice expression: refused, or rolled inside its bounds.
pub fn dice(text: &str, dice: &mut impl Dice) {
    if let Ok(expr) = Expr::parse(text) {
        let roll = expr.roll(dice);
        assert!(
            roll.total >= expr.min() && roll.total <= expr.max(),
            "{text}: {}",
            roll.total
        );
        let _ = expr.distribution();
    }
}

/// A table file: refused with errors, or loaded and rolled — alone, and in place of a
/// shipped table.
pub fn table(text: &str) {
    let mut rng = crate::rules::dice::seeded(7);
    if let Ok(tables) = Tables::parse(&[("tables/fuzz.toml".to_string(), text.to_string())]) {
        for t in tables.iter() {
            match &t.key {
                Some(_) => {
                    let _ = t.roll_band(3, &mut rng);
                }
                None => {
                    let _ = t.roll(&mut rng);
                }
            }
        }
    }
    let mut files = shipped();
    if let Some(slot) = files.iter_mut().find(|(f, _)| f.ends_with("/wands.toml")) {
        slot.1 = text.to_string();
    }
    if let Ok(tables) = Tables::parse(&files) {
        let _ = crate::rules::generate::make(&tables, "wands", Default::default(), &mut rng);
    }
}

/// An export file: the header checked, each line parsed and applied to the state.
pub fn import(text: &str) {
    let mut lines = text.lines();
    let Some(first) = lines.next() else { return };
    let voided = match parse_header(first) {
        Ok(header) => header.voided.into_iter().collect(),
        Err(_) => Default::default(),
    };
    let mut replay = Replay::new(voided);
    for line in lines {
        if let Ok((rec, _)) = parse_line(line, None) {
            if rec.seq != replay.state.last_seq + 1 {
                return;
            }
            replay.feed(&rec);
        }
    }
}

#[cfg(test)]
mod properties {
    //! The fuzz targets' entry points over generated inputs, so `cargo test` covers them.
    use proptest::prelude::*;

    const HEADER: &str = r#"{"hoard":"campaign","format":1,"campaign":"x","events":3,"voided":[[2,3]],"tables":{"source":"shipped","tables":[]}}"#;

    fn table_text(die: &str, rows: &[(String, String)]) -> String {
        let mut text = format!(
            "name = \"fuzz\"\ntitle = \"t\"\ntitle_fr = \"t\"\ndie = \"{die}\"\nversion = 1\nsource = \"s\"\nnotes = \"n\"\n[defaults]\ncategory = \"wand\"\n"
        );
        for (roll, name) in rows {
            text.push_str(&format!(
                "[[entry]]\nroll = \"{roll}\"\nname = \"{name}\"\nfr = \"{name}\"\n"
            ));
        }
        text
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        #[test]
        fn any_text_as_dice(text in "\\PC{0,40}") {
            super::dice(&text, &mut crate::rules::dice::seeded(3));
        }

        #[test]
        fn dice_shaped_text(text in "[-+]?([0-9]{0,4}[dD][0-9%]{0,7}([*x][0-9]{0,4})?|[0-9]{0,12})([-+]([0-9]{0,4}[dD][0-9%]{0,7}|[0-9]{0,12})){0,5}") {
            super::dice(&text, &mut crate::rules::dice::seeded(4));
        }
    }

    proptest! {
        // Each case parses every shipped table: fewer cases, the fuzzer does the volume.
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn any_text_as_a_table(text in "\\PC{0,200}") {
            super::table(&text);
        }

        #[test]
        fn table_shaped_text(
            die in "(d4|d6|d20|d100|1d6\\+6|2d|d0)",
            rows in proptest::collection::vec(("[0-9]{1,3}(-[0-9]{1,3})?", "[a-z]{0,5}"), 0..8),
        ) {
            super::table(&table_text(&die, &rows));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        #[test]
        fn any_text_as_an_import(lines in proptest::collection::vec("\\PC{0,80}", 0..6)) {
            super::import(&lines.join("\n"));
        }

        #[test]
        fn import_shaped_text(
            seqs in proptest::collection::vec(0i64..6, 1..6),
            kinds in proptest::collection::vec(prop_oneof![
                Just(r#"{"kind":"campaign_created","name":"x"}"#),
                Just(r#"{"kind":"character_added","character":{"id":"c","name":"C","alignment":"lawful","class":null,"level":1,"str":9,"wis":9,"hp":5,"hp_max":5}}"#),
                Just(r#"{"kind":"character_damaged","character":"c","name":"C","amount":99,"hp":-10}"#),
                Just(r#"{"kind":"session_ended","number":1}"#),
                Just(r#"{"kind":"time_advanced","rounds":-5,"clock":0}"#),
                Just(r#"{"kind":"events_voided","target":1,"events":[1]}"#),
            ], 1..6),
        ) {
            let mut text = HEADER.to_string();
            for (seq, kind) in seqs.iter().zip(&kinds) {
                text.push_str(&format!("\n{{\"seq\":{seq},\"cause\":null,\"session\":null,\"game_time\":0,\"wall_time\":\"w\",\"event\":{kind}}}"));
            }
            super::import(&text);
        }
    }
}
