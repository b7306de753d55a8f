//! The three alignments of Old-School Essentials and the comparisons the sword rules make.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Alignment {
    Lawful,
    Neutral,
    Chaotic,
}

impl Alignment {
    pub const ALL: [Alignment; 3] = [Alignment::Lawful, Alignment::Neutral, Alignment::Chaotic];

    pub fn as_str(self) -> &'static str {
        match self {
            Alignment::Lawful => "lawful",
            Alignment::Neutral => "neutral",
            Alignment::Chaotic => "chaotic",
        }
    }

    pub fn french(self) -> &'static str {
        match self {
            Alignment::Lawful => "loyal",
            Alignment::Neutral => "neutre",
            Alignment::Chaotic => "chaotique",
        }
    }

    /// Its French name in the plural (« les personnages loyaux »).
    pub fn french_plural(self) -> &'static str {
        match self {
            Alignment::Lawful => "loyaux",
            Alignment::Neutral => "neutres",
            Alignment::Chaotic => "chaotiques",
        }
    }
}

impl fmt::Display for Alignment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A name that is no alignment: the text as given (its words are the edge's: `view::words`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct UnknownAlignment {
    pub given: String,
}

impl FromStr for Alignment {
    type Err = UnknownAlignment;

    /// English and French names and their initials.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_lowercase().as_str() {
            "lawful" | "law" | "l" | "loyal" => Ok(Alignment::Lawful),
            "neutral" | "n" | "neutre" => Ok(Alignment::Neutral),
            "chaotic" | "chaos" | "c" | "chaotique" => Ok(Alignment::Chaotic),
            _ => Err(UnknownAlignment {
                given: s.to_string(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_english_and_french_names() {
        assert_eq!("Lawful".parse(), Ok(Alignment::Lawful));
        assert_eq!("loyal".parse(), Ok(Alignment::Lawful));
        assert_eq!("neutre".parse(), Ok(Alignment::Neutral));
        assert_eq!("C".parse(), Ok(Alignment::Chaotic));
        assert_eq!(
            " good".parse::<Alignment>(),
            Err(UnknownAlignment {
                given: " good".into()
            })
        );
    }
}
