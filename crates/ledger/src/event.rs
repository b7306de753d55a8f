//! The events of a campaign. Each holds everything needed to apply it again — including every
//! die rolled — and the names of what it touched, so the ledger reads on its own.

use serde::{Deserialize, Serialize};
use strum::{IntoStaticStr, VariantNames};

use super::Id;
use super::state::{Character, Item, Member, Setting};
use super::treasury::{Earned, Holder, Portion, Sold, Valuable};
use crate::rules::alignment::Alignment;
use crate::rules::book::Studied;
use crate::rules::charges::Crumble;
use crate::rules::coins::{Coins, Denomination};
use crate::rules::control::{CharacterWill, Reason, SwordWill};
use crate::rules::dice::Roll;
use crate::rules::effect::Effect;
use crate::rules::item::{Knowledge, Slot, Step, Trigger};
use crate::rules::knowledge::Method;
use crate::rules::party::Division;
use crate::rules::share::Share;
use crate::rules::sword::Foe;
use crate::rules::xp::Counted;

/// An event as stored: its number in the campaign, what caused it (for consequences such as a
/// control check set off by a wound), the session open at the time, the game clock, the wall
/// clock, and the event itself.
#[derive(Clone, Debug, PartialEq)]
pub struct Recorded {
    pub seq: i64,
    pub cause: Option<i64>,
    pub session: Option<u32>,
    pub game_time: i64,
    pub wall_time: String,
    /// The referee who recorded it (`--referee`, `HOARD_REFEREE`, else its session's); none
    /// where a campaign names no referees.
    pub referee: Option<String>,
    pub event: Event,
}

/// An event in every JSON document hoard prints (`log --json`, and any command's answer that
/// holds events): the envelope, then the whole payload. One shape, documented in docs/json.md.
#[derive(Serialize)]
pub struct EventView<'a> {
    pub id: i64,
    pub session: Option<u32>,
    pub game_time: i64,
    pub wall_time: &'a str,
    pub kind: &'static str,
    pub actor: Option<&'a Id>,
    pub subject: Option<&'a Id>,
    /// Who wrote it: the referee who recorded it, or the character whose personal link made a
    /// claim; none where a campaign names no referees.
    pub author: Option<&'a str>,
    /// The referee who recorded it (a claim on a link: none).
    pub referee: Option<&'a str>,
    pub cause: Option<i64>,
    pub payload: &'a Event,
}

impl<'a> EventView<'a> {
    pub fn of(rec: &'a Recorded) -> Self {
        EventView {
            id: rec.seq,
            session: rec.session,
            game_time: rec.game_time,
            wall_time: &rec.wall_time,
            kind: rec.event.kind(),
            actor: rec.event.actor(),
            subject: rec.event.subject(),
            author: rec
                .event
                .author()
                .map(String::as_str)
                .or(rec.referee.as_deref()),
            referee: rec.referee.as_deref(),
            cause: rec.cause,
            payload: &rec.event,
        }
    }
}

impl Serialize for Recorded {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        EventView::of(self).serialize(s)
    }
}

