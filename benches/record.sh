#!/usr/bin/env bash
# One recording command as a whole process, against the sqlite3 CLI appending one row to the
# ledger of a copy of the same database, timed alternately in the same run: `character damage`,
# `use` of a wand, and a sentient sword changing hands and being wielded (each with its control
# check). Target: at most 1.5x. Wall time on a shared machine is noisy, so the instructions
# each process runs (valgrind's callgrind) are compared too.
#
# The reference opens the same file as hoard: it reads the same schema (11 tables and 20
# indexes: 0.8 M instructions, a quarter of what `character damage` runs) and writes a page of
# the same ledger. The one-table file of earlier runs is timed too, for comparison.
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
cp "$db" "$work/ref.db"
append="INSERT INTO events (campaign_id, seq, game_time, wall_time, kind, payload)
        VALUES (1, (SELECT max(seq) + 1 FROM events WHERE campaign_id = 1), 0, '', 'bench', '{}')"
insert="sqlite3 $work/ref.db \"$append\""
sqlite3 "$work/small.db" "PRAGMA journal_mode=WAL; CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b TEXT);" >/dev/null

echo "machine: $(nproc) cores, $(uname -sr); $(sqlite3 --version | cut -d' ' -f1-2)"
ab "character damage vs sqlite3 insert" "$rounds" "$runs" \
    "$hoard --db $db character damage Arnaud 1" "$insert"
ab "character damage vs insert, one-table file" "$rounds" "$runs" \
    "$hoard --db $db character damage Arnaud 1" \
    "sqlite3 $work/small.db \"INSERT INTO t (a, b) VALUES ('x', 'y')\""
ab "use (a wand charge) vs sqlite3 insert" "$rounds" "$runs" \
    "$hoard --db $db use 'Wand of Frost'" "$insert"
# Mordo (neutral) wielding the lawful sword: an alignment check at each use.
ab "wield (sentient sword, check) vs sqlite3 insert" "$rounds" "$runs" \
    "$hoard --db $db wield Lawbringer" "$insert"
h give Lawbringer --to Arnaud
ab "give (sentient sword) vs sqlite3 insert" "$rounds" "$runs" \
    "$hoard --db $db give Lawbringer --to Arnaud" "$insert" \
    "$hoard --db $db give Lawbringer --to Mordo" "true"
# A whole lair rolled by its type: eight parts, its coins and items as consequences (seed 5:
# 96,000 coins of three kinds, no items; seed 8 of type A: coins and three magic items).
ab "treasure roll H vs sqlite3 insert" "$rounds" "$runs" \
    "$hoard --db $db --seed 5 treasure roll H" "$insert"
ab "treasure roll A (3 magic items) vs sqlite3 insert" "$rounds" "$runs" \
    "$hoard --db $db --seed 9 treasure roll A" "$insert"
# hoard commits with synchronous=NORMAL; the same durability for the reference:
ab "character damage vs insert at synchronous=NORMAL" "$rounds" "$runs" \
    "$hoard --db $db character damage Arnaud 1" \
    "sqlite3 $work/ref.db \"PRAGMA synchronous=NORMAL; $append\""

# Instructions executed by each whole process (deterministic, unlike wall time).
compare_instructions "character damage" "$hoard --db $db character damage Arnaud 1" "$insert"
# West Marches: the same wound with two expeditions open (their rows read to choose the
# session), against the wound with none open.
cp "$db" "$work/marches.db"
m() { "$hoard" --db "$work/marches.db" "$@" >/dev/null; }
m referee add Alice
m referee add Bob
m session start East --with Arnaud --referee Alice
m session start West --with Mordo --referee Bob
compare_instructions "damage, 2 expeditions open" \
    "$hoard --db $work/marches.db character damage Arnaud 1" "$hoard --db $db character damage Arnaud 1"
compare_instructions "damage, 2 expeditions, vs insert" \
    "$hoard --db $work/marches.db character damage Arnaud 1" "$insert"
compare_instructions "use" "$hoard --db $db use 'Wand of Frost'" "$insert"
compare_instructions "wield" "$hoard --db $db wield Lawbringer" "$insert"
compare_instructions "treasure roll A" "$hoard --db $db --seed 9 treasure roll A" "$insert"
