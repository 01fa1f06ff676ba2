#!/usr/bin/env bash
# Runs every parser fuzz target (fuzz/, cargo-fuzz on nightly) for FUZZ_SECONDS
# each (default 60), seeded with the sample files; prints how long each ran
# clean. A crash stops the run and leaves its input in fuzz/artifacts/<target>/.
# Usage: FUZZ_SECONDS=600 FUZZ_TARGETS="omb_json pulsar_perf" scripts/fuzz.sh
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${FUZZ_SECONDS:-60}
TARGETS=${FUZZ_TARGETS:-"omb_json omb_csv kafka_perf pulsar_perf rocketmq mqplan_csv omb_console results_table import"}
command -v rustup >/dev/null && rustup toolchain list | grep -q nightly || rustup toolchain install nightly --profile minimal
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
cd fuzz
cargo +nightly fuzz build -s none
for t in $TARGETS; do
  mkdir -p "corpus/$t"
  # Seeds: the real sample files (ingest's test copies of shared/samples) and one
  # small file per format; libFuzzer keeps what it learns in corpus/ between runs.
  for f in ../crates/ingest/tests/samples/*.json ../crates/ingest/tests/samples/*.md ../crates/ingest/tests/samples/*.txt seeds/*; do
    cp -n "$f" "corpus/$t/" 2>/dev/null || true
  done
  start=$(date +%s)
  cargo +nightly fuzz run -s none "$t" "corpus/$t" -- -max_total_time="$SECONDS_EACH" -timeout=10 -max_len=262144 -print_final_stats=1 2> "target/fuzz-$t.log" || { echo "$t: FAILED after $(( $(date +%s) - start )) s — see fuzz/target/fuzz-$t.log and fuzz/artifacts/$t/"; exit 1; }
  runs=$(grep -E '^stat::number_of_executed_units' "target/fuzz-$t.log" | awk '{print $2}')
  echo "$t: ran clean for $(( $(date +%s) - start )) s, ${runs:-?} inputs"
done
