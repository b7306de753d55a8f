//! A rule in a sentence, in English and in French, naming the published book it comes from
//! (OSE *Sentient Swords*, the AD&D 2e DMG, the OSE Rules Tome). Each rule module keeps its
//! statements beside the function they state, so that the rule and its words change
//! together; they are data, not formatting: the edge (`hoard explain`) picks the reader's
//! language and adds the arithmetic of the event at hand.

/// A rule's statement, in both languages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Statement {
    pub en: &'static str,
    pub fr: &'static str,
}

#[cfg(test)]
mod tests {
    use super::super::{
        charges, control, exchange, food, knowledge, light, loot, party, potion, purchase, raise,
        sale, scroll, sword, treasure, upkeep, wages, xp,
    };
    use super::Statement;

    const ALL: [(&str, Statement); 27] = [
        ("control::CHECK", control::CHECK),
        ("control::ENDING", control::ENDING),
        ("control::ONE_MASTER", control::ONE_MASTER),
        ("sword::TOUCH", sword::TOUCH),
        ("sword::HELD", sword::HELD),
        ("potion::TIMING", potion::TIMING),
        ("potion::MIXING", potion::MIXING),
        ("scroll::FADING", scroll::FADING),
        ("scroll::COPYING", scroll::COPYING),
        ("scroll::CASTING", scroll::CASTING),
        ("charges::SPENDING", charges::SPENDING),
        ("knowledge::IDENTIFICATION", knowledge::IDENTIFICATION),
        ("party::SHARES", party::SHARES),
        ("party::EVENLY", party::EVENLY),
        ("party::WEIGHTED", party::WEIGHTED),
        ("xp::AWARDING", xp::AWARDING),
        ("sale::SELLING", sale::SELLING),
        ("exchange::CHANGING", exchange::CHANGING),
        ("treasure::ROLLING_OSE", treasure::ROLLING_OSE),
        ("treasure::ROLLING_ADND", treasure::ROLLING_ADND),
        ("raise::RAISING", raise::RAISING),
        ("purchase::BUYING", purchase::BUYING),
        ("light::BURNING", light::BURNING),
        ("food::EATING", food::EATING),
        ("loot::AGAINST", loot::AGAINST),
        ("wages::WAGES", wages::WAGES),
        ("upkeep::CHARGING", upkeep::CHARGING),
    ];

    /// Each statement says the rule in both languages and names the book it comes from.
    #[test]
    fn every_statement_is_bilingual_and_names_its_book() {
        let books_en = [
            "Sentient Swords",
            "DMG",
            "Rules Tome",
            "OSE Classic Fantasy",
            "PHB",
        ];
        let books_fr = [
            "épées intelligentes",
            "guide du maître",
            "rules tome",
            "ose classic fantasy",
            "manuel des joueurs",
        ];
        for (name, s) in ALL {
            assert!(!s.en.trim().is_empty() && !s.fr.trim().is_empty(), "{name}");
            assert!(
                books_en.iter().any(|b| s.en.contains(b)),
                "{name}: {}",
                s.en
            );
            let fr = s.fr.to_lowercase();
            assert!(books_fr.iter().any(|b| fr.contains(b)), "{name}: {}", s.fr);
            assert_ne!(s.en, s.fr, "{name}");
        }
    }

    /// The list above is every statement the rule modules define.
    #[test]
    fn every_statement_is_checked() {
        let mut folders = vec![std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
        let mut defined = 0;
        while let Some(dir) = folders.pop() {
            for entry in std::fs::read_dir(dir).expect("src") {
                let path = entry.expect("src").path();
                // This file names the type in its test; the rule modules define the statements.
                if path.is_dir() {
                    folders.push(path);
                } else if path.extension().is_some_and(|e| e == "rs")
                    && !path.ends_with("statement.rs")
                {
                    let source = std::fs::read_to_string(&path).expect("a rule module");
                    defined += source.matches("::statement::Statement =").count();
                }
            }
        }
        assert_eq!(defined, ALL.len());
    }
}
