//! What a character's events applied: none applies a rule its line leaves out (damage and
//! healing say the hit points left, bleeding its rounds, a sheet what changed). Named one by
//! one all the same, so that a new kind is asked what it has to explain.

use crate::ledger::{self, Event};

/// The rule the event applied and its arithmetic, a line each: none.
pub(super) fn explain(event: &Event) -> Vec<String> {
    match event {
        Event::CharacterAdded { .. }
        | Event::CharacterDamaged { .. }
        | Event::CharacterHealed { .. }
        | Event::CharacterBound { .. }
        | Event::CharacterBled { .. }
        | Event::CharacterUpdated { .. } => Vec::new(),
        ledger::campaign_events!()
        | ledger::encounter_events!()
        | ledger::item_events!()
        | ledger::sword_events!()
        | ledger::coins_events!() => Vec::new(),
    }
}
