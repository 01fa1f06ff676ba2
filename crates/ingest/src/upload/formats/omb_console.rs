//! OpenMessaging Benchmark's console output (`benchmark-output.txt`): one line
//! per stats interval,
//!
//! `Pub rate 100048.3 msg/s / 97.7 MB/s | Pub err 0.0 err/s | Cons rate … msg/s / … MB/s | Backlog: 0.0 K | Pub Latency (ms) avg: 3.1 - 50%: 2.9 - 99%: 9.3 - 99.9%: 14.6 - Max: 32.2 | …`
//!
//! and, per run, `----- Aggregated Pub Latency (ms) avg: … - 50%: … - 95%: … - 99%: … - 99.9%: … - 99.99%: … - Max: …`.
//!
//! Rules (the same as for the result JSON OMB writes beside it):
//! - intervals before `Starting benchmark traffic` are the warm-up phase and are
//!   not read; without phase markers the first 10 % of intervals are trimmed, and
//!   stalled intervals (zero or under half the median) are left out;
//! - one run is one produce row (the mean of its steady intervals) and one
//!   consume row; its aggregated latencies, when printed, else the median of
//!   the intervals' percentiles;
//! - OMB's "MB/s" (older versions print "Mb/s") is bytes / 1024 / 1024, so the
//!   message size is MiB/s × 2^20 ÷ msg/s;
//! - OMB formats numbers with `DecimalFormat("0.0")` in the JVM's locale, so
//!   `100048,3` is a decimal comma; anything else with a comma (`1,234`,
//!   `1,234.5`) is refused with its line rather than guessed;
//! - OMB always drives its workload's producer rate: a run is a lower bound unless
//!   it fell short of a known target (`steady`/`max`, as for the JSON).

use capacity::dataset::{Metric, Unit};
use capacity::units::fmt_num;

use super::omb_json::{count_before, size_from_name, WARMUP_FRACTION};
use crate::upload::report::{ImportError, Lint};
use crate::upload::{Inferred, Measurement, Parsed};

/// One interval line.
#[derive(Debug, Default, Clone)]
struct Interval {
    line: usize,
    pub_rate: f64,
    pub_mib: Option<f64>,
    cons_rate: Option<f64>,
    /// (percentile, ms) of the publish latency.
    pub_lat: Vec<(f64, f64)>,
    /// (percentile, ms) of the end-to-end latency (forks that print it).
    e2e_lat: Vec<(f64, f64)>,
    pub_err: f64,
}

/// One run: its workload name (when printed) and its intervals.
#[derive(Debug, Default)]
struct Run {
    workload: Option<(usize, String)>,
    warmup_marked: bool,
    intervals: Vec<Interval>,
    /// (line, (percentile, ms)) from the aggregated line.
    aggregated: Option<(usize, Vec<(f64, f64)>)>,
}

/// A number as OMB prints it at the start of `s`: `1234.5`, `-0.0`, `1234,5`
/// (decimal comma). Err(why) for a comma used any other way; Ok(None) when `s`
/// does not start with a number.
fn omb_number(s: &str) -> Result<Option<f64>, String> {
    let s = s.trim_start();
    let end = s.find(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | ',' | '-' | '+' | 'E' | 'e'))).unwrap_or(s.len());
    let tok = s[..end].trim_end_matches([',', '.']);
    if tok.is_empty() {
        return Ok(None);
    }
    let text = match tok.split_once(',') {
        None => tok.to_string(),
        Some((int, frac)) if !int.is_empty() && int.chars().all(|c| c.is_ascii_digit() || c == '-') && frac.len() == 1 && frac.chars().all(|c| c.is_ascii_digit()) => format!("{int}.{frac}"),
        Some(_) => return Err(format!("{tok:?}: OMB prints one decimal without grouping, so a comma here is ambiguous (thousands or decimal?)")),
    };
    text.parse::<f64>().map(Some).map_err(|_| format!("{tok:?} is not a number")).map(|x| x.filter(|v| v.is_finite()))
}

