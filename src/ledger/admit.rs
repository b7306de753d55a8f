//! What an event must be to stand in the ledger: the limits the live commands keep to (names,
//! ids, ability scores, hit points, the clock, charges), what it refers to (characters and
//! items that exist; a cause that comes before it), and who may act on what (nobody uses an
//! item another character holds; a bound book or a sword in control stays with its holder).
//!
//! The projector checks every event it applies against these — a live command's, a replay's, an
//! import's — before applying it. A live command never trips them, since its own checks come
//! from the same rules; a campaign file edited by hand, or crafted, is refused at its first bad
//! event, with the reason; and a void that would leave a later event standing on nothing is
//! refused, naming it. (Dice are checked as they are read: see `rules::dice::Roll`.)
//!
//! The outcomes an event records (HP after a wound, charges left, the clock after it moved) are
//! not held to the state it meets: the projector recomputes them, and after a void the ledger
//! rightly holds events recorded against a state that is no longer the replayed one.

use super::event::{Act, Event, Recorded};
use super::state::{Setting, State};
use crate::i18n::{CHARGE, counted};
use crate::rules::character::{Character, check_ability, check_hp_max, check_level, check_name};
use crate::rules::health::HP_FLOOR;
use crate::rules::{charges, clock, custody, scroll};
use crate::tr;

/// The longest id hoard accepts: its own are UUIDs (36 characters).
const ID_LIMIT: usize = 64;

impl State {
    /// Whether `rec` could have been recorded now, by the rules of the live commands; why not.
    pub(super) fn admit(&self, rec: &Recorded) -> Result<(), String> {
        self.admit_envelope(rec)?;
        self.admit_treasury(&rec.event)?;
        match &rec.event {
            Event::CampaignCreated { name } | Event::CampaignRenamed { name } => {
                name_ok("campaign", name)
            }
            Event::SettingChanged { setting } => setting_ok(setting),
            Event::SessionStarted { title, .. } => match title {
                Some(title) => name_ok("session", title),
                None => Ok(()),
            },
            Event::CharacterAdded { character } => self.new_character_ok(character),
            Event::CharacterDamaged { character, .. }
            | Event::CharacterHealed { character, .. } => self.character(character).map(|_| ()),
            Event::CharacterUpdated {
                character, change, ..
            } => {
                self.character(character)?;
                if let Some(level) = change.level {
                    sheet(check_level(level.into()))?;
                }
                if let Some(str) = change.str {
                    sheet(check_ability("STR", str.into()))?;
                }
                if let Some(wis) = change.wis {
                    sheet(check_ability("WIS", wis.into()))?;
                }
                if let Some(hp_max) = change.hp_max {
                    sheet(check_hp_max(hp_max.into()))?;
                }
                if let Some(Some(class)) = &change.class {
                    name_ok("class", class)?;
                }
                Ok(())
            }
            Event::TimeAdvanced { rounds, .. } => {
                let to = self.campaign.clock.checked_add(*rounds);
                if *rounds <= 0 || to.is_none_or(|to| to > clock::MAX_ROUNDS) {
                    return Err(tr!(
                        "the clock moves forward, and stops at {} rounds",
                        "l'horloge avance, et s'arrête à {} rounds",
                        clock::MAX_ROUNDS
                    ));
                }
                Ok(())
            }
            Event::TableRolled { table, .. } => name_ok("table", table),
            Event::ItemCreated { item, .. } => {
                id_ok(&item.id)?;
                name_ok("item", &item.name)?;
                name_ok("item", &item.name_fr)?;
                if let Some(holder) = &item.holder {
                    self.character(holder)?;
                }
                if item.charges.is_some_and(|c| c < 0) {
                    return Err(tr!(
                        "{} holds negative charges",
                        "{} a des charges négatives",
                        item.name
                    ));
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
                custody::can_pass(i, to).map_err(|_| {
                    tr!(
                        "{} cannot pass from its holder now (bound, gone, in a sword's control, or already there)",
                        "{} ne peut pas quitter son porteur maintenant (lié, disparu, sous le contrôle d'une épée, ou déjà là)",
                        i.name
                    )
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
                            let left = counted(i.charges.unwrap_or(0), CHARGE, CHARGE);
                            tr!(
                                "{} holds {left}: {n} cannot be spent",
                                "{} a {left} : on ne peut pas en dépenser {n}",
                                i.name
                            )
                        }
                        other => crate::i18n::Worded(&other).to_string(),
                    })
            }
            Event::Recharged {
                item, charges: n, ..
            } => {
                let i = self.item(item)?;
                charges::recharge(i, *n).map(|_| ()).map_err(|r| match r {
                    charges::Refusal::OutOfRange => tr!(
                        "{} cannot take {n} more charges (1 to {} at a time)",
                        "{} ne peut pas prendre {n} charges de plus (de 1 à {} à la fois)",
                        i.name,
                        charges::RECHARGE_LIMIT
                    ),
                    other => crate::i18n::Worded(&other).to_string(),
                })
            }
            Event::PotionTaken { act, .. }
            | Event::ProtectionRead { act, .. }
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
            Event::EncounterStarted {
                character: Some(c), ..
            } => self.character(c).map(|_| ()),
            Event::EventsVoided { target, events } => {
                if !events.contains(target)
                    || events.iter().any(|s| *s < 1 || *s >= rec.seq)
                    || !events.is_sorted_by(|a, b| a < b)
                {
                    return Err(tr!(
                        "it must void earlier events, in order, the first of them #{target}",
                        "il doit annuler des événements antérieurs, dans l'ordre, dont le n°{target}"
                    ));
                }
                Ok(())
            }
            other => match other.act() {
                Some(act) => self.acting(act),
                None => Ok(()),
            },
        }
    }

