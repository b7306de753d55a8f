//! `hoard give ITEM --to CHARACTER [--read]`, `hoard drop ITEM`, `hoard item history ITEM`:
//! who holds what, and what happens to a scroll taken without being read at once.

use serde::Serialize;

use crate::control;
use crate::ctx::Ctx;
use crate::error::{Error, Problem, Result};
use crate::ledger::{Act, Character, Event, Item, Recorded, Through};
use crate::refusal::custody::Refusal;
use crate::rules::control::Occasion;
use crate::rules::custody;
use crate::rules::dice::Dice;
use crate::rules::item::{Category, Knowledge};
use crate::rules::knowledge::Method;
use crate::rules::scroll;
use crate::write::Write;

/// What a change of hands did.
#[derive(Debug, Clone, Serialize)]
pub struct Passed {
    #[serde(flatten, serialize_with = "super::name::item")]
    pub item: crate::rules::item::Names,
    pub id: String,
    pub from: Option<String>,
    pub to: Option<String>,
    /// Every event it recorded (the hand-over, a scroll's fade roll or reading …).
    pub events: Vec<Recorded>,
    /// The taker, if the item left them slower.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub slower: Vec<super::encumbrance::Slower>,
}

/// A rule of custody refusing a change of hands, as the command's error.
impl From<custody::Refusal> for Error {
    fn from(r: custody::Refusal) -> Self {
        Error::Refused(Problem::Custody(r).into())
    }
}

/// After `to` takes `item` (event `cause`): a scroll is read at once (`--read`), by them or
/// by a sword they wield that reads, or, at its first taking in hand, rolls to fade.
async fn taken(
    w: &mut Write<'_>,
    item: &Item,
    to: &Character,
    read: bool,
    cause: i64,
    dice: &mut impl Dice,
) -> Result<()> {
    if read {
        if item.category != Category::Scroll {
            return Err(Refusal::ReadNotScroll.into());
        }
        let held = w.holdings(&to.id).await?;
        let through = scroll::read_by(item, to, &held)?.map(Through::new);
        let curse = item.identity.kind.as_deref() == Some("curse");
        let read = w.record_with_cause(
            Event::Identified {
                act: Act::new(item, to),
                method: Method::ReadMagic,
                chance: None,
                rounds: None,
                roll: None,
                learned: Some(Knowledge::Full),
                curse,
                through: through.clone(),
                believed: None,
            },
            Some(cause),
        )?;
        return super::identify::sword_read(w, through.as_ref(), &to.id, read.seq, dice).await;
    }
    if custody::fade_check_needed(item, false) {
        let (chance, chance_roll) =
            scroll::fade_chance(w.state.campaign.settings.scroll_fade, dice);
        let (roll, faded) = scroll::fades(chance, dice);
        w.record_with_cause(
            Event::ScrollFade {
                act: Act::new(item, to),
                chance,
                chance_roll,
                roll,
                faded,
            },
            Some(cause),
        )?;
    }
    Ok(())
}

/// `item` just came to `to` (the event recorded last: a hand-over, or its creation in their
/// hands), from `from` (`None`: the party's treasure or nowhere). Everything a first or any
/// taking in hand sets off, in every command that hands items over (`give`, `drop`, `touch`,
/// `generate --to`, `item add --to`, `sword add --to`): a scroll read at once or rolling to
/// fade, a sword's checks and touch, a jealous sword.
pub async fn handed_over(
    w: &mut Write<'_>,
    item: &Item,
    from: Option<&Character>,
    to: Option<&Character>,
    handling: Handling,
    cause: i64,
    dice: &mut impl Dice,
) -> Result<()> {
    if let Some(taker) = to {
        let now = w.current(&item.id)?;
        let read = matches!(handling, Handling::Takes { read: true });
        taken(w, &now, taker, read, cause, dice).await?;
    }
    after_passing(w, item, from, to, cause, handling, dice).await
}

/// Pass `item` from its holder to `to` (`None`: the party's treasure), and what that sets off.
/// Returns who held it, and the number of the hand-over's event.
pub async fn hand_over(
    w: &mut Write<'_>,
    item: &Item,
    to: Option<&Character>,
    handling: Handling,
    dice: &mut impl Dice,
) -> Result<(Option<Character>, i64)> {
    custody::can_pass(item, to)?;
    if to.is_none() && matches!(handling, Handling::Takes { read: true }) {
        return Err(Refusal::ReadWithoutReader.into());
    }
    let from = match &item.holder {
        Some(id) => Some(w.character_by_id(id).await?),
        None => None,
    };
    let passed = w.record(Event::ItemPassed {
        item: item.id.clone(),
        item_name: item.name.clone(),
        item_name_fr: item.name_fr.clone(),
        from: item.holder.clone(),
        to: to.map(|t| t.id.clone()),
        to_name: to.map(|t| t.name.clone()),
    })?;
    handed_over(w, item, from.as_ref(), to, handling, passed.seq, dice).await?;
    Ok((from, passed.seq))
}

