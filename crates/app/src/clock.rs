//! `hoard time advance|show`: the campaign's game clock, in rounds — and what passing rounds do
//! to a character with a sword of another alignment in hand.

use std::collections::{BTreeMap, BTreeSet};

use crate::ctx::Ctx;
use crate::error::{Error, Problem, Result};
use crate::ledger::state::Effect;
use crate::ledger::{Act, Event, Item, Recorded};
use crate::rules::clock::{self, Unit};
use crate::rules::dice::{Dice, Expr};
use crate::rules::health::{self, DeathRule};
use crate::rules::sword;
use crate::write::Write;

/// What advancing the clock did: the span, what the rounds did (a sword in hand hurting, the
/// checks the wounds set off), and the effects that wore off on the way.
pub struct Advanced {
    pub from: i64,
    pub to: i64,
    /// Every event recorded but the clock's own.
    pub consequences: Vec<Recorded>,
    /// Effects that ended, with their character's name.
    pub ended: Vec<(Effect, String)>,
}

pub async fn advance(cx: &mut Ctx, amount: u64, unit: Unit) -> Result<Advanced> {
    let mut dice = cx.dice();
    let mut w = cx.write().await?;
    w.session()?;
    let from = w.now();
    let to = clock::advance(from, amount, unit, w.round())
        .map_err(|e| Error::Invalid(Problem::Clock(e).into()))?;
    pass(&mut w, to - from, None, None, &mut dice).await?;
    let campaign = w.campaign;
    // With several parties out, the time passed is this one's: only its effects wear off.
    let (open, current): (Vec<crate::ledger::Session>, _) =
        (w.state.open_sessions().cloned().collect(), w.state.current);
    let consequences = w
        .commit()
        .await?
        .into_iter()
        .filter(|r| !matches!(r.event, Event::TimeAdvanced { .. }))
        .collect();
    let ended = crate::store::effects::ending(cx.conn(), campaign, from, to)
        .await?
        .into_iter()
        .filter(|e| crate::ledger::state::session_of(open.iter(), &e.effect.character) == current)
        .map(|e| (e.effect, e.who))
        .collect();
    Ok(Advanced {
        from,
        to,
        consequences,
        ended,
    })
}

/// One character's swords of another alignment in hand, and what the rounds do to them.
struct Held {
    swords: Vec<Item>,
    contact: sword::Contact,
}

/// `rounds` rounds pass. Each round a sentient sword spends in the hand of a character of
/// another alignment deals its damage, rolled round by round (OSE *Sentient Swords*: « Inflige
/// 1d6 de dégâts par round »); `touching` is a sword held for these rounds only (`touch
/// --rounds`). The clock stops at each round where a holder is wounded to half or less of
/// maximum HP, so the wounded check comes at that round; each stretch records the damage of
/// its rounds, one event per sword. With no such sword in hand, one event and no loop; with
/// one, the rounds rolled stop at the holder's death. The first stretch follows from `cause`
/// (a touch), and every other event from the first stretch: one story, undone as one.
pub async fn pass(
    w: &mut Write<'_>,
    rounds: i64,
    touching: Option<&Item>,
    cause: Option<i64>,
    dice: &mut impl Dice,
) -> Result<()> {
    w.session()?;
    let from = w.now();
    let campaign = w.campaign;
    let mut in_hand = crate::store::items::in_hand(w.conn(), campaign).await?;
    // Time passes for the party of the session it passes in, not for another out at once.
    in_hand.retain(|i| i.holder.as_deref().is_some_and(|h| w.here(h)));
    for item in &in_hand {
        w.state
            .items
            .entry(item.id.clone())
            .or_insert_with(|| item.clone());
    }
    if let Some(t) = touching.filter(|t| !in_hand.iter().any(|i| i.id == t.id)) {
        in_hand.push(w.current(&t.id)?);
    }
    let mut by_holder: BTreeMap<String, Vec<(Item, Expr)>> = BTreeMap::new();
    for item in in_hand {
        let (Some(holder), Some(mind)) = (item.holder.clone(), item.sentience()) else {
            continue;
        };
        let who = w.character_by_id(&holder).await?;
        if let Some(expr) = sword::touch_damage(mind.alignment, who.alignment) {
            by_holder.entry(holder).or_default().push((item, expr));
        }
    }
    let mut held = BTreeMap::new();
    for (holder, swords) in by_holder {
        let who = w.character_by_id(&holder).await?;
        let exprs: Vec<Expr> = swords.iter().map(|(_, e)| e.clone()).collect();
        let contact = sword::contact(&exprs, who.hp, who.hp_max, rounds, dice);
        let swords = swords.into_iter().map(|(i, _)| i).collect();
        held.insert(holder, Held { swords, contact });
    }
    let stops: BTreeSet<i64> = held
        .values()
        .filter_map(|h| h.contact.wounded_at)
        .chain([rounds])
        .collect();
    let mut last = 0;
    let mut first = None;
    for stop in stops {
        let advanced = w.record_with_cause(
            Event::TimeAdvanced {
                rounds: stop - last,
                clock: from + stop,
            },
            first.or(cause),
        )?;
        first = first.or(Some(advanced.seq));
        for (holder, h) in &held {
            let before = w.character_by_id(holder).await?;
            let mut hurt = None;
            for (item, rolls) in h.swords.iter().zip(&h.contact.damage) {
                let span = &rolls[rolls.len().min(last as usize)..rolls.len().min(stop as usize)];
                if span.is_empty() {
                    continue;
                }
                let now = w.character_by_id(holder).await?;
                let total: i64 = span.iter().map(|r| r.total).sum();
                let hp = health::after_damage(now.hp, u32::try_from(total).unwrap_or(u32::MAX));
                let sword = w.current(&item.id)?;
                let held = Event::SwordHeld {
                    act: Act::new(&sword, &now),
                    from: from + last,
                    damage: span.to_vec(),
                    hp,
                };
                hurt = Some(w.record_with_cause(held, Some(advanced.seq))?.seq);
            }
            match hurt {
                Some(hurt) if h.contact.wounded_at == Some(stop) => {
                    super::control::after_hp(w, &before, hurt, dice).await?;
                }
                // A wound short of the check may still end a control: one that felled them.
                Some(hurt) => super::control::settle(w, holder, Some(hurt), dice).await?,
                None => {}
            }
        }
        last = stop;
    }
    bleed(w, from, rounds, &held, first.or(cause)).await?;
    super::upkeep::settle(w, from, from + rounds, first.or(cause)).await
}

