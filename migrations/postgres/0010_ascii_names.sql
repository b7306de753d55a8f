-- Names compare ignoring ASCII case through lower(), as on SQLite, instead of through the
-- ICU collation hoard_nocase: a new backend's first use of an ICU collation costs the server
-- some 12 ms (`psql -c "SELECT 'a' COLLATE hoard_nocase = 'A'"` took 26.9 ms against 14.8 ms
-- for `SELECT 'a' = 'A'`), and every command finds its campaign by name on a new connection,
-- so every command paid it: a recording command took 1.82x `psql` inserting one row.
--
-- The name columns now compare byte by byte ("C"), where lower() folds ASCII letters only,
-- as SQLite's lower() and NOCASE do: the statements compare lower(name) with a name hoard
-- has folded itself (never lower() of a parameter, which takes the database's collation),
-- and the indexes below are on lower(name). `Émile` and `émile` are two names, as on
-- SQLite. A database written under the ICU collation upgrades cleanly: names equal under it
-- include every pair equal but for ASCII case, so no two rows collide under the new keys.
ALTER TABLE campaigns DROP CONSTRAINT campaigns_name_key;
ALTER TABLE characters DROP CONSTRAINT characters_campaign_id_name_key;
DROP INDEX items_by_name;
DROP INDEX items_by_name_fr;

ALTER TABLE campaigns ALTER COLUMN name TYPE TEXT COLLATE "C";
ALTER TABLE characters ALTER COLUMN name TYPE TEXT COLLATE "C";
ALTER TABLE items ALTER COLUMN name TYPE TEXT COLLATE "C";
ALTER TABLE items ALTER COLUMN name_fr TYPE TEXT COLLATE "C";
-- The campaign in use is compared with campaign names: folded the same way, whatever the
-- database's own collation.
ALTER TABLE preferences ALTER COLUMN key TYPE TEXT COLLATE "C";
ALTER TABLE preferences ALTER COLUMN value TYPE TEXT COLLATE "C";

CREATE UNIQUE INDEX campaigns_by_name ON campaigns (lower(name));
CREATE UNIQUE INDEX characters_by_name ON characters (campaign_id, lower(name));
CREATE INDEX items_by_name ON items (campaign_id, lower(name));
CREATE INDEX items_by_name_fr ON items (campaign_id, lower(name_fr));

DROP COLLATION hoard_nocase;
