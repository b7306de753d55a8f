//! The state of one campaign as the events leave it. The store persists it row by row; a live
//! command loads only the rows it needs, replay builds all of them.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::Id;
use super::treasury::{CoinRow, Treasury};
pub use crate::rules::character::Character;
pub use crate::rules::effect::Effect;
pub use crate::rules::item::Item;
use crate::rules::sale::Market;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Campaign {
    pub name: String,
    pub created_at: String,
    /// Game time in rounds (see `rules::clock`).
    /// The world's calendar in rounds (see `rules::clock`): each open session keeps its own
    /// clock (the expedition's time), folded back into this one at its end.
    pub clock: i64,
    /// The sessions open now: several, when their rosters do not overlap.
    pub open: BTreeSet<u32>,
    pub last_session: u32,
    pub settings: Settings,
    /// The foes met and not yet left (`hoard encounter`), one per session at most (each
    /// expedition meets its own): swords' purposes apply meanwhile, for that party.
    #[serde(default)]
    pub encounters: Vec<Encounter>,
}

/// An encounter under way.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Encounter {
    pub foe: crate::rules::sword::Foe,
    /// The campaign character met, if it is one.
    pub character: Option<Id>,
    pub since: i64,
    /// The session it is met in (none: between sessions).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session: Option<u32>,
}

/// What the referee sets per campaign (`hoard campaign set`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// A fixed chance (5–30 %) that an unread scroll fades; `None` rolls 1d6 × 5 % per scroll.
    pub scroll_fade: Option<u8>,
    /// Chance (%) that a drained rod or staff crumbles; `None` is the documented default.
    pub crumble_rod: Option<u8>,
    /// Chance (%) that a drained wand crumbles; `None` is the documented default.
    pub crumble_wand: Option<u8>,
    /// A folder of edited random tables used instead of the shipped ones.
    pub tables: Option<String>,
    /// When characters die; `None` is Old-School Essentials' rule.
    pub death: Option<crate::rules::health::DeathRule>,
    /// How long a round lasts; `None` is AD&D 2e's minute (`rules::clock::Round`).
    pub round: Option<crate::rules::clock::Round>,
    /// Where a dead character's share of treasure goes; `None` is to the survivors.
    pub dead_share: Option<crate::rules::party::DeadShare>,
    /// The percent of an item's worth a sale fetches, by market; a market not set is at its
    /// default (`rules::sale::Market::default_percent`).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub sell_fraction: BTreeMap<Market, u8>,
    /// What experience for treasure counts; `None` is the worth found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub xp_from: Option<crate::rules::xp::Counted>,
    /// A money-changer's fee (%) on `exchange`; `None` is none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exchange_fee: Option<u8>,
    /// Whose treasure types `treasure roll` rolls; `None` is Old-School Essentials'.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub treasure: Option<crate::rules::treasure::System>,
    /// How what characters carry slows them; `None` is OSE's detailed encumbrance.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub encumbrance: Option<crate::rules::encumbrance::System>,
    /// Whose magic-item tables `generate` and treasure types roll; `None` is the AD&D 2e
    /// DMG's, which campaigns made before the choice existed keep.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub magic_items: Option<crate::rules::magic::Items>,
    /// OSE's column of magic-item chances; `None` is the party's level's (`rules::magic`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub magic_column: Option<crate::rules::magic::Column>,
    /// Whether charged items may be recharged; `None` is the AD&D 2e DMG's yes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recharge: Option<crate::rules::charges::Recharging>,
    /// What enchanted armour weighs; `None` is its full weight.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub armour_weight: Option<crate::rules::armor::ArmourWeight>,
    /// The edition the campaign was last set to (`campaign new --edition`, `campaign set
    /// edition`): it set every setting of [`Edition::settings`] at once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edition: Option<Edition>,
    /// How `claims settle` breaks ties; `None` is by d100.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claim_ties: Option<crate::rules::claims::Ties>,
    /// Whether characters out on an expedition eat a ration a day (`campaign set rations on`);
    /// `None` is off, as the books leave the bookkeeping to the referee.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rations: Option<bool>,
    /// Each character's cost of living a month (`campaign set living middle-class`, `100gp/month`,
    /// `rules::upkeep`); `None` is off, as the books leave it to the referee.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub living: Option<crate::rules::upkeep::Living>,
    /// The cost of training for each level gained (`campaign set training 1500gp/level`);
    /// `None` is off.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub training: Option<crate::rules::coins::Coins>,
    /// The referees named in the campaign (`hoard referee add`), in the order they came.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub referees: Vec<String>,
    /// Who records a command: `None` is the referee named (`--referee`, `HOARD_REFEREE`, the
    /// session's); `Role` is the PostgreSQL role the command connects as.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub referee_from: Option<RefereeFrom>,
}

