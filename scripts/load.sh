#!/usr/bin/env bash
# Loopback load test of the advisor page and the plan API with autocannon (npm).
# Prints requests/s and latency percentiles; not a pass/fail test.
set -euo pipefail
# Health check with node (always present here; curl may not be).
healthy() { node -e "fetch(process.argv[1]).then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))" "${BASE_URL:-$BASE}/healthz"; }
cd "$(dirname "$0")/.."
PORT=${LOAD_PORT:-3918}
DURATION=${LOAD_SECONDS:-10}
BASE="http://127.0.0.1:${PORT}"
MQPLAN_STATE_DIR=target/load-state MQPLAN_ADDR="127.0.0.1:${PORT}" RUST_LOG=warn ${MQPLAN_BIN:-./target/release/mqplan} serve > target/load-server.log 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do healthy && break; sleep 0.1; done
Q='mbps=200&size=1024&retention_h=72&needs=transactions,delay&kind=business&partitions=500'
echo "== page (SSR, full plan; charts are separate images): GET /?$Q"
npx --no-install autocannon -c 16 -d "$DURATION" "$BASE/?$Q"
echo "== JSON: GET /api/v1/plan?$Q"
npx --no-install autocannon -c 16 -d "$DURATION" "$BASE/api/v1/plan?$Q"
echo "== browser re-plan"
BASE_URL="$BASE" node scripts/browser-bench.mjs
