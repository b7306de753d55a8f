//! What `debts pay` refuses. Worded by `view::words::debts`.

use serde::Serialize;

use crate::rules::coins::Coins;

/// Why a character's debts cannot be paid so.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    /// The character owes nothing: no wages, no living or training costs.
    NothingOwed { name: String },
    /// `--to` names a retainer the character owes nothing.
    NotOwed { name: String, retainer: String },
    /// The purse holds no coin that pays any of what is owed (empty, or only coins worth
    /// more than each debt: no change is given). `owed` in copper pieces.
    Unpayable {
        name: String,
        purse: Coins,
        owed: i64,
    },
}