/// What happened, one variant per `kind`. Read by serde's internal tagging: a reader that took
/// `kind` first bought 1.13–1.24x on a 300,000-event campaign, under the 1.3x a device must buy
/// (docs/benchmarks.md).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, IntoStaticStr, VariantNames)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum Event {
    CampaignCreated {
        name: String,
    },
    CampaignRenamed {
        name: String,
    },
    SettingChanged {
        setting: Setting,
    },
    SessionStarted {
        number: u32,
        title: Option<String>,
        /// The characters who went (`--with`); none: the whole campaign, as before rosters.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        with: Vec<Member>,
        /// The referee who runs it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        referee: Option<String>,
    },
    /// A referee named in the campaign (`hoard referee add`).
    RefereeAdded {
        name: String,
    },
    SessionEnded {
        number: u32,
    },
    CharacterAdded {
        character: Character,
    },
    CharacterDamaged {
        character: Id,
        name: String,
        amount: u32,
        hp: i32,
    },
    CharacterHealed {
        character: Id,
        name: String,
        amount: u32,
        hp: i32,
    },
    /// A dying character's wounds bound (`character bind`): they stop losing a point a round.
    CharacterBound {
        character: Id,
        name: String,
        /// Who tended them, if the referee said.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<Id>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by_name: Option<String>,
    },
    /// A dead character raised (`character raise`), by the campaign's death rule's book: the
    /// hit points they come back with and, under AD&D, the resurrection survival roll — on a
    /// failure they stay dead (`rules::raise`).
    CharacterRaised {
        character: Id,
        name: String,
        #[serde(flatten)]
        raising: crate::rules::raise::Raising,
    },
    /// Rounds of dying unbound, from round `from`: `lost` points, one a DMG minute
    /// (`rules::health::bleeding`); recorded without `lost`, a point each round, as hoard
    /// bled before it counted the DMG's minute.
    CharacterBled {
        character: Id,
        name: String,
        from: i64,
        rounds: i64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lost: Option<i64>,
        hp: i32,
    },
    TimeAdvanced {
        rounds: i64,
        clock: i64,
    },
    /// Midnights the clock passed on an expedition under `campaign set rations on`, as a
    /// consequence of the clock's event: the character's rations eaten (`used`), and the days
    /// they have now gone without (`rules::food::eat`).
    RationsEaten {
        character: Id,
        name: String,
        days: u32,
        used: Vec<Fuel>,
        hungry: u32,
    },
    /// A character of the campaign hired as a retainer by another (`retainer hire`), for a
    /// wage per day or per adventure (`rules::wages`).
    RetainerHired {
        character: Id,
        name: String,
        employer: Id,
        employer_name: String,
        wage: Coins,
        per: crate::rules::wages::Per,
    },
    /// A retainer dismissed (`retainer dismiss`): no more wages fall due; what is owed stands.
    RetainerDismissed {
        character: Id,
        name: String,
        employer: Id,
        employer_name: String,
    },
    /// A retainer's wages fallen due, as a consequence of the clock's event (a midnight of the
    /// expedition's clock, `times` of them) or of the end of the session they went on: `paid`
    /// moves from the employer's purse to the retainer's, `owed` (copper) is added to the debt.
    WagesPaid {
        character: Id,
        name: String,
        employer: Id,
        employer_name: String,
        per: crate::rules::wages::Per,
        times: u32,
        due: Coins,
        paid: Coins,
        owed: i64,
    },
    /// A cost of living or of training charged (`rules::upkeep`), as a consequence of the
    /// clock's event or of the level gained: `cost` copper pieces due, and what is `owed`
    /// once the purse paid what it could (those coins leave as a `coins_spent` beside it).
    UpkeepCharged {
        character: Id,
        name: String,
        #[serde(flatten)]
        upkeep: crate::rules::upkeep::Upkeep,
        cost: i64,
        owed: i64,
        /// Whose cost of living this is where not the character's own: their retainer's,
        /// which the employer pays (OSE Classic Fantasy, *Retainers*: « The hiring PC must
        /// also pay for the retainer's daily upkeep »).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        retainer: Option<Upkept>,
    },
    DiceRolled {
        roll: Roll,
    },
    /// A roll on one table (`hoard tables roll`).
    TableRolled {
        table: String,
        version: u32,
        roll: Roll,
        entry: String,
    },
    /// A treasure type rolled (`treasure roll`): every part's chance roll and amount, `count`
    /// times over (one per creature for an individual type, one per group for a group's). Its coins come in as its
    /// consequence (`coins_added`) and each gem, piece of jewellery or magic item as one
    /// (`item_created`): voiding it voids the whole hoard. `treasure_type` is the type's
    /// letter, or the levels of unguarded treasure rolled for dungeon level `level`. `edited`
    /// is the folder of edited tables laid over the shipped ones, when there was one: a roll
    /// without it is held to the shipped type's every line, one with it to its shape (the
    /// edited lines are not in the ledger).
    TreasureRolled {
        table: String,
        version: u32,
        treasure_type: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        level: Option<u32>,
        count: u32,
        found: Vec<crate::rules::treasure::Found>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        edited: Option<String>,
    },
    /// A piece of jewellery or art damaged by rough treatment (`valuable damage`): worth `now`,
    /// half of what it `was` (`rules::treasure::damaged`).
    ValuableDamaged {
        item: Id,
        item_name: String,
        item_name_fr: String,
        was: Coins,
        now: Coins,
    },
    /// A claim on an item of the party's treasure (`claim`, or a player's personal link on
    /// `hoard serve --players`): need, want or pass. It changes no holder; `claims settle`
    /// reads it. `author` is the character whose link made it (none: the referee's command).
    ClaimMade {
        character: Id,
        name: String,
        item: Id,
        item_name: String,
        item_name_fr: String,
        claim: crate::rules::claims::Claim,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        author: Option<Id>,
    },
    /// The claims settled (`claims settle`): each item awarded, with how and every d100 of a
    /// roll-off; the hand-overs follow as its consequences (`item_passed`), so undoing it
    /// takes them back with it. `void` names the items claimed that were no longer the party's
    /// treasure (their claims end unawarded).
    ClaimsSettled {
        ties: crate::rules::claims::Ties,
        awards: Vec<Award>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        void: Vec<VoidClaim>,
        /// The items whose claims it settled: an expedition settles its own loot, and the
        /// claims on another's stand. `None` (a settlement recorded before expeditions kept
        /// their loot): every claim.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        settled: Option<Vec<Id>>,
    },
    /// An item enters the campaign: generated from the tables or added by the referee.
    ItemCreated {
        item: Box<Item>,
        origin: Box<Origin>,
    },
    /// The referee changes a character sheet (`character set`).
    CharacterUpdated {
        character: Id,
        name: String,
        change: Change,
    },
    /// An item changes hands (`give`), or goes back to the party's treasure (`drop`: `to` is
    /// none). `from` is none when it came from the party's treasure.
    ItemPassed {
        item: Id,
        item_name: String,
        item_name_fr: String,
        from: Option<Id>,
        to: Option<Id>,
        to_name: Option<String>,
    },
    /// An item left at a named place (`stash`): a bank, a stronghold, a cache. `give` and
    /// `drop` take it from there.
    ItemStashed {
        item: Id,
        item_name: String,
        item_name_fr: String,
        from: Option<Id>,
        place: String,
    },
    /// A scroll taken unread: the roll that decides whether it fades.
    ScrollFade {
        #[serde(flatten)]
        act: Act,
        chance: u8,
        /// 1d6 (× 5 %) when the campaign sets no fixed chance.
        chance_roll: Option<Roll>,
        roll: Roll,
        faded: bool,
    },
    /// A potion drunk or an oil rubbed on: the delay, and the duration when the effect lasts.
    PotionTaken {
        #[serde(flatten)]
        act: Act,
        oil: bool,
        delay: Roll,
        duration: Option<Roll>,
        effect: Option<Effect>,
        /// The hit points it restored, rolled (`rules::potion::healing`: Healing, Extra-Healing).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        healed: Option<Roll>,
        /// In an OSE campaign, the potions it mixed with (`rules::potion::mixing`): their
        /// effects ended, and the drinker's sickness. Older ledgers have none.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        mixed: Option<Box<Mixed>>,
    },
    /// An attempt to identify an item, and what it taught.
    Identified {
        #[serde(flatten)]
        act: Act,
        method: Method,
        chance: Option<u8>,
        rounds: Option<Roll>,
        roll: Option<Roll>,
        learned: Option<Knowledge>,
        /// Reading a cursed scroll sets the curse off (AD&D 2e DMG, Scrolls).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        curse: bool,
        /// The sentient sword that read the writing for its wielder (OSE *Sentient Swords*),
        /// when one did; older ledgers have none.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        through: Option<Through>,
        /// An appraisal that told a worth other than the valuable's (a fake gem): what the
        /// character now believes it is worth (`rules::knowledge::appraise`); none when they
        /// learnt the truth, which corrects an earlier belief. Older ledgers have none.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        believed: Option<Coins>,
    },
    /// A spell cast or copied from a scroll: erased either way.
    SpellCast {
        #[serde(flatten)]
        act: Act,
        spell: usize,
        level: u8,
        copied: bool,
        gap: u8,
        chance: u8,
        roll: Option<Roll>,
        failed: bool,
        outcome_roll: Option<Roll>,
        outcome: Option<String>,
    },
    /// A protection scroll read: used up, its protection on the reader.
    ProtectionRead {
        #[serde(flatten)]
        act: Act,
        effect: Effect,
    },
    ItemWorn {
        #[serde(flatten)]
        act: Act,
        slot: Slot,
    },
    ItemRemoved {
        #[serde(flatten)]
        act: Act,
        slot: Slot,
    },
    /// Charges spent; the last one drains the item, and a roll decides whether it crumbles.
    ChargesSpent {
        #[serde(flatten)]
        act: Act,
        charges: u32,
        remaining: i32,
        backfired: bool,
        drained: bool,
        crumble: Option<Crumble>,
    },
    Recharged {
        item: Id,
        item_name: String,
        item_name_fr: String,
        charges: u32,
        remaining: i32,
    },
    BookStudied {
        #[serde(flatten)]
        act: Act,
        outcome: Studied,
    },
    /// A torch or a lantern lit (`light`): it burns on its holder's expedition's clock
    /// (`rules::light`).
    LightLit {
        #[serde(flatten)]
        act: Act,
    },
    /// A light put out (`douse`): its current piece keeps the rounds it has `burnt`.
    LightDoused {
        #[serde(flatten)]
        act: Act,
        burnt: i64,
    },
    /// Time passing burnt out a torch, or a lantern's flasks (`rules::light::burn`), as a
    /// consequence of the clock's event: the pieces used up, the game time the last of them
    /// ran out, and whether the light went out.
    LightBurnt {
        #[serde(flatten)]
        act: Act,
        used: Vec<Fuel>,
        at: i64,
        out: bool,
    },
    /// The referee corrects an item's name (both names, with the ones it had, so the ledger
    /// reads on its own).
    ItemRenamed {
        item: Id,
        was: String,
        was_fr: String,
        name: String,
        name_fr: String,
    },
    /// The maker of a trapped wand designates someone it will not turn on.
    ItemTrusted {
        #[serde(flatten)]
        act: Act,
    },
    /// A character touches a sentient sword: they learn its alignment, and one of another
    /// alignment is hurt each round (every die kept).
    SwordTouched {
        #[serde(flatten)]
        act: Act,
        rounds: u32,
        damage: Vec<Roll>,
        /// HP after the damage.
        hp: i32,
    },
    /// A control check: the trigger, both wills with their dice, and the outcome: the fields
    /// of a [`Contest`](crate::rules::control::Contest), spelled out (serde reads a flattened
    /// struct by buffering the fields around it, and an audit reads a great many checks).
    ControlChecked {
        #[serde(flatten)]
        act: Act,
        trigger: Trigger,
        sword_will: SwordWill,
        character_will: CharacterWill,
        controlled: bool,
        /// Jealousy: the other weapon that came into the holder's possession.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        weapon: Option<Id>,
    },
    /// A sword gives up control: its circumstance ended, or the referee found it satisfied.
    ControlEnded {
        #[serde(flatten)]
        act: Act,
        reason: Reason,
    },
    /// A circumstance calling for a check by this sword while its holder is under the
    /// control of the sword `under`: it waits on that control, and is checked when the
    /// control ends if it is still in force then.
    ControlDeferred {
        #[serde(flatten)]
        act: Act,
        trigger: Trigger,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        weapon: Option<Id>,
        under: Id,
        under_name: String,
    },
    /// Rounds of game time with a sentient sword in the hand of a character of another
    /// alignment: the damage of each round, rolled that round (every die kept).
    SwordHeld {
        #[serde(flatten)]
        act: Act,
        /// The game time of the first of these rounds.
        from: i64,
        damage: Vec<Roll>,
        /// HP after the damage.
        hp: i32,
    },
    /// The sword is taken in hand and used: each use by a holder of another alignment calls
    /// for a check.
    SwordWielded {
        #[serde(flatten)]
        act: Act,
    },
    /// One of the sword's powers, used by its wielder concentrating.
    SwordPowerUsed {
        #[serde(flatten)]
        act: Act,
        power: String,
        power_name: String,
        uses: String,
    },
    /// What a sword in control makes its wielder do (jealousy, glory, surrender, lavish gifts).
    SwordDemand {
        #[serde(flatten)]
        act: Act,
        demand: String,
    },
    /// A foe met: swords whose purpose it serves check for control.
    EncounterStarted {
        foe: Foe,
        character: Option<Id>,
    },
    EncounterEnded {},
    /// Coins come into the campaign (`coins add`): to the party's pool, a purse or a place.
    /// `session` is the play session they were brought back in, when named (`--session`) apart
    /// from the one open: they count toward that session's experience.
    CoinsAdded {
        coins: Coins,
        to: Holder,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        session: Option<u32>,
    },
    /// Coins leave the campaign (`coins spend`, a purchase, a charge); a seller's `change`
    /// comes back (`buy`: `rules::purchase::pay`).
    CoinsSpent {
        coins: Coins,
        from: Holder,
        #[serde(default, skip_serializing_if = "Coins::is_zero")]
        change: Coins,
    },
    /// Coins change holders (`coins move`).
    CoinsMoved {
        coins: Coins,
        from: Holder,
        to: Holder,
    },
    /// Coins changed for another coin at the rates (`exchange`), less the changer's `fee`
    /// (%): `taken` leaves the holder and `received` comes in — for the campaign's totals,
    /// coins spent and coins added, as each denomination counts apart.
    CoinsExchanged {
        holder: Holder,
        taken: Coins,
        into: Denomination,
        fee: u8,
        received: Coins,
    },
    /// Items sold (`sell`): each leaves play (status `sold`), and their price, in all, goes to
    /// `to` — new coins in the campaign, like `coins_added`, but no treasure brought back.
    ItemsSold {
        items: Vec<Sold>,
        price: Coins,
        to: Holder,
    },
    /// The pool shared out by shares (`share`): each portion goes to its purse, the
    /// remainder stays in the pool. `session` is the session whose treasure it pays;
    /// `division` how it was divided (by weight when recorded before hoard followed OSE).
    CoinsShared {
        session: Option<u32>,
        portions: Vec<Portion>,
        remainder: Coins,
        #[serde(default = "Division::recorded_before")]
        division: Division,
    },
    /// Experience for a session (`xp award`): the coins and valuables brought back, the
    /// monsters' XP, the total, and what each character earned of it.
    XpAwarded {
        session: u32,
        coins: Coins,
        valuables: Vec<Valuable>,
        treasure: i64,
        monsters: i64,
        total: i64,
        portions: Vec<Earned>,
        #[serde(default = "Division::recorded_before")]
        division: Division,
        /// What the treasure counts (`campaign set xp-from`); older ledgers, the worth found.
        #[serde(default, skip_serializing_if = "Counted::is_found")]
        counted: Counted,
        /// Under `xp-from sold`: the price the session's sales of valuables fetched (`coins`
        /// are still those brought back, and `valuables` none).
        #[serde(default, skip_serializing_if = "Coins::is_zero")]
        sold: Coins,
        /// Who took part was judged at the session's end, once it ended (OSE, *Awarding XP*:
        /// those who survived the adventure); older awards judged it when recorded.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        survivors: bool,
    },
    /// `void` or `undo`: these events (one, and every consequence of it) no longer count; the
    /// state is rebuilt from the ledger without them.
    EventsVoided {
        target: i64,
        events: Vec<i64>,
    },
}

