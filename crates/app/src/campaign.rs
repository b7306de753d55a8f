//! `hoard campaign new|list|use|rename|delete|set|show`.

use crate::ctx::Ctx;
use crate::error::Result;
use crate::ledger::state::Edition;
use crate::ledger::{Event, Setting};
use crate::refusal::campaign::Refusal;
use crate::rules::character::check_name;
use crate::rules::sale;
use crate::store::campaigns;
pub use crate::store::campaigns::Summary;
use crate::write::Write;

/// `campaign new NAME [--edition ose|adnd]`: the campaign, with every setting of its edition
/// when one is given (`ledger::state::Edition::settings`), else the defaults.
pub async fn new(
    cx: &mut Ctx,
    name: &str,
    switch: bool,
    edition: Option<Edition>,
) -> Result<String> {
    let name = check_name("campaign", name)?;
    let mut write = Write::new_campaign(&mut cx.db, &name, false).await?;
    if let Some(edition) = edition {
        write.record(Event::SettingChanged {
            setting: Setting::Edition(edition),
        })?;
    }
    write.commit().await?;
    if switch {
        campaigns::set_current(cx.conn(), &name).await?;
    }
    Ok(name)
}

pub async fn list(cx: &mut Ctx) -> Result<Vec<Summary>> {
    Ok(campaigns::list(cx.conn()).await?)
}

/// `campaign rename OLD NEW`: recorded in the campaign's ledger (replay names it so); the
/// campaign in use follows its new name.
pub async fn rename(cx: &mut Ctx, old: &str, new: &str) -> Result<String> {
    let new = check_name("campaign", new)?;
    cx.campaign = Some(old.to_string());
    let mut w = cx.write().await?;
    let old = w.state.campaign.name.clone();
    if !new.eq_ignore_ascii_case(&old) && campaigns::exists(w.conn(), &new).await? {
        return Err(Refusal::NameTaken { name: new }.into());
    }
    w.record(Event::CampaignRenamed { name: new.clone() })?;
    // The campaign in use follows; so does the implicit `default`, used when none is chosen.
    let in_use = match campaigns::current(w.conn()).await? {
        Some(current) => current.eq_ignore_ascii_case(&old),
        None => old.eq_ignore_ascii_case("default"),
    };
    if in_use {
        campaigns::set_current(w.conn(), &new).await?;
    }
    w.commit().await?;
    Ok(new)
}

/// What `campaign delete` removed, or would remove without `--force`.
#[derive(Debug, serde::Serialize)]
pub struct Deleted {
    pub name: String,
    pub events: i64,
}

/// `campaign delete NAME --force`: the campaign and its whole ledger, for good. Without
/// `force` it is refused, saying how much would go.
pub async fn delete(cx: &mut Ctx, name: &str, force: bool) -> Result<Deleted> {
    cx.campaign = Some(name.to_string());
    let mut w = cx.write().await?;
    let deleted = Deleted {
        name: w.state.campaign.name.clone(),
        events: w.state.last_seq,
    };
    if !force {
        return Err(Refusal::Unforced {
            name: deleted.name,
            events: deleted.events,
        }
        .into());
    }
    let id = w.campaign;
    campaigns::delete(w.conn(), id, &deleted.name).await?;
    w.commit().await?;
    cx.made(crate::error::Made::Campaign(deleted.name.clone()));
    Ok(deleted)
}

/// Remember `name` as the campaign in use for later commands (a preference of this database
/// file, not an event of any campaign).
pub async fn switch(cx: &mut Ctx, name: &str) -> Result<String> {
    cx.campaign = Some(name.to_string());
    let found = cx.campaign().await?;
    campaigns::set_current(cx.conn(), &found.campaign.name).await?;
    cx.made(crate::error::Made::Campaign(found.campaign.name.clone()));
    Ok(found.campaign.name)
}

