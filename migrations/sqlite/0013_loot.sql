-- Expeditions keep their loot: an item of the party's treasure carries, in its state, the
-- open expedition (a session with a party) that found it or put it back (`pooled_in`), until
-- that session ends. Items lying in an open expedition's treasure as this runs take it from the
-- last standing event that put them there (their creation, or a hand-over to the treasure).
WITH last_put AS (
    SELECT i.campaign_id, i.id, (
        SELECT e.session FROM event_refs r
        JOIN events e ON e.campaign_id = r.campaign_id AND e.seq = r.seq
        WHERE r.campaign_id = i.campaign_id AND r.entity = i.id
          AND e.kind IN ('item_created', 'item_passed')
          AND NOT EXISTS (
              SELECT 1 FROM voided v WHERE v.campaign_id = e.campaign_id AND v.seq = e.seq)
        ORDER BY e.seq DESC LIMIT 1
    ) AS session
    FROM items i
    WHERE i.holder IS NULL AND i.place IS NULL AND i.status <> 'sold'
)
UPDATE items SET state = json_set(state, '$.pooled_in', (
    SELECT l.session FROM last_put l WHERE l.campaign_id = items.campaign_id AND l.id = items.id))
WHERE (campaign_id, id) IN (
    SELECT l.campaign_id, l.id FROM last_put l
    JOIN sessions s ON s.campaign_id = l.campaign_id AND s.number = l.session
    WHERE s.ended_seq IS NULL AND s.roster <> '[]');

-- The party's treasure, read whole when an expedition ends (its loot becomes the campaign's).
CREATE INDEX IF NOT EXISTS items_in_treasure ON items (campaign_id, created_seq)
    WHERE holder IS NULL AND place IS NULL;
