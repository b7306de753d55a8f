//! How coin events and awards change the state, and what they must be to stand: coins added,
//! spent, moved, exchanged and shared out, items sold and left at a place, experience awarded
//! onto the characters' sheets. The treasury's rows (`ledger::treasury`) are the data; this is
//! their projector.
//!
//! Like the rest of the ledger, the projector recomputes every sum from the event's inputs and
//! refuses an event the state cannot bear (spending coins that are not there).

use std::collections::BTreeMap;

use crate::Id;
use crate::event::Event;
use crate::names::name_ok;
use crate::refusal::Refusal;
use crate::rules::coins::{Coins, Denomination};
use crate::rules::exchange;
use crate::rules::limits;
use crate::rules::party::{Division, Spoils, split, takes_part};
use crate::rules::sale::{self, Market};
use crate::rules::share::Share;
use crate::rules::xp;
use crate::state::State;
use crate::treasury::{CoinRow, Holder, Sold, Treasury, share_out};

fn check_coins(coins: &Coins) -> Result<(), Refusal> {
    if coins.is_valid() && !coins.is_zero() {
        Ok(())
    } else {
        Err(Refusal::NotCoins)
    }
}

/// A valuable's worth, as found or as an appraiser told it: coins, within the limit.
fn check_value(item: &str, value: &Coins) -> Result<(), Refusal> {
    check_coins(value)?;
    if value.copper() > limits::VALUE_COPPER {
        return Err(Refusal::ValuePastLimit {
            item: item.into(),
            limit: limits::VALUE_GP,
        });
    }
    Ok(())
}

impl State {
    /// Apply a coin event or an award (called by [`State::apply`]).
    pub(super) fn apply_coins(&mut self, event: &Event) -> Result<(), Refusal> {
        match event {
            Event::XpAwarded { .. } => return self.award(event),
            Event::ItemStashed {
                item, from, place, ..
            } => return self.stash(item, from.as_ref(), place),
            _ => {}
        }
        let mut treasury = self.treasury.take().ok_or(Refusal::TreasuryNotLoaded)?;
        let result = self.move_coins(&mut treasury, event);
        self.treasury = Some(treasury);
        result?;
        match event {
            Event::ItemsSold { items, .. } => items.iter().try_for_each(|s| self.sell(s)),
            _ => Ok(()),
        }
    }

    /// An item sold: out of play, from where the sale found it. Like a flask drunk it stays on
    /// its holder's sheet, gone; a place no longer holds it.
    fn sell(&mut self, sold: &Sold) -> Result<(), Refusal> {
        let i = self.item_mut(&sold.item)?;
        if i.holder != sold.from || i.place != sold.place {
            return Err(Refusal::NotWhereTaken {
                item: i.name.clone(),
            });
        }
        i.status = crate::rules::item::Status::Sold;
        i.place = None;
        i.worn = None;
        i.pooled_in = None;
        Ok(())
    }

    /// Treasure said to be brought back in `session` (`--session`): a session that has
    /// started, ended or not.
    pub(super) fn found_in(&self, session: Option<u32>) -> Result<(), Refusal> {
        match session {
            Some(n) if n == 0 || n > self.campaign.last_session => Err(Refusal::SessionNotYet {
                session: n,
                last: self.campaign.last_session,
            }),
            _ => Ok(()),
        }
    }

    /// The pool this event's coins come to or from: its expedition's, in a session with a
    /// roster; else the campaign's.
    pub fn pool_row(&self) -> CoinRow {
        match self.current.and_then(|n| self.sessions.get(&n)) {
            Some(s) if !s.with.is_empty() && s.ended_seq.is_none() => CoinRow::Expedition(s.number),
            _ => CoinRow::Pool,
        }
    }

    /// The row a holder's coins are in, now.
    pub fn row_of(&self, holder: &Holder) -> CoinRow {
        match holder {
            Holder::Pool => self.pool_row(),
            other => other.row(),
        }
    }

    /// An expedition's pool, at its end, joins the campaign's: what it did not share stays
    /// the party's.
    pub(super) fn fold_pool(&mut self, session: u32) -> Result<(), Refusal> {
        let t = self.treasury.as_mut().ok_or(Refusal::TreasuryNotLoaded)?;
        let Some(left) = t.expeditions.remove(&session) else {
            return Ok(());
        };
        t.pool = t
            .pool
            .checked_add(&left, limits::COINS)
            .map_err(|_| Refusal::UnevenShare { pool: left })?;
        self.changed.coins.insert(CoinRow::Expedition(session));
        self.changed.coins.insert(CoinRow::Pool);
        Ok(())
    }

    /// Coins moved from an employer's purse to their retainer's pay what is owed first; a
    /// dismissed retainer paid in full is no longer theirs.
    fn repay(&mut self, from: &Holder, to: &Holder, coins: &Coins) {
        let (Some(payer), Some(payee)) = (from.character(), to.character()) else {
            return;
        };
        let owes = self.characters.get(payee).and_then(|c| c.hire.as_ref());
        if !owes.is_some_and(|h| &h.employer == payer && h.owed > 0) {
            return;
        }
        if let Ok(c) = self.character_mut(payee)
            && let Some(h) = c.hire.as_mut()
        {
            h.owed = (h.owed - coins.copper()).max(0);
            if h.owed == 0 && h.dismissed {
                c.hire = None;
            }
        }
    }

