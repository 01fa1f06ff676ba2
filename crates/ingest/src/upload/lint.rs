//! Benchmark lint: things that make a measured number mean less than it seems,
//! each with a one-line why (seed 000 §2.5's pitfalls among them).

use capacity::dataset::Metric;
use capacity::units::fmt_num;
use capacity::system::Durability;

use super::meta::UploadMeta;
use super::report::Lint;
use super::Parsed;

fn mean_of(p: &Parsed, metric: Metric) -> Option<f64> {
    let v: Vec<f64> = p.measurements.iter().filter(|m| m.metric == metric && m.percentile.is_none()).map(|m| m.value).collect();
    (!v.is_empty()).then(|| v.iter().sum::<f64>() / v.len() as f64)
}

fn pct_of(p: &Parsed, metric: Metric, pct: f64) -> Option<f64> {
    p.measurements.iter().find(|m| m.metric == metric && m.percentile == Some(pct)).map(|m| m.value)
}

/// A higher latency percentile below a lower one of the same run (same metric,
/// system, message size and load, each percentile stated once): the columns or their
/// units are mixed up. One warning per run, at the higher percentile's line; past
/// [`INVERTED_LISTED`] runs the rest are counted in the last warning with their
/// lines, not listed one by one (a stop-27 tester's 200-row table read 200 warnings).
fn inverted_percentiles(p: &Parsed) -> Vec<Lint> {
    let mut out = inverted_percentiles_each(p);
    if out.len() > INVERTED_LISTED {
        let rest = out.split_off(INVERTED_LISTED);
        let lines: Vec<String> = rest.iter().filter_map(|l| l.line).take(10).map(|l| l.to_string()).collect();
        let more = if rest.len() > lines.len() { ", …" } else { "" };
        if let Some(last) = out.last_mut() {
            last.message.push_str(&format!("; the same in {} more run(s) (line(s) {}{more})", rest.len(), lines.join(", ")));
        }
    }
    out
}

/// Inverted-percentile warnings listed one by one before the rest are counted.
const INVERTED_LISTED: usize = 3;

fn inverted_percentiles_each(p: &Parsed) -> Vec<Lint> {
    let mut out = Vec::new();
    let latency = |m: &&super::Measurement| matches!(m.metric, Metric::E2eLatency | Metric::PublishLatency) && m.percentile.is_some();
    // Runs grouped once, in the order they first appear: a scan per run made a
    // 40,000-row table take 10 s (a stop-21 tester).
    let key = |m: &super::Measurement| format!("{:?}", (m.metric, m.system, m.message_bytes.map(f64::to_bits), m.load));
    let mut order: Vec<String> = Vec::new();
    let mut runs: std::collections::HashMap<String, Vec<&super::Measurement>> = std::collections::HashMap::new();
    for m in p.measurements.iter().filter(latency) {
        let k = key(m);
        runs.entry(k.clone()).or_insert_with(|| {
            order.push(k);
            Vec::new()
        }).push(m);
    }
    for k in &order {
        let Some(mut run) = runs.remove(k) else { continue };
        run.sort_by(|a, b| a.percentile.unwrap_or(0.0).total_cmp(&b.percentile.unwrap_or(0.0)));
        if run.windows(2).any(|w| w[0].percentile == w[1].percentile) {
            continue; // several runs share the key: which percentiles belong together is unknown
        }
        if let Some(w) = run.windows(2).find(|w| w[1].value < w[0].value * 0.999) {
            let (lo, hi) = (w[0], w[1]);
            let name = if hi.metric == Metric::E2eLatency { "end-to-end" } else { "publish" };
            out.push(Lint::new(
                "percentiles_inverted",
                Some(hi.line),
                format!("{name} p{} {} ms is below p{} {} ms", fmt_num(hi.percentile.unwrap_or(0.0)), fmt_num(hi.value), fmt_num(lo.percentile.unwrap_or(0.0)), fmt_num(lo.value)),
                "a higher percentile cannot be lower: the columns or their units are mixed up; these latencies are listed with your data but check them",
            ));
        }
    }
    out
}