/// Where a command's referee comes from (`campaign set referees named|role`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RefereeFrom {
    /// The name given (`--referee`, `HOARD_REFEREE`), else the session's referee.
    #[default]
    Named,
    /// The PostgreSQL role connected as: each referee logs in as themselves.
    Role,
}

/// A game as a whole: the settings that depend on which game is played, set at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Edition {
    /// Old-School Essentials Classic Fantasy.
    Ose,
    /// AD&D 2nd edition.
    Adnd,
}

impl Edition {
    /// What the edition sets: its treasure types, magic items, encumbrance, round (`round`:
    /// only while the round may change, `rules::clock::round_settable`), death, crumbling,
    /// recharging and enchanted armour's weight. The AD&D rules OSE gives no rule for (a
    /// scroll's fading, say) stay as they are.
    pub fn settings(self, round: bool) -> Vec<Setting> {
        use crate::rules::{armor, charges, encumbrance, health, magic, treasure};
        let ose = self == Edition::Ose;
        let mut all = vec![
            Setting::Treasure((!ose).then_some(treasure::System::Adnd)),
            Setting::MagicItems(ose.then_some(magic::Items::Ose)),
            Setting::Encumbrance((!ose).then_some(encumbrance::System::Adnd)),
            Setting::Death((!ose).then_some(health::DeathRule::Adnd)),
            // OSE, *Rods, Staves, Wands*: the last charge ends the magic, nothing crumbles.
            Setting::CrumbleRod(ose.then_some(0)),
            Setting::CrumbleWand(ose.then_some(0)),
            Setting::Recharge(ose.then_some(charges::Recharging::None)),
            Setting::ArmourWeight(ose.then_some(armor::ArmourWeight::Half)),
        ];
        if round {
            all.push(Setting::Round(
                ose.then_some(crate::rules::clock::Round::Ose),
            ));
        }
        all
    }
}

/// One change of setting, as the ledger records it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "name", content = "value", rename_all = "kebab-case")]
pub enum Setting {
    ScrollFade(Option<u8>),
    CrumbleRod(Option<u8>),
    CrumbleWand(Option<u8>),
    Tables(Option<String>),
    Death(Option<crate::rules::health::DeathRule>),
    Round(Option<crate::rules::clock::Round>),
    DeadShare(Option<crate::rules::party::DeadShare>),
    ExchangeFee(Option<u8>),
    XpFrom(Option<crate::rules::xp::Counted>),
    Treasure(Option<crate::rules::treasure::System>),
    ClaimTies(Option<crate::rules::claims::Ties>),
    Referees(Option<RefereeFrom>),
    Encumbrance(Option<crate::rules::encumbrance::System>),
    MagicItems(Option<crate::rules::magic::Items>),
    MagicColumn(Option<crate::rules::magic::Column>),
    Recharge(Option<crate::rules::charges::Recharging>),
    /// Every setting of an edition at once ([`Edition::settings`]).
    Edition(Edition),
    ArmourWeight(Option<crate::rules::armor::ArmourWeight>),
    /// Rations eaten on the clock (`None`: off).
    Rations(Option<bool>),
    /// The cost of living a month: a lifestyle or an amount (`None`: off).
    Living(Option<crate::rules::upkeep::Living>),
    /// The cost of training a level (`None`: off).
    Training(Option<crate::rules::coins::Coins>),
    /// A market's fraction, in percent (`None`: back to its default).
    SellFraction {
        market: Market,
        percent: Option<u8>,
    },
}

