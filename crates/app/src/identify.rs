//! `hoard identify ITEM --by CHARACTER --method M`, `hoard taste ITEM --by CHARACTER`, and
//! `hoard item show ITEM --as CHARACTER` (what one character knows).

use serde::Serialize;

use crate::ctx::Ctx;
use crate::error::Result;
use crate::ledger::{Act, Event, Recorded, Through};
use crate::rules::coins::Coins;
use crate::rules::control::Occasion;
use crate::rules::dice::Dice;
use crate::rules::item::Knowledge;
use crate::rules::knowledge::{self, Method};
use crate::write::Write;

#[derive(Debug, Clone, Serialize)]
pub struct Identified {
    #[serde(flatten, serialize_with = "super::name::item")]
    pub item: crate::rules::item::Names,
    pub character: String,
    pub method: Method,
    pub chance: Option<u8>,
    pub roll: Option<i64>,
    pub learned: Option<Knowledge>,
    /// A wrong appraisal: the worth the character now believes (none: they know the truth).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub believed: Option<Coins>,
    /// What the character now calls the item.
    pub known_as: knowledge::KnownName,
    pub event: Recorded,
    /// What the time the attempt took did (a bard's study of an instrument passes its rounds
    /// on the clock): the clock's own event, a sword in hand hurting, the checks it set off.
    pub consequences: Vec<Recorded>,
}

pub async fn identify(
    cx: &mut Ctx,
    key: &str,
    by: Option<&str>,
    method: Method,
    told: Option<Coins>,
) -> Result<Identified> {
    let mut dice = cx.dice();
    let mut w = cx.write().await?;
    let item = w.item(key).await?;
    // Anyone may try an item another holds (a bard's lore, a sage's spell); without `--by`,
    // its holder tries.
    let who = match by {
        Some(name) => {
            let who = w.character(name).await?;
            w.fit(who).await?
        }
        None => w.actor(&item, None).await?,
    };
    let held = w.holdings(&who.id).await?;
    // A worth the referee's appraiser tells is an appraisal's, whatever `method` says (the
    // edge offers `told` with appraisal alone).
    let attempt = match told {
        Some(_) => knowledge::appraise(&item, &who, told),
        None => knowledge::identify(&item, &who, method, &held, &mut dice),
    }
    .map_err(|u| crate::error::Error::Refused(crate::error::Problem::Unidentifiable(u).into()))?;
    let through = match &attempt.through {
        Some(sword) => Some(Through::new(&w.current(sword)?)),
        None => None,
    };
    let curse = method == Method::ReadMagic && item.identity.kind.as_deref() == Some("curse");
    let event = w.record(Event::Identified {
        act: Act::new(&item, &who),
        method,
        chance: attempt.chance,
        rounds: attempt.rounds.clone(),
        roll: attempt.roll.clone(),
        learned: attempt.learned,
        curse,
        through: through.clone(),
        believed: attempt.believed,
    })?;
    sword_read(&mut w, through.as_ref(), &who.id, event.seq, &mut dice).await?;
    let now = w.current(&item.id)?;
    let known_as = knowledge::revealed(&now, knowledge::Looker::Character(&who.id)).name;
    // « en les examinant attentivement pendant 1d10 rounds »: the study takes its rounds.
    if let Some(rounds) = &attempt.rounds {
        super::clock::pass(&mut w, rounds.total, None, Some(event.seq), &mut dice).await?;
    }
    let consequences = w.commit().await?.into_iter().skip(1).collect();
    Ok(Identified {
        item: item.names(),
        character: who.name,
        method,
        chance: attempt.chance,
        roll: attempt.roll.map(|r| r.total),
        learned: attempt.learned,
        believed: attempt.believed,
        known_as,
        event,
        consequences,
    })
}

/// A sword read for its wielder `who` (event `cause`): the reading is a use of the sword, so
/// its first contact and an alignment difference set off their checks, as a power's use does
/// (OSE *Sentient Swords*: « Différence d'alignement : À chaque utilisation »).
pub(super) async fn sword_read(
    w: &mut Write<'_>,
    through: Option<&Through>,
    who: &str,
    cause: i64,
    dice: &mut impl Dice,
) -> Result<()> {
    let Some(through) = through else {
        return Ok(());
    };
    let sword = w.current(&through.sword)?;
    let reader = w.character_by_id(who).await?;
    let used = Occasion::Used { by: &reader };
    super::control::on(w, &sword, who, used, cause, dice).await
}
