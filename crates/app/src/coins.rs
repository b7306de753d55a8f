//! `hoard coins add|spend|move|show`, `hoard share`, `hoard stash`: the party's money — its
//! pool, each character's purse, named places — and items left at places. Each command is one
//! transaction; a refusal is data ([`Refusal`]) that the command line puts into words.

use std::collections::BTreeMap;

use serde::Serialize;

use super::encumbrance::{Before, Slower};
use crate::ctx::Ctx;
use crate::error::{Error, Problem, Result};
use crate::ledger::treasury::{Holder, Portion, Received, Sold, Treasury, share_out};
use crate::ledger::{Event, Item, Recorded};
use crate::party::{session_for, sharers};
use crate::refusal::coins::Refusal;
use crate::rules;
use crate::rules::character::check_name;
use crate::rules::coins::{Coins, Denomination};
use crate::rules::exchange::Unexchangeable;
use crate::rules::party::{Division, Spoils, counted};
use crate::rules::sale::{self, Market};
use crate::rules::share::Share;
use crate::store;
use crate::write::Write;

/// A holder as the referee names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Whose {
    Pool,
    Character(String),
    Place(String),
}

/// The coins a command moved, what the holders it touched have now, and who of them the
/// coins left slower.
#[derive(Debug, Serialize)]
pub struct Moved {
    pub event: Recorded,
    pub balances: Vec<Balance>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub slower: Vec<Slower>,
}

#[derive(Debug, Serialize)]
pub struct Balance {
    #[serde(flatten)]
    pub holder: Holder,
    pub coins: Coins,
}

/// The holder the referee named. A place keeps the spelling it was first given: named again in
/// any case, it is the same place.
pub(super) async fn holder(w: &mut Write<'_>, whose: &Whose) -> Result<Holder> {
    Ok(match whose {
        Whose::Pool => Holder::Pool,
        Whose::Character(name) => {
            let c = w.character(name).await?;
            Holder::Character {
                id: c.id,
                name: c.name,
            }
        }
        Whose::Place(name) => Holder::Place {
            name: place(w, name).await?,
        },
    })
}

/// A place by name: the spelling it was first given, if it was named before in any case.
async fn place(w: &mut Write<'_>, name: &str) -> Result<String> {
    let name = check_name("place", name)?;
    let known = places(w).await?;
    Ok(known
        .into_iter()
        .find(|p| p.to_lowercase() == name.to_lowercase())
        .unwrap_or(name))
}

/// Every place named so far: where coins are or were, and where items were left.
async fn places(w: &mut Write<'_>) -> Result<Vec<String>> {
    let mut names: Vec<String> = w.treasury().await?.places.keys().cloned().collect();
    let campaign = w.campaign;
    for item in store::items::at_places(w.conn(), campaign).await? {
        names.extend(item.place);
    }
    Ok(names)
}

/// Record one coin event and commit; say what the holders it touched have now, and which
/// characters among them it left slower.
async fn record(mut w: Write<'_>, event: Event, touched: Vec<Holder>) -> Result<Moved> {
    let characters: Vec<&str> = touched
        .iter()
        .filter_map(|h| match h {
            Holder::Character { id, .. } => Some(id.as_str()),
            _ => None,
        })
        .collect();
    let before = Before::weigh(&mut w, &characters).await?;
    let event = w.record(event)?;
    let slower = before.slower(&mut w).await?;
    let balances = touched
        .into_iter()
        .map(|holder| Balance {
            coins: w
                .state
                .treasury
                .as_ref()
                .map(|t| t.row(&w.state.row_of(&holder)))
                .unwrap_or_default(),
            holder,
        })
        .collect();
    w.commit().await?;
    Ok(Moved {
        event,
        balances,
        slower,
    })
}

/// Refuse taking `coins` from `from` if it lacks any of them (the pool is the one of the
/// session the command records in).
async fn take(w: &mut Write<'_>, from: &Holder, coins: &Coins) -> Result<()> {
    w.session()?;
    let row = w.state.row_of(from);
    let has = w.treasury().await?.row(&row);
    match has.checked_sub(coins) {
        Some(_) => Ok(()),
        None => Err(Refusal::Lacks {
            holder: from.clone(),
            has,
            wants: *coins,
        }
        .into()),
    }
}

/// What `coins add` did, and the session whose experience the coins count toward: the one
/// named, else the one open; none when neither is.
#[derive(Debug, Serialize)]
pub struct CoinsIn {
    #[serde(flatten)]
    pub moved: Moved,
    pub session: Option<u32>,
}

