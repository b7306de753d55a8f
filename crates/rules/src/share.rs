//! A character's share of treasure, as their sheet holds it and every share-out and award
//! records it: counted in half shares, so that a retainer's half share (OSE Rules Tome,
//! *Retainers*) is exact. Who takes part and how a sum is divided by shares is `party`'s.

use serde::{Deserialize, Serialize};

/// A character's part in shares, counted in half shares: a full share is 2, a retainer's
/// half share 1 (OSE Rules Tome, *Retainers*: retainers are customarily offered a half share
/// of treasure), no share 0. Shown and read as a number of shares: `1`, `0.5`, `1.5`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Share(pub u32);

impl Share {
    pub const FULL: Share = Share(2);
    /// At most ten shares: a generous leader, not a typo.
    pub const MAX: Share = Share(20);

    /// Shares as typed: a whole number or a half (`0.5`, `1.5`, `1,5`, `½`), 0 to 10.
    pub fn parse(text: &str) -> Option<Share> {
        let text = text.trim().replace(',', ".").replace('½', ".5");
        let (whole, half) = match text.split_once('.') {
            Some((w, "5" | "50")) => (w, 1),
            Some((w, "0" | "00")) => (w, 0),
            Some(_) => return None,
            None => (text.as_str(), 0),
        };
        let whole: u32 = if whole.is_empty() {
            0
        } else {
            whole.parse().ok()?
        };
        let share = Share(whole.checked_mul(2)?.checked_add(half)?);
        (share <= Share::MAX).then_some(share)
    }
}

impl Default for Share {
    fn default() -> Share {
        Share::FULL
    }
}

impl std::fmt::Display for Share {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0.is_multiple_of(2) {
            write!(f, "{}", self.0 / 2)
        } else {
            write!(f, "{}.5", self.0 / 2)
        }
    }
}

/// A number in JSON: `1`, `0.5`.
impl Serialize for Share {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.0.is_multiple_of(2) {
            s.serialize_u32(self.0 / 2)
        } else {
            s.serialize_f64(f64::from(self.0) / 2.0)
        }
    }
}

impl<'de> Deserialize<'de> for Share {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Share, D::Error> {
        let n = serde_json::Number::deserialize(d)?;
        Share::parse(&n.to_string())
            .ok_or_else(|| serde::de::Error::custom("a share is 0 to 10 in halves (1, 0.5, 1.5)"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_are_whole_or_half() {
        assert_eq!(Share::parse("1"), Some(Share(2)));
        assert_eq!(Share::parse("0.5"), Some(Share(1)));
        assert_eq!(Share::parse("1,5"), Some(Share(3)));
        assert_eq!(Share::parse("½"), Some(Share(1)));
        assert_eq!(Share::parse("0"), Some(Share(0)));
        assert_eq!(Share::parse("10"), Some(Share::MAX));
        assert_eq!(Share::parse("10.5"), None);
        assert_eq!(Share::parse("0.25"), None);
        assert_eq!(Share::parse("-1"), None);
        assert_eq!(Share(3).to_string(), "1.5");
        assert_eq!(serde_json::to_string(&Share(1)).unwrap(), "0.5");
        assert_eq!(serde_json::to_string(&Share(4)).unwrap(), "2");
        assert_eq!(serde_json::from_str::<Share>("0.5").unwrap(), Share(1));
        assert_eq!(serde_json::from_str::<Share>("1").unwrap(), Share(2));
        assert!(serde_json::from_str::<Share>("0.3").is_err());
    }
}
