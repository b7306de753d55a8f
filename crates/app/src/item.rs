//! `hoard item add|list|show`, and finding an item from what the referee typed.

use crate::ctx::Ctx;
use crate::lookup::character as find_character;

use crate::error::{Error, Problem, Result};
use crate::ledger::{Event, Item, Origin, Recorded};
use crate::refusal::item::Refusal;
use crate::rules::armor;
use crate::rules::character::check_name;
use crate::rules::item::{Category, Identity};
use crate::store::items::{self, ListFilter};

/// An item the referee makes by hand (`hoard item add`).
#[derive(Debug, Clone)]
pub struct NewItem {
    pub name: String,
    pub category: Category,
    pub charges: Option<i64>,
    pub identity: Identity,
    pub maker: Option<String>,
    pub to: Option<String>,
}

/// An item just added: its holder's name, and what handing it to them set off (a control
/// check, a sword's jealousy).
pub struct Added {
    pub item: Item,
    pub holder: Option<String>,
    pub consequences: Vec<Recorded>,
}

pub async fn add(cx: &mut Ctx, new: NewItem) -> Result<Added> {
    let name = check_name("item", &new.name)?;
    if let Some(duration) = &new.identity.duration {
        crate::rules::dice::Expr::parse(duration)
            .map_err(|e| Error::Invalid(Problem::Dice(e).into()))?;
    }
    let charges = new
        .charges
        .map(|c| {
            i32::try_from(c)
                .ok()
                .filter(|c| (1..=10_000).contains(c))
                .ok_or_else(|| Error::from(Refusal::ChargesOutOfRange { charges: c }))
        })
        .transpose()?;
    let seed = cx.seed;
    let mut w = cx.write().await?;
    let holder = match &new.to {
        Some(to) => Some(w.character(to).await?),
        None => None,
    };
    if let Some(material) = &new.identity.material {
        check_name("material", material)?;
    }
    let mut identity = new.identity.by_hand(new.category);
    let items = w.state.campaign.settings.magic_items.unwrap_or_default();
    identity.seems = identity
        .seems
        .or_else(|| armor::seems(new.category, identity.cursed, items));
    if let Some(maker) = &new.maker {
        identity.maker = Some(w.character(maker).await?.id);
    }
    let mut item = Item::new(w.new_id(), name.clone(), name, new.category, identity);
    item.holder = holder.as_ref().map(|c| c.id.clone());
    item.charges = charges;
    record_by_hand(w, item, holder, seed, None).await
}

/// Record an item the referee made by hand (no table, no roll of its own), with the dice of
/// `seed` for what handing it over sets off.
pub(super) async fn record_by_hand(
    w: crate::write::Write<'_>,
    item: Item,
    holder: Option<crate::ledger::Character>,
    seed: u64,
    session: Option<u32>,
) -> Result<Added> {
    let origin = Origin {
        how: "added".into(),
        table: None,
        seed: None,
        tables: None,
        steps: Vec::new(),
        session,
    };
    let mut dice = crate::rules::dice::seeded(seed);
    record_added(w, item, origin, holder, &mut dice).await
}

/// Record a hand-made item and, when it goes to a character, what handing it over sets off
/// (a first touch, control checks, jealousy); commit; say what happened.
pub(super) async fn record_added(
    mut w: crate::write::Write<'_>,
    item: Item,
    origin: Origin,
    holder: Option<crate::ledger::Character>,
    dice: &mut impl crate::rules::dice::Dice,
) -> Result<Added> {
    let created = w.record(Event::ItemCreated {
        item: Box::new(item.clone()),
        origin: Box::new(origin),
    })?;
    if let Some(h) = &holder {
        // Every first hand-over rolls what it sets off: a scroll's fading, a sword's touch.
        let takes = crate::custody::Handling::Takes { read: false };
        super::custody::handed_over(&mut w, &item, None, Some(h), takes, created.seq, dice).await?;
    }
    let consequences = w.since(created.seq);
    w.commit().await?;
    Ok(Added {
        item,
        holder: holder.map(|c| c.name),
        consequences,
    })
}

/// `item list [--owner NAME] [--category C]`: each item with its holder's name.
/// `item rename ITEM NEW [--fr NEW_FR]`: a mistyped name corrected, as an event. The French
/// name follows the English one where the two were the same (a name the referee typed);
/// otherwise it stays, unless `fr` gives it.
pub async fn rename(
    cx: &mut Ctx,
    key: &str,
    name: &str,
    fr: Option<&str>,
) -> Result<(Item, Recorded)> {
    for name in std::iter::once(name).chain(fr) {
        check_name("item", name)?;
    }
    let mut w = cx.write().await?;
    let item = w.item(key).await?;
    let name_fr = match fr {
        Some(fr) => fr.to_string(),
        None if item.name_fr == item.name => name.to_string(),
        None => item.name_fr.clone(),
    };
    let rec = w.record(Event::ItemRenamed {
        item: item.id.clone(),
        was: item.name.clone(),
        was_fr: item.name_fr.clone(),
        name: name.to_string(),
        name_fr,
    })?;
    let renamed = w.current(&item.id)?;
    w.commit().await?;
    Ok((renamed, rec))
}

