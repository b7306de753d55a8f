//! `hoard character add|list|show|damage|heal|bind|raise`.

use serde::Serialize;

use crate::ctx::Ctx;
use crate::error::{Error, Problem, Result};
use crate::ledger::state::{Effect, Settings};
use crate::ledger::{Change, Character, Event, Item, Recorded};
use crate::lookup::character as find_character;
use crate::refusal::character::Refusal;
use crate::rules::alignment::Alignment;
use crate::rules::armor::{self, Protection};
use crate::rules::character::{check_ability, check_hp_max, check_level, check_name};
use crate::rules::encumbrance::{self, Encumbrance};
use crate::rules::health;
use crate::rules::item::Knowledge;
use crate::rules::knowledge::{self, KnownName};
use crate::store::characters;

/// A character sheet as typed on the command line, not yet checked.
#[derive(Debug, Clone)]
pub struct NewCharacter {
    pub name: String,
    pub str: i64,
    pub wis: i64,
    pub hp: i64,
    pub alignment: Option<Alignment>,
    pub class: Option<String>,
    pub level: Option<i64>,
    pub reads_magic: bool,
    pub literate: bool,
    pub reads_languages: bool,
    /// Intelligence and dexterity, when known (prime requisites of some classes).
    pub int: Option<i64>,
    pub dex: Option<i64>,
    /// Constitution and charisma, when the referee keeps them.
    pub con: Option<i64>,
    pub cha: Option<i64>,
    /// Experience points [default: what the level needs in the class's OSE table].
    pub xp: Option<i64>,
    /// Shares of treasure and experience [default: 1].
    pub share: Option<crate::rules::share::Share>,
}

pub async fn add(cx: &mut Ctx, new: NewCharacter) -> Result<Character> {
    let name = check_name("character", &new.name)?;
    let ability =
        |what: &str, score: Option<i64>| score.map(|n| check_ability(what, n)).transpose();
    let hp_max = check_hp_max(new.hp)?;
    let mut character = Character {
        id: String::new(),
        str: check_ability("STR", new.str)?,
        wis: check_ability("WIS", new.wis)?,
        level: check_level(new.level.unwrap_or(1))?,
        class: new.class.map(|c| check_name("class", &c)).transpose()?,
        alignment: new.alignment.unwrap_or(Alignment::Neutral),
        hp: hp_max,
        hp_max,
        name,
        reads_magic: new.reads_magic,
        reads_languages: new.reads_languages,
        literate: new.literate,
        quests: Vec::new(),
        int: ability("INT", new.int)?,
        dex: ability("DEX", new.dex)?,
        con: ability("CON", new.con)?,
        cha: ability("CHA", new.cha)?,
        xp: 0,
        share: new.share.unwrap_or_default(),
        bound: false,
        hungry: 0,
        hire: None,
        owed: 0,
        living: None,
    };
    crate::rules::xp::check_class_level(character.class.as_deref(), character.level)?;
    character.xp = match new.xp {
        Some(xp) => check_xp(xp)?,
        // A character who starts above 1st level has the XP that level needs.
        None => crate::rules::xp::Class::of(character.class.as_deref())
            .map_or(0, |class| class.threshold(character.level)),
    };
    let mut w = cx.write().await?;
    character.id = w.new_id();
    let campaign = w.campaign;
    if let Some(existing) = characters::by_name(w.conn(), campaign, &character.name).await? {
        let (name, campaign) = (existing.name, w.state.campaign.name.clone());
        return Err(Refusal::NameTaken { campaign, name }.into());
    }
    w.record(Event::CharacterAdded {
        character: character.clone(),
    })?;
    w.commit().await?;
    Ok(character)
}

pub async fn list(cx: &mut Ctx) -> Result<Vec<Character>> {
    let campaign = cx.campaign().await?;
    Ok(characters::list(cx.conn(), campaign.id).await?)
}

