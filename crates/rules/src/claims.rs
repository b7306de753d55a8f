//! Claims on the party's loot: each player marks an item of the party's treasure need, want or
//! pass, and the settlement gives each item to one who needs it — or, if nobody does, to one
//! who wants it — ties broken by d100 (highest wins, the tied rolling again) or by share (the
//! fewest items won by claims so far, then d100 among those still tied), as the campaign says.
//! A pass, or no claim, leaves the item in the party's treasure. Only a character who can take
//! the item in hand takes part ([`takes_part`]): not the dead, nor the dying under AD&D's
//! death's door; their claims stand on the board but win nothing while they are down. The
//! referee's own rule of thumb (a common "need before greed" table rule), not a book's:
//! docs/sources.md.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::dice::{Dice, Expr, Roll};
use crate::health::Condition;

/// Whether a character in `condition` (by the campaign's death rule, `health::condition`)
/// takes part in a settlement: only one who can take an item in hand — never the dead, nor the
/// dying, who are unconscious (AD&D 2e DMG, *Hovering on Death's Door*). A claim they made
/// while up wins nothing while they are down, and a settlement never hands them an item.
pub fn takes_part(condition: Condition) -> bool {
    condition.can_act()
}

/// What a player says of an item.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Claim {
    Need,
    Want,
    Pass,
}

impl Claim {
    pub const ALL: [Claim; 3] = [Claim::Need, Claim::Want, Claim::Pass];

    /// The word typed and posted: `need`, `want`, `pass`.
    pub fn word(self) -> &'static str {
        match self {
            Claim::Need => "need",
            Claim::Want => "want",
            Claim::Pass => "pass",
        }
    }

    pub fn parse(word: &str) -> Option<Claim> {
        Claim::ALL
            .into_iter()
            .find(|c| c.word().eq_ignore_ascii_case(word.trim()))
    }
}

/// How ties among equal claims are broken (`campaign set claim-ties`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ties {
    /// d100 each, highest wins; the tied roll again.
    #[default]
    Roll,
    /// The fewest items won by claims so far; d100 among those still tied.
    Share,
}

/// How an award was decided among its claimants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum By {
    /// The only one with the strongest claim.
    Alone,
    /// The fewest items won so far.
    Share,
    /// The highest d100.
    Roll,
}

/// One claimant's d100 in a roll-off.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TieRoll {
    pub character: String,
    pub roll: Roll,
}

/// An item's claims: each claimant's latest, in the order they were made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claimed {
    pub item: String,
    pub claims: Vec<(String, Claim)>,
}

/// Who wins an item, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Award {
    pub item: String,
    pub character: String,
    /// The claim that won: need or want.
    pub claim: Claim,
    pub by: By,
    /// The roll-off's rounds (empty unless dice were rolled): each round the tied roll.
    pub rounds: Vec<Vec<TieRoll>>,
}

/// Settle `items` in order: each to one who needs it, else to one who wants it, ties by
/// `ties`; `won` counts the items each character won by claims before (and is kept up to
/// date, for share). Items nobody needs or wants are left out. The claims given are those of
/// characters who take part ([`takes_part`]): the caller leaves out the others'.
pub fn settle(
    items: &[Claimed],
    ties: Ties,
    won: &mut BTreeMap<String, u32>,
    dice: &mut impl Dice,
) -> Vec<Award> {
    let mut awards = Vec::new();
    for item in items {
        let Some(strongest) = item
            .claims
            .iter()
            .map(|(_, c)| *c)
            .filter(|c| *c != Claim::Pass)
            .min()
        else {
            continue;
        };
        let mut tied: Vec<String> = item
            .claims
            .iter()
            .filter(|(_, c)| *c == strongest)
            .map(|(who, _)| who.clone())
            .collect();
        let mut by = By::Alone;
        if tied.len() > 1 && ties == Ties::Share {
            let fewest = tied
                .iter()
                .map(|w| won.get(w).copied().unwrap_or(0))
                .min()
                .unwrap_or(0);
            tied.retain(|w| won.get(w).copied().unwrap_or(0) == fewest);
            if tied.len() == 1 {
                by = By::Share;
            }
        }
        let mut rounds = Vec::new();
        if tied.len() > 1 {
            by = By::Roll;
            while tied.len() > 1 {
                let round: Vec<TieRoll> = tied
                    .iter()
                    .map(|w| TieRoll {
                        character: w.clone(),
                        roll: Expr::dice(1, 100).roll(dice),
                    })
                    .collect();
                tied = top_of(&round);
                rounds.push(round);
            }
        }
        let character = tied.remove(0);
        *won.entry(character.clone()).or_default() += 1;
        awards.push(Award {
            item: item.item.clone(),
            character,
            claim: strongest,
            by,
            rounds,
        });
    }
    awards
}

/// The claimants with the highest roll of a round.
fn top_of(round: &[TieRoll]) -> Vec<String> {
    let best = round.iter().map(|r| r.roll.total).max().unwrap_or(0);
    round
        .iter()
        .filter(|r| r.roll.total == best)
        .map(|r| r.character.clone())
        .collect()
}

