//! Potions and oils (AD&D 2e DMG, Potions): one dose; drinking is an action of initiative +1,
//! and the effect comes a further 1d4+1 later; an oil takes 1d4+1 to rub on; the effect lasts
//! 4+1d4 turns unless the item says otherwise. In an OSE campaign, a potion drunk while
//! another runs mixes with it (OSE *Potions*, Mixing Potions).

use super::clock::{Round, Unit};
use super::dice::{Dice, Expr, Roll};
use super::effect::Effect;
use super::item::{Category, Item, Names, Status};

/// Why a potion or oil cannot be taken (words are the edge's).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    NotAPotion {
        item: Names,
    },
    /// One dose: the flask is empty.
    Empty {
        item: Names,
    },
    /// An oil is rubbed on (`apply`), not drunk.
    IsAnOil {
        item: Names,
    },
    /// A potion is drunk (`drink`), not rubbed on.
    IsAPotion {
        item: Names,
    },
}

/// When, on the initiative count, a dose is taken and takes effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Timing {
    /// The action's own initiative modifier: +1 to open and drink a potion; an oil's 1d4+1
    /// to rub on.
    pub initiative: i64,
    /// The initiative at which the effect starts.
    pub takes_effect_at: i64,
}

/// The initiative modifier of opening and drinking a potion (« L'action d'ouvrir et de boire
/// une potion bénéficie d'un modificateur d'initiative de 1 »).
pub const DRINKING: i64 = 1;

/// When a potion or an oil acts, and for how long. Stated for `hoard explain`, citing the book.
pub const TIMING: super::statement::Statement = super::statement::Statement {
    en: "Potions and oils (AD&D 2e DMG, Potions): drinking a potion is an action of initiative +1, and the effect starts after a further 1d4+1; an oil takes 1d4+1 to rub on; the effect lasts 4+1d4 turns unless the potion says otherwise.",
    fr: "Potions et huiles (AD&D 2e, Guide du maître, Potions) : boire une potion est une action d'initiative +1, et l'effet commence après 1d4+1 de plus ; une huile demande 1d4+1 pour être appliquée ; l'effet dure 4+1d4 tours sauf indication contraire.",
};

/// When a dose acts, from the roll of its delay: a potion is drunk at +1 and « ne prend effet
/// qu'au bout d'un modificateur d'initiative supplémentaire de 1d4 + 1 », so at +1+N; an oil
/// « doit être frottée sur le corps, ce qui requiert également un délai de 1d4 + 1 »: rubbed
/// on over N, it acts at +N.
pub fn timing(oil: bool, delay: i64) -> Timing {
    if oil {
        Timing {
            initiative: delay,
            takes_effect_at: delay,
        }
    } else {
        Timing {
            initiative: DRINKING,
            takes_effect_at: DRINKING + delay,
        }
    }
}

/// What drinking (or rubbing on) a dose does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dose {
    /// The delay, 1d4+1: after drinking for a potion, the rubbing on for an oil.
    pub delay: Roll,
    pub timing: Timing,
    /// The duration in turns, when the effect lasts.
    pub duration: Option<Roll>,
    pub starts_at: i64,
    pub ends_at: Option<i64>,
    /// The hit points it restores at once, rolled ([`healing`]).
    pub healed: Option<Roll>,
    /// The potions it mixed with ([`MIXING`]); its own effect is then cancelled too.
    pub mixed: Option<Mixing>,
}

/// A potion drunk under another's effect, in an OSE campaign: both cancelled, the drinker sick.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mixing {
    /// The running potions' effects it cancels, by id.
    pub cancelled: Vec<String>,
    /// When the drinker's sickness ends: [`SICKNESS_TURNS`] turns from the drink.
    pub sick_until: i64,
}

/// How long mixing potions disables the drinker, in turns (« completely disabled for 3 turns »).
pub const SICKNESS_TURNS: i64 = 3;

/// The sickness's name as an effect on the drinker, in English and in French (an effect is
/// named in both languages as an item is).
pub const SICKNESS: (&str, &str) = ("Sickness (mixed potions)", "Malaise (potions mélangées)");

/// The kind of the sickness's effect (beside `potion`, `oil`, `protection`).
pub const SICK: &str = "sickness";

/// Until when the sickness of mixed potions running at `now` disables its character, if one
/// does (« completely disabled for 3 turns »): nothing the character does in the game (drink,
/// read, use, wear, wield, identify, tend another) can be done until then.
pub fn sick_until(running: &[Effect], now: i64) -> Option<i64> {
    running
        .iter()
        .filter(|e| e.kind == SICK && e.active(now))
        .filter_map(|e| e.ends_at)
        .max()
}

