//! Why the ledger refuses an event, as data: admission (an event a live command could not have
//! recorded), the projector (an event that no longer fits the state it meets) and the treasury
//! (coins that are not there) all return a [`Refusal`], and a [`Conflict`] says which event it
//! was. The words are the view's (`view::words::ledger`): the ledger says nothing itself.

use serde::Serialize;

use super::Id;
use crate::rules::character::SheetError;
use crate::rules::charges;
use crate::rules::coins::{Coins, Denomination};
use crate::rules::dice::RollFault;
use crate::rules::share::Share;

/// An event that cannot be applied to the state it meets: its number, its kind, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Conflict {
    pub seq: i64,
    pub kind: &'static str,
    /// Boxed: every `Result` of the projector carries a `Conflict`.
    #[serde(flatten)]
    pub reason: Box<Refusal>,
}

/// Why an event cannot stand. Names are those the event or the state holds; ids are the
/// ledger's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    // The envelope: where the event stands in the ledger.
    /// Numbered at or before the ledger's last event.
    OutOfOrder {
        last: i64,
    },
    /// `campaign_created` first, and only first.
    FirstEvent,
    CauseAfter {
        cause: i64,
    },
    OffClock {
        game_time: i64,
    },
    WallTime,
    /// A roll its own dice could not have given.
    Roll {
        fault: RollFault,
    },

    // What an event refers to.
    NoCharacter {
        id: Id,
    },
    NoItem {
        id: Id,
    },
    /// An item another character holds.
    HeldByOther {
        item: String,
        character: String,
    },

    // Values a live command keeps to.
    /// A sheet's value or a name (`check_name`) the rules refuse.
    Sheet {
        #[serde(skip)]
        error: SheetError,
    },
    NotAnId {
        id: String,
    },
    PercentOutOfRange {
        value: u8,
        min: u8,
        max: u8,
    },
    TablesFolderEmpty,
    /// The clock moves forward and stops at `rules::clock::MAX_ROUNDS`.
    ClockLimit,
    /// The round's length changes only before time passes (`rules::clock::round_settable`).
    RoundFixed {
        clock: i64,
    },
    /// A reading through a sword that is not in the reader's hand, does not read, or controls
    /// them (`rules::scroll::read_by`).
    NotReadThrough {
        sword: String,
        reader: String,
    },
    /// A light lit that is no torch or lantern or already burns, one put out or burnt that
    /// was not lit, or pieces burnt that are not there (`rules::light`).
    NotAsLit {
        item: String,
    },
    /// Rations eaten that are not the character's, or not there.
    NotTheirRations {
        name: String,
    },
    /// A retainer hired who is already someone's (or still owed by a former employer), or by
    /// themselves.
    NotHirable {
        name: String,
    },
    /// A retainer dismissed, or wages paid, who is not hired so.
    NotRetained {
        name: String,
    },
    /// Wages that are not the wage's for the times they say, or not what the purse paid and
    /// the rest owed (`rules::wages::pay`).
    NotTheWage {
        name: String,
    },
    /// A living or training cost that is negative, owes more than the debt and the cost or
    /// less than nothing, or is not the character's cost of living for its months
    /// (`rules::upkeep::Upkeep::reckons`), or a debt paid that costs something or leaves no
    /// less owed.
    BadCharge {
        name: String,
    },
    /// Wounds bound or bleeding on a character who is not dying with wounds unbound.
    NotBleeding {
        name: String,
    },
    HpOutOfRange {
        name: String,
        hp: i32,
        hp_max: i32,
    },
    NameTaken {
        name: String,
    },
    VoidOrder {
        target: i64,
    },

    // Sessions, encounters and the clock.
    SessionOpen {
        session: u32,
    },
    SessionNotNext {
        session: u32,
        last: u32,
    },
    SessionNotOpen {
        session: u32,
    },
    SessionNotLoaded {
        session: u32,
    },
    /// A roster naming a character already in open session `session`.
    InOpenSession {
        name: String,
        session: u32,
    },
    /// `referee add` of a name the campaign has.
    RefereeExists {
        name: String,
    },
    /// A referee the campaign does not name.
    NoReferee {
        name: String,
    },
    /// A potion restored hit points by a roll that is not its own (`rules::potion::healing`).
    NotItsHealing {
        item: String,
        expr: String,
    },
    /// A dose whose mixing is not the one the live drink makes (OSE *Potions*, Mixing
    /// Potions): mixed with no potion running, unmixed under one, or mixed with others;
    /// `running` is how many it mixes with by the rules.
    NotItsMixing {
        item: String,
        character: String,
        running: u32,
    },
    /// Treasure brought back in a session that has not started.
    SessionNotYet {
        session: u32,
        last: u32,
    },
    TimeBackward,
    ClockOverflow,
    /// Stamped with `session`, where a live command would have stamped the one `open` then
    /// (`ledger::timeline`).
    WrongSession {
        session: Option<u32>,
        open: Vec<u32>,
    },
    /// Stamped at `game_time`, where the clock then stood at `clock`.
    WrongGameTime {
        game_time: i64,
        clock: i64,
    },
    EncounterUnderWay,
    NoEncounter,

    // Characters and items coming and going.
    CharacterExists {
        id: Id,
    },
    ItemExists {
        id: Id,
    },
    NoCharacterToHold {
        id: Id,
    },
    NoCharacterToTake {
        id: Id,
    },
    NotWhereTaken {
        item: String,
    },
    CannotChangeHands {
        item: String,
    },
    CannotPass {
        item: String,
    },
    CannotBeLeft {
        item: String,
    },

    // Items in use.
    NegativeCharges {
        item: String,
    },
    /// Charges the item does not hold (or none at all).
    CannotSpend {
        item: String,
        left: i32,
        asked: u32,
    },
    /// Charges out of the recharge's range.
    CannotRecharge {
        item: String,
        asked: u32,
    },
    /// Another refusal of the charges rule.
    Charges {
        refusal: charges::Refusal,
    },
    ChargesMismatch {
        item: String,
        remaining: i32,
    },
    UsedUp {
        item: String,
    },
    NoSpell {
        item: String,
        spell: usize,
    },
    SpellErased {
        item: String,
        spell: usize,
    },

    // Swords.
    NotSentient {
        item: String,
    },
    NotInControl {
        sword: String,
        character: String,
    },
    NotInHand {
        item: String,
    },

    // The treasury.
    TreasuryNotLoaded,
    NotCoins,
    CoinsInPlace,
    /// Change given back worth as much as the coins paid, or more.
    BadChange,
    UnevenShare {
        pool: Coins,
    },
    NoCharacterForCoins {
        id: Id,
    },
    WrongShare {
        name: String,
        share: Share,
        recorded: Share,
    },
    XpTotal,
    /// A share-out or award by the book pays a character who takes no part: the dead (their
    /// treasure share, unless the campaign leaves it to their heirs).
    DeadPaid {
        name: String,
    },
    /// An award judged at its session's end pays a character who was not alive at that end
    /// (dead then, or not yet in play).
    NotASurvivor {
        name: String,
        session: u32,
    },
    XpPart {
        name: String,
        base: i64,
    },
    /// INT, DEX, XP or a share out of range on a sheet.
    SheetOutOfRange {
        name: String,
    },
    // Past one of `rules::limits`: a live command's rule refusal (exit 4, see
    // [`Refusal::is_limit`]), an import's or `check`'s event that cannot stand.
    /// A holder (the pool when `holder` is none) would have more than `limit` of a coin.
    TooManyCoins {
        holder: Option<String>,
        denomination: Denomination,
        limit: i64,
    },
    /// The campaign's totals (coins that came in, or went out) would count more than `limit`
    /// of a coin.
    TooManyCounted {
        denomination: Denomination,
        limit: i64,
    },
    /// A sheet would hold `xp`, more than `limit`.
    XpPastLimit {
        name: String,
        xp: i64,
        limit: i64,
    },
    /// An award of `xp` in all, more than `limit`.
    AwardPastLimit {
        xp: i64,
        limit: i64,
    },
    /// A valuable worth more than `limit` gold pieces.
    ValuePastLimit {
        item: String,
        limit: i64,
    },
    /// An exchange the rates do not make: coins that do not convert exactly, another sum
    /// received, or another fee than the campaign's.
    NotAnExchange,
    /// A treasure roll its type's rules do not make (`rules::treasure::gave`).
    NotATreasureRoll {
        fault: crate::rules::treasure::RollFault,
    },
    /// A treasure roll on another game's types than the campaign's.
    NotItsTreasure {
        table: String,
        system: crate::rules::treasure::System,
    },
    /// A treasure roll on the shipped types that they do not have (or not at that version).
    NoTreasureType {
        table: String,
        version: u32,
        treasure_type: String,
    },
    /// A consequence of treasure roll `roll` that its dice did not give, or a hoard whose
    /// consequences did not all follow it (`ledger::hoards`).
    NotItsHoard {
        roll: i64,
        fault: crate::hoards::HoardFault,
    },
    /// A raising its book does not make (`rules::raise::holds`).
    NotARaising {
        name: String,
        refusal: crate::rules::raise::Refusal,
    },
    /// An item of a treasure that follows from no treasure roll.
    NoHoard {
        item: String,
    },
    /// An item whose worth is not what its making's worth roll gave.
    NotItsWorth {
        item: String,
        worth: Coins,
        rolled: Option<Coins>,
    },
    /// A claim or an award on an item that is not the party's treasure (held by nobody, left
    /// nowhere, not used up).
    NotInTreasure {
        item: String,
    },
    /// A claim written on a player's link (`author`) for another character than theirs.
    NotTheirClaim {
        character: String,
    },
    /// A settlement the rules do not make: an item awarded twice, on a pass, to another than
    /// its roll-off's winner, or to (or rolled off among) characters who take no part: the
    /// dead, and the dying under AD&D's death's door (`rules::claims::takes_part`).
    NotASettlement {
        item: String,
    },
    /// A valuable that cannot be damaged (`rules::treasure::damaged`).
    Undamageable {
        item: String,
        refusal: crate::rules::treasure::Undamageable,
    },
    /// A damage that is not the rule's: another worth before or after than half.
    NotItsDamage {
        item: String,
    },
    /// An item counted against a share-out's portion (`share --items`) that is not held by
    /// the one it is counted against.
    NotReceived {
        item: String,
        name: String,
    },
    /// A sale `sell` would not make: an item missing, sold twice or unsaleable, on another
    /// market or fraction than the campaign's, or a price that is not their sum.
    NotASale {
        item: String,
    },
    /// A believed worth on what is no valuable's appraisal, or that is the valuable's own
    /// (`rules::knowledge::appraise`).
    NotAnAppraisal {
        item: String,
    },
    /// A holder (the pool when `holder` is none) has less than it would give.
    Lacks {
        holder: Option<String>,
        has: Coins,
        wants: Coins,
    },
}

impl Refusal {
    /// Whether this is a limit of `rules::limits` passed, the round's length set too late or
    /// wounds bound that are not bleeding: a live command meeting one is refused by a rule,
    /// where any other refusal from the ledger is a ledger at odds with itself.
    pub fn is_limit(&self) -> bool {
        matches!(
            self,
            Refusal::TooManyCoins { .. }
                | Refusal::TooManyCounted { .. }
                | Refusal::XpPastLimit { .. }
                | Refusal::AwardPastLimit { .. }
                | Refusal::ValuePastLimit { .. }
                | Refusal::RoundFixed { .. }
                | Refusal::NotBleeding { .. }
        )
    }
}

impl From<SheetError> for Refusal {
    fn from(error: SheetError) -> Self {
        Refusal::Sheet { error }
    }
}
