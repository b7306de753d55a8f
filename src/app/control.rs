//! The control checks that trigger themselves, and the releases that follow when their
//! circumstance ends — called by every command whose event can set one off: damage and
//! healing, items changing hands, touching, wielding and using a sword, encounters. Which
//! checks and releases apply is decided by [`control::triggers`] and [`control::releases`].

use super::Write;
use crate::error::Result;
use crate::ledger::{Act, Character, Event, Item};
use crate::rules::control::{self, Ending, Occasion};
use crate::rules::dice::Dice;

/// The checks `sword` (as it was before event `cause`) calls for on `occasion`, each recorded
/// as a consequence of `cause`; one that gives the sword control ends the series.
pub fn on(
    w: &mut Write<'_>,
    sword: &Item,
    holder: &Character,
    occasion: Occasion<'_>,
    cause: i64,
    dice: &mut impl Dice,
) -> Result<()> {
    let Some(mind) = sword.sentience() else {
        return Ok(());
    };
    let weapon = match occasion {
        Occasion::Acquired { weapon } => Some(weapon.id.clone()),
        _ => None,
    };
    for trigger in control::triggers(sword, occasion) {
        let now = w.current(&sword.id)?;
        if now.control.is_some() {
            break;
        }
        let contest = control::contest(mind, holder, dice);
        w.record_with_cause(
            Event::ControlChecked {
                act: Act::new(&now, holder),
                trigger,
                sword_will: contest.sword_will,
                character_will: contest.character_will,
                controlled: contest.controlled,
                weapon: weapon.clone(),
            },
            Some(cause),
        )?;
    }
    Ok(())
}

/// `sword` lets go of `holder` if `ending` ends its control.
pub fn release(
    w: &mut Write<'_>,
    sword: &Item,
    holder: &Character,
    ending: Ending<'_>,
    cause: Option<i64>,
) -> Result<()> {
    let Some(c) = &sword.control else {
        return Ok(());
    };
    if c.character == holder.id && control::releases(c, ending) {
        w.record_with_cause(
            Event::ControlEnded {
                act: Act::new(sword, holder),
                reason: ending.reason().into(),
            },
            cause,
        )?;
    }
    Ok(())
}

/// The sentient swords a character holds, as the command has left them.
async fn swords_of(w: &mut Write<'_>, character: &str) -> Result<Vec<Item>> {
    Ok(w.holdings(character)
        .await?
        .into_iter()
        .filter(|i| i.sentience().is_some())
        .collect())
}

/// After damage (event `cause`): a wound that takes the holder to half or less of maximum HP
/// calls for a check by each sentient sword they hold.
pub async fn after_damage(
    w: &mut Write<'_>,
    before: &Character,
    cause: i64,
    dice: &mut impl Dice,
) -> Result<()> {
    let after = w.character_by_id(&before.id).await?;
    let occasion = Occasion::Wounded {
        before: before.hp,
        after: &after,
    };
    for sword in swords_of(w, &after.id).await? {
        on(w, &sword, &after, occasion, cause, dice)?;
    }
    Ok(())
}

/// After healing: a control a wound began ends once HP are back above half.
pub async fn after_healing(w: &mut Write<'_>, character: &str, cause: i64) -> Result<()> {
    let after = w.character_by_id(character).await?;
    let healed = Ending::Healed {
        hp: after.hp,
        hp_max: after.hp_max,
    };
    for sword in swords_of(w, character).await? {
        release(w, &sword, &after, healed, Some(cause))?;
    }
    Ok(())
}

/// `who` in contact with a sentient sword for `rounds` rounds: they learn its alignment, one of
/// another alignment takes its damage each round (OSE *Sentient Swords*), and the wound may
/// call for a check. Returns the `sword_touched` event.
pub async fn touching(
    w: &mut Write<'_>,
    sword: &Item,
    who: &Character,
    rounds: u32,
    cause: Option<i64>,
    dice: &mut impl Dice,
) -> Result<crate::ledger::Recorded> {
    let damage: Vec<_> = match sword
        .sentience()
        .and_then(|mind| crate::rules::sword::touch_damage(mind.alignment, who.alignment))
    {
        Some(expr) => (0..rounds).map(|_| expr.roll(dice)).collect(),
        None => Vec::new(),
    };
    let before = w.character_by_id(&who.id).await?;
    let total: i64 = damage.iter().map(|r| r.total).sum();
    let hp =
        crate::rules::health::after_damage(before.hp, u32::try_from(total).unwrap_or(u32::MAX));
    let touched = w.record_with_cause(
        Event::SwordTouched {
            act: Act::new(sword, &before),
            rounds,
            damage,
            hp,
        },
        cause,
    )?;
    on(
        w,
        sword,
        &before,
        Occasion::Handled { by: &before },
        touched.seq,
        dice,
    )?;
    after_damage(w, &before, touched.seq, dice).await?;
    Ok(touched)
}

/// How the receiver of an item comes by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Handling {
    /// Given, found or made for them: their first handling of a sentient sword is a touch,
    /// and hurts for a round if its alignment is not theirs.
    Takes,
    /// `touch`: the command itself says how many rounds they are in contact.
    Touches,
}

/// After `item` passed from `from` to `to` (event `cause`):
/// - a sentient sword lets go of the holder it left, and checks at its first contact with `to`
///   (whose first handling of it hurts, as any touch, if their alignments differ);
/// - a jealous sword lets go when the weapon it was jealous of leaves its holder;
/// - another magic weapon coming into `to`'s hands makes each sentient sword of theirs jealous.
pub async fn after_passing(
    w: &mut Write<'_>,
    item: &Item,
    from: Option<&Character>,
    to: Option<&Character>,
    cause: i64,
    handling: Handling,
    dice: &mut impl Dice,
) -> Result<()> {
    if let Some(from) = from {
        let now = w.current(&item.id)?;
        release(w, &now, from, Ending::SwordLeft, Some(cause))?;
        let left = Ending::WeaponLeft { weapon: &item.id };
        for sword in swords_of(w, &from.id).await? {
            release(w, &sword, from, left, Some(cause))?;
        }
    }
    let Some(to) = to else {
        return Ok(());
    };
    let now = w.current(&item.id)?;
    let first = !now.touched.contains(&to.id);
    on(w, &now, to, Occasion::Handled { by: to }, cause, dice)?;
    let hurts = now.sentience().is_some_and(|mind| {
        crate::rules::sword::touch_damage(mind.alignment, to.alignment).is_some()
    });
    if first && hurts && handling == Handling::Takes {
        let now = w.current(&item.id)?;
        touching(w, &now, to, 1, Some(cause), dice).await?;
    }
    for sword in swords_of(w, &to.id).await? {
        on(
            w,
            &sword,
            to,
            Occasion::Acquired { weapon: item },
            cause,
            dice,
        )?;
    }
    Ok(())
}
