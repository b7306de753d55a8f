//! `hoard claim ITEM --by C need|want|pass`, `hoard claims`, `hoard claims settle`, and the
//! claims players make on their personal links (`hoard serve --players`): one function records
//! a claim for both, held to the same rules.
//!
//! A claim is on an item of the party's treasure (held by nobody, left nowhere, not used up),
//! changes no holder, and stands until a settlement; a later claim by the same character on
//! the same item replaces theirs. A claim on an item that left the party's treasure since (an
//! `item_passed`, `item_stashed` or `items_sold` after it) is void. The settlement gives each
//! item by `rules::claims::settle`, recorded as one `claims_settled` event whose hand-overs
//! follow as its consequences, so `undo` takes the whole settlement back. Only characters who
//! take part (`rules::claims::takes_part`: not the dead, nor the dying under `death adnd`) win:
//! a claim they made while up stands on the board and wins nothing while they are down.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::ctx::Ctx;
use crate::custody::Handling;
use crate::error::{Error, Result};
use crate::ledger::{Award, Event, Id, Item, Recorded, State, VoidClaim};
use crate::refusal::claims::Refusal;
use crate::rules::claims::{self, Claim, Claimed, Ties};
use crate::rules::health::{Condition, DeathRule, condition};
use crate::rules::item::Names;
use crate::store::{self, Conn};
use crate::write::Write;

/// Where a claim comes from.
#[derive(Clone, Debug)]
pub enum Source {
    /// The referee's command line: `by` names the character.
    Referee,
    /// A player's personal link: `by` is a character's id, which must be the link's
    /// (`author`); `drawn_at` is the ledger's last number when their page was drawn.
    Link { author: Id, drawn_at: i64 },
}

/// A claim recorded.
#[derive(Debug, Clone, Serialize)]
pub struct Made {
    #[serde(flatten, serialize_with = "super::name::item")]
    pub item: Names,
    pub id: String,
    pub character: String,
    pub claim: Claim,
    pub events: Vec<Recorded>,
}

/// Record `by`'s claim on `key`, from the command line or a personal link.
pub async fn claim(cx: &mut Ctx, key: &str, by: &str, claim: Claim, from: Source) -> Result<Made> {
    let mut w = cx.write().await?;
    let (who, item) = match &from {
        Source::Referee => {
            let who = w.character(by).await?;
            (who, w.item(key).await?)
        }
        Source::Link { author, drawn_at } => {
            if by != author.as_str() {
                return Err(Refusal::NotTheirs.into());
            }
            let who = w
                .character_by_id(by)
                .await
                .map_err(|_| Error::from(Refusal::NotTheirs))?;
            if *drawn_at > w.state.last_seq || *drawn_at < 0 {
                return Err(Refusal::Forged.into());
            }
            // A page names items by their id alone, and offers a player only their own
            // expedition's loot.
            let item = match w.item(key).await {
                Ok(item) if item.id == key && within_reach(&w.state, &item, &who.id) => item,
                _ => return Err(Refusal::NotInTreasure { item: unnamed() }.into()),
            };
            let campaign = w.campaign;
            let latest = latest_claims(w.conn(), campaign).await?;
            if latest
                .get(&(item.id.clone(), who.id.clone()))
                .is_some_and(|(seq, _)| seq > drawn_at)
            {
                return Err(Refusal::Stale.into());
            }
            (who, item)
        }
    };
    if !in_treasure(&item) {
        return Err(Refusal::NotInTreasure {
            item: match from {
                Source::Referee => item.names(),
                Source::Link { .. } => unnamed(),
            },
        }
        .into());
    }
    let who = w.able(who)?;
    w.record(Event::ClaimMade {
        character: who.id.clone(),
        name: who.name.clone(),
        item: item.id.clone(),
        item_name: item.name.clone(),
        item_name_fr: item.name_fr.clone(),
        claim,
        author: match from {
            Source::Referee => None,
            Source::Link { author, .. } => Some(author),
        },
    })?;
    let events = w.commit().await?;
    Ok(Made {
        item: item.names(),
        id: item.id,
        character: who.name,
        claim,
        events,
    })
}

