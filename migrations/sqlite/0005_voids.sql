-- Voided events: `void` and `undo` append an `events_voided` event and the state is rebuilt
-- from the ledger without them. This table lists them (the ledger's void events say the
-- same), so `log` can mark them without reading every void.
CREATE TABLE voided (
    campaign_id INTEGER NOT NULL REFERENCES campaigns (id),
    seq         INTEGER NOT NULL,
    by_seq      INTEGER NOT NULL,
    PRIMARY KEY (campaign_id, seq)
) WITHOUT ROWID;
CREATE INDEX events_voids ON events (campaign_id, seq) WHERE kind = 'events_voided';
