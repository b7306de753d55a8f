//! What `void`, `undo` and `redo` refuse. Worded by `view::words::history`.

/// Why an event cannot be voided (or found), as data; `view::words::history` words it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    /// Another referee's event, voided without `--force` (`me`: who records, if known).
    Others {
        event: i64,
        referee: String,
        me: Option<String>,
    },
    /// No event of that number in the campaign (`void`, `explain`).
    NoEvent {
        event: i64,
    },
    /// `undo` with nothing left standing but the campaign's creation.
    NothingToUndo,
    /// `redo` when the latest event is no void (`latest`): nothing was just undone.
    NothingToRedo {
        latest: i64,
    },
    /// An event names a cause after itself: the ledger was edited by hand.
    LaterCause {
        event: i64,
        cause: i64,
    },
    /// The campaign's first event.
    CreatesCampaign {
        event: i64,
    },
    /// A void event.
    IsVoid {
        event: i64,
    },
    /// `undo` right after a `void` of an older event (`void`, the void; `target`, what it
    /// voided): the latest command cannot be undone, and undo would reach past it to `past`.
    AfterVoid {
        void: i64,
        target: i64,
        past: i64,
    },
    AlreadyVoided {
        event: i64,
        by: i64,
    },
    /// Voiding `event` gives the campaign back `name` (a rename undone), which another
    /// campaign has taken since.
    NameTaken {
        event: i64,
        name: String,
    },
    /// Later events cannot stand without it: `standing` lists them, `first` says why the first
    /// cannot.
    DependedOn {
        event: i64,
        standing: Vec<i64>,
        #[serde(skip)]
        first: crate::ledger::Conflict,
    },
}
