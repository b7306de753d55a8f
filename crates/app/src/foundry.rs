//! `hoard export --foundry`: the items to hand to Foundry VTT — named ones, a character's, a
//! session's finds, or all — each as the referee knows it or as one character knows it, with
//! what the export shows of them (charges made, history, running effects), all read in one
//! function so it can run in one read transaction. It returns plain data (a [`Piece`] an item);
//! the Foundry edge (`crate::foundry`) maps it to the systems' documents.

use std::collections::{BTreeMap, BTreeSet};

use crate::ctx::Ctx;
use crate::error::Result;
use crate::ledger::{Event, Item, Recorded};
use crate::lookup::character as find_character;
use crate::rules::item::Status;
use crate::rules::knowledge::{KnownName, Look, Looker, Revealed, disguise, revealed};
use crate::store::events::{self, Filter};
use crate::store::items::{self, ListFilter};

/// Whose export it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    /// The referee's truth.
    Referee,
    /// One character's knowledge.
    Player,
}

/// A lasting effect the item set going (a potion drunk), with the time it has left.
#[derive(Clone, Debug, PartialEq)]
pub struct Running {
    pub character: String,
    pub rounds_left: Option<i64>,
}

/// One item to export, as plain data.
#[derive(Clone, Debug)]
pub struct Piece {
    /// The item as the export's reader may know it (`rules::knowledge::revealed`): the truth
    /// for the referee; for a player, only what they know.
    pub seen: Revealed,
    pub view: View,
    /// The holder's name; `None`: the party's treasure.
    pub holder: Option<String>,
    /// The charges it was made with (the most it can hold), when they may be shown.
    pub made: Option<i32>,
    /// The hit points it restores at once, a potion of healing's (`rules::potion::healing`,
    /// by the campaign's magic items), when its reader may know its name.
    pub healing: Option<crate::rules::dice::Expr>,
    /// Wall-clock milliseconds of its first and last event.
    pub created_ms: i64,
    pub modified_ms: i64,
    /// Its ledger history (the referee's export only).
    pub history: Vec<Recorded>,
    pub running: Vec<Running>,
}

impl Piece {
    /// The item holding what the export's reader may know of it.
    pub fn item(&self) -> &Item {
        &self.seen.item
    }

    pub fn is_referee(&self) -> bool {
        self.view == View::Referee
    }

    /// Charges left and made, when the export may show them.
    pub fn charges(&self) -> Option<(i32, i32)> {
        let left = self.item().charges?;
        Some((left, self.made.unwrap_or(left).max(left)))
    }

    /// Gone for good (drunk, crumbled, vanished): none of it is left.
    pub fn gone(&self) -> bool {
        self.item().is_gone()
    }

    /// How many there are: a quiver's count, or one; none once gone.
    pub fn count(&self) -> u32 {
        if self.gone() {
            0
        } else {
            self.item().identity.count.unwrap_or(1)
        }
    }

    /// Its magic spent for good, the object itself still there: a faded scroll, a drained
    /// wand.
    pub fn spent(&self) -> bool {
        matches!(self.item().status, Status::Faded | Status::Drained)
    }
}

/// The campaign-wide facts of an export.
#[derive(Clone, Debug)]
pub struct Campaign {
    pub name: String,
    /// The character whose view this is, if not the referee's.
    pub viewer: Option<String>,
    /// The ledger's last event number: the module's version follows it.
    pub last_seq: i64,
    /// The edition of the campaign's game (`campaign set treasure`), whose table gives the
    /// armour class of a suit exported to OSE's system.
    pub edition: crate::rules::armor_kind::Edition,
}

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
    /// vanished): their id, the name the export's reader knows them by, why, and what they
    /// look like (what the words of why agree with).
    pub left_out: Vec<(String, KnownName, Status, Look)>,
    /// The ids of every item of the campaign still in play (not gone for good): a re-export
    /// keeps an earlier export's document of one of them, and of no other.
    pub current: BTreeSet<String>,
}

