-- Item rules: who can read magic, quests laid on characters, and lasting effects (potions,
-- protection scrolls) on the game clock.
ALTER TABLE characters ADD COLUMN reads_magic INTEGER NOT NULL DEFAULT 0;
ALTER TABLE characters ADD COLUMN literate INTEGER NOT NULL DEFAULT 1;
ALTER TABLE characters ADD COLUMN state TEXT NOT NULL DEFAULT '{}';

-- An effect is active from `started_at` until `ends_at` (rounds; NULL: until ended by hand).
CREATE TABLE effects (
    campaign_id INTEGER NOT NULL REFERENCES campaigns (id),
    id          TEXT NOT NULL,
    character   TEXT NOT NULL,
    item        TEXT,
    kind        TEXT NOT NULL,
    name        TEXT NOT NULL,
    name_fr     TEXT NOT NULL,
    started_at  INTEGER NOT NULL,
    ends_at     INTEGER,
    PRIMARY KEY (campaign_id, id),
    FOREIGN KEY (campaign_id, character) REFERENCES characters (campaign_id, id)
);
CREATE INDEX effects_by_character ON effects (campaign_id, character, ends_at);
CREATE INDEX effects_by_end ON effects (campaign_id, ends_at);
