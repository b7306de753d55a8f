-- Swords in hand: every `time advance` asks which sentient swords are in someone's hand (each
-- round in the hand of another alignment hurts), and this index holds only those.
CREATE INDEX items_in_hand ON items (campaign_id)
    WHERE json_extract(state, '$.worn') = 'hand';
