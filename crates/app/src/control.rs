//! The control checks that trigger themselves, and the ends of control — called by every
//! command whose event can set one off or end one: damage, healing and a changed maximum,
//! items changing hands, touching, wielding, sheathing and using a sword, time passing with a
//! sword in hand, encounters, `release`. What happens is decided by the rules
//! ([`control::triggers`], [`control::route`], [`control::ended`], [`control::in_force`]); this
//! module records it.

use crate::error::Result;
use crate::ledger::{Act, Character, Event, Item};
use crate::rules::control::{self, Around, Occasion, Reason, Route};
use crate::rules::dice::Dice;
use crate::rules::item::Circumstance;
use crate::write::Write;

/// Everything `holder` holds and the holder as they are now, as the command has left them.
async fn around(w: &mut Write<'_>, holder: &str) -> Result<(Character, Vec<Item>, bool)> {
    let character = w.character_by_id(holder).await?;
    let holdings = w.holdings(holder).await?;
    Ok((character, holdings, w.state.encounter().is_some()))
}

/// Each circumstance in turn, as a consequence of event `cause`: checked now, or waiting on
/// the control the holder is under (one master at a time); a check that gives control makes
/// the next ones wait on it.
pub async fn arise(
    w: &mut Write<'_>,
    holder: &str,
    circumstances: Vec<Circumstance>,
    cause: i64,
    dice: &mut impl Dice,
) -> Result<()> {
    for c in circumstances {
        let (who, holdings, encounter) = around(w, holder).await?;
        let sword = w.current(&c.sword)?;
        let Some(mind) = sword.sentience() else {
            continue;
        };
        let route = control::route(
            &c,
            &Around {
                holder: &who,
                holdings: &holdings,
                encounter,
            },
        );
        let event = match route {
            Route::Skip => continue,
            Route::Wait { under } => Event::ControlDeferred {
                act: Act::new(&sword, &who),
                trigger: c.trigger,
                weapon: c.weapon,
                under_name: w.current(&under)?.name,
                under,
            },
            Route::Check => {
                let contest = control::contest(mind, &who, dice);
                Event::ControlChecked {
                    act: Act::new(&sword, &who),
                    trigger: c.trigger,
                    sword_will: contest.sword_will,
                    character_will: contest.character_will,
                    controlled: contest.controlled,
                    weapon: c.weapon,
                }
            }
        };
        w.record_with_cause(event, Some(cause))?;
    }
    Ok(())
}

/// The circumstances `sword` meets on `occasion` over its holder `holder`, as consequences of
/// event `cause`.
pub async fn on(
    w: &mut Write<'_>,
    sword: &Item,
    holder: &str,
    occasion: Occasion<'_>,
    cause: i64,
    dice: &mut impl Dice,
) -> Result<()> {
    let weapon = match occasion {
        Occasion::Acquired { weapon } => Some(weapon.id.clone()),
        _ => None,
    };
    let circumstances = control::triggers(sword, occasion)
        .into_iter()
        .map(|trigger| Circumstance {
            sword: sword.id.clone(),
            trigger,
            weapon: weapon.clone(),
        })
        .collect();
    arise(w, holder, circumstances, cause, dice).await
}

/// `sword` lets go of `holder` for `reason`; then each circumstance that waited on its control
/// and is still in force sets off its check at once.
pub async fn end(
    w: &mut Write<'_>,
    sword: &Item,
    holder: &str,
    reason: Reason,
    cause: Option<i64>,
    dice: &mut impl Dice,
) -> Result<()> {
    let waiting = sword
        .control
        .as_ref()
        .map(|c| c.waiting.clone())
        .unwrap_or_default();
    let who = w.character_by_id(holder).await?;
    let ended = w.record_with_cause(
        Event::ControlEnded {
            act: Act::new(sword, &who),
            reason,
        },
        cause,
    )?;
    let (who, holdings, encounter) = around(w, holder).await?;
    let now = Around {
        holder: &who,
        holdings: &holdings,
        encounter,
    };
    let fresh = waiting
        .into_iter()
        .filter(|c| control::in_force(c, &now))
        .collect();
    arise(w, holder, fresh, ended.seq, dice).await
}

/// After anything that may end the circumstance a control over `holder` holds under (healing,
/// a weapon leaving, a sword put away, the encounter over): the control ends if it has.
pub async fn settle(
    w: &mut Write<'_>,
    holder: &str,
    cause: Option<i64>,
    dice: &mut impl Dice,
) -> Result<()> {
    let (who, holdings, encounter) = around(w, holder).await?;
    let now = Around {
        holder: &who,
        holdings: &holdings,
        encounter,
    };
    let Some((sword, _)) = now.master() else {
        return Ok(());
    };
    match control::ended(sword, &now) {
        Some(reason) => {
            let sword = sword.clone();
            end(w, &sword, holder, reason, cause, dice).await
        }
        None => Ok(()),
    }
}

/// The sentient swords a character holds, as the command has left them.
pub(crate) async fn swords_of(w: &mut Write<'_>, character: &str) -> Result<Vec<Item>> {
    Ok(w.holdings(character)
        .await?
        .into_iter()
        .filter(|i| i.sentience().is_some())
        .collect())
}

/// After the hit points or maximum of `before` changed (event `cause`): a change that takes
/// them to half or less of maximum calls for a wounded check by each sentient sword they
/// hold, and one that takes them back above half ends a wounded control.
pub async fn after_hp(
    w: &mut Write<'_>,
    before: &Character,
    cause: i64,
    dice: &mut impl Dice,
) -> Result<()> {
    let after = w.character_by_id(&before.id).await?;
    let occasion = Occasion::Wounded {
        before,
        after: &after,
    };
    for sword in swords_of(w, &after.id).await? {
        on(w, &sword, &after.id, occasion, cause, dice).await?;
    }
    settle(w, &after.id, Some(cause), dice).await
}
