//! pulsar-perf produce / consume output.
//!
//! pulsar-perf prints throughput in "Mbit/s" that are 2^20-bit units (100,003.6 msg/s
//! of 1 KB print as 781.3 Mbit/s: 100,003.6 × 1024 × 8 / 2^20), so the message size
//! is recovered as Mbit/s × 2^20 / 8 / (msg/s). A run's "Aggregated" lines are used
//! when present; otherwise its interval lines, minus the first (warm-up) and minus
//! latencies of intervals that printed all zeros.

use capacity::dataset::{Metric, Unit};

use super::text::after;
use crate::upload::report::{ImportError, Lint};
use crate::upload::{Inferred, Measurement, Parsed};

const PCTS: [(&str, f64); 4] = [("med:", 50.0), ("95pct:", 95.0), ("99pct:", 99.0), ("99.9pct:", 99.9)];

fn size_from_mbit(msgs: f64, mbit: f64) -> Option<f64> {
    (msgs > 0.0 && mbit > 0.0).then(|| (mbit * 1_048_576.0 / 8.0 / msgs).round()).filter(|s| *s >= 1.0)
}

/// One interval line: (line, metric, msg/s, message size, (percentile, ms) pairs).
type Interval = (usize, Metric, f64, Option<f64>, Vec<(f64, f64)>);

#[derive(Default)]
struct Run {
    intervals: Vec<Interval>,
}

fn latencies(line: &str) -> Vec<(f64, f64)> {
    let Some(i) = line.find("Latency:") else { return vec![] };
    let l = &line[i..];
    PCTS.iter().filter_map(|(label, pct)| after(l, label).map(|v| (*pct, v))).collect()
}

