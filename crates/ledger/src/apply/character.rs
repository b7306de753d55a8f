//! A character's events as the projector applies them: arriving, wounds and healing
//! (recomputed from the amounts, a wound showing the curse of the cursed armour worn), raising
//! the dead, and changes to the sheet.

use crate::event::{Event, Recorded};
use crate::refusal::Refusal;
use crate::rules::{armor, health};
use crate::state::State;

impl State {
    pub(super) fn apply_character(&mut self, rec: &Recorded) -> Result<(), Refusal> {
        match &rec.event {
            Event::CharacterAdded { character } => {
                if self.characters.contains_key(&character.id) {
                    return Err(Refusal::CharacterExists {
                        id: character.id.clone(),
                    });
                }
                self.characters
                    .insert(character.id.clone(), character.clone());
                self.changed.characters.insert(character.id.clone());
                self.changed.created.insert(character.id.clone(), rec.seq);
            }
            Event::CharacterDamaged {
                character, amount, ..
            } => {
                let c = self.character_mut(character)?;
                c.hp = health::after_damage(c.hp, *amount);
                // A new wound opens again what was bound.
                c.bound = false;
                // Cursed armour used in combat: its curse shows, and holds its wearer.
                let shown: Vec<_> = self
                    .items
                    .values()
                    .filter(|i| armor::shows_curse(i, character))
                    .map(|i| i.id.clone())
                    .collect();
                for id in shown {
                    self.item_mut(&id)?.attached = true;
                }
            }
            Event::CharacterHealed {
                character, amount, ..
            } => {
                let rule = self.campaign.settings.death.unwrap_or_default();
                let c = self.character_mut(character)?;
                c.hp = health::healed(c.hp, c.hp_max, *amount, rule);
                c.bound = false;
            }
            Event::CharacterRaised {
                character, raising, ..
            } => {
                let c = self.character_mut(character)?;
                (c.hp, c.con) = crate::rules::raise::after(c, raising);
                c.bound = false;
            }
            Event::RetainerHired {
                character,
                name,
                employer,
                employer_name,
                wage,
                per,
            } => {
                if !self.characters.contains_key(employer) {
                    return Err(Refusal::NoCharacter {
                        id: employer.clone(),
                    });
                }
                let c = self.character_mut(character)?;
                let owed = c.hire.as_ref().map_or(0, |h| h.owed);
                if character == employer
                    || c.hire
                        .as_ref()
                        .is_some_and(|h| !h.dismissed || &h.employer != employer && owed > 0)
                    || !wage.is_valid()
                    || wage.is_zero()
                {
                    return Err(Refusal::NotHirable { name: name.clone() });
                }
                c.hire = Some(crate::rules::wages::Hire {
                    employer: employer.clone(),
                    employer_name: employer_name.clone(),
                    wage: *wage,
                    per: *per,
                    owed,
                    dismissed: false,
                });
            }
            Event::RetainerDismissed {
                character,
                name,
                employer,
                ..
            } => {
                let c = self.character_mut(character)?;
                match &mut c.hire {
                    Some(h) if !h.dismissed && &h.employer == employer => {
                        h.dismissed = true;
                        if h.owed == 0 {
                            c.hire = None;
                        }
                    }
                    _ => return Err(Refusal::NotRetained { name: name.clone() }),
                }
            }
            Event::CharacterBound { character, .. } => {
                self.character_mut(character)?.bound = true;
            }
            Event::RationsEaten {
                character,
                used,
                hungry,
                ..
            } => {
                self.burn_pieces(used)?;
                self.character_mut(character)?.hungry = *hungry;
            }
            Event::UpkeepCharged {
                character, owed, ..
            } => self.character_mut(character)?.owed = *owed,
            Event::CharacterBled {
                character,
                rounds,
                lost,
                ..
            } => {
                let c = self.character_mut(character)?;
                c.hp = health::bleed(c.hp, lost.unwrap_or(*rounds));
            }
            Event::CharacterUpdated {
                character, change, ..
            } => {
                let c = self.character_mut(character)?;
                if let Some(level) = change.level {
                    c.level = level;
                }
                if let Some(class) = &change.class {
                    c.class = class.clone();
                }
                if let Some(alignment) = change.alignment {
                    c.alignment = alignment;
                }
                if let Some(str) = change.str {
                    c.str = str;
                }
                if let Some(wis) = change.wis {
                    c.wis = wis;
                }
                if let Some(hp_max) = change.hp_max {
                    c.hp_max = hp_max;
                    c.hp = c.hp.min(hp_max);
                }
                if let Some(reads) = change.reads_magic {
                    c.reads_magic = reads;
                }
                if let Some(literate) = change.literate {
                    c.literate = literate;
                }
                if let Some(reads) = change.reads_languages {
                    c.reads_languages = reads;
                }
                if let Some(living) = change.living {
                    c.living = living;
                }
                change.apply_treasury(c);
            }
            _ => {}
        }
        Ok(())
    }
}
