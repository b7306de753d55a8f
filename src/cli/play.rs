//! The item rules at the table: `give`, `drop`, `drink`, `apply`, `taste`, `read`, `cast`,
//! `copy`, `wear`, `remove`, `use`, `recharge`, `study`, `identify`.

use crate::view::words::Shown as _;
use serde_json::json;

use super::args::play::{
    ByArgs, CastArgs, CopyArgs, GiveArgs, Hand, ItemArg, RechargeArgs, UseArgs, WearArgs,
};
use super::out::Out;
use crate::app::{self, Ctx};
use crate::error::Result;
use crate::i18n::time::GameTime;
use crate::ledger::EventView;
use crate::ledger::{Event, Recorded};
use crate::rules::coins::Coins;
use crate::rules::health;
use crate::rules::item::Slot;
use crate::rules::knowledge::Method;
use crate::tr;
use crate::view::inert::safe;
use crate::view::words::{ItemNamed as _, Labelled};

/// Print the events a command recorded: one line each, or all of them as JSON.
pub fn events(cx: &Ctx, out: &mut Out, events: &[Recorded]) -> Result<()> {
    if out.json() {
        let views: Vec<_> = events.iter().map(EventView::of).collect();
        return out.doc(&json!({ "events": views }));
    }
    for rec in events {
        recorded(cx, out, &rec.event)?;
    }
    Ok(())
}

pub fn event(cx: &Ctx, out: &mut Out, rec: &Recorded) -> Result<()> {
    events(cx, out, std::slice::from_ref(rec))
}

/// An event's line and, after a wound, whether it left its character dying or dead by the
/// campaign's death rule.
pub fn recorded(cx: &Ctx, out: &mut Out, event: &Event) -> Result<()> {
    out.event(event)?;
    match crate::view::describe::wound(event) {
        Some((name, hp)) => condition(out, name, health::condition(hp, cx.death_rule())),
        None => Ok(()),
    }
}

/// `Gorm is dead.`, when the character is dying or dead.
pub fn condition(out: &mut Out, name: &str, condition: health::Condition) -> Result<()> {
    match crate::view::describe::condition(name, condition) {
        Some(line) => out.toned(crate::view::tone::Tone::Danger, &line),
        None => Ok(()),
    }
}

pub async fn give(cx: &mut Ctx, out: &mut Out, a: GiveArgs) -> Result<()> {
    let passed = app::custody::give(cx, &a.item, &a.to, a.read).await?;
    if out.json() && !passed.slower.is_empty() {
        let views: Vec<_> = passed.events.iter().map(EventView::of).collect();
        return out.doc(&json!({ "events": views, "slower": passed.slower }));
    }
    events(cx, out, &passed.events)?;
    slower(out, &passed.slower)
}

/// `Ulric ralentit`: each character a command left slower, after its usual output.
pub fn slower(out: &mut Out, slower: &[app::encumbrance::Slower]) -> Result<()> {
    for s in slower {
        out.toned(
            crate::view::tone::Tone::Loss,
            &format!("  {}", crate::view::encumbrance::slower(s)),
        )?;
    }
    Ok(())
}

pub async fn drop(cx: &mut Ctx, out: &mut Out, a: ItemArg) -> Result<()> {
    let passed = app::custody::drop(cx, &a.item).await?;
    events(cx, out, &passed.events)
}

pub async fn drink(cx: &mut Ctx, out: &mut Out, a: ByArgs, oil: bool) -> Result<()> {
    let taken = app::potion::take(cx, &a.item, a.by.as_deref(), oil).await?;
    if out.json() {
        return out.doc(&taken);
    }
    out.event(&taken.event.event)?;
    if taken.healed.is_some() {
        let (who, hp) = (safe(&taken.character), taken.hp);
        out.line(&tr!("  {who} has {hp} HP.", "  {who} a {hp} PV."))?;
    }
    for rec in &taken.consequences {
        out.event(&rec.event)?;
    }
    if let Some(end) = taken.ends_at {
        let end = GameTime(end);
        out.line(&tr!(
            "  it wears off at {end}.",
            "  l'effet cesse le {end}."
        ))?;
    }
    Ok(())
}