/// Parses the output.
///
/// # Errors
/// A throughput line whose rate cannot be read.
pub fn parse(text: &str) -> Result<Parsed, Vec<ImportError>> {
    let mut p = Parsed::default();
    let mut inf = Inferred { system: Some("pulsar".into()), ..Inferred::default() };
    let mut errors = Vec::new();
    let mut run = Run::default();
    // The run's rate limit: `-r` / `--rate`; pulsar-perf produce defaults to 100 msg/s,
    // consume to none.
    let mut rate: Option<f64> = None;
    let mut runs_with_rate: Vec<Option<f64>> = Vec::new();
    let mut last_agg: Option<(usize, Metric, f64, Option<f64>)> = None;
    let (mut best_mbit, mut best_size) = (0.0_f64, None::<f64>);
    let flush_intervals = |run: &mut Run, p: &mut Parsed, rate: Option<f64>| {
        if run.intervals.len() > 1 {
            p.lints.push(Lint::new("warmup_trimmed", Some(run.intervals[0].0), "first interval of the run dropped as warm-up", "the first 10-s interval includes connection set-up"));
        }
        for (line, metric, msgs, size, lats) in run.intervals.drain(..).skip(1) {
            push(p, line, metric, msgs, size, &lats, rate);
        }
    };
    let lines: Vec<&str> = text.lines().collect();
    for (i, raw) in lines.iter().enumerate() {
        let line_no = i + 1;
        let line = raw.trim();
        if line.contains("pulsar-perf") && (line.contains(" produce") || line.contains(" consume")) {
            let given = super::text::flag(line, &["-r", "--rate"]).and_then(|s| s.parse::<f64>().ok());
            rate = given.or(line.contains(" produce").then_some(DEFAULT_PRODUCE_RATE)).filter(|r| *r > 0.0);
            runs_with_rate.push(given.filter(|r| *r > 0.0));
            if let Some(s) = super::text::flag(line, &["-s", "--size"]).and_then(|s| s.parse::<f64>().ok()) {
                inf.message_bytes = Some(s);
            }
            continue;
        }
        let (metric, label) = if line.contains("Throughput produced:") {
            (Metric::ProduceThroughput, "Throughput produced:")
        } else if line.contains("Throughput received:") {
            (Metric::ConsumeThroughput, "Throughput received:")
        } else if line.contains("Aggregated throughput stats") {
            let msgs = line.split("---").find_map(|part| part.contains("msg/s").then(|| super::text::number_at(part)).flatten());
            let mbit = super::text::before(line, "Mbit/s");
            let metric = if line.contains("records received") { Metric::ConsumeThroughput } else { Metric::ProduceThroughput };
            match msgs {
                Some(m) if m < 0.0 => errors.push(negative(line_no, m)),
                Some(m) if m > crate::upload::MAX_VALUE => errors.push(too_large(line_no, m)),
                Some(_) if mbit.is_some_and(|b| b > crate::upload::MAX_VALUE) => errors.push(too_large_mbit(line_no, mbit.unwrap_or_default())),
                Some(m) => last_agg = Some((line_no, metric, m, mbit.and_then(|b| size_from_mbit(m, b)))),
                None => errors.push(ImportError::new(line_no, "msg/s", "aggregated line without a msg/s figure")),
            }
            continue;
        } else if line.contains("Aggregated latency stats") {
            if let Some((l, metric, msgs, size)) = last_agg.take() {
                run.intervals.clear();
                let lats = latencies(line);
                unread_percentiles(&mut p, line_no, line);
                push(&mut p, l, metric, msgs, size, &lats, rate);
                collapsed(&mut p, line_no, &lats);
                rate = None;
            }
            continue;
        } else {
            continue;
        };
        // A text like "306 msg --- 9.952  msg/s" puts a count first; take the msg/s number.
        let msgs = line
            .split("---")
            .find(|part| part.contains("msg/s") && !part.contains("failure"))
            .and_then(|part| super::text::number_at(part.rsplit(label).next().unwrap_or(part)));
        let Some(msgs) = msgs else {
            errors.push(ImportError::new(line_no, "msg/s", "throughput line without a rate"));
            continue;
        };
        if msgs < 0.0 {
            errors.push(negative(line_no, msgs));
            continue;
        }
        // Checked here, before a size is read off them (a tester's 1e308 msg/s was
        // refused as a message size of inf B).
        if msgs > crate::upload::MAX_VALUE {
            errors.push(too_large(line_no, msgs));
            continue;
        }
        let mbit = super::text::before(line, "Mbit/s");
        if let Some(b) = mbit.filter(|b| *b > crate::upload::MAX_VALUE) {
            errors.push(too_large_mbit(line_no, b));
            continue;
        }
        let size = mbit.and_then(|b| size_from_mbit(msgs, b));
        if mbit == Some(0.0) && msgs > 0.0 {
            p.lints.push(Lint::new("zero_mbit", Some(line_no), "0.000 Mbit/s printed with a non-zero message rate", "the byte rate (and so the message size) cannot be read from this line"));
        }
        // The size read off the line with the largest byte rate is the most precise
        // (rates print with one to three decimals).
        if let (Some(s), Some(b)) = (size, mbit) {
            if b > best_mbit {
                best_mbit = b;
                best_size = Some(s);
            }
        }
        let lats = latencies(line);
        unread_percentiles(&mut p, line_no, line);
        if !lats.is_empty() && lats.iter().all(|(_, v)| *v == 0.0) {
            p.lints.push(Lint::new("zero_latency_interval", Some(line_no), "an interval printed 0.000 for every latency", "the tool had no samples yet; these latencies are excluded"));
            run.intervals.push((line_no, metric, msgs, size, vec![]));
        } else {
            collapsed(&mut p, line_no, &lats);
            run.intervals.push((line_no, metric, msgs, size, lats));
        }
        // A run ends when the next result line (throughput, aggregated or a new
        // command) is not an interval of the same kind; log lines between intervals
        // (a client's INFO about its connection pool) do not end it (a stop-43 tester's
        // run split at each, its later intervals dropped as warm-up and its rate limit
        // lost).
        let result_line = |n: &&str| n.contains("Throughput produced:") || n.contains("Throughput received:") || n.contains("Aggregated") || n.contains("Starting Pulsar perf") || (n.contains("pulsar-perf") && (n.contains(" produce") || n.contains(" consume")));
        let next_is_same = lines[i + 1..].iter().find(|n| result_line(n)).is_some_and(|n| n.contains(label) || n.contains("Aggregated"));
        if !next_is_same {
            flush_intervals(&mut run, &mut p, rate);
            // The rate belongs to the run its command started.
            rate = None;
        }
    }
    flush_intervals(&mut run, &mut p, rate);
    if !errors.is_empty() {
        return Err(errors);
    }
    // Snap imprecise per-line sizes (within 10 %) to the best estimate.
    if let Some(best) = best_size {
        for m in &mut p.measurements {
            if let Some(s) = m.message_bytes {
                if (s - best).abs() / best < 0.10 {
                    m.message_bytes = Some(best);
                }
            }
        }
    }
    if inf.message_bytes.is_none() {
        inf.message_bytes = best_size;
    }
    // A file-wide target only when the file holds one run: each run's own rate
    // already classified its rows, and one run's target says nothing of another.
    if let [only] = runs_with_rate[..] {
        inf.target_rate = only;
    }
    p.inferred = inf;
    Ok(p)
}

