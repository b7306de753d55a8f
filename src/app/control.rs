//! The control checks that trigger themselves, and the releases that follow when their
//! circumstance ends — called by every command whose event can set one off: damage and
//! healing, items changing hands, touching, wielding and using a sword, encounters.

use super::Write;
use crate::error::Result;
use crate::ledger::{Act, Character, Event, Item};
use crate::rules::control::{self, Trigger};
use crate::rules::dice::Dice;

/// A control check of `sword` over `holder` for `trigger`, as a consequence of event `cause`.
/// A sword already in control does not check again until it lets go.
pub fn check(
    w: &mut Write<'_>,
    sword: &Item,
    holder: &Character,
    trigger: Trigger,
    cause: i64,
    weapon: Option<&Item>,
    dice: &mut impl Dice,
) -> Result<()> {
    let Some(mind) = sword.sentience() else {
        return Ok(());
    };
    if sword.control.is_some() {
        return Ok(());
    }
    let contest = control::contest(mind, holder, dice);
    w.record_with_cause(
        Event::ControlChecked {
            act: Act::new(sword, holder),
            trigger,
            contest,
            weapon: weapon.map(|i| i.id.clone()),
        },
        Some(cause),
    )?;
    Ok(())
}

/// `sword` gives up control of `holder`, for `reason`.
pub fn end(
    w: &mut Write<'_>,
    sword: &Item,
    holder: &Character,
    reason: &str,
    cause: Option<i64>,
) -> Result<()> {
    if sword.control.as_ref().map(|c| &c.character) == Some(&holder.id) {
        w.record_with_cause(
            Event::ControlEnded {
                act: Act::new(sword, holder),
                reason: reason.into(),
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
    if !control::wounded(before.hp, after.hp, after.hp_max) {
        return Ok(());
    }
    for sword in swords_of(w, &after.id).await? {
        check(w, &sword, &after, Trigger::Wounded, cause, None, dice)?;
    }
    Ok(())
}

/// After healing: a control a wound began ends once HP are back above half.
pub async fn after_healing(w: &mut Write<'_>, character: &str, cause: i64) -> Result<()> {
    let after = w.character_by_id(character).await?;
    if !control::wound_healed(after.hp, after.hp_max) {
        return Ok(());
    }
    for sword in swords_of(w, character).await? {
        if sword
            .control
            .as_ref()
            .is_some_and(|c| c.trigger == Trigger::Wounded)
        {
            end(w, &sword, &after, "healed", Some(cause))?;
        }
    }
    Ok(())
}

/// After `item` passed from `from` to `to` (event `cause`):
/// - a sentient sword lets go of the holder it left, and checks at its first contact with `to`;
/// - a jealous sword lets go when the weapon it was jealous of leaves its holder;
/// - another magic weapon coming into `to`'s hands makes each sentient sword of theirs jealous.
pub async fn after_passing(
    w: &mut Write<'_>,
    item: &Item,
    from: Option<&Character>,
    to: Option<&Character>,
    cause: i64,
    dice: &mut impl Dice,
) -> Result<()> {
    if let Some(from) = from {
        let now = w.current(&item.id)?;
        end(w, &now, from, "sword-left", Some(cause))?;
        for sword in swords_of(w, &from.id).await? {
            let jealous_of_it = sword.control.as_ref().is_some_and(|c| {
                c.trigger == Trigger::Jealousy && c.weapon.as_deref() == Some(item.id.as_str())
            });
            if jealous_of_it {
                end(w, &sword, from, "weapon-left", Some(cause))?;
            }
        }
    }
    let Some(to) = to else {
        return Ok(());
    };
    let now = w.current(&item.id)?;
    if now.sentience().is_some() && !now.touched.contains(&to.id) {
        check(w, &now, to, Trigger::FirstContact, cause, None, dice)?;
    }
    if item.is_magic_weapon() {
        for sword in swords_of(w, &to.id).await? {
            if sword.id != item.id {
                check(w, &sword, to, Trigger::Jealousy, cause, Some(item), dice)?;
            }
        }
    }
    Ok(())
}
