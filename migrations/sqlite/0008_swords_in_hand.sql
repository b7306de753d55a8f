-- Swords in hand: every `time advance` asks which sentient swords are in someone's hand (each
-- round in the hand of a character of another alignment hurts). A plain column, as the other
-- hot reads have, and an index that holds only those swords.
ALTER TABLE items ADD COLUMN in_hand INTEGER NOT NULL DEFAULT 0;
UPDATE items SET in_hand = 1 WHERE json_extract(state, '$.worn') = 'hand';
CREATE INDEX items_in_hand ON items (campaign_id, created_seq) WHERE in_hand;

-- A scroll taken in hand has had its one chance to fade: replay now records the characters
-- who took it in its state (`touched`), from its `scroll_fade` events; rows written before
-- get the same, so `hoard check` finds the stored state what the ledger builds.
WITH fades AS (
    SELECT e.campaign_id, e.subject, e.actor, min(e.seq) AS first
    FROM events e
    WHERE e.kind = 'scroll_fade'
      AND NOT EXISTS (SELECT 1 FROM voided v WHERE v.campaign_id = e.campaign_id AND v.seq = e.seq)
    GROUP BY e.campaign_id, e.subject, e.actor
),
lists AS (
    SELECT campaign_id, subject, json_group_array(actor) AS actors
    FROM (SELECT * FROM fades ORDER BY campaign_id, subject, first)
    GROUP BY campaign_id, subject
)
UPDATE items SET state = json_set(state, '$.touched', json(lists.actors))
FROM lists
WHERE lists.campaign_id = items.campaign_id AND lists.subject = items.id
  AND items.category = 'scroll';
