//! What a roll of the dice or on a table gave.

use crate::ledger::Event;
use crate::view::inert::safe;

/// The rule the event applied and its arithmetic, a line each; `None` for an event of
/// another family.
pub(super) fn explain(event: &Event) -> Option<Vec<String>> {
    let mut lines = Vec::new();
    match event {
        Event::DiceRolled { roll } => lines.push(format!("  {}", roll.describe())),
        Event::TableRolled {
            table, roll, entry, ..
        } => lines.push(format!("  {table}: {} → {}", roll.describe(), safe(entry))),
        Event::TreasureRolled { .. } => return crate::view::treasure::explain(event),
        _ => return None,
    }
    Some(lines)
}
