//! A treasure roll's hoard held to its dice. `treasure roll` records the roll, then its coins
//! (`coins_added`) and each of its items (`item_created`) as its consequences, each item with
//! what taking it set off: so a roll stands only on its campaign's treasure types (the shipped
//! type's every line, or an edited one's shape: `rules::treasure::gave`), and a consequence
//! only on its cause's dice — the coins its parts gave, no more items than they made, and all
//! of it following the roll before anything else is recorded. Coins ten times what the dice
//! gave, a treasure's item that follows from no roll, or a hoard stripped of its consequences
//! cannot stand.
//!
//! Its own module because it watches the ledger across events (which roll's command is under
//! way, what of each hoard stands), where admission looks at one event at a time.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use super::event::{Event, Recorded};
use super::refusal::Refusal;
use super::state::State;
use crate::rules::coins::Coins;
use crate::rules::tables::shipped_treasures;
use crate::rules::treasure::{self, Gave};

/// The hoards rolled so far, as replay meets them (a live command knows only its own).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Hoards {
    /// Each roll standing, by its number: what its dice gave and what of it stands.
    rolled: BTreeMap<i64, Standing>,
    /// The roll whose command is being recorded: what follows from it comes next.
    open: Option<Open>,
}

#[derive(Clone, Debug, PartialEq)]
struct Standing {
    gave: Gave,
    coins: bool,
    items: u32,
}

#[derive(Clone, Debug, PartialEq)]
struct Open {
    roll: i64,
    gave: Gave,
    /// The roll and every event that follows from it, directly or not.
    chain: BTreeSet<i64>,
    /// Its coins and items that came, voided since or not.
    coins: u32,
    items: u32,
}

/// Why a hoard's consequences do not stand on its dice (worded by the edge).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "fault", rename_all = "snake_case")]
pub enum HoardFault {
    /// Coins other than its parts gave.
    Coins { gave: Coins, added: Coins },
    /// Its coins coming in a second time.
    CoinsTwice,
    /// More items than its dice made.
    Items { gave: u32 },
    /// Its coins or items not all following it: whether its coins are missing, and how many
    /// of the items its dice made came.
    Missing { coins: bool, items: u32, gave: u32 },
}

/// What an event standing changes of the hoards, once it is applied.
#[derive(Default)]
pub(super) struct Note {
    /// A roll: what its dice gave.
    roll: Option<Gave>,
    /// Its coins, or one of its items, for the roll of this number.
    coins_of: Option<i64>,
    item_of: Option<i64>,
}

impl Hoards {
    /// Before `rec` is applied (or passed over, voided): the roll under way has its
    /// consequences all there by the time an event that does not follow from it comes; then
    /// it is over, even when that refuses `rec` (so one short hoard is one conflict).
    pub(super) fn close(&mut self, rec: &Recorded) -> Result<(), Refusal> {
        match &mut self.open {
            Some(open) if rec.cause.is_some_and(|c| open.chain.contains(&c)) => {
                open.chain.insert(rec.seq);
                Ok(())
            }
            Some(_) => self.finish(),
            None => Ok(()),
        }
    }

    /// The roll whose command is under way.
    pub fn under_way(&self) -> Option<i64> {
        self.open.as_ref().map(|o| o.roll)
    }

    /// The ledger or the roll's command ended: all of the roll under way came.
    pub fn finish(&mut self) -> Result<(), Refusal> {
        let Some(open) = self.open.take() else {
            return Ok(());
        };
        let coins = !open.gave.coins.is_zero();
        if open.coins != u32::from(coins) || open.items != open.gave.items {
            return Err(Refusal::NotItsHoard {
                roll: open.roll,
                fault: HoardFault::Missing {
                    coins: coins && open.coins == 0,
                    items: open.items,
                    gave: open.gave.items,
                },
            });
        }
        Ok(())
    }

    /// A voided event passed over: one of the hoard's consequences came all the same.
    pub(super) fn pass(&mut self, rec: &Recorded) -> Result<(), Refusal> {
        self.close(rec)?;
        if let Some(open) = &mut self.open
            && rec.cause == Some(open.roll)
        {
            match rec.event {
                Event::CoinsAdded { .. } => open.coins += 1,
                Event::ItemCreated { .. } => open.items += 1,
                _ => {}
            }
        }
        Ok(())
    }

