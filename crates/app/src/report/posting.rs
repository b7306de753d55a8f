//! `hoard report session N --markdown` and the top of `/chronicle/N`: the summary of one
//! session a referee posts to the group — who went, what was found (alike things together,
//! with their known worth), what was sold and for how much, who received what, what was left
//! where, the coins each spent (goods, living, training), XP and levels, what was identified and used up, who fell and who was raised. It is
//! drawn from the chronicle (`app::chronicle`, the one place deciding what the table saw and
//! how it names items), so it is player-safe unless the referee asks for the truth.

use serde::Serialize;

use crate::chronicle::{Entry, Gained, Purse, Seen, Told};
use crate::ctx::Ctx;
use crate::error::Result;
use crate::ledger::Session;
use crate::rules::coins::Coins;
use crate::rules::knowledge::Revealed as Item;
use crate::rules::limits;

/// One session, summed up for posting.
#[derive(Debug, Serialize)]
pub struct Posting {
    pub session: Session,
    /// Whether this is the referee's truth (true names, secrets told) rather than the table's.
    pub truth: bool,
    /// Who went: the roster, or for a session without one the characters its events name.
    pub went: Vec<String>,
    /// The coins brought back (`app::books::brought_back`).
    pub coins: Coins,
    /// The items found, as the party knows them (or by their true names), alike ones together.
    pub found: Vec<Alike>,
    /// What was sold, and what it fetched.
    pub sold: Vec<Sale>,
    /// The items each character received (handed over, claims settled), in order.
    pub received: Vec<(String, Vec<Alike>)>,
    /// What was left at a place, by place.
    pub left: Vec<(String, Vec<Alike>)>,
    /// Each character's portion of the share-outs that pay the session.
    pub split: Vec<(String, Coins)>,
    /// The coins each character spent from their purse: goods bought, living and training
    /// costs charged (`app::upkeep`).
    pub spent: Vec<(String, Coins)>,
    /// The wages each employer paid each retainer, and the copper pieces they could not pay.
    pub wages: Vec<Wages>,
    /// The living and training costs each character owes at the session's last charge, in
    /// copper pieces.
    pub owed: Vec<(String, i64)>,
    /// Each character's experience for the session, and the level it brought them to.
    pub experience: Vec<Gained>,
    /// The items someone learnt what they are, alike ones together.
    pub identified: Vec<Alike>,
    pub used: Vec<Used>,
    /// Who died.
    pub fallen: Vec<String>,
    /// Who was raised from the dead.
    pub raised: Vec<String>,
}

/// A retainer's wages over the session: paid by their employer, and owed them (copper).
#[derive(Debug, Serialize)]
pub struct Wages {
    pub employer: String,
    pub retainer: String,
    pub paid: Coins,
    pub owed: i64,
}

/// An item used up, or some of it: how, and by whom.
#[derive(Debug, Serialize)]
#[serde(tag = "how", rename_all = "snake_case")]
pub enum Used {
    Drunk {
        who: String,
        item: Item,
    },
    RubbedOn {
        who: String,
        item: Item,
    },
    /// A protection scroll read, or a spell cast or copied from a scroll.
    Read {
        who: String,
        item: Item,
    },
    /// A scroll that faded as it was read (the truth only).
    Faded {
        who: String,
        item: Item,
    },
    Charges {
        who: String,
        item: Item,
        charges: u32,
    },
    /// Supplies used up on the clock (torches, oil, rations), with the pieces of each.
    Supplies {
        who: String,
        used: Vec<(Item, u32)>,
    },
}

/// Alike things together: those known by the same name, how many, and what the known worth of
/// those whose worth is known comes to (a pile of 113 gems is one line, not 113).
#[derive(Debug, Serialize)]
pub struct Alike {
    /// The first of them, as known.
    pub item: Item,
    pub count: u32,
    /// The known worth of those whose worth is known (`None`: none's).
    pub worth: Option<Coins>,
    /// How many of them have a known worth.
    pub valued: u32,
}

/// A sale: the things sold, alike ones together, and the coins they fetched.
#[derive(Debug, Serialize)]
pub struct Sale {
    pub items: Vec<Alike>,
    pub coins: Coins,
}

