-- Personal links (`hoard character link`, `hoard serve --players`): one token per character,
-- kept so that a link survives the server's restarts, revoked by stamping `revoked_at`. They
-- are access, not the campaign's story: no event records them, and neither export nor import
-- carries them. The token is a secret: the players' read-only role must not read this table
-- (docs/postgres.md).
CREATE TABLE links (
    token        TEXT NOT NULL PRIMARY KEY,
    campaign_id  INTEGER NOT NULL REFERENCES campaigns (id),
    character_id TEXT NOT NULL,
    created_at   TEXT NOT NULL,
    revoked_at   TEXT
);
CREATE INDEX links_by_character ON links (campaign_id, character_id);

-- Who wrote an event, when it was not the referee: the character whose personal link made a
-- claim. Read from the payload, as `actor` and `subject` are; NULL for the command line.
ALTER TABLE events ADD COLUMN author TEXT;