pub async fn identify(
    cx: &mut Ctx,
    out: &mut Out,
    item: &str,
    by: Option<&str>,
    method: Method,
    told: Option<Coins>,
) -> Result<()> {
    let done = app::identify::identify(cx, item, by, method, told).await?;
    if out.json() {
        return out.doc(&done);
    }
    out.event(&done.event.event)?;
    let (who, name) = (
        safe(&done.character),
        safe(&crate::i18n::Worded(&done.known_as).to_string()),
    );
    out.line(&tr!(
        "  {who} knows it as: {name}",
        "  {who} le connaît comme : {name}"
    ))?;
    for rec in &done.consequences {
        out.event(&rec.event)?;
    }
    Ok(())
}

pub async fn cast(cx: &mut Ctx, out: &mut Out, a: CastArgs) -> Result<()> {
    let cast = app::scroll::cast(cx, &a.item, a.by.as_deref(), a.spell, a.turns).await?;
    if out.json() {
        return out.doc(&cast);
    }
    out.event(&cast.event.event)
}

pub async fn copy(cx: &mut Ctx, out: &mut Out, a: CopyArgs) -> Result<()> {
    let rec = app::scroll::copy(cx, &a.item, a.by.as_deref(), a.spell).await?;
    event(cx, out, &rec)
}

pub async fn wear(cx: &mut Ctx, out: &mut Out, a: WearArgs) -> Result<()> {
    let hand = a.hand.map(|h| match h {
        Hand::Left => Slot::LeftHand,
        Hand::Right => Slot::RightHand,
    });
    let worn = app::wear::wear(cx, &a.item, hand, a.by.as_deref()).await?;
    if out.json() {
        return out.doc(&worn);
    }
    out.event(&worn.event.event)?;
    if !worn.works {
        let (hand, others) = (
            worn.slot.label(),
            worn.stopped
                .iter()
                .map(|s| safe(s.shown()))
                .collect::<Vec<_>>()
                .join(", "),
        );
        out.line(&tr!(
            "  two magic rings on the {hand}: neither works (this one and {others}) until one is removed",
            "  deux anneaux magiques à la {hand} : aucun ne fonctionne (celui-ci et {others}) tant qu'on n'en retire pas un"
        ))?;
    }
    Ok(())
}

pub async fn remove(cx: &mut Ctx, out: &mut Out, a: ItemArg) -> Result<()> {
    let rec = app::wear::remove(cx, &a.item).await?;
    event(cx, out, &rec)
}

pub async fn use_item(cx: &mut Ctx, out: &mut Out, a: UseArgs) -> Result<()> {
    let used = app::charges::use_charges(cx, &a.item, a.charges, a.by.as_deref()).await?;
    if out.json() {
        return out.doc(&used);
    }
    out.event(&used.event.event)
}

pub async fn recharge(cx: &mut Ctx, out: &mut Out, a: RechargeArgs) -> Result<()> {
    let rec = app::charges::recharge(cx, &a.item, a.charges).await?;
    event(cx, out, &rec)
}

pub async fn study(cx: &mut Ctx, out: &mut Out, a: ByArgs) -> Result<()> {
    let rec = app::book::study(cx, &a.item, a.by.as_deref()).await?;
    event(cx, out, &rec)?;
    // hoard keeps no book's gift: what a manual or tome gives (an ability, a level,
    // experience) is the referee's to write on the sheet.
    match (&rec.event, out.json()) {
        (
            Event::BookStudied {
                act,
                outcome: crate::rules::book::Studied::Vanished,
            },
            false,
        ) => {
            let (who, book) = (safe(&act.character_name), safe(act.item_name()));
            out.line(&tr!(
                "  what {book} gives {who} (an ability, a level, experience) is for the sheet: `hoard character set {who} KEY VALUE`",
                "  ce que {book} apporte à {who} (une caractéristique, un niveau, de l'expérience) va sur la fiche : `hoard character set {who} CLÉ VALEUR`"
            ))
        }
        _ => Ok(()),
    }
}
