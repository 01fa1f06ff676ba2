#!/usr/bin/env bash
# Bounded loopback soak (not a pass/fail test; prints the figures for the README):
# a server with two uploaded datasets (a 4.4 MB pulsar-perf log and the OMB sample),
# then for SOAK_SECONDS (default 600) static assets at 64 connections and varied
# pages / plans (a fifth naming an upload) at 64 more, RSS sampled every 5 s; half
# way through, a 2,000-connection half-open header flood from 127.0.0.2… for
# FLOOD_SECONDS (default 60) with /healthz timed throughout. The load comes from
# `oha` (crates.io; installed when missing), one process per kind, each holding an
# offered rate spread evenly over time (an open model: arrivals do not wait for
# answers, and --latency-correction counts each request from when it was due, so a
# stall is not hidden): STATIC_RATE (default 500 req/s) over the static assets,
# PAGE_RATE (60) over varied pages and PLAN_RATE (40) over varied /api/v1/plan
# queries, 64 connections each, browser-like Accept-Encoding. Summary:
# scripts/soak-summary.mjs.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT=${SOAK_PORT:-3919}
SECONDS_TOTAL=${SOAK_SECONDS:-600}
FLOOD=${FLOOD_SECONDS:-60}
BASE="http://127.0.0.1:${PORT}"
STATE=target/soak-state
rm -rf "$STATE"
MQPLAN_STATE_DIR=$STATE MQPLAN_ADDR="127.0.0.1:${PORT}" RUST_LOG=warn ${MQPLAN_BIN:-./target/release/mqplan} serve > target/soak-server.log 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do node -e "fetch('$BASE/healthz').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))" && break; sleep 0.1; done
# A long pulsar-perf log: the first sample's produce line repeated as 10-s intervals.
big=target/soak-pulsar-perf.txt
node -e '
const line = (i) => `19:53:40.861 [main] INFO  org.apache.pulsar.testclient.PerformanceProducer - Throughput produced: ${(100000 + (i % 97) * 31).toFixed(1)}  msg/s --- ${((100000 + (i % 97) * 31) * 8192 / 1048576).toFixed(1)} Mbit/s --- failure      0.0 msg/s --- Latency: mean:   3.575 ms - med:   3.460 - 95pct:   4.790 - 99pct:   5.308 - 99.9pct:   5.834 - 99.99pct:   6.609 - Max:   6.609`;
let s = "", i = 0; while (s.length < 4.4e6) s += line(i++) + "\n";
require("fs").writeFileSync(process.argv[1], s);' "$big"
upload() { node -e '
const [url, file] = process.argv.slice(1);
fetch(url, { method: "POST", headers: { "content-type": "application/octet-stream", "sec-fetch-site": "same-origin" }, body: require("fs").readFileSync(file) })
  .then(async (r) => { const j = await r.json(); if (!j.id) { console.error(r.status, JSON.stringify(j).slice(0, 400)); process.exit(1); } console.log(j.id); });' "$1" "$2"; }
id1=$(upload "$BASE/api/v1/datasets?name=pulsar.txt&system=pulsar&nodes=3&cores=8&size=1024&rf=3" "$big")
id2=$(upload "$BASE/api/v1/datasets?name=omb.json&nodes=3&cores=2&ram_gb=8&rf=3" crates/ingest/tests/samples/omb_kafka_lowcost_t3_1topic1part1kb.json)
echo "datasets: $id1 (4.4 MB pulsar-perf), $id2 (OMB sample)"
for id in "$id1" "$id2"; do
  node -e "fetch('$BASE/?dataset=$id').then(r => r.text()).then(t => console.log('page with dataset $id: ' + t.length + ' bytes of HTML'))"
done
( sleep $(( SECONDS_TOTAL / 2 )); node scripts/soak-flood.mjs 127.0.0.1 "$PORT" 2000 "$FLOOD" ) &
flood=$!
command -v oha >/dev/null || cargo install oha --locked
# Varied workloads: the grid of scripts/soak-queries.mjs (every form field, ≈ 10^6
# combinations), as a regex; a fifth of the queries name an upload.
q=$(node --input-type=module -e "import { regex } from './scripts/soak-queries.mjs'; process.stdout.write(regex(process.argv.slice(1)))" "$id1" "$id2")
load() { # name rate url-regex
  oha -z "${SECONDS_TOTAL}s" -c 64 -q "$2" --latency-correction --no-tui --output-format json \
    -H 'accept-encoding: gzip, deflate, br' --rand-regex-url "$3" > "target/soak-$1.json"
}
stat0=$(cut -d' ' -f14,15 "/proc/$pid/stat")
( while kill -0 "$pid" 2>/dev/null; do awk '/VmRSS/ {print $2}' "/proc/$pid/status"; sleep 5; done ) > target/soak-rss.txt &
sampler=$!
load static "${STATIC_RATE:-500}" "$BASE/(pkg/app[.]js|pkg/main[.]css|pkg/app_bg[.]wasm|upload[.]js|favicon[.]svg)" &
l1=$!
load page "${PAGE_RATE:-60}" "$BASE/[?]$q" &
l2=$!
load plan "${PLAN_RATE:-40}" "$BASE/api/v1/plan[?]$q" &
l3=$!
wait $l1 $l2 $l3
stat1=$(cut -d' ' -f14,15 "/proc/$pid/stat")
kill $sampler 2>/dev/null || true
wait $flood
node scripts/soak-summary.mjs "$SECONDS_TOTAL" "$stat0" "$stat1" target/soak-rss.txt target/soak-static.json target/soak-page.json target/soak-plan.json
echo "server log lines at warn or above: $(grep -c -E 'WARN|ERROR' target/soak-server.log || true)"