/// No name: a refusal on a player's page never names an item they may not know.
fn unnamed() -> Names {
    Names {
        en: String::new(),
        fr: String::new(),
    }
}

/// Whether `character` may claim or win `item`: an expedition's loot (`pooled_in`) is its
/// party's until the session ends; the campaign's treasure is anyone's.
pub fn within_reach(state: &State, item: &Item, character: &str) -> bool {
    item.pooled_in
        .is_none_or(|of| state.expedition_of(character) == Some(of))
}

/// Whether a player's page offers `item` to one on expedition `theirs` (`None`: at home): the
/// loot of their own expedition; between expeditions, the campaign's treasure.
pub fn offered(item: &Item, theirs: Option<u32>) -> bool {
    in_treasure(item) && item.pooled_in == theirs
}

/// Whether an item is the party's treasure: held by nobody, left nowhere, not used up.
pub fn in_treasure(item: &Item) -> bool {
    item.holder.is_none() && item.place.is_none() && !item.is_gone()
}

/// The claims board: each item claimed since the last settlement, with each character's
/// latest claim.
#[derive(Debug, Clone, Serialize)]
pub struct Board {
    pub ties: Ties,
    pub items: Vec<Line>,
}

/// One item of the board.
#[derive(Debug, Clone, Serialize)]
pub struct Line {
    #[serde(flatten, serialize_with = "super::name::item")]
    pub item: Names,
    pub id: String,
    /// Still the party's treasure: the settlement will give it (else its claims are void).
    pub standing: bool,
    pub claims: Vec<Standing>,
}

/// A character's claim on a board's item.
#[derive(Debug, Clone, Serialize)]
pub struct Standing {
    pub character: String,
    #[serde(skip)]
    pub character_id: String,
    pub claim: Claim,
    /// The `claim_made` event.
    pub seq: i64,
    /// Made on the character's personal link.
    pub on_link: bool,
    /// The item left the party's treasure since: the claim is void.
    pub void: bool,
    /// The claimant's condition now, by the campaign's death rule: a claim of the dead (or of
    /// the dying under `death adnd`) wins nothing while they are down
    /// (`rules::claims::takes_part`).
    pub condition: Condition,
}

impl Standing {
    /// Whether a settlement now counts this claim: not void, and by one who takes part.
    pub fn counts(&self) -> bool {
        !self.void && claims::takes_part(self.condition)
    }
}

/// `hoard claims`: the board, read.
pub async fn board(cx: &mut Ctx) -> Result<Board> {
    let found = cx.campaign().await?;
    let rule = found.campaign.settings.death.unwrap_or_default();
    let items = lines(cx.conn(), found.id, rule).await?;
    Ok(Board {
        ties: found.campaign.settings.claim_ties.unwrap_or_default(),
        items,
    })
}

/// The claims and settlements that stand, oldest first.
async fn standing_claims(conn: &mut Conn, campaign: i64) -> Result<Vec<Recorded>> {
    let voided = store::events::voided(conn, campaign).await?;
    let mut events = store::events::tagged(conn, campaign, store::events::CLAIMS).await?;
    events.retain(|rec| !voided.contains_key(&rec.seq));
    Ok(events)
}

/// Each (item, character)'s latest claim since the last settlement: its number and event.
async fn latest_claims(
    conn: &mut Conn,
    campaign: i64,
) -> Result<BTreeMap<(Id, Id), (i64, Recorded)>> {
    let mut latest = BTreeMap::new();
    for rec in standing_claims(conn, campaign).await? {
        match &rec.event {
            Event::ClaimsSettled { settled: None, .. } => latest.clear(),
            Event::ClaimsSettled {
                settled: Some(items),
                ..
            } => latest.retain(|(item, _), _| !items.contains(item)),
            Event::ClaimMade {
                item, character, ..
            } => {
                latest.insert((item.clone(), character.clone()), (rec.seq, rec.clone()));
            }
            _ => {}
        }
    }
    Ok(latest)
}

