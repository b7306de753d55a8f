-- The ledger's hash chain: each event holds the SHA-256 of the event before it and of its own
-- row (crates/store/src/chain.rs says what it covers and why), so `hoard check` finds a
-- ledger rewritten under it. The events recorded before are hashed by hoard itself, in order,
-- in the same transaction as this migration (`store::chain::fill`), as on SQLite.
ALTER TABLE events ADD COLUMN hash TEXT COLLATE "C";