/// Pieces of an item a light burnt: a torch, a flask of oil.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fuel {
    pub item: Id,
    pub item_name: String,
    pub item_name_fr: String,
    pub pieces: u32,
}

/// Who did what to which item, with both names so the ledger reads on its own.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Act {
    pub item: Id,
    pub item_name: String,
    pub item_name_fr: String,
    pub character: Id,
    pub character_name: String,
}

/// Potions mixed (OSE *Potions*, Mixing Potions): the running effects the drink cancelled,
/// each as it now stands (ended at the drink), and the sickness it put on the drinker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mixed {
    pub cancelled: Vec<Effect>,
    pub sickness: Effect,
}

/// A retainer whose upkeep their employer pays (`upkeep_charged`'s `retainer`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Upkept {
    pub character: Id,
    pub name: String,
}

/// A sword that read for its wielder: its id, and its names as they were, for the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Through {
    pub sword: Id,
    pub sword_name: String,
    pub sword_name_fr: String,
}

impl Through {
    pub fn new(sword: &Item) -> Through {
        Through {
            sword: sword.id.clone(),
            sword_name: sword.name.clone(),
            sword_name_fr: sword.name_fr.clone(),
        }
    }
}

impl Act {
    pub fn new(item: &Item, character: &Character) -> Act {
        Act {
            item: item.id.clone(),
            item_name: item.name.clone(),
            item_name_fr: item.name_fr.clone(),
            character: character.id.clone(),
            character_name: character.name.clone(),
        }
    }
}

