-- Foundation: campaigns, play sessions, characters and the append-only ledger.
-- Ids are UUID text and times ISO-8601 UTC text, so the file reads well in the sqlite3 client.
-- Game time is counted in rounds (1 round = 1 minute, 1 turn = 10 rounds).

-- Preferences of this database file, not of a campaign (e.g. the campaign in use).
CREATE TABLE preferences (
    key   TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE campaigns (
    id           INTEGER PRIMARY KEY,
    name         TEXT NOT NULL COLLATE NOCASE UNIQUE,
    created_at   TEXT NOT NULL,
    clock        INTEGER NOT NULL DEFAULT 0 CHECK (clock >= 0),
    open_session INTEGER,
    last_session INTEGER NOT NULL DEFAULT 0,
    settings     TEXT NOT NULL DEFAULT '{}'
);

-- A session's events are the contiguous run of the ledger from `started_seq` to `ended_seq`,
-- so reading one session walks the ledger's key instead of needing an index of its own.
CREATE TABLE sessions (
    campaign_id   INTEGER NOT NULL REFERENCES campaigns (id),
    number        INTEGER NOT NULL,
    title         TEXT,
    started_at    TEXT NOT NULL,
    started_round INTEGER NOT NULL,
    started_seq   INTEGER NOT NULL,
    ended_at      TEXT,
    ended_round   INTEGER,
    ended_seq     INTEGER,
    PRIMARY KEY (campaign_id, number)
) WITHOUT ROWID;

CREATE TABLE characters (
    campaign_id INTEGER NOT NULL REFERENCES campaigns (id),
    id          TEXT NOT NULL,
    name        TEXT NOT NULL COLLATE NOCASE,
    alignment   TEXT NOT NULL CHECK (alignment IN ('lawful', 'neutral', 'chaotic')),
    class       TEXT,
    level       INTEGER NOT NULL CHECK (level BETWEEN 1 AND 36),
    str         INTEGER NOT NULL CHECK (str BETWEEN 3 AND 18),
    wis         INTEGER NOT NULL CHECK (wis BETWEEN 3 AND 18),
    hp          INTEGER NOT NULL CHECK (hp >= -10 AND hp <= hp_max),
    hp_max      INTEGER NOT NULL CHECK (hp_max >= 1),
    PRIMARY KEY (campaign_id, id),
    UNIQUE (campaign_id, name)
);

-- The ledger. `seq` numbers a campaign's events from 1; `cause` points at the event a
-- consequence follows from; `payload` is the whole event as JSON, every die included.
-- Keyed by (campaign, seq) and nothing else: every read walks that key (a session is a range
-- of it; a character's or item's events go through event_refs), so an event costs one B-tree.
CREATE TABLE events (
    campaign_id INTEGER NOT NULL REFERENCES campaigns (id),
    seq         INTEGER NOT NULL,
    cause       INTEGER,
    session     INTEGER,
    game_time   INTEGER NOT NULL,
    wall_time   TEXT NOT NULL,
    kind        TEXT NOT NULL,
    actor       TEXT,
    subject     TEXT,
    payload     TEXT NOT NULL,
    PRIMARY KEY (campaign_id, seq)
) WITHOUT ROWID;

-- Every character or item an event touches, so a character's log and an item's history walk
-- an index instead of the whole ledger.
CREATE TABLE event_refs (
    campaign_id INTEGER NOT NULL,
    entity      TEXT NOT NULL,
    seq         INTEGER NOT NULL,
    PRIMARY KEY (campaign_id, entity, seq)
) WITHOUT ROWID;
