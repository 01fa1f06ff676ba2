#!/usr/bin/env bash
# Installs every tool mqplan needs, skipping what is already present.
# Sources: the Rust crate registry, rustup targets, npm and Debian's apt only.
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
# Must equal the `wasm-bindgen = "=…"` pin in Cargo.toml.
WASM_BINDGEN_VERSION=$(grep -E '^wasm-bindgen *= *"=' Cargo.toml | sed -E 's/.*"=([^"]+)".*/\1/')

have() { command -v "$1" >/dev/null 2>&1; }

if ! rustup target list --installed | grep -q wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi

if ! have trunk || ! trunk --version | grep -q "$TRUNK_VERSION"; then
  cargo install --locked "trunk@${TRUNK_VERSION}"
fi

if ! have wasm-bindgen || ! wasm-bindgen --version | grep -q "$WASM_BINDGEN_VERSION"; then
  # Not --locked: its lockfile wants a crate version the registry lacks (DESIGN.md §5).
  cargo install "wasm-bindgen-cli@${WASM_BINDGEN_VERSION}"
fi

# npm: wasm-opt from binaryen@132 (never Debian's binaryen 108) and playwright-core.
if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -d node_modules/playwright-core ] || [ ! -x node_modules/.bin/autocannon ]; then
  npm ci --no-audit --no-fund
fi

# Debian's apt: chromium for the browser tests, zopfli for the static files' .gz copies
# (scripts/precompress.sh: gzip-compatible, 4–5 % smaller than gzip -9).
apt_needs=""
have chromium || apt_needs="$apt_needs chromium"
have zopfli || apt_needs="$apt_needs zopfli"
if [ -n "$apt_needs" ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $apt_needs
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $apt_needs
  fi
fi