/// `campaign set KEY VALUE`: a campaign setting, recorded in the ledger.
///
/// - `edition`: `ose` or `adnd`, every setting that depends on the game at once
///   (`ledger::state::Edition::settings`; the round only before time passes); each may be set
///   again alone after.
/// - `scroll-fade`: 5 to 30 (%), the fixed chance that an unread scroll fades; `roll` (the
///   default) rolls 1d6 × 5 % for each scroll.
/// - `crumble-rod`, `crumble-wand`: 0 to 100 (%), the chance that a drained rod or staff, or
///   wand, crumbles to dust; `default` for the documented defaults.
/// - `tables`: a folder of edited tables laid over the shipped ones; `shipped` to go back.
/// - `death`: `ose` (the default: dead at 0 HP) or `adnd` (dying from 0 to −9, dead at −10).
/// - `round`: `adnd` (the default: a round is a minute, ten to a turn) or `ose` (ten seconds,
///   sixty to a turn); only before the clock first moves (`rules::clock::round_settable`).
/// - `dead-share`: `survivors` (the default: the dead take no share of treasure) or `heirs`
///   (their share is paid into their purse, for their heirs).
/// - `xp-from`: `found` (the default: experience counts treasure's worth when brought back)
///   or `sold` (coins brought back, and valuables at the price they fetch when sold).
/// - `treasure`: `ose` (the default: Old-School Essentials' treasure types) or `adnd` (AD&D
///   2nd edition's), the types `treasure roll` rolls.
/// - `encumbrance`: `detailed` (the default: OSE's detailed encumbrance, by the weight
///   carried), `basic` (OSE's basic encumbrance, by the armour worn and treasure) or `adnd`
///   (AD&D 2e's, by the weight carried and Strength); `ose-detailed`, `ose-basic` alike.
/// - `magic-items`: `adnd` (the default: the AD&D 2e DMG's magic-item tables) or `ose` (Old-School
///   Essentials'), the tables `generate` and treasure types roll (`rules::magic`).
/// - `magic-column`: `party` (the default: OSE's B column while the party's average level is
///   at most 3, else X), `basic` or `expert` (« the Expert probabilities may always be used »).
/// - `recharge`: `allowed` (the default: the AD&D 2e DMG's) or `none` (OSE: « Recharging: Is
///   not possible »).
/// - `armour-weight`: what a suit of enchanted armour weighs: `nothing` (the default: the AD&D
///   2e DMG's) or `half` (OSE's).
/// - `claim-ties`: `roll` (the default: d100 each among equal claims, highest wins) or
///   `share` (the fewest items won by claims so far, then d100), for `claims settle`.
/// - `referees`: `named` (the default: the referee `--referee` or `HOARD_REFEREE` names, else
///   the session's) or `role` (on PostgreSQL, the role the command connects as).
/// - `living LIFESTYLE|AMOUNT/month`: each character's cost of living a month, from their purse:
///   a lifestyle of the AD&D 2e DMG's Table 22 (`squalid`, `poor`, `middle-class`, `wealthy`;
///   an AD&D campaign's only) or an amount; `training AMOUNT/level`: the cost of training a
///   level gained (`rules::upkeep`); `off` (the default).
/// - `exchange-fee`: 0 to 100 (%), the money-changer's fee on `exchange`; `none` (the
///   default) for none.
/// - `sell-fraction MARKET F`: the fraction of its worth an item fetches on `gems`, `magic` or
///   `equipment` (`rules::sale`), from 0 to 1 (`1.0`, `0.5`, `50%`); `default` for its
///   default.
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
            _ => Err(Refusal::NotPercentage {
                key: key.into(),
                lo,
                hi,
            }
            .into()),
        }
    };
    let setting = match key {
        "scroll-fade" => Setting::ScrollFade(percent(crate::rules::scroll::FADE_CHANCES)?),
        "crumble-rod" => Setting::CrumbleRod(percent(0..=100)?),
        "crumble-wand" => Setting::CrumbleWand(percent(0..=100)?),
        "death" => Setting::Death(match value.trim() {
            "ose" | "default" => None,
            "adnd" | "ad&d" => Some(crate::rules::health::DeathRule::Adnd),
            _ => {
                return Err(Refusal::UnknownDeath.into());
            }
        }),
        "round" | "rounds" | "round-length" => Setting::Round(match value.trim() {
            "adnd" | "ad&d" | "1m" | "minute" | "default" => None,
            "ose" | "10s" | "ten-seconds" => Some(crate::rules::clock::Round::Ose),
            _ => {
                return Err(Refusal::UnknownRound.into());
            }
        }),
        "dead-share" => Setting::DeadShare(match value.trim() {
            "survivors" | "default" => None,
            "heirs" => Some(crate::rules::party::DeadShare::Heirs),
            _ => {
                return Err(Refusal::UnknownDeadShare.into());
            }
        }),
        "exchange-fee" => Setting::ExchangeFee(percent(0..=100)?),
        "xp-from" => Setting::XpFrom(match value.trim() {
            "found" | "default" => None,
            "sold" => Some(crate::rules::xp::Counted::Sold),
            _ => {
                return Err(Refusal::UnknownXpFrom.into());
            }
        }),
        "treasure" | "treasure-types" => Setting::Treasure(match value.trim() {
            "ose" | "default" => None,
            "adnd" | "ad&d" => Some(crate::rules::treasure::System::Adnd),
            _ => {
                return Err(Refusal::UnknownTreasure.into());
            }
        }),
        "encumbrance" => Setting::Encumbrance(match value.trim() {
            "detailed" | "ose-detailed" | "default" => None,
            "basic" | "ose-basic" => Some(crate::rules::encumbrance::System::Basic),
            "adnd" | "ad&d" => Some(crate::rules::encumbrance::System::Adnd),
            _ => {
                return Err(Refusal::UnknownEncumbrance.into());
            }
        }),
        "magic-items" | "magic" => Setting::MagicItems(match value.trim() {
            "adnd" | "ad&d" | "default" => None,
            "ose" => Some(crate::rules::magic::Items::Ose),
            _ => {
                return Err(Refusal::UnknownMagicItems.into());
            }
        }),
        "magic-column" | "column" => Setting::MagicColumn(match value.trim() {
            "party" | "default" => None,
            v => Some(crate::magic::column(v).ok_or(Refusal::UnknownMagicColumn)?),
        }),
        "edition" => Setting::Edition(edition(value).ok_or(Refusal::UnknownEdition)?),
        "recharge" | "recharging" => Setting::Recharge(match value.trim() {
            "allowed" | "yes" | "adnd" | "default" => None,
            "none" | "no" | "ose" => Some(crate::rules::charges::Recharging::None),
            _ => {
                return Err(Refusal::UnknownRecharge.into());
            }
        }),
        "armour-weight" | "armor-weight" => Setting::ArmourWeight(match value.trim() {
            "nothing" | "adnd" | "default" => None,
            "half" | "ose" => Some(crate::rules::armor::ArmourWeight::Half),
            _ => {
                return Err(Refusal::UnknownArmourWeight.into());
            }
        }),
        "rations" => Setting::Rations(match value.trim() {
            "off" | "no" | "default" => None,
            "on" | "yes" => Some(true),
            _ => {
                return Err(Refusal::UnknownRations.into());
            }
        }),
        // Whether a lifestyle has a figure is the campaign's edition's.
        "living" => return living(cx, value).await,
        "training" => Setting::Training(rate(key, value, "level")?),
        "referees" => Setting::Referees(match value.trim() {
            "named" | "default" => None,
            "role" => Some(crate::ledger::state::RefereeFrom::Role),
            _ => {
                return Err(Refusal::UnknownReferees.into());
            }
        }),
        "claim-ties" => Setting::ClaimTies(match value.trim() {
            "roll" | "default" => None,
            "share" => Some(crate::rules::claims::Ties::Share),
            _ => {
                return Err(Refusal::UnknownClaimTies.into());
            }
        }),
        "sell-fraction" => {
            let (market, fraction) = value
                .trim()
                .split_once(char::is_whitespace)
                .ok_or(Refusal::NotSellFraction)?;
            let market = sale::Market::parse(market).ok_or(Refusal::NotSellFraction)?;
            let percent = match fraction.trim() {
                "default" | "défaut" => None,
                f => Some(sale::parse_fraction(f).ok_or(Refusal::NotSellFraction)?),
            };
            Setting::SellFraction { market, percent }
        }
        "tables" if default => Setting::Tables(None),
        "tables" => {
            let dir = std::path::Path::new(value);
            let dir = std::fs::canonicalize(dir).map_err(|e| Refusal::NoTablesFolder {
                folder: value.into(),
                error: e.to_string(),
            })?;
            super::tables::load(Some(&dir)).map_err(super::tables::broken)?;
            Setting::Tables(Some(dir.display().to_string()))
        }
        _ => {
            return Err(Refusal::UnknownSetting { key: key.into() }.into());
        }
    };
    let w = cx.write().await?;
    record(w, setting).await
}