/// `coins add [--session N]`: coins come to the pool, a purse or a place, brought back in the
/// session open or in session `session` (which must exist; ended is fine).
pub async fn add(cx: &mut Ctx, coins: Coins, to: Whose, session: Option<u32>) -> Result<CoinsIn> {
    let mut w = cx.write().await?;
    w.treasury().await?;
    let to = holder(&mut w, &to).await?;
    let (counts, named) = brought_back_in(&mut w, session).await?;
    let event = Event::CoinsAdded {
        coins,
        to: to.clone(),
        session: named,
    };
    let moved = record(w, event, vec![to]).await?;
    Ok(CoinsIn {
        moved,
        session: counts,
    })
}

/// `sell ITEM… [--for AMOUNT] [--to C | --at PLACE]`: the items leave play and their price
/// comes into the party's pool (or a purse, or a place): by default each item's worth at its
/// market's fraction (`campaign set sell-fraction`), or `asked` for all of them. One event.
/// The coins are no treasure brought back: experience for treasure counted the items when
/// found.
pub async fn sell(cx: &mut Ctx, keys: &[String], asked: Option<Coins>, to: Whose) -> Result<Moved> {
    let mut w = cx.write().await?;
    w.treasury().await?;
    let to = holder(&mut w, &to).await?;
    let (mut items, mut price) = (Vec::new(), Coins::default());
    for key in keys {
        let item = w.item(key).await?;
        if items.iter().any(|s: &Sold| s.item == item.id) {
            return Err(Refusal::SoldTwice { item: item.names() }.into());
        }
        let market = Market::of(&item);
        // Experience may count a sale's price (`xp-from sold`), which magic items never earn:
        // one sale is all magic items or none.
        if let Some(first) = items
            .first()
            .filter(|s: &&Sold| (s.market == Market::Magic) != (market == Market::Magic))
        {
            return Err(Refusal::MixedSale {
                item: item.names(),
                first: first.name.clone(),
            }
            .into());
        }
        let percent = w.state.campaign.settings.sell_percent(market);
        let offer = sale::offer(&item, percent, asked.is_some()).map_err(|u| match u {
            sale::Unsaleable::Custody(refused) => Error::from(refused),
            sale::Unsaleable::Unpriced(item) => Refusal::Unpriced { item }.into(),
        })?;
        if let Some(offer) = offer {
            // A sum past a holder's limit is refused by the ledger, as coins added would be; one
            // past `i64` (beyond any sale of valuables within their limit) stays past it.
            let past = Coins::of(Denomination::Gp, i64::MAX);
            price = price.checked_add(&offer, i64::MAX).unwrap_or(past);
        }
        items.push(Sold {
            item: item.id.clone(),
            name: item.name.clone(),
            name_fr: item.name_fr.clone(),
            from: item.holder.clone(),
            place: item.place.clone(),
            market,
            percent: asked.is_none().then_some(percent),
        });
    }
    let price = asked.unwrap_or(price);
    let event = Event::ItemsSold {
        items,
        price,
        to: to.clone(),
    };
    record(w, event, vec![to]).await
}

/// `exchange AMOUNT --for COIN [--from C | --at PLACE]`: coins of the pool (or a purse, or a
/// place) changed at the rates, less the campaign's `exchange-fee`; what does not convert
/// exactly stays. One event.
pub async fn exchange(
    cx: &mut Ctx,
    offered: Coins,
    into: Denomination,
    from: Whose,
) -> Result<Moved> {
    let mut w = cx.write().await?;
    w.treasury().await?;
    let holder = holder(&mut w, &from).await?;
    let fee = w.state.campaign.settings.exchange_fee.unwrap_or(0);
    let done = rules::exchange::exchange(&offered, into, fee).map_err(|u| match u {
        Unexchangeable::SameCoin { coin } => Refusal::SameCoin { coin },
        Unexchangeable::TooFew { coin } => Refusal::TooFewToChange { coin },
    })?;
    take(&mut w, &holder, &offered).await?;
    let event = Event::CoinsExchanged {
        holder: holder.clone(),
        taken: done.taken,
        into,
        fee,
        received: done.received,
    };
    record(w, event, vec![holder]).await
}

