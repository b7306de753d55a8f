//! One line in the referee's language for each kind of event, its words kept with its family:
//! the campaign, a character, an item, a sentient sword (and encounters), and coins
//! (`view::money`). Each family's `describe` names its own kinds one by one and the other
//! families by their patterns (`ledger::item_events!()` …), and [`tone`] and [`wound`] name
//! every kind: with no `_` arm anywhere (the view denies clippy's `wildcard_enum_match_arm`),
//! a new kind of event does not compile until it is worded, toned, and its wound decided.

mod campaign;
mod character;
mod item;
mod sword;

pub use campaign::{
    armour_weight_name, claim_ties_name, dead_share_name, death_rule_name, edition_name,
    encumbrance_name, lifestyle_name, living, magic_column_name, magic_items_name, on_off, rate,
    recharge_name, referees_name, roster, round_name, treasure_name, xp_from_name,
};
pub use character::{condition, condition_word};
pub use item::{claim_word, method_name};
pub use sword::Wills;

use super::tone::Tone;
use crate::i18n::time::GameTime;
use crate::ledger::{Event, Family, Recorded};

/// The line of an event, worded by its family's module.
pub fn describe(event: &Event) -> String {
    match event.family() {
        Family::Campaign => campaign::describe(event),
        Family::Character => character::describe(event),
        Family::Item => item::describe(event),
        Family::Sword | Family::Encounter => sword::describe(event),
        Family::Coins => super::money::describe(event),
    }
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
        // Wounds no one: each kind named, so that a new one is asked whether it wounds.
        Event::SwordTouched { .. }
        | Event::SwordHeld { .. }
        | Event::CampaignCreated { .. }
        | Event::CampaignRenamed { .. }
        | Event::SettingChanged { .. }
        | Event::SessionStarted { .. }
        | Event::SessionEnded { .. }
        | Event::RefereeAdded { .. }
        | Event::TimeAdvanced { .. }
        | Event::DiceRolled { .. }
        | Event::TableRolled { .. }
        | Event::TreasureRolled { .. }
        | Event::EventsVoided { .. }
        | Event::EncounterStarted { .. }
        | Event::EncounterEnded { .. }
        | Event::CharacterAdded { .. }
        | Event::CharacterHealed { .. }
        | Event::CharacterBound { .. }
        | Event::RationsEaten { .. }
        | Event::RetainerHired { .. }
        | Event::RetainerDismissed { .. }
        | Event::WagesPaid { .. }
        | Event::UpkeepCharged { .. }
        | Event::CharacterRaised { .. }
        | Event::CharacterUpdated { .. }
        | Event::ItemCreated { .. }
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
        | Event::ItemTrusted { .. }
        | Event::LightLit { .. }
        | Event::LightDoused { .. }
        | Event::LightBurnt { .. }
        | Event::ItemRenamed { .. }
        | Event::ValuableDamaged { .. }
        | Event::ClaimMade { .. }
        | Event::ClaimsSettled { .. }
        | Event::ControlChecked { .. }
        | Event::ControlDeferred { .. }
        | Event::ControlEnded { .. }
        | Event::SwordWielded { .. }
        | Event::SwordPowerUsed { .. }
        | Event::SwordDemand { .. }
        | Event::CoinsAdded { .. }
        | Event::CoinsSpent { .. }
        | Event::CoinsMoved { .. }
        | Event::CoinsShared { .. }
        | Event::ItemsSold { .. }
        | Event::CoinsExchanged { .. }
        | Event::XpAwarded { .. }
        | Event::ItemStashed { .. } => None,
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
        Event::CharacterRaised { raising, .. } if raising.raised() => Tone::Good,
        Event::CharacterRaised { .. } => Tone::Loss,
        Event::RationsEaten { hungry, .. } if *hungry > 0 => Tone::Loss,
        Event::WagesPaid { owed, .. } if *owed > 0 => Tone::Loss,
        Event::UpkeepCharged { owed, .. } if *owed > 0 => Tone::Loss,
        // Plain news: each kind named, so that a new one is given a tone.
        Event::RationsEaten { .. }
        | Event::RetainerHired { .. }
        | Event::RetainerDismissed { .. }
        | Event::WagesPaid { .. }
        | Event::UpkeepCharged { .. }
        | Event::ScrollFade { .. }
        | Event::SpellCast { .. }
        | Event::ChargesSpent { .. }
        | Event::SwordTouched { .. }
        | Event::SwordHeld { .. }
        | Event::CampaignCreated { .. }
        | Event::CampaignRenamed { .. }
        | Event::SettingChanged { .. }
        | Event::SessionStarted { .. }
        | Event::SessionEnded { .. }
        | Event::RefereeAdded { .. }
        | Event::TimeAdvanced { .. }
        | Event::DiceRolled { .. }
        | Event::TableRolled { .. }
        | Event::TreasureRolled { .. }
        | Event::EventsVoided { .. }
        | Event::EncounterStarted { .. }
        | Event::EncounterEnded { .. }
        | Event::CharacterAdded { .. }
        | Event::CharacterUpdated { .. }
        | Event::ItemPassed { .. }
        | Event::PotionTaken { .. }
        | Event::Identified { .. }
        | Event::ProtectionRead { .. }
        | Event::ItemWorn { .. }
        | Event::ItemRemoved { .. }
        | Event::Recharged { .. }
        | Event::BookStudied { .. }
        | Event::ItemTrusted { .. }
        | Event::LightLit { .. }
        | Event::LightDoused { .. }
        | Event::LightBurnt { .. }
        | Event::ItemRenamed { .. }
        | Event::ValuableDamaged { .. }
        | Event::ClaimMade { .. }
        | Event::ClaimsSettled { .. }
        | Event::ControlDeferred { .. }
        | Event::SwordWielded { .. }
        | Event::SwordPowerUsed { .. }
        | Event::CoinsSpent { .. }
        | Event::CoinsMoved { .. }
        | Event::CoinsShared { .. }
        | Event::CoinsExchanged { .. }
        | Event::ItemStashed { .. } => Tone::Plain,
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
