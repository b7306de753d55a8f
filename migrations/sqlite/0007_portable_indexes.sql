-- What the hot reads select by, as plain columns rather than JSON paths, so the same
-- statements serve SQLite and PostgreSQL: the event that made each item (the order items are
-- listed in), the character a sentient sword controls, and whether it has a special purpose.
ALTER TABLE items ADD COLUMN created_seq INTEGER NOT NULL DEFAULT 0;
ALTER TABLE items ADD COLUMN controls TEXT;
ALTER TABLE items ADD COLUMN purpose INTEGER NOT NULL DEFAULT 0;

UPDATE items SET created_seq = COALESCE(
    (SELECT min(e.seq) FROM events e
     WHERE e.campaign_id = items.campaign_id AND e.kind = 'item_created'
       AND e.subject = items.id), 0);
UPDATE items SET controls = json_extract(state, '$.control.character');
UPDATE items SET purpose = 1
    WHERE category = 'sword'
      AND json_extract(identity, '$.sentience.special_purpose') IS NOT NULL;

DROP INDEX items_by_holder;
CREATE INDEX items_by_holder ON items (campaign_id, holder, created_seq);
CREATE INDEX items_in_order ON items (campaign_id, created_seq);
DROP INDEX items_in_control;
CREATE INDEX items_in_control ON items (campaign_id, created_seq) WHERE controls IS NOT NULL;
DROP INDEX items_purpose_swords;
CREATE INDEX items_purpose_swords ON items (campaign_id, created_seq)
    WHERE purpose AND holder IS NOT NULL;

-- Control checks and voids are read on their own (an audit, a replay): they are listed in
-- event_refs under a tag, so those reads walk its key like an item's history does.
INSERT INTO event_refs (campaign_id, entity, seq)
    SELECT campaign_id, 'kind:' || kind, seq FROM events
    WHERE kind IN ('control_checked', 'events_voided');
DROP INDEX events_control_checks;
DROP INDEX events_voids;

-- What wears off as the clock advances, in the order it is told.
DROP INDEX effects_by_end;
CREATE INDEX effects_by_end ON effects (campaign_id, ends_at, id);
