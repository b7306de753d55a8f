#!/usr/bin/env bash
# One recording command as a whole process, against the sqlite3 CLI inserting one row into a
# WAL database, timed alternately in the same run. Target: at most 1.3x.
#   benches/record.sh [ROUNDS] [RUNS]
source "$(dirname "$0")/common.sh"
need sqlite3 hyperfine python3
build
rounds=${1:-10} runs=${2:-50}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$hoard" --db "$work/hoard.db" character add Arnaud --str 12 --wis 10 --hp 9999 >/dev/null
sqlite3 "$work/ref.db" "PRAGMA journal_mode=WAL; CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b TEXT);" >/dev/null
sqlite3 "$work/ref-normal.db" "PRAGMA journal_mode=WAL; CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b TEXT);" >/dev/null

echo "machine: $(nproc) cores, $(uname -sr); $(sqlite3 --version | cut -d' ' -f1-2)"
ab "character damage vs sqlite3 insert" "$rounds" "$runs" \
    "$hoard --db $work/hoard.db character damage Arnaud 1" \
    "sqlite3 $work/ref.db \"INSERT INTO t (a, b) VALUES ('x', 'y')\""
# hoard commits with synchronous=NORMAL; the same durability for the reference:
ab "  same, reference at synchronous=NORMAL" "$rounds" "$runs" \
    "$hoard --db $work/hoard.db character damage Arnaud 1" \
    "sqlite3 $work/ref-normal.db \"PRAGMA synchronous=NORMAL; INSERT INTO t (a, b) VALUES ('x', 'y')\""