/// `item` added to `piles`: on the pile of its alikes (the same name as known), else a new one.
fn pile(piles: &mut Vec<Alike>, item: Item) {
    let worth = item.item.identity.value;
    match piles.iter_mut().find(|p| p.item.name == item.name) {
        Some(p) => {
            p.count = p.count.saturating_add(1);
            if let Some(w) = worth {
                p.valued = p.valued.saturating_add(1);
                p.worth = Some(match p.worth {
                    Some(had) => had.checked_add(&w, limits::COINS_COUNTED).unwrap_or(had),
                    None => w,
                });
            }
        }
        None => piles.push(Alike {
            count: 1,
            valued: u32::from(worth.is_some()),
            worth,
            item,
        }),
    }
}

/// `item` added to `owner`'s piles in `by` (a character's, a place's), owners in order.
fn pile_for(by: &mut Vec<(String, Vec<Alike>)>, owner: String, item: Item) {
    match by.iter_mut().find(|(o, _)| *o == owner) {
        Some((_, piles)) => pile(piles, item),
        None => {
            let mut piles = Vec::new();
            pile(&mut piles, item);
            by.push((owner, piles));
        }
    }
}

/// Items as piles of alikes, in the order each pile's first came (a posting's lists, a
/// personal page's loot).
pub fn piles(items: Vec<Item>) -> Vec<Alike> {
    let mut piles = Vec::new();
    items.into_iter().for_each(|i| pile(&mut piles, i));
    piles
}

/// Session `number` summed up: as the table saw it, or with `truth` as the referee knows it.
pub async fn posting(cx: &mut Ctx, number: u32, truth: bool) -> Result<Posting> {
    let told = crate::chronicle::session(cx, number, truth).await?;
    summed(cx, &told, truth).await
}

/// A session as told (`app::chronicle::session`, with `truth` or not) summed up, with the
/// coins it brought back.
pub async fn summed(cx: &mut Ctx, told: &Told, truth: bool) -> Result<Posting> {
    let number = told.session.number;
    let campaign = cx.campaign().await?;
    let counted = campaign.campaign.settings.xp_from.unwrap_or_default();
    let treasure = crate::books::brought_back(cx.conn(), campaign.id, number, counted).await?;
    let mut posting = Posting {
        went: told.session.with.iter().map(|m| m.name.clone()).collect(),
        session: told.session.clone(),
        truth,
        coins: treasure.coins,
        found: Vec::new(),
        sold: Vec::new(),
        received: Vec::new(),
        left: Vec::new(),
        split: Vec::new(),
        spent: Vec::new(),
        wages: Vec::new(),
        owed: Vec::new(),
        experience: Vec::new(),
        identified: Vec::new(),
        used: Vec::new(),
        fallen: Vec::new(),
        raised: Vec::new(),
    };
    let roster = !posting.went.is_empty();
    for entry in told.entries.iter().cloned() {
        if !roster {
            named(&entry)
                .into_iter()
                .for_each(|n| add(&mut posting.went, n));
        }
        posting.take(entry);
    }
    Ok(posting)
}

