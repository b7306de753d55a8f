//! What an event must be to stand in the ledger: the limits the live commands keep to (names,
//! ids, ability scores, hit points, the clock, charges), what it refers to (characters and
//! items that exist; a cause that comes before it), and who may act on what (nobody uses an
//! item another character holds; a bound book or a sword in control stays with its holder).
//!
//! The projector checks every event it applies against these — a live command's, a replay's, an
//! import's — before applying it. A live command never trips them, since its own checks come
//! from the same rules; a campaign file edited by hand, or crafted, is refused at its first bad
//! event, with the reason; and a void that would leave a later event standing on nothing is
//! refused, naming it. Every roll an event holds is one its dice could have given
//! (`rules::dice::Roll::verify`): a roll is read as written, and held to that here.
//!
//! The outcomes an event records (HP after a wound, charges left, the clock after it moved) are
//! not held to the state it meets: the projector recomputes them, and after a void the ledger
//! rightly holds events recorded against a state that is no longer the replayed one.

use super::ID_LIMIT;
use super::event::{Act, Event, Recorded};
use super::names::{id_ok, name_ok};
use super::refusal::Refusal;
use super::state::{Setting, State};
use crate::rules::character::{Character, check_ability, check_hp_max, check_level};
use crate::rules::health::{self, HP_FLOOR};
use crate::rules::knowledge::{self, Method};
use crate::rules::light::Light;
use crate::rules::xp::check_class_level;
use crate::rules::{charges, clock, custody, potion, scroll};
use std::collections::BTreeSet;

impl State {
    /// Whether `rec` could have been recorded now, by the rules of the live commands; why not.
    pub(super) fn admit(&self, rec: &Recorded) -> Result<(), Refusal> {
        self.admit_envelope(rec)?;
        for roll in rec.event.rolls() {
            roll.verify().map_err(|fault| Refusal::Roll { fault })?;
        }
        self.admit_treasury(&rec.event)?;
        match &rec.event {
            Event::CampaignCreated { .. }
            | Event::CampaignRenamed { .. }
            | Event::SettingChanged { .. }
            | Event::SessionStarted { .. }
            | Event::RefereeAdded { .. }
            | Event::TimeAdvanced { .. }
            | Event::TableRolled { .. }
            | Event::TreasureRolled { .. }
            | Event::EventsVoided { .. } => self.admit_campaign(rec),
            Event::CharacterAdded { .. }
            | Event::CharacterDamaged { .. }
            | Event::CharacterHealed { .. }
            | Event::CharacterBound { .. }
            | Event::CharacterRaised { .. }
            | Event::CharacterBled { .. }
            | Event::CharacterUpdated { .. }
            | Event::RationsEaten { .. }
            | Event::UpkeepCharged { .. } => self.admit_character(&rec.event),
            Event::ItemCreated { .. }
            | Event::ItemPassed { .. }
            | Event::ChargesSpent { .. }
            | Event::Recharged { .. }
            | Event::ItemRenamed { .. }
            | Event::ValuableDamaged { .. }
            | Event::ClaimMade { .. }
            | Event::ClaimsSettled { .. } => self.admit_item(&rec.event),
            Event::PotionTaken {
                act,
                oil,
                healed,
                mixed,
                ..
            } => {
                let item = self.held_by(act)?;
                let items = self.campaign.settings.magic_items.unwrap_or_default();
                self.admit_mixing(act, item, *oil, mixed.as_deref(), rec.game_time)?;
                // A dose drunk before hoard rolled healing records none.
                let rule = potion::healing(&act.item_name, items).map(|e| e.to_string());
                match healed {
                    Some(roll) if Some(&roll.expr) != rule.as_ref() => {
                        Err(Refusal::NotItsHealing {
                            item: act.item_name.clone(),
                            expr: roll.expr.clone(),
                        })
                    }
                    _ => Ok(()),
                }
            }
            Event::Identified {
                act,
                method,
                believed: Some(believed),
                ..
            } => {
                let (who, item) = (self.character(&act.character)?, self.item(&act.item)?);
                let told = knowledge::appraise(item, who, Some(*believed)).ok();
                if *method != Method::Appraise || told.and_then(|a| a.believed) != Some(*believed) {
                    return Err(Refusal::NotAnAppraisal {
                        item: act.item_name.clone(),
                    });
                }
                Ok(())
            }
            Event::Identified {
                act,
                through: Some(through),
                ..
            } => {
                self.acting(act)?;
                let sword = self.item(&through.sword)?;
                let controls = sword.control.as_ref().map(|c| &c.character);
                if !scroll::reads_for(sword, &act.character) || controls == Some(&act.character) {
                    return Err(Refusal::NotReadThrough {
                        sword: through.sword_name.clone(),
                        reader: act.character_name.clone(),
                    });
                }
                Ok(())
            }
            Event::ProtectionRead { act, .. }
            | Event::SpellCast { act, .. }
            | Event::ItemWorn { act, .. }
            | Event::ItemRemoved { act, .. }
            | Event::BookStudied { act, .. }
            | Event::SwordWielded { act }
            | Event::SwordPowerUsed { act, .. } => self.held_by(act).map(|_| ()),
            Event::SwordDemand { act, demand } => {
                self.acting(act)?;
                name_ok("demand", demand)
            }
            Event::LightLit { act } => {
                let item = self.held_by(act)?;
                let light = item.identity.light;
                let lights = matches!(light, Some(Light::Torch | Light::Lantern));
                Self::lit_as(act, lights && item.lit.is_none())
            }
            Event::LightDoused { act, burnt } => {
                let item = self.held_by(act)?;
                Self::lit_as(act, item.lit.is_some() && *burnt >= 0)
            }
            Event::LightBurnt { act, used, .. } => {
                let lit = self.held_by(act)?.lit.is_some();
                let there = used.iter().all(|f| {
                    self.items
                        .get(&f.item)
                        .is_some_and(|i| i.identity.count.unwrap_or(1) >= f.pieces)
                });
                Self::lit_as(act, lit && there)
            }
            Event::EncounterStarted { foe, character } => {
                name_ok("foe", &foe.kind)?;
                match character {
                    Some(c) => self.character(c).map(|_| ()),
                    None => Ok(()),
                }
            }
            other => match other.act() {
                Some(act) => self.acting(act),
                None => Ok(()),
            },
        }
    }