    fn move_coins(&mut self, t: &mut Treasury, event: &Event) -> Result<(), Refusal> {
        // (row, coins in, coins out) for each row the event changes.
        let mut changes: Vec<(CoinRow, Coins, Coins)> = Vec::new();
        match event {
            Event::CoinsAdded { coins, to, session } => {
                self.found_in(*session)?;
                changes.push((self.row_of(to), *coins, Coins::default()));
                changes.push((CoinRow::Added, *coins, Coins::default()));
            }
            Event::CoinsExchanged {
                holder,
                taken,
                received,
                ..
            } => {
                changes.push((self.row_of(holder), *received, *taken));
                changes.push((CoinRow::Spent, *taken, Coins::default()));
                changes.push((CoinRow::Added, *received, Coins::default()));
            }
            Event::ItemsSold { price, to, .. } => {
                changes.push((self.row_of(to), *price, Coins::default()));
                changes.push((CoinRow::Added, *price, Coins::default()));
            }
            Event::CoinsSpent {
                coins,
                from,
                change,
            } => {
                changes.push((self.row_of(from), *change, *coins));
                changes.push((CoinRow::Spent, *coins, Coins::default()));
                changes.push((CoinRow::Added, *change, Coins::default()));
            }
            Event::CoinsMoved { coins, from, to } => {
                if self.row_of(from) == self.row_of(to) {
                    return Err(Refusal::CoinsInPlace);
                }
                changes.push((self.row_of(from), Coins::default(), *coins));
                changes.push((self.row_of(to), *coins, Coins::default()));
                self.repay(from, to, coins);
            }
            Event::WagesPaid {
                character,
                name,
                employer,
                employer_name,
                per,
                times,
                due,
                paid,
                owed,
            } => {
                let unpaid = || Refusal::NotTheWage { name: name.clone() };
                let hire = self
                    .characters
                    .get(character)
                    .and_then(|c| c.hire.as_ref())
                    .filter(|h| !h.dismissed && &h.employer == employer && h.per == *per)
                    .ok_or_else(|| Refusal::NotRetained { name: name.clone() })?;
                let from = Holder::Character {
                    id: employer.clone(),
                    name: employer_name.clone(),
                };
                let purse = t.row(&from.row());
                let rule = crate::rules::wages::pay(&hire.wage, *times, &purse);
                if (rule.due, rule.paid, rule.owed) != (*due, *paid, *owed) || *times == 0 {
                    return Err(unpaid());
                }
                let to = Holder::Character {
                    id: character.clone(),
                    name: name.clone(),
                };
                if !paid.is_zero() {
                    changes.push((from.row(), Coins::default(), *paid));
                    changes.push((to.row(), *paid, Coins::default()));
                }
                if let Some(h) = self.character_mut(character)?.hire.as_mut() {
                    h.owed = h.owed.saturating_add(*owed);
                }
            }
            Event::CoinsShared {
                portions,
                remainder,
                division,
                ..
            } => {
                // The share-out is the rule's split of the pool, by the shares the characters
                // have, among those who take part: anything else (a pool changed by a voided
                // event, a file edited by hand) cannot stand.
                let named = portions.iter().map(|p| (&p.character, p.share));
                self.check_shares(named, Spoils::Treasure, *division, None)?;
                // What was counted against a portion is what its character held then, at a
                // worth agreed (if any) within a valuable's limit.
                for p in portions {
                    for r in &p.items {
                        if let Some(agreed) = &r.agreed {
                            check_value(&r.name, agreed)?;
                        }
                        let held = self.items.get(&r.item).and_then(|i| i.holder.as_ref());
                        if held != Some(&p.character) {
                            return Err(Refusal::NotReceived {
                                item: r.name.clone(),
                                name: p.name.clone(),
                            });
                        }
                    }
                }
                let pool_row = self.pool_row();
                let pool = t.row(&pool_row);
                let (split, rest) =
                    share_out(&pool, portions, *division).ok_or(Refusal::UnevenShare { pool })?;
                let recorded: Vec<Coins> = portions.iter().map(|p| p.coins).collect();
                if split != recorded || rest != *remainder {
                    return Err(Refusal::UnevenShare { pool });
                }
                for p in portions {
                    changes.push((
                        CoinRow::Purse(p.character.clone()),
                        p.coins,
                        Coins::default(),
                    ));
                }
                let paid = pool
                    .checked_sub(remainder)
                    .ok_or(Refusal::UnevenShare { pool })?;
                changes.push((pool_row, Coins::default(), paid));
            }
            _ => return Ok(()),
        }
        // All or nothing: work on copies, then keep them.
        let mut after: BTreeMap<CoinRow, Coins> = BTreeMap::new();
        for (row, gain, loss) in &changes {
            let now = after.get(row).copied().unwrap_or_else(|| t.row(row));
            let then = now
                .checked_sub(loss)
                .ok_or_else(|| lacks(row, &now, loss, self))?
                .checked_add(gain, row.cap())
                .map_err(|d| too_many(row, d, self))?;
            after.insert(row.clone(), then);
        }
        for (row, coins) in after {
            *t.row_mut(&row) = coins;
            self.changed.coins.insert(row);
        }
        Ok(())
    }