/// The session treasure comes back in — `--session`'s (it must exist), else the one open —
/// and the number the event names: none when it is the one open, which stamps it already.
async fn brought_back_in(
    w: &mut Write<'_>,
    given: Option<u32>,
) -> Result<(Option<u32>, Option<u32>)> {
    let open = w.session()?;
    match given {
        Some(n) => {
            session_for(w, Some(n)).await?;
            Ok((Some(n), (open != Some(n)).then_some(n)))
        }
        None => Ok((open, None)),
    }
}

/// `coins spend`: coins leave the campaign, refused if the holder lacks any of them.
pub async fn spend(cx: &mut Ctx, coins: Coins, from: Whose) -> Result<Moved> {
    let mut w = cx.write().await?;
    w.treasury().await?;
    let from = holder(&mut w, &from).await?;
    take(&mut w, &from, &coins).await?;
    let event = Event::CoinsSpent {
        change: Coins::default(),
        coins,
        from: from.clone(),
    };
    record(w, event, vec![from]).await
}

/// `coins move`: from one holder to another.
pub async fn move_coins(cx: &mut Ctx, coins: Coins, from: Whose, to: Whose) -> Result<Moved> {
    let mut w = cx.write().await?;
    w.treasury().await?;
    let from = holder(&mut w, &from).await?;
    let to = holder(&mut w, &to).await?;
    if from == to {
        return Err(Refusal::SameHolder { holder: from }.into());
    }
    take(&mut w, &from, &coins).await?;
    let event = Event::CoinsMoved {
        coins,
        from: from.clone(),
        to: to.clone(),
    };
    record(w, event, vec![from, to]).await
}

/// What `coins show` shows.
#[derive(Debug, Serialize)]
pub struct Balances {
    pub pool: Coins,
    /// The pools of expeditions under way (sessions with a roster), by session.
    pub expeditions: BTreeMap<u32, Coins>,
    pub purses: Vec<Purse>,
    pub places: Vec<Place>,
    /// Every coin that came into the campaign, and every coin spent.
    pub added: Coins,
    pub spent: Coins,
}

#[derive(Debug, Serialize)]
pub struct Purse {
    pub character: String,
    pub share: Share,
    pub coins: Coins,
}

#[derive(Debug, Serialize)]
pub struct Place {
    pub place: String,
    pub coins: Coins,
    /// Items left there (`stash`).
    #[serde(skip)]
    pub items: Vec<Item>,
}

/// `coins show`: every holder's coins, and the items left at each place.
pub async fn show(cx: &mut Ctx) -> Result<Balances> {
    let campaign = cx.campaign().await?.id;
    let t = store::coins::load(cx.conn(), campaign).await?;
    let characters = store::characters::list(cx.conn(), campaign).await?;
    let purses = characters
        .into_iter()
        .map(|c| Purse {
            coins: t.purses.get(&c.id).copied().unwrap_or_default(),
            character: c.name,
            share: c.share,
        })
        .collect();
    let mut places: BTreeMap<String, Place> = t
        .places
        .iter()
        .map(|(name, coins)| {
            let place = Place {
                place: name.clone(),
                coins: *coins,
                items: Vec::new(),
            };
            (name.clone(), place)
        })
        .collect();
    for item in store::items::at_places(cx.conn(), campaign).await? {
        let Some(name) = item.place.clone() else {
            continue;
        };
        places
            .entry(name.clone())
            .or_insert_with(|| Place {
                place: name,
                coins: Coins::default(),
                items: Vec::new(),
            })
            .items
            .push(item);
    }
    Ok(Balances {
        pool: t.pool,
        expeditions: t
            .expeditions
            .iter()
            .filter(|(_, c)| !c.is_zero())
            .map(|(n, c)| (*n, *c))
            .collect(),
        purses,
        places: places.into_values().collect(),
        added: t.added,
        spent: t.spent,
    })
}

/// Every purse, by character id (`character list`).
pub async fn purses(cx: &mut Ctx) -> Result<BTreeMap<crate::ledger::Id, Coins>> {
    let campaign = cx.campaign().await?.id;
    Ok(store::coins::load(cx.conn(), campaign).await?.purses)
}

/// What a share-out did, and who of the party their portion left slower.
#[derive(Debug, Serialize)]
pub struct Shared {
    pub session: Option<u32>,
    pub portions: Vec<Portion>,
    pub remainder: Coins,
    pub event: Recorded,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub slower: Vec<Slower>,
}