/// What `character set` changes (only the fields given).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Change {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
    /// `null`: the class taken off (`character set NAME class none`).
    #[serde(skip_serializing_if = "Option::is_none", deserialize_with = "given")]
    pub class: Option<Option<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alignment: Option<Alignment>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub str: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wis: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hp_max: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reads_magic: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub literate: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reads_languages: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub int: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dex: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub con: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cha: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub xp: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub share: Option<Share>,
    /// How the character lives (`character set NAME living`); `null` is as the campaign does.
    #[serde(skip_serializing_if = "Option::is_none", deserialize_with = "given")]
    pub living: Option<Option<crate::rules::upkeep::Living>>,
}

/// A field given, `null` included: `Some(None)`, where serde would read `null` as absent.
fn given<'de, D, T>(d: D) -> Result<Option<Option<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(d).map(Some)
}

/// Where an item came from: how it was made, and for a generated one the seed, the tables
/// and every roll (so `explain` can tell its story and replay never needs the tables).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Origin {
    /// `generated` or `added`.
    pub how: String,
    /// The table generation started from (`magic-items`, `wands` …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// `shipped`, or the folder of edited tables that was used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tables: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<Step>,
    /// The play session a valuable was brought back in, when named (`valuable add --session`)
    /// apart from the one open: it counts toward that session's experience.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session: Option<u32>,
}

