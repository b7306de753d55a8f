//! The words of the campaign's own events: its name and settings, sessions, time, rolls on
//! dice and tables, voided events.

use crate::ledger::state::Setting;
use crate::ledger::{self, Event};
use crate::tr;
use crate::view::inert::safe;

/// The line of one of these events (another family's is worded by its own module).
pub(super) fn describe(event: &Event) -> String {
    match event {
        Event::CampaignCreated { name } => {
            let name = safe(name);
            tr!("campaign {name} created", "campagne {name} créée")
        }
        Event::CampaignRenamed { name } => {
            let name = safe(name);
            tr!(
                "the campaign is renamed {name}",
                "la campagne est renommée {name}"
            )
        }
        Event::SettingChanged { setting } => {
            let (name, value) = setting_text(setting);
            tr!("setting {name} = {value}", "réglage {name} = {value}")
        }
        Event::SessionStarted {
            number,
            title,
            with,
            referee,
        } => {
            let title = title
                .as_deref()
                .map(|t| format!(": {}", safe(t)))
                .unwrap_or_default();
            let with = match &with[..] {
                [] => String::new(),
                with => tr!(" (with {})", " (avec {})", roster(with)),
            };
            let referee = referee
                .as_deref()
                .map(|r| tr!(", run by {}", ", menée par {}", safe(r)))
                .unwrap_or_default();
            tr!(
                "session {number} starts{title}{with}{referee}",
                "début de la session {number}{title}{with}{referee}"
            )
        }
        Event::RefereeAdded { name } => {
            let name = safe(name);
            tr!("{name} referees", "{name} est meneur de jeu")
        }
        Event::SessionEnded { number } => {
            tr!("session {number} ends", "fin de la session {number}")
        }
        Event::TimeAdvanced { rounds, .. } => crate::i18n::time::passes(*rounds),
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
        Event::TreasureRolled {
            treasure_type,
            level,
            count,
            found,
            ..
        } => crate::view::treasure::describe(treasure_type, *level, *count, found),
        Event::EventsVoided { target, events } => {
            let list: Vec<String> = events
                .iter()
                .filter(|e| *e != target)
                .map(|e| format!("#{e}"))
                .collect();
            if list.is_empty() {
                tr!(
                    "event #{target} is voided",
                    "l'événement n°{target} est annulé"
                )
            } else {
                let list = list.join(", ");
                tr!(
                    "event #{target} is voided, with what followed from it: {list}",
                    "l'événement n°{target} est annulé, avec ce qui en découlait : {list}"
                )
            }
        }
        ledger::encounter_events!()
        | ledger::character_events!()
        | ledger::item_events!()
        | ledger::sword_events!()
        | ledger::coins_events!() => String::new(),
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
        Setting::Death(v) => ("death", death_rule_name(v.unwrap_or_default()).into()),
        Setting::Round(v) => ("round", round_name(v.unwrap_or_default()).into()),
        Setting::DeadShare(v) => ("dead-share", dead_share_name(v.unwrap_or_default()).into()),
        Setting::XpFrom(v) => ("xp-from", xp_from_name(v.unwrap_or_default()).into()),
        Setting::Treasure(v) => ("treasure", treasure_name(v.unwrap_or_default()).into()),
        Setting::ClaimTies(v) => ("claim-ties", claim_ties_name(v.unwrap_or_default()).into()),
        Setting::Referees(v) => ("referees", referees_name(v.unwrap_or_default()).into()),
        Setting::Encumbrance(v) => (
            "encumbrance",
            encumbrance_name(v.unwrap_or_default()).into(),
        ),
        Setting::MagicItems(v) => (
            "magic-items",
            magic_items_name(v.unwrap_or_default()).into(),
        ),
        Setting::MagicColumn(v) => ("magic-column", magic_column_name(*v).into()),
        Setting::Edition(e) => ("edition", edition_name(*e).into()),
        Setting::Recharge(v) => ("recharge", recharge_name(v.unwrap_or_default()).into()),
        Setting::ArmourWeight(v) => (
            "armour-weight",
            armour_weight_name(v.unwrap_or_default()).into(),
        ),
        Setting::ExchangeFee(v) => ("exchange-fee", format!("{}%", v.unwrap_or(0))),
        Setting::Rations(v) => ("rations", on_off(v.unwrap_or(false)).into()),
        Setting::Living(v) => ("living", living(v.as_ref(), "off")),
        Setting::Training(v) => ("training", rate(v.as_ref(), "level")),
        Setting::SellFraction { market, percent } => (
            "sell-fraction",
            format!("{} {}", market.as_str(), shown(*percent)),
        ),
    }
}

/// A cost a month or a level, as `campaign set` takes it (`100gp/month`), or `off`.
pub fn rate(v: Option<&crate::rules::coins::Coins>, per: &str) -> String {
    v.map(|c| {
        let amount: String = c
            .held()
            .map(|(d, n)| format!("{n}{}", d.as_str()))
            .collect();
        format!("{amount}/{per}")
    })
    .unwrap_or_else(|| "off".into())
}

