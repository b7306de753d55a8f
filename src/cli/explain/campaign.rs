//! What the campaign's own events applied: a roll of the dice or on a table, a hoard rolled.
//! Its other events (sessions, settings, the clock, voids) apply no rule their line leaves out.

use crate::ledger::{self, Event};
use crate::view::inert::safe;

/// The rule the event applied and its arithmetic, a line each; none for another family's
/// (`explain` asks its own module).
pub(super) fn explain(event: &Event) -> Vec<String> {
    match event {
        Event::DiceRolled { roll } => vec![format!("  {}", roll.describe())],
        Event::TableRolled {
            table, roll, entry, ..
        } => vec![format!("  {table}: {} → {}", roll.describe(), safe(entry))],
        Event::TreasureRolled {
            table,
            count,
            found,
            ..
        } => crate::view::treasure::explain(table, *count, found),
        Event::CampaignCreated { .. }
        | Event::CampaignRenamed { .. }
        | Event::SettingChanged { .. }
        | Event::SessionStarted { .. }
        | Event::SessionEnded { .. }
        | Event::RefereeAdded { .. }
        | Event::TimeAdvanced { .. }
        | Event::EventsVoided { .. } => Vec::new(),
        ledger::encounter_events!()
        | ledger::character_events!()
        | ledger::item_events!()
        | ledger::sword_events!()
        | ledger::coins_events!() => Vec::new(),
    }
}