/// `character list`: each sheet, and whether its hit points leave the character up, dying or
/// dead by the campaign's death rule.
pub async fn roster(cx: &mut Ctx) -> Result<Vec<(Character, health::Condition)>> {
    let death = cx.campaign().await?.campaign.settings.death;
    let characters = list(cx).await?;
    Ok(characters
        .into_iter()
        .map(|c| {
            let condition = health::condition(c.hp, death.unwrap_or_default());
            (c, condition)
        })
        .collect())
}

/// A character with everything they carry and what is on them now, as the referee knows it
/// or as a character does ([`Sheet::seen_by`]).
#[derive(Debug, Clone)]
pub struct Sheet {
    pub character: Character,
    /// Each item as the reader of the sheet knows it.
    pub items: Vec<Item>,
    /// Seen by a character: what they know of each item, in the order of `items` (the
    /// referee's sheet has none: every item is as it is).
    pub seen: Vec<knowledge::Revealed>,
    /// Seen by a character: their effects as they feel them (since when, not until when).
    pub felt: bool,
    /// Seen by a character: some of what is worn protects in ways they do not know, so the
    /// armor class counts only what they do.
    pub armor_unknown: bool,
    pub effects: Vec<Effect>,
    pub protection: Protection,
    /// The armor class all that is worn and DEX give, on the campaign's game's tables.
    pub armor_class: armor::ArmorClass,
    pub now: i64,
    /// The character's purse.
    pub coins: crate::rules::coins::Coins,
    /// Up, dying or dead, by the campaign's death rule.
    pub condition: health::Condition,
    /// What they carry and how fast it lets them move, by the campaign's encumbrance rule.
    pub encumbrance: Encumbrance,
    /// The retainers they employ, or still owe wages to (`retainer hire`); the referee's and
    /// their own sheet now, none on a sheet of the past (`--at`).
    pub retainers: Vec<Retained>,
    /// The open session they are out on, if any (the referee's sheet).
    pub expedition: Option<Expedition>,
    /// What they owe and are owed (`debts`): wages, living and training costs.
    pub debts: Vec<crate::debts::Debt>,
    /// The campaign's settings the sheet was drawn by, which a character's view of it
    /// ([`Sheet::seen_by`]) draws by too.
    settings: Settings,
}

/// A retainer a character employs (`retainer hire`), as the employer's sheet shows them: their
/// wage, and the wages owed them (`hoard debts`). A dismissed one stays while owed.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Retained {
    pub character: String,
    pub name: String,
    pub wage: crate::rules::coins::Coins,
    pub per: crate::rules::wages::Per,
    /// Copper pieces owed them.
    pub owed: i64,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub dismissed: bool,
}

/// The retainers `employer` employs or owes, among `all` the campaign's characters.
pub fn retainers_of<'a>(employer: &str, all: impl Iterator<Item = &'a Character>) -> Vec<Retained> {
    all.filter_map(|c| {
        let h = c.hire.as_ref().filter(|h| h.employer == employer)?;
        (!h.dismissed || h.owed > 0).then(|| Retained {
            character: c.id.clone(),
            name: c.name.clone(),
            wage: h.wage,
            per: h.per,
            owed: h.owed,
            dismissed: h.dismissed,
        })
    })
    .collect()
}

/// The open session a character is out on.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Expedition {
    pub session: u32,
    pub title: Option<String>,
    pub referee: Option<String>,
}

impl Sheet {
    /// The sheet, with the armor totals of what is worn and the weight of all that is held.
    fn new(
        character: Character,
        items: Vec<Item>,
        effects: Vec<Effect>,
        now: i64,
        coins: crate::rules::coins::Coins,
        settings: &Settings,
    ) -> Sheet {
        let worn: Vec<&Item> = items.iter().collect();
        let enchanted = settings.armour_weight.unwrap_or_default();
        let protection = Protection {
            enchanted_armour: enchanted,
            ..armor::protection(&worn)
        };
        let armor_class = armor::character_class(&worn, character.dex, settings.armour_table());
        let condition = health::condition(character.hp, settings.death.unwrap_or_default());
        let system = settings.encumbrance.unwrap_or_default();
        let encumbrance = encumbrance::of(system, enchanted, character.str, &worn, &coins);
        Sheet {
            encumbrance,
            condition,
            character,
            items,
            seen: Vec::new(),
            felt: false,
            armor_unknown: false,
            effects,
            protection,
            armor_class,
            now,
            retainers: Vec::new(),
            coins,
            expedition: None,
            debts: Vec::new(),
            settings: settings.clone(),
        }
    }
}