/// A percentile printed but not read as a number (NaN, Infinity, a thousands
/// separator, letters in the figure) is left out, and said: on interval lines (a
/// stop-42 tester's five `99pct: NaN` lines vanished without a word) and on the
/// aggregated line (a stop-43 tester's `95pct: 4,610 - 99pct: NaN`).
fn unread_percentiles(p: &mut Parsed, line_no: usize, line: &str) {
    let unread: Vec<&str> = line.find("Latency:").or_else(|| line.find("latency stats")).map_or_else(Vec::new, |i| PCTS.iter().filter(|(label, _)| line[i..].contains(label) && after(&line[i..], label).is_none()).map(|(label, _)| label.trim_end_matches(':')).collect());
    if !unread.is_empty() {
        p.lints.push(Lint::new("latency_unreadable", Some(line_no), format!("{} printed as no number (NaN, Infinity, or a figure with a comma or letters)", unread.join(", ")), "that percentile is left out; the rest of the line is kept"));
    }
}

fn collapsed(p: &mut Parsed, line: usize, lats: &[(f64, f64)]) {
    if lats.len() >= 3 && lats.iter().all(|(_, v)| *v == lats[0].1) && lats[0].1 > 0.0 {
        p.lints.push(Lint::new("percentiles_collapsed", Some(line), format!("every percentile is {}", lats[0].1), "one value for every percentile means a single sample (or a broken histogram)"));
    }
}

/// A negative rate, refused at its line as the other formats refuse it (a stop-29
/// tester's `Throughput produced: -100.0 msg/s` was dropped without a word).
fn too_large(line: usize, msgs: f64) -> ImportError {
    ImportError::new(line, "msg/s", format!("{} msg/s is above {:e}: no measured rate", crate::upload::readable(msgs), crate::upload::MAX_VALUE))
}

fn too_large_mbit(line: usize, mbit: f64) -> ImportError {
    ImportError::new(line, "Mbit/s", format!("{} Mbit/s is above {:e}: no measured byte rate", crate::upload::readable(mbit), crate::upload::MAX_VALUE))
}

fn negative(line: usize, msgs: f64) -> ImportError {
    ImportError::new(line, "msg/s", format!("{} msg/s is negative: a throughput is at least 0", crate::upload::readable(msgs)))
}

/// pulsar-perf produce's default `--rate`, msg/s (its documented default).
const DEFAULT_PRODUCE_RATE: f64 = 100.0;