/// Under AD&D 2e's death's door (`campaign set death adnd`), the rounds that passed bleed
/// every dying character whose wounds are not bound, a point a DMG minute whatever the
/// campaign's round (`rules::health::bleeding`);
/// a holder a sword felled on the way bleeds from the round after its last blow.
async fn bleed(
    w: &mut Write<'_>,
    from: i64,
    rounds: i64,
    held: &BTreeMap<String, Held>,
    cause: Option<i64>,
) -> Result<()> {
    let rule = w.state.campaign.settings.death.unwrap_or_default();
    if rule != DeathRule::Adnd {
        return Ok(());
    }
    let campaign = w.campaign;
    let mut ids: BTreeSet<String> = held.keys().cloned().collect();
    // The stored rows, and the state this command changed.
    for c in crate::store::characters::at_deaths_door(w.conn(), campaign).await? {
        ids.insert(c.id.clone());
        w.state.characters.entry(c.id.clone()).or_insert(c);
    }
    ids.extend(w.state.characters.keys().cloned());
    for id in ids {
        // Only the party whose time this is bleeds.
        if !w.here(&id) {
            continue;
        }
        let c = w.character_by_id(&id).await?;
        if c.bound || health::condition(c.hp, rule) != health::Condition::Dying {
            continue;
        }
        let fell = held.get(&id).map_or(0, |h| {
            h.contact.damage.iter().map(Vec::len).max().unwrap_or(0) as i64
        });
        // A point a DMG minute, to the one that leaves them at the floor, dead.
        let round = w.state.campaign.settings.round();
        let bled = health::bleeding(c.hp, from + fell, rounds - fell, round);
        if bled.points <= 0 {
            continue;
        }
        let bled = Event::CharacterBled {
            character: id,
            name: c.name,
            from: from + fell,
            rounds: bled.rounds,
            lost: Some(bled.points),
            hp: health::bleed(c.hp, bled.points),
        };
        w.record_with_cause(bled, cause)?;
    }
    Ok(())
}

/// What `time show` tells: the clock of the session `--session` names, else of the one open,
/// else the world's; and, with several open, each expedition's and the world's.
pub struct Shown {
    pub clock: i64,
    pub world: i64,
    pub open: Vec<crate::ledger::Session>,
}

pub async fn show(cx: &mut Ctx) -> Result<Shown> {
    let found = cx.campaign().await?;
    let named = cx.named_session().await?;
    let open = crate::store::sessions::open(cx.conn(), found.id).await?;
    let clock = match named {
        Some(n) => open.iter().find(|s| s.number == n).map(|s| s.clock),
        None => None,
    }
    .unwrap_or_else(|| now_of(&found.campaign, &open, None));
    Ok(Shown {
        clock,
        world: found.campaign.clock,
        open,
    })
}

/// The game time now for `character` (their expedition's, if they are on one), or, for no one
/// in particular, the one open session's, else the world's.
pub fn now_of(
    campaign: &crate::ledger::Campaign,
    open: &[crate::ledger::Session],
    character: Option<&str>,
) -> i64 {
    let session = match character {
        Some(c) => crate::ledger::state::session_of(open.iter(), c),
        None if open.len() == 1 => Some(open[0].number),
        None => None,
    };
    open.iter()
        .find(|s| Some(s.number) == session)
        .map_or(campaign.clock, |s| s.clock)
}

/// [`now_of`], read from the campaign's open sessions.
pub async fn now(
    conn: &mut crate::store::Conn,
    found: &crate::store::campaigns::Found,
    character: Option<&str>,
) -> Result<i64> {
    if found.campaign.open.is_empty() {
        return Ok(found.campaign.clock);
    }
    let open = crate::store::sessions::open(conn, found.id).await?;
    Ok(now_of(&found.campaign, &open, character))
}
