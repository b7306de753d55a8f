//! `hoard export --foundry`: the items to hand to Foundry VTT — named ones, a character's, a
//! session's finds, or all — each as the referee knows it or as one character knows it, with
//! what the export shows of them (charges made, history, running effects), all read in one
//! function so it can run in one read transaction.

use std::collections::{BTreeMap, BTreeSet};

use super::{Ctx, find_character};
use crate::error::Result;
use crate::foundry::{Campaign, Piece, Running, View};
use crate::ledger::{Event, Item, Recorded};
use crate::rules::alignment::Alignment;
use crate::rules::item::{Category, Identity, Knowledge, Status};
use crate::store::events::{self, Filter};
use crate::store::items::{self, ListFilter};

/// Which items to export: those named, or those the filters keep (all when none is given).
#[derive(Debug, Clone, Default)]
pub struct Selection {
    pub items: Vec<String>,
    pub holder: Option<String>,
    pub session: Option<u32>,
}

/// What an export holds.
pub struct Gathered {
    pub campaign: Campaign,
    pub pieces: Vec<Piece>,
    /// Items the filters left out because they are gone for good (drunk, crumbled,
    /// vanished): their id, the name the export's reader knows them by, and why.
    pub left_out: Vec<(String, String, Status)>,
}

/// Read everything the export needs. Named items are exported whatever became of them; the
/// filters leave out what is gone for good. With `viewer`, each item holds only what that
/// character knows of it ([`known_to`]) and nothing of its history.
pub async fn gather(cx: &mut Ctx, selection: &Selection, viewer: Option<&str>) -> Result<Gathered> {
    let found = cx.campaign().await?;
    let (campaign, name) = (found.id, found.campaign.name.clone());
    let conn = cx.conn();
    let viewer = match viewer {
        Some(who) => Some(find_character(conn, campaign, &name, who).await?),
        None => None,
    };
    let mut chosen: Vec<Item> = Vec::new();
    let mut left_out = Vec::new();
    if selection.items.is_empty() {
        let holder = match &selection.holder {
            Some(who) => Some(find_character(conn, campaign, &name, who).await?.id),
            None => None,
        };
        let filter = ListFilter {
            holder,
            category: None,
        };
        items::list(conn, campaign, &filter, |item| {
            chosen.push(item);
            Ok(())
        })
        .await?;
        if let Some(number) = selection.session {
            super::session::require(conn, &found, number).await?;
            let filter = Filter {
                session: Some(number),
                kind: Some("item_created".into()),
                ..Default::default()
            };
            let mut made = BTreeSet::new();
            events::select(conn, campaign, &filter, |rec| {
                made.extend(rec.event.subject().cloned());
                Ok(())
            })
            .await?;
            chosen.retain(|i| made.contains(&i.id));
        }
        chosen.retain(|item| {
            if item.is_gone() {
                let seen = match &viewer {
                    Some(v) => crate::rules::knowledge::name_for(item, &v.id),
                    None => item.name().to_string(),
                };
                left_out.push((item.id.clone(), seen, item.status));
            }
            !item.is_gone()
        });
    } else {
        for key in &selection.items {
            let item = super::item::find(conn, campaign, key).await?;
            if !chosen.iter().any(|i| i.id == item.id) {
                chosen.push(item);
            }
        }
    }
    let characters: BTreeMap<String, String> = crate::store::characters::list(conn, campaign)
        .await?
        .into_iter()
        .map(|c| (c.id, c.name))
        .collect();
    let voided = events::voided(conn, campaign).await?;
    let effects = crate::store::effects::all(conn, campaign).await?;
    let now = found.campaign.clock;
    let mut pieces = Vec::with_capacity(chosen.len());
    for item in chosen {
        let mut history = Vec::new();
        let filter = Filter {
            entity: Some(item.id.clone()),
            ..Default::default()
        };
        events::select(conn, campaign, &filter, |rec| {
            if !voided.contains_key(&rec.seq) {
                history.push(rec);
            }
            Ok(())
        })
        .await?;
        let made = history.iter().find_map(|rec| match &rec.event {
            Event::ItemCreated { item, .. } => item.charges,
            _ => None,
        });
        let (created_ms, modified_ms) = (millis(history.first()), millis(history.last()));
        let holder = item
            .holder
            .as_ref()
            .and_then(|h| characters.get(h))
            .cloned();
        let piece = match &viewer {
            None => {
                let running = effects
                    .iter()
                    .filter(|e| e.item.as_deref() == Some(&item.id) && e.active(now))
                    .map(|e| Running {
                        character: characters.get(&e.character).cloned().unwrap_or_default(),
                        rounds_left: e.left(now),
                    })
                    .collect();
                let identified = match &item.holder {
                    Some(h) => item.knowledge(h) == Some(Knowledge::Full),
                    None => item.known.values().any(|k| *k == Knowledge::Full),
                };
                Piece {
                    item,
                    view: View::Referee { identified },
                    holder,
                    made,
                    created_ms,
                    modified_ms,
                    history,
                    running,
                }
            }
            Some(who) => {
                let (shown, knows, alignment) = known_to(&item, &who.id);
                Piece {
                    item: shown,
                    view: View::Player { knows, alignment },
                    holder,
                    made: made.filter(|_| knows == Some(Knowledge::Full)),
                    created_ms,
                    modified_ms,
                    history: Vec::new(),
                    running: Vec::new(),
                }
            }
        };
        pieces.push(piece);
    }
    Ok(Gathered {
        campaign: Campaign {
            name,
            viewer: viewer.map(|v| v.name),
            last_seq: found.last_seq,
        },
        pieces,
        left_out,
    })
}

/// An event's wall-clock time in milliseconds since 1970 (0 if it cannot be read).
fn millis(rec: Option<&Recorded>) -> i64 {
    rec.and_then(|r| chrono::DateTime::parse_from_rfc3339(&r.wall_time).ok())
        .map(|t| t.timestamp_millis())
        .unwrap_or(0)
}

/// What `who` knows of `item`, as an item holding nothing else — the knowledge rule of every
/// player's view (`item show --as`, `export --as`): the name they know it by
/// (`rules::knowledge::name_for`); its charges, enchantment, curse, powers and every other
/// property only once they know it fully; a sentient sword's alignment once they have touched
/// it. What anyone can see stays: its category, an oil's flask, a shield's shape, a sword's
/// blade, where it is worn, and that it is gone.
pub fn known_to(item: &Item, who: &str) -> (Item, Option<Knowledge>, Option<Alignment>) {
    let knows = item.knowledge(who);
    let alignment = item
        .sentience()
        .filter(|_| item.touched.iter().any(|t| t == who))
        .map(|s| s.alignment);
    if knows == Some(Knowledge::Full) {
        let mut shown = item.clone();
        // Who else knows it, trusts or touched it is not theirs to know.
        shown.known.clear();
        shown.trusted.clear();
        shown.touched.clear();
        shown.control = None;
        return (shown, knows, alignment);
    }
    let name = crate::rules::knowledge::name_for(item, who);
    let kind = item.identity.kind.clone().filter(|k| {
        matches!(
            (item.category, k.as_str()),
            (Category::Potion, "oil") | (Category::Armor, "shield")
        )
    });
    let identity = Identity {
        kind,
        blade: item.identity.blade.clone(),
        ..Identity::default()
    };
    let mut shown = Item::new(item.id.clone(), name.clone(), name, item.category, identity);
    shown.holder = item.holder.clone();
    shown.worn = item.worn;
    if item.is_gone() {
        shown.status = item.status;
    }
    (shown, knows, alignment)
}
