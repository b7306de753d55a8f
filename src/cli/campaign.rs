//! `hoard campaign …`

use serde_json::json;

use super::args::campaign::CampaignCommand;
use super::out::{Out, table};
use crate::app::{self, Ctx};
use crate::error::Result;
use crate::i18n::time::GameTime;
use crate::tr;
use crate::view::inert::safe;

/// `campaign list`: every campaign of the database (none before the first is created).
pub fn list(out: &mut Out, campaigns: Vec<app::campaign::Summary>) -> Result<()> {
    if out.json() {
        return out.doc(&campaigns);
    }
    let mut t = table(&[
        String::new(),
        tr!("Campaign", "Campagne"),
        tr!("Characters", "Personnages"),
        tr!("Events", "Événements"),
        tr!("Game time", "Temps de jeu"),
        tr!("Created", "Créée"),
    ]);
    for c in campaigns {
        t.add_row(vec![
            if c.current { "*".into() } else { String::new() },
            safe(&c.name),
            c.characters.to_string(),
            c.events.to_string(),
            crate::i18n::time::at(c.clock, c.round),
            c.created_at.chars().take(10).collect::<String>(),
        ]);
    }
    out.listing(
        t,
        &tr!(
            "No campaigns yet: `hoard campaign new NAME --use` starts one.",
            "Aucune campagne encore : `hoard campaign new NOM --use` en commence une."
        ),
    )
}

