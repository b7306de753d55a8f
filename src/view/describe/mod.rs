//! One line in the referee's language for each kind of event, its words kept with its family:
//! the campaign, a character, an item, a sentient sword, and coins (`view::money`).

mod campaign;
mod character;
mod item;
mod sword;

pub use campaign::{
    claim_ties_name, dead_share_name, death_rule_name, encumbrance_name, referees_name, roster,
    round_name, treasure_name, xp_from_name,
};
pub use character::{condition, condition_word};
pub use item::{claim_word, method_name};
pub use sword::Wills;

use super::tone::Tone;
use crate::i18n::time::GameTime;
use crate::ledger::{Event, Family, Recorded};

/// The line of an event, worded by its family's module.
pub fn describe(event: &Event) -> String {
    let line = match event.family() {
        Family::Campaign => campaign::describe(event),
        Family::Character => character::describe(event),
        Family::Item => item::describe(event),
        Family::Sword | Family::Encounter => sword::describe(event),
        Family::Coins => super::money::describe(event),
    };
    line.unwrap_or_default()
}

/// The character a wound hurt and the hit points it left them: a sword's touch or hold that
/// dealt damage, or damage.
pub fn wound(event: &Event) -> Option<(&str, i32)> {
    match event {
        Event::SwordTouched {
            act, damage, hp, ..
        }
        | Event::SwordHeld {
            act, damage, hp, ..
        } if !damage.is_empty() => Some((&act.character_name, *hp)),
        Event::CharacterDamaged { name, hp, .. } | Event::CharacterBled { name, hp, .. } => {
            Some((name, *hp))
        }
        _ => None,
    }
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
        | Event::CharacterDamaged { .. }
        | Event::CharacterBled { .. } => Tone::Loss,
        Event::SwordTouched { damage, .. } | Event::SwordHeld { damage, .. }
            if !damage.is_empty() =>
        {
            Tone::Loss
        }
        Event::ItemCreated { .. }
        | Event::CoinsAdded { .. }
        | Event::ItemsSold { .. }
        | Event::XpAwarded { .. }
        | Event::ControlChecked { .. }
        | Event::ControlEnded { .. }
        | Event::CharacterHealed { .. }
        | Event::CharacterBound { .. } => Tone::Good,
        _ => Tone::Plain,
    }
}

/// `#12  s3  day 1, 00:10  Arnaud takes 3 damage (8 → 5 HP)`
pub fn line(rec: &Recorded) -> String {
    let session = rec
        .session
        .map(|s| format!("s{s}"))
        .unwrap_or_else(|| "-".into());
    // Who recorded it, where the campaign names its referees.
    let by = rec
        .referee
        .as_deref()
        .map(|r| format!("[{}] ", crate::view::inert::safe(r)))
        .unwrap_or_default();
    format!(
        "#{:<5} {:<4} {:<14} {by}{}",
        rec.seq,
        session,
        GameTime(rec.game_time),
        describe(&rec.event)
    )
}