    fn check_holder(&self, holder: &Holder) -> Result<(), Refusal> {
        match holder {
            Holder::Pool => Ok(()),
            Holder::Character { id, .. } if self.characters.contains_key(id) => Ok(()),
            Holder::Character { id, .. } => Err(Refusal::NoCharacterForCoins { id: id.clone() }),
            Holder::Place { name } => name_ok("place", name),
        }
    }

    /// A sale as `sell` makes it: items that exist, each once, that may be sold
    /// (`rules::sale::offer`) on their market, magic items apart from valuables; a price within a holder's limit, and — unless the
    /// referee named it for all of them — the sum of each item's worth at the fraction the
    /// campaign sets for its market.
    fn check_sale(&self, items: &[Sold], price: &Coins) -> Result<(), Refusal> {
        if !price.is_valid() {
            return Err(Refusal::NotCoins);
        }
        let asked = items.first().is_some_and(|s| s.percent.is_none());
        let magic = items.first().is_some_and(|s| s.market == Market::Magic);
        let mut total = Some(Coins::default());
        for (n, s) in items.iter().enumerate() {
            let not_a_sale = || Refusal::NotASale {
                item: s.name.clone(),
            };
            let item = self.items.get(&s.item).ok_or_else(not_a_sale)?;
            let percent = self.campaign.settings.sell_percent(s.market);
            let twice = items[..n].iter().any(|o| o.item == s.item);
            let fits = s.market == Market::of(item)
                && (s.market == Market::Magic) == magic
                && s.percent.is_none() == asked
                && s.percent.is_none_or(|p| p == percent);
            if twice || !fits {
                return Err(not_a_sale());
            }
            let offer = sale::offer(item, percent, asked).map_err(|_| not_a_sale())?;
            total = match (total, offer) {
                (Some(t), Some(p)) => t.checked_add(&p, limits::COINS).ok(),
                _ => None,
            };
        }
        match (items.is_empty(), asked, total) {
            (true, _, _) => Err(Refusal::NotCoins),
            (false, true, _) => Ok(()),
            (false, false, Some(t)) if t == *price => Ok(()),
            (false, false, _) => Err(Refusal::NotASale {
                item: items[0].name.clone(),
            }),
        }
    }

    /// An item left at a place, from its holder or the party's treasure.
    fn stash(&mut self, item: &Id, from: Option<&Id>, place: &str) -> Result<(), Refusal> {
        let i = self.item_mut(item)?;
        if i.holder.as_ref() != from {
            return Err(Refusal::NotWhereTaken {
                item: i.name.clone(),
            });
        }
        if i.attached || i.is_gone() {
            return Err(Refusal::CannotBeLeft {
                item: i.name.clone(),
            });
        }
        i.holder = None;
        i.place = Some(place.to_string());
        i.worn = None;
        i.pooled_in = None;
        Ok(())
    }

    /// Each character named in a share-out or an award exists, has the share it says and, by
    /// the book's division, takes part (`rules::party::takes_part`: not the dead, unless their
    /// treasure goes to their heirs). One divided by weight, recorded before hoard followed the
    /// book, paid the dead too, and replays as it was.
    fn check_shares<'a>(
        &self,
        mut named: impl Iterator<Item = (&'a Id, Share)>,
        spoils: Spoils,
        division: Division,
        survived: Option<u32>,
    ) -> Result<(), Refusal> {
        // An award judged at a session's end that has come: those alive then, when this state
        // saw it end (a replay); a live command's award was judged so by the application.
        let ended =
            survived.filter(|n| self.sessions.get(n).is_some_and(|s| s.ended_seq.is_some()));
        let settings = &self.campaign.settings;
        let (death, dead) = (
            settings.death.unwrap_or_default(),
            settings.dead_share.unwrap_or_default(),
        );
        named.try_for_each(|(id, share)| match self.characters.get(id) {
            Some(c) if c.share != share => Err(Refusal::WrongShare {
                name: c.name.clone(),
                share: c.share,
                recorded: share,
            }),
            Some(c) => match ended {
                Some(session) => match self.survivors.get(&session) {
                    Some(alive) if !alive.contains(&c.id) => Err(Refusal::NotASurvivor {
                        name: c.name.clone(),
                        session,
                    }),
                    _ => Ok(()),
                },
                None if division.spares_the_dead() && !takes_part(c, spoils, death, dead) => {
                    Err(Refusal::DeadPaid {
                        name: c.name.clone(),
                    })
                }
                None => Ok(()),
            },
            None => Err(Refusal::NoCharacter { id: id.clone() }),
        })
    }

