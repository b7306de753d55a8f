#!/usr/bin/env bash
# `hoard generate any --count 100000` as a whole process, against the sqlite3 CLI inserting the
# same 100,000 items and their events (the very rows hoard wrote, same schema) in one
# transaction, timed alternately in the same run; and hoard's peak memory. Targets: at most
# 2x, under 64 MiB.
#   benches/generate.sh [ROUNDS] [COUNT]
source "$(dirname "$0")/common.sh"
need sqlite3 python3
build
rounds=${1:-3} count=${2:-100000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The reference rows: what hoard itself writes for this generation.
"$hoard" --db "$work/model.db" --seed 1 generate any --count "$count" >/dev/null
{
    echo "PRAGMA journal_mode=WAL;"
    sqlite3 "$work/model.db" .schema | grep -v '^CREATE TABLE sqlite_sequence'
} >"$work/schema.sql"
{
    echo "BEGIN;"
    sqlite3 "$work/model.db" ".mode insert items" "SELECT * FROM items ORDER BY rowid"
    sqlite3 "$work/model.db" ".mode insert events" "SELECT * FROM events WHERE kind = 'item_created' ORDER BY seq"
    echo "COMMIT;"
} >"$work/rows.sql"
sqlite3 "$work/model.db" "SELECT id, name, created_at FROM campaigns" >/dev/null

prep_hoard="rm -f $work/h.db $work/h.db-wal $work/h.db-shm"
prep_ref="sh -c 'rm -f $work/r.db*; sqlite3 $work/r.db < $work/schema.sql >/dev/null; sqlite3 $work/r.db \"INSERT INTO campaigns (id, name, created_at) VALUES (1, '\''default'\'', '\''x'\'')\"'"

echo "machine: $(nproc) cores, $(uname -sr); $(sqlite3 --version | cut -d' ' -f1-2)"
ab "generate any --count $count vs sqlite3 rows" "$rounds" 1 \
    "$hoard --db $work/h.db --seed 1 generate any --count $count" \
    "sh -c 'sqlite3 $work/r.db < $work/rows.sql'" \
    "$prep_hoard" "$prep_ref"
rm -f "$work"/h.db*
peak=$( { /usr/bin/time -f "%M" "$hoard" --db "$work/h.db" --seed 1 generate any --count "$count" >/dev/null; } 2>&1 | tail -1)
echo "peak memory of generate any --count $count: $((peak / 1024)) MiB"
