//! Potions and oils (AD&D 2e DMG): one dose; the effect starts after a further 1d4+1 of
//! initiative (oils take 1d4+1 to rub on) and lasts 4+1d4 turns unless the item says
//! otherwise.

use super::Refused;
use super::clock::ROUNDS_PER_TURN;
use super::dice::{Dice, Expr, Roll};
use super::item::{Category, Item, Status};
use crate::tr;

/// What drinking (or rubbing on) a dose does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dose {
    /// The further initiative delay before the effect starts (1d4+1).
    pub delay: Roll,
    /// The duration in turns, when the effect lasts.
    pub duration: Option<Roll>,
    pub starts_at: i64,
    pub ends_at: Option<i64>,
}

/// The delay before a potion or oil takes effect.
pub fn delay() -> Expr {
    Expr::dice(1, 4).plus(1)
}

/// How long an effect lasts, in turns, unless the item's data says otherwise.
pub fn default_duration() -> Expr {
    Expr::constant(4).plus_dice(1, 4)
}

/// Drink a potion (`oil = false`) or rub on an oil (`oil = true`) at game time `now`.
pub fn take(item: &Item, oil: bool, now: i64, dice: &mut impl Dice) -> Result<Dose, Refused> {
    let name = item.name();
    if item.category != Category::Potion {
        return Err(Refused(tr!(
            "{name} is not a potion or an oil",
            "{name} n'est ni une potion ni une huile"
        )));
    }
    if item.status == Status::Consumed {
        return Err(Refused(tr!(
            "{name} is already used up: the flask is empty (AD&D 2e DMG: one dose)",
            "{name} est déjà utilisé(e) : le flacon est vide (une seule dose)"
        )));
    }
    let is_oil = item.identity.kind.as_deref() == Some("oil");
    if is_oil && !oil {
        return Err(Refused(tr!(
            "{name} is an oil: it is rubbed on, with `hoard apply`",
            "{name} est une huile : elle s'applique, avec `hoard apply`"
        )));
    }
    if oil && !is_oil {
        return Err(Refused(tr!(
            "{name} is a potion: it is drunk, with `hoard drink`",
            "{name} est une potion : elle se boit, avec `hoard drink`"
        )));
    }
    let delay = delay().roll(dice);
    let formula = match item.identity.duration.as_deref() {
        Some(text) => Expr::parse(text).unwrap_or_else(|_| default_duration()),
        None => default_duration(),
    };
    let instant = formula.max() <= 0;
    let duration = (!instant).then(|| formula.roll(dice));
    let ends_at = duration
        .as_ref()
        .map(|d| now.saturating_add(d.total.max(0).saturating_mul(ROUNDS_PER_TURN)));
    Ok(Dose {
        delay,
        duration,
        starts_at: now,
        ends_at,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::scripted::Scripted;
    use crate::rules::item::Identity;

    fn potion(kind: Option<&str>, duration: Option<&str>) -> Item {
        let identity = Identity {
            kind: kind.map(str::to_string),
            duration: duration.map(str::to_string),
            consumable: true,
            ..Identity::default()
        };
        Item::new(
            "p".into(),
            "Potion".into(),
            "Potion".into(),
            Category::Potion,
            identity,
        )
    }

    #[test]
    fn effect_starts_after_1d4_plus_1_and_lasts_4_plus_1d4_turns() {
        let dose = take(&potion(None, None), false, 100, &mut Scripted::new(&[3, 2])).unwrap();
        assert_eq!(dose.delay.total, 4);
        assert_eq!(dose.duration.as_ref().unwrap().total, 6);
        assert_eq!((dose.starts_at, dose.ends_at), (100, Some(160)));
        let longest = take(&potion(None, None), false, 0, &mut Scripted::new(&[4, 4])).unwrap();
        assert_eq!((longest.delay.total, longest.ends_at), (5, Some(80)));
    }

    #[test]
    fn the_items_data_overrides_the_duration() {
        let instant = take(&potion(None, Some("0")), false, 5, &mut Scripted::new(&[1])).unwrap();
        assert_eq!((instant.duration, instant.ends_at), (None, None));
        let long = take(
            &potion(None, Some("2d6")),
            false,
            0,
            &mut Scripted::new(&[1, 6, 6]),
        )
        .unwrap();
        assert_eq!(long.ends_at, Some(120));
    }

    #[test]
    fn an_empty_flask_a_wrong_verb_or_a_wrong_item_is_refused() {
        let mut drunk = potion(None, None);
        drunk.status = Status::Consumed;
        assert!(take(&drunk, false, 0, &mut Scripted::new(&[])).is_err());
        assert!(
            take(
                &potion(Some("oil"), None),
                false,
                0,
                &mut Scripted::new(&[])
            )
            .is_err()
        );
        assert!(take(&potion(None, None), true, 0, &mut Scripted::new(&[])).is_err());
        let oil = take(
            &potion(Some("oil"), None),
            true,
            0,
            &mut Scripted::new(&[1, 1]),
        )
        .unwrap();
        assert_eq!(oil.delay.total, 2);
        let wand = Item::new(
            "w".into(),
            "Wand".into(),
            "Baguette".into(),
            Category::Wand,
            Identity::default(),
        );
        assert!(take(&wand, false, 0, &mut Scripted::new(&[])).is_err());
    }
}