    /// Experience lands on each sheet: the XP kept, and the level reached. The award must be
    /// the rules' own arithmetic on the sheets as they stand (`rules::xp`): the treasure's XP
    /// from its value, the total split by shares, each part adjusted and limited.
    fn award(&mut self, event: &Event) -> Result<(), Refusal> {
        let Event::XpAwarded {
            session,
            coins,
            valuables,
            treasure,
            monsters,
            total,
            portions,
            division,
            counted,
            sold,
            survivors,
        } = event
        else {
            return Ok(());
        };
        // What it counts is the campaign's rule: the worth found, or what sales realised.
        let rule = self.campaign.settings.xp_from.unwrap_or_default();
        let kept_to_rule = *counted == rule
            && match counted {
                xp::Counted::Found => sold.is_zero(),
                xp::Counted::Sold => valuables.is_empty() && sold.within(limits::COINS_COUNTED),
            };
        if !kept_to_rule {
            return Err(Refusal::XpTotal);
        }
        // The award's limit first, on its own arithmetic, which saturates past it.
        let worth = xp::treasure_copper(coins, valuables.iter().map(|v| &v.value).chain([sold]));
        let all = xp::for_treasure(worth).saturating_add(*monsters);
        if all > limits::XP {
            return Err(Refusal::AwardPastLimit {
                xp: all,
                limit: limits::XP,
            });
        }
        let fits = coins.within(limits::COINS_COUNTED)
            && valuables.iter().all(|v| v.value.is_valid())
            && xp::for_treasure(worth) == *treasure
            && (0..=limits::XP).contains(monsters)
            && all == *total;
        if !fits {
            return Err(Refusal::XpTotal);
        }
        let named = portions.iter().map(|p| (&p.character, p.share));
        let judged = survivors.then_some(*session);
        self.check_shares(named, Spoils::Experience, *division, judged)?;
        let shares: Vec<Share> = portions.iter().map(|p| p.share).collect();
        let (bases, _) = split(*total, &shares, *division);
        for (p, base) in portions.iter().zip(bases) {
            let c = self.character_mut(&p.character)?;
            if p.gain != xp::gain(c, base) {
                return Err(Refusal::XpPart {
                    name: c.name.clone(),
                    base,
                });
            }
            if p.gain.xp > limits::XP {
                return Err(Refusal::XpPastLimit {
                    name: c.name.clone(),
                    xp: p.gain.xp,
                    limit: limits::XP,
                });
            }
            c.xp = p.gain.xp;
            if let Some(level) = p.gain.level {
                c.level = level;
            }
        }
        Ok(())
    }
}

/// The sheet's fields that bear on treasure and experience hold what a sheet may: INT, DEX,
/// CON and CHA from 3 to 18, XP from 0 to the limit, a share from 0 to 10.
pub(crate) fn sheet_ok(c: &crate::Character) -> bool {
    fields_ok([c.int, c.dex, c.con, c.cha], Some(c.xp), Some(c.share))
}

/// Those fields, each when given.
fn fields_ok(abilities: [Option<u8>; 4], xp: Option<i64>, share: Option<Share>) -> bool {
    let ability = |s: Option<u8>| {
        s.is_none_or(|s| crate::rules::character::ABILITY_RANGE.contains(&i64::from(s)))
    };
    abilities.into_iter().all(ability)
        && xp.is_none_or(|xp| (0..=limits::XP).contains(&xp))
        && share.is_none_or(|s| s <= Share::MAX)
}

impl State {
    /// Whether an event of the treasury, or the part of another that bears on it, could have
    /// been recorded now (see `ledger::admit`): amounts of coins, holders that exist, places
    /// named as a referee names them, sheets and valuables in range.
    pub(crate) fn admit_treasury(&self, event: &Event) -> Result<(), Refusal> {
        let out_of_range = |name: &str| Refusal::SheetOutOfRange { name: name.into() };
        match event {
            Event::CoinsAdded { coins, to: h, .. } => {
                check_coins(coins)?;
                self.check_holder(h)
            }
            // Change is less than the price paid: the seller keeps something.
            Event::CoinsSpent {
                coins,
                from: h,
                change,
            } => {
                check_coins(coins)?;
                if !change.is_zero() {
                    check_coins(change)?;
                    if change.copper() >= coins.copper() {
                        return Err(Refusal::BadChange);
                    }
                }
                self.check_holder(h)
            }
            Event::CoinsMoved { coins, from, to } => {
                check_coins(coins)?;
                self.check_holder(from)?;
                self.check_holder(to)
            }
            Event::ItemStashed { item, place, .. } => {
                name_ok("place", place)?;
                self.items
                    .get(item)
                    .map(|_| ())
                    .ok_or_else(|| Refusal::NoItem { id: item.clone() })
            }
            Event::ItemCreated { item, .. } => {
                if let Some(place) = &item.place {
                    name_ok("place", place)?;
                }
                match &item.identity.value {
                    Some(value) => check_value(&item.name, value),
                    None => Ok(()),
                }
            }
            Event::Identified {
                act,
                believed: Some(value),
                ..
            } => check_value(&act.item_name, value),
            Event::ItemsSold { items, price, to } => {
                self.check_holder(to)?;
                self.check_sale(items, price)
            }
            Event::CoinsExchanged {
                holder,
                taken,
                into,
                fee,
                received,
            } => {
                check_coins(taken)?;
                self.check_holder(holder)?;
                let set = self.campaign.settings.exchange_fee.unwrap_or(0);
                match exchange::exchange(taken, *into, *fee) {
                    Ok(e) if e.taken == *taken && e.received == *received && *fee == set => Ok(()),
                    _ => Err(Refusal::NotAnExchange),
                }
            }
            Event::CharacterAdded { character } if !sheet_ok(character) => {
                Err(out_of_range(&character.name))
            }
            Event::CharacterUpdated { name, change, .. }
                if !fields_ok(
                    [change.int, change.dex, change.con, change.cha],
                    change.xp,
                    change.share,
                ) =>
            {
                Err(out_of_range(name))
            }
            _ => Ok(()),
        }
    }
}