impl Settings {
    /// Apply `setting`; an edition sets the round only where `round` (the round may still
    /// change).
    pub fn set(&mut self, setting: &Setting, round: bool) {
        match setting.clone() {
            Setting::Edition(edition) => {
                for each in edition.settings(round) {
                    self.set(&each, round);
                }
                self.edition = Some(edition);
            }
            Setting::ScrollFade(v) => self.scroll_fade = v,
            Setting::CrumbleRod(v) => self.crumble_rod = v,
            Setting::CrumbleWand(v) => self.crumble_wand = v,
            Setting::Tables(v) => self.tables = v,
            Setting::Death(v) => self.death = v,
            Setting::Round(v) => self.round = v,
            Setting::DeadShare(v) => self.dead_share = v,
            Setting::ExchangeFee(v) => self.exchange_fee = v,
            Setting::XpFrom(v) => self.xp_from = v,
            Setting::Treasure(v) => self.treasure = v,
            Setting::ClaimTies(v) => self.claim_ties = v,
            Setting::Referees(v) => self.referee_from = v,
            Setting::Encumbrance(v) => self.encumbrance = v,
            Setting::MagicItems(v) => self.magic_items = v,
            Setting::MagicColumn(v) => self.magic_column = v,
            Setting::Recharge(v) => self.recharge = v,
            Setting::ArmourWeight(v) => self.armour_weight = v,
            Setting::Rations(v) => self.rations = v,
            Setting::Living(v) => self.living = v,
            Setting::Training(v) => self.training = v,
            Setting::SellFraction { market, percent } => match percent {
                Some(p) => {
                    self.sell_fraction.insert(market, p);
                }
                None => {
                    self.sell_fraction.remove(&market);
                }
            },
        }
    }

    /// The percent of its worth an item on `market` fetches.
    pub fn sell_percent(&self, market: Market) -> u8 {
        self.sell_fraction
            .get(&market)
            .copied()
            .unwrap_or_else(|| market.default_percent())
    }

    /// The settings (by key) that hold their edition's value, its edition set.
    pub fn from_edition(&self) -> Vec<&'static str> {
        let Some(edition) = self.edition else {
            return Vec::new();
        };
        let mut fresh = Settings::default();
        fresh.set(&Setting::Edition(edition), true);
        [
            ("treasure", self.treasure == fresh.treasure),
            ("magic-items", self.magic_items == fresh.magic_items),
            ("encumbrance", self.encumbrance == fresh.encumbrance),
            ("round", self.round == fresh.round),
            ("death", self.death == fresh.death),
            ("crumble-rod", self.crumble_rod == fresh.crumble_rod),
            ("crumble-wand", self.crumble_wand == fresh.crumble_wand),
            ("recharge", self.recharge == fresh.recharge),
            ("armour-weight", self.armour_weight == fresh.armour_weight),
        ]
        .into_iter()
        .filter_map(|(key, same)| same.then_some(key))
        .collect()
    }

    /// Whose armour table and DEX table give a character's armor class, on the sheet and in an
    /// export: the campaign's game, as its treasure types say (`campaign set treasure`).
    pub fn armour_table(&self) -> crate::rules::armor_kind::Edition {
        self.treasure.unwrap_or_default().edition()
    }

    /// How long the campaign's rounds last.
    pub fn round(&self) -> crate::rules::clock::Round {
        self.round.unwrap_or_default()
    }
}

/// A character on a session's roster, by id and by name (so the ledger reads on its own).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Member {
    pub character: Id,
    pub name: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Session {
    pub number: u32,
    pub title: Option<String>,
    /// Who went; empty: the whole campaign (a session without a roster).
    pub with: Vec<Member>,
    /// The referee who runs it.
    pub referee: Option<String>,
    /// The expedition's game clock, in rounds: it starts at the world's and runs on its own.
    pub clock: i64,
    pub started_at: String,
    pub started_round: i64,
    /// The ledger number of the `session_started` event.
    pub started_seq: i64,
    pub ended_at: Option<String>,
    pub ended_round: Option<i64>,
    pub ended_seq: Option<i64>,
}

