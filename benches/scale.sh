#!/usr/bin/env bash
# hoard on a campaign of 1,000,000 events, timed alternately in the same run:
# - recording commands on that campaign against the same commands on a near-empty one
#   (same characters, items and benchmark props, 1,000 events). Target: at most 1.2x.
# - recording commands on a campaign of 100,000 items against the same near-empty one.
#   Target: at most 1.2x.
# - the reads a referee makes (`log --limit 20`, `item history`, `audit swords`,
#   `character show`) against the sqlite3 CLI running the equivalent indexed query on the
#   same file. Target: at most 1.5x.
# - `import` of 100,000 events against sqlite3 loading the same rows. Target: at most 2x.
# - peak memory of importing the 1,000,000 events. Target: under 64 MiB.
#   benches/scale.sh [EVENTS] [ROUNDS] [RUNS]
source "$(dirname "$0")/common.sh"
need sqlite3 python3 time valgrind
build
events=${1:-1000000} rounds=${2:-5} runs=${3:-20}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

echo "machine: $(nproc) cores, $(uname -sr); $(sqlite3 --version | cut -d' ' -f1-2)"
# Real items to fill the campaigns with, then the campaigns as exports.
"$hoard" --db items.db --seed 1 generate any --count 2000 >/dev/null
"$hoard" --db items.db export -o items.jsonl >/dev/null
python3 "$root/benches/make_campaign.py" "$events" items.jsonl >big.jsonl
python3 "$root/benches/make_campaign.py" 1000 items.jsonl >small.jsonl
python3 "$root/benches/make_campaign.py" 100000 items.jsonl >mid.jsonl

peak=$( { /usr/bin/time -f "%M %e" "$hoard" --db big.db import big.jsonl >/dev/null; } 2>&1 | tail -1)
echo "import of $events events: $(echo "$peak" | cut -d' ' -f2) s, peak memory $(( ${peak%% *} / 1024 )) MiB"
"$hoard" --db small.db import small.jsonl >/dev/null
# The sentient sword is lawful and held by "Hero 1", who is neutral: each wield calls for a
# check.
for db in big small; do
    "$hoard" --db $db.db campaign use bench >/dev/null
done

echo
echo "recording on $events events vs on 1,000 (target ≤ 1.2x):"
ab "character damage" "$rounds" "$runs" \
    "$hoard --db big.db character damage Bench 1" \
    "$hoard --db small.db character damage Bench 1"
ab "use (a wand charge)" "$rounds" "$runs" \
    "$hoard --db big.db use 'Bench Wand'" \
    "$hoard --db small.db use 'Bench Wand'"
ab "wield (a sentient sword: control check)" "$rounds" "$runs" \
    "$hoard --db big.db wield 'Bench Sword'" \
    "$hoard --db small.db wield 'Bench Sword'"
for db in big small; do "$hoard" --db $db.db give "Bench Sword" --to "Hero 2" >/dev/null; done
ab "give (a sentient sword)" "$rounds" "$runs" \
    "$hoard --db big.db give 'Bench Sword' --to 'Hero 2'" \
    "$hoard --db small.db give 'Bench Sword' --to 'Hero 2'" \
    "$hoard --db big.db give 'Bench Sword' --to 'Hero 1'" \
    "$hoard --db small.db give 'Bench Sword' --to 'Hero 1'"

# A campaign of many items (a 1,000,000-event ledger holds few): recording must not walk them.
cp small.db many.db
"$hoard" --db many.db --seed 2 generate any --count 100000 >/dev/null
echo
echo "recording with 100,000 items vs with 2,000 (target ≤ 1.2x):"
ab "character damage" "$rounds" "$runs" \
    "$hoard --db many.db character damage Bench 1" \
    "$hoard --db small.db character damage Bench 1"
ab "character heal" "$rounds" "$runs" \
    "$hoard --db many.db character heal Bench 1" \
    "$hoard --db small.db character heal Bench 1"
ab "use (a wand charge)" "$rounds" "$runs" \
    "$hoard --db many.db use 'Bench Wand'" \
    "$hoard --db small.db use 'Bench Wand'"
compare_instructions "character damage, 100,000 items" \
    "$hoard --db many.db character damage Bench 1" "$hoard --db small.db character damage Bench 1"

