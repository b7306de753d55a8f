-- Lights lit: every `time advance` asks which torches and lanterns burn (what burns out is
-- used up, `rules::light`). A plain column, as `in_hand` is, and an index that holds only them.
ALTER TABLE items ADD COLUMN lit BOOLEAN NOT NULL DEFAULT false;
CREATE INDEX items_lit ON items (campaign_id, created_seq) WHERE lit;
