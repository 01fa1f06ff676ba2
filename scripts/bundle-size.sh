#!/usr/bin/env bash
# Prints the hydrate bundle's raw and gzip size; with --max-gzip N, fails above N bytes
# (issue 2's budget: 300 KiB = 307,200 B gzip). The gate followed the bundle down from
# 322,048 B at stop 16 to 268,288 B (262 KiB) at stop 17, when the charts moved to the
# server (`GET /api/v1/chart/…`, shown as images): plotters was 54 KB of the gzipped bundle.
# Stop 18 raised it to 270,336 B (264 KiB; 270,053 B measured): the unmeasured read cost as
# a range with its middle, width and notes, four-decimal costs and the burst-NIC caveat
# cost 2.4 KB (shortening the notes' words made gzip's output larger, not smaller).
# Stop 19 raised it to 270,848 B (270,390 B measured): the interval's two sides carried
# apart, the drain and partition-cap notes and the CPU size-range words cost 337 B.
# Stop 22 raised it to 281,088 B (280,691 B measured against 277,230 B at stop 21): the p99
# objective's search over data-node counts, its bound, its cap (4 × the load's machines), its
# one-partition-per-node floor, Pulsar's p99 read on the fewer of brokers and bookies and the
# objective written as typed cost 3.3 KB (copying the plans cost 1 KB more; they are moved).
# Stop 23 raised it to 282,112 B (281,782 B measured): the disk bound's one disk per Kafka
# partition and its partition advice, and the machine-class effect in the CPU arithmetic and
# its note, cost 1.1 KB.
# Stop 24 raised it to 282,624 B (282,306 B measured): the intervals per ground (the Ground
# type, its serde and the prediction's and interval's new field) cost 524 B.
# Stop 25 raised it to 283,648 B (283,419 B measured against 282,414 B before): every
# interval and validation row saying how many sources it rests on (two fields, the served
# coverage range), and a plan's interval, machine-class and wide-range notes naming their
# runs and sources or saying the width is borrowed, cost 1.0 KB.
# Then 284,160 B (283,770 B measured): `LatencyModel::unmeasured`, which says why a
# latency is unmeasured without building the prediction's words and points (a plan asked
# `predict` for that once per system and threw the words away), cost 172 B and made the
# default plan ~4 % faster.
# Stop 26 raised it to 284,672 B (284,461 B measured against 283,306 B at the start of the
# stop: `units::Num` had made it 455 B smaller): the plan's words a new user asked for — a
# drain deadline met only at the expected rate, the partition step's planned counts,
# Pulsar's topic owners, a backlog P99.9 below the plain p99, citations named once — cost
# 1.2 KB.
# Stop 27 raised it to 285,184 B (285,013 B measured): each bound's own calibrated interval at
# a plan's low end (the disks and NIC by the stated-hardware ground, no longer the CPU's), an
# objective that other bounds already meet saying it adds no machines, and the
# re-partitioning advice given only where a partition sweep measured it, cost 552 B. Then
# 285,696 B (285,615 B measured): a p99 read from latency runs on other disks saying so, an
# objective that lowered the utilisation saying it added machines, and a drain bound with
# no deadline (its words and the margin a loose deadline keeps) cost 563 B more. Then
# 286,208 B (286,044 B measured on a fresh clone): numbers past an i64 written in scientific
# notation pull in f64's exponent formatting (+429 B).
# Stop 28 raised it to 288,960 B (288,671 B measured): three Huawei Cloud presets (the new
# RocketMQ source's machine class: labels and citations, ~0.7 KB), figures written beside an
# objective with the decimals that tell them apart (`units::Beside`), the drain stage built
# once per system, a P99.9 past the grid saying how far, Kafka partitions raised until a
# replica fits one disk, a p99 on unmeasured disks showing no objective met, and the size
# widening per decade (+2.6 KB in all). Stop 29 raised it to 290,304 B (289,871 B
# measured): partitions that carry the produce rate without readers, the drain sized again
# at the interval's low end with each resource short by its own interval, Pulsar's brokers
# bound by the partitions per node, Kafka's replica writes kept out of the zone factor (and
# the words for each), the drain's limit naming bookies (+1.1 KB in all). Stop 31 raised it
# to 291,840 B (291,461 B measured): a disk bound widened below as far as the runs on its
# disks left it unchecked (the evidence per machine and per kind of disk, its words, the
# plan's separate disk width and its note where it moves the low end: +1.6 KB), the form's disk figure
# following the disk kind and query text kept as a browser reads it (+0.33 KB), less the
# hex crate the embedded catalog no longer needs (−229 B). Stop 32 raised it to 293,888 B
# (293,540 B measured): a machine's measured disk share in the prediction, its interval's
# upper side, the plan's disk bound, utilisation and capacity and its words (+1.0 KB), the
# machine interval said once where its ends are equal, partition advice reworded and
# assumed factors' spread shown as ×/÷ (+0.3 KB), durability spreads one-sided and off
# their machine, each factor's origin and a durability planned as the baseline said, a
# preset's disk floor (+2.1 KB), less the widening's words, which only `predict` builds
# and which the bundle no longer carries (−1.26 KB: `Words`, `Silent`). Stops 34–35 raised
# it to 294,912 B (294,676 B measured): linear node scaling's doubt at a plan's low end and
# its warning, the low end's node cap, the choice among candidates that all fail (latency
# miss before the tree's default, an unchecked drain, one cause counted once), inputs that
# change nothing said, a partition-sized plan's other bounds, the drain re-sized at the
# high end, counts with thousands separators (+1.1 KB, after shortening their words).
# Issue 7's budget for bundle + catalog is 300 KB.
# Stop 36 measures what the server sends: the .gz copies scripts/precompress.sh writes with
# zopfli (gzip's format, 4–5 % smaller than gzip -9), which ServeDir answers with; gzip -9 is
# printed beside them. The gate is on the served bytes: 281,600 B (281,079 B measured; 294,790 B
# at gzip -9 with this stop's faster plan words, +114 B over stop 35). Then 282,624 B (282,097 B
# measured): the decision path saying what chose among candidates that all fail (the only
# buildable one, fewer violations or must-haves missing, the smaller latency miss with both
# figures, the tree's choice, the cheaper) and a cheaper runner-up saying why it lost (+1.0 KB).
# Then 283,136 B (282,452 B measured): a cross-zone price with one zone said, unknown query
# names listing the known ones once and pointing at a name in the wrong case (+355 B); the
# gate keeps ~0.7 KB of room, the page inside 300,000 B either way. Then 283,648 B (283,090 B
# measured): an all-fail choice saying what put each other candidate behind it, and a natively
# supporting candidate compared where the cheapest lacks a must-have (+638 B). Then 284,416 B
# (284,110 B measured, stop 37): a Pulsar broker's and a Pravega segment store's copies on the
# NIC, leaders fewer than owners, a tiered backlog read from object storage, the rule that
# set a planned partition count, tiered storage per system (+1.2 KB). Then 285,184 B
# (284,897 B measured, stop 38): the partitions for the produce rate at the target
# utilisation and the durability, a partition owner's NIC, each message's record fields in
# storage, a Pravega plan's storage row in words (+787 B). Then 286,016 B (285,983 B measured,
# stop 39): the p99 at the lightest measured load beside the expected one and in the decision
# path, metadata quorums and bookie spares sized by RF with their words, RF over three zones'
# write-quorum warning, Pravega's bookies bound by their NICs (+1,086 B). Stops 40–41 took it
# to 287,744 B (README, the gates). Stop 42 lowered it to 286,464 B (286,174 B measured): the
# WASM built without panic locations (scripts/build-wasm.sh, −3.9 KB) and unknown names escaped
# without escape_debug's tables (−1.1 KB) paid for the stop's plan fixes (+3.6 KB). Stop 43
# raised it to 287,504 B (287,215 B measured): RocketMQ's masters, storage's spare node, a
# segment's span past the retention, Pulsar's unacknowledged backlog, Pravega per segment
# store, the data select's page load (+1,041 B).
set -euo pipefail
cd "$(dirname "$0")/.."
wasm=target/site/pkg/app_bg.wasm
js=target/site/pkg/app.js
[ -f "$wasm" ] || { echo "no $wasm: run scripts/build-wasm.sh (make build)"; exit 1; }
for f in "$wasm" "$js"; do
  [ -f "$f.gz" ] && [ "$f.gz" -nt "$f" ] || { echo "no $f.gz newer than $f: run scripts/precompress.sh target/site (make build)"; exit 1; }
done
raw=$(( $(stat -c %s "$wasm") + $(stat -c %s "$js") ))
gz9=$(( $(gzip -9 -c "$wasm" | wc -c) + $(gzip -9 -c "$js" | wc -c) ))
served=$(( $(stat -c %s "$wasm.gz") + $(stat -c %s "$js.gz") ))
echo "hydrate bundle (app_bg.wasm + app.js): ${raw} bytes raw, ${served} bytes gzip as served (zopfli; ${gz9} at gzip -9)"
if [ "${1:-}" = "--max-gzip" ] && [ "$served" -gt "$2" ]; then
  echo "over the ${2}-byte gzip budget"; exit 1
fi
