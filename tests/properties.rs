//! The fuzz targets' entry points (src/fuzzing.rs) over generated inputs, so `cargo test`
//! covers what `cargo fuzz` drives at volume. The `fuzzing` feature they need is turned on by
//! hoard's dev-dependency on itself (Cargo.toml).

use hoard::fuzzing::{dice, import, table};
use hoard::rules::dice::seeded;
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
        dice(&text, &mut seeded(3));
    }

    #[test]
    fn dice_shaped_text(text in "[-+]?([0-9]{0,4}[dD][0-9%]{0,7}([*x][0-9]{0,4})?|[0-9]{0,12})([-+]([0-9]{0,4}[dD][0-9%]{0,7}|[0-9]{0,12})){0,5}") {
        dice(&text, &mut seeded(4));
    }
}

proptest! {
    // Each case parses every shipped table: fewer cases, the fuzzer does the volume.
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn any_text_as_a_table(text in "\\PC{0,200}") {
        table(&text);
    }

    #[test]
    fn table_shaped_text(
        die in "(d4|d6|d20|d100|1d6\\+6|2d|d0)",
        rows in proptest::collection::vec(("[0-9]{1,3}(-[0-9]{1,3})?", "[a-z]{0,5}"), 0..8),
    ) {
        table(&table_text(&die, &rows));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn any_text_as_an_import(lines in proptest::collection::vec("\\PC{0,80}", 0..6)) {
        import(&lines.join("\n"));
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
        import(&text);
    }
}