    /// `rec` applied: what it changed of the hoards.
    pub(super) fn note(&mut self, seq: i64, note: Note) {
        if let Some(gave) = note.roll {
            let standing = Standing {
                gave,
                coins: false,
                items: 0,
            };
            self.rolled.insert(seq, standing);
            self.open = Some(Open {
                roll: seq,
                gave,
                chain: BTreeSet::from([seq]),
                coins: 0,
                items: 0,
            });
        }
        let open = self.open.as_mut();
        if let Some(roll) = note.coins_of {
            self.rolled.entry(roll).and_modify(|s| s.coins = true);
            if let Some(open) = open.filter(|o| o.roll == roll) {
                open.coins += 1;
            }
        } else if let Some(roll) = note.item_of {
            self.rolled.entry(roll).and_modify(|s| s.items += 1);
            if let Some(open) = open.filter(|o| o.roll == roll) {
                open.items += 1;
            }
        }
    }
}

impl State {
    /// Whether `rec` stands on the hoards rolled: a roll on its campaign's treasure types, by
    /// their rules; a consequence of one, on what its dice gave.
    pub(super) fn admit_hoard(&self, rec: &Recorded) -> Result<Note, Refusal> {
        let standing = |roll: i64| self.hoards.rolled.get(&roll);
        let refused = |roll: i64, fault: HoardFault| Refusal::NotItsHoard { roll, fault };
        match &rec.event {
            Event::TreasureRolled {
                table,
                version,
                treasure_type,
                level,
                count,
                found,
                edited,
            } => {
                let system = self.campaign.settings.treasure.unwrap_or_default();
                if table != system.table() {
                    return Err(Refusal::NotItsTreasure {
                        table: table.clone(),
                        system,
                    });
                }
                let kind = match edited {
                    Some(_) => None,
                    None => {
                        let shipped = shipped_treasures(table)
                            .filter(|t| t.version == *version)
                            .and_then(|t| match level {
                                Some(level) => t.level(*level),
                                None => t.kind(treasure_type),
                            })
                            .filter(|k| k.key == *treasure_type);
                        Some(shipped.ok_or_else(|| Refusal::NoTreasureType {
                            table: table.clone(),
                            version: *version,
                            treasure_type: treasure_type.clone(),
                        })?)
                    }
                };
                let gave = treasure::gave(found, *count, kind)
                    .map_err(|fault| Refusal::NotATreasureRoll { fault })?;
                Ok(Note {
                    roll: Some(gave),
                    ..Note::default()
                })
            }
            Event::CoinsAdded { coins, .. } => match rec.cause.zip(rec.cause.and_then(standing)) {
                Some((roll, hoard)) => {
                    if hoard.coins {
                        return Err(refused(roll, HoardFault::CoinsTwice));
                    }
                    if *coins != hoard.gave.coins {
                        let (gave, added) = (hoard.gave.coins, *coins);
                        return Err(refused(roll, HoardFault::Coins { gave, added }));
                    }
                    Ok(Note {
                        coins_of: Some(roll),
                        ..Note::default()
                    })
                }
                None => Ok(Note::default()),
            },
            Event::ItemCreated { item, origin } => {
                match rec.cause.zip(rec.cause.and_then(standing)) {
                    Some((roll, hoard)) => {
                        if hoard.items >= hoard.gave.items {
                            let gave = hoard.gave.items;
                            return Err(refused(roll, HoardFault::Items { gave }));
                        }
                        Ok(Note {
                            item_of: Some(roll),
                            ..Note::default()
                        })
                    }
                    None if origin.how == ORIGIN => Err(Refusal::NoHoard {
                        item: item.name.clone(),
                    }),
                    None => Ok(Note::default()),
                }
            }
            _ => Ok(Note::default()),
        }
    }
}

/// How an item of a hoard came, as its `item_created` says (`treasure roll`).
pub const ORIGIN: &str = "treasure";