impl Origin {
    /// How goods bought (`buy`) came: not found, so no treasure.
    pub const BOUGHT: &'static str = "bought";
}

/// One item of a settlement: who won it, with which claim, and how.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Award {
    pub item: Id,
    pub item_name: String,
    pub item_name_fr: String,
    pub character: Id,
    pub name: String,
    /// `need` or `want`.
    pub claim: crate::rules::claims::Claim,
    pub by: crate::rules::claims::By,
    /// A roll-off's rounds, each the tied claimants' d100.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rounds: Vec<Vec<crate::rules::claims::TieRoll>>,
}

/// An item claimed that left the party's treasure before the settlement.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VoidClaim {
    pub item: Id,
    pub item_name: String,
    pub item_name_fr: String,
}

/// The family an event belongs to. The layers that treat events by family (the projector,
/// the log's words, `explain`) route on it. Each kind is placed once, in its family's pattern
/// macro below ([`crate::campaign_events!`] …), which [`Event::family`] matches: a new kind
/// does not compile until it is placed, and a family's own module, which names its kinds one
/// by one and the other families by their macros, does not compile until it treats it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// The campaign's own life: creation, settings, sessions, the clock, rolls, voids.
    Campaign,
    /// An encounter beginning or ending (what a sword's purpose waits for).
    Encounter,
    Character,
    Item,
    /// A sentient sword: touch, hold, control, powers.
    Sword,
    /// The treasury: coins, shares, experience, items left at places.
    Coins,
}