/// Read everything the export needs. Named items are exported whatever became of them; the
/// filters leave out what is gone for good. With `viewer`, each item holds only what that
/// character may know of it (`rules::knowledge::revealed`) and nothing of its history.
pub async fn gather(cx: &mut Ctx, selection: &Selection, viewer: Option<&str>) -> Result<Gathered> {
    let found = cx.campaign().await?;
    let (campaign, name) = (found.id, found.campaign.name.clone());
    let edition = found.campaign.settings.armour_table();
    let conn = cx.conn();
    let viewer = match viewer {
        Some(who) => Some(find_character(conn, campaign, &name, who).await?),
        None => None,
    };
    let looker = viewer
        .as_ref()
        .map_or(Looker::Referee, |v| Looker::Character(&v.id));
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
            Ok::<_, crate::error::Error>(())
        })
        .await?;
        if let Some(number) = selection.session {
            crate::choice::require(conn, &found, number).await?;
            let filter = Filter {
                session: Some(number),
                kind: Some("item_created".into()),
                ..Default::default()
            };
            let mut made = BTreeSet::new();
            events::select(conn, campaign, &filter, |rec| {
                made.extend(rec.event.subject().cloned());
                Ok::<_, crate::error::Error>(())
            })
            .await?;
            chosen.retain(|i| made.contains(&i.id));
        }
        chosen.retain(|item| {
            if item.is_gone() {
                let seen = revealed(item, looker).name;
                left_out.push((item.id.clone(), seen, item.status, disguise(item)));
            }
            !item.is_gone()
        });
    } else {
        for key in &selection.items {
            let item = crate::lookup::item(conn, campaign, key).await?;
            if !chosen.iter().any(|i| i.id == item.id) {
                chosen.push(item);
            }
        }
    }
    let mut current = BTreeSet::new();
    items::list(conn, campaign, &ListFilter::default(), |item| {
        if !item.is_gone() {
            current.insert(item.id);
        }
        Ok::<_, crate::error::Error>(())
    })
    .await?;
    let characters: BTreeMap<String, String> = crate::store::characters::list(conn, campaign)
        .await?
        .into_iter()
        .map(|c| (c.id, c.name))
        .collect();
    let voided = events::voided(conn, campaign).await?;
    let effects = crate::store::effects::all(conn, campaign).await?;
    let now = super::clock::now(conn, &found, None).await?;
    let items = found.campaign.settings.magic_items.unwrap_or_default();
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
            Ok::<_, crate::error::Error>(())
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
        let seen = revealed(&item, looker);
        let healing = (item.category == crate::rules::item::Category::Potion)
            .then(|| crate::rules::potion::healing(&seen.item.name, items))
            .flatten();
        let piece = match looker {
            Looker::Referee => {
                let running = effects
                    .iter()
                    .filter(|e| e.item.as_deref() == Some(&item.id) && e.active(now))
                    .map(|e| Running {
                        character: characters.get(&e.character).cloned().unwrap_or_default(),
                        rounds_left: e.left(now),
                    })
                    .collect();
                Piece {
                    seen,
                    view: View::Referee,
                    holder,
                    made,
                    healing,
                    created_ms,
                    modified_ms,
                    history,
                    running,
                }
            }
            _ => {
                // The charges it was made with, only to whom may know its charges.
                let made = made.filter(|_| seen.charges.is_some());
                Piece {
                    seen,
                    view: View::Player,
                    holder,
                    made,
                    healing,
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
            edition,
        },
        pieces,
        left_out,
        current,
    })
}

/// The random tables in use, to hand over beside the items: `--tables`, else the campaign's
/// folder, else the shipped ones.
pub async fn tables(cx: &mut Ctx) -> Result<crate::rules::tables::Tables> {
    Ok(super::tables::for_campaign(cx).await?.tables)
}

/// An event's wall-clock time in milliseconds since 1970 (0 if it cannot be read).
fn millis(rec: Option<&Recorded>) -> i64 {
    rec.and_then(|r| chrono::DateTime::parse_from_rfc3339(&r.wall_time).ok())
        .map(|t| t.timestamp_millis())
        .unwrap_or(0)
}