/// Metadata the user gave that the file's own lines contradict: the lines' values
/// are used (they were measured together), and the report says so, at the first
/// contradicting line (found by an adversarial tester: `size=4096` and `system=pulsar`
/// were set aside without a word).
pub fn given_vs_file(p: &Parsed, given: &UploadMeta) -> Vec<Lint> {
    let mut out = Vec::new();
    if let Some(size) = given.message_bytes {
        if let Some(m) = p.measurements.iter().find(|m| m.message_bytes.is_some_and(|s| (s - size).abs() > 0.5)) {
            out.push(Lint::new(
                "size_mismatch",
                Some(m.line),
                format!("size {} B given, but the file gives {} B here (stated, or implied by its MB/s and msg/s): the file's sizes are used", fmt_num(size), fmt_num(m.message_bytes.unwrap_or(0.0))),
                "the metadata and the file may not belong together",
            ));
        }
    }
    if let Some(system) = given.system.as_deref().and_then(capacity::SystemId::parse) {
        if let Some((m, named)) = p.measurements.iter().find_map(|m| m.system.filter(|s| *s != system).map(|s| (m, s))) {
            out.push(Lint::new(
                "system_relabelled",
                Some(m.line),
                format!("system {} given, but the file's rows name {} here: each row keeps the system it names", system.name(), named.name()),
                "numbers measured on one system describe that system; fix the rows if they name the wrong one",
            ));
        }
    }
    out
}

/// Consumed ÷ produced msg/s past which a run's consume rate is questioned: one
/// subscription keeping up reads what was produced, within sampling noise.
pub const MAX_CONSUME_RATIO: f64 = 1.5;

