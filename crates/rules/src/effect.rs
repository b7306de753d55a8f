//! Lasting effects on a character (a potion drunk, a protection scroll read), on the game
//! clock: active from when they start until they end, shown with the time they have left.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Effect {
    pub id: String,
    /// The character under the effect.
    pub character: String,
    /// The item it came from.
    pub item: Option<String>,
    /// `potion`, `oil` or `protection`.
    pub kind: String,
    pub name: String,
    pub name_fr: String,
    /// Game time in rounds.
    pub started_at: i64,
    /// `None`: lasts until the referee ends it.
    pub ends_at: Option<i64>,
}

impl Effect {
    pub fn active(&self, now: i64) -> bool {
        self.started_at <= now && self.ends_at.is_none_or(|end| end > now)
    }

    /// Rounds left at `now`, if it ends.
    pub fn left(&self, now: i64) -> Option<i64> {
        self.ends_at.map(|end| (end - now).max(0))
    }

    /// The effect as the character under it knows it: that it runs and since when, never
    /// when it ends. A potion's duration is the referee's roll ("4 + 1d4 tours complets",
    /// AD&D 2nd edition Dungeon Master Guide, potions) and a protection scroll's is set by the
    /// referee; the player feels the magic start and, when it does, stop, and learns the
    /// length only then (the chronicle's "wears off").
    pub fn felt(&self) -> Felt {
        Felt(self.clone())
    }
}

/// What a player may know of an effect running on their character ([`Effect::felt`]): all
/// but its end, which nothing can read from it (it serializes without `ends_at`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Felt(Effect);

impl Felt {
    /// Rounds it has run at `now`.
    pub fn since(&self, now: i64) -> i64 {
        (now - self.0.started_at).max(0)
    }

    /// The item it came from, if any: the name its character knows it by is the item's.
    pub fn item(&self) -> Option<&str> {
        self.0.item.as_deref()
    }

    /// Its name in English and in French.
    pub fn names(&self) -> (&str, &str) {
        (&self.0.name, &self.0.name_fr)
    }
}

impl Serialize for Felt {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let e = &self.0;
        let mut out = s.serialize_struct("Felt", 7)?;
        out.serialize_field("id", &e.id)?;
        out.serialize_field("character", &e.character)?;
        out.serialize_field("item", &e.item)?;
        out.serialize_field("kind", &e.kind)?;
        out.serialize_field("name", &e.name)?;
        out.serialize_field("name_fr", &e.name_fr)?;
        out.serialize_field("started_at", &e.started_at)?;
        out.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn active_until_its_last_round() {
        let e = Effect {
            id: "e".into(),
            character: "c".into(),
            item: None,
            kind: "potion".into(),
            name: "x".into(),
            name_fr: "x".into(),
            started_at: 10,
            ends_at: Some(60),
        };
        assert!(!e.active(9));
        assert!(e.active(10));
        assert!(e.active(59));
        assert!(!e.active(60), "ends when the clock reaches its end");
        assert_eq!(e.left(20), Some(40));
        let felt = e.felt();
        assert_eq!(felt.since(25), 15);
        assert_eq!(felt.since(5), 0, "not before it began");
        let seen = serde_json::to_value(&felt).unwrap();
        assert_eq!(seen["started_at"], 10);
        assert!(seen.get("ends_at").is_none(), "{seen}");
    }
}
