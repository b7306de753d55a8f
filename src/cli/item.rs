//! `hoard generate …` and `hoard item …`: each calls its `app` function and words the answer
//! through the item views of [`crate::view::item`].

use super::args::item::{GenerateArgs, ItemCommand};
use super::out::{Out, table};
use crate::app::generate::Request;
use crate::app::item::NewItem;
use crate::app::{self, Ctx};
use crate::error::Result;
use crate::rules::item::{Category, Identity};
use crate::rules::knowledge::{Looker, revealed};
use crate::tr;
use crate::view::inert::safe;
use crate::view::item::{
    ItemView, details, details_seen, known_lines, known_view, line, sentience_line, status_label,
    whole_mind,
};
use crate::view::words::Labelled;
use crate::view::words::Named;

pub async fn generate(
    cx: &mut Ctx,
    out: &mut Out,
    args: GenerateArgs,
    progress: super::progress::Mode,
) -> Result<()> {
    let category = match args.category.to_lowercase().as_str() {
        "any" | "all" | "tout" | "n'importe" => None,
        other => Some(other.parse::<Category>().map_err(|e| {
            crate::error::Error::Invalid(crate::i18n::Worded(&e).to_string().into())
        })?),
    };
    let request = Request {
        category,
        count: args.count,
        to: args.to,
        read: args.read,
        sentient: args.sentient,
        column: args.column,
    };
    let json = out.json();
    let mut first = true;
    if json {
        out.raw("[")?;
    }
    let mut bar = super::progress::Progress::new(progress, u64::from(request.count));
    let report = |done: u32, total: u32| bar.set(u64::from(done), u64::from(total));
    let consequences = app::generate::generate(cx, request, report, |item, holder| {
        if json {
            out.raw(if first { "\n" } else { ",\n" })?;
            first = false;
            out.json_compact(&ItemView::of(&item, holder.as_deref()))
        } else {
            out.line(&line(&item, holder.as_deref()))?;
            if let Some(s) = &item.identity.sentience {
                out.line(&format!("          {}", sentience_line(s)))?;
            }
            Ok(())
        }
    })
    .await?;
    bar.finish();
    if json {
        return out.line("\n]");
    }
    for rec in &consequences {
        out.event(&rec.event)?;
    }
    Ok(())
}