/// The rows an applied event touched: what the store must write back.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Changed {
    pub campaign: bool,
    pub sessions: BTreeSet<u32>,
    pub characters: BTreeSet<Id>,
    pub items: BTreeSet<Id>,
    pub effects: BTreeSet<Id>,
    /// Characters and items the events brought into being, with the number of the event that
    /// did: inserted, where the others are updated.
    pub created: BTreeMap<Id, i64>,
    /// Rows of coins: holders and the campaign's totals.
    pub coins: BTreeSet<CoinRow>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub campaign: Campaign,
    /// The number of the last event recorded in this campaign (0 before the first).
    pub last_seq: i64,
    pub sessions: BTreeMap<u32, Session>,
    pub characters: BTreeMap<Id, Character>,
    pub items: BTreeMap<Id, Item>,
    /// Lasting effects by id (a live command loads those of the characters it touches).
    pub effects: BTreeMap<Id, Effect>,
    /// The coins of the pool, purses and places (`None` until a command that needs them loads
    /// them; replay starts from an empty one).
    pub treasury: Option<Treasury>,
    /// The session the event being recorded or applied falls in (its clock is "now").
    pub current: Option<u32>,
    /// Who of each session ended while this state was built was alive at its end (OSE, *Awarding
    /// XP*: "XP is awarded to all characters who survive an adventure"): a replay of the whole
    /// ledger knows every session's; a live command, none but those it ends.
    pub survivors: BTreeMap<u32, BTreeSet<Id>>,
    pub changed: Changed,
    /// The treasure rolls met, held against their consequences (`ledger::hoards`).
    pub hoards: super::hoards::Hoards,
}

impl State {
    pub fn new(campaign: Campaign, last_seq: i64) -> Self {
        State {
            campaign,
            last_seq,
            sessions: BTreeMap::new(),
            characters: BTreeMap::new(),
            items: BTreeMap::new(),
            effects: BTreeMap::new(),
            treasury: None,
            current: None,
            survivors: BTreeMap::new(),
            changed: Changed::default(),
            hoards: Default::default(),
        }
    }

    /// The game clock of `session` (the expedition's), or the world's outside any session.
    pub fn clock_of(&self, session: Option<u32>) -> i64 {
        session
            .and_then(|n| self.sessions.get(&n))
            .map_or(self.campaign.clock, |s| s.clock)
    }

    /// The game clock now: the current session's, or the world's.
    pub fn now(&self) -> i64 {
        self.clock_of(self.current)
    }

    /// The open sessions, loaded (a write loads them all as it begins).
    pub fn open_sessions(&self) -> impl Iterator<Item = &Session> {
        self.campaign
            .open
            .iter()
            .filter_map(|n| self.sessions.get(n))
    }

    /// The open session whose roster holds `character`, or the open one without a roster.
    pub fn session_of(&self, character: &str) -> Option<u32> {
        session_of(self.open_sessions(), character)
    }

    /// The expedition (an open session with a party) `character` is out on, if any.
    pub fn expedition_of(&self, character: &str) -> Option<u32> {
        self.open_sessions()
            .find(|s| s.with.iter().any(|m| m.character == character))
            .map(|s| s.number)
    }

    /// The encounter under way in the current session, if any.
    pub fn encounter(&self) -> Option<&Encounter> {
        self.campaign
            .encounters
            .iter()
            .find(|e| e.session == self.current)
    }

    /// Whether `character` is in the current session (outside sessions: on no expedition).
    pub fn here(&self, character: &str) -> bool {
        self.session_of(character) == self.current
    }
}

/// Of `open` sessions, the one whose roster holds `character`, or the one without a roster.
pub fn session_of<'a>(mut open: impl Iterator<Item = &'a Session>, character: &str) -> Option<u32> {
    open.find(|s| s.with.is_empty() || s.with.iter().any(|m| m.character == character))
        .map(|s| s.number)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::clock::Round;

    /// An edition sets its settings and says which hold its value; the round only while it
    /// may change; a setting set again alone is no longer the edition's.
    #[test]
    fn an_edition_sets_its_settings_and_knows_which_it_still_holds() {
        let mut settings = Settings::default();
        assert!(settings.from_edition().is_empty(), "no edition, none");
        settings.set(&Setting::Edition(Edition::Ose), true);
        assert_eq!(settings.round, Some(Round::Ose));
        assert_eq!(settings.crumble_wand, Some(0));
        assert_eq!(settings.from_edition().len(), 9);
        settings.set(&Setting::CrumbleWand(Some(50)), true);
        assert!(!settings.from_edition().contains(&"crumble-wand"));
        // Time has passed: AD&D leaves OSE's round, which is then not its own.
        settings.set(&Setting::Edition(Edition::Adnd), false);
        assert_eq!(settings.round, Some(Round::Ose));
        assert_eq!(settings.crumble_wand, None);
        let from = settings.from_edition();
        assert!(
            !from.contains(&"round") && from.contains(&"crumble-wand"),
            "{from:?}"
        );
        assert_eq!(from.len(), 8);
    }
}
