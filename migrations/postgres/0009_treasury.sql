-- The treasury, as SQLite's migration 0009 makes it (see migrations/sqlite/0009_treasury.sql
-- for why): coins per holder and the campaign's totals, experience and shares on the sheet,
-- items left at named places. Types and collations as in 0008: BIGINT integers, text compared
-- byte by byte ("C", SQLite's BINARY), so places list in the same order on both engines.
CREATE TABLE coins (
    campaign_id BIGINT NOT NULL REFERENCES campaigns (id),
    holder_kind TEXT COLLATE "C" NOT NULL
        CHECK (holder_kind IN ('pool', 'purse', 'place', 'added', 'spent')),
    holder      TEXT COLLATE "C" NOT NULL,
    cp          BIGINT NOT NULL DEFAULT 0 CHECK (cp >= 0),
    sp          BIGINT NOT NULL DEFAULT 0 CHECK (sp >= 0),
    ep          BIGINT NOT NULL DEFAULT 0 CHECK (ep >= 0),
    gp          BIGINT NOT NULL DEFAULT 0 CHECK (gp >= 0),
    pp          BIGINT NOT NULL DEFAULT 0 CHECK (pp >= 0),
    PRIMARY KEY (campaign_id, holder_kind, holder)
);

ALTER TABLE characters ADD COLUMN xp BIGINT NOT NULL DEFAULT 0 CHECK (xp >= 0);
ALTER TABLE characters ADD COLUMN half_shares BIGINT NOT NULL DEFAULT 2
    CHECK (half_shares BETWEEN 0 AND 20);
ALTER TABLE characters ADD COLUMN intelligence BIGINT
    CHECK (intelligence IS NULL OR intelligence BETWEEN 3 AND 18);
ALTER TABLE characters ADD COLUMN dexterity BIGINT
    CHECK (dexterity IS NULL OR dexterity BETWEEN 3 AND 18);

ALTER TABLE items ADD COLUMN place TEXT COLLATE "C";
CREATE INDEX items_at_places ON items (campaign_id, place, created_seq) WHERE place IS NOT NULL;