async fn pass(cx: &mut Ctx, key: &str, to: Option<&str>, read: bool) -> Result<Passed> {
    let mut dice = cx.dice();
    let mut w = cx.write().await?;
    let item = w.item(key).await?;
    let taker = match to {
        Some(name) => Some(w.character(name).await?),
        None => None,
    };
    if let Some(taker) = &taker {
        let death = w.state.campaign.settings.death.unwrap_or_default();
        custody::can_take(&item, taker, death)?;
    }
    let takes = Handling::Takes { read };
    let taking: Vec<&str> = taker.iter().map(|t| t.id.as_str()).collect();
    let before = super::encumbrance::Before::weigh(&mut w, &taking).await?;
    let (from, _) = hand_over(&mut w, &item, taker.as_ref(), takes, &mut dice).await?;
    let slower = before.slower(&mut w).await?;
    let events = w.commit().await?;
    Ok(Passed {
        item: item.names(),
        id: item.id,
        from: from.map(|f| f.name),
        to: taker.map(|t| t.name),
        events,
        slower,
    })
}

pub async fn give(cx: &mut Ctx, key: &str, to: &str, read: bool) -> Result<Passed> {
    pass(cx, key, Some(to), read).await
}

pub async fn drop(cx: &mut Ctx, key: &str) -> Result<Passed> {
    pass(cx, key, None, false).await
}

/// An item and every event that touched it and stands, oldest first: a voided event is
/// left out (the void that voided it stays, saying what was corrected).
pub async fn history(cx: &mut Ctx, key: &str) -> Result<(Item, Vec<Recorded>)> {
    let campaign = cx.campaign().await?;
    let item = crate::lookup::item(cx.conn(), campaign.id, key).await?;
    let voided = crate::store::events::voided(cx.conn(), campaign.id).await?;
    let mut events = Vec::new();
    let filter = crate::store::events::Filter {
        entity: Some(item.id.clone()),
        ..Default::default()
    };
    crate::store::events::select(cx.conn(), campaign.id, &filter, |rec| {
        if !voided.contains_key(&rec.seq) {
            events.push(rec);
        }
        Ok::<_, Error>(())
    })
    .await?;
    Ok((item, events))
}

/// A first handling of a sentient sword by `who`: a touch of one round, which passes on the
/// clock as any round in hand does (`touch --rounds 1`), so the rounds that follow in hand do
/// not pay it again (OSE *Sentient Swords*: « Inflige 1d6 de dégâts par round »). It hurts a
/// character of another alignment (« L'alignement de l'épée ne peut être déterminé qu'en la
/// touchant. Cela peut entraîner des dégâts »), and the wound may call for a check; of the same
/// alignment, the round passes all the same.
async fn first_touch(
    w: &mut Write<'_>,
    sword: &Item,
    who: &Character,
    cause: i64,
    dice: &mut impl Dice,
) -> Result<()> {
    if sword.sentience().is_none() {
        return Ok(());
    }
    let touched = w.record_with_cause(
        Event::SwordTouched {
            act: Act::new(sword, who),
            rounds: 1,
            damage: Vec::new(),
            hp: who.hp,
        },
        Some(cause),
    )?;
    crate::clock::pass(w, 1, Some(sword), Some(touched.seq), dice).await
}

/// How the receiver of an item comes by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Handling {
    /// Given, found or made for them: their first handling of a sentient sword is a touch,
    /// and hurts for a round if its alignment is not theirs; with `read`, they read a scroll
    /// at once.
    Takes { read: bool },
    /// `touch`: the command itself says how many rounds they are in contact.
    Touches,
}

/// After `item` passed from `from` to `to` (event `cause`):
/// - what it took from `from` may end a control over them (the weapon a sword was jealous of);
/// - a sentient sword checks at its first contact with `to` (whose first handling of it hurts,
///   as any touch, if their alignments differ);
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
        control::settle(w, &from.id, Some(cause), dice).await?;
    }
    let Some(to) = to else {
        return Ok(());
    };
    let now = w.current(&item.id)?;
    let first = !now.touched.contains(&to.id);
    control::on(w, &now, &to.id, Occasion::Handled { by: to }, cause, dice).await?;
    if first && matches!(handling, Handling::Takes { .. }) {
        let now = w.current(&item.id)?;
        first_touch(w, &now, to, cause, dice).await?;
    }
    for sword in control::swords_of(w, &to.id).await? {
        let acquired = Occasion::Acquired { weapon: item };
        control::on(w, &sword, &to.id, acquired, cause, dice).await?;
    }
    Ok(())
}
