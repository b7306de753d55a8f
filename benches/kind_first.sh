#!/usr/bin/env bash
# The ledger's event reader against plain serde: two builds of hoard, A and B, differing only
# in how an event is read, timed on the reads a referee waits for on a big campaign (`check`,
# `log --json`, `audit swords`, `import`), the runs of A and B interleaved (benches/ab.rs).
# Written for `ledger::kind_first` (a reader that took `kind` first, then the fields; removed
# 2026-12-03, see docs/benchmarks.md): A a build with it, B one without.
#   AB=path/to/ab benches/kind_first.sh HOARD_A HOARD_B [EVENTS] [ROUNDS] [RUNS]
# AB is the timer, `cargo build --release --bench ab` (common.sh's `build` makes it).
source "$(dirname "$0")/common.sh"
need sqlite3 python3
a=$(realpath "$1") b=$(realpath "$2")
events=${3:-200000} rounds=${4:-3} runs=${5:-3}
ab_timer=${AB:?AB names the timer: cargo build --release --bench ab}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

echo "machine: $(nproc) cores, $(uname -sr); load $(cut -d' ' -f1-3 /proc/loadavg)"
"$a" --db items.db --seed 1 generate any --count 2000 >/dev/null
"$a" --db items.db export -o items.jsonl >/dev/null
python3 "$root/benches/make_campaign.py" "$events" items.jsonl >big.jsonl
"$a" --db big.db import big.jsonl >/dev/null
"$a" --db big.db campaign use bench >/dev/null

echo "A: $a; B: $b; $events events"
ab "check" "$rounds" "$runs" "$a --db big.db check" "$b --db big.db check"
ab "log --json" "$rounds" "$runs" \
    "$a --db big.db log --json" "$b --db big.db log --json"
ab "audit swords" "$rounds" "$runs" \
    "$a --db big.db audit swords" "$b --db big.db audit swords"
ab "import" "$rounds" 1 \
    "$a --db a.db import big.jsonl" "$b --db b.db import big.jsonl" \
    "rm -f a.db a.db-wal a.db-shm" "rm -f b.db b.db-wal b.db-shm"
