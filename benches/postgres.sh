#!/usr/bin/env bash
# hoard on PostgreSQL against psql on the same server, timed in the same run, as ratios:
# - one recording command as a whole process (`character damage`, `use`) against `psql -c`
#   inserting one row into a table of the same database. Target: at most 1.5x.
# - 32 writers at once, 50 events each, split over two campaigns (16 writers per campaign,
#   queueing behind its lock), against the same number of `psql -c` inserts run 32 at a time,
#   alternately. Target: wall time at most 1.5x. Events per second of both, and of hoard
#   doing the same on SQLite.
# - the reads a referee makes (`log --limit 20`, `item history`, `character show`) on a
#   campaign of 1,000,000 events against psql running the equivalent indexed query.
#   Target: at most 1.5x.
# The server is a throwaway cluster of Debian's `postgresql` package, made in a temporary
# folder and reached through its unix socket, with the server's default settings (each commit
# flushed to disk); it is stopped and removed on exit.
#   benches/postgres.sh [EVENTS] [ROUNDS] [RUNS]
# shellcheck source-path=SCRIPTDIR
source "$(dirname "$0")/common.sh"
need python3 sqlite3
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || install postgresql
build
events=${1:-1000000} rounds=${2:-5} runs=${3:-30}
writers=32 each=50
work=$(mktemp -d)
bin=$(find /usr/lib/postgresql/*/bin -name initdb | sort -V | tail -1 | xargs dirname)
# The psql binary itself: Debian's /usr/bin/psql is a Perl wrapper choosing a version, which
# adds some 30 ms to each run.
psql="$bin/psql -X"
sql() { $psql -q -A -t "$@"; }
cluster="$work/pg"
# initdb refuses to run as root: there, the server runs as Debian's `postgres` user.
as_server() {
    if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
stop() {
    [ -f "$cluster/data/postmaster.pid" ] && as_server "$bin/pg_ctl" -D "$cluster/data" -m immediate stop >/dev/null
    rm -rf "$work"
}
trap stop EXIT
cd "$work" || exit

mkdir "$cluster"
[ "$(id -u)" -ne 0 ] || { chmod a+x "$work" && chown postgres: "$cluster"; }
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
as_server "$bin/initdb" -D "$cluster/data" -U hoard -E UTF8 --locale=C --auth=trust --no-sync >/dev/null
as_server "$bin/pg_ctl" -D "$cluster/data" -l "$cluster/log" -w -o "-k $cluster -h 127.0.0.1 -p $port" start >/dev/null
server="postgres://hoard@localhost:$port"
db() { echo "$server/$1?host=$cluster"; }
for name in bench big; do sql "$(db postgres)" -c "CREATE DATABASE $name"; done
bench=$(db bench) big=$(db big)

echo "machine: $(nproc) cores, $(uname -sr); $("$bin/postgres" --version); $($psql --version)"
h() { "$hoard" --db "$bench" "$@" >/dev/null; }
h campaign new one --use
h character add Arnaud --str 12 --wis 10 --hp 9999 --alignment lawful
h item add "Wand of Frost" --category wand --charges 10000 --to Arnaud
sql "$bench" -c "CREATE TABLE t (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, a TEXT, b TEXT)"
insert="$psql -q $bench -c \"INSERT INTO t (a, b) VALUES ('x', 'y')\""

echo
echo "one recording command vs psql inserting one row (target ≤ 1.5x):"
ab "character damage vs psql insert" "$rounds" "$runs" \
    "$hoard --db $bench character damage Arnaud 1" "$insert"
ab "use (a wand charge) vs psql insert" "$rounds" "$runs" \
    "$hoard --db $bench use 'Wand of Frost'" "$insert"

# Two campaigns, each with a character to damage and a wand to use; half of each campaign's
# writers do the one, half the other.
for campaign in west east; do
    for store in "$bench" "$work/hoard.db"; do
        "$hoard" --db "$store" campaign new "$campaign" >/dev/null
        "$hoard" --db "$store" --campaign "$campaign" character add Bench --str 12 --wis 10 --hp 9999 --alignment lawful >/dev/null
        "$hoard" --db "$store" --campaign "$campaign" item add "Bench Wand" --category wand --charges 10000 --to Bench >/dev/null
    done
done
# write STORE WRITER: one event by that writer: writers alternate campaigns, and within one
# campaign, damage and wand use.
write() {
    local campaign=west
    (($2 % 2)) && campaign=east
    if (($2 / 2 % 2)); then
        "$hoard" --db "$1" --campaign "$campaign" use "Bench Wand" >/dev/null
    else
        "$hoard" --db "$1" --campaign "$campaign" character damage Bench 1 >/dev/null
    fi
}
hoard_pg() { write "$bench" "$1"; }
hoard_sqlite() { write "$work/hoard.db" "$1"; }
psql_insert() { $psql -q "$bench" -c "INSERT INTO t (a, b) VALUES ('x', 'y')"; }
# burst FN: $writers processes at once, each calling `FN WRITER` $each times in a row; the
# wall time, in ms, into $elapsed. Any call failing fails the script.
burst() {
    local pids=() start w pid
    start=$(date +%s%N)
    for ((w = 0; w < writers; w++)); do
        (for ((i = 0; i < each; i++)); do "$1" "$w"; done) &
        pids+=($!)
    done
    for pid in "${pids[@]}"; do wait "$pid"; done
    elapsed=$((($(date +%s%N) - start) / 1000000))
}
before=$(sql "$bench" -c "SELECT count(*) FROM events")
times=()
for ((r = 0; r < rounds; r++)); do
    burst hoard_pg
    pg=$elapsed
    burst psql_insert
    ref=$elapsed
    burst hoard_sqlite
    lite=$elapsed
    times+=("$pg $ref $lite")
done
after=$(sql "$bench" -c "SELECT count(*) FROM events")
[ $((after - before)) -eq $((rounds * writers * each)) ] ||
    { echo "expected $((rounds * writers * each)) events, found $((after - before))" >&2; exit 1; }
echo
echo "$writers writers at once × $each events over two campaigns vs as many psql inserts (target ≤ 1.5x):"
printf '%s\n' "${times[@]}" | python3 -c '
import statistics, sys
n = int(sys.argv[1])
rows = [list(map(int, l.split())) for l in sys.stdin if l.strip()]
pg, ref, lite = (statistics.median(c) / 1e3 for c in zip(*rows))
ratios = [a / b for a, b, _ in rows]
print(f"hoard on PostgreSQL {pg:6.2f} s ({n / pg:5.0f} events/s) vs psql {ref:6.2f} s ({n / ref:5.0f} rows/s)"
      f"   ratio {statistics.median(ratios):.2f}x  (rounds {min(ratios):.2f}..{max(ratios):.2f})")
print(f"hoard on SQLite     {lite:6.2f} s ({n / lite:5.0f} events/s)")' $((writers * each))

# The campaign of $events events, as an export, imported into its own database.
"$hoard" --db items.db --seed 1 generate any --count 2000 >/dev/null
"$hoard" --db items.db export -o items.jsonl >/dev/null
python3 "$root/benches/make_campaign.py" "$events" items.jsonl >big.jsonl
started=$(date +%s)
"$hoard" --db "$big" import big.jsonl >/dev/null
echo
echo "import of $events events into PostgreSQL: $(($(date +%s) - started)) s"
"$hoard" --db "$big" campaign use bench >/dev/null
# Autovacuum would gather the planner's statistics soon after; both sides start with them.
sql "$big" -c "VACUUM ANALYZE"

# The queries hoard runs (src/store), on the same database, through the same indexes.
# Names are found through their lower(name) indexes, as hoard finds them.
cid=$(sql "$big" -c "SELECT id FROM campaigns WHERE lower(name) = 'bench'")
cols="e.seq, e.cause, e.session, e.game_time, e.wall_time, e.payload"
wand="(SELECT id FROM items WHERE campaign_id = $cid AND lower(name) = 'bench wand')"
who="(SELECT id FROM characters WHERE campaign_id = $cid AND lower(name) = 'bench')"
now="(SELECT clock FROM campaigns WHERE id = $cid)"
q="$psql -A $big -c"
echo
echo "reads on $events events vs psql's equivalent query (target ≤ 1.5x):"
ab "log --limit 20" "$rounds" "$runs" \
    "$hoard --db $big log --limit 20" \
    "$q \"SELECT $cols FROM events e WHERE e.campaign_id = $cid ORDER BY e.seq DESC LIMIT 20\""
ab "item history (Bench Wand)" "$rounds" "$runs" \
    "$hoard --db $big item history 'Bench Wand'" \
    "$q \"SELECT $cols FROM event_refs r JOIN events e ON e.campaign_id = r.campaign_id AND e.seq = r.seq WHERE r.campaign_id = $cid AND r.entity = $wand ORDER BY r.seq\""
ab "character show Bench" "$rounds" "$runs" \
    "$hoard --db $big character show Bench" \
    "$q \"SELECT * FROM characters WHERE campaign_id = $cid AND lower(name) = 'bench'; SELECT * FROM items WHERE campaign_id = $cid AND holder = $who ORDER BY created_seq; SELECT * FROM effects WHERE campaign_id = $cid AND character = $who AND (ends_at IS NULL OR ends_at > $now) ORDER BY started_at, id; SELECT * FROM coins WHERE campaign_id = $cid AND holder_kind = 'purse' AND holder = $who\""