    fn admit_envelope(&self, rec: &Recorded) -> Result<(), String> {
        let creates = matches!(rec.event, Event::CampaignCreated { .. });
        if creates != (rec.seq == 1) {
            return Err(tr!(
                "a campaign's first event creates it, and only its first",
                "le premier événement d'une campagne la crée, et lui seul"
            ));
        }
        if let Some(cause) = rec.cause
            && !(1..rec.seq).contains(&cause)
        {
            return Err(tr!(
                "its cause #{cause} does not come before it",
                "sa cause, le n°{cause}, ne le précède pas"
            ));
        }
        if !(0..=clock::MAX_ROUNDS).contains(&rec.game_time) {
            return Err(tr!(
                "its game time {} is off the clock (0 to {} rounds)",
                "son temps de jeu {} est hors de l'horloge (0 à {} rounds)",
                rec.game_time,
                clock::MAX_ROUNDS
            ));
        }
        if rec.wall_time.len() > ID_LIMIT
            || chrono::DateTime::parse_from_rfc3339(&rec.wall_time).is_err()
        {
            return Err(tr!(
                "its wall time is not a date and time such as 2026-12-01T20:30:00.000Z",
                "son heure n'est pas une date et une heure comme 2026-12-01T20:30:00.000Z"
            ));
        }
        Ok(())
    }

    fn new_character_ok(&self, c: &Character) -> Result<(), String> {
        id_ok(&c.id)?;
        name_ok("character", &c.name)?;
        sheet(check_ability("STR", c.str.into()))?;
        sheet(check_ability("WIS", c.wis.into()))?;
        sheet(check_level(c.level.into()))?;
        sheet(check_hp_max(c.hp_max.into()))?;
        if let Some(class) = &c.class {
            name_ok("class", class)?;
        }
        if !(HP_FLOOR..=c.hp_max).contains(&c.hp) {
            return Err(tr!(
                "{} has {} HP: from {HP_FLOOR} to the maximum, {}",
                "{} a {} PV : de {HP_FLOOR} au maximum, {}",
                c.name,
                c.hp,
                c.hp_max
            ));
        }
        if self
            .characters
            .values()
            .any(|other| other.name.eq_ignore_ascii_case(&c.name))
        {
            return Err(tr!(
                "a character is already named {:?}",
                "un personnage s'appelle déjà {:?}",
                c.name
            ));
        }
        Ok(())
    }