// The families as patterns, for `match`: `ledger::item_events!() => …` is every item event.
// A module that words one family names its own kinds one by one and the others with these, so
// that no arm takes a kind it has not seen (`_` would take tomorrow's too).

/// Every event of the campaign's own life, as a pattern.
#[macro_export]
macro_rules! campaign_events {
    () => {
        $crate::Event::CampaignCreated { .. }
            | $crate::Event::CampaignRenamed { .. }
            | $crate::Event::SettingChanged { .. }
            | $crate::Event::SessionStarted { .. }
            | $crate::Event::SessionEnded { .. }
            | $crate::Event::RefereeAdded { .. }
            | $crate::Event::TimeAdvanced { .. }
            | $crate::Event::DiceRolled { .. }
            | $crate::Event::TableRolled { .. }
            | $crate::Event::TreasureRolled { .. }
            | $crate::Event::EventsVoided { .. }
    };
}

/// Every event of an encounter, as a pattern.
#[macro_export]
macro_rules! encounter_events {
    () => {
        $crate::Event::EncounterStarted { .. } | $crate::Event::EncounterEnded { .. }
    };
}

/// Every event of a character's, as a pattern.
#[macro_export]
macro_rules! character_events {
    () => {
        $crate::Event::CharacterAdded { .. }
            | $crate::Event::CharacterDamaged { .. }
            | $crate::Event::CharacterHealed { .. }
            | $crate::Event::CharacterBound { .. }
            | $crate::Event::CharacterRaised { .. }
            | $crate::Event::CharacterBled { .. }
            | $crate::Event::CharacterUpdated { .. }
            | $crate::Event::RationsEaten { .. }
            | $crate::Event::RetainerHired { .. }
            | $crate::Event::RetainerDismissed { .. }
            | $crate::Event::UpkeepCharged { .. }
    };
}

/// Every event of an item's, as a pattern.
#[macro_export]
macro_rules! item_events {
    () => {
        $crate::Event::ItemCreated { .. }
            | $crate::Event::ItemPassed { .. }
            | $crate::Event::ScrollFade { .. }
            | $crate::Event::PotionTaken { .. }
            | $crate::Event::Identified { .. }
            | $crate::Event::SpellCast { .. }
            | $crate::Event::ProtectionRead { .. }
            | $crate::Event::ItemWorn { .. }
            | $crate::Event::ItemRemoved { .. }
            | $crate::Event::ChargesSpent { .. }
            | $crate::Event::Recharged { .. }
            | $crate::Event::BookStudied { .. }
            | $crate::Event::ItemTrusted { .. }
            | $crate::Event::ItemRenamed { .. }
            | $crate::Event::ValuableDamaged { .. }
            | $crate::Event::ClaimMade { .. }
            | $crate::Event::ClaimsSettled { .. }
            | $crate::Event::LightLit { .. }
            | $crate::Event::LightDoused { .. }
            | $crate::Event::LightBurnt { .. }
    };
}

/// Every event of a sentient sword's, as a pattern.
#[macro_export]
macro_rules! sword_events {
    () => {
        $crate::Event::SwordTouched { .. }
            | $crate::Event::SwordHeld { .. }
            | $crate::Event::ControlChecked { .. }
            | $crate::Event::ControlDeferred { .. }
            | $crate::Event::ControlEnded { .. }
            | $crate::Event::SwordWielded { .. }
            | $crate::Event::SwordPowerUsed { .. }
            | $crate::Event::SwordDemand { .. }
    };
}

/// Every event of the treasury's, as a pattern.
#[macro_export]
macro_rules! coins_events {
    () => {
        $crate::Event::CoinsAdded { .. }
            | $crate::Event::CoinsSpent { .. }
            | $crate::Event::CoinsMoved { .. }
            | $crate::Event::CoinsShared { .. }
            | $crate::Event::ItemsSold { .. }
            | $crate::Event::CoinsExchanged { .. }
            | $crate::Event::XpAwarded { .. }
            | $crate::Event::ItemStashed { .. }
            | $crate::Event::WagesPaid { .. }
    };
}

impl Event {
    /// Which family of events this one is. A kind in two families' patterns is an error here
    /// (an unreachable arm), as one in none is.
    #[deny(unreachable_patterns)]
    pub fn family(&self) -> Family {
        match self {
            campaign_events!() => Family::Campaign,
            encounter_events!() => Family::Encounter,
            character_events!() => Family::Character,
            item_events!() => Family::Item,
            sword_events!() => Family::Sword,
            coins_events!() => Family::Coins,
        }
    }