/// OSE's potion mixing. Stated for `hoard explain`, citing the book.
pub const MIXING: super::statement::Statement = super::statement::Statement {
    en: "Mixing potions (OSE Classic Fantasy Rules Tome, Potions): drinking a potion while already under the effects of another makes the drinker sick, completely disabled for 3 turns, and cancels the effects of both; not for potions of instantaneous or permanent duration.",
    fr: "Mélange de potions (OSE Classic Fantasy, Rules Tome, Potions) : boire une potion en étant déjà sous l'effet d'une autre rend malade, totalement hors d'état d'agir pendant 3 tours, et annule les effets des deux ; sauf pour les potions à durée instantanée ou permanente.",
};

/// What a potion drunk at `now` mixes with (OSE *Potions*, Mixing Potions): in an OSE
/// campaign, the potions still running on the drinker whose effect ends, when the new one's
/// lasts too. An instantaneous potion (a cure) and a permanent effect (no end) mix with
/// nothing, nor does an effect whose end has come; an AD&D campaign never mixes here.
pub fn mixing(
    items: crate::magic::Items,
    lasts: bool,
    running: &[Effect],
    (now, round): (i64, Round),
) -> Option<Mixing> {
    if items != crate::magic::Items::Ose || !lasts {
        return None;
    }
    let cancelled: Vec<String> = running
        .iter()
        .filter(|e| e.kind == "potion" && e.ends_at.is_some() && e.active(now))
        .map(|e| e.id.clone())
        .collect();
    (!cancelled.is_empty()).then(|| Mixing {
        cancelled,
        sick_until: now.saturating_add(SICKNESS_TURNS.saturating_mul(round.per(Unit::Turns))),
    })
}

/// The delay before a potion or oil takes effect.
pub fn delay() -> Expr {
    Expr::dice(1, 4).plus(1)
}

/// How long an effect lasts, in turns, unless the item's data says otherwise (« Sauf
/// indication contraire, les effets d'une potion durent 4 + 1d4 tours complets »).
pub fn default_duration() -> Expr {
    Expr::constant(4).plus_dice(1, 4)
}

/// The hit points a potion restores at once, by its English name and the campaign's magic
/// items (`rules::magic::Items`): DMG, Potions and Oils — *Healing* restores 2d4+2 hit
/// points, *Extra-Healing* 6d4, each when the whole dose is drunk (hoard keeps one dose to a
/// potion); OSE, *Potion of Healing*: « Restores 1d6+1 hit points of damage ». None for any
/// other potion: its effect on the sheet, if any, is the referee's to record.
pub fn healing(name: &str, items: crate::magic::Items) -> Option<Expr> {
    use crate::magic::Items;
    match (name, items) {
        ("Potion of Healing", Items::Ose) => Some(Expr::dice(1, 6).plus(1)),
        ("Potion of Healing", Items::Adnd) => Some(Expr::dice(2, 4).plus(2)),
        ("Potion of Extra-Healing", _) => Some(Expr::dice(6, 4)),
        _ => None,
    }
}

/// How long a dose's effect lasts, in turns: the item's formula, else [`default_duration`].
fn lasting(item: &Item) -> Expr {
    match item.identity.duration.as_deref() {
        Some(text) => Expr::parse(text).unwrap_or_else(|_| default_duration()),
        None => default_duration(),
    }
}

/// Whether a dose acts at once and lasts nothing: a duration of 0, or a cure, which restores
/// its hit points at once however the item was made.
fn instant(item: &Item, items: crate::magic::Items) -> bool {
    lasting(item).max() <= 0 || healing(&item.name, items).is_some()
}

/// What taking `item` (rubbed on when `oil`) at `now` mixes with ([`mixing`]): an oil and an
/// instantaneous potion mix with nothing. The live drink and admission ask the same.
pub fn mixes(
    item: &Item,
    oil: bool,
    (items, running): (crate::magic::Items, &[Effect]),
    (now, round): (i64, Round),
) -> Option<Mixing> {
    if oil {
        return None;
    }
    mixing(items, !instant(item, items), running, (now, round))
}