    fn character(&self, id: &str) -> Result<&Character, String> {
        self.characters
            .get(id)
            .ok_or_else(|| tr!("no character {id}", "aucun personnage {id}"))
    }

    fn item(&self, id: &str) -> Result<&crate::ledger::Item, String> {
        self.items
            .get(id)
            .ok_or_else(|| tr!("no item {id}", "aucun objet {id}"))
    }

    /// The character and item of an act exist.
    fn acting(&self, act: &Act) -> Result<(), String> {
        self.character(&act.character)?;
        self.item(&act.item).map(|_| ())
    }

    /// The item of an act that only its holder performs (using, drinking, reading, wearing,
    /// studying, wielding): nobody acts on an item another character holds.
    fn held_by(&self, act: &Act) -> Result<&crate::ledger::Item, String> {
        self.character(&act.character)?;
        let item = self.item(&act.item)?;
        match &item.holder {
            Some(holder) if holder != &act.character => Err(tr!(
                "{} is held by someone else, not {}",
                "{} est porté par quelqu'un d'autre, pas par {}",
                item.name,
                act.character_name
            )),
            _ => Ok(item),
        }
    }
}

/// A character sheet's value, checked by the rule `character add` and `character set` use.
fn sheet<T>(checked: Result<T, crate::rules::character::SheetError>) -> Result<(), String> {
    checked
        .map(|_| ())
        .map_err(|e| crate::i18n::Worded(&e).to_string())
}

/// A name a referee could have typed: not blank, not too long.
fn name_ok(what: &str, name: &str) -> Result<(), String> {
    check_name(what, name)
        .map(|_| ())
        .map_err(|e| crate::i18n::Worded(&e).to_string())
}

/// An id as hoard makes them: letters, digits, `-` and `_`, and not too long.
fn id_ok(id: &str) -> Result<(), String> {
    if id.is_empty()
        || id.len() > ID_LIMIT
        || !id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        return Err(tr!(
            "{id:?} is not an id (letters, digits and dashes, {ID_LIMIT} at most)",
            "{id:?} n'est pas un identifiant (lettres, chiffres et tirets, {ID_LIMIT} au plus)"
        ));
    }
    Ok(())
}