impl Posting {
    /// What one seen event adds to the summary.
    fn take(&mut self, entry: Entry) {
        match entry.seen {
            Seen::Found { item } => pile(&mut self.found, item),
            Seen::Sold { items, coins, .. } => self.sold.push(Sale {
                items: piles(items),
                coins,
            }),
            Seen::Passed {
                item,
                to: Some(who),
                ..
            } => pile_for(&mut self.received, who, item),
            Seen::Stashed { item, place } => pile_for(&mut self.left, place, item),
            Seen::Shared { portions, .. } => {
                for (who, coins) in portions {
                    share(&mut self.split, who, coins);
                }
            }
            // What left the purse: the coins paid less the change they brought back.
            Seen::Spent {
                coins,
                from: Purse::Character(who),
                change,
                ..
            } => match change.is_zero() {
                true => share(&mut self.spent, who, coins),
                false => {
                    let net = Coins::counted(coins.copper() - change.copper());
                    share(&mut self.spent, who, net)
                }
            },
            Seen::Wages {
                employer,
                retainer,
                paid,
                owed,
            } => self.wages_paid(employer, retainer, paid, owed),
            Seen::Owed { who, owed } => match self.owed.iter().position(|(w, _)| *w == who) {
                Some(at) if owed == 0 => {
                    self.owed.remove(at);
                }
                Some(at) => self.owed[at].1 = owed,
                None if owed > 0 => self.owed.push((who, owed)),
                None => {}
            },
            Seen::Experience { session, gains } if session == self.session.number => {
                gains
                    .into_iter()
                    .for_each(|g| gain(&mut self.experience, g));
            }
            Seen::Identify {
                item,
                learned: true,
                ..
            } => pile(&mut self.identified, item),
            Seen::Drank {
                who,
                item,
                oil: false,
            } => self.used.push(Used::Drunk { who, item }),
            Seen::Drank { who, item, .. } => self.used.push(Used::RubbedOn { who, item }),
            Seen::Read { who, item } | Seen::Cast { who, item, .. } => {
                self.used.push(Used::Read { who, item })
            }
            Seen::Faded { who, item } => self.used.push(Used::Faded { who, item }),
            Seen::Supplies { who, used } => self.used.push(Used::Supplies { who, used }),
            Seen::Charges {
                who, item, charges, ..
            } => self.used.push(Used::Charges { who, item, charges }),
            Seen::Wounded {
                who, dead: true, ..
            } => add(&mut self.fallen, who),
            Seen::Raised { who, raised: true } => add(&mut self.raised, who),
            _ => {}
        }
    }
}

impl Posting {
    /// Wages paid and owed added to what the employer paid that retainer in the session.
    fn wages_paid(&mut self, employer: String, retainer: String, paid: Coins, owed: i64) {
        let same = |w: &&mut Wages| w.employer == employer && w.retainer == retainer;
        match self.wages.iter_mut().find(same) {
            Some(w) => {
                if let Ok(sum) = w.paid.checked_add(&paid, limits::COINS_COUNTED) {
                    w.paid = sum;
                }
                w.owed = w.owed.saturating_add(owed);
            }
            None => self.wages.push(Wages {
                employer,
                retainer,
                paid,
                owed,
            }),
        }
    }
}

/// `name` added to `names` unless already there.
fn add(names: &mut Vec<String>, name: String) {
    if !names.contains(&name) {
        names.push(name);
    }
}

/// `coins` added to `who`'s sum (a share-out's portion, coins spent; past the ledger's limit
/// the first kept).
fn share(split: &mut Vec<(String, Coins)>, who: String, coins: Coins) {
    match split.iter_mut().find(|(w, _)| *w == who) {
        Some((_, had)) => {
            if let Ok(sum) = had.checked_add(&coins, limits::COINS_COUNTED) {
                *had = sum;
            }
        }
        None => split.push((who, coins)),
    }
}

/// `g` added to what its character gained, the level the latest award reached kept.
fn gain(experience: &mut Vec<Gained>, g: Gained) {
    match experience.iter_mut().find(|e| e.who == g.who) {
        Some(e) => {
            e.xp = e.xp.saturating_add(g.xp);
            e.level = g.level.or(e.level);
        }
        None => experience.push(g),
    }
}

/// The characters a seen event names.
fn named(entry: &Entry) -> Vec<String> {
    match &entry.seen {
        Seen::Coins {
            to: Purse::Character(who),
            ..
        }
        | Seen::Joined { who }
        | Seen::Wounded { who, .. }
        | Seen::Healed { who, .. }
        | Seen::Raised { who, .. }
        | Seen::Read { who, .. }
        | Seen::Cast { who, .. }
        | Seen::Faded { who, .. }
        | Seen::Supplies { who, .. }
        | Seen::Drank { who, .. }
        | Seen::Charges { who, .. }
        | Seen::Identify { who, .. }
        | Seen::Worn { who, .. }
        | Seen::Owed { who, .. }
        | Seen::Passed { to: Some(who), .. } => vec![who.clone()],
        Seen::Wages {
            employer, retainer, ..
        } => vec![employer.clone(), retainer.clone()],
        Seen::Shared { portions, .. } => portions.iter().map(|(w, _)| w.clone()).collect(),
        Seen::Experience { gains, .. } => gains.iter().map(|g| g.who.clone()).collect(),
        _ => Vec::new(),
    }
}
