//! What `import` refuses in a file, and where. Worded by `view::words::export`.

use serde::Serialize;

/// Why a file cannot be imported, as data; `view::words::export` words it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    NotUtf8 {
        line: usize,
    },
    /// A line over [`LINE_LIMIT`] (`mib` MiB).
    TooLong {
        line: usize,
        mib: usize,
    },
    /// What is wrong with line `line`.
    Line {
        line: usize,
        fault: Fault,
    },
}

/// What is wrong with one line of an import.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Fault {
    /// The first line is no header (`error` is the JSON reader's).
    NotHeader { error: String },
    /// A header of another kind or format than [`FORMAT`].
    WrongFormat { format: u32 },
    /// A line that is no event (`error` is the JSON reader's).
    Unreadable { error: String },
    /// Event `event` follows `after`, not `after + 1`.
    Gap { event: i64, after: i64 },
    /// The event cannot stand on the events before it.
    CannotStand {
        #[serde(skip)]
        conflict: crate::ledger::Conflict,
    },
    /// The file ends at `last` but its header announces `announced` events.
    Short { last: i64, announced: i64 },
    /// The header's voided events are not those the file's void events void.
    VoidsMismatch,
}