pub async fn list(
    cx: &mut Ctx,
    owner: Option<&str>,
    category: Option<Category>,
    mut each: impl FnMut(Item, Option<String>) -> Result<()>,
) -> Result<()> {
    let campaign = cx.campaign().await?;
    let holder = match owner {
        Some(name) => {
            Some(find_character(cx.conn(), campaign.id, &campaign.campaign.name, name).await?)
        }
        None => None,
    };
    let characters = crate::store::characters::list(cx.conn(), campaign.id).await?;
    let filter = ListFilter {
        holder: holder.map(|h| h.id),
        category: category.map(|c| c.as_str().to_string()),
    };
    items::list(cx.conn(), campaign.id, &filter, |item| {
        let name = item
            .holder
            .as_ref()
            .and_then(|h| characters.iter().find(|c| &c.id == h))
            .map(|c| c.name.clone());
        each(item, name)
    })
    .await
}

/// An item with its holder's name and how it came to be.
pub struct Shown {
    pub item: Item,
    pub holder: Option<String>,
    pub origin: Option<Origin>,
    /// For a worn ring: whether it works, and the other rings on its hand.
    pub ring: Option<OnHand>,
}

/// A worn ring among its holder's rings (`rules::ring`: two on one hand, neither works).
#[derive(Debug, Clone, serde::Serialize)]
pub struct OnHand {
    pub works: bool,
    /// The other rings worn on the same hand.
    #[serde(serialize_with = "super::name::list")]
    pub beside: Vec<crate::rules::item::Names>,
}

pub async fn show(cx: &mut Ctx, key: &str) -> Result<Shown> {
    let campaign = cx.campaign().await?;
    let item = crate::lookup::item(cx.conn(), campaign.id, key).await?;
    let holder = match &item.holder {
        Some(id) => crate::store::characters::by_id(cx.conn(), campaign.id, id)
            .await?
            .map(|c| c.name),
        None => None,
    };
    let origin = crate::store::events::origin(cx.conn(), campaign.id, &item.id).await?;
    let ring = match (item.category, item.worn, &item.holder) {
        (Category::Ring, Some(hand), Some(id)) => {
            let held = items::held_by(cx.conn(), campaign.id, id).await?;
            let refs: Vec<&Item> = held.iter().collect();
            Some(OnHand {
                works: crate::rules::ring::works(&item, &refs),
                beside: crate::rules::ring::on_hand(hand, &refs)
                    .into_iter()
                    .filter(|r| r.id != item.id)
                    .map(Item::names)
                    .collect(),
            })
        }
        _ => None,
    };
    Ok(Shown {
        item,
        holder,
        origin,
        ring,
    })
}

/// An item and the character whose view of it is wanted (`item show --as`).
/// An item as `who` sees it: the item, the viewer, and its holder's name (who carries what
/// is no secret at the table).
pub async fn show_as(
    cx: &mut Ctx,
    key: &str,
    who: &str,
) -> Result<(Item, crate::ledger::Character, Option<String>)> {
    let campaign = cx.campaign().await?;
    let item = crate::lookup::item(cx.conn(), campaign.id, key).await?;
    let who = find_character(cx.conn(), campaign.id, &campaign.campaign.name, who).await?;
    let holder = match &item.holder {
        Some(id) => crate::store::characters::by_id(cx.conn(), campaign.id, id)
            .await?
            .map(|c| c.name),
        None => None,
    };
    Ok((item, who, holder))
}

/// An item as it stood at the end of play session `session`, with its holder's name then.
pub async fn show_at(cx: &mut Ctx, key: &str, session: u32) -> Result<(Item, Option<String>)> {
    let campaign = cx.campaign().await?;
    let now = crate::lookup::item(cx.conn(), campaign.id, key).await?;
    let state = super::history::state_at(cx, session).await?;
    let Some(item) = state.items.get(&now.id).cloned() else {
        let item = now.names();
        return Err(Refusal::NotYetFound { item, session }.into());
    };
    let holder = item
        .holder
        .as_ref()
        .and_then(|h| state.characters.get(h))
        .map(|c| c.name.clone());
    Ok((item, holder))
}