/// The number after `label` in `line`: Ok(None) when the label is absent.
fn after(line: &str, label: &str) -> Result<Option<f64>, String> {
    match line.find(label) {
        Some(i) => omb_number(&line[i + label.len()..]),
        None => Ok(None),
    }
}

/// Percentiles printed after `label` (`avg: … - 50%: … - 99%: …`), up to the next `|`,
/// and the keys of those printed as NaN (OMB's word for no sample recorded).
fn percentiles(line: &str, label: &str) -> Result<(Vec<(f64, f64)>, Vec<&'static str>), String> {
    let Some(i) = line.find(label) else { return Ok((vec![], vec![])) };
    let part = line[i + label.len()..].split('|').next().unwrap_or("");
    let (mut out, mut nan) = (Vec::new(), Vec::new());
    for (key, pct) in [("50%:", 50.0), ("95%:", 95.0), ("99%:", 99.0), ("99.9%:", 99.9)] {
        // "99%:" is also the tail of "99.9%:": match it only after " - " or at the start.
        let found = part.match_indices(key).find(|(j, _)| *j == 0 || part[..*j].ends_with(' '));
        if let Some((j, _)) = found {
            let rest = &part[j + key.len()..];
            if rest.trim_start().get(..3).is_some_and(|t| t.eq_ignore_ascii_case("nan")) {
                nan.push(key);
            } else if let Some(v) = omb_number(rest)? {
                out.push((pct, v));
            }
        }
    }
    Ok((out, nan))
}

fn err(line: usize, field: &str, why: impl Into<String>) -> ImportError {
    ImportError::new(line, field, why)
}

/// Reads one `Pub rate` line.
fn interval(line_no: usize, line: &str) -> Result<Interval, ImportError> {
    let at = |field: &'static str| move |why: String| err(line_no, field, why);
    let pub_rate = after(line, "Pub rate").map_err(at("pub_rate"))?.ok_or_else(|| err(line_no, "pub_rate", "no number after \"Pub rate\""))?;
    let tail = |label: &str| line.find(label).map(|i| &line[i..]).unwrap_or("");
    let mib = |part: &str| -> Result<Option<f64>, String> {
        let slash = part.find("msg/s /").map(|i| &part[i + "msg/s /".len()..]).unwrap_or("");
        omb_number(slash)
    };
    let pub_mib = mib(tail("Pub rate")).map_err(at("pub_mb_per_s"))?;
    let cons_rate = after(line, "Cons rate").map_err(at("cons_rate"))?;
    let pub_err = after(line, "Pub err").map_err(at("pub_err"))?.unwrap_or(0.0);
    let pub_lat = percentiles(line, "Pub Latency (ms)").map_err(at("pub_latency"))?.0;
    let e2e_lat = percentiles(line, "E2E Latency (ms)").map_err(at("e2e_latency"))?.0;
    if pub_rate < 0.0 || cons_rate.is_some_and(|c| c < 0.0) {
        return Err(err(line_no, "pub_rate", "a negative rate is not a measurement"));
    }
    Ok(Interval { line: line_no, pub_rate, pub_mib, cons_rate, pub_lat, e2e_lat, pub_err })
}

