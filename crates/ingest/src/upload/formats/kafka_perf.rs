//! kafka-producer-perf-test and kafka-consumer-perf-test output.
//!
//! Producer summary lines (`N records sent, X records/sec (Y MB/sec), … 50th, … 99.9th.`)
//! become throughput and publish-latency rows; interval lines (no percentiles)
//! are used only when no summary follows. The tool's "MB/sec" is MiB/s
//! (2^20 B): the message size is recovered from it when no `--record-size` is seen.
//! Consumer output (`nMsg.sec - 403524` or its CSV form) becomes consume throughput.

use capacity::dataset::{Metric, Unit};

use super::text::{after, before, flag, kv};
use crate::upload::report::{ImportError, Lint};
use crate::upload::{Inferred, Measurement, Parsed};

fn size_from_mib(records_per_s: f64, mib_per_s: f64) -> Option<f64> {
    (records_per_s > 0.0 && mib_per_s > 0.0).then(|| (mib_per_s * 1_048_576.0 / records_per_s).round()).filter(|s| *s >= 1.0)
}

/// Parses the output.
///
/// # Errors
/// When a summary line's numbers cannot be read (line and field named).
pub fn parse(text: &str) -> Result<Parsed, Vec<ImportError>> {
    let mut p = Parsed::default();
    let mut inf = Inferred { system: Some("kafka".into()), ..Inferred::default() };
    let mut errors = Vec::new();
    let mut record_size: Option<f64> = None;
    let mut pending_intervals: Vec<Measurement> = Vec::new();
    // Whether the current run (since its command line) printed a summary: a run
    // without one is read from its intervals (a stop-43 tester's sweep lost its last
    // run, summary-less, unsaid: the check had been file-wide).
    let mut run_summarised = false;
    let mut run_rate: Option<f64> = None;
    let mut targets: Vec<Option<f64>> = Vec::new();
    let mut csv_header: Option<Vec<String>> = None;
    // Lines that read as results but could not be read as one.
    let mut unread: Vec<usize> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim();
        if line.contains("kafka-producer-perf-test") {
            record_size = flag(line, &["--record-size"]).and_then(|s| s.parse().ok());
            // The run's own rate limit (-1: none) classifies its rows; a file-wide
            // target only while every run shares it.
            run_rate = flag(line, &["--throughput"]).and_then(|s| s.parse::<f64>().ok()).filter(|t| *t > 0.0);
            targets.push(run_rate);
            inf.records = flag(line, &["--num-records"]).and_then(|s| s.parse().ok()).or(inf.records);
            if let Some(a) = kv(line, "acks") {
                inf.acks = Some(a.to_string());
            }
            if let Some(c) = kv(line, "compression.type") {
                inf.compression = Some(c.to_string());
            }
            inf.generated_payload = line.contains("--record-size") && !line.contains("--payload-file");
            intervals_of_a_run(&mut p, &mut pending_intervals, run_summarised);
            run_summarised = false;
            continue;
        }
        // A heading such as "record-size: 10" (a sweep written up by hand).
        if let Some(rest) = line.trim_matches('*').trim().strip_prefix("record-size:") {
            // A heading starts a run as a command line does (a stop-43 tester's first
            // run of a written-up sweep, summary-less, was dropped unsaid).
            intervals_of_a_run(&mut p, &mut pending_intervals, run_summarised);
            run_summarised = false;
            record_size = rest.trim().trim_matches('*').trim().parse().ok();
            continue;
        }
        if line.contains("records sent,") && line.contains("records/sec") {
            let rps = after(line, "records sent,");
            let mib = line.find('(').and_then(|i| super::text::number_at(&line[i + 1..]));
            let Some(rps) = rps else {
                errors.push(ImportError::new(line_no, "records/sec", "no number before records/sec"));
                continue;
            };
            let implied = mib.and_then(|m| size_from_mib(rps, m));
            let size = match (record_size, implied) {
                // The printed MiB/s has two decimals: trust the command unless they clearly disagree.
                (Some(rs), Some(s)) if (s - rs).abs() / rs > 0.2 && (s - rs).abs() > 2.0 => {
                    p.lints.push(Lint::new("size_mismatch", Some(line_no), format!("record size {rs} B stated, but MB/sec implies {s} B; using {s} B"), "the command line and the output may not belong together"));
                    Some(s)
                }
                (Some(rs), _) => Some(rs),
                (None, s) => s,
            };
            if size.is_some() && inf.message_bytes.is_none() {
                inf.message_bytes = size;
            }
            let load = Some(crate::upload::run_load(rps, run_rate));
            let m = Measurement { line: line_no, metric: Metric::ProduceThroughput, value: rps, unit: Unit::MsgPerS, percentile: None, load, message_bytes: size, note: None, system: None };
            if line.contains("50th") {
                run_summarised = true;
                pending_intervals.clear();
                p.measurements.push(Measurement { note: Some("run summary".into()), ..m.clone() });
                for (label, pct) in [(" ms 50th", 50.0), (" ms 95th", 95.0), (" ms 99th", 99.0), (" ms 99.9th", 99.9)] {
                    match before(line, label) {
                        Some(ms) => p.measurements.push(Measurement { line: line_no, metric: Metric::PublishLatency, value: ms, unit: Unit::Ms, percentile: Some(pct), load: None, message_bytes: size, note: None, system: None }),
                        // Printed but not a number (`4,81 ms 95th`, `743x ms 99th`):
                        // refused, not left out unsaid (a stop-43 tester).
                        None if line.contains(label) => errors.push(ImportError::new(line_no, label.trim_start_matches(" ms "), format!("the{label} figure is not a number (a comma or letters in it)"))),
                        None => {}
                    }
                }
                let pcts: Vec<f64> = [" ms 50th", " ms 99.9th"].iter().filter_map(|l| before(line, l)).collect();
                if pcts.len() == 2 && (pcts[0] - pcts[1]).abs() < f64::EPSILON {
                    p.lints.push(Lint::new("percentiles_collapsed", Some(line_no), "p50 equals p99.9", "a single value for every percentile means the tool did not sample latency"));
                }
            } else if before(line, " records sent").is_some() {
                // Intervals after a summary are another run's.
                run_summarised = false;
                pending_intervals.push(m);
            } else {
                unread.push(line_no);
            }
            continue;
        }
        // A result line the tool would print (a count first), garbled past reading
        // ("records snt,"); prose about records/sec is not one.
        if line.contains("records/sec") && line.starts_with(|c: char| c.is_ascii_digit()) {
            unread.push(line_no);
            continue;
        }
        // Consumer: "key - value" lines, or a CSV header + values line.
        if line.starts_with("start.time,") {
            csv_header = Some(line.split(',').map(|s| s.trim().to_string()).collect());
            continue;
        }
        if let Some(h) = &csv_header {
            let vals: Vec<&str> = line.split(',').map(str::trim).collect();
            if vals.len() >= h.len().min(6) {
                if let Some(j) = h.iter().position(|c| c == "nMsg.sec") {
                    match vals.get(j).and_then(|v| v.parse::<f64>().ok()) {
                        Some(x) => p.measurements.push(Measurement { line: line_no, metric: Metric::ConsumeThroughput, value: x, unit: Unit::MsgPerS, percentile: None, load: None, message_bytes: None, note: Some("kafka-consumer-perf-test".into()), system: None }),
                        None => errors.push(ImportError::new(line_no, "nMsg.sec", "not a number")),
                    }
                }
                csv_header = None;
            }
            continue;
        }
        if let Some(rest) = line.strip_prefix("nMsg.sec - ") {
            match rest.trim().parse::<f64>() {
                Ok(x) => p.measurements.push(Measurement { line: line_no, metric: Metric::ConsumeThroughput, value: x, unit: Unit::MsgPerS, percentile: None, load: None, message_bytes: None, note: Some("kafka-consumer-perf-test".into()), system: None }),
                Err(_) => errors.push(ImportError::new(line_no, "nMsg.sec", "not a number")),
            }
        }
    }
    intervals_of_a_run(&mut p, &mut pending_intervals, run_summarised);
    if let Some(first) = unread.first() {
        p.lints.push(Lint::new("unread_result_lines", Some(*first), format!("{} line(s) naming records/sec could not be read as a result line (\"N records sent, X records/sec (Y MB/sec), …\"), from line {first}: they were not read", unread.len()), "a line edited or garbled by hand is left out, not guessed at"));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    targets.dedup();
    if let [only] = targets[..] {
        inf.target_rate = only;
    }
    p.inferred = inf;
    Ok(p)
}