# The equivalent queries, on the same file, through the same indexes.
# Names are found through their lower(name) indexes, as hoard finds them.
cid=$(sqlite3 big.db "SELECT id FROM campaigns WHERE lower(name) = 'bench'")
cols="e.seq, e.cause, e.session, e.game_time, e.wall_time, e.payload"
wand="(SELECT id FROM items WHERE campaign_id = $cid AND lower(name) = 'bench wand')"
bench="(SELECT id FROM characters WHERE campaign_id = $cid AND lower(name) = 'bench')"
echo
echo "reads on $events events vs the sqlite3 CLI's equivalent query (target ≤ 1.5x):"
ab "log --limit 20" "$rounds" "$runs" \
    "$hoard --db big.db log --limit 20" \
    "sqlite3 big.db \"SELECT $cols FROM events e WHERE e.campaign_id = $cid ORDER BY e.seq DESC LIMIT 20\""
ab "item history (Bench Wand)" "$rounds" "$runs" \
    "$hoard --db big.db item history 'Bench Wand'" \
    "sqlite3 big.db \"SELECT $cols FROM event_refs r JOIN events e ON e.campaign_id = r.campaign_id AND e.seq = r.seq WHERE r.campaign_id = $cid AND r.entity = $wand ORDER BY r.seq\""
ab "audit swords ($(sqlite3 big.db "SELECT count(*) FROM events WHERE kind = 'control_checked'") checks)" "$rounds" 5 \
    "$hoard --db big.db audit swords" \
    "sqlite3 big.db \"SELECT * FROM items WHERE campaign_id = $cid AND json_extract(state, '\$.control') IS NOT NULL; SELECT $cols FROM events e WHERE e.campaign_id = $cid AND e.kind = 'control_checked' ORDER BY e.seq\""
ab "character show Bench" "$rounds" "$runs" \
    "$hoard --db big.db character show Bench" \
    "sqlite3 big.db \"SELECT * FROM characters WHERE campaign_id = $cid AND lower(name) = 'bench'; SELECT * FROM items WHERE campaign_id = $cid AND holder = $bench; SELECT * FROM effects WHERE campaign_id = $cid AND character = $bench\""

echo
echo "the same reads, in instructions run by each whole process:"
compare_instructions "log --limit 20" "$hoard --db big.db log --limit 20" \
    "sqlite3 big.db \"SELECT $cols FROM events e WHERE e.campaign_id = $cid ORDER BY e.seq DESC LIMIT 20\""
compare_instructions "item history (Bench Wand)" "$hoard --db big.db item history 'Bench Wand'" \
    "sqlite3 big.db \"SELECT $cols FROM event_refs r JOIN events e ON e.campaign_id = r.campaign_id AND e.seq = r.seq WHERE r.campaign_id = $cid AND r.entity = $wand ORDER BY r.seq\""
compare_instructions "character show Bench" "$hoard --db big.db character show Bench" \
    "sqlite3 big.db \"SELECT * FROM characters WHERE campaign_id = $cid AND lower(name) = 'bench'; SELECT * FROM items WHERE campaign_id = $cid AND holder = $bench; SELECT * FROM effects WHERE campaign_id = $cid AND character = $bench\""

# The reference import: the rows hoard wrote for the 100,000 events, loaded by sqlite3 in one
# transaction into the same schema.
"$hoard" --db model.db import mid.jsonl >/dev/null
{
    echo "PRAGMA journal_mode=WAL;"
    sqlite3 model.db .schema | grep -v '^CREATE TABLE sqlite_sequence'
} >schema.sql
{
    echo "BEGIN;"
    for table in campaigns sessions characters items effects events event_refs; do
        sqlite3 model.db ".mode insert $table" "SELECT * FROM $table"
    done
    echo "COMMIT;"
} >rows.sql
echo
echo "import of 100,000 events vs sqlite3 loading the same rows (target ≤ 2x):"
ab "import 100,000 events" "$rounds" 1 \
    "$hoard --db h.db import mid.jsonl" \
    "sh -c 'sqlite3 r.db < rows.sql'" \
    "rm -f h.db h.db-wal h.db-shm" \
    "sh -c 'rm -f r.db*; sqlite3 r.db < schema.sql >/dev/null'"
