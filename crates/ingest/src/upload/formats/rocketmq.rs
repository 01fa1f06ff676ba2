//! RocketMQ benchmark Producer / Consumer output (`sh producer.sh …`,
//! `org.apache.rocketmq.example.benchmark.Producer`).
//!
//! "Send TPS" lines are per-interval successful sends. Each run (from one
//! `producer.sh` / `consumer.sh` command to the next) becomes one throughput row: the
//! median of its intervals after the first (warm-up), cited at its first interval,
//! with the thread count (`-w`) in the note — a thread sweep is a set of runs. "Max RT" is a running maximum since
//! the start, not a percentile, and "Average RT" a mean: neither is imported as a
//! latency percentile. Failed sends are not throughput.

use capacity::dataset::{Metric, Unit};

use super::text::{after, flag};
use crate::upload::report::{ImportError, Lint};
use crate::upload::{Inferred, Measurement, Parsed};

/// One run's kept intervals, per metric: (first line, TPS values).
#[derive(Default)]
struct Run {
    threads: Option<u32>,
    size: Option<f64>,
    series: Vec<(Metric, usize, Vec<f64>)>,
}

impl Run {
    fn add(&mut self, line: usize, metric: Metric, tps: f64, size: Option<f64>) {
        self.size = size;
        match self.series.iter_mut().find(|(m, ..)| *m == metric) {
            Some((_, _, v)) => v.push(tps),
            None => self.series.push((metric, line, vec![tps])),
        }
    }

    /// One row per metric: the median interval of the run.
    fn flush(&mut self, p: &mut Parsed) {
        for (metric, line, v) in self.series.drain(..) {
            let (lo, hi) = v.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), x| (a.min(*x), b.max(*x)));
            let n = v.len();
            let Some(median) = capacity::fit::median(v) else { continue };
            let threads = self.threads.map(|w| format!("; -w {w} threads")).unwrap_or_default();
            let note = Some(format!("median of {n} interval(s), {lo}–{hi} TPS{threads}"));
            p.measurements.push(Measurement { line, metric, value: median, unit: Unit::MsgPerS, percentile: None, load: None, message_bytes: self.size, note, system: None });
        }
        self.threads = None;
    }
}

/// Parses the output.
///
/// # Errors
/// The most producer threads (`-w`) a run is read with: past it a figure is no
/// thread count.
const MAX_THREADS: u32 = 1_000_000;

