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
        Felt {
            id: self.id.clone(),
            character: self.character.clone(),
            item: self.item.clone(),
            kind: self.kind.clone(),
            name: self.name.clone(),
            name_fr: self.name_fr.clone(),
            started_at: self.started_at,
        }
    }
}

/// What a player may know of an effect running on their character ([`Effect::felt`]): all
/// but its end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Felt {
    pub id: String,
    pub character: String,
    pub item: Option<String>,
    pub kind: String,
    pub name: String,
    pub name_fr: String,
    pub started_at: i64,
}

impl Felt {
    /// Rounds it has run at `now`.
    pub fn since(&self, now: i64) -> i64 {
        (now - self.started_at).max(0)
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
    }
}