/// `share [--session N] [--items [--worth ITEM=AMOUNT]…]`: the pool split among the party by
/// the book's division (`rules::party`), denomination by denomination; under `--items`
/// (`items` is then `Some`), with the items each received since their last share-out counted
/// against their portion (`rules::loot`), at the worth the party believes each has or, for
/// those `--worth` names, the worth it agreed. What is not paid stays in the pool.
pub async fn share(
    cx: &mut Ctx,
    session: Option<u32>,
    items: Option<&[(String, Coins)]>,
) -> Result<Shared> {
    let mut w = cx.write().await?;
    let session = session_for(&mut w, session).await?;
    w.about(session).await?;
    let pool_row = w.state.pool_row();
    let pool = w.treasury().await?.row(&pool_row);
    if pool.is_zero() {
        return Err(Refusal::EmptyPool.into());
    }
    let sharers = sharers(&mut w, Spoils::Treasure, session).await?;
    if sharers.is_empty() {
        return Err(Refusal::NoSharers.into());
    }
    let received = match items {
        Some(agreed) => {
            let mut received = crate::received::since_last_share(&mut w, &sharers).await?;
            agree(&mut w, &mut received, agreed).await?;
            received
        }
        None => vec![Vec::new(); sharers.len()],
    };
    let mut portions: Vec<Portion> = sharers
        .into_iter()
        .zip(received)
        .map(|(c, items)| Portion {
            character: c.id,
            name: c.name,
            share: c.share,
            coins: Coins::default(),
            items,
        })
        .collect();
    let division = Division::Shares;
    // Nothing to pay, or items worth past the campaign's count of coins: too little to share.
    let paid = share_out(&pool, &portions, division).filter(|(s, _)| !s.iter().all(Coins::is_zero));
    let Some((split, remainder)) = paid else {
        let shares: Vec<Share> = portions.iter().map(|p| p.share).collect();
        let shares = Share(counted(&shares, division));
        return Err(Refusal::TooLittle { pool, shares }.into());
    };
    for (p, coins) in portions.iter_mut().zip(split) {
        p.coins = coins;
    }
    let paid: Vec<&str> = portions.iter().map(|p| p.character.as_str()).collect();
    let before = Before::weigh(&mut w, &paid).await?;
    let event = w.record(Event::CoinsShared {
        session,
        portions: portions.clone(),
        remainder,
        division,
    })?;
    let slower = before.slower(&mut w).await?;
    w.commit().await?;
    Ok(Shared {
        session,
        portions,
        remainder,
        event,
        slower,
    })
}

/// The worths the party agreed (`--worth ITEM=AMOUNT`), each set on the item counted: one
/// that is not counted, or named twice, is refused.
async fn agree(
    w: &mut Write<'_>,
    received: &mut [Vec<Received>],
    agreed: &[(String, Coins)],
) -> Result<()> {
    let campaign = w.campaign;
    for (key, worth) in agreed {
        let item = crate::lookup::item(w.conn(), campaign, key).await?;
        let counted = received.iter_mut().flatten().find(|r| r.item == item.id);
        let Some(counted) = counted else {
            return Err(Refusal::NotCounted { item: item.names() }.into());
        };
        if counted.agreed.is_some() {
            return Err(Refusal::AgreedTwice { item: item.names() }.into());
        }
        if worth.copper() > rules::limits::VALUE_COPPER {
            let limit = rules::limits::VALUE_GP;
            return Err(Refusal::AgreedPastLimit {
                item: item.names(),
                limit,
            }
            .into());
        }
        counted.agreed = Some(*worth);
    }
    Ok(())
}

/// `stash ITEM --at PLACE`: an item left at a place, out of anyone's hands (a sword in control
/// lets go of the one who left it).
pub async fn stash(cx: &mut Ctx, key: &str, place_name: &str) -> Result<Vec<Recorded>> {
    let mut dice = cx.dice();
    let mut w = cx.write().await?;
    let item = w.item(key).await?;
    // What can be neither given nor dropped cannot be left anywhere either; from the party's
    // treasure, though, it goes like any other.
    match rules::custody::can_pass(&item, None) {
        Err(rules::custody::Refusal::InTreasure { .. }) | Ok(()) => {}
        Err(refused) => return Err(refused.into()),
    }
    let name = place(&mut w, place_name).await?;
    if item.place.as_ref() == Some(&name) {
        return Err(Refusal::AlreadyThere {
            item: item.names(),
            place: name,
        }
        .into());
    }
    let from = match &item.holder {
        Some(id) => Some(w.character_by_id(id).await?),
        None => None,
    };
    let stashed = w.record(Event::ItemStashed {
        item: item.id.clone(),
        item_name: item.name.clone(),
        item_name_fr: item.name_fr.clone(),
        from: item.holder.clone(),
        place: name,
    })?;
    let takes = crate::custody::Handling::Takes { read: false };
    super::custody::handed_over(
        &mut w,
        &item,
        from.as_ref(),
        None,
        takes,
        stashed.seq,
        &mut dice,
    )
    .await?;
    w.commit().await
}