impl Sheet {
    /// The sheet as the character `viewer` knows it (`character show --as`), by the one rule
    /// every view follows ([`knowledge::revealed`]): each item as they know it, with what
    /// anyone sees (where it is worn, that it is used up, leather or metal) and a sword's hold
    /// on them; the armor class of what they know; their own effects as they feel them, and
    /// their own quests. Someone who knows everything sees the referee's sheet.
    pub fn seen_by(self, viewer: &Character) -> Sheet {
        let looker = knowledge::Looker::Character(&viewer.id);
        let own = viewer.id == self.character.id;
        let seen: Vec<_> = self
            .items
            .iter()
            .map(|i| knowledge::revealed(i, looker))
            .collect();
        let armor_unknown = seen.iter().any(|s| {
            s.worn.is_some() && s.known != Some(Knowledge::Full) && armor::may_protect(&s.item)
        });
        let items: Vec<Item> = seen.iter().map(|s| s.item.clone()).collect();
        let mut character = self.character;
        if !own {
            character.quests.clear();
        }
        let effects = if own { self.effects } else { Vec::new() };
        let mut sheet = Sheet::new(
            character,
            items,
            effects,
            self.now,
            self.coins,
            &self.settings,
        );
        sheet.condition = self.condition;
        // Weight is seen: what they carry weighs what it weighs, known or not.
        sheet.encumbrance = self.encumbrance;
        sheet.seen = seen;
        // Whose wages they pay is the table's to know.
        sheet.retainers = self.retainers;
        sheet.felt = true;
        sheet.armor_unknown = armor_unknown;
        sheet.debts = self.debts;
        sheet
    }
}

impl Sheet {
    /// The name the reader of the sheet knows the item `id` by, if they are a character.
    pub fn known_name(&self, id: &str) -> Option<&KnownName> {
        self.seen.iter().find(|s| s.id == id).map(|s| &s.name)
    }
}

pub async fn show(cx: &mut Ctx, name: &str) -> Result<Sheet> {
    let campaign = cx.campaign().await?;
    let character = find_character(cx.conn(), campaign.id, &campaign.campaign.name, name).await?;
    let items = crate::store::items::held_by(cx.conn(), campaign.id, &character.id).await?;
    let open = match campaign.campaign.open.is_empty() {
        true => Vec::new(),
        false => crate::store::sessions::open(cx.conn(), campaign.id).await?,
    };
    let now = super::clock::now_of(&campaign.campaign, &open, Some(&character.id));
    let effects = crate::store::effects::active(cx.conn(), campaign.id, &character.id, now).await?;
    let coins = crate::store::coins::purse(cx.conn(), campaign.id, &character.id).await?;
    let everyone = characters::list(cx.conn(), campaign.id).await?;
    let retainers = retainers_of(&character.id, everyone.iter());
    let settings = &campaign.campaign.settings;
    let out = crate::ledger::state::session_of(open.iter(), &character.id);
    let expedition = open
        .into_iter()
        .find(|s| Some(s.number) == out && !s.with.is_empty())
        .map(|s| Expedition {
            session: s.number,
            title: s.title,
            referee: s.referee,
        });
    let debts = crate::debts::naming(&everyone, &character.id);
    Ok(Sheet {
        retainers,
        expedition,
        debts,
        ..Sheet::new(character, items, effects, now, coins, settings)
    })
}

