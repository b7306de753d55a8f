//! What a write loads into its state as the command names it: characters, items, a holder's
//! holdings and running effects, the coins. Naming a character (by name, as an item's holder,
//! as the one who acts) also chooses the session the command records in ([`crate::choice`]).

use super::Write;
use crate::error::Result;
use crate::ledger::state::Effect;
use crate::ledger::treasury::Treasury;
use crate::ledger::{Character, Item};
use crate::lookup;
use crate::refusal::lookup::Refusal;
use crate::store::{characters, coins, effects, items};

impl Write<'_> {
    /// The character of that name, loaded into the state (or found there).
    pub async fn character(&mut self, name: &str) -> Result<Character> {
        if let Some(c) = self
            .state
            .characters
            .values()
            .find(|c| c.name.eq_ignore_ascii_case(name))
            .cloned()
        {
            self.choice.named_character(&mut self.state, &c)?;
            return Ok(c);
        }
        let character = lookup::character(
            self.db.conn(),
            self.campaign,
            &self.state.campaign.name,
            name,
        )
        .await?;
        self.choice.named_character(&mut self.state, &character)?;
        self.state
            .characters
            .insert(character.id.clone(), character.clone());
        Ok(character)
    }

    /// The item `key` names (id, id prefix or name), loaded into the state. Its holder is
    /// named with it: the command records in their session; an expedition's loot records in
    /// that expedition ([`crate::choice::Choice::named_item`]).
    pub async fn item(&mut self, key: &str) -> Result<Item> {
        let item = lookup::item(self.db.conn(), self.campaign, key).await?;
        self.state.items.insert(item.id.clone(), item.clone());
        self.choice.named_item(&mut self.state, &item)?;
        if let Some(holder) = &item.holder {
            let holder = self.character_by_id(holder).await?;
            self.choice.named_character(&mut self.state, &holder)?;
        }
        Ok(item)
    }

    /// Expedition `session`'s loot, loaded into the state: its end makes it the campaign's.
    pub async fn loot(&mut self, session: u32) -> Result<()> {
        for item in items::in_treasure(self.db.conn(), self.campaign).await? {
            if item.pooled_in == Some(session) {
                self.state.items.entry(item.id.clone()).or_insert(item);
            }
        }
        Ok(())
    }

    /// The item as the events recorded so far have left it.
    pub fn current(&self, id: &str) -> Result<Item> {
        self.state
            .items
            .get(id)
            .cloned()
            .ok_or_else(|| Refusal::ItemNotLoaded { id: id.into() }.into())
    }

    /// A character by id, loaded into the state if it is not there yet.
    pub async fn character_by_id(&mut self, id: &str) -> Result<Character> {
        if let Some(c) = self.state.characters.get(id) {
            return Ok(c.clone());
        }
        let c = characters::by_id(self.db.conn(), self.campaign, id)
            .await?
            .ok_or_else(|| Refusal::CharacterMissing { id: id.into() })?;
        self.state.characters.insert(c.id.clone(), c.clone());
        Ok(c)
    }

    /// Who acts on `item`: the character named by `--by`, else its holder, if [`Write::fit`].
    /// Nobody acts on an item another character holds; an item of the party's treasure needs
    /// `--by`.
    pub async fn actor(&mut self, item: &Item, by: Option<&str>) -> Result<Character> {
        let who = match by {
            Some(name) => Some(self.character(name).await?),
            None => None,
        };
        match (&item.holder, who) {
            (Some(holder), Some(who)) if holder != &who.id => {
                let holder = self.character_by_id(holder).await?;
                Err(Refusal::HeldByAnother {
                    holder: holder.name,
                    item: item.names(),
                    who: who.name,
                }
                .into())
            }
            (_, Some(who)) => self.fit(who).await,
            (Some(holder), None) => {
                let holder = self.character_by_id(holder).await?;
                self.choice.named_character(&mut self.state, &holder)?;
                self.fit(holder).await
            }
            (None, None) => Err(Refusal::InTreasure { item: item.names() }.into()),
        }
    }

    /// `c`, if they can act: the dying and the dead (by the campaign's death rule) cannot.
    pub fn able(&self, c: Character) -> Result<Character> {
        use crate::rules::health::{Condition, condition};
        let (name, hp) = (c.name.clone(), c.hp);
        match condition(hp, self.state.campaign.settings.death.unwrap_or_default()) {
            Condition::Up => Ok(c),
            Condition::Dying => Err(Refusal::Dying { name, hp }.into()),
            Condition::Dead => Err(Refusal::Dead { name, hp }.into()),
        }
    }

    /// `c`, if they can act in the game now: [`Write::able`], and not disabled by potions
    /// mixed (OSE *Potions*, Mixing Potions: « completely disabled for 3 turns »).
    pub async fn fit(&mut self, c: Character) -> Result<Character> {
        let c = self.able(c)?;
        let running = self.effects(&c.id).await?;
        match crate::rules::potion::sick_until(&running, self.now()) {
            Some(until) => Err(Refusal::Sick {
                name: c.name,
                until,
            }
            .into()),
            None => Ok(c),
        }
    }

    /// Everything `character` holds, loaded into the state — rows written by this command
    /// included (the state has them, and the transaction sees what it flushed).
    pub async fn holdings(&mut self, character: &str) -> Result<Vec<Item>> {
        if !self.holdings_loaded.contains(character) {
            let items = items::held_by(self.db.conn(), self.campaign, character).await?;
            for item in items {
                self.state.items.entry(item.id.clone()).or_insert(item);
            }
            self.holdings_loaded.insert(character.to_string());
        }
        Ok(self
            .state
            .items
            .values()
            .filter(|i| i.holder.as_deref() == Some(character))
            .cloned()
            .collect())
    }

    /// The effects still running on `character`, loaded into the state.
    pub async fn effects(&mut self, character: &str) -> Result<Vec<Effect>> {
        let now = self.now();
        let effects = effects::active(self.db.conn(), self.campaign, character, now).await?;
        for e in &effects {
            self.state
                .effects
                .entry(e.id.clone())
                .or_insert_with(|| e.clone());
        }
        Ok(effects)
    }

    /// The campaign's coins, loaded into the state on first use.
    pub async fn treasury(&mut self) -> Result<&Treasury> {
        if self.state.treasury.is_none() {
            let loaded = coins::load(self.db.conn(), self.campaign).await?;
            self.state.treasury = Some(loaded);
        }
        Ok(self.state.treasury.get_or_insert_with(Treasury::default))
    }
}