/// The number of the last standing event that took `item` out of the party's treasure or
/// moved it (0: none).
async fn moved_at(conn: &mut Conn, campaign: i64, item: &str) -> Result<i64> {
    let voided = store::events::voided(conn, campaign).await?;
    let filter = store::events::Filter {
        entity: Some(item.to_string()),
        ..Default::default()
    };
    let mut last = 0;
    store::events::select(conn, campaign, &filter, |rec| {
        let moves = matches!(
            rec.event,
            Event::ItemPassed { .. } | Event::ItemStashed { .. } | Event::ItemsSold { .. }
        );
        if moves && !voided.contains_key(&rec.seq) {
            last = rec.seq;
        }
        Ok::<_, store::Error>(())
    })
    .await?;
    Ok(last)
}

/// The board's lines, in the order items were first claimed, each claimant's condition by the
/// campaign's death `rule`.
async fn lines(conn: &mut Conn, campaign: i64, rule: DeathRule) -> Result<Vec<Line>> {
    let latest = latest_claims(conn, campaign).await?;
    let mut by_item: BTreeMap<Id, Vec<(i64, Recorded)>> = BTreeMap::new();
    for ((item, _), claim) in latest {
        by_item.entry(item).or_default().push(claim);
    }
    let mut lines = Vec::new();
    for (id, mut made) in by_item {
        made.sort_by_key(|(seq, _)| *seq);
        let item = crate::lookup::item(conn, campaign, &id).await?;
        let moved = moved_at(conn, campaign, &id).await?;
        let standing = in_treasure(&item);
        let mut claims = Vec::new();
        for (seq, rec) in made {
            let Event::ClaimMade {
                character,
                name,
                claim,
                author,
                ..
            } = rec.event
            else {
                continue;
            };
            let hp = store::characters::by_id(conn, campaign, &character)
                .await?
                .ok_or_else(|| crate::refusal::lookup::Refusal::CharacterMissing {
                    id: character.clone(),
                })?
                .hp;
            claims.push(Standing {
                character: name,
                character_id: character,
                claim,
                seq,
                on_link: author.is_some(),
                void: !standing || seq < moved,
                condition: condition(hp, rule),
            });
        }
        lines.push(Line {
            item: item.names(),
            id,
            standing,
            claims,
        });
    }
    lines.sort_by_key(|l| l.claims.first().map_or(0, |c| c.seq));
    Ok(lines)
}

/// What a settlement did.
#[derive(Debug, Clone, Serialize)]
pub struct Settled {
    pub ties: Ties,
    /// Each award, with the hand-over it made.
    pub awards: Vec<Award>,
    pub void: Vec<VoidClaim>,
    pub events: Vec<Recorded>,
}