fn setting_ok(setting: &Setting) -> Result<(), String> {
    let percent = |value: &Option<u8>, range: std::ops::RangeInclusive<u8>| match value {
        Some(v) if !range.contains(v) => Err(tr!(
            "{v}% is out of range: from {} to {}",
            "{v} % hors limites : de {} à {}",
            range.start(),
            range.end()
        )),
        _ => Ok(()),
    };
    match setting {
        Setting::ScrollFade(v) => percent(v, scroll::FADE_CHANCES),
        Setting::CrumbleRod(v) | Setting::CrumbleWand(v) => percent(v, 0..=100),
        Setting::Tables(Some(dir)) if dir.trim().is_empty() => Err(tr!(
            "the tables folder is empty: give a folder",
            "le dossier de tables est vide : donnez un dossier"
        )),
        Setting::Tables(Some(_)) => Ok(()),
        Setting::Tables(None) | Setting::Death(_) => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ledger::state::Item;
    use crate::rules::alignment::Alignment;
    use crate::rules::item::{Category, Status};

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
            trusted: Vec::new(),
            touched: Vec::new(),
            control: None,
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
                origin: Box::new(crate::ledger::Origin {
                    how: "added".into(),
                    table: None,
                    seed: None,
                    tables: None,
                    steps: Vec::new(),
                }),
            },
        ] {
            state.record(event, None, WHEN).unwrap();
        }
        state
    }

    fn refused(state: &State, event: Event) -> String {
        let rec = Recorded {
            seq: state.last_seq + 1,
            cause: None,
            session: None,
            game_time: state.campaign.clock,
            wall_time: WHEN.into(),
            event,
        };
        state.admit(&rec).expect_err("refused")
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

    #[test]
    fn a_sheet_the_live_commands_refuse_is_refused() {
        let s = state();
        let mut strong = hero("c3", "Hugo");
        strong.str = 200;
        assert!(refused(&s, Event::CharacterAdded { character: strong }).contains("STR 200"));
        let nameless = hero("c3", "  ");
        assert!(
            refused(
                &s,
                Event::CharacterAdded {
                    character: nameless
                }
            )
            .contains("empty")
        );
        let twin = hero("c3", "ARNAUD");
        assert!(refused(&s, Event::CharacterAdded { character: twin }).contains("already"));
        let mut dead = hero("c3", "Hugo");
        dead.hp = -11;
        assert!(refused(&s, Event::CharacterAdded { character: dead }).contains("-11"));
        let odd = hero("c\u{1b}[2J", "Hugo");
        assert!(refused(&s, Event::CharacterAdded { character: odd }).contains("not an id"));
    }

    #[test]
    fn charges_are_spent_by_the_holder_within_what_is_left() {
        let s = state();
        assert!(
            s.admit(&Recorded {
                seq: 5,
                cause: None,
                session: None,
                game_time: 0,
                wall_time: WHEN.into(),
                event: spend("c1", 5),
            })
            .is_ok()
        );
        assert!(refused(&s, spend("c1", 6)).contains("5 charges"));
        assert!(refused(&s, spend("c1", 0)).contains("5 charges"));
        assert!(refused(&s, spend("c1", 4_000_000_000)).contains("5 charges"));
        assert!(refused(&s, spend("c2", 1)).contains("someone else"));
        assert!(refused(&s, spend("nobody", 1)).contains("no character"));
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
        assert!(refused(&s, recharge(0)).contains("1 to 1000 at a time"));
        assert!(refused(&s, recharge(1_001)).contains("1 to 1000 at a time"));
        let wand = s.items.get_mut("w1").unwrap();
        wand.status = Status::Consumed;
        let rec = |event| Recorded {
            seq: 5,
            cause: None,
            session: None,
            game_time: 0,
            wall_time: WHEN.into(),
            event,
        };
        assert!(
            s.admit(&rec(recharge(1_000))).is_ok(),
            "only draining ends charges"
        );
        assert!(s.admit(&rec(spend("c1", 5))).is_ok());
        let wand = s.items.get_mut("w1").unwrap();
        wand.charges = Some(i32::MAX);
        assert!(refused(&s, recharge(1)).contains("cannot count 1 more"));
        let wand = s.items.get_mut("w1").unwrap();
        (wand.status, wand.charges) = (Status::Drained, Some(0));
        assert!(refused(&s, recharge(1)).contains("drained"));
        assert!(refused(&s, spend("c1", 1)).contains("drained"));
    }

    #[test]
    fn an_item_cannot_enter_with_negative_charges() {
        let s = state();
        let mut item = wand(None, -3);
        item.id = "w2".into();
        let event = Event::ItemCreated {
            item: Box::new(item),
            origin: Box::new(crate::ledger::Origin {
                how: "added".into(),
                table: None,
                seed: None,
                tables: None,
                steps: Vec::new(),
            }),
        };
        assert!(refused(&s, event).contains("negative"));
    }

    #[test]
    fn the_clock_moves_forward_and_stops_at_its_limit() {
        let s = state();
        let advance = |rounds| Event::TimeAdvanced { rounds, clock: 0 };
        assert!(refused(&s, advance(0)).contains("forward"));
        assert!(refused(&s, advance(clock::MAX_ROUNDS + 1)).contains("stops"));
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
            assert!(
                s.admit(&rec).unwrap_err().contains("cause"),
                "cause {cause}"
            );
        }
        let rec = Recorded {
            wall_time: "\u{1b}]0;pwned".into(),
            ..base.clone()
        };
        assert!(s.admit(&rec).unwrap_err().contains("wall time"));
        let rec = Recorded {
            event: Event::CampaignCreated {
                name: "again".into(),
            },
            ..base.clone()
        };
        assert!(s.admit(&rec).unwrap_err().contains("first"));
        let first = Recorded { seq: 1, ..base };
        assert!(State::blank().admit(&first).unwrap_err().contains("first"));
    }
}