/// `valuable add NAME --value V [--kind K] [--to C | --at PLACE]`: a gem, jewelry, art: an item
/// worth its value, whose worth its holders learn by appraisal.
pub async fn add_valuable(
    cx: &mut Ctx,
    name: &str,
    value: Coins,
    kind: &str,
    whose: Whose,
    session: Option<u32>,
) -> Result<(super::item::Added, Option<u32>)> {
    let name = check_name("item", name)?;
    let seed = cx.seed;
    let mut w = cx.write().await?;
    let identity = rules::item::Identity {
        kind: Some(kind.to_string()),
        value: Some(value),
        ..Default::default()
    };
    let id = w.new_id();
    let mut item = Item::new(
        id,
        name.clone(),
        name,
        rules::item::Category::Valuable,
        identity,
    );
    let holder = match whose {
        Whose::Character(name) => Some(w.character(&name).await?),
        Whose::Place(name) => {
            item.place = Some(place(&mut w, &name).await?);
            None
        }
        Whose::Pool => None,
    };
    item.holder = holder.as_ref().map(|c| c.id.clone());
    let (counts, named) = brought_back_in(&mut w, session).await?;
    let added = super::item::record_by_hand(w, item, holder, seed, named).await?;
    Ok((added, counts))
}

/// `valuable damage ITEM`: a piece of jewellery or art damaged by rough treatment, worth half
/// from now on (`rules::treasure::damaged`). One `valuable_damaged` event.
pub async fn damage_valuable(cx: &mut Ctx, key: &str) -> Result<Recorded> {
    let mut w = cx.write().await?;
    let item = w.item(key).await?;
    let now = rules::treasure::damaged(&item).map_err(|refusal| {
        Error::Refused(
            Problem::Damage {
                item: item.name.clone(),
                refusal,
            }
            .into(),
        )
    })?;
    let rec = w.record(Event::ValuableDamaged {
        item: item.id.clone(),
        item_name: item.name.clone(),
        item_name_fr: item.name_fr.clone(),
        was: item.identity.value.unwrap_or_default(),
        now,
    })?;
    w.commit().await?;
    Ok(rec)
}

/// What `check` finds wrong with the coins, as data (`view::words::check` words it).
#[derive(Debug, Serialize)]
#[serde(tag = "discrepancy", rename_all = "snake_case")]
pub enum Discrepancy {
    /// By the ledger's replay, the coins held are not those added less those spent.
    Unbalanced {
        held: Option<Coins>,
        added: Coins,
        spent: Coins,
    },
    /// A row of coins differs from the replay's; `owner` names a purse's character.
    Differs {
        row: crate::ledger::treasury::CoinRow,
        owner: Option<String>,
        database: Coins,
        ledger: Coins,
    },
}

/// `check`'s part: the stored coins are those the ledger's replay builds, row by row (the
/// stored ones are held to the balance with the other invariants; the replay's are here).
pub(super) fn check(
    stored: &crate::ledger::State,
    replayed: &crate::ledger::State,
    invariants: &mut Vec<Discrepancy>,
    differences: &mut Vec<Discrepancy>,
) {
    use crate::ledger::treasury::CoinRow;
    let empty = Treasury::default();
    let (s, r) = (
        stored.treasury.as_ref().unwrap_or(&empty),
        replayed.treasury.as_ref().unwrap_or(&empty),
    );
    if !r.balances() {
        invariants.push(Discrepancy::Unbalanced {
            held: r.held(),
            added: r.added,
            spent: r.spent,
        });
    }
    let (rows_s, rows_r) = (s.rows(), r.rows());
    let keys: std::collections::BTreeSet<&CoinRow> = rows_s.keys().chain(rows_r.keys()).collect();
    for row in keys {
        let (database, ledger) = (s.row(row), r.row(row));
        if database != ledger {
            let owner = match row {
                CoinRow::Purse(id) => stored.characters.get(id).map(|c| c.name.clone()),
                _ => None,
            };
            differences.push(Discrepancy::Differs {
                row: row.clone(),
                owner,
                database,
                ledger,
            });
        }
    }
}
