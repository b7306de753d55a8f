#!/usr/bin/env bash
# `hoard serve` on a campaign of 1,000,000 events (20 characters carrying 2,000 items), in
# the same run:
# - the party page (`/`) against the same server answering the same character list as plain
#   JSON from the same queries (`/party.json`), each under 32 connections for 10 s (wrk),
#   alternately, twice. Target: p99 latency at most 3x the JSON's. Requests per second of each.
# - the server's peak memory (VmHWM) over the whole run.
# - time from `hoard` recording an event (the command returning) to a page showing it: an
#   event-stream client hears the change and fetches the page again, as the page's script
#   does; median and worst over 50 events. Target: within 2 s.
# - the party page and `/party.json` against a static asset (`/hoard.css`, no read at all) in the
#   same run, each p99 as a ratio to the asset's: what reading and drawing cost, on this machine.
#   benches/serve.sh [EVENTS] [SECONDS] [CHARACTERS]   (the issue's: 5000 10 50)
source "$(dirname "$0")/common.sh"
need wrk python3 curl
build
events=${1:-1000000} seconds=${2:-10} characters=${3:-20}
work=$(mktemp -d)
server=
trap '[ -n "$server" ] && kill -INT "$server" 2>/dev/null; rm -rf "$work"' EXIT
cd "$work"

echo "machine: $(nproc) cores, $(uname -sr); $(wrk --version 2>&1 | head -1 | cut -d' ' -f1-2)"
"$hoard" --db items.db --seed 1 generate any --count 2000 >/dev/null
"$hoard" --db items.db export -o items.jsonl >/dev/null
python3 "$root/benches/make_campaign.py" "$events" items.jsonl "$characters" >big.jsonl
started=$(date +%s)
"$hoard" --db big.db import big.jsonl >/dev/null
"$hoard" --db big.db campaign use bench >/dev/null
echo "campaign: $events events, $characters characters, imported in $(($(date +%s) - started)) s"

"$hoard" --db big.db serve --port 0 >serve.out 2>serve.err &
server=$!
for _ in $(seq 200); do [ -s serve.out ] && break; sleep 0.05; done
url=$(head -1 serve.out)
[ -n "$url" ] || { cat serve.err; exit 1; }
curl -sf "$url" >/dev/null && curl -sf "${url}party.json" >/dev/null

# wrk's latency distribution: p99 in ms and requests per second.
load() {
    wrk -t2 -c32 -d"${seconds}s" --latency "$1" | python3 -c '
import re, sys
text = sys.stdin.read()
def ms(v, unit): return float(v) * {"us": 1e-3, "ms": 1.0, "s": 1e3}[unit]
p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)", text)
rps = re.search(r"Requests/sec:\s+([\d.]+)", text)
bad = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
if bad: sys.exit(f"{bad.group(1)} failed requests")
print(f"{ms(*p99.groups()):.2f} {float(rps.group(1)):.1f}")'
}

echo
echo "party page, the same character list as JSON, and a static asset (/hoard.css), 32 connections, ${seconds} s each (target: page p99 ≤ 3x the JSON's):"
results=()
for round in 1 2; do
    html=$(load "$url") json=$(load "${url}party.json") css=$(load "${url}hoard.css")
    echo "  round $round: page p99 ${html% *} ms, ${html#* } req/s; JSON p99 ${json% *} ms, ${json#* } req/s; asset p99 ${css% *} ms, ${css#* } req/s"
    results+=("$html $json $css")
done
printf '%s\n' "${results[@]}" | python3 -c '
import statistics, sys
rows = [list(map(float, l.split())) for l in sys.stdin if l.strip()]
ratio = lambda a, b: statistics.median(r[a] / r[b] for r in rows)
print(f"  p99 ratio page/JSON {ratio(0, 2):.2f}x; requests per second page/JSON {ratio(1, 3):.2f}x")
print(f"  p99 ratio page/asset {ratio(0, 4):.2f}x; JSON/asset {ratio(2, 4):.2f}x")'

# Event to page: the change event, then the page fetched again, after each recording command.
echo
echo "event to page, 50 events (target ≤ 2 s):"
python3 - "$hoard" "$url" <<'PY'
import http.client, statistics, subprocess, sys, time, urllib.parse, urllib.request
hoard, url = sys.argv[1], sys.argv[2]
u = urllib.parse.urlparse(url)
stream = http.client.HTTPConnection(u.hostname, u.port, timeout=30)
stream.request("GET", "/events", headers={"Accept": "text/event-stream"})
events = stream.getresponse()
took = []
for i in range(50):
    verb = "damage" if i % 2 == 0 else "heal"
    subprocess.run([hoard, "--db", "big.db", "character", verb, "Bench", "1"],
                   check=True, stdout=subprocess.DEVNULL)
    recorded = time.monotonic()
    while not events.readline().startswith(b"event: change"):
        pass
    page = urllib.request.urlopen(url).read()
    took.append(time.monotonic() - recorded)
    assert b"Bench" in page
print(f"  median {statistics.median(took) * 1e3:.0f} ms, worst {max(took) * 1e3:.0f} ms;"
      f" worst / 2 s target {max(took) / 2:.2f}x")
PY

peak=$(awk '/VmHWM/ {print int($2 / 1024)}' "/proc/$server/status")
echo
echo "server's peak memory: $peak MiB"
kill -INT "$server"
wait "$server"
server=
