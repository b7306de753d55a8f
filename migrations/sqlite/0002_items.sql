-- Magic items: who holds each one, its charges and fate, and its true identity.
-- `identity` (JSON) is fixed when the item is made; `state` (JSON) holds what play changes
-- beyond the columns (spells erased, rings worn, what each character knows …).
CREATE TABLE items (
    campaign_id INTEGER NOT NULL REFERENCES campaigns (id),
    id          TEXT NOT NULL,
    name        TEXT NOT NULL COLLATE NOCASE,
    name_fr     TEXT NOT NULL COLLATE NOCASE,
    category    TEXT NOT NULL,
    holder      TEXT,
    charges     INTEGER CHECK (charges IS NULL OR charges >= 0),
    status      TEXT NOT NULL DEFAULT 'intact',
    identity    TEXT NOT NULL DEFAULT '{}',
    state       TEXT NOT NULL DEFAULT '{}',
    PRIMARY KEY (campaign_id, id),
    FOREIGN KEY (campaign_id, holder) REFERENCES characters (campaign_id, id)
);
CREATE INDEX items_by_holder ON items (campaign_id, holder);
CREATE INDEX items_by_name ON items (campaign_id, name);
