//! One line in the referee's language for each kind of event.

use super::out::safe;
use crate::ledger::Event;
use crate::ledger::state::Setting;
use crate::tr;

pub fn describe(event: &Event) -> String {
    match event {
        Event::CampaignCreated { name } => {
            let name = safe(name);
            tr!("campaign {name} created", "campagne {name} créée")
        }
        Event::SettingChanged { setting } => {
            let (name, value) = setting_text(setting);
            tr!("setting {name} = {value}", "réglage {name} = {value}")
        }
        Event::SessionStarted { number, title } => {
            let title = title
                .as_deref()
                .map(|t| format!(": {}", safe(t)))
                .unwrap_or_default();
            tr!(
                "session {number} starts{title}",
                "début de la session {number}{title}"
            )
        }
        Event::SessionEnded { number } => {
            tr!("session {number} ends", "fin de la session {number}")
        }
        Event::CharacterAdded { character: c } => {
            let (name, hp) = (safe(&c.name), c.hp_max);
            tr!(
                "{name} joins ({hp} HP)",
                "{name} rejoint la campagne ({hp} PV)"
            )
        }
        Event::CharacterDamaged {
            name, amount, hp, ..
        } => {
            let name = safe(name);
            tr!(
                "{name} takes {amount} damage ({hp} HP left)",
                "{name} subit {amount} dégâts (reste {hp} PV)"
            )
        }
        Event::CharacterHealed {
            name, amount, hp, ..
        } => {
            let name = safe(name);
            tr!(
                "{name} heals {amount} ({hp} HP)",
                "{name} récupère {amount} ({hp} PV)"
            )
        }
        Event::TimeAdvanced { rounds, .. } => {
            let span = crate::rules::clock::span(*rounds);
            tr!("{span} pass", "{span} passent")
        }
        Event::DiceRolled { roll } => {
            let roll = roll.describe();
            tr!("roll {roll}", "jet {roll}")
        }
        Event::TableRolled {
            table, roll, entry, ..
        } => {
            let (roll, entry) = (roll.describe(), safe(entry));
            tr!(
                "table {table}: {roll} → {entry}",
                "table {table} : {roll} → {entry}"
            )
        }
        Event::ItemCreated { item, origin } => {
            let name = safe(item.name());
            if origin.how == "generated" {
                tr!("{name} is found", "{name} est trouvé(e)")
            } else {
                tr!("{name} is added", "{name} est ajouté(e)")
            }
        }
    }
}

fn setting_text(setting: &Setting) -> (&'static str, String) {
    let shown = |v: Option<u8>| {
        v.map(|v| format!("{v}%"))
            .unwrap_or_else(|| "default".into())
    };
    match setting {
        Setting::ScrollFade(v) => ("scroll-fade", shown(*v)),
        Setting::CrumbleRod(v) => ("crumble-rod", shown(*v)),
        Setting::CrumbleWand(v) => ("crumble-wand", shown(*v)),
        Setting::Tables(v) => (
            "tables",
            v.as_deref().map(safe).unwrap_or_else(|| "shipped".into()),
        ),
    }
}
