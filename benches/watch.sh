#!/usr/bin/env bash
# What the ledger's moves cost `hoard serve`: at each, its watcher draws again every page the
# players can open (the party, the treasure, every session's chronicle) to tell whether what
# they see changed. On a campaign of EVENTS events (300,000: 60 sessions of 5,000), against a
# reference in the same run, the server's CPU for one party page (`/`):
# - one move at a time (`character damage` or `heal` on "Bench"), each once the players'
#   stream told the last: the server's CPU per move (user + system, /proc/PID/stat), and how
#   long after the command returned the stream said `change`;
# - a busy moment, a move every second: the server's CPU per move, until it is idle again.
# Figures and what they mean: docs/benchmarks.md, "What a ledger move costs `hoard serve`".
#   benches/watch.sh [EVENTS] [MOVES] [PAGES]   (the issue's: 300000 20 50)
source "$(dirname "$0")/common.sh"
need python3
build
events=${1:-300000} moves=${2:-20} pages=${3:-50}
work=$(mktemp -d)
server=
trap '[ -n "$server" ] && kill -INT "$server" 2>/dev/null; rm -rf "$work"' EXIT
cd "$work"

echo "machine: $(nproc) cores, $(uname -sr)"
"$hoard" --db items.db --seed 1 generate any --count 2000 >/dev/null
"$hoard" --db items.db export -o items.jsonl >/dev/null
python3 "$root/benches/make_campaign.py" "$events" items.jsonl >big.jsonl
"$hoard" --db big.db import big.jsonl >/dev/null
"$hoard" --db big.db campaign use bench >/dev/null
echo "campaign: $events events, $("$hoard" --db big.db --json session list | python3 -c 'import json, sys; print(len(json.load(sys.stdin)))') sessions"

"$hoard" --db big.db serve --port 0 >serve.out 2>serve.err &
server=$!
# The server answers once it has drawn the players' pages a first time: seconds, on this size.
for _ in $(seq 600); do [ -s serve.out ] && break; sleep 0.1; done
url=$(head -1 serve.out)
[ -n "$url" ] || { cat serve.err; exit 1; }

python3 - "$hoard" "$url" "$server" "$moves" "$pages" <<'PY'
import http.client, os, statistics, subprocess, sys, time, urllib.parse, urllib.request
hoard, url, pid, moves, pages = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
tick = os.sysconf("SC_CLK_TCK")

def cpu():
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / tick

u = urllib.parse.urlparse(url)
stream = http.client.HTTPConnection(u.hostname, u.port, timeout=60)
stream.request("GET", "/events", headers={"Accept": "text/event-stream"})
events = stream.getresponse()
urllib.request.urlopen(url).read()
time.sleep(2)  # the first page's reads done, nothing moving

# Idle: what the watcher spends looking at an unmoving ledger, per second.
start, began = cpu(), time.monotonic()
time.sleep(5)
idle = (cpu() - start) / (time.monotonic() - began)

# The reference: one party page.
start = cpu()
for _ in range(pages):
    urllib.request.urlopen(url).read()
page = (cpu() - start) / pages

def told():
    while not events.readline().startswith(b"event: change"):
        pass

def move(i):
    verb = "damage" if i % 2 == 0 else "heal"
    subprocess.run([hoard, "--db", "big.db", "character", verb, "Bench", "1"],
                   check=True, stdout=subprocess.DEVNULL)

# One move at a time, each once the last was told (the players' stream says `change` once
# the watcher has drawn its digest): what one digest costs, and how long it takes.
start, took = cpu(), []
for i in range(moves):
    move(i)
    recorded = time.monotonic()
    told()
    took.append(time.monotonic() - recorded)
one = (cpu() - start) / moves
print(f"server CPU: one party page {page * 1e3:.1f} ms; one move at a time {one * 1e3:.0f} ms"
      f" ({one / page:.0f}x a page); told {statistics.median(took):.2f} s after (median),"
      f" worst {max(took):.2f} s")

# A busy moment: a move every second, told or not; then until the server is idle again.
start, began = cpu(), time.monotonic()
for i in range(moves):
    move(i)
    time.sleep(max(0.0, began + i + 1 - time.monotonic()))
while True:
    before = cpu()
    time.sleep(3)
    if cpu() - before <= idle * 3 + 0.02:
        break
busy = (cpu() - start - idle * (time.monotonic() - began)) / moves
print(f"a move every second, {moves} of them: {busy * 1e3:.0f} ms of server CPU per move"
      f" ({busy / page:.0f}x a page)")
PY
kill -INT "$server"
wait "$server"
server=
