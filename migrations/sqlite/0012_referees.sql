-- West Marches: several referees, several sessions open at once, each with its own party and
-- its own game clock (the expedition's time), folded into the campaign's calendar at its end.
-- A session's roster is JSON (ids and names, as its `session_started` event has them); its
-- clock starts as the campaign's was when it began. An ended session's clock is where it ended,
-- an open one's the campaign's (before rosters, the one open session ran on the campaign's).
ALTER TABLE sessions ADD COLUMN roster TEXT NOT NULL DEFAULT '[]';
ALTER TABLE sessions ADD COLUMN referee TEXT;
ALTER TABLE sessions ADD COLUMN clock INTEGER NOT NULL DEFAULT 0;
UPDATE sessions SET clock = COALESCE(
    ended_round, (SELECT c.clock FROM campaigns c WHERE c.id = sessions.campaign_id));

-- The open sessions, as a JSON array of numbers, in place of the one open session.
ALTER TABLE campaigns ADD COLUMN open_sessions TEXT NOT NULL DEFAULT '[]';
UPDATE campaigns SET open_sessions = '[' || open_session || ']' WHERE open_session IS NOT NULL;
ALTER TABLE campaigns DROP COLUMN open_session;

-- Who recorded each event (`--referee`, `HOARD_REFEREE`, else its session's referee); NULL
-- where the campaign names no referee. `log --by NAME` walks its tag in event_refs
-- (`referee:NAME`), as an item's history walks the item's.
ALTER TABLE events ADD COLUMN referee TEXT;
