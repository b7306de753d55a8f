//! What `retainer hire` and `retainer dismiss` refuse. Worded by `view::words::retainer`.

use serde::Serialize;

/// Why a character cannot be hired or dismissed so.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    /// A wage that is not `AMOUNT/day` or `AMOUNT/adventure` of coins.
    Wage { given: String },
    /// A character hired by themselves.
    Themselves { name: String },
    /// Already someone's retainer, or still owed by a former employer.
    Hired { name: String, employer: String },
    /// Dismissed who is not hired.
    NotHired { name: String },
}
