-- Sentient swords in play: the encounter under way (special purposes), and indexes that only
-- hold what the sword audit and power limits read, so they cost nothing to other events.
ALTER TABLE campaigns ADD COLUMN encounter TEXT;

CREATE INDEX events_control_checks ON events (campaign_id, seq)
    WHERE kind = 'control_checked';
CREATE INDEX events_power_uses ON events (campaign_id, subject, game_time)
    WHERE kind = 'sword_power_used';
CREATE INDEX items_in_control ON items (campaign_id)
    WHERE json_extract(state, '$.control') IS NOT NULL;
