#!/usr/bin/env bash
# The allocator, on the long reads a referee waits for (`audit swords`, `export`, `check`):
# hoard as built (mimalloc, SQLite's allocations included: `override`) against the same source
# built with glibc's malloc, and with mimalloc for Rust's allocations alone, timed alternately.
# The rule (docs/benchmarks.md): a device stays only where it buys at least 1.3x.
#   benches/allocator.sh [EVENTS] [ROUNDS] [RUNS]
source "$(dirname "$0")/common.sh"
need python3
events=${1:-300000} rounds=${2:-3} runs=${3:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# variant NAME EDIT: the working tree copied, EDIT (a shell command) run in the copy, built
# into the same target folder (its dependencies are shared) and the binary kept as $work/NAME.
variant() {
    mkdir "$work/$1.src"
    (cd "$root" && tar --exclude=./target --exclude=./.git -cf - .) | tar -xf - -C "$work/$1.src"
    (cd "$work/$1.src" && eval "$2" && cargo build --release --quiet --target-dir "$target")
    cp "$target/release/hoard" "$work/$1"
}
variant system "sed -i '/^mimalloc = /d' Cargo.toml && sed -i '/#\[global_allocator\]/,+1d' src/main.rs"
variant rust-only "sed -i '/^mimalloc = /s/\"override\", //' Cargo.toml"
build # last: the binary a referee installs is back in place, and the timer is built
cp "$hoard" "$work/mimalloc"
cd "$work"

echo "machine: $(nproc) cores, $(uname -sr); load $(cut -d' ' -f1-3 /proc/loadavg)"
./mimalloc --db items.db --seed 1 generate any --count 2000 >/dev/null
./mimalloc --db items.db export -o items.jsonl >/dev/null
python3 "$root/benches/make_campaign.py" "$events" items.jsonl >big.jsonl
./mimalloc --db big.db import big.jsonl >/dev/null
./mimalloc --db big.db campaign use bench >/dev/null

for other in system rust-only; do
    echo
    echo "mimalloc against $other, on $events events (below 1x: hoard as built is faster):"
    ab "audit swords" "$rounds" "$runs" "./mimalloc --db big.db audit swords" "./$other --db big.db audit swords"
    ab "export" "$rounds" "$runs" "./mimalloc --db big.db export --force -o a.jsonl" "./$other --db big.db export --force -o b.jsonl"
    ab "check" "$rounds" "$runs" "./mimalloc --db big.db check" "./$other --db big.db check"
done