/// `campaign set living`: a lifestyle, an amount a month, or off.
async fn living(cx: &mut Ctx, value: &str) -> Result<Setting> {
    let w = cx.write().await?;
    let back = ["off", "no", "none", "default"];
    let living = super::upkeep::living(value, &back, &w.state.campaign.settings)?;
    record(w, Setting::Living(living)).await
}

/// A lifestyle of the AD&D 2e DMG the campaign or one of its characters lives by: none may
/// stay once the campaign leaves AD&D, for it would have no figure.
async fn lifestyle(w: &mut Write<'_>) -> Result<Option<Refusal>> {
    use crate::rules::upkeep::Living;
    let refusal = |who: Option<String>, l: &crate::rules::upkeep::Lifestyle| {
        let lifestyle = l.key().into();
        Refusal::LivesByLifestyle { who, lifestyle }
    };
    if let Some(Living::Lifestyle(l)) = &w.state.campaign.settings.living {
        return Ok(Some(refusal(None, l)));
    }
    let campaign = w.campaign;
    let characters = crate::store::characters::list(w.conn(), campaign).await?;
    Ok(characters.iter().find_map(|c| match &c.living {
        Some(Living::Lifestyle(l)) => Some(refusal(Some(c.name.clone()), l)),
        _ => None,
    }))
}

