# Shared by the benchmark scripts: tools, a release build, and an A/B timer.
# shellcheck shell=bash
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Where `build` puts the binary: cargo's target folder, or the one CARGO_TARGET_DIR names.
target=${CARGO_TARGET_DIR:-target}
[[ $target == /* ]] || target="$root/$target"
hoard="$target/release/hoard"

# need TOOL...: install the Debian package of each tool (named alike) that is not on PATH.
need() {
    local missing=()
    for tool in "$@"; do command -v "$tool" >/dev/null || missing+=("$tool"); done
    if ((${#missing[@]})); then install "${missing[@]}"; fi
}

# install PACKAGE...: apt-get them (updating the lists only if the first try fails).
install() {
    local sudo=
    echo "installing $* (Debian packages)" >&2
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get install -y "$@" >/dev/null 2>&1 ||
        { $sudo apt-get update >/dev/null && $sudo apt-get install -y "$@" >/dev/null; }
}

# The timer first: building a bench target also builds hoard with its dev-dependencies'
# features (tokio's, libc's) and leaves that binary in target/release. The plain build that
# follows puts back the binary a referee installs, which is the one to time.
build() {
    ab_timer=$(cd "$root" && cargo build --release --quiet --bench ab --message-format=json |
        python3 -c 'import json, sys; print(*[m["executable"] for m in map(json.loads, sys.stdin) if m.get("target", {}).get("name") == "ab" and m.get("executable")])')
    (cd "$root" && cargo build --release --quiet)
}

# ab NAME ROUNDS RUNS CMD_A CMD_B [PREP_A PREP_B]: time A and B, ROUNDS rounds of RUNS runs
# each, the runs of A and B interleaved one by one (PREP_* run untimed before each run), and
# print the median of A, the median of B and the median of the per-round ratios A/B
# (benches/ab.rs).
ab() {
    "$ab_timer" "$@"
}

# compare_instructions NAME CMD_A CMD_B: the instructions each whole process runs (valgrind's
# callgrind; deterministic where wall time on a shared machine is not), and their ratio.
compare_instructions() {
    local name=$1 a b
    a=$(eval "valgrind --tool=callgrind --callgrind-out-file=/dev/null $2" 2>&1 >/dev/null |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
    b=$(eval "valgrind --tool=callgrind --callgrind-out-file=/dev/null $3" 2>&1 >/dev/null |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
    python3 -c "import sys; a, b = int(sys.argv[2]), int(sys.argv[3]); print(f'instructions: {sys.argv[1]:<32} {a:>13,} vs {b:>13,}   ratio {a / b:.2f}x')" \
        "$name" "$a" "$b"
}
