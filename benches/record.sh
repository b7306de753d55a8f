#!/usr/bin/env bash
# One recording command as a whole process, against the sqlite3 CLI inserting one row into a
# WAL database, timed alternately in the same run: `character damage`, `use` of a wand, and a
# sentient sword changing hands and being wielded (each with its control check). Target: at
# most 1.3x. Wall time on a shared machine is noisy, so the instructions each process runs
# (valgrind's callgrind) are compared too.
#   benches/record.sh [ROUNDS] [RUNS]
source "$(dirname "$0")/common.sh"
need sqlite3 python3 valgrind
build
rounds=${1:-10} runs=${2:-50}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
db="$work/hoard.db"

h() { "$hoard" --db "$db" "$@" >/dev/null; }
h character add Arnaud --str 12 --wis 10 --hp 9999 --alignment lawful
h character add Mordo --str 9 --wis 14 --hp 9999 --alignment neutral
h item add "Wand of Frost" --category wand --charges 10000 --to Mordo
h sword add Lawbringer --int 7 --ego 1 --alignment lawful --sensory detect-magic --to Mordo
sqlite3 "$work/ref.db" "PRAGMA journal_mode=WAL; CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b TEXT);" >/dev/null
insert="sqlite3 $work/ref.db \"INSERT INTO t (a, b) VALUES ('x', 'y')\""

echo "machine: $(nproc) cores, $(uname -sr); $(sqlite3 --version | cut -d' ' -f1-2)"
ab "character damage vs sqlite3 insert" "$rounds" "$runs" \
    "$hoard --db $db character damage Arnaud 1" "$insert"
ab "use (a wand charge) vs sqlite3 insert" "$rounds" "$runs" \
    "$hoard --db $db use 'Wand of Frost'" "$insert"
# Mordo (neutral) wielding the lawful sword: an alignment check at each use.
ab "wield (sentient sword, check) vs sqlite3 insert" "$rounds" "$runs" \
    "$hoard --db $db wield Lawbringer" "$insert"
h give Lawbringer --to Arnaud
ab "give (sentient sword) vs sqlite3 insert" "$rounds" "$runs" \
    "$hoard --db $db give Lawbringer --to Arnaud" "$insert" \
    "$hoard --db $db give Lawbringer --to Mordo" "true"
# hoard commits with synchronous=NORMAL; the same durability for the reference:
ab "character damage vs insert at synchronous=NORMAL" "$rounds" "$runs" \
    "$hoard --db $db character damage Arnaud 1" \
    "sqlite3 $work/ref.db \"PRAGMA synchronous=NORMAL; INSERT INTO t (a, b) VALUES ('x', 'y')\""

# Instructions executed by each whole process (deterministic, unlike wall time).
insert="INSERT INTO t (a, b) VALUES ('x', 'y')"
compare_instructions "character damage" "$hoard --db $db character damage Arnaud 1" "sqlite3 $work/ref.db \"$insert\""
compare_instructions "use" "$hoard --db $db use 'Wand of Frost'" "sqlite3 $work/ref.db \"$insert\""
compare_instructions "wield" "$hoard --db $db wield Lawbringer" "sqlite3 $work/ref.db \"$insert\""
