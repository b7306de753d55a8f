//! `hoard campaign new|list|use`.

use super::{Ctx, Write};
use crate::error::{Error, Result};
use crate::ledger::{Event, Setting};
use crate::rules::character::check_name;
use crate::store::campaigns::{self, Summary};
use crate::tr;

pub async fn new(cx: &mut Ctx, name: &str, switch: bool) -> Result<String> {
    let name = check_name("campaign", name).map_err(|e| Error::Invalid(e.0))?;
    let write = Write::new_campaign(&mut cx.db, &name).await?;
    write.commit().await?;
    if switch {
        campaigns::set_current(cx.conn(), &name).await?;
    }
    Ok(name)
}

pub async fn list(cx: &mut Ctx) -> Result<Vec<Summary>> {
    // Listing on a fresh database shows the `default` campaign every command would use.
    cx.campaign().await?;
    campaigns::list(cx.conn()).await
}

/// Remember `name` as the campaign in use for later commands (a preference of this database
/// file, not an event of any campaign).
pub async fn switch(cx: &mut Ctx, name: &str) -> Result<String> {
    cx.campaign = Some(name.to_string());
    let found = cx.campaign().await?;
    campaigns::set_current(cx.conn(), &found.campaign.name).await?;
    Ok(found.campaign.name)
}

/// `campaign set KEY VALUE`: a campaign setting, recorded in the ledger.
///
/// - `scroll-fade`: 5 to 30 (%), the fixed chance that an unread scroll fades; `roll` (the
///   default) rolls 1d6 × 5 % for each scroll.
/// - `crumble-rod`, `crumble-wand`: 0 to 100 (%), the chance that a drained rod or staff, or
///   wand, crumbles to dust; `default` for the documented defaults.
/// - `tables`: a folder of edited tables laid over the shipped ones; `shipped` to go back.
pub async fn set(cx: &mut Ctx, key: &str, value: &str) -> Result<Setting> {
    let default = matches!(
        value.trim(),
        "default" | "défaut" | "roll" | "shipped" | "none"
    );
    let percent = |range: std::ops::RangeInclusive<u8>| -> Result<Option<u8>> {
        let (lo, hi) = (*range.start(), *range.end());
        if default {
            return Ok(None);
        }
        match value.trim().trim_end_matches('%').parse::<u8>() {
            Ok(n) if (lo..=hi).contains(&n) => Ok(Some(n)),
            _ => Err(Error::Invalid(tr!(
                "{key} must be a percentage from {lo} to {hi}, or `default`",
                "{key} doit être un pourcentage de {lo} à {hi}, ou `default`"
            ))),
        }
    };
    let setting = match key {
        "scroll-fade" => Setting::ScrollFade(percent(crate::rules::scroll::FADE_CHANCES)?),
        "crumble-rod" => Setting::CrumbleRod(percent(0..=100)?),
        "crumble-wand" => Setting::CrumbleWand(percent(0..=100)?),
        "tables" if default => Setting::Tables(None),
        "tables" => {
            let dir = std::path::Path::new(value);
            let dir = std::fs::canonicalize(dir).map_err(|e| {
                Error::NotFound(tr!(
                    "no tables folder {value:?}: {e}",
                    "pas de dossier de tables {value:?} : {e}"
                ))
            })?;
            super::tables::load(Some(&dir)).map_err(super::tables::broken)?;
            Setting::Tables(Some(dir.display().to_string()))
        }
        _ => {
            return Err(Error::Invalid(tr!(
                "unknown setting {key:?}: use scroll-fade, crumble-rod, crumble-wand or tables",
                "réglage inconnu {key:?} : scroll-fade, crumble-rod, crumble-wand ou tables"
            )));
        }
    };
    let mut w = cx.write().await?;
    w.record(Event::SettingChanged {
        setting: setting.clone(),
    })?;
    w.commit().await?;
    Ok(setting)
}

/// `campaign show`: the campaign in use and its settings.
pub async fn show(cx: &mut Ctx) -> Result<crate::ledger::Campaign> {
    Ok(cx.campaign().await?.campaign)
}
