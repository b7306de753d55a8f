//! `hoard identify ITEM --by CHARACTER --method M`, `hoard taste ITEM --by CHARACTER`, and
//! `hoard item show ITEM --as CHARACTER` (what one character knows).

use serde::Serialize;

use super::Ctx;
use crate::error::Result;
use crate::ledger::{Act, Event, Recorded};
use crate::rules::item::Knowledge;
use crate::rules::knowledge::{self, Method};

#[derive(Debug, Clone, Serialize)]
pub struct Identified {
    pub item: super::name::Name,
    pub character: String,
    pub method: Method,
    pub chance: Option<u8>,
    pub roll: Option<i64>,
    pub learned: Option<Knowledge>,
    /// What the character now calls the item.
    pub known_as: super::name::KnownAs,
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
) -> Result<Identified> {
    let mut dice = cx.dice();
    let mut w = cx.write().await?;
    let item = w.item(key).await?;
    // Anyone may try an item another holds (a bard's lore, a sage's spell); without `--by`,
    // its holder tries.
    let who = match by {
        Some(name) => {
            let who = w.character(name).await?;
            w.able(who)?
        }
        None => w.actor(&item, None).await?,
    };
    let attempt = knowledge::identify(&item, &who, method, &mut dice).map_err(|u| {
        crate::error::Error::Refused(crate::error::Problem::Unidentifiable(u).into())
    })?;
    let curse = method == Method::ReadMagic && item.identity.kind.as_deref() == Some("curse");
    let event = w.record(Event::Identified {
        act: Act::new(&item, &who),
        method,
        chance: attempt.chance,
        rounds: attempt.rounds.clone(),
        roll: attempt.roll.clone(),
        learned: attempt.learned,
        curse,
    })?;
    let now = w.current(&item.id)?;
    let known_as = knowledge::revealed(&now, knowledge::Looker::Character(&who.id)).name;
    // « en les examinant attentivement pendant 1d10 rounds »: the study takes its rounds.
    if let Some(rounds) = &attempt.rounds {
        super::clock::pass(&mut w, rounds.total, None, Some(event.seq), &mut dice).await?;
    }
    let consequences = w.commit().await?.into_iter().skip(1).collect();
    Ok(Identified {
        item: super::name::Name::of(&item),
        character: who.name,
        method,
        chance: attempt.chance,
        roll: attempt.roll.map(|r| r.total),
        learned: attempt.learned,
        known_as: super::name::KnownAs(known_as),
        event,
        consequences,
    })
}
