//! What `void`, `undo` and `redo` refuse. Worded by `view::words::history`.

/// Why an event cannot be voided (or found), as data; `view::words::history` words it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    /// Another referee's event, voided without `--force` (`me`: who makes the void, if known).
    Others {
        event: i64,
        referee: String,
        me: Option<String>,
    },
    /// A void, an undo or a redo in a campaign of several `referees` with none named: whose
    /// it is must be known (`--referee`, `HOARD_REFEREE`).
    WhoMakesIt {
        referees: Vec<String>,
    },
    /// No event of that number in the campaign (`void`, `explain`).
    NoEvent {
        event: i64,
    },
    /// `undo` when the referee who makes it (`referee`, if the campaign names referees) has
    /// recorded nothing that can be taken back but the campaign's creation.
    NothingToUndo {
        referee: Option<String>,
    },
    /// `redo` when the latest command of the referee who makes it (`latest`, their latest
    /// event; 0 for none) is no void: nothing of theirs was just undone.
    NothingToRedo {
        latest: i64,
        referee: Option<String>,
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
    /// `undo` when the latest command of the referee who makes it is a void (`void`, which
    /// voided `target`): a void cannot be undone, and undo never reaches past one (`redo` takes
    /// it back).
    AfterVoid {
        void: i64,
        target: i64,
    },
    /// `undo` when the latest command of the referee who makes it (`event`) was voided already,
    /// by `void` (recorded by `by`, if the campaign names referees): undo never reaches past a
    /// void, whoever made it.
    Undone {
        event: i64,
        void: i64,
        by: Option<String>,
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
    /// `redo` of event `event` (its number before the undo), which cannot be recorded again
    /// now: `since`, recorded after the undo, changed what it acts on (if one did); `first`
    /// says why.
    RedoBlocked {
        event: i64,
        since: Option<i64>,
        #[serde(skip)]
        first: crate::ledger::Conflict,
    },
}
