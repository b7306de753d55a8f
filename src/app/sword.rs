//! `hoard sword add`: a sentient sword whose qualities the referee chooses, as seed 000
//! allows, checked like generated ones.

use super::Ctx;
use super::tables::for_campaign;
use crate::error::{Error, Result};
use crate::ledger::{Event, Item, Origin, new_id};
use crate::rules::character::check_name;
use crate::rules::item::{Category, Identity};
use crate::rules::sword::{self, Chosen};
use crate::store::write::Preload;

#[derive(Debug, Clone)]
pub struct NewSword {
    pub name: String,
    pub chosen: Chosen,
    pub bonus: Option<i32>,
    pub blade: Option<String>,
    pub to: Option<String>,
}

pub async fn add(cx: &mut Ctx, new: NewSword) -> Result<(Item, Option<String>)> {
    let name = check_name("sword", &new.name).map_err(|e| Error::Invalid(e.0))?;
    let loaded = for_campaign(cx).await?;
    let sentience = sword::choose(&loaded.tables, &new.chosen).map_err(|e| Error::Invalid(e.0))?;
    let preloads: Vec<Preload> = new.to.iter().map(|n| Preload::Character(n)).collect();
    let mut w = cx.write_preloading(&preloads).await?;
    let holder = match &new.to {
        Some(to) => Some(w.character(to).await?),
        None => None,
    };
    let identity = Identity {
        bonus: new.bonus,
        blade: new.blade,
        initiative: Some(3),
        level: Some(12),
        sentience: Some(sentience),
        ..Identity::default()
    };
    let mut item = Item::new(new_id(), name.clone(), name, Category::Sword, identity);
    item.holder = holder.as_ref().map(|h| h.id.clone());
    w.record(Event::ItemCreated {
        item: Box::new(item.clone()),
        origin: Box::new(Origin {
            how: "added".into(),
            table: None,
            seed: None,
            tables: Some(loaded.source),
            steps: Vec::new(),
        }),
    })?;
    w.commit().await?;
    Ok((item, holder.map(|h| h.name)))
}