/// `hoard claims settle`: give each item claimed to one who needs it, else to one who wants
/// it, ties by the campaign's `claim-ties`; one `claims_settled` event, the hand-overs its
/// consequences. Nothing claimed: nothing recorded.
pub async fn settle(cx: &mut Ctx) -> Result<Settled> {
    let mut dice = cx.dice();
    let mut w = cx.write().await?;
    let campaign = w.campaign;
    let ties = w.state.campaign.settings.claim_ties.unwrap_or_default();
    let rule = w.state.campaign.settings.death.unwrap_or_default();
    let board = lines(w.conn(), campaign, rule).await?;
    let nothing = Settled {
        ties,
        awards: Vec::new(),
        void: Vec::new(),
        events: Vec::new(),
    };
    if board.is_empty() {
        w.commit().await?;
        return Ok(nothing);
    }
    // The loot settled: the chosen session's if it is an expedition, else the campaign's
    // treasure; claims on another expedition's loot stand until it settles its own.
    let expedition = w
        .session()?
        .filter(|n| w.state.sessions.get(n).is_some_and(|s| !s.with.is_empty()));
    let mut mine = Vec::new();
    for line in board {
        let item = crate::lookup::item(w.conn(), campaign, &line.id).await?;
        if !line.standing || item.pooled_in == expedition {
            w.state.items.insert(item.id.clone(), item);
            mine.push(line);
        }
    }
    if mine.is_empty() {
        w.commit().await?;
        return Ok(nothing);
    }
    let mut won = won_before(w.conn(), campaign).await?;
    let mut claimed = Vec::new();
    let mut void = Vec::new();
    for line in &mine {
        // The dead (and the dying under `death adnd`) win nothing, nor one away from the
        // expedition whose loot it is: their claims are left out.
        let claims: Vec<(String, Claim)> = line
            .claims
            .iter()
            .filter(|c| {
                c.counts() && within_reach(&w.state, &w.state.items[&line.id], &c.character_id)
            })
            .map(|c| (c.character_id.clone(), c.claim))
            .collect();
        if line.claims.iter().all(|c| c.void) {
            let item = w.current(&line.id)?;
            void.push(VoidClaim {
                item: item.id,
                item_name: item.name,
                item_name_fr: item.name_fr,
            });
        } else if !claims.is_empty() {
            claimed.push(Claimed {
                item: line.id.clone(),
                claims,
            });
        }
    }
    // Every claimant in the state: the ledger holds the settlement to who takes part.
    for claim in claimed.iter().flat_map(|c| &c.claims) {
        w.character_by_id(&claim.0).await?;
    }
    let decided = claims::settle(&claimed, ties, &mut won, &mut dice);
    let mut awards = Vec::new();
    for award in decided {
        let item = w.current(&award.item)?;
        let who = w.character_by_id(&award.character).await?;
        awards.push(Award {
            item: item.id,
            item_name: item.name,
            item_name_fr: item.name_fr,
            character: who.id,
            name: who.name,
            claim: award.claim,
            by: award.by,
            rounds: award.rounds,
        });
    }
    let settled = w.record(Event::ClaimsSettled {
        ties,
        awards: awards.clone(),
        void: void.clone(),
        settled: Some(mine.iter().map(|l| l.id.clone()).collect()),
    })?;
    for award in &awards {
        hand_over(&mut w, award, settled.seq, &mut dice).await?;
    }
    let events = w.commit().await?;
    Ok(Settled {
        ties,
        awards,
        void,
        events,
    })
}

/// Give an award's item to its winner, as a consequence of the settlement `cause`: what any
/// taking in hand sets off follows (a scroll's fade, a sword's touch).
async fn hand_over(
    w: &mut Write<'_>,
    award: &Award,
    cause: i64,
    dice: &mut impl crate::rules::dice::Dice,
) -> Result<()> {
    let item = w.current(&award.item)?;
    let to = w.character_by_id(&award.character).await?;
    crate::rules::custody::can_pass(&item, Some(&to))?;
    let passed = w.record_with_cause(
        Event::ItemPassed {
            item: item.id.clone(),
            item_name: item.name.clone(),
            item_name_fr: item.name_fr.clone(),
            from: None,
            to: Some(to.id.clone()),
            to_name: Some(to.name.clone()),
        },
        Some(cause),
    )?;
    let takes = Handling::Takes { read: false };
    super::custody::handed_over(w, &item, None, Some(&to), takes, passed.seq, dice).await
}

/// How many items each character won by the settlements that stand.
async fn won_before(conn: &mut Conn, campaign: i64) -> Result<BTreeMap<String, u32>> {
    let mut won = BTreeMap::new();
    for rec in standing_claims(conn, campaign).await? {
        if let Event::ClaimsSettled { awards, .. } = rec.event {
            for award in awards {
                *won.entry(award.character).or_default() += 1;
            }
        }
    }
    Ok(won)
}