pub async fn run(cx: &mut Ctx, out: &mut Out, command: ItemCommand) -> Result<()> {
    match command {
        ItemCommand::Add {
            name,
            category,
            charges,
            kind,
            bonus,
            cursed,
            consumable,
            trapped,
            maker,
            harmful,
            favours,
            bears_on,
            initiative,
            level,
            not_metal,
            armor,
            material,
            duration,
            to,
        } => {
            let book = (category == Category::Book).then_some(crate::rules::item::BookNature {
                beneficial: !harmful,
                alignment: favours,
                bears_on,
            });
            let new = NewItem {
                name,
                category,
                charges,
                identity: Identity {
                    kind: armor.map(|a| a.id().to_string()).or(kind),
                    bonus,
                    cursed,
                    consumable,
                    trapped,
                    book,
                    initiative,
                    level,
                    metal: (not_metal || armor.is_some_and(|a| !a.metal())).then_some(false),
                    material,
                    duration,
                    ..Identity::default()
                },
                maker,
                to,
            };
            let added = app::item::add(cx, new).await?;
            added_lines(out, &added)
        }
        ItemCommand::List { owner, category } => {
            let json = out.json();
            let mut rows = Vec::new();
            let mut views = Vec::new();
            app::item::list(cx, owner.as_deref(), category, |item, holder| {
                if json {
                    views.push((item, holder));
                } else {
                    rows.push(vec![
                        crate::ledger::short_id(&item.id).to_string(),
                        safe(item.name()),
                        item.category.label().to_string(),
                        match (holder.as_deref(), item.place.as_deref()) {
                            (Some(holder), _) => safe(holder),
                            (None, Some(place)) => tr!("at {}", "à {}", safe(place)),
                            (None, None) => tr!("(party)", "(groupe)"),
                        },
                        item.charges.map(|c| c.to_string()).unwrap_or_default(),
                        status_label(&item),
                    ]);
                }
                Ok(())
            })
            .await?;
            if json {
                let list: Vec<ItemView<'_>> = views
                    .iter()
                    .map(|(i, h)| ItemView::of(i, h.as_deref()))
                    .collect();
                return out.doc(&list);
            }
            let mut t = table(&[
                "id".into(),
                tr!("Item", "Objet"),
                tr!("Category", "Catégorie"),
                tr!("Holder", "Porteur"),
                tr!("Charges", "Charges"),
                tr!("State", "État"),
            ]);
            for row in rows {
                t.add_row(row);
            }
            out.listing(
                t,
                &tr!(
                    "No items here yet: `hoard generate any` makes one from the tables, `hoard item add NAME --category wand` records one.",
                    "Aucun objet ici encore : `hoard generate any` en tire un des tables, `hoard item add NOM --category wand` en note un."
                ),
            )
        }
        ItemCommand::History { item } => {
            let (item, events) = app::custody::history(cx, &item).await?;
            if out.json() {
                let views: Vec<_> = events.iter().map(crate::ledger::EventView::of).collect();
                return out.doc(
                    &serde_json::json!({ "item": ItemView::of(&item, None), "events": views }),
                );
            }
            out.line(&format!(
                "{} ({})",
                safe(item.name()),
                crate::ledger::short_id(&item.id)
            ))?;
            for rec in &events {
                out.toned(
                    crate::view::describe::tone(&rec.event),
                    &crate::view::describe::line(rec),
                )?;
            }
            Ok(())
        }
        ItemCommand::Rename { item, name, fr } => {
            let (item, rec) = app::item::rename(cx, &item, &name, fr.as_deref()).await?;
            if out.json() {
                return out.doc(&serde_json::json!({
                    "item": ItemView::of(&item, None),
                    "event": crate::ledger::EventView::of(&rec),
                }));
            }
            super::play::event(cx, out, &rec)
        }
        ItemCommand::Trust { item, to } => {
            let rec = app::charges::trust(cx, &item, &to).await?;
            super::play::event(cx, out, &rec)
        }
        ItemCommand::Show {
            item,
            at: Some(session),
            ..
        } => {
            let (item, holder) = app::item::show_at(cx, &item, session).await?;
            if out.json() {
                return out.doc(&ItemView::of(&item, holder.as_deref()));
            }
            out.line(&tr!(
                "At the end of session {session}:",
                "À la fin de la session {session} :"
            ))?;
            for text in details(&item, holder.as_deref(), None) {
                out.line(&text)?;
            }
            Ok(())
        }
        ItemCommand::Show {
            item,
            as_character: Some(who),
            at: None,
        } => {
            let (item, who, holder) = app::item::show_as(cx, &item, &who).await?;
            let seen = revealed(&item, Looker::Character(&who.id));
            if out.json() {
                return out.doc(&known_view(&seen, holder.as_deref()));
            }
            let (category, name) = (
                item.category.label(),
                crate::i18n::Worded(&seen.name).to_string(),
            );
            out.line(&if name == category {
                safe(&name)
            } else {
                format!("{} ({category})", safe(&name))
            })?;
            out.line(&format!("  id {}", item.id))?;
            for text in known_lines(&seen, holder.as_deref()) {
                out.line(&text)?;
            }
            Ok(())
        }
        ItemCommand::Show {
            item,
            as_character: None,
            at: None,
        } => {
            let shown = app::item::show(cx, &item).await?;
            if out.json() {
                let mut value =
                    serde_json::to_value(ItemView::of(&shown.item, shown.holder.as_deref()))
                        .unwrap_or_default();
                value["origin"] = serde_json::to_value(&shown.origin).unwrap_or_default();
                if let Some(serde_json::Value::Object(ring)) = shown
                    .ring
                    .as_ref()
                    .and_then(|r| serde_json::to_value(r).ok())
                {
                    for (field, v) in ring {
                        value[field] = v;
                    }
                }
                return out.doc(&value);
            }
            let (holder, origin) = (shown.holder.as_deref(), shown.origin.as_ref());
            let mind = whole_mind(&shown.item);
            let ring = shown.ring.as_ref();
            for text in details_seen(&shown.item, holder, origin, mind.as_ref(), ring) {
                out.line(&text)?;
            }
            Ok(())
        }
    }
}

/// `Added 1a2b3c4d  Axe +1 — weapon (Tess)`, then what handing it over set off; in JSON the
/// item with `consequences` (each event as `log --json` shows it).
pub fn added_lines(out: &mut Out, added: &app::item::Added) -> Result<()> {
    let holder = added.holder.as_deref();
    if out.json() {
        let mut value = serde_json::to_value(ItemView::of(&added.item, holder)).unwrap_or_default();
        let events: Vec<_> = added
            .consequences
            .iter()
            .map(crate::ledger::EventView::of)
            .collect();
        value["consequences"] = serde_json::to_value(events).unwrap_or_default();
        return out.doc(&value);
    }
    out.line(&tr!("Added {}", "Ajouté : {}", line(&added.item, holder)))?;
    if let Some(s) = &added.item.identity.sentience {
        out.line(&format!("          {}", sentience_line(s)))?;
    }
    for rec in &added.consequences {
        out.event(&rec.event)?;
    }
    Ok(())
}