/// A character's sheet as it stood at the end of play session `session`.
pub async fn show_at(cx: &mut Ctx, name: &str, session: u32) -> Result<Sheet> {
    let campaign = cx.campaign().await?;
    let character = find_character(cx.conn(), campaign.id, &campaign.campaign.name, name).await?;
    let state = super::history::state_at(cx, session).await?;
    let Some(character) = state.characters.get(&character.id).cloned() else {
        let name = character.name;
        return Err(Refusal::NotYetJoined { name, session }.into());
    };
    // The session's own clock at its end (an expedition's, beside others out at once).
    let now = state.clock_of(Some(session));
    let items: Vec<Item> = state
        .items
        .values()
        .filter(|i| i.holder.as_deref() == Some(character.id.as_str()))
        .cloned()
        .collect();
    let effects = state
        .effects
        .values()
        .filter(|e| e.character == character.id && e.active(now))
        .cloned()
        .collect();
    let coins = state
        .treasury
        .as_ref()
        .and_then(|t| t.purses.get(&character.id).copied())
        .unwrap_or_default();
    let settings = &state.campaign.settings;
    let mut all: Vec<Character> = state.characters.values().cloned().collect();
    all.sort_by(|a, b| a.name.cmp(&b.name).then_with(|| a.id.cmp(&b.id)));
    let debts = crate::debts::naming(&all, &character.id);
    Ok(Sheet {
        debts,
        ..Sheet::new(character, items, effects, now, coins, settings)
    })
}

/// A sheet — now, or at the end of session `at` — as the character `viewer` knew it then
/// (`character show --as [--at]`).
pub async fn show_as(cx: &mut Ctx, name: &str, viewer: &str, at: Option<u32>) -> Result<Sheet> {
    let sheet = match at {
        Some(session) => show_at(cx, name, session).await?,
        None => show(cx, name).await?,
    };
    let campaign = cx.campaign().await?;
    let viewer = find_character(cx.conn(), campaign.id, &campaign.campaign.name, viewer).await?;
    Ok(sheet.seen_by(&viewer))
}

/// Experience points from 0 to [`crate::rules::limits::XP`].
fn check_xp(xp: i64) -> Result<i64> {
    let limit = crate::rules::limits::XP;
    if (0..=limit).contains(&xp) {
        Ok(xp)
    } else {
        Err(Refusal::XpOutOfRange { xp, limit }.into())
    }
}

