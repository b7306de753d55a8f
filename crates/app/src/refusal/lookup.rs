//! What every command may refuse as it looks for what it works on: a campaign, a character,
//! an item, someone able to act.

use crate::rules::item::Names;

/// Why a command cannot find what it works on, or cannot act, as data (a `--json` error
/// carries its fields); `view::words::lookup` words it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    /// No campaign was ever made or chosen.
    NoCampaign,
    /// Campaigns, none of them in use (`campaign use` names one).
    NoneInUse { campaigns: Vec<String> },
    /// `campaign new`, or an `import` (`imported`), with a name already taken.
    CampaignExists { name: String, imported: bool },
    /// No campaign of that name; `near` is the known name it may be a typo of.
    UnknownCampaign { name: String, near: Option<String> },
    /// No character of that name in `campaign`; `near` as above.
    UnknownCharacter {
        name: String,
        near: Option<String>,
        campaign: String,
    },
    /// A command asked for an item it had not loaded (a fault of hoard's, not the referee's).
    ItemNotLoaded { id: String },
    /// A row names a character the database does not have.
    CharacterMissing { id: String },
    /// `--by` names someone other than the item's holder.
    HeldByAnother {
        holder: String,
        item: Names,
        who: String,
    },
    /// An item of the party's treasure, used without `--by`.
    InTreasure { item: Names },
    /// The character is dying (A&D&D's death rule) and cannot act.
    Dying { name: String, hp: i32 },
    /// The character is dead and cannot act.
    Dead { name: String, hp: i32 },
    /// The character is sick from mixing potions (OSE *Potions*) and cannot act until the game
    /// time `until`.
    Sick { name: String, until: i64 },
}
