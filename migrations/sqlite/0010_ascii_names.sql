-- Names are looked up by lower(name), compared with a name hoard has folded itself, so that
-- one statement text finds a name ignoring ASCII case on both engines (PostgreSQL's ICU
-- collation cost each of its commands some 12 ms of server time; see
-- migrations/postgres/0010_ascii_names.sql). SQLite's lower() folds ASCII letters only, as
-- NOCASE does: the names a lookup finds are the ones it found before, and NOCASE's UNIQUE
-- constraints still keep names unique. The indexes follow the lookups onto lower().
DROP INDEX items_by_name;
DROP INDEX items_by_name_fr;
CREATE INDEX items_by_name ON items (campaign_id, lower(name));
CREATE INDEX items_by_name_fr ON items (campaign_id, lower(name_fr));
CREATE INDEX characters_by_name ON characters (campaign_id, lower(name));
CREATE INDEX campaigns_by_name ON campaigns (lower(name));