    /// The `kind` column: the serde tag of the variant.
    pub fn kind(&self) -> &'static str {
        self.into()
    }

    /// Every roll the event holds, wherever it holds it: what admission holds to its dice
    /// (a roll is read as written). A field of rolls added to an event is added here.
    pub fn rolls(&self) -> Vec<&Roll> {
        let mut rolls: Vec<&Roll> = Vec::new();
        match self {
            Event::DiceRolled { roll } | Event::TableRolled { roll, .. } => rolls.push(roll),
            Event::TreasureRolled { found, .. } => rolls.extend(
                found
                    .iter()
                    .flat_map(|f| f.chance_roll.iter().chain(&f.choice).chain(&f.amounts)),
            ),
            Event::ItemCreated { origin, .. } => rolls.extend(origin.steps.iter().map(|s| &s.roll)),
            Event::CharacterRaised { raising, .. } => {
                rolls.extend(raising.survival.as_ref().map(|s| &s.roll))
            }
            Event::ClaimsSettled { awards, .. } => rolls.extend(
                awards
                    .iter()
                    .flat_map(|a| a.rounds.iter().flatten().map(|r| &r.roll)),
            ),
            Event::ScrollFade {
                chance_roll, roll, ..
            } => rolls.extend(chance_roll.iter().chain([roll])),
            Event::PotionTaken {
                delay,
                duration,
                healed,
                ..
            } => rolls.extend([delay].into_iter().chain(duration).chain(healed)),
            Event::Identified { rounds, roll, .. } => rolls.extend(rounds.iter().chain(roll)),
            Event::SpellCast {
                roll, outcome_roll, ..
            } => rolls.extend(roll.iter().chain(outcome_roll)),
            Event::ChargesSpent { crumble, .. } => rolls.extend(crumble.iter().map(|c| &c.roll)),
            Event::SwordTouched { damage, .. } | Event::SwordHeld { damage, .. } => {
                rolls.extend(damage)
            }
            Event::ControlChecked {
                sword_will,
                character_will,
                ..
            } => rolls.extend(
                sword_will
                    .alignment_roll
                    .iter()
                    .chain(&character_will.penalty),
            ),
            _ => {}
        }
        rolls
    }

    /// Who did what to which item, for the events that say so.
    pub fn act(&self) -> Option<&Act> {
        match self {
            Event::ScrollFade { act, .. }
            | Event::PotionTaken { act, .. }
            | Event::Identified { act, .. }
            | Event::SpellCast { act, .. }
            | Event::ProtectionRead { act, .. }
            | Event::ItemWorn { act, .. }
            | Event::ItemRemoved { act, .. }
            | Event::ChargesSpent { act, .. }
            | Event::BookStudied { act, .. }
            | Event::ItemTrusted { act }
            | Event::LightLit { act }
            | Event::LightDoused { act, .. }
            | Event::LightBurnt { act, .. }
            | Event::SwordTouched { act, .. }
            | Event::ControlChecked { act, .. }
            | Event::ControlEnded { act, .. }
            | Event::ControlDeferred { act, .. }
            | Event::SwordHeld { act, .. }
            | Event::SwordWielded { act }
            | Event::SwordPowerUsed { act, .. }
            | Event::SwordDemand { act, .. } => Some(act),
            _ => None,
        }
    }

    /// The character who acted, when one did.
    pub fn actor(&self) -> Option<&Id> {
        match self {
            Event::ItemPassed { to, .. } => to.as_ref(),
            Event::CharacterBound { by, .. } => by.as_ref(),
            Event::ClaimMade { character, .. } => Some(character),
            Event::RetainerHired { employer, .. }
            | Event::RetainerDismissed { employer, .. }
            | Event::WagesPaid { employer, .. } => Some(employer),
            _ => self.act().map(|a| &a.character),
        }
    }

    /// The character or item the event is about.
    pub fn subject(&self) -> Option<&Id> {
        match self {
            Event::CharacterAdded { character } => Some(&character.id),
            Event::ItemCreated { item, .. } => Some(&item.id),
            Event::CharacterDamaged { character, .. }
            | Event::CharacterHealed { character, .. }
            | Event::CharacterBound { character, .. }
            | Event::CharacterRaised { character, .. }
            | Event::CharacterBled { character, .. }
            | Event::CharacterUpdated { character, .. }
            | Event::RationsEaten { character, .. }
            | Event::RetainerHired { character, .. }
            | Event::RetainerDismissed { character, .. }
            | Event::WagesPaid { character, .. }
            | Event::UpkeepCharged { character, .. } => Some(character),
            Event::ItemPassed { item, .. }
            | Event::ItemStashed { item, .. }
            | Event::Recharged { item, .. }
            | Event::ValuableDamaged { item, .. }
            | Event::ClaimMade { item, .. }
            | Event::ItemRenamed { item, .. } => Some(item),
            _ => self.act().map(|a| &a.item),
        }
    }

    /// Who wrote the event when it was not the referee: the character whose personal link
    /// made a claim.
    pub fn author(&self) -> Option<&Id> {
        match self {
            Event::ClaimMade { author, .. } => author.as_ref(),
            _ => None,
        }
    }

    /// Every entity the event touches (for `log --character` and `item history`).
    pub fn refs(&self) -> Vec<&Id> {
        let mut refs: Vec<&Id> = self.actor().into_iter().chain(self.subject()).collect();
        match self {
            Event::ItemCreated { item, .. } => refs.extend(item.holder.as_ref()),
            Event::ItemPassed { from, .. } | Event::ItemStashed { from, .. } => {
                refs.extend(from.as_ref())
            }
            Event::ControlChecked {
                weapon: Some(weapon),
                ..
            } => refs.push(weapon),
            Event::ControlDeferred { weapon, under, .. } => {
                refs.push(under);
                refs.extend(weapon.as_ref());
            }
            Event::EncounterStarted {
                character: Some(c), ..
            } => refs.push(c),
            Event::CoinsAdded { to: h, .. }
            | Event::CoinsSpent { from: h, .. }
            | Event::CoinsExchanged { holder: h, .. } => refs.extend(h.character()),
            Event::CoinsMoved { from, to, .. } => {
                refs.extend(from.character().into_iter().chain(to.character()))
            }
            Event::CoinsShared { portions, .. } => {
                refs.extend(portions.iter().map(|p| &p.character))
            }
            Event::ItemsSold { items, to, .. } => {
                refs.extend(
                    items
                        .iter()
                        .flat_map(|s| std::iter::once(&s.item).chain(&s.from)),
                );
                refs.extend(to.character());
            }
            Event::XpAwarded { portions, .. } => refs.extend(portions.iter().map(|p| &p.character)),
            Event::LightBurnt { used, .. } | Event::RationsEaten { used, .. } => {
                refs.extend(used.iter().map(|f| &f.item))
            }
            Event::ClaimsSettled { awards, void, .. } => {
                refs.extend(awards.iter().flat_map(|a| [&a.item, &a.character]));
                refs.extend(void.iter().map(|v| &v.item));
            }
            _ => {}
        }
        refs.sort();
        refs.dedup();
        refs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kind_matches_the_serde_tag() {
        let event = Event::TimeAdvanced {
            rounds: 10,
            clock: 10,
        };
        let json = serde_json::to_value(&event).unwrap();
        assert_eq!(json["kind"], event.kind());
        assert!(Event::VARIANTS.contains(&event.kind()));
    }

    #[test]
    fn reads_what_it_writes_wherever_its_kind_comes() {
        let event = Event::SessionStarted {
            number: 2,
            title: Some("Two".into()),
            with: vec![],
            referee: None,
        };
        let text = serde_json::to_string(&event).unwrap();
        assert!(text.starts_with(r#"{"kind":"session_started","#));
        assert_eq!(serde_json::from_str::<Event>(&text).unwrap(), event);
        let last = r#"{"number":2,"title":"Two","kind":"session_started"}"#;
        assert_eq!(serde_json::from_str::<Event>(last).unwrap(), event);
    }

    /// A field set to nothing (`class none`, `living campaign`) is read back as given, not as
    /// a field left alone, so replay takes it off as the command did.
    #[test]
    fn a_change_to_nothing_reads_back_as_one() {
        let change = Change {
            class: Some(None),
            living: Some(None),
            ..Change::default()
        };
        let event = Event::CharacterUpdated {
            character: "c1".into(),
            name: "Zed".into(),
            change,
        };
        let text = serde_json::to_string(&event).unwrap();
        assert!(text.contains(r#""class":null"#), "{text}");
        assert_eq!(serde_json::from_str::<Event>(&text).unwrap(), event);
        let untouched =
            r#"{"kind":"character_updated","character":"c1","name":"Zed","change":{"level":2}}"#;
        let Event::CharacterUpdated { change, .. } = serde_json::from_str(untouched).unwrap()
        else {
            panic!("a character_updated");
        };
        assert_eq!((change.class, change.living), (None, None));
    }

    #[test]
    fn names_what_is_wrong() {
        for (text, wanted) in [
            (
                r#"{"kind":"no_such_event"}"#,
                "unknown variant `no_such_event`",
            ),
            (r#"{"name":"x"}"#, "missing field `kind`"),
            (r#"{"kind":"campaign_created"}"#, "missing field `name`"),
            (
                r#"{"kind":"campaign_created","name":"x","name":"y"}"#,
                "duplicate field `name`",
            ),
        ] {
            let e = serde_json::from_str::<Event>(text).unwrap_err().to_string();
            assert!(e.contains(wanted), "{text}: {e}");
        }
    }
}
