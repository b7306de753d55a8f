//! What a sentient sword's event applied: touch and holding damage round by round, the will
//! against will of a control check, why control ended or waits. Wielding, a power used, a
//! demand and an encounter's events apply no rule their line leaves out.

use crate::i18n::pick;
use crate::i18n::time::GameTime;
use crate::ledger::{self, Event};
use crate::rules::statement::Statement;
use crate::rules::{control, sword};
use crate::tr;
use crate::view::describe::Wills;
use crate::view::inert::safe;

/// The rule the event applied and its arithmetic, a line each; none for another family's
/// (`explain` asks its own module).
pub(super) fn explain(event: &Event) -> Vec<String> {
    let mut lines = Vec::new();
    let mut rule = |s: Statement| lines.push(format!("  {}", pick(s.en, s.fr)));
    match event {
        Event::ControlChecked {
            act,
            trigger,
            sword_will,
            character_will,
            controlled,
            ..
        } => {
            rule(control::CHECK);
            lines.push(tr!(
                "  trigger: {}",
                "  déclencheur : {}",
                crate::view::words::trigger(*trigger)
            ));
            let wills = Wills {
                sword: sword_will,
                wielder: character_will,
                controlled: *controlled,
                who: &act.character_name,
            };
            lines.push(format!("  {wills}"));
        }
        Event::ControlEnded { reason, .. } => {
            rule(control::ENDING);
            lines.push(format!("  {}", crate::view::words::reason(*reason)));
        }
        Event::SwordTouched { damage, hp, .. } => {
            rule(sword::TOUCH);
            for (n, roll) in damage.iter().enumerate() {
                lines.push(tr!(
                    "  round {}: {}",
                    "  round {} : {}",
                    n + 1,
                    roll.describe()
                ));
            }
            lines.push(tr!("  {hp} HP left", "  reste {hp} PV"));
        }
        Event::SwordHeld {
            from, damage, hp, ..
        } => {
            rule(sword::HELD);
            for (n, roll) in damage.iter().enumerate() {
                let at = GameTime(from + n as i64);
                lines.push(tr!(
                    "  round at {at}: {}",
                    "  round du {at} : {}",
                    roll.describe()
                ));
            }
            lines.push(tr!("  {hp} HP left", "  reste {hp} PV"));
        }
        Event::ControlDeferred { under_name, .. } => {
            rule(control::ONE_MASTER);
            let under = safe(under_name);
            lines.push(tr!("  waits on {under}", "  attend {under}"));
        }
        Event::SwordWielded { .. }
        | Event::SwordPowerUsed { .. }
        | Event::SwordDemand { .. }
        | Event::EncounterStarted { .. }
        | Event::EncounterEnded { .. } => {}
        ledger::campaign_events!()
        | ledger::character_events!()
        | ledger::item_events!()
        | ledger::coins_events!() => {}
    }
    lines
}
