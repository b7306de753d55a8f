-- Indexes found by `store::plans`, the test that every hot read walks an index.

-- A character's effects in the order `character show` lists them, so the sheet needs no sort.
DROP INDEX effects_by_character;
CREATE INDEX effects_by_character ON effects (campaign_id, character, started_at, id);

-- Sentient swords with a special purpose: the swords an encounter asks about, without reading
-- every item someone holds.
CREATE INDEX items_purpose_swords ON items (campaign_id)
    WHERE category = 'sword'
      AND json_extract(identity, '$.sentience.special_purpose') IS NOT NULL;

-- Items are named by name in either language, id or id prefix: each way has its index.
CREATE INDEX items_by_name_fr ON items (campaign_id, name_fr);