impl crate::event::Change {
    /// The sheet's fields that bear on treasure and experience (`character set`).
    pub(super) fn apply_treasury(&self, c: &mut crate::Character) {
        if let Some(int) = self.int {
            c.int = Some(int);
        }
        if let Some(dex) = self.dex {
            c.dex = Some(dex);
        }
        if let Some(con) = self.con {
            c.con = Some(con);
        }
        if let Some(cha) = self.cha {
            c.cha = Some(cha);
        }
        if let Some(xp) = self.xp {
            c.xp = xp;
        }
        if let Some(share) = self.share {
            c.share = share;
        }
    }
}

/// The holder of a row as the refusals name it: a character's or a place's name, none for
/// the pool (and the totals).
fn holder_name(row: &CoinRow, state: &State) -> Option<String> {
    match row {
        CoinRow::Purse(id) => Some(
            state
                .characters
                .get(id)
                .map(|c| c.name.clone())
                .unwrap_or_else(|| id.clone()),
        ),
        CoinRow::Place(name) => Some(name.clone()),
        _ => None,
    }
}

/// `row` has `has`, and would give `wants`.
fn lacks(row: &CoinRow, has: &Coins, wants: &Coins, state: &State) -> Refusal {
    Refusal::Lacks {
        holder: holder_name(row, state),
        has: *has,
        wants: *wants,
    }
}

