#!/usr/bin/env bash
# Writes FILE.gz beside each static file Trunk put in target/site (the hydrate
# bundle, the CSS, upload.js, the favicon) at gzip's best level, keeping the
# original: the server's ServeDir answers a client that accepts gzip with the
# .gz copy (router.rs), so nothing is compressed per request. Safe to re-run.
set -euo pipefail
site=${1:-target/site}
find "$site" -type f \( -name '*.wasm' -o -name '*.js' -o -name '*.css' -o -name '*.svg' \) -print0 |
  while IFS= read -r -d '' f; do gzip -9 -k -f -n "$f"; done