fn push(p: &mut Parsed, line: usize, metric: Metric, msgs: f64, size: Option<f64>, lats: &[(f64, f64)], rate: Option<f64>) {
    if msgs <= 0.0 {
        return;
    }
    // A rate limit cannot be beaten by much: far above it, the rate read was not this run's.
    let load = Some(crate::upload::run_load(msgs, rate.filter(|r| msgs <= 1.1 * r)));
    p.measurements.push(Measurement { line, metric, value: msgs, unit: Unit::MsgPerS, percentile: None, load, message_bytes: size, note: None, system: None });
    let lat_metric = if metric == Metric::ProduceThroughput { Metric::PublishLatency } else { Metric::E2eLatency };
    for (pct, ms) in lats {
        p.measurements.push(Measurement { line, metric: lat_metric, value: *ms, unit: Unit::Ms, percentile: Some(*pct), load: None, message_bytes: size, note: None, system: None });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mbit_is_mebibit_so_781_mbit_is_1_kb_at_100k() {
        assert_eq!(size_from_mbit(100_003.6, 781.3), Some(1024.0));
    }

    /// Log lines between a run's intervals do not end it: its intervals past the first
    /// are read at the run's rate limit (a stop-43 tester's INFO lines split a run
    /// into pieces whose first intervals were dropped as warm-up). An aggregated
    /// line's unreadable percentile is said as an interval's is.
    #[test]
    fn log_lines_between_intervals_keep_the_run_and_aggregates_say_unread_percentiles() {
        let iv = |r: &str| format!("19:53:40.861 [main] INFO  org.apache.pulsar.testclient.PerformanceProducer - Throughput produced: {r}  msg/s --- 7.8 Mbit/s --- failure      0.0 msg/s --- Latency: mean:   3.5 ms - med:   3.1 - 95pct:   4.7 - 99pct:   5.3 - 99.9pct:   5.8 - 99.99pct:   6.6 - Max:   6.6\n");
        let noise = "19:53:41.000 [pulsar-client-io-1-1] INFO  org.apache.pulsar.client.impl.ConnectionPool - [[id: 0x1]] Connected to server\n";
        let text = format!("bin/pulsar-perf produce t -s 1024 -r 1000\n{}{noise}{}{noise}{}{noise}{}", iv("1000.0"), iv("1000.0"), iv("999.0"), iv("1000.0"));
        let p = parse(&text).expect("parsed");
        let rates: Vec<_> = p.measurements.iter().filter(|m| m.metric == Metric::ProduceThroughput).collect();
        assert_eq!(rates.len(), 3, "{:?}", p.measurements);
        assert!(rates.iter().all(|m| m.load != Some(capacity::dataset::Load::Max)), "held at -r 1000: {rates:?}");
        assert_eq!(p.lints.iter().filter(|l| l.code == "warmup_trimmed").count(), 1, "{:?}", p.lints);
        // Without command lines, each run's start banner still ends the one before (its
        // warm-up interval dropped, not kept as the last run's).
        let banner = "19:53:30.000 [main] INFO  org.apache.pulsar.testclient.PerformanceProducer - Starting Pulsar perf producer with config: {}\n";
        let two = format!("{banner}{}{}{banner}{}{}", iv("900.0"), iv("1000.0"), iv("5.0"), iv("1000.0"));
        let p = parse(&two).expect("parsed");
        assert_eq!(p.lints.iter().filter(|l| l.code == "warmup_trimmed").count(), 2, "{:?}", p.lints);
        assert!(p.measurements.iter().all(|m| m.metric != Metric::ProduceThroughput || m.value == 1000.0), "{:?}", p.measurements);
        let agg = "bin/pulsar-perf produce t -s 1024\n19:54:44.336 [Thread-1] INFO  org.apache.pulsar.testclient.PerformanceProducer - Aggregated throughput stats --- 1000 records sent --- 100000.0 msg/s --- 781.3 Mbit/s\n19:54:44.336 [Thread-1] INFO  org.apache.pulsar.testclient.PerformanceProducer - Aggregated latency stats --- Latency: mean:   3.383 ms - med:   3.293 - 95pct:   4,610 - 99pct:   NaN - 99.9pct:   5.588 - Max:   6.609\n";
        let p = parse(agg).expect("parsed");
        let l = p.lints.iter().find(|l| l.code == "latency_unreadable").unwrap_or_else(|| panic!("{:?}", p.lints));
        assert_eq!((l.line, l.message.starts_with("95pct, 99pct printed as no number")), (Some(3), true), "{l:?}");
    }

    /// A percentile printed as NaN is left out and said; the line's others are kept.
    #[test]
    fn a_nan_percentile_is_left_out_and_said() {
        let line = |p99: &str| format!("19:53:40.861 [main] INFO  org.apache.pulsar.testclient.PerformanceProducer - Throughput produced: 100000.0  msg/s --- 781.3 Mbit/s --- failure      0.0 msg/s --- Latency: mean:   3.575 ms - med:   3.100 - 95pct:   4.790 - 99pct:   {p99} - 99.9pct:   5.834 - 99.99pct:   6.609 - Max:   6.609\n");
        let text = format!("bin/pulsar-perf produce t -s 1024\n{}{}{}", line("5.3"), line("NaN"), line("5.4"));
        let p = parse(&text).expect("parses");
        let l = p.lints.iter().find(|l| l.code == "latency_unreadable").unwrap_or_else(|| panic!("{:?}", p.lints));
        assert_eq!((l.line, l.message.as_str()), (Some(3), "99pct printed as no number (NaN, Infinity, or a figure with a comma or letters)"));
        assert_eq!(p.lints.iter().filter(|l| l.code == "latency_unreadable").count(), 1);
    }
}