    /// The campaign's own events: its name, settings, sessions, clock, tables and voids.
    fn admit_campaign(&self, rec: &Recorded) -> Result<(), Refusal> {
        match &rec.event {
            Event::CampaignCreated { name } | Event::CampaignRenamed { name } => {
                name_ok("campaign", name)
            }
            Event::SettingChanged {
                setting: Setting::Round(round),
            } if *round != self.campaign.settings.round
                && !clock::round_settable(self.now(), self.effects.len()) =>
            {
                Err(Refusal::RoundFixed { clock: self.now() })
            }
            Event::SettingChanged { setting } => setting_ok(setting),
            Event::SessionStarted {
                title,
                with,
                referee,
                ..
            } => {
                if let Some(title) = title {
                    name_ok("session", title)?;
                }
                if let Some(referee) = referee {
                    name_ok("referee", referee)?;
                }
                with.iter().try_for_each(|m| {
                    id_ok(&m.character)?;
                    name_ok("character", &m.name)
                })
            }
            Event::RefereeAdded { name } => name_ok("referee", name),
            Event::TimeAdvanced { rounds, .. } => {
                let to = self.now().checked_add(*rounds);
                if *rounds <= 0 || to.is_none_or(|to| to > clock::MAX_ROUNDS) {
                    return Err(Refusal::ClockLimit);
                }
                Ok(())
            }
            Event::TableRolled { table, .. } => name_ok("table", table),
            // Its rolls are held to its type by `hoards`, with what follows from it.
            Event::TreasureRolled {
                table,
                treasure_type,
                ..
            } => {
                name_ok("table", table)?;
                name_ok("treasure type", treasure_type)
            }
            Event::EventsVoided { target, events } => {
                if !events.contains(target)
                    || events.iter().any(|s| *s < 1 || *s >= rec.seq)
                    || !events.is_sorted_by(|a, b| a < b)
                {
                    return Err(Refusal::VoidOrder { target: *target });
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// A character dying with wounds unbound.
    fn bleeding(&self, id: &str) -> Result<(), Refusal> {
        let c = self.character(id)?;
        let rule = self.campaign.settings.death.unwrap_or_default();
        if c.bound || health::condition(c.hp, rule) != health::Condition::Dying {
            return Err(Refusal::NotBleeding {
                name: c.name.clone(),
            });
        }
        Ok(())
    }

    /// A character's arrival, wounds, healing and sheet.
    fn admit_character(&self, event: &Event) -> Result<(), Refusal> {
        match event {
            Event::CharacterAdded { character } => self.new_character_ok(character),
            Event::CharacterDamaged { character, .. }
            | Event::CharacterHealed { character, .. } => self.character(character).map(|_| ()),
            // Only the dying lose blood, and only until their wounds are bound.
            Event::CharacterBound { character, by, .. } => {
                if let Some(by) = by {
                    self.character(by)?;
                }
                self.bleeding(character)
            }
            Event::CharacterBled {
                character,
                from,
                rounds,
                lost: Some(lost),
                ..
            } => {
                self.bleeding(character)?;
                // The points are the rule's for the time it says passed.
                let c = self.character(character)?;
                let round = self.campaign.settings.round();
                let due = health::bleeding(c.hp, *from, *rounds, round).points;
                if *lost != due || *lost <= 0 {
                    return Err(Refusal::NotBleeding {
                        name: c.name.clone(),
                    });
                }
                Ok(())
            }
            Event::CharacterBled { character, .. } => self.bleeding(character),
            // Rations eaten are the character's own, and there.
            Event::RationsEaten {
                character, used, ..
            } => {
                let c = self.character(character)?;
                // Their own rations, or, for a retainer, their employer's.
                let employer = c.hire.as_ref().and_then(|h| h.upkeep_by());
                let theirs = used.iter().all(|f| {
                    self.items.get(&f.item).is_some_and(|i| {
                        (i.holder.as_ref() == Some(character)
                            || (i.holder.is_some() && i.holder.as_deref() == employer))
                            && i.identity.ration
                            && i.identity.count.unwrap_or(1) >= f.pieces
                    })
                });
                if theirs {
                    Ok(())
                } else {
                    Err(Refusal::NotTheirRations {
                        name: c.name.clone(),
                    })
                }
            }
            // A charge is the character's, owes no less than nothing, and is the cost of
            // living (their own, else the campaign's; a lifestyle's at their level) for its
            // months of whoever lives on it: the character, or a retainer of theirs; a debt
            // paid charges nothing new and leaves less owed.
            Event::UpkeepCharged {
                character,
                upkeep,
                cost,
                owed,
                retainer,
                ..
            } => {
                use crate::rules::upkeep::Upkeep;
                let c = self.character(character)?;
                let lives = match retainer {
                    None => Some(c),
                    Some(r) => self.characters.get(&r.character).filter(|r| {
                        matches!(upkeep, Upkeep::Living { .. })
                            && r.hire.as_ref().and_then(|h| h.upkeep_by()) == Some(character)
                    }),
                };
                let paid = match upkeep {
                    Upkeep::Debt => *cost == 0 && *owed < c.owed,
                    Upkeep::Living { .. } | Upkeep::Training { .. } => true,
                };
                let settings = self.campaign.settings.living;
                let reckons = lives.is_some_and(|l| {
                    upkeep.reckons(
                        *cost,
                        crate::rules::upkeep::monthly(l.living, settings, l.level),
                    )
                });
                // Past what copper can count, a charge stands for nothing.
                let most = cost.checked_add(c.owed).unwrap_or(-1);
                if paid && reckons && *cost >= 0 && (0..=most).contains(owed) {
                    Ok(())
                } else {
                    Err(Refusal::BadCharge {
                        name: c.name.clone(),
                    })
                }
            }
            // Only the dead, by the campaign's death rule's book and their own dice.
            Event::CharacterRaised {
                character, raising, ..
            } => {
                let c = self.character(character)?;
                let rule = self.campaign.settings.death.unwrap_or_default();
                crate::rules::raise::holds(c, rule, raising).map_err(|refusal| {
                    Refusal::NotARaising {
                        name: c.name.clone(),
                        refusal,
                    }
                })
            }
            Event::CharacterUpdated {
                character, change, ..
            } => {
                let c = self.character(character)?;
                if let Some(level) = change.level {
                    check_level(level.into())?;
                }
                let class = change
                    .class
                    .as_ref()
                    .map_or(c.class.as_deref(), |c| c.as_deref());
                check_class_level(class, change.level.unwrap_or(c.level))?;
                if let Some(str) = change.str {
                    check_ability("STR", str.into())?;
                }
                if let Some(wis) = change.wis {
                    check_ability("WIS", wis.into())?;
                }
                if let Some(hp_max) = change.hp_max {
                    check_hp_max(hp_max.into())?;
                }
                if let Some(Some(class)) = &change.class {
                    name_ok("class", class)?;
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// An item's making, passing and charges.
    fn admit_item(&self, event: &Event) -> Result<(), Refusal> {
        match event {
            Event::ItemCreated { item, origin } => {
                id_ok(&item.id)?;
                name_ok("item", &item.name)?;
                name_ok("item", &item.name_fr)?;
                if let Some(holder) = &item.holder {
                    self.character(holder)?;
                }
                if item.charges.is_some_and(|c| c < 0) {
                    return Err(Refusal::NegativeCharges {
                        item: item.name.clone(),
                    });
                }
                // A worth rolled is the roll's: one set by hand has no roll behind it.
                let rolled = crate::rules::generate::rolled_worth(&origin.steps);
                if let Some(worth) = item.identity.value
                    && !origin.steps.is_empty()
                    && rolled != Some(worth)
                {
                    return Err(Refusal::NotItsWorth {
                        item: item.name.clone(),
                        worth,
                        rolled,
                    });
                }
                Ok(())
            }
            Event::ItemPassed { item, from, to, .. } => {
                let i = self.item(item)?;
                let to = match to {
                    Some(to) => Some(self.character(to)?),
                    None => None,
                };
                if i.holder.is_some() && &i.holder != from {
                    return Ok(()); // the projector names this one
                }
                custody::can_pass(i, to).map_err(|_| Refusal::CannotPass {
                    item: i.name.clone(),
                })
            }
            // The live commands' rule: a count it refuses is told here, as a number the event
            // holds; an item it refuses, in the words `use` and `recharge` give.
            Event::ChargesSpent {
                act, charges: n, ..
            } => {
                let i = self.held_by(act)?;
                charges::after_spending(i, *n)
                    .map(|_| ())
                    .map_err(|r| match r {
                        charges::Refusal::NoneSpent | charges::Refusal::TooMany { .. } => {
                            Refusal::CannotSpend {
                                item: i.name.clone(),
                                left: i.charges.unwrap_or(0),
                                asked: *n,
                            }
                        }
                        refusal => Refusal::Charges { refusal },
                    })
            }
            // A name as every name is checked where it comes in: an import's too.
            Event::ItemRenamed {
                item,
                name,
                name_fr,
                ..
            } => {
                self.item(item)?;
                name_ok("item", name)?;
                name_ok("item", name_fr)
            }
            // A claim: on the party's treasure, by a character, for themselves on their link.
            Event::ClaimMade {
                character,
                item,
                author,
                name,
                ..
            } => {
                self.character(character)?;
                self.in_treasure(item)?;
                match author {
                    Some(author) if author != character => Err(Refusal::NotTheirClaim {
                        character: name.clone(),
                    }),
                    _ => Ok(()),
                }
            }
            // A settlement: each item of the party's treasure awarded once, on a need or a want,
            // to the winner of its roll-off when dice were rolled, among characters who take
            // part (not the dead, nor the dying under AD&D's death's door).
            Event::ClaimsSettled { awards, .. } => {
                let rule = self.campaign.settings.death.unwrap_or_default();
                let mut seen = BTreeSet::new();
                for award in awards {
                    let rollers = award.rounds.iter().flatten().map(|r| &r.character);
                    let mut part = true;
                    for id in std::iter::once(&award.character).chain(rollers) {
                        let c = self.character(id)?;
                        part &= crate::rules::claims::takes_part(health::condition(c.hp, rule));
                    }
                    self.in_treasure(&award.item)?;
                    let rolled = crate::rules::claims::By::Roll == award.by;
                    if !seen.insert(&award.item)
                        || !part
                        || award.claim == crate::rules::claims::Claim::Pass
                        || rolled == award.rounds.is_empty()
                        || (rolled
                            && !crate::rules::claims::rolled_off(&award.rounds, &award.character))
                    {
                        return Err(Refusal::NotASettlement {
                            item: award.item_name.clone(),
                        });
                    }
                }
                Ok(())
            }
            // The rule's half of the worth it had, of a piece that can be damaged.
            Event::ValuableDamaged { item, was, now, .. } => {
                let i = self.item(item)?;
                match crate::rules::treasure::damaged(i) {
                    Ok(half) if half == *now && i.identity.value == Some(*was) => Ok(()),
                    Ok(_) => Err(Refusal::NotItsDamage {
                        item: i.name.clone(),
                    }),
                    Err(refusal) => Err(Refusal::Undamageable {
                        item: i.name.clone(),
                        refusal,
                    }),
                }
            }
            Event::Recharged {
                item, charges: n, ..
            } => {
                let i = self.item(item)?;
                let recharging = self.campaign.settings.recharge.unwrap_or_default();
                charges::recharge(i, *n, recharging)
                    .map(|_| ())
                    .map_err(|r| match r {
                        charges::Refusal::OutOfRange => Refusal::CannotRecharge {
                            item: i.name.clone(),
                            asked: *n,
                        },
                        refusal => Refusal::Charges { refusal },
                    })
            }
            _ => Ok(()),
        }
    }

    fn admit_envelope(&self, rec: &Recorded) -> Result<(), Refusal> {
        let creates = matches!(rec.event, Event::CampaignCreated { .. });
        if creates != (rec.seq == 1) {
            return Err(Refusal::FirstEvent);
        }
        if let Some(cause) = rec.cause
            && !(1..rec.seq).contains(&cause)
        {
            return Err(Refusal::CauseAfter { cause });
        }
        if !(0..=clock::MAX_ROUNDS).contains(&rec.game_time) {
            return Err(Refusal::OffClock {
                game_time: rec.game_time,
            });
        }
        if rec.wall_time.len() > ID_LIMIT
            || chrono::DateTime::parse_from_rfc3339(&rec.wall_time).is_err()
        {
            return Err(Refusal::WallTime);
        }
        // Only a referee the campaign names records (a campaign naming none has one, implicit).
        if let Some(r) = &rec.referee
            && self.referee(r) != Some(r.as_str())
        {
            return Err(Refusal::NoReferee { name: r.clone() });
        }
        Ok(())
    }

    fn new_character_ok(&self, c: &Character) -> Result<(), Refusal> {
        id_ok(&c.id)?;
        name_ok("character", &c.name)?;
        check_ability("STR", c.str.into())?;
        check_ability("WIS", c.wis.into())?;
        check_level(c.level.into())?;
        check_class_level(c.class.as_deref(), c.level)?;
        check_hp_max(c.hp_max.into())?;
        if let Some(class) = &c.class {
            name_ok("class", class)?;
        }
        if !(HP_FLOOR..=c.hp_max).contains(&c.hp) {
            return Err(Refusal::HpOutOfRange {
                name: c.name.clone(),
                hp: c.hp,
                hp_max: c.hp_max,
            });
        }
        if self
            .characters
            .values()
            .any(|other| other.name.eq_ignore_ascii_case(&c.name))
        {
            return Err(Refusal::NameTaken {
                name: c.name.clone(),
            });
        }
        Ok(())
    }

    fn character(&self, id: &str) -> Result<&Character, Refusal> {
        self.characters
            .get(id)
            .ok_or_else(|| Refusal::NoCharacter { id: id.into() })
    }

    /// The item, if it is the party's treasure: held by nobody, left nowhere, not used up.
    fn in_treasure(&self, id: &str) -> Result<&crate::Item, Refusal> {
        let item = self.item(id)?;
        if item.holder.is_some() || item.place.is_some() || item.is_gone() {
            return Err(Refusal::NotInTreasure {
                item: item.name.clone(),
            });
        }
        Ok(item)
    }

    fn item(&self, id: &str) -> Result<&crate::Item, Refusal> {
        self.items
            .get(id)
            .ok_or_else(|| Refusal::NoItem { id: id.into() })
    }

    /// The character and item of an act exist.
    fn acting(&self, act: &Act) -> Result<(), Refusal> {
        self.character(&act.character)?;
        self.item(&act.item).map(|_| ())
    }

    /// A dose's mixing (OSE *Potions*, Mixing Potions) as the live drink makes it at `now`:
    /// mixed exactly when a potion still runs on the drinker (in an OSE campaign), cancelling
    /// those and no others, the drinker sick for 3 turns from the drink.
    fn admit_mixing(
        &self,
        act: &Act,
        item: &crate::Item,
        oil: bool,
        mixed: Option<&crate::event::Mixed>,
        now: i64,
    ) -> Result<(), Refusal> {
        let items = self.campaign.settings.magic_items.unwrap_or_default();
        let running: Vec<_> = self
            .effects
            .values()
            .filter(|e| e.character == act.character)
            .cloned()
            .collect();
        let round = self.campaign.settings.round();
        let rule = potion::mixes(item, oil, (items, &running), (now, round));
        let made = rule.as_ref().map(|m| {
            let ids: BTreeSet<&String> = m.cancelled.iter().collect();
            (ids, Some(m.sick_until))
        });
        let said = mixed.map(|m| {
            let sick = &m.sickness;
            let theirs = sick.character == act.character && sick.kind == potion::SICK;
            let ids: BTreeSet<&String> = m.cancelled.iter().map(|e| &e.id).collect();
            (ids, sick.ends_at.filter(|_| theirs))
        });
        if made == said {
            return Ok(());
        }
        Err(Refusal::NotItsMixing {
            item: act.item_name.clone(),
            character: act.character_name.clone(),
            running: rule.map_or(0, |m| u32::try_from(m.cancelled.len()).unwrap_or(u32::MAX)),
        })
    }

    /// The item of an act that only its holder performs (using, drinking, reading, wearing,
    /// studying, wielding): nobody acts on an item another character holds.
    /// A light's event stands only where `stands` (`rules::light`).
    fn lit_as(act: &Act, stands: bool) -> Result<(), Refusal> {
        if stands {
            Ok(())
        } else {
            Err(Refusal::NotAsLit {
                item: act.item_name.clone(),
            })
        }
    }

    fn held_by(&self, act: &Act) -> Result<&crate::Item, Refusal> {
        self.character(&act.character)?;
        let item = self.item(&act.item)?;
        match &item.holder {
            Some(holder) if holder != &act.character => Err(Refusal::HeldByOther {
                item: item.name.clone(),
                character: act.character_name.clone(),
            }),
            _ => Ok(item),
        }
    }
}

fn setting_ok(setting: &Setting) -> Result<(), Refusal> {
    let percent_ok = |value: &Option<u8>, range: std::ops::RangeInclusive<u8>| match value {
        Some(v) if !range.contains(v) => Err(Refusal::PercentOutOfRange {
            value: *v,
            min: *range.start(),
            max: *range.end(),
        }),
        _ => Ok(()),
    };
    match setting {
        Setting::ScrollFade(v) => percent_ok(v, scroll::FADE_CHANCES),
        Setting::CrumbleRod(v) | Setting::CrumbleWand(v) | Setting::ExchangeFee(v) => {
            percent_ok(v, 0..=100)
        }
        Setting::Tables(Some(dir)) if dir.trim().is_empty() => Err(Refusal::TablesFolderEmpty),
        Setting::Tables(Some(_)) => Ok(()),
        Setting::SellFraction { percent, .. } => percent_ok(percent, 0..=100),
        Setting::Tables(None)
        | Setting::Death(_)
        | Setting::Round(_)
        | Setting::DeadShare(_)
        | Setting::XpFrom(_)
        | Setting::Treasure(_)
        | Setting::ClaimTies(_)
        | Setting::Referees(_)
        | Setting::Encumbrance(_)
        | Setting::MagicItems(_)
        | Setting::Recharge(_)
        | Setting::Edition(_)
        | Setting::ArmourWeight(_)
        | Setting::Rations(_)
        | Setting::Living(_)
        | Setting::Training(_)
        | Setting::MagicColumn(_) => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::alignment::Alignment;
    use crate::rules::character::SheetError;
    use crate::rules::item::{Category, Status};
    use crate::state::Item;

    const WHEN: &str = "2026-12-01T20:30:00.000Z";

    fn hero(id: &str, name: &str) -> Character {
        Character {
            name: name.into(),
            alignment: Alignment::Lawful,
            str: 12,
            hp: 8,
            hp_max: 8,
            ..crate::rules::fixtures::character(id)
        }
    }

    fn wand(holder: Option<&str>, charges: i32) -> Item {
        Item {
            id: "w1".into(),
            name: "Wand".into(),
            name_fr: "Baguette".into(),
            category: Category::Wand,
            holder: holder.map(Into::into),
            place: None,
            charges: Some(charges),
            status: Default::default(),
            identity: Default::default(),
            spells: Vec::new(),
            worn: None,
            attached: false,
            known: Default::default(),
            appraised: Default::default(),
            trusted: Vec::new(),
            touched: Vec::new(),
            control: None,
            pooled_in: None,
            lit: None,
            burnt: 0,
        }
    }

    /// A campaign with two characters and a wand of 5 charges held by the first.
    fn state() -> State {
        let mut state = State::blank();
        for event in [
            Event::CampaignCreated { name: "t".into() },
            Event::CharacterAdded {
                character: hero("c1", "Arnaud"),
            },
            Event::CharacterAdded {
                character: hero("c2", "Mordo"),
            },
            Event::ItemCreated {
                item: Box::new(wand(Some("c1"), 5)),
                origin: Box::new(crate::Origin {
                    how: "added".into(),
                    table: None,
                    seed: None,
                    tables: None,
                    steps: Vec::new(),
                    session: None,
                }),
            },
        ] {
            state.record(event, None, WHEN, None).unwrap();
        }
        state
    }

    /// `event` as a live command would record it next, outside sessions.
    fn next(state: &State, event: Event) -> Recorded {
        Recorded {
            seq: state.last_seq + 1,
            cause: None,
            session: None,
            game_time: state.campaign.clock,
            wall_time: WHEN.into(),
            referee: None,
            event,
        }
    }

    fn refused(state: &State, event: Event) -> Refusal {
        state.admit(&next(state, event)).expect_err("refused")
    }

    fn spend(who: &str, charges: u32) -> Event {
        Event::ChargesSpent {
            act: Act {
                item: "w1".into(),
                item_name: "Wand".into(),
                item_name_fr: "Baguette".into(),
                character: who.into(),
                character_name: who.into(),
            },
            charges,
            remaining: 0,
            backfired: false,
            drained: false,
            crumble: None,
        }
    }

    /// An imported damage is the rule's: half the worth the piece had, once, of jewellery.
    #[test]
    fn a_damaged_valuable_loses_half_its_worth_once() {
        use crate::rules::coins::{Coins, Denomination};
        let mut s = state();
        let mut torc = wand(None, 0);
        torc.id = "t1".into();
        torc.category = Category::Valuable;
        torc.charges = None;
        torc.identity.kind = Some("jewelry".into());
        torc.identity.value = Some(Coins::of(Denomination::Gp, 900));
        let origin = crate::Origin {
            how: "added".into(),
            table: None,
            seed: None,
            tables: None,
            steps: Vec::new(),
            session: None,
        };
        let created = Event::ItemCreated {
            item: Box::new(torc),
            origin: Box::new(origin),
        };
        s.record(created, None, WHEN, None).unwrap();
        let damaged = |was: i64, now: i64| Event::ValuableDamaged {
            item: "t1".into(),
            item_name: "Torc".into(),
            item_name_fr: "Torque".into(),
            was: Coins::of(Denomination::Gp, was),
            now: Coins::of(Denomination::Gp, now),
        };
        for wrong in [damaged(900, 100), damaged(1000, 500)] {
            assert!(matches!(refused(&s, wrong), Refusal::NotItsDamage { .. }));
        }
        s.record(damaged(900, 450), None, WHEN, None).unwrap();
        assert!(matches!(
            refused(&s, damaged(450, 225)),
            Refusal::Undamageable { .. }
        ));
    }

    #[test]
    fn a_sheet_the_live_commands_refuse_is_refused() {
        let s = state();
        let mut strong = hero("c3", "Hugo");
        strong.str = 200;
        assert!(matches!(
            refused(&s, Event::CharacterAdded { character: strong }),
            Refusal::Sheet {
                error: SheetError::Ability { value: 200, .. }
            }
        ));
        let nameless = hero("c3", "  ");
        assert!(matches!(
            refused(
                &s,
                Event::CharacterAdded {
                    character: nameless
                }
            ),
            Refusal::Sheet {
                error: SheetError::EmptyName { .. }
            }
        ));
        let twin = hero("c3", "ARNAUD");
        assert!(matches!(
            refused(&s, Event::CharacterAdded { character: twin }),
            Refusal::NameTaken { .. }
        ));
        let mut dead = hero("c3", "Hugo");
        dead.hp = -11;
        assert!(matches!(
            refused(&s, Event::CharacterAdded { character: dead }),
            Refusal::HpOutOfRange { hp: -11, .. }
        ));
        let odd = hero("c\u{1b}[2J", "Hugo");
        assert!(matches!(
            refused(&s, Event::CharacterAdded { character: odd }),
            Refusal::NotAnId { .. }
        ));
    }

    #[test]
    fn charges_are_spent_by_the_holder_within_what_is_left() {
        let s = state();
        assert!(s.admit(&next(&s, spend("c1", 5))).is_ok());
        for asked in [6, 0, 4_000_000_000] {
            assert_eq!(
                refused(&s, spend("c1", asked)),
                Refusal::CannotSpend {
                    item: "Wand".into(),
                    left: 5,
                    asked
                }
            );
        }
        assert!(matches!(
            refused(&s, spend("c2", 1)),
            Refusal::HeldByOther { .. }
        ));
        assert!(matches!(
            refused(&s, spend("nobody", 1)),
            Refusal::NoCharacter { .. }
        ));
    }

    #[test]
    fn charges_follow_the_live_rule_whatever_else_befell_the_item() {
        let recharge = |charges| Event::Recharged {
            item: "w1".into(),
            item_name: "Wand".into(),
            item_name_fr: "Baguette".into(),
            charges,
            remaining: 0,
        };
        let mut s = state();
        for asked in [0, 1_001] {
            assert!(matches!(
                refused(&s, recharge(asked)),
                Refusal::CannotRecharge { .. }
            ));
        }
        let wand = s.items.get_mut("w1").unwrap();
        wand.status = Status::Consumed;
        let rec = |event| next(&s, event);
        assert!(
            s.admit(&rec(recharge(1_000))).is_ok(),
            "only draining ends charges"
        );
        assert!(s.admit(&rec(spend("c1", 5))).is_ok());
        let wand = s.items.get_mut("w1").unwrap();
        wand.charges = Some(i32::MAX);
        assert!(matches!(
            refused(&s, recharge(1)),
            Refusal::Charges {
                refusal: charges::Refusal::NoRoom { .. }
            }
        ));
        let wand = s.items.get_mut("w1").unwrap();
        (wand.status, wand.charges) = (Status::Drained, Some(0));
        assert!(matches!(
            refused(&s, recharge(1)),
            Refusal::Charges {
                refusal: charges::Refusal::Drained { .. }
            }
        ));
        assert!(matches!(
            refused(&s, spend("c1", 1)),
            Refusal::Charges {
                refusal: charges::Refusal::Drained { .. }
            }
        ));
    }

    #[test]
    fn an_item_cannot_enter_with_negative_charges() {
        let s = state();
        let mut item = wand(None, -3);
        item.id = "w2".into();
        let event = Event::ItemCreated {
            item: Box::new(item),
            origin: Box::new(crate::Origin {
                how: "added".into(),
                table: None,
                seed: None,
                tables: None,
                steps: Vec::new(),
                session: None,
            }),
        };
        assert!(matches!(
            refused(&s, event),
            Refusal::NegativeCharges { .. }
        ));
    }

    #[test]
    fn the_clock_moves_forward_and_stops_at_its_limit() {
        let s = state();
        let advance = |rounds| Event::TimeAdvanced { rounds, clock: 0 };
        assert_eq!(refused(&s, advance(0)), Refusal::ClockLimit);
        assert_eq!(
            refused(&s, advance(clock::MAX_ROUNDS + 1)),
            Refusal::ClockLimit
        );
    }

    #[test]
    fn the_envelope_is_held_to_its_place() {
        let s = state();
        let base = Recorded {
            seq: 5,
            cause: None,
            session: None,
            game_time: 0,
            wall_time: WHEN.into(),
            referee: None,
            event: Event::DiceRolled {
                roll: crate::rules::dice::Expr::dice(1, 6).roll(&mut crate::rules::dice::seeded(1)),
            },
        };
        assert!(s.admit(&base).is_ok());
        for cause in [5, 6, 0] {
            let rec = Recorded {
                cause: Some(cause),
                ..base.clone()
            };
            assert_eq!(s.admit(&rec), Err(Refusal::CauseAfter { cause }));
        }
        let rec = Recorded {
            wall_time: "\u{1b}]0;pwned".into(),
            referee: None,
            ..base.clone()
        };
        assert_eq!(s.admit(&rec), Err(Refusal::WallTime));
        let rec = Recorded {
            event: Event::CampaignCreated {
                name: "again".into(),
            },
            ..base.clone()
        };
        assert_eq!(s.admit(&rec), Err(Refusal::FirstEvent));
        // Only a referee the campaign names records, spelled as it names them.
        let by = |name: &str| Recorded {
            referee: Some(name.into()),
            ..base.clone()
        };
        let mut named = s.clone();
        assert_eq!(
            named.admit(&by("Alice")),
            Err(Refusal::NoReferee {
                name: "Alice".into()
            })
        );
        named.campaign.settings.referees.push("Alice".into());
        assert_eq!(named.admit(&by("Alice")), Ok(()));
        assert!(named.admit(&by("alice")).is_err(), "spelled as named");
        assert!(named.admit(&by("Bob")).is_err());
        let first = Recorded { seq: 1, ..base };
        assert_eq!(State::blank().admit(&first), Err(Refusal::FirstEvent));
    }

    #[test]
    fn a_roll_its_dice_could_not_give_is_refused_with_its_fault() {
        let s = state();
        let roll = |faces: Vec<u32>| Event::DiceRolled {
            roll: crate::rules::dice::Roll {
                expr: "1d6".into(),
                total: faces.iter().map(|f| i64::from(*f)).sum(),
                faces,
            },
        };
        assert_eq!(
            refused(&s, roll(vec![9])),
            Refusal::Roll {
                fault: crate::rules::dice::RollFault::Face { face: 9, sides: 6 }
            }
        );
        assert!(matches!(
            refused(&s, roll(vec![1, 2])),
            Refusal::Roll {
                fault: crate::rules::dice::RollFault::Faces { .. }
            }
        ));
    }

    #[test]
    fn a_debt_paid_charges_nothing_and_leaves_less_owed() {
        use crate::rules::upkeep::Upkeep;
        let mut s = state();
        let charge = |upkeep, cost, owed| Event::UpkeepCharged {
            character: "c1".into(),
            name: "Arnaud".into(),
            upkeep,
            cost,
            owed,
            retainer: None,
        };
        // Nothing owed: no debt to pay.
        let bad = Refusal::BadCharge {
            name: "Arnaud".into(),
        };
        assert_eq!(refused(&s, charge(Upkeep::Debt, 0, 0)), bad);
        // A charge as recorded before charges told their rate (nothing to reckon it by).
        let old = Upkeep::Living {
            months: 1,
            lifestyle: None,
            level: None,
            rate: None,
            own: false,
        };
        let living = charge(old, 1_000, 400);
        s.record(living, None, WHEN, None).unwrap();
        assert_eq!(s.admit(&next(&s, charge(Upkeep::Debt, 0, 100))), Ok(()));
        assert_eq!(s.admit(&next(&s, charge(Upkeep::Debt, 0, 0))), Ok(()));
        assert_eq!(
            refused(&s, charge(Upkeep::Debt, 0, 400)),
            bad,
            "nothing paid"
        );
        assert_eq!(refused(&s, charge(Upkeep::Debt, 100, 0)), bad, "a cost");
        // A cost past what copper counts, on top of the 400 owed, stands for nothing (and
        // does not overflow).
        assert_eq!(refused(&s, charge(old, i64::MAX, 0)), bad, "past counting");
    }
}