/// Parses the console output.
///
/// # Errors
/// A `Pub rate` line whose numbers cannot be read (line, field, why), or no
/// `Pub rate` line at all.
pub fn parse(text: &str) -> Result<Parsed, Vec<ImportError>> {
    let mut runs: Vec<Run> = vec![Run::default()];
    let mut errors = Vec::new();
    let mut missing: Vec<Lint> = Vec::new();
    let mut in_warmup = false;
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim();
        if let Some(j) = line.find("WORKLOAD :") {
            let name = line[j + "WORKLOAD :".len()..].split("---").next().unwrap_or("").trim().chars().take(200).collect::<String>();
            if runs.last().is_some_and(|r| !r.intervals.is_empty() || r.workload.is_some()) {
                runs.push(Run::default());
            }
            if let Some(r) = runs.last_mut() {
                r.workload = Some((line_no, name));
            }
        } else if line.contains("Starting warm-up traffic") {
            in_warmup = true;
            if let Some(r) = runs.last_mut() {
                r.warmup_marked = true;
            }
        } else if line.contains("Starting benchmark traffic") {
            in_warmup = false;
            if let Some(r) = runs.last_mut() {
                r.intervals.clear();
                r.warmup_marked = true;
            }
        } else if line.contains("Aggregated Pub Latency (ms)") {
            match percentiles(line, "Aggregated Pub Latency (ms)") {
                Ok((p, nan)) => {
                    // A percentile OMB printed as NaN (no sample recorded) is said to
                    // be missing, not dropped unsaid (a stop-37 tester).
                    if !nan.is_empty() {
                        missing.push(Lint::new("latency_missing", Some(line_no), format!("Aggregated Pub Latency {}: NaN, so not read", nan.join(" NaN, ").trim_end_matches(':')), "OMB prints NaN where it recorded no latency sample: that percentile is no measurement"));
                    }
                    if let Some(r) = runs.last_mut() {
                        r.aggregated = Some((line_no, p));
                    }
                }
                Err(why) => errors.push(err(line_no, "aggregated_pub_latency", why)),
            }
        } else if line.contains("Pub rate") {
            match interval(line_no, line) {
                Ok(iv) if !in_warmup => {
                    if let Some(r) = runs.last_mut() {
                        r.intervals.push(iv);
                    }
                }
                Ok(_) => {}
                Err(e) => errors.push(e),
            }
        }
        if errors.len() >= crate::upload::MAX_LISTED_ERRORS {
            break;
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    runs.retain(|r| !r.intervals.is_empty());
    if runs.is_empty() {
        return Err(vec![err(0, "file", "no \"Pub rate … msg/s\" interval lines after the warm-up: this is not OMB console output of a run")]);
    }
    let mut p = Parsed::default();
    let mut inf = Inferred::default();
    let several = runs.len() > 1;
    for (n, run) in runs.iter().enumerate() {
        read_run(&mut p, &mut inf, run, several.then_some(n + 1));
    }
    p.lints.extend(missing);
    p.inferred = inf;
    Ok(p)
}


/// (mean, kept, trimmed, stalled) of a rate series: the first tenth trimmed when
/// `trim` (no warm-up phase was marked), then zero intervals and those under half
/// the median left out.
fn steady(samples: &[f64], trim: bool) -> Option<(f64, usize, usize, usize)> {
    let cut = if trim { ((samples.len() as f64 * WARMUP_FRACTION).ceil() as usize).min(samples.len().saturating_sub(1)) } else { 0 };
    let rest = &samples[cut..];
    let positive: Vec<f64> = rest.iter().copied().filter(|x| *x > 0.0).collect();
    if positive.is_empty() {
        return None;
    }
    let half = median(positive) * 0.5;
    let kept: Vec<f64> = rest.iter().copied().filter(|x| *x > 0.0 && *x >= half).collect();
    Some((kept.iter().sum::<f64>() / kept.len() as f64, kept.len(), cut, rest.len() - kept.len()))
}

/// The median of `xs` (not empty).
fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// How far the size OMB's rates imply may stray from the workload name's before
/// the report says so: OMB's own payload files differ from their names by a few
/// bytes (`payload-1Kb.data` is 1,024 B; te Wierik's "10kb" is 10,000 B), not 2×.
const SIZE_MISMATCH_RATIO: f64 = 1.5;

fn read_run(p: &mut Parsed, inf: &mut Inferred, run: &Run, number: Option<usize>) {
    let first = run.intervals[0].line;
    let label = number.map(|n| format!("run {n}")).unwrap_or_default();
    let name = run.workload.as_ref().map(|(_, n)| n.as_str()).unwrap_or("");
    let size = size_from_name(name).filter(|s| (1.0..=1e9).contains(s));
    let target = count_before(name, "rate");
    if number.is_none_or(|n| n == 1) {
        if let Some((line, _)) = &run.workload {
            let mut from = Vec::new();
            if size.is_some() {
                from.push("message size".to_string());
            }
            if let Some(parts) = count_before(name, "partition").filter(|x| (1.0..=1e6).contains(x)) {
                inf.partitions = Some(parts as u32);
                from.push("partitions".into());
            }
            if target.is_some() {
                from.push("target rate".into());
            }
            if !from.is_empty() {
                p.lints.push(Lint::new("inferred_from_name", Some(*line), format!("{} read from the workload name {name:?}", from.join(", ")), "names can disagree with what ran; check them in the metadata"));
            }
            inf.from_name = from;
            inf.target_rate = target;
        }
    }
    let rates: Vec<f64> = run.intervals.iter().map(|i| i.pub_rate).collect();
    let Some((mean, kept, trimmed, stalled)) = steady(&rates, !run.warmup_marked) else { return };
    if trimmed > 0 {
        p.lints.push(Lint::new("warmup_trimmed", Some(first), format!("{label}{}first {trimmed} of {} intervals trimmed as warm-up (no warm-up phase marked)", if label.is_empty() { "" } else { ": " }, rates.len()), "warm-up intervals understate steady throughput"));
    }
    if stalled > 0 {
        p.lints.push(Lint::new("stalled_samples", Some(first), format!("{stalled} stalled intervals (zero or under half the median) excluded"), "averaging stalled intervals under-reports throughput"));
    }
    // Message size from OMB's MiB/s (bytes / 1024 / 1024) and msg/s, steady intervals only.
    let steady: Vec<&Interval> = run.intervals.iter().skip(trimmed).filter(|i| i.pub_rate > 0.0 && i.pub_rate >= 0.5 * mean).collect();
    // The median of the intervals' sizes, so one garbled interval (a stop-40 tester's
    // 4,880,000 MB/s) does not move it.
    let mut sizes: Vec<f64> = steady.iter().filter_map(|i| i.pub_mib.map(|mib| mib * 1_048_576.0 / i.pub_rate)).filter(|s| s.is_finite() && *s > 0.0).collect();
    sizes.sort_by(f64::total_cmp);
    let measured_size = (!sizes.is_empty()).then(|| sizes[sizes.len() / 2].round()).filter(|s| (1.0..=1e9).contains(s));
    // The rates' size against the name's: a log whose MB/s and msg/s imply another
    // size than its workload names (mixed-up columns, or a renamed workload) says so
    // (a stop-27 tester: OMB console runs were never checked for it).
    if let (Some(named), Some(measured)) = (size, measured_size) {
        if measured > named * SIZE_MISMATCH_RATIO || measured * SIZE_MISMATCH_RATIO < named {
            p.lints.push(Lint::new("size_mismatch", Some(first), format!("{label}{}the workload name says {} B, but its MB/s and msg/s imply {} B; using {} B", if label.is_empty() { "" } else { ": " }, fmt_num(named), fmt_num(measured), fmt_num(measured)), "the name and the rates disagree: check which is right"));
        }
    }
    let size = measured_size.or(size);
    if number.is_none_or(|n| n == 1) {
        inf.message_bytes = size;
    }
    let note = |what: String| Some(if label.is_empty() { what } else { format!("{label}: {what}") });
    p.measurements.push(Measurement {
        line: first,
        metric: Metric::ProduceThroughput,
        value: mean,
        unit: Unit::MsgPerS,
        percentile: None,
        load: Some(crate::upload::fixed_rate_load(mean, target)),
        message_bytes: size,
        note: note(format!("mean of {kept} steady intervals of {}", rates.len())),
        system: None,
    });
    let cons: Vec<f64> = steady.iter().filter_map(|i| i.cons_rate).filter(|c| *c > 0.0).collect();
    if !cons.is_empty() {
        let n = cons.len();
        p.measurements.push(Measurement {
            line: first,
            metric: Metric::ConsumeThroughput,
            value: cons.iter().sum::<f64>() / n as f64,
            unit: Unit::MsgPerS,
            percentile: None,
            load: Some(crate::upload::fixed_rate_load(mean, target)),
            message_bytes: size,
            note: note(format!("mean of {n} intervals' consume rate")),
            system: None,
        });
    }
    let errs: f64 = steady.iter().map(|i| i.pub_err).sum();
    if errs > 0.0 {
        p.lints.push(Lint::new("publish_errors", Some(first), format!("publish errors reported ({errs:.1} err/s summed over intervals)"), "failed sends are not throughput"));
    }
    match &run.aggregated {
        Some((line, pcts)) if !pcts.is_empty() => {
            for (pct, ms) in pcts {
                p.measurements.push(Measurement { line: *line, metric: Metric::PublishLatency, value: *ms, unit: Unit::Ms, percentile: Some(*pct), load: None, message_bytes: size, note: note("aggregated over the run".into()), system: None });
            }
        }
        _ => {
            for (metric, pick) in [(Metric::PublishLatency, 0), (Metric::E2eLatency, 1)] {
                for pct in [50.0, 99.0, 99.9] {
                    let xs: Vec<f64> = steady.iter().filter_map(|i| if pick == 0 { &i.pub_lat } else { &i.e2e_lat }.iter().find(|(q, _)| *q == pct).map(|(_, v)| *v)).filter(|v| *v > 0.0).collect();
                    if xs.is_empty() {
                        continue;
                    }
                    let n = xs.len();
                    p.measurements.push(Measurement { line: first, metric, value: median(xs), unit: Unit::Ms, percentile: Some(pct), load: None, message_bytes: size, note: note(format!("median of {n} intervals (no aggregated line)")), system: None });
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RUN: &str = "\
21:02:14.208 [main] INFO Benchmark - --------------- WORKLOAD : 1-topic-16-partitions-1kb --- DRIVER : Kafka---------------
21:02:31.554 [main] INFO WorkloadGenerator - ----- Starting warm-up traffic (1m) ------
21:02:41.700 [main] INFO WorkloadGenerator - Pub rate  3512.4 msg/s /  3.4 MB/s | Pub err     0.0 err/s | Cons rate  3511.0 msg/s /  3.4 MB/s | Backlog:  0.0 K | Pub Latency (ms) avg: 40.1 - 50%: 30.2 - 99%: 99.0 - 99.9%: 120.3 - Max: 150.0 | Pub Delay Latency (us) avg: 57.6 - 50%: 55.0 - 99%: 86.0 - 99.9%: 156.0 - Max: 2306.0
21:03:31.900 [main] INFO WorkloadGenerator - ----- Starting benchmark traffic (5m)------
21:03:41.912 [main] INFO WorkloadGenerator - Pub rate 100048.3 msg/s / 97.7 MB/s | Pub err     0.0 err/s | Cons rate 100048.0 msg/s / 97.7 MB/s | Backlog:  0.0 K | Pub Latency (ms) avg:  3.1 - 50%:  2.9 - 99%:  9.3 - 99.9%: 14.6 - Max: 32.2 | Pub Delay Latency (us) avg: 57.6 - 50%: 55.0 - 99%: 86.0 - 99.9%: 156.0 - Max: 2306.0
21:03:51.925 [main] INFO WorkloadGenerator - Pub rate  99951.7 msg/s / 97.6 MB/s | Pub err     0.0 err/s | Cons rate  99952.1 msg/s / 97.6 MB/s | Backlog:  0.0 K | Pub Latency (ms) avg:  3.0 - 50%:  2.8 - 99%:  9.1 - 99.9%: 14.2 - Max: 30.1 | Pub Delay Latency (us) avg: 57.6 - 50%: 55.0 - 99%: 86.0 - 99.9%: 156.0 - Max: 2306.0
21:08:42.001 [main] INFO WorkloadGenerator - ----- Aggregated Pub Latency (ms) avg:  3.1 - 50%:  2.9 - 95%:  5.0 - 99%:  9.2 - 99.9%: 14.5 - 99.99%: 30.3 - Max: 62.6 | Pub Delay (us)  avg: 56.7 - 50%: 55.0 - 95%: 63.0 - 99%: 80.0 - 99.9%: 145.0 - 99.99%: 1054.0 - Max: 5007.0
";

    #[test]
    fn a_run_after_its_warmup_gives_rate_size_and_aggregated_latency() {
        let p = parse(RUN).expect("parses");
        let tput = &p.measurements[0];
        assert_eq!(tput.metric, Metric::ProduceThroughput);
        assert!((tput.value - 100_000.0).abs() < 1.0, "warm-up interval not averaged in: {}", tput.value);
        assert_eq!(tput.line, 5);
        assert_eq!(tput.message_bytes, Some(1024.0), "97.7 MiB/s at 100,000 msg/s is 1 KiB");
        assert_eq!(p.inferred.partitions, Some(16));
        assert!(p.measurements.iter().any(|m| m.metric == Metric::ConsumeThroughput));
        let p99 = p.measurements.iter().find(|m| m.percentile == Some(99.0)).expect("p99");
        assert_eq!((p99.value, p99.line), (9.2, 7));
        let p999 = p.measurements.iter().find(|m| m.percentile == Some(99.9)).expect("p99.9");
        assert_eq!(p999.value, 14.5, "99.9% is not read as 99%");
        assert!(!p.lints.iter().any(|l| l.code == "warmup_trimmed"), "the marked warm-up is dropped, not trimmed again");
    }

    /// A workload named 1 KB whose rates imply 100 B is flagged, and the rates' size
    /// is used; the sample's own 1 KB run is not.
    #[test]
    fn a_name_and_rates_that_disagree_on_the_size_are_flagged() {
        assert!(!parse(RUN).expect("parses").lints.iter().any(|l| l.code == "size_mismatch"));
        let p = parse(&RUN.replace("97.7 MB/s", "9.8 MB/s").replace("97.6 MB/s", "9.8 MB/s")).expect("parses");
        let l = p.lints.iter().find(|l| l.code == "size_mismatch").unwrap_or_else(|| panic!("{:?}", p.lints));
        assert!(l.message.contains("says 1,024 B") && l.message.contains("imply 103 B"), "{}", l.message);
        assert_eq!(p.measurements[0].message_bytes, Some(103.0));
    }

    #[test]
    fn a_decimal_comma_locale_is_read_and_grouping_is_refused_with_its_line() {
        let comma = RUN.replace("100048.3", "100048,3").replace("99951.7", "99951,7");
        let p = parse(&comma).expect("a JVM in a comma locale");
        assert!((p.measurements[0].value - 100_000.0).abs() < 1.0);
        let grouped = RUN.replace("100048.3", "100,048.3");
        let e = parse(&grouped).expect_err("grouping is ambiguous");
        assert_eq!((e[0].line, e[0].field.as_str()), (5, "pub_rate"));
        assert!(e[0].reason.contains("ambiguous"), "{}", e[0].reason);
    }

    #[test]
    fn bad_lines_and_empty_logs_are_refused_with_line_field_and_why() {
        let e = parse("12:00 INFO Pub rate NaN msg/s\n").expect_err("no number");
        assert_eq!((e[0].line, e[0].field.as_str()), (1, "pub_rate"));
        let e = parse("12:00 INFO Pub rate 10.0 msg/s / 1.0 MB/s | Pub Latency (ms) avg: 1.0 - 50%: 1,0000 - 99%: 2.0\n").expect_err("bad latency");
        assert_eq!((e[0].line, e[0].field.as_str()), (1, "pub_latency"));
        let e = parse("----- Starting warm-up traffic\n12:00 INFO Pub rate 10.0 msg/s\n").expect_err("only warm-up");
        assert_eq!(e[0].line, 0);
        assert!(e[0].reason.contains("after the warm-up"));
    }

    #[test]
    fn without_phase_markers_the_first_tenth_is_trimmed() {
        let mut s = String::new();
        for i in 0..20 {
            let r = if i == 0 { 10.0 } else { 50_000.0 };
            s.push_str(&format!("Pub rate {r:.1} msg/s / {:.1} MB/s | Pub Latency (ms) avg: 2.0 - 50%: 2.0 - 99%: 5.0 - 99.9%: 8.0 - Max: 9.0\n", r * 100.0 / 1_048_576.0));
        }
        let p = parse(&s).expect("parses");
        assert_eq!(p.measurements[0].value, 50_000.0);
        assert!(p.lints.iter().any(|l| l.code == "warmup_trimmed"));
        assert!(p.measurements.iter().any(|m| m.metric == Metric::PublishLatency && m.percentile == Some(99.0) && m.value == 5.0));
    }
}