/// `row` would count more of `denomination` than it may.
fn too_many(row: &CoinRow, denomination: Denomination, state: &State) -> Refusal {
    let limit = row.cap();
    match row {
        CoinRow::Added | CoinRow::Spent => Refusal::TooManyCounted {
            denomination,
            limit,
        },
        _ => Refusal::TooManyCoins {
            holder: holder_name(row, state),
            denomination,
            limit,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::alignment::Alignment;
    use crate::rules::coins::Denomination;
    use crate::rules::party::{DeadShare, split_coins};
    use crate::treasury::{Portion, Received};
    use crate::{Character, Recorded};
    use proptest::prelude::*;

    fn hero(id: &str) -> Character {
        Character {
            id: id.into(),
            name: id.to_uppercase(),
            alignment: Alignment::Lawful,
            class: None,
            level: 1,
            str: 10,
            wis: 10,
            hp: 8,
            hp_max: 8,
            reads_magic: false,
            literate: true,
            reads_languages: false,
            quests: Vec::new(),
            int: None,
            dex: None,
            con: None,
            cha: None,
            xp: 0,
            share: Share::FULL,
            bound: false,
            hungry: 0,
            hire: None,
            owed: 0,
            living: None,
        }
    }

    fn who(id: &str) -> Holder {
        Holder::Character {
            id: id.into(),
            name: id.to_uppercase(),
        }
    }

    fn place(name: &str) -> Holder {
        Holder::Place { name: name.into() }
    }

    const WHEN: &str = "2026-12-01T20:30:00.000Z";
    const PEOPLE: [&str; 3] = ["a", "b", "c"];
    /// Their shares: a full share, a retainer's half share, a full share.
    const SHARES: [Share; 3] = [Share(2), Share(1), Share(2)];

    /// The events before any coin moves: a campaign and three characters.
    fn start() -> Vec<Event> {
        let mut events = vec![Event::CampaignCreated { name: "t".into() }];
        events.extend(
            PEOPLE
                .iter()
                .zip(SHARES)
                .map(|(id, share)| Event::CharacterAdded {
                    character: Character { share, ..hero(id) },
                }),
        );
        events
    }

    /// Replay events as `check` does, skipping those that no longer stand.
    fn replay(events: &[Event]) -> State {
        let mut state = State::blank();
        for (n, event) in events.iter().enumerate() {
            let rec = Recorded {
                seq: n as i64 + 1,
                cause: None,
                session: None,
                game_time: 0,
                wall_time: WHEN.into(),
                referee: None,
                event: event.clone(),
            };
            if state.apply(&rec).is_err() {
                state.last_seq = rec.seq;
            }
        }
        state
    }

    fn gp(n: i64) -> Coins {
        Coins::of(Denomination::Gp, n)
    }

    /// A campaign whose pool holds 10 gp.
    fn ten_in_the_pool() -> State {
        let mut events = start();
        events.push(Event::CoinsAdded {
            coins: gp(10),
            to: Holder::Pool,
            session: None,
        });
        replay(&events)
    }

    #[test]
    fn spending_what_is_not_there_cannot_stand() {
        let mut state = ten_in_the_pool();
        let spend = Event::CoinsSpent {
            coins: gp(11),
            from: Holder::Pool,
            change: Coins::default(),
        };
        let err = state.record(spend, None, WHEN, None).unwrap_err();
        assert_eq!(
            *err.reason,
            Refusal::Lacks {
                holder: None,
                has: gp(10),
                wants: gp(11)
            }
        );
        let from = Holder::Character {
            id: "a".into(),
            name: "A".into(),
        };
        let err = state
            .record(
                Event::CoinsSpent {
                    coins: gp(1),
                    from,
                    change: Coins::default(),
                },
                None,
                WHEN,
                None,
            )
            .unwrap_err();
        assert_eq!(
            *err.reason,
            Refusal::Lacks {
                holder: Some("A".into()),
                has: Coins::default(),
                wants: gp(1)
            }
        );
        assert_eq!(
            state.treasury.as_ref().unwrap().pool,
            gp(10),
            "nothing changed"
        );
    }

    /// A seller's change comes back to the purse, and is always worth less than what was paid.
    #[test]
    fn change_comes_back_and_is_less_than_the_coins_paid() {
        let mut state = ten_in_the_pool();
        let spend = |change: Coins| Event::CoinsSpent {
            coins: gp(1),
            from: Holder::Pool,
            change,
        };
        let sp = |n| Coins::of(Denomination::Sp, n);
        for too_much in [sp(10), sp(11)] {
            let err = state.record(spend(too_much), None, WHEN, None).unwrap_err();
            assert_eq!(*err.reason, Refusal::BadChange);
        }
        state.record(spend(sp(9)), None, WHEN, None).unwrap();
        let mut left = gp(9);
        left.sp = 9;
        assert_eq!(state.treasury.as_ref().unwrap().pool, left);
    }

    fn portion(id: &str, share: Share, n: i64) -> Portion {
        Portion {
            character: id.to_string(),
            name: id.to_uppercase(),
            share,
            coins: gp(n),
            items: Vec::new(),
        }
    }

    /// a and c on full shares, b on a half, paid `[a, b, c]` gp with `left` left in the pool.
    fn shared(paid: [i64; 3], left: i64, division: Division) -> Event {
        Event::CoinsShared {
            session: None,
            portions: PEOPLE
                .iter()
                .zip(SHARES)
                .zip(paid)
                .map(|((id, share), n)| portion(id, share, n))
                .collect(),
            remainder: gp(left),
            division,
        }
    }

    fn with_pool(gold: i64) -> Vec<Event> {
        let mut events = start();
        events.push(Event::CoinsAdded {
            coins: gp(gold),
            to: Holder::Pool,
            session: None,
        });
        events
    }

    #[test]
    fn a_share_takes_from_the_pool_what_it_gives() {
        let mut events = with_pool(101);
        // 101 gp in 2.5 shares: 40 for a and c, 20 for b's half, 1 left.
        let mut state = replay(&events);
        let err = state
            .record(shared([40, 21, 40], 0, Division::Shares), None, WHEN, None)
            .unwrap_err();
        assert_eq!(*err.reason, Refusal::UnevenShare { pool: gp(101) });
        let err = state
            .record(
                Event::CoinsShared {
                    session: None,
                    portions: vec![portion("b", Share(2), 50), portion("c", Share(2), 50)],
                    remainder: gp(1),
                    division: Division::Shares,
                },
                None,
                WHEN,
                None,
            )
            .unwrap_err();
        assert!(
            matches!(
                *err.reason,
                Refusal::WrongShare {
                    recorded: Share(2),
                    ..
                }
            ),
            "a share the sheet does not give: {err:?}"
        );
        events.push(shared([40, 20, 40], 1, Division::Shares));
        let t = replay(&events).treasury.unwrap();
        assert_eq!(
            (t.pool, t.purses["a"], t.purses["b"], t.purses["c"]),
            (gp(1), gp(40), gp(20), gp(40))
        );
        assert!(t.balances());
    }

    #[test]
    fn items_counted_against_a_share_hold_it_to_the_reckoning() {
        // 101 gp and a gem of 24 gp that a received: 125 gp in 2.5 shares, 50 a share; a is
        // paid 26, b 25 and c 50.
        let events = with_pool(101);
        let gem = |worth: Option<i64>| Received {
            item: "gem".into(),
            name: "Gem".into(),
            name_fr: "Gemme".into(),
            worth: worth.map(gp),
            agreed: None,
        };
        let with_gem = |paid: [i64; 3], worth: Option<i64>| {
            let Event::CoinsShared {
                mut portions,
                session,
                division,
                ..
            } = shared(paid, 0, Division::Shares)
            else {
                unreachable!()
            };
            portions[0].items.push(gem(worth));
            Event::CoinsShared {
                session,
                portions,
                remainder: gp(0),
                division,
            }
        };
        let mut state = replay(&events);
        let mut item = crate::Item::new(
            "gem".into(),
            "Gem".into(),
            "Gemme".into(),
            crate::rules::item::Category::Valuable,
            crate::rules::item::Identity::default(),
        );
        item.holder = Some("b".into());
        state.items.insert("gem".into(), item.clone());
        let err = state
            .clone()
            .record(with_gem([26, 25, 50], Some(24)), None, WHEN, None)
            .unwrap_err();
        assert_eq!(
            *err.reason,
            Refusal::NotReceived {
                item: "Gem".into(),
                name: "A".into()
            },
            "counted against a, held by b"
        );
        item.holder = Some("a".into());
        state.items.insert("gem".into(), item);
        let err = state
            .clone()
            .record(with_gem([40, 20, 40], Some(24)), None, WHEN, None)
            .unwrap_err();
        assert_eq!(
            *err.reason,
            Refusal::UnevenShare { pool: gp(101) },
            "the plain split does not stand once a gem is counted"
        );
        state
            .clone()
            .record(with_gem([26, 25, 50], Some(24)), None, WHEN, None)
            .unwrap();
        // A worth nobody knew counts as nothing: the plain split, less what does not divide.
        let mut unknown = with_gem([40, 20, 40], None);
        if let Event::CoinsShared { remainder, .. } = &mut unknown {
            *remainder = gp(1);
        }
        state.clone().record(unknown, None, WHEN, None).unwrap();
        // Counted twice, or under the evenly division: refused.
        let mut twice = with_gem([26, 25, 50], Some(24));
        if let Event::CoinsShared { portions, .. } = &mut twice {
            portions[1].items.push(gem(Some(0)));
        }
        assert!(state.clone().record(twice, None, WHEN, None).is_err());
        let mut evenly = with_gem([26, 25, 50], Some(24));
        if let Event::CoinsShared { division, .. } = &mut evenly {
            *division = Division::Ose;
        }
        assert!(state.clone().record(evenly, None, WHEN, None).is_err());
        // A worth the party agreed for the share-out counts instead of the one it believed
        // (or did not know): the event is held to it.
        let agree = |mut e: Event, worth: i64| {
            if let Event::CoinsShared { portions, .. } = &mut e {
                portions[0].items[0].agreed = Some(gp(worth));
            }
            e
        };
        for believed in [None, Some(10), Some(24)] {
            let e = agree(with_gem([26, 25, 50], believed), 24);
            state.clone().record(e, None, WHEN, None).unwrap();
        }
        let mut plain = with_gem([40, 20, 40], None);
        if let Event::CoinsShared { remainder, .. } = &mut plain {
            *remainder = gp(1);
        }
        let err = state
            .clone()
            .record(agree(plain, 24), None, WHEN, None)
            .unwrap_err();
        assert_eq!(
            *err.reason,
            Refusal::UnevenShare { pool: gp(101) },
            "the split of a worth unknown does not stand once a worth is agreed"
        );
        let err = state
            .clone()
            .record(
                agree(with_gem([26, 25, 50], None), limits::VALUE_GP + 1),
                None,
                WHEN,
                None,
            )
            .unwrap_err();
        assert_eq!(
            *err.reason,
            Refusal::ValuePastLimit {
                item: "Gem".into(),
                limit: limits::VALUE_GP
            }
        );
    }

    #[test]
    fn a_share_out_recorded_evenly_replays_as_it_was() {
        // Shares of 101 ÷ 3 heads: 33 for a and c, 16 for b's half, 19 left, as hoard divided
        // treasure before it followed « Shares of Treasure ».
        let mut events = with_pool(101);
        events.push(shared([33, 16, 33], 19, Division::Ose));
        let t = replay(&events).treasury.unwrap();
        assert_eq!((t.pool, t.purses["b"]), (gp(19), gp(16)));
    }

    #[test]
    fn a_share_out_recorded_before_the_book_replays_by_weight() {
        // As hoard wrote it then: no `division`, and 101 gp by weight is 40, 20 and 40.
        let mut old = serde_json::to_value(shared([40, 20, 40], 1, Division::Weighted)).unwrap();
        old.as_object_mut().unwrap().remove("division");
        let old: Event = serde_json::from_value(old).unwrap();
        assert_eq!(old, shared([40, 20, 40], 1, Division::Weighted));
        let mut events = with_pool(101);
        events.push(old);
        let state = replay(&events);
        assert_eq!(state.last_seq, 6, "it stands");
        assert_eq!(state.treasury.unwrap().purses["b"], gp(20));
    }

    #[test]
    fn the_dead_are_paid_by_the_book_only_for_their_heirs() {
        let mut events = with_pool(300);
        events.push(Event::CharacterDamaged {
            character: "c".into(),
            name: "C".into(),
            amount: 12,
            hp: 0,
        });
        // The survivors: a on a full share, b on a half; 300 gp is 1.5 shares of 200.
        let survivors = Event::CoinsShared {
            session: None,
            portions: vec![portion("a", Share(2), 200), portion("b", Share(1), 100)],
            remainder: gp(0),
            division: Division::Shares,
        };
        let mut state = replay(&events);
        let err = state
            .record(
                shared([120, 60, 120], 0, Division::Shares),
                None,
                WHEN,
                None,
            )
            .unwrap_err();
        assert_eq!(*err.reason, Refusal::DeadPaid { name: "C".into() });
        state.clone().record(survivors, None, WHEN, None).unwrap();
        // Before the book, the dead were paid like anyone.
        state
            .clone()
            .record(
                shared([120, 60, 120], 0, Division::Weighted),
                None,
                WHEN,
                None,
            )
            .unwrap();
        events.push(Event::SettingChanged {
            setting: crate::state::Setting::DeadShare(Some(DeadShare::Heirs)),
        });
        events.push(shared([120, 60, 120], 0, Division::Shares));
        let t = replay(&events).treasury.unwrap();
        assert_eq!(t.purses["c"], gp(120), "the heirs' share, in the purse");
    }

    #[test]
    fn the_treasury_must_be_loaded_before_coins_move() {
        let mut state = State::new(replay(&start()).campaign, 4);
        let add = Event::CoinsAdded {
            coins: gp(1),
            to: Holder::Pool,
            session: None,
        };
        assert!(state.record(add, None, WHEN, None).is_err());
    }

    /// One step of a random campaign: which kind, who from, who to, how much.
    fn step() -> impl Strategy<Value = (u8, usize, usize, Coins)> {
        let amount = (0..3i64, 0..40i64, 0..2i64, 0..60i64, 0..5i64)
            .prop_map(|(cp, sp, ep, gp, pp)| Coins { cp, sp, ep, gp, pp });
        (0..6u8, 0..6usize, 0..6usize, amount)
    }

    /// Holders 0–2 are the characters, 3–4 two places, 5 the pool.
    fn holder(n: usize) -> Holder {
        match n {
            0..=2 => who(PEOPLE[n]),
            3 => place("Bank"),
            4 => place("Cache"),
            _ => Holder::Pool,
        }
    }

    proptest! {
        /// Whatever is added, spent, moved, shared and undone, in any order: the holders always
        /// hold what was added less what was spent, denomination by denomination; nothing is
        /// ever negative; and undoing a command gives back exactly the treasury before it.
        #[test]
        fn every_coin_is_accounted_for(steps in proptest::collection::vec(step(), 1..60)) {
            let mut events = start();
            let mut before = Vec::new();
            for (kind, from, to, coins) in steps {
                let state = replay(&events);
                let treasury = state.treasury.clone().unwrap();
                let event = match kind {
                    0 => Event::CoinsAdded {
                        coins,
                        to: holder(to),
                        session: None,
                    },
                    1 => Event::CoinsSpent {
                        coins,
                        from: holder(from),
                        change: Coins::default(),
                    },
                    2 => Event::CoinsMoved { coins, from: holder(from), to: holder(to) },
                    3 => {
                        let (portions, remainder) =
                            split_coins(&treasury.pool, &SHARES, Division::Shares);
                        Event::CoinsShared {
                            session: None,
                            portions: PEOPLE.iter().zip(SHARES).zip(portions)
                                .map(|((id, share), coins)| Portion {
                                    character: id.to_string(), name: id.to_uppercase(), share, coins,
                                    items: Vec::new(),
                                })
                                .collect(),
                            remainder,
                            division: Division::Shares,
                        }
                    }
                    _ => {
                        // Undo the last command that stood: the treasury is as it was.
                        if let Some((len, was)) = before.pop() {
                            events.truncate(len);
                            prop_assert_eq!(replay(&events).treasury.unwrap(), was);
                        }
                        continue;
                    }
                };
                let mut live = state.clone();
                let recorded = live.record(event.clone(), None, WHEN, None);
                if (kind == 0 && !coins.is_zero()) || kind == 3 {
                    // Coins can always come in, and the pool can always be shared out.
                    prop_assert!(recorded.is_ok(), "{:?}", recorded);
                }
                if recorded.is_ok() {
                    before.push((events.len(), treasury));
                    events.push(event);
                    let t = live.treasury.clone().unwrap();
                    prop_assert!(t.balances(), "{:?}", t);
                    prop_assert_eq!(replay(&events).treasury.unwrap(), t, "replay rebuilds it");
                } else {
                    prop_assert_eq!(live.treasury.unwrap(), treasury, "a refused event changes nothing");
                }
            }
            prop_assert!(replay(&events).treasury.unwrap().balances());
        }
    }
}
