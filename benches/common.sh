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

build() {
    (cd "$root" && cargo build --release --quiet)
}

# ab NAME ROUNDS RUNS CMD_A CMD_B [PREP_A PREP_B]: time A and B alternately (ROUNDS rounds of
# RUNS runs each, with hyperfine -N; PREP_* run before each run, untimed) and print the median
# of A, the median of B and the median of the per-round ratios A/B.
ab() {
    local name=$1 rounds=$2 runs=$3 a=$4 b=$5 prep_a=${6:-true} prep_b=${7:-true} dir warmup=5
    dir=$(mktemp -d)
    [ "$runs" -lt 5 ] && warmup=0
    for ((r = 0; r < rounds; r++)); do
        hyperfine -N --warmup "$warmup" --runs "$runs" --export-json "$dir/$r.json" \
            --prepare "$prep_a" "$a" --prepare "$prep_b" "$b" >/dev/null 2>&1
    done
    python3 - "$name" "$dir" <<'PY'
import json, pathlib, statistics, sys
name, folder = sys.argv[1], pathlib.Path(sys.argv[2])
ratios, a_all, b_all = [], [], []
for f in sorted(folder.glob("*.json")):
    a, b = json.loads(f.read_text())["results"]
    a_all += a["times"]; b_all += b["times"]
    ratios.append(statistics.median(a["times"]) / statistics.median(b["times"]))
ma, mb = statistics.median(a_all) * 1e3, statistics.median(b_all) * 1e3
print(f"{name:<44} {ma:7.2f} ms vs {mb:7.2f} ms   ratio {statistics.median(ratios):.2f}x"
      f"  (rounds {min(ratios):.2f}..{max(ratios):.2f})")
PY
    rm -rf "$dir"
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