pub async fn run(cx: &mut Ctx, out: &mut Out, command: CampaignCommand) -> Result<()> {
    match command {
        CampaignCommand::New {
            name,
            switch,
            edition,
        } => {
            let name = app::campaign::new(cx, &name, switch, edition).await?;
            if out.json() {
                return out.doc(&json!({ "name": name, "current": switch }));
            }
            let typed = safe(&crate::i18n::typed(&name));
            let name = safe(&name);
            out.line(&if switch {
                tr!("Created campaign {name}, now in use.", "Campagne {name} créée, désormais en cours.")
            } else {
                tr!(
                    "Created campaign {name}. Use it with `hoard campaign use {typed}` or --campaign {typed}.",
                    "Campagne {name} créée. Utilisez-la avec `hoard campaign use {typed}` ou --campaign {typed}."
                )
            })
        }
        CampaignCommand::List => list(out, app::campaign::list(cx).await?),
        CampaignCommand::Set { key, value } => {
            let setting = app::campaign::set(cx, &key, &value.join(" ")).await?;
            if out.json() {
                return out.doc(&setting);
            }
            out.event(&crate::ledger::Event::SettingChanged { setting })
        }
        CampaignCommand::Show => {
            let c = app::campaign::show(cx).await?;
            if out.json() {
                return out.doc(&c);
            }
            let (name, clock) = (safe(&c.name), GameTime(c.clock));
            out.line(&tr!("Campaign {name}, {clock}", "Campagne {name}, {clock}"))?;
            // A setting that holds its edition's value says so.
            let edition = c.settings.edition.map(crate::view::describe::edition_name);
            let from = c.settings.from_edition();
            let marked = |key: &str, line: String| match edition {
                Some(e) if from.contains(&key) => line + &tr!(" (edition {e})", " (édition {e})"),
                _ => line,
            };
            if let Some(e) = edition {
                out.line(&format!("  edition: {e}"))?;
            }
            let shown = |v: Option<u8>, default: &str| {
                v.map(|v| format!("{v}%"))
                    .unwrap_or_else(|| default.to_string())
            };
            out.line(&tr!(
                "  scroll-fade: {}",
                "  scroll-fade : {}",
                shown(
                    c.settings.scroll_fade,
                    &tr!("1d6 × 5% per scroll", "1d6 × 5 % par parchemin")
                )
            ))?;
            out.line(&marked(
                "crumble-rod",
                format!(
                    "  crumble-rod: {}",
                    shown(
                        c.settings.crumble_rod,
                        &format!("{}%", crate::rules::charges::CRUMBLE_ROD)
                    )
                ),
            ))?;
            out.line(&marked(
                "crumble-wand",
                format!(
                    "  crumble-wand: {}",
                    shown(
                        c.settings.crumble_wand,
                        &format!("{}%", crate::rules::charges::CRUMBLE_WAND)
                    )
                ),
            ))?;
            out.line(&marked(
                "death",
                format!(
                    "  death: {}",
                    crate::view::describe::death_rule_name(c.settings.death.unwrap_or_default())
                ),
            ))?;
            let round = c.settings.round();
            let name = crate::view::describe::round_name(round);
            let seconds = round.seconds();
            out.line(&marked(
                "round",
                tr!(
                    "  round: {name} ({seconds} seconds)",
                    "  round : {name} ({seconds} secondes)"
                ),
            ))?;
            out.line(&format!(
                "  dead-share: {}",
                crate::view::describe::dead_share_name(c.settings.dead_share.unwrap_or_default())
            ))?;
            out.line(&format!(
                "  xp-from: {}",
                crate::view::describe::xp_from_name(c.settings.xp_from.unwrap_or_default())
            ))?;
            out.line(&marked(
                "treasure",
                format!(
                    "  treasure: {}",
                    crate::view::describe::treasure_name(c.settings.treasure.unwrap_or_default())
                ),
            ))?;
            out.line(&marked(
                "magic-items",
                format!(
                    "  magic-items: {}",
                    crate::view::describe::magic_items_name(
                        c.settings.magic_items.unwrap_or_default()
                    )
                ),
            ))?;
            out.line(&format!(
                "  magic-column: {}",
                crate::view::describe::magic_column_name(c.settings.magic_column)
            ))?;
            out.line(&marked(
                "recharge",
                format!(
                    "  recharge: {}",
                    crate::view::describe::recharge_name(c.settings.recharge.unwrap_or_default())
                ),
            ))?;
            out.line(&marked(
                "armour-weight",
                format!(
                    "  armour-weight: {}",
                    crate::view::describe::armour_weight_name(
                        c.settings.armour_weight.unwrap_or_default()
                    )
                ),
            ))?;
            out.line(&format!(
                "  rations: {}",
                crate::view::describe::on_off(c.settings.rations.unwrap_or(false))
            ))?;
            out.line(&format!(
                "  living: {}",
                crate::view::describe::living(c.settings.living.as_ref(), "off")
            ))?;
            out.line(&format!(
                "  training: {}",
                crate::view::describe::rate(c.settings.training.as_ref(), "level")
            ))?;
            out.line(&marked(
                "encumbrance",
                format!(
                    "  encumbrance: {}",
                    crate::view::describe::encumbrance_name(
                        c.settings.encumbrance.unwrap_or_default()
                    )
                ),
            ))?;
            out.line(&format!(
                "  claim-ties: {}",
                crate::view::describe::claim_ties_name(c.settings.claim_ties.unwrap_or_default())
            ))?;
            let from =
                crate::view::describe::referees_name(c.settings.referee_from.unwrap_or_default());
            let names: Vec<String> = c.settings.referees.iter().map(|r| safe(r)).collect();
            out.line(&match names[..] {
                [] => format!("  referees: {from}"),
                _ => format!("  referees: {from} ({})", names.join(", ")),
            })?;
            let fee = c.settings.exchange_fee.unwrap_or(0);
            out.line(&format!("  exchange-fee: {fee}%"))?;
            for market in crate::rules::sale::Market::ALL {
                let percent = c.settings.sell_percent(market);
                out.line(&format!("  sell-fraction {}: {percent}%", market.as_str()))?;
            }
            out.line(&format!(
                "  tables: {}",
                c.settings
                    .tables
                    .as_deref()
                    .map(safe)
                    .unwrap_or_else(|| "shipped".into())
            ))
        }
        CampaignCommand::Rename { name, new_name } => {
            let new = app::campaign::rename(cx, &name, &new_name).await?;
            if out.json() {
                return out.doc(&json!({ "name": new, "was": name }));
            }
            let (old, new) = (safe(&name), safe(&new));
            out.line(&tr!(
                "Campaign {old} is now {new}.",
                "La campagne {old} s'appelle désormais {new}."
            ))
        }
        CampaignCommand::Delete { name, force } => {
            let deleted = app::campaign::delete(cx, &name, force).await?;
            if out.json() {
                return out.doc(&deleted);
            }
            let [en, fr] = crate::i18n::EVENT;
            let (name, events) = (
                safe(&deleted.name),
                crate::i18n::counted(deleted.events, en, fr),
            );
            out.line(&tr!(
                "Deleted campaign {name} and its {events}.",
                "Campagne {name} supprimée, avec ses {events}."
            ))
        }
        CampaignCommand::Use { name } => {
            let name = app::campaign::switch(cx, &name).await?;
            if out.json() {
                return out.doc(&json!({ "name": name, "current": true }));
            }
            let name = safe(&name);
            out.line(&tr!(
                "Now using campaign {name}.",
                "Campagne en cours : {name}."
            ))
        }
    }
}