/// `setting` recorded.
async fn record(mut w: Write<'_>, setting: Setting) -> Result<Setting> {
    if matches!(setting, Setting::Edition(e) if e != Edition::Adnd)
        && let Some(refusal) = lifestyle(&mut w).await?
    {
        return Err(refusal.into());
    }
    if matches!(setting, Setting::Round(_) | Setting::Edition(_)) {
        // Whether an effect has started decides whether the round may change.
        let campaign = w.campaign;
        let effects = crate::store::effects::all(w.conn(), campaign).await?;
        w.state
            .effects
            .extend(effects.into_iter().map(|e| (e.id.clone(), e)));
    }
    w.record(Event::SettingChanged {
        setting: setting.clone(),
    })?;
    w.commit().await?;
    Ok(setting)
}

/// An edition as typed: `ose` or `adnd` (`ad&d`).
pub fn edition(typed: &str) -> Option<Edition> {
    match typed.trim().to_ascii_lowercase().as_str() {
        "ose" => Some(Edition::Ose),
        "adnd" | "ad&d" => Some(Edition::Adnd),
        _ => None,
    }
}

/// `campaign show`: the campaign in use and its settings.
pub async fn show(cx: &mut Ctx) -> Result<crate::ledger::Campaign> {
    Ok(cx.campaign().await?.campaign)
}

/// A cost `AMOUNT/per` (`100gp/level`), or `None` for `off`.
fn rate(key: &str, value: &str, per: &str) -> Result<Option<crate::rules::coins::Coins>> {
    if matches!(value.trim(), "off" | "no" | "none" | "default") {
        return Ok(None);
    }
    let refused = || Refusal::NotRate {
        key: key.into(),
        per: per.into(),
    };
    Ok(Some(
        crate::rules::upkeep::amount(value, per).ok_or_else(refused)?,
    ))
}