/// `character set NAME KEY VALUE`: level, class, alignment, str, wis, int, dex, hp-max,
/// reads-magic, literate, reads-languages, xp, share, living (`LIFESTYLE|AMOUNT/month`, or
/// `campaign` to live as the campaign does: read once the campaign's edition is). Returns the
/// sheet and what the change set off (a new maximum may set off a wounded check, or end a
/// wounded control).
pub async fn set(
    cx: &mut Ctx,
    name: &str,
    key: &str,
    value: &str,
) -> Result<(Character, Vec<Recorded>)> {
    let number = || {
        value.trim().parse::<i64>().map_err(|_| {
            let (key, value) = (key.to_string(), value.to_string());
            Error::from(Refusal::NotANumber { key, value })
        })
    };
    let yes_no = || match value.trim().to_lowercase().as_str() {
        "yes" | "true" | "on" | "oui" | "1" => Ok(true),
        "no" | "false" | "off" | "non" | "0" => Ok(false),
        _ => {
            let (key, value) = (key.to_string(), value.to_string());
            Err(Error::from(Refusal::NotYesNo { key, value }))
        }
    };
    let mut change = Change::default();
    match key {
        "level" => change.level = Some(check_level(number()?)?),
        "class" => {
            change.class = Some(match value.trim() {
                "" | "none" => None,
                v => Some(check_name("class", v)?),
            })
        }
        "alignment" => {
            change.alignment = Some(value.parse().map_err(
                |e: crate::rules::alignment::UnknownAlignment| {
                    Error::Invalid(Problem::Alignment(e).into())
                },
            )?)
        }
        "str" => change.str = Some(check_ability("STR", number()?)?),
        "wis" => change.wis = Some(check_ability("WIS", number()?)?),
        "hp-max" | "hp_max" => change.hp_max = Some(check_hp_max(number()?)?),
        "reads-magic" => change.reads_magic = Some(yes_no()?),
        "literate" => change.literate = Some(yes_no()?),
        "reads-languages" => change.reads_languages = Some(yes_no()?),
        "int" => change.int = Some(check_ability("INT", number()?)?),
        "dex" => change.dex = Some(check_ability("DEX", number()?)?),
        "con" => change.con = Some(check_ability("CON", number()?)?),
        "cha" => change.cha = Some(check_ability("CHA", number()?)?),
        "xp" => change.xp = Some(check_xp(number()?)?),
        // Read below, once the campaign's edition is known.
        "living" => {}
        "share" => {
            change.share = Some(crate::rules::share::Share::parse(value).ok_or_else(|| {
                let value = value.to_string();
                Error::from(Refusal::BadShare { value })
            })?)
        }
        _ => {
            let key = key.to_string();
            return Err(Refusal::UnknownField { key }.into());
        }
    }
    let mut dice = cx.dice();
    let mut w = cx.write().await?;
    let c = w.character(name).await?;
    if key == "living" {
        let settings = &w.state.campaign.settings;
        change.living = Some(super::upkeep::living(value, &["campaign"], settings)?);
    }
    // The class's last level holds for the sheet as it will be (a new level, or a new class).
    let class = change
        .class
        .as_ref()
        .map_or(c.class.as_deref(), |c| c.as_deref());
    crate::rules::xp::check_class_level(class, change.level.unwrap_or(c.level))?;
    let (hp_max, change_level) = (change.hp_max.is_some(), change.level);
    let rec = w.record(Event::CharacterUpdated {
        character: c.id.clone(),
        name: c.name.clone(),
        change,
    })?;
    if hp_max {
        // Half of a new maximum may put them at half or less, or back above it.
        super::control::after_hp(&mut w, &c, rec.seq, &mut dice).await?;
    }
    if let Some(level) = change_level {
        super::upkeep::train(&mut w, &c.id, c.level, level, Some(rec.seq)).await?;
    }
    let updated = w.state.characters[&c.id].clone();
    let consequences = w.commit().await?.into_iter().skip(1).collect();
    Ok((updated, consequences))
}

/// What a change of hit points did.
#[derive(Debug, Clone, Serialize)]
pub struct HpChange {
    pub name: String,
    pub amount: u32,
    pub hp_before: i32,
    pub hp: i32,
    pub hp_max: i32,
    /// Up, dying or dead after the change, by the campaign's death rule.
    pub condition: health::Condition,
    /// What followed: control checks a wound set off, controls healing ended.
    pub consequences: Vec<Recorded>,
    /// The cursed armour worn whose curse the wound showed (OSE *Cursed Armour and Shields*):
    /// it now counts as it is, and cannot be taken off (`rules::armor::shows_curse`).
    #[serde(
        serialize_with = "super::name::list",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub cursed: Vec<crate::rules::item::Names>,
}

pub async fn damage(cx: &mut Ctx, name: &str, amount: u32) -> Result<HpChange> {
    change_hp(cx, name, amount, Direction::Damage).await
}

pub async fn heal(cx: &mut Ctx, name: &str, amount: u32) -> Result<HpChange> {
    change_hp(cx, name, amount, Direction::Heal).await
}

/// `character bind NAME [--by C]`: a dying character's wounds bound, which stops the loss of
/// a point a round. It takes a round (DMG, *Hovering on Death's Door*: "spend at least one
/// round tending to his wounds"), which passes on the clock. Returns every event recorded.
pub async fn bind(cx: &mut Ctx, name: &str, by: Option<&str>) -> Result<Vec<Recorded>> {
    let mut dice = cx.dice();
    let mut w = cx.write().await?;
    let c = w.character(name).await?;
    let by = match by {
        Some(by) => {
            let by = w.character(by).await?;
            Some(w.fit(by).await?)
        }
        None => None,
    };
    let bound = w.record(Event::CharacterBound {
        character: c.id,
        name: c.name,
        by: by.as_ref().map(|b| b.id.clone()),
        by_name: by.map(|b| b.name),
    })?;
    super::clock::pass(&mut w, 1, None, Some(bound.seq), &mut dice).await?;
    w.commit().await
}

