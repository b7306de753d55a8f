//! A sentient sword's events as the projector applies them: its touch and hold (wounds
//! recomputed from the rolls), control taken, deferred and ended, wielding and powers.

use super::touch;
use crate::event::{Event, Recorded};
use crate::refusal::Refusal;
use crate::rules::health;
use crate::rules::item::{Circumstance, Trigger};
use crate::rules::item::{Control, Slot};
use crate::state::State;

impl State {
    pub(super) fn apply_sword(&mut self, rec: &Recorded) -> Result<(), Refusal> {
        match &rec.event {
            Event::SwordTouched { act, damage, .. } | Event::SwordHeld { act, damage, .. } => {
                let total: i64 = damage.iter().map(|r| r.total).sum();
                let c = self.character_mut(&act.character)?;
                c.hp = health::after_damage(c.hp, u32::try_from(total).unwrap_or(u32::MAX));
                touch(self.item_mut(&act.item)?, &act.character);
            }
            Event::ControlChecked {
                act,
                trigger,
                controlled,
                weapon,
                ..
            } => {
                let i = self.item_mut(&act.item)?;
                if i.sentience().is_none() {
                    return Err(Refusal::NotSentient {
                        item: i.name.clone(),
                    });
                }
                touch(i, &act.character);
                if *controlled {
                    i.control = Some(Control {
                        character: act.character.clone(),
                        trigger: *trigger,
                        since: rec.seq,
                        since_round: rec.game_time,
                        weapon: weapon.clone(),
                        waiting: Vec::new(),
                    });
                }
            }
            Event::ControlDeferred {
                act,
                trigger,
                weapon,
                under,
                ..
            } => {
                if *trigger == Trigger::FirstContact {
                    touch(self.item_mut(&act.item)?, &act.character);
                }
                let master = self.item_mut(under)?;
                let name = master.name.clone();
                let Some(control) = master
                    .control
                    .as_mut()
                    .filter(|c| c.character == act.character)
                else {
                    return Err(Refusal::NotInControl {
                        sword: name,
                        character: act.character_name.clone(),
                    });
                };
                let waiting = Circumstance {
                    sword: act.item.clone(),
                    trigger: *trigger,
                    weapon: weapon.clone(),
                };
                if !control.waiting.contains(&waiting) {
                    control.waiting.push(waiting);
                }
            }
            Event::ControlEnded { act, .. } => {
                let i = self.item_mut(&act.item)?;
                if i.control.as_ref().map(|c| &c.character) != Some(&act.character) {
                    return Err(Refusal::NotInControl {
                        sword: i.name.clone(),
                        character: act.character_name.clone(),
                    });
                }
                i.control = None;
            }
            Event::SwordWielded { act } => {
                let i = self.item_mut(&act.item)?;
                touch(i, &act.character);
                i.worn = Some(Slot::Hand);
            }
            Event::SwordPowerUsed { act, .. } => {
                let i = self.item_mut(&act.item)?;
                if i.worn != Some(Slot::Hand) {
                    return Err(Refusal::NotInHand {
                        item: i.name.clone(),
                    });
                }
            }
            _ => {}
        }
        Ok(())
    }
}
