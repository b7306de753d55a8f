//! What sessions and referees refuse: starting, ending, naming one, recording in one. Worded by `view::words::session`.

/// Why a session cannot be found, started or ended, as data; `view::words::session` words it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    /// No session of that number: sessions run from 1 to `last` (none if 0).
    NoSession { number: u32, last: u32 },
    /// No play session at all yet (a report of the latest session).
    NoneYet,
    /// `session start` while one is open that is the whole campaign's, or without a roster
    /// while any is open.
    StillOpen {
        /// The open sessions (with a whole campaign's, only that one: it holds everyone).
        open: Vec<Open>,
        /// The session refused had a roster (`--with`).
        roster: bool,
    },
    /// `session start --with` naming a character of open session `session`.
    InOpenSession { name: String, session: u32 },
    /// `session end` with none open.
    NoneOpen,
    /// `session end --session N` of a session that has ended.
    NotOpen { number: u32 },
    /// The open session has no row (the database disagrees with itself).
    NoRow { number: u32 },
    /// Several sessions are open and the command names no character or session to choose by.
    SeveralOpen { open: Vec<Open> },
    /// A command naming characters of two open sessions (`name` is in `theirs`).
    /// (`this`: none, between sessions.)
    Apart {
        name: String,
        theirs: u32,
        this: Option<u32>,
    },
    /// An expedition's loot (what its party found, or put back into the party's treasure)
    /// named by a command of another session, or to go to, or be claimed by, `name` who is not
    /// of that party: it stays with the party until the session ends.
    Loot {
        item: crate::rules::item::Names,
        /// The expedition whose loot it is.
        of: Open,
        /// The character it would go to; `None`: the command itself records elsewhere.
        name: Option<String>,
        /// Where they are, or where the command records: another session, or none (at home,
        /// between sessions).
        elsewhere: Option<Open>,
    },
    /// `--session TITLE` that no session has.
    NoTitle { title: String },
    /// `--session TITLE` that several sessions have.
    SameTitle { title: String, sessions: Vec<u32> },
    /// `--referee` naming no referee of the campaign; `near` as for characters.
    UnknownReferee {
        name: String,
        near: Option<String>,
        none: bool,
    },
    /// `referee add` of a name the campaign has.
    RefereeExists { name: String },
    /// `--referee` naming another referee than the PostgreSQL role connected as, under
    /// `campaign set referees role`.
    NotYourRole { role: String, named: String },
}

/// An open session, as a refusal lists it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Open {
    pub number: u32,
    pub title: Option<String>,
}
