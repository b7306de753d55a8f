-- The treasury: coins held by the party's pool, each character's purse and each named place,
-- with the campaign's totals of coins added and spent (the holders always add up to added
-- less spent). One row per holder, a count per denomination; never negative.
CREATE TABLE coins (
    campaign_id INTEGER NOT NULL REFERENCES campaigns (id),
    holder_kind TEXT NOT NULL CHECK (holder_kind IN ('pool', 'purse', 'place', 'added', 'spent')),
    holder      TEXT NOT NULL,
    cp          INTEGER NOT NULL DEFAULT 0 CHECK (cp >= 0),
    sp          INTEGER NOT NULL DEFAULT 0 CHECK (sp >= 0),
    ep          INTEGER NOT NULL DEFAULT 0 CHECK (ep >= 0),
    gp          INTEGER NOT NULL DEFAULT 0 CHECK (gp >= 0),
    pp          INTEGER NOT NULL DEFAULT 0 CHECK (pp >= 0),
    PRIMARY KEY (campaign_id, holder_kind, holder)
);

-- Experience and shares on the sheet, and the scores some classes' prime requisites need.
-- A share is counted in halves (2: a full share, 1: a retainer's half share).
ALTER TABLE characters ADD COLUMN xp INTEGER NOT NULL DEFAULT 0 CHECK (xp >= 0);
ALTER TABLE characters ADD COLUMN half_shares INTEGER NOT NULL DEFAULT 2
    CHECK (half_shares BETWEEN 0 AND 20);
ALTER TABLE characters ADD COLUMN intelligence INTEGER
    CHECK (intelligence IS NULL OR intelligence BETWEEN 3 AND 18);
ALTER TABLE characters ADD COLUMN dexterity INTEGER
    CHECK (dexterity IS NULL OR dexterity BETWEEN 3 AND 18);

-- Items left at a named place (`stash`), with an index that holds only them.
ALTER TABLE items ADD COLUMN place TEXT;
CREATE INDEX items_at_places ON items (campaign_id, place, created_seq) WHERE place IS NOT NULL;