/// Drink a potion (`oil = false`) or rub on an oil (`oil = true`) at game time `now`, in a
/// campaign whose rounds are `round` (the duration is rolled in turns) and whose magic items
/// are `items` (what a cure restores, [`healing`]; whether potions mix, [`mixing`]), with
/// the effects `running` on the taker. A potion that mixes rolls no duration: it has none.
pub fn take(
    item: &Item,
    oil: bool,
    (now, round): (i64, Round),
    (items, running): (crate::magic::Items, &[Effect]),
    dice: &mut impl Dice,
) -> Result<Dose, Refusal> {
    let name = || item.names();
    if item.category != Category::Potion {
        return Err(Refusal::NotAPotion { item: name() });
    }
    if item.status == Status::Consumed {
        return Err(Refusal::Empty { item: name() });
    }
    let is_oil = item.identity.kind.as_deref() == Some("oil");
    if is_oil && !oil {
        return Err(Refusal::IsAnOil { item: name() });
    }
    if oil && !is_oil {
        return Err(Refusal::IsAPotion { item: name() });
    }
    let delay = delay().roll(dice);
    let mixed = mixes(item, oil, (items, running), (now, round));
    let duration = (!instant(item, items) && mixed.is_none()).then(|| lasting(item).roll(dice));
    let ends_at = duration
        .as_ref()
        .map(|d| now.saturating_add(d.total.max(0).saturating_mul(round.per(Unit::Turns))));
    let healed = healing(&item.name, items).map(|e| e.roll(dice));
    Ok(Dose {
        healed,
        timing: timing(oil, delay.total),
        delay,
        duration,
        starts_at: now,
        ends_at,
        mixed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::scripted::Scripted;
    use crate::item::Identity;
    use crate::magic::Items;

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
        let dose = take(
            &potion(None, None),
            false,
            (100, Round::Adnd),
            (Items::Adnd, &[]),
            &mut Scripted::new(&[3, 2]),
        )
        .unwrap();
        assert_eq!(dose.delay.total, 4);
        assert_eq!(dose.duration.as_ref().unwrap().total, 6);
        assert_eq!((dose.starts_at, dose.ends_at), (100, Some(160)));
        let longest = take(
            &potion(None, None),
            false,
            (0, Round::Adnd),
            (Items::Adnd, &[]),
            &mut Scripted::new(&[4, 4]),
        )
        .unwrap();
        assert_eq!((longest.delay.total, longest.ends_at), (5, Some(80)));
    }

    #[test]
    fn a_potion_is_drunk_at_plus_1_and_acts_at_plus_1_plus_the_delay() {
        let quickest = take(
            &potion(None, None),
            false,
            (0, Round::Adnd),
            (Items::Adnd, &[]),
            &mut Scripted::new(&[1, 1]),
        )
        .unwrap();
        assert_eq!(
            quickest.timing,
            Timing {
                initiative: 1,
                takes_effect_at: 3
            },
            "1d4+1 = 2 at the least: +1+2"
        );
        let slowest = take(
            &potion(None, None),
            false,
            (0, Round::Adnd),
            (Items::Adnd, &[]),
            &mut Scripted::new(&[4, 1]),
        )
        .unwrap();
        assert_eq!(slowest.timing.takes_effect_at, 6, "+1+5 at the most");
    }

    #[test]
    fn an_oil_takes_its_own_delay_to_rub_on_and_acts_then() {
        let oil = take(
            &potion(Some("oil"), None),
            true,
            (0, Round::Adnd),
            (Items::Adnd, &[]),
            &mut Scripted::new(&[1, 1]),
        )
        .unwrap();
        assert_eq!(
            (oil.delay.total, oil.timing),
            (
                2,
                Timing {
                    initiative: 2,
                    takes_effect_at: 2
                }
            )
        );
        assert_eq!(timing(true, 5).takes_effect_at, 5);
    }

    #[test]
    fn the_items_data_overrides_the_duration() {
        let instant = take(
            &potion(None, Some("0")),
            false,
            (5, Round::Adnd),
            (Items::Adnd, &[]),
            &mut Scripted::new(&[1]),
        )
        .unwrap();
        assert_eq!((instant.duration, instant.ends_at), (None, None));
        let long = take(
            &potion(None, Some("2d6")),
            false,
            (0, Round::Adnd),
            (Items::Adnd, &[]),
            &mut Scripted::new(&[1, 6, 6]),
        )
        .unwrap();
        assert_eq!(long.ends_at, Some(120));
    }

    #[test]
    fn an_empty_flask_a_wrong_verb_or_a_wrong_item_is_refused() {
        let mut drunk = potion(None, None);
        drunk.status = Status::Consumed;
        assert!(matches!(
            take(
                &drunk,
                false,
                (0, Round::Adnd),
                (Items::Adnd, &[]),
                &mut Scripted::new(&[])
            ),
            Err(Refusal::Empty { .. })
        ));
        assert!(matches!(
            take(
                &potion(Some("oil"), None),
                false,
                (0, Round::Adnd),
                (Items::Adnd, &[]),
                &mut Scripted::new(&[])
            ),
            Err(Refusal::IsAnOil { .. })
        ));
        assert!(matches!(
            take(
                &potion(None, None),
                true,
                (0, Round::Adnd),
                (Items::Adnd, &[]),
                &mut Scripted::new(&[])
            ),
            Err(Refusal::IsAPotion { .. })
        ));
        let wand = Item::new(
            "w".into(),
            "Wand".into(),
            "Baguette".into(),
            Category::Wand,
            Identity::default(),
        );
        assert!(matches!(
            take(
                &wand,
                false,
                (0, Round::Adnd),
                (Items::Adnd, &[]),
                &mut Scripted::new(&[])
            ),
            Err(Refusal::NotAPotion { .. })
        ));
    }

    /// A cure by the campaign's magic items: the DMG's *Healing* 2d4+2, OSE's 1d6+1.
    #[test]
    fn a_potion_of_healing_heals_by_its_books_dice() {
        let healing = |items| healing("Potion of Healing", items).map(|e| e.to_string());
        assert_eq!(healing(Items::Adnd).as_deref(), Some("2d4+2"));
        assert_eq!(healing(Items::Ose).as_deref(), Some("1d6+1"));
        let extra = super::healing("Potion of Extra-Healing", Items::Ose);
        assert_eq!(extra.map(|e| e.to_string()).as_deref(), Some("6d4"));
        assert_eq!(super::healing("Potion of Speed", Items::Ose), None);
    }

    fn running(id: &str, kind: &str, ends_at: Option<i64>) -> Effect {
        Effect {
            id: id.into(),
            character: "c".into(),
            item: None,
            kind: kind.into(),
            name: id.into(),
            name_fr: id.into(),
            started_at: 0,
            ends_at,
        }
    }

    /// OSE *Potions*, Mixing Potions: a lasting potion drunk under another's running effect
    /// cancels both (no duration rolled) and disables the drinker for 3 turns.
    #[test]
    fn in_ose_a_potion_drunk_under_another_mixes_with_it() {
        let speed = running("speed", "potion", Some(100));
        let dose = take(
            &potion(None, None),
            false,
            (40, Round::Adnd),
            (Items::Ose, std::slice::from_ref(&speed)),
            &mut Scripted::new(&[2]),
        )
        .unwrap();
        let mixed = dose.mixed.expect("mixed");
        assert_eq!(mixed.cancelled, vec!["speed".to_string()]);
        assert_eq!(mixed.sick_until, 40 + 3 * 10, "3 turns of 10 AD&D rounds");
        assert_eq!((dose.duration, dose.ends_at), (None, None));
        let ose_round = mixing(Items::Ose, true, &[speed], (40, Round::Ose));
        assert_eq!(ose_round.unwrap().sick_until, 40 + 3 * 60);
    }

    #[test]
    fn a_potion_mixes_with_nothing_whose_end_has_come() {
        let ended = running("speed", "potion", Some(40));
        assert_eq!(mixing(Items::Ose, true, &[ended], (40, Round::Adnd)), None);
        let last_round = running("speed", "potion", Some(41));
        assert!(mixing(Items::Ose, true, &[last_round], (40, Round::Adnd)).is_some());
    }

    /// « This rule does not apply to potions with instantaneous or permanent duration »; and
    /// only potions mix: not a protection, not an oil rubbed on, not in an AD&D campaign.
    #[test]
    fn instant_permanent_other_effects_oils_and_adnd_do_not_mix() {
        let speed = running("speed", "potion", Some(100));
        let at = (40, Round::Adnd);
        assert_eq!(
            mixing(Items::Ose, false, std::slice::from_ref(&speed), at),
            None
        );
        let forever = running("forever", "potion", None);
        assert_eq!(mixing(Items::Ose, true, &[forever], at), None);
        let ward = running("ward", "protection", Some(100));
        assert_eq!(mixing(Items::Ose, true, &[ward], at), None);
        assert_eq!(
            mixing(Items::Adnd, true, std::slice::from_ref(&speed), at),
            None
        );
        let healing = Item {
            name: "Potion of Healing".into(),
            ..potion(None, None)
        };
        let cure = take(
            &healing,
            false,
            at,
            (Items::Ose, std::slice::from_ref(&speed)),
            &mut Scripted::new(&[2, 3]),
        )
        .unwrap();
        assert_eq!(cure.mixed, None, "a cure is instantaneous");
        let oil = take(
            &potion(Some("oil"), None),
            true,
            at,
            (Items::Ose, &[speed]),
            &mut Scripted::new(&[1, 1]),
        )
        .unwrap();
        assert_eq!(oil.mixed, None);
    }

    /// « Completely disabled for 3 turns »: from the drink up to the sickness's last round;
    /// not once it has worn off, nor by any other effect.
    #[test]
    fn the_sick_are_disabled_until_their_sickness_ends() {
        let sick = Effect {
            started_at: 40,
            ..running("sick", SICK, Some(70))
        };
        let speed = running("speed", "potion", Some(100));
        let both = [speed.clone(), sick];
        assert_eq!(sick_until(&both, 40), Some(70));
        assert_eq!(sick_until(&both, 69), Some(70));
        assert_eq!(sick_until(&both, 70), None);
        assert_eq!(sick_until(&both, 39), None, "not before the drink");
        assert_eq!(sick_until(&[speed], 50), None);
    }
}
