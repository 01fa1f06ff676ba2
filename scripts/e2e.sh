#!/usr/bin/env bash
# Browser tests: start the release server on a spare port, run node --test over
# end2end/ (playwright-core driving Debian's chromium), stop the server.
set -euo pipefail
# Health check with node (always present here; curl may not be).
healthy() { node -e "fetch(process.argv[1]).then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))" "${BASE_URL:-$BASE}/healthz"; }
cd "$(dirname "$0")/.."
PORT=${E2E_PORT:-3917}
export MQPLAN_ADDR="127.0.0.1:${PORT}" BASE_URL="http://127.0.0.1:${PORT}" MQPLAN_STATE_DIR="${MQPLAN_STATE_DIR:-target/e2e-state}"
rm -rf "$MQPLAN_STATE_DIR"
${MQPLAN_BIN:-./target/release/mqplan} serve > target/e2e-server.log 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
  healthy && break
  sleep 0.1
done
healthy || { echo "server did not start:"; cat target/e2e-server.log; exit 1; }
node --test --test-concurrency=1 end2end/
