//! One line in the referee's language for each kind of event, its words kept with its family:
//! the campaign, a character, an item, a sentient sword, and coins (`view::money`).

mod campaign;
mod character;
mod item;
mod sword;

pub use campaign::death_rule_name;
pub use item::method_name;
pub use sword::Wills;

use super::tone::Tone;
use crate::i18n::time::GameTime;
use crate::ledger::{Event, Recorded};

/// The line of an event. Each kind is listed here once, by family, so that a new kind of event
/// does not compile until it has its words.
pub fn describe(event: &Event) -> String {
    let line = match event {
        Event::CampaignCreated { .. }
        | Event::CampaignRenamed { .. }
        | Event::SettingChanged { .. }
        | Event::SessionStarted { .. }
        | Event::SessionEnded { .. }
        | Event::TimeAdvanced { .. }
        | Event::DiceRolled { .. }
        | Event::TableRolled { .. }
        | Event::EventsVoided { .. } => campaign::describe(event),
        Event::CharacterAdded { .. }
        | Event::CharacterDamaged { .. }
        | Event::CharacterHealed { .. }
        | Event::CharacterUpdated { .. } => character::describe(event),
        Event::ItemCreated { .. }
        | Event::ItemPassed { .. }
        | Event::ScrollFade { .. }
        | Event::PotionTaken { .. }
        | Event::Identified { .. }
        | Event::SpellCast { .. }
        | Event::ProtectionRead { .. }
        | Event::ItemWorn { .. }
        | Event::ItemRemoved { .. }
        | Event::ChargesSpent { .. }
        | Event::Recharged { .. }
        | Event::BookStudied { .. }
        | Event::ItemTrusted { .. } => item::describe(event),
        Event::SwordTouched { .. }
        | Event::ControlChecked { .. }
        | Event::ControlEnded { .. }
        | Event::SwordHeld { .. }
        | Event::ControlDeferred { .. }
        | Event::SwordWielded { .. }
        | Event::SwordPowerUsed { .. }
        | Event::SwordDemand { .. }
        | Event::EncounterStarted { .. }
        | Event::EncounterEnded { .. } => sword::describe(event),
        Event::CoinsAdded { .. }
        | Event::CoinsSpent { .. }
        | Event::CoinsMoved { .. }
        | Event::CoinsShared { .. }
        | Event::XpAwarded { .. }
        | Event::ItemStashed { .. } => super::money::describe(event),
    };
    line.unwrap_or_default()
}

/// How an event reads at the table: a sword taking control is danger, treasure lost is a
/// loss, treasure found or a will that holds is good news.
pub fn tone(event: &Event) -> Tone {
    match event {
        Event::ControlChecked {
            controlled: true, ..
        } => Tone::Danger,
        Event::SwordDemand { .. } => Tone::Danger,
        Event::ScrollFade { faded: true, .. }
        | Event::SpellCast { failed: true, .. }
        | Event::ChargesSpent { drained: true, .. }
        | Event::ChargesSpent {
            backfired: true, ..
        }
        | Event::CharacterDamaged { .. } => Tone::Loss,
        Event::SwordTouched { damage, .. } | Event::SwordHeld { damage, .. }
            if !damage.is_empty() =>
        {
            Tone::Loss
        }
        Event::ItemCreated { .. }
        | Event::CoinsAdded { .. }
        | Event::XpAwarded { .. }
        | Event::ControlChecked { .. }
        | Event::ControlEnded { .. }
        | Event::CharacterHealed { .. } => Tone::Good,
        _ => Tone::Plain,
    }
}

/// `#12  s3  day 1, 00:10  Arnaud takes 3 damage (8 → 5 HP)`
pub fn line(rec: &Recorded) -> String {
    let session = rec
        .session
        .map(|s| format!("s{s}"))
        .unwrap_or_else(|| "-".into());
    format!(
        "#{:<5} {:<4} {:<14} {}",
        rec.seq,
        session,
        GameTime(rec.game_time),
        describe(&rec.event)
    )
}