/// Whether a roll-off's `rounds` give `winner`: each round but the last tied at the top, the
/// next one rolled by exactly those tied, and the last won by `winner` alone (admission holds a
/// recorded settlement to this).
pub fn rolled_off(rounds: &[Vec<TieRoll>], winner: &str) -> bool {
    let Some(last) = rounds.last() else {
        return false;
    };
    for pair in rounds.windows(2) {
        let top = top_of(&pair[0]);
        let next: Vec<String> = pair[1].iter().map(|r| r.character.clone()).collect();
        if top.len() < 2 || top != next {
            return false;
        }
    }
    rounds.iter().flatten().all(|r| r.roll.expr == "1d100") && top_of(last) == [winner]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::scripted::Scripted;

    fn claimed(item: &str, claims: &[(&str, Claim)]) -> Claimed {
        Claimed {
            item: item.into(),
            claims: claims.iter().map(|(w, c)| (w.to_string(), *c)).collect(),
        }
    }

    #[test]
    fn need_beats_want_and_pass_leaves_it_in_the_pool() {
        let items = [
            claimed("sword", &[("ana", Claim::Want), ("bo", Claim::Need)]),
            claimed("rope", &[("ana", Claim::Pass), ("bo", Claim::Pass)]),
            claimed("ring", &[("ana", Claim::Want), ("bo", Claim::Pass)]),
        ];
        let awards = settle(
            &items,
            Ties::Roll,
            &mut BTreeMap::new(),
            &mut Scripted::new(&[]),
        );
        assert_eq!(awards.len(), 2);
        assert_eq!(
            (awards[0].item.as_str(), awards[0].character.as_str()),
            ("sword", "bo")
        );
        assert_eq!((awards[0].claim, awards[0].by), (Claim::Need, By::Alone));
        assert_eq!(
            (awards[1].item.as_str(), awards[1].character.as_str()),
            ("ring", "ana")
        );
        assert_eq!(awards[1].claim, Claim::Want);
    }

    #[test]
    fn ties_go_to_the_highest_d100_and_the_tied_roll_again() {
        let items = [claimed(
            "wand",
            &[
                ("ana", Claim::Need),
                ("bo", Claim::Need),
                ("cy", Claim::Need),
            ],
        )];
        // 40, 80, 80: ana is out; bo and cy roll again, 12 against 90.
        let mut dice = Scripted::new(&[40, 80, 80, 12, 90]);
        let awards = settle(&items, Ties::Roll, &mut BTreeMap::new(), &mut dice);
        assert_eq!(awards[0].character, "cy");
        assert_eq!(awards[0].by, By::Roll);
        assert_eq!(awards[0].rounds.len(), 2);
        assert_eq!(awards[0].rounds[1].len(), 2);
        assert!(rolled_off(&awards[0].rounds, "cy"));
        assert!(!rolled_off(&awards[0].rounds, "bo"));
        assert!(!rolled_off(&awards[0].rounds[1..], "bo"));
    }

    #[test]
    fn by_share_the_one_who_won_fewest_takes_it() {
        let items = [
            claimed("sword", &[("ana", Claim::Need)]),
            claimed("shield", &[("ana", Claim::Need), ("bo", Claim::Need)]),
        ];
        let mut won = BTreeMap::new();
        let awards = settle(&items, Ties::Share, &mut won, &mut Scripted::new(&[]));
        assert_eq!(awards[1].character, "bo");
        assert_eq!(awards[1].by, By::Share);
        assert_eq!(won.get("ana"), Some(&1));
        assert_eq!(won.get("bo"), Some(&1));
        // Still tied by share: the dice decide.
        let items = [claimed(
            "helm",
            &[("ana", Claim::Want), ("bo", Claim::Want)],
        )];
        let awards = settle(&items, Ties::Share, &mut won, &mut Scripted::new(&[3, 70]));
        assert_eq!(
            (awards[0].character.as_str(), awards[0].by),
            ("bo", By::Roll)
        );
    }

    /// The dead never take part, by either death rule; the dying not under AD&D's death's
    /// door (unconscious); the living at 1 HP do.
    #[test]
    fn only_who_can_take_it_in_hand_takes_part() {
        use crate::health::{DeathRule, HP_FLOOR, condition};
        let part = |hp, rule| takes_part(condition(hp, rule));
        assert!(part(1, DeathRule::Ose));
        assert!(!part(0, DeathRule::Ose), "dead at 0 HP under OSE");
        assert!(part(1, DeathRule::Adnd));
        assert!(!part(0, DeathRule::Adnd), "dying at 0 HP under AD&D");
        assert!(!part(HP_FLOOR + 1, DeathRule::Adnd), "dying at -9");
        assert!(!part(HP_FLOOR, DeathRule::Adnd), "dead at -10");
    }

    #[test]
    fn a_claim_reads_its_word() {
        assert_eq!(Claim::parse(" Need"), Some(Claim::Need));
        assert_eq!(Claim::parse("greed"), None);
    }
}