/// The intervals of a run that printed no summary, read in its place (the first
/// dropped as warm-up) and said; a summarised run's are dropped.
fn intervals_of_a_run(p: &mut Parsed, pending: &mut Vec<Measurement>, summarised: bool) {
    if !summarised && !pending.is_empty() {
        p.lints.push(Lint::new("no_summary", Some(pending[0].line), "no summary line: interval lines used, the first one dropped as warm-up", "interval figures are noisier than the run summary"));
        p.measurements.extend(pending.drain(..).skip(1));
    }
    pending.clear();
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sweep's run without a summary is read from its intervals, said at its first
    /// line, whatever the other runs printed (a stop-43 tester's last run vanished
    /// unsaid); a summary percentile printed but not a number is refused at its line.
    #[test]
    fn a_run_without_a_summary_is_read_from_its_intervals_and_a_garbled_percentile_refused() {
        let t = "bin/kafka-producer-perf-test.sh --topic t --num-records 1000 --record-size 100 --throughput -1\n\
500 records sent, 100.0 records/sec (0.01 MB/sec), 1.0 ms avg latency, 2.0 ms max latency.\n\
1000 records sent, 1000.0 records/sec (0.10 MB/sec), 1.0 ms avg latency, 2.0 ms max latency, 1 ms 50th, 2 ms 95th, 2 ms 99th, 2 ms 99.9th.\n\
bin/kafka-producer-perf-test.sh --topic t --num-records 1000 --record-size 1000 --throughput -1\n\
500 records sent, 100.0 records/sec (0.10 MB/sec), 1.0 ms avg latency, 2.0 ms max latency.\n\
500 records sent, 2000.0 records/sec (1.91 MB/sec), 1.0 ms avg latency, 2.0 ms max latency.\n\
500 records sent, 2100.0 records/sec (2.00 MB/sec), 1.0 ms avg latency, 2.0 ms max latency.\n";
        // A written-up sweep: headings, not commands, and a run printed after a summary.
        let headed = "**record-size: 100**\n500 records sent, 100.0 records/sec (0.01 MB/sec), 1.0 ms avg latency, 2.0 ms max latency.\n500 records sent, 900.0 records/sec (0.09 MB/sec), 1.0 ms avg latency, 2.0 ms max latency.\n**record-size: 1000**\n1000 records sent, 1000.0 records/sec (0.95 MB/sec), 1.0 ms avg latency, 2.0 ms max latency, 1 ms 50th, 2 ms 95th, 2 ms 99th, 2 ms 99.9th.\n500 records sent, 100.0 records/sec (0.10 MB/sec), 1.0 ms avg latency, 2.0 ms max latency.\n500 records sent, 700.0 records/sec (0.67 MB/sec), 1.0 ms avg latency, 2.0 ms max latency.\n";
        let h = parse(headed).expect("parsed");
        let rates: Vec<f64> = h.measurements.iter().filter(|m| m.metric == Metric::ProduceThroughput).map(|m| m.value).collect();
        assert_eq!(rates, vec![900.0, 1000.0, 700.0], "{:?}", h.measurements);
        assert_eq!(h.lints.iter().filter(|l| l.code == "no_summary").count(), 2, "{:?}", h.lints);
        let p = parse(t).expect("parsed");
        let second: Vec<f64> = p.measurements.iter().filter(|m| m.message_bytes == Some(1000.0) && m.metric == Metric::ProduceThroughput).map(|m| m.value).collect();
        assert_eq!(second, vec![2000.0, 2100.0], "{:?}", p.measurements);
        assert!(p.lints.iter().any(|l| l.code == "no_summary" && l.line == Some(5)), "{:?}", p.lints);
        let bad = "5000000 records sent, 235249.8 records/sec (56.09 MB/sec), 72.84 ms avg latency, 786.00 ms max latency, 25 ms 50th, 4,81 ms 95th, 743x ms 99th, 777 ms 99.9th.\n";
        let e = parse(bad).expect_err("refused");
        assert!(e.iter().any(|e| e.line == 1 && e.field == "95th") && e.iter().any(|e| e.line == 1 && e.field == "99th"), "{e:?}");
    }

    #[test]
    fn each_run_is_judged_by_its_own_throughput_limit() {
        let t = "kafka-producer-perf-test --topic t --num-records 100 --record-size 100 --throughput 1000 --producer-props acks=all\n\
100 records sent, 1000.0 records/sec (0.10 MB/sec), 1.0 ms avg latency, 2.0 ms max latency, 1 ms 50th, 2 ms 95th, 2 ms 99th, 2 ms 99.9th.\n\
kafka-producer-perf-test --topic t --num-records 100 --record-size 100 --throughput -1 --producer-props acks=all\n\
100 records sent, 90000.0 records/sec (8.58 MB/sec), 1.0 ms avg latency, 2.0 ms max latency, 1 ms 50th, 2 ms 95th, 2 ms 99th, 2 ms 99.9th.\n";
        let p = parse(t).unwrap();
        let loads: Vec<_> = p.measurements.iter().filter(|m| m.metric == Metric::ProduceThroughput).map(|m| m.load).collect();
        assert_eq!(loads, vec![Some(capacity::dataset::Load::Steady), Some(capacity::dataset::Load::Max)]);
        assert_eq!(p.inferred.target_rate, None, "two runs, two limits: no file-wide target");
    }

    #[test]
    fn summary_line_gives_throughput_and_percentiles_and_mib_size() {
        let t = "5000000 records sent, 235249.835325 records/sec (56.09 MB/sec), 72.84 ms avg latency, 786.00 ms max latency, 25 ms 50th, 481 ms 95th, 743 ms 99th, 777 ms 99.9th.\n";
        let p = parse(t).unwrap();
        // 56.09 "MB/sec" × 2^20 / 235,249.8 records/s = 250 B: the tool's MB is MiB.
        assert_eq!(p.inferred.message_bytes, Some(250.0));
        assert_eq!(p.measurements.len(), 5);
        assert_eq!(p.measurements[0].value, 235_249.835325);
        assert_eq!(p.measurements[3].percentile, Some(99.0));
        assert_eq!(p.measurements[3].value, 743.0);
    }

    #[test]
    fn consumer_key_value_output() {
        let p = parse("data.consumed.in.nMsg - 15000209\nnMsg.sec - 403524.4510\n").unwrap();
        assert_eq!(p.measurements[0].metric, Metric::ConsumeThroughput);
        assert!((p.measurements[0].value - 403_524.451).abs() < 1e-6);
    }
}
