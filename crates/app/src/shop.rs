//! `hoard buy`: goods from the edition's price list (`tables/equipment-*.toml`, replaced by a
//! campaign's folder like any table), paid from the buyer's purse (`rules::purchase`). The
//! goods come in as an item the buyer carries (`item_created`, made `bought`: gear, or a suit
//! of armour or a weapon where the list's line says so), and the coins
//! leave as its consequence (`coins_spent`): undoing the purchase takes both back. Selling
//! them back is `sell`'s, at the equipment market's fraction.

use serde::Serialize;

use super::encumbrance::{Before, Slower};
use crate::ctx::Ctx;
use crate::error::Result;
use crate::ledger::state::Edition;
use crate::ledger::treasury::Holder;
use crate::ledger::{Event, Item, Origin, Recorded};
use crate::refusal::shop::Refusal;
use crate::rules::coins::Coins;
use crate::rules::item::Names;
use crate::rules::purchase;

/// The price list an edition's campaign buys from: OSE's unless it plays AD&D 2e.
pub fn list_of(edition: Option<Edition>) -> &'static str {
    match edition {
        Some(Edition::Adnd) => "equipment-adnd",
        Some(Edition::Ose) | None => "equipment-ose",
    }
}

/// The goods of the campaign's price list, in its order (the console's choices for `buy`);
/// none when the list is missing (`buy` says why).
pub async fn goods(cx: &mut Ctx) -> Result<Vec<crate::rules::tables::equipment::Goods>> {
    let loaded = super::tables::for_campaign(cx).await?;
    let edition = cx.campaign().await?.campaign.settings.edition;
    Ok(loaded
        .tables
        .equipment(list_of(edition))
        .map(|list| list.goods.clone())
        .unwrap_or_default())
}

/// What `buy` did: the goods, the coins that paid for them, and what the buyer has now.
#[derive(Debug, Serialize)]
pub struct Bought {
    /// The price list bought from (`equipment-ose`).
    pub list: String,
    /// The list's line (`torches`).
    pub goods: String,
    /// Lots bought, and the pieces they make.
    pub count: u32,
    pub pieces: u32,
    pub price: Coins,
    /// The coins of the purse that paid it, and the seller's change back.
    pub paid: Coins,
    pub change: Coins,
    pub character: String,
    pub purse: Coins,
    pub item: Item,
    /// The item made, then the coins spent.
    pub events: Vec<Recorded>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub slower: Vec<Slower>,
}

/// `buy GOODS [--count N] --by C`: `count` lots of the goods a price list line names, at its
/// price, from C's purse; refused when the purse cannot pay. One item, carried by C.
pub async fn buy(cx: &mut Ctx, key: &str, count: u32, by: &str) -> Result<Bought> {
    let loaded = super::tables::for_campaign(cx).await?;
    let mut w = cx.write().await?;
    let list = list_of(w.state.campaign.settings.edition);
    let Some(equipment) = loaded.tables.equipment(list) else {
        let list = list.to_string();
        return Err(Refusal::NoList { list }.into());
    };
    let Some(goods) = equipment.find(key) else {
        let known: Vec<Names> = equipment
            .goods
            .iter()
            .map(|g| Names::both(&g.name, &g.fr))
            .collect();
        return Err(Refusal::UnknownGoods {
            list: list.to_string(),
            goods: key.to_string(),
            near: super::lookup::nearest(key, &known),
        }
        .into());
    };
    let buyer = w.character(by).await?;
    let unbought = |why| Refusal::Unbought {
        character: buyer.name.clone(),
        why,
    };
    let price = purchase::cost(goods, count).map_err(unbought)?;
    let holder = Holder::Character {
        id: buyer.id.clone(),
        name: buyer.name.clone(),
    };
    w.session()?;
    let row = w.state.row_of(&holder);
    let purse = w.treasury().await?.row(&row);
    let purchase::Payment { paid, change } = purchase::pay(&purse, &price).map_err(unbought)?;
    let pieces = purchase::pieces(goods, count);
    let (category, identity) = purchase::bought(goods, count, price);
    let mut item = Item::new(
        w.new_id(),
        goods.name.clone(),
        goods.fr.clone(),
        category,
        identity,
    );
    item.holder = Some(buyer.id.clone());
    let origin = Origin {
        how: Origin::BOUGHT.into(),
        table: Some(list.to_string()),
        seed: None,
        tables: Some(loaded.source.clone()),
        steps: Vec::new(),
        session: None,
    };
    let before = Before::weigh(&mut w, &[buyer.id.as_str()]).await?;
    let created = w.record(Event::ItemCreated {
        item: Box::new(item.clone()),
        origin: Box::new(origin),
    })?;
    let spent = w.record_with_cause(
        Event::CoinsSpent {
            coins: paid,
            from: holder.clone(),
            change,
        },
        Some(created.seq),
    )?;
    let slower = before.slower(&mut w).await?;
    let purse = w.treasury().await?.row(&row);
    w.commit().await?;
    Ok(Bought {
        list: list.to_string(),
        goods: goods.id.clone(),
        count,
        pieces,
        price,
        paid,
        change,
        character: buyer.name,
        purse,
        item,
        events: vec![created, spent],
        slower,
    })
}