/// A TPS line whose number cannot be read; a `-s` that is no message size.
pub fn parse(text: &str) -> Result<Parsed, Vec<ImportError>> {
    let mut p = Parsed::default();
    let mut inf = Inferred { system: Some("rocketmq".into()), ..Inferred::default() };
    let mut errors = Vec::new();
    let mut size: Option<f64> = None;
    let mut first_in_run = true;
    let mut failed_lines = 0usize;
    let mut saw_rt = false;
    let mut zero_lines: Vec<usize> = Vec::new();
    let mut run = Run::default();
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim();
        if line.contains("producer.sh") || line.contains("consumer.sh") || line.contains("benchmark.Producer") || line.contains("benchmark.Consumer") {
            run.flush(&mut p);
            // A `-w` that is no thread count is refused at its line, as `-s` is (a
            // stop-37 tester's -w 0 and -w 99999999999999999999 passed unsaid).
            let threads = flag(line, &["-w"]).map(|s| (s, s.parse::<u32>().ok().filter(|w| (1..=MAX_THREADS).contains(w))));
            if let Some((s, None)) = threads {
                errors.push(ImportError::new(line_no, "-w", format!("{s:?} is not a thread count (a whole number, 1 to {MAX_THREADS})")));
            }
            run.threads = threads.and_then(|t| t.1);
            // A `-s` that is no size is refused at the command's own line (a stop-27
            // tester saw it cited at the first TPS line, as a measurement's size).
            size = match flag(line, &["-s"]) {
                None => None,
                Some(s) => match s.parse::<f64>() {
                    Ok(x) if x.fract() == 0.0 && (1.0..=capacity::fields::max_of("size")).contains(&x) => Some(x),
                    _ => {
                        errors.push(ImportError::new(line_no, "-s", format!("{s:?} is not a message size in bytes (a whole number, 1 to {}, the size field's range)", capacity::units::fmt_num(capacity::fields::max_of("size")))));
                        None
                    }
                },
            };
            if inf.message_bytes.is_none() {
                inf.message_bytes = size;
            }
            if let Some(w) = run.threads {
                inf.producers = Some(inf.producers.unwrap_or(0).max(w));
            }
            first_in_run = true;
            continue;
        }
        let (metric, label) = if line.contains("Send TPS:") {
            (Metric::ProduceThroughput, "Send TPS:")
        } else if line.starts_with("TPS:") || line.contains("Consume TPS:") || line.contains("Receive TPS:") {
            (Metric::ConsumeThroughput, if line.contains("Consume TPS:") { "Consume TPS:" } else if line.contains("Receive TPS:") { "Receive TPS:" } else { "TPS:" })
        } else {
            continue;
        };
        let Some(tps) = after(line, label) else {
            errors.push(ImportError::new(line_no, label.trim_end_matches(':'), "not a number"));
            continue;
        };
        // A negative rate is no measurement (a stop-27 tester's -4300 was read as a
        // stalled 0 and excluded).
        // Nor is one past any rate the uploads take: a median would hide it, and the
        // stored note would quote it (a stop-29 tester's 1e26 read "4269–1e26 TPS").
        if tps < 0.0 || !tps.is_finite() || tps > crate::upload::MAX_VALUE {
            errors.push(ImportError::new(line_no, label.trim_end_matches(':'), format!("{} msg/s is not a rate: a TPS is a finite number from 0 to {:e}", crate::upload::readable(tps), crate::upload::MAX_VALUE)));
            continue;
        }
        saw_rt |= line.contains("Max RT");
        // A failure count is a whole number of messages, at least 0.
        for key in ["Send Failed:", "Response Failed:"] {
            if let Some(f) = after(line, key).filter(|f| *f < 0.0 || f.fract() != 0.0 || *f > crate::upload::MAX_VALUE) {
                errors.push(ImportError::new(line_no, key.trim_end_matches(':'), format!("{} is not a count of failed messages (a whole number from 0)", crate::upload::readable(f))));
            }
        }
        if after(line, "Send Failed:").is_some_and(|f| f > 0.0) || after(line, "Response Failed:").is_some_and(|f| f > 0.0) {
            failed_lines += 1;
        }
        if first_in_run {
            first_in_run = false;
            p.lints.push(Lint::new("warmup_trimmed", Some(line_no), "first TPS line of the run dropped as warm-up", "the first interval includes client start-up"));
            continue;
        }
        if tps <= 0.0 {
            p.lints.push(Lint::new("stalled_samples", Some(line_no), "TPS 0 excluded", "a stalled interval is not capacity"));
            zero_lines.push(line_no);
            continue;
        }
        run.add(line_no, metric, tps, size);
    }
    run.flush(&mut p);
    // Every interval after the warm-up at 0: the client sent nothing, which says so
    // rather than "no measurements recognised" (an adversarial tester).
    if p.measurements.is_empty() && errors.is_empty() {
        if let Some(first) = zero_lines.first() {
            errors.push(ImportError::new(*first, "TPS", format!("every TPS after each run's warm-up line is 0 ({} line(s)): the benchmark moved no messages, so there is no rate to import", zero_lines.len())));
        }
    }
    if saw_rt {
        p.lints.push(Lint::new("max_rt_running", None, "Max RT / Average RT not imported as latency", "Max RT is a running maximum since start and Average RT a mean — neither is a percentile"));
    }
    if failed_lines > 0 {
        p.lints.push(Lint::new("failed_sends", None, format!("{failed_lines} interval(s) report failed sends or failed responses"), "failed sends and responses are not throughput; the broker may have been overloaded"));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    p.inferred = inf;
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_size_flag_is_refused_at_the_command_line() {
        for bad in ["0", "-5", "abc", "1.5", "99999999999"] {
            let t = format!("sh producer.sh -t x -w 10 -s {bad} -n h\n\nSend TPS: 100 Max RT: 9 Average RT: 1 Send Failed: 0 Response Failed: 0\nSend TPS: 200 Max RT: 9 Average RT: 1 Send Failed: 0 Response Failed: 0\n");
            let errs = parse(&t).expect_err(bad);
            assert!(errs.iter().any(|e| e.line == 1 && e.field == "-s"), "{bad}: {errs:?}");
        }
    }

    #[test]
    fn runs_take_their_size_from_the_command_and_drop_the_first_line() {
        let t = "sh producer.sh -t x -w 10 -s 3072 -n h\n\nSend TPS: 100 Max RT: 9 Average RT: 1 Send Failed: 0 Response Failed: 0\nSend TPS: 200 Max RT: 9 Average RT: 1 Send Failed: 0 Response Failed: 0\n";
        let p = parse(t).unwrap();
        assert_eq!(p.measurements.len(), 1);
        assert_eq!(p.measurements[0].value, 200.0);
        assert_eq!(p.measurements[0].message_bytes, Some(3072.0));
        assert!(p.lints.iter().any(|l| l.code == "max_rt_running"));
    }

    /// A log whose every TPS after the warm-up is 0 says so, at the first such line
    /// (it read "no measurements recognised", beside nine stalled-sample warnings).
    #[test]
    fn a_log_of_zero_tps_says_nothing_was_sent() {
        let zero = "Send TPS: 0 Max RT: 0 Average RT: 0 Send Failed: 0 Response Failed: 0\n";
        let t = format!("sh producer.sh -t x -w 10 -s 1024 -n h\n{}", zero.repeat(10));
        let errs = parse(&t).expect_err("nothing sent");
        assert_eq!(errs.len(), 1, "{errs:?}");
        assert_eq!((errs[0].line, errs[0].field.as_str()), (3, "TPS"), "{errs:?}");
        assert!(errs[0].reason.starts_with("every TPS after each run's warm-up line is 0 (9 line(s))"), "{}", errs[0].reason);
        // One non-zero interval is a measurement, and the zeros stay warnings.
        let some = format!("sh producer.sh -t x -w 10 -s 1024 -n h\n{}Send TPS: 500 Max RT: 9 Average RT: 1 Send Failed: 0 Response Failed: 0\n", zero.repeat(5));
        assert_eq!(parse(&some).expect("a rate").measurements.len(), 1);
    }
}