/// What a raising did: the event, the character as it left them, and what followed.
#[derive(Debug, Serialize)]
pub struct Raised {
    pub event: Recorded,
    pub character: Character,
    /// Up again, or still dead when AD&D's survival roll failed.
    pub condition: health::Condition,
    /// What followed: controls the raising ended.
    pub consequences: Vec<Recorded>,
}

/// `character raise NAME [--hp N] [--con N]`: a dead character raised by the book of the
/// campaign's death rule (`rules::raise`) — with 1 HP unless `hp` names more, and under AD&D
/// after the resurrection survival roll on their Constitution (the sheet's, else `con`, which
/// the sheet then keeps).
pub async fn raise(cx: &mut Ctx, name: &str, hp: Option<i64>, con: Option<i64>) -> Result<Raised> {
    let con = con.map(|n| check_ability("CON", n)).transpose()?;
    let hp = hp.map(|n| i32::try_from(n).unwrap_or(if n < 0 { i32::MIN } else { i32::MAX }));
    let mut dice = cx.dice();
    let mut w = cx.write().await?;
    let c = w.character(name).await?;
    let rule = w.state.campaign.settings.death.unwrap_or_default();
    let raising = crate::rules::raise::raise(&c, rule, hp, con, &mut dice)?;
    let event = w.record(Event::CharacterRaised {
        character: c.id.clone(),
        name: c.name.clone(),
        raising,
    })?;
    super::control::after_hp(&mut w, &c, event.seq, &mut dice).await?;
    let character = w.state.characters[&c.id].clone();
    let condition = health::condition(character.hp, rule);
    let consequences = w.commit().await?.into_iter().skip(1).collect();
    Ok(Raised {
        event,
        character,
        condition,
        consequences,
    })
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Direction {
    Damage,
    Heal,
}

/// Damage or healing, and what it sets off: a wounded check by each sentient sword the
/// character holds when they go to half HP or less, the end of a wounded control when they
/// go back above half.
async fn change_hp(cx: &mut Ctx, name: &str, amount: u32, way: Direction) -> Result<HpChange> {
    let mut dice = cx.dice();
    let mut w = cx.write().await?;
    let c = w.character(name).await?;
    let (character, name) = (c.id.clone(), c.name.clone());
    let (hp, event) = match way {
        Direction::Damage => {
            let hp = health::after_damage(c.hp, amount);
            let event = Event::CharacterDamaged {
                character,
                name,
                amount,
                hp,
            };
            (hp, event)
        }
        Direction::Heal => {
            let rule = w.state.campaign.settings.death.unwrap_or_default();
            crate::rules::raise::can_heal(&c, rule)?;
            let hp = health::healed(c.hp, c.hp_max, amount, rule);
            let event = Event::CharacterHealed {
                character,
                name,
                amount,
                hp,
            };
            (hp, event)
        }
    };
    // The projector shows the curse of the cursed armour worn: it needs what they wear.
    let held = w.holdings(&c.id).await?;
    let cursed = match way {
        Direction::Damage => held
            .iter()
            .filter(|i| armor::shows_curse(i, &c.id))
            .map(Item::names)
            .collect(),
        Direction::Heal => Vec::new(),
    };
    let rec = w.record(event)?;
    super::control::after_hp(&mut w, &c, rec.seq, &mut dice).await?;
    let condition = health::condition(hp, w.state.campaign.settings.death.unwrap_or_default());
    let consequences = w.commit().await?.into_iter().skip(1).collect();
    Ok(HpChange {
        name: c.name,
        amount,
        hp_before: c.hp,
        hp,
        hp_max: c.hp_max,
        condition,
        consequences,
        cursed,
    })
}
