-- Swords in hand: every `time advance` asks which sentient swords are in someone's hand (each
-- round in the hand of a character of another alignment hurts). A plain column, as the other
-- hot reads have, and an index that holds only those swords.
ALTER TABLE items ADD COLUMN in_hand INTEGER NOT NULL DEFAULT 0;
UPDATE items SET in_hand = 1 WHERE json_extract(state, '$.worn') = 'hand';
CREATE INDEX items_in_hand ON items (campaign_id, created_seq) WHERE in_hand;
