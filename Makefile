# mqplan — one command to run, one to test (README).
# Tools come only from crates.io, npm and Debian's apt; installed ones are skipped.
SHELL := /bin/bash
export PATH := $(CURDIR)/node_modules/.bin:$(HOME)/.cargo/bin:$(PATH)
export TRUNK_SKIP_VERSION_CHECK := true
ADDR ?= 127.0.0.1:3000

.PHONY: setup build run test test-unit test-e2e bench load soak fuzz clean

setup:
	./scripts/setup.sh

## Browser bundle (Trunk → target/site) and the server binary (release).
build: setup
	./scripts/build-wasm.sh
	./scripts/precompress.sh target/site
	cargo build --release -p server

## Serve the app with the bundled datasets on $(ADDR).
run: build
	MQPLAN_ADDR=$(ADDR) ./target/release/mqplan serve

## Every test: unit + integration (model, ingest, charts, router, CLI) and the
## browser tests (headless Chromium, JavaScript on and off).
test: build test-unit test-e2e

test-unit:
	cargo test --workspace --release

test-e2e:
	./scripts/bundle-size.sh --max-gzip 287504
	./scripts/e2e.sh

## Criterion benchmarks (planning one workload) and the page load test.
bench: build
	cargo bench -p ingest --bench plan
	./scripts/load.sh

load: build
	./scripts/load.sh

## Bounded soak (SOAK_SECONDS, default 600): static assets, varied pages and varied
## plans at 64 connections each (oha, held rates: STATIC_RATE / PAGE_RATE / PLAN_RATE),
## RSS sampled, /healthz timed during a 2,000-connection half-open header flood.
soak: build
	./scripts/soak.sh

## Parser fuzzing (cargo-fuzz on nightly; FUZZ_SECONDS per target, default 60).
## Not part of `make test`: fuzz/ is its own workspace.
fuzz:
	./scripts/fuzz.sh

clean:
	cargo clean