/// Warnings for a parsed file and the metadata it will be stored with.
pub fn lint(p: &Parsed, meta: &UploadMeta) -> Vec<Lint> {
    let inf = &p.inferred;
    let mut out = Vec::new();
    let produce = mean_of(p, Metric::ProduceThroughput);
    if let (Some(target), Some(achieved)) = (inf.target_rate.filter(|t| t.is_finite() && *t > 0.0), produce.filter(|a| a.is_finite())) {
        let ratio = achieved / target;
        if (0.97..=1.03).contains(&ratio) {
            out.push(Lint::new("rate_capped", None, format!("achieved {} msg/s ≈ the {} msg/s target", fmt_num(achieved), fmt_num(target)), "a run that reaches its target rate shows a lower bound, not capacity"));
        } else if ratio > 1.10 {
            out.push(Lint::new("target_mismatch", None, format!("achieved {} msg/s is {ratio:.1}× the stated {} msg/s target", fmt_num(achieved), fmt_num(target)), "the run's stated target (often from a workload name) disagrees with what ran; check the metadata"));
        } else if ratio < 0.5 {
            out.push(Lint::new("below_target", None, format!("achieved {} msg/s, {:.0} % of the {} msg/s target", fmt_num(achieved), ratio * 100.0, fmt_num(target)), "far below target: an overloaded broker or a client-bound harness"));
        }
    }
    // A percentile below 1 is almost always a fraction written for a percentage
    // (0.99 for p99, 0.999 for p99.9): said once, at its first line (a stop-37 tester's
    // 0.999 was stored as p0.999 unsaid).
    if let Some(m) = p.measurements.iter().find(|m| m.percentile.is_some_and(|q| q < 1.0)) {
        let q = m.percentile.unwrap_or(0.0);
        out.push(Lint::new(
            "percentile_fraction",
            Some(m.line),
            format!("percentile {} reads as p{}; a fraction such as 0.99 is written 99 here", fmt_num(q), fmt_num(q)),
            "percentiles are read as percentages (99 = p99, 99.9 = p99.9): a p0.999 latency is the fastest message's, not the tail",
        ));
    }
    // Consumers reading more than was produced: several subscriptions each reading
    // everything (a fan-out the metadata has no field for), or mixed-up rates
    // (stop 26's tester: 10× with no word).
    if let (Some(consume), Some(produced)) = (mean_of(p, Metric::ConsumeThroughput), produce.filter(|x| x.is_finite() && *x > 0.0)) {
        let ratio = consume / produced;
        if ratio > MAX_CONSUME_RATIO {
            out.push(Lint::new(
                "consume_exceeds_produce",
                None,
                format!("consumed {} msg/s is {}× the {} msg/s produced", fmt_num(consume), fmt_num(ratio), fmt_num(produced)),
                "consumers read what producers wrote: more means that many subscriptions each read everything (the rate counts them all) or the two rates are mixed up; check which",
            ));
        }
    }
    if inf.compression.as_deref().is_some_and(|c| !c.eq_ignore_ascii_case("none")) || inf.generated_payload {
        out.push(Lint::new(
            "compressible_payload",
            None,
            format!("compression {} with {}", inf.compression.as_deref().unwrap_or("unstated"), if inf.generated_payload { "a tool-generated payload" } else { "the given payload" }),
            "compressible payloads inflate throughput several-fold (seed 000 §2.5 pitfall 1)",
        ));
    }
    match meta.durability {
        Some(Durability::Leader) => out.push(Lint::new("durability", None, "acks=1 / leader-only acknowledgement", "compared with the model at its own durability, by the model's acks=1 factor for its system (fitted from paired runs where a source measured them: `mqplan fit`, /model); the factor is an average, so a measured acks=all run is better evidence")),
        Some(Durability::Fsync) => out.push(Lint::new("durability", None, "flush before ack", "compared with the model at its own durability, by the model's flush-before-ack factor for its system (fitted from paired runs where a source measured them: `mqplan fit`, /model); the factor is an average, so a measured async-flush run is better evidence")),
        _ => {}
    }
    if let (Some(records), Some(size), Some(nodes), Some(ram)) = (inf.records, meta.message_bytes, meta.nodes, meta.ram_gb) {
        let data = records * size;
        let memory = f64::from(nodes) * ram * 1e9;
        if data < memory {
            out.push(Lint::new("page_cache", None, format!("{:.1} GB written vs {:.0} GB of broker RAM", data / 1e9, memory / 1e9), "the data set fits in the page cache: the run measured memory, not disks (seed 000 §2.5 pitfall 3)"));
        }
    }
    if let (Some(parts), Some(cons)) = (meta.partitions, meta.consumers) {
        if parts < cons {
            out.push(Lint::new("partitions_lt_consumers", None, format!("{parts} partitions for {cons} consumers"), "idle consumers: the run measured per-partition, not cluster, capacity (seed 000 §2.5 pitfall 4)"));
        }
    }
    if let (Some(e2e), Some(publish)) = (pct_of(p, Metric::E2eLatency, 50.0), pct_of(p, Metric::PublishLatency, 50.0)) {
        if e2e < publish {
            out.push(Lint::new("clock_skew", None, format!("end-to-end p50 {e2e} ms < publish p50 {publish} ms"), "end-to-end cannot be faster than publish: producer and consumer clocks disagree"));
        }
    }
    out.extend(inverted_percentiles(p));
    if meta.message_bytes.is_some_and(|s| s <= 128.0) && meta.producers.is_none_or(|n| n <= 1) && produce.is_some() {
        out.push(Lint::new("client_ceiling", None, "small messages from at most one producer", "small-message runs often hit the client's per-message ceiling before the broker's"));
    }
    // A tool that only drives one system, stored as another because the metadata says so.
    if let (Some(tool), Some(given)) = (inf.system.as_deref(), meta.system.as_deref()) {
        if !tool.eq_ignore_ascii_case(given) {
            out.push(Lint::new(
                "system_relabelled",
                None,
                format!("the file is {tool}'s output; stored as {given} because the metadata says so"),
                "numbers measured on one system describe that system; relabel only when the file names the wrong one",
            ));
        }
    }
    out
}
