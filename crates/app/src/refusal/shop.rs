//! What `buy` refuses: goods no price list sells, a list missing, a purse that cannot pay.
//! Worded by `view::words::shop`.

use serde::Serialize;

use crate::rules::item::Names;
use crate::rules::purchase::Unbought;

/// Why goods cannot be bought: data, worded by `view::words::shop`.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    /// The campaign's tables hold no price list of this name (a folder replaced it with
    /// something else).
    NoList { list: String },
    /// The list sells nothing of this name; `near` is the closest name it does sell.
    UnknownGoods {
        list: String,
        goods: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        near: Option<Names>,
    },
    /// The rule's refusal: a count out of range, a purse too light or without the coins.
    Unbought {
        character: String,
        #[serde(flatten)]
        why: Unbought,
    },
}