/// A cost of living as `campaign set living` and `character set NAME living` take it (a
/// lifestyle, `100gp/month`), or `none` (`off`, `campaign`).
pub fn living(v: Option<&crate::rules::upkeep::Living>, none: &str) -> String {
    use crate::rules::upkeep::Living;
    match v {
        Some(Living::Lifestyle(l)) => l.key().into(),
        Some(Living::Amount(amount)) => rate(Some(amount), "month"),
        None => none.into(),
    }
}

/// A lifestyle of the AD&D 2e DMG's Table 22, in the reader's words.
pub fn lifestyle_name(l: crate::rules::upkeep::Lifestyle) -> &'static str {
    use crate::rules::upkeep::Lifestyle;
    match l {
        Lifestyle::Squalid => crate::i18n::pick("squalid", "misérable"),
        Lifestyle::Poor => crate::i18n::pick("poor", "pauvre"),
        Lifestyle::MiddleClass => crate::i18n::pick("middle-class", "classe moyenne"),
        Lifestyle::Wealthy => crate::i18n::pick("wealthy", "riche"),
    }
}

/// A setting that is on or off, as `campaign set` takes it.
pub fn on_off(on: bool) -> &'static str {
    if on { "on" } else { "off" }
}

pub fn round_name(round: crate::rules::clock::Round) -> &'static str {
    match round {
        crate::rules::clock::Round::Adnd => "adnd",
        crate::rules::clock::Round::Ose => "ose",
    }
}

/// The `xp-from` setting's value as typed.
pub fn xp_from_name(counted: crate::rules::xp::Counted) -> &'static str {
    match counted {
        crate::rules::xp::Counted::Found => "found",
        crate::rules::xp::Counted::Sold => "sold",
    }
}

/// A session's party, its names made inert: `Ada, Bran`.
pub fn roster(with: &[ledger::Member]) -> String {
    let names: Vec<String> = with.iter().map(|m| safe(&m.name)).collect();
    names.join(", ")
}

/// The `referees` setting's value as typed.
pub fn referees_name(from: ledger::state::RefereeFrom) -> &'static str {
    match from {
        ledger::state::RefereeFrom::Named => "named",
        ledger::state::RefereeFrom::Role => "role",
    }
}

/// The `claim-ties` setting's value as typed.
pub fn claim_ties_name(ties: crate::rules::claims::Ties) -> &'static str {
    match ties {
        crate::rules::claims::Ties::Roll => "roll",
        crate::rules::claims::Ties::Share => "share",
    }
}

/// The `treasure` setting's value as typed.
pub fn treasure_name(system: crate::rules::treasure::System) -> &'static str {
    match system {
        crate::rules::treasure::System::Ose => "ose",
        crate::rules::treasure::System::Adnd => "adnd",
    }
}

/// The `magic-items` setting's value as typed.
pub fn magic_items_name(items: crate::rules::magic::Items) -> &'static str {
    match items {
        crate::rules::magic::Items::Adnd => "adnd",
        crate::rules::magic::Items::Ose => "ose",
    }
}

/// The `magic-column` setting's value as typed (`party`: by the party's level).
pub fn magic_column_name(column: Option<crate::rules::magic::Column>) -> &'static str {
    match column {
        None => "party",
        Some(crate::rules::magic::Column::Basic) => "basic",
        Some(crate::rules::magic::Column::Expert) => "expert",
    }
}

/// The `edition` setting's value as typed.
pub fn edition_name(edition: ledger::state::Edition) -> &'static str {
    match edition {
        ledger::state::Edition::Ose => "ose",
        ledger::state::Edition::Adnd => "adnd",
    }
}

/// The `recharge` setting's value as typed.
pub fn recharge_name(recharging: crate::rules::charges::Recharging) -> &'static str {
    match recharging {
        crate::rules::charges::Recharging::Allowed => "allowed",
        crate::rules::charges::Recharging::None => "none",
    }
}

/// The `armour-weight` setting's value as typed.
pub fn armour_weight_name(weight: crate::rules::armor::ArmourWeight) -> &'static str {
    match weight {
        crate::rules::armor::ArmourWeight::Nothing => "nothing",
        crate::rules::armor::ArmourWeight::Half => "half",
    }
}

/// The `encumbrance` setting's value as typed.
pub fn encumbrance_name(system: crate::rules::encumbrance::System) -> &'static str {
    match system {
        crate::rules::encumbrance::System::Basic => "basic",
        crate::rules::encumbrance::System::Detailed => "detailed",
        crate::rules::encumbrance::System::Adnd => "adnd",
    }
}

/// The `dead-share` setting's value as typed.
pub fn dead_share_name(rule: crate::rules::party::DeadShare) -> &'static str {
    match rule {
        crate::rules::party::DeadShare::Survivors => "survivors",
        crate::rules::party::DeadShare::Heirs => "heirs",
    }
}

pub fn death_rule_name(rule: crate::rules::health::DeathRule) -> &'static str {
    match rule {
        crate::rules::health::DeathRule::Ose => "ose",
        crate::rules::health::DeathRule::Adnd => "adnd",
    }
}
