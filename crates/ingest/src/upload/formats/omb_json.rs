//! OpenMessaging Benchmark result JSON.
//!
//! Two shapes exist: the 2020 one (no `messageSize`, `partitions`, …: recovered
//! from the workload name and flagged as inferred) and the current one
//! (`publishDelayLatency*` in **microseconds** while every other latency is in
//! milliseconds). Rate series are 10-second samples: the first 10 % are trimmed as
//! warm-up and stalled (zero) samples are excluded, each with a warning.

use capacity::dataset::{Metric, Unit};
use serde::Deserialize;

use crate::upload::report::{ImportError, Lint};
use crate::upload::{Inferred, Measurement, Parsed};

/// Fraction of the leading samples treated as warm-up.
pub const WARMUP_FRACTION: f64 = 0.10;

fn line_of(text: &str, key: &str) -> usize {
    let needle = format!("\"{key}\"");
    text.find(&needle).map_or(1, |i| text[..i].matches('\n').count() + 1)
}

/// Rate series mean after trimming warm-up and dropping stalled samples (zero, or
/// under half the median: a run winding down mid-interval).
fn steady_mean(samples: &[f64]) -> Option<(f64, usize, usize, usize)> {
    if samples.is_empty() {
        return None;
    }
    let trim = ((samples.len() as f64 * WARMUP_FRACTION).ceil() as usize).min(samples.len().saturating_sub(1));
    let mut sorted: Vec<f64> = samples[trim..].iter().copied().filter(|x| *x > 0.0).collect();
    sorted.sort_by(f64::total_cmp);
    let median = sorted.get(sorted.len() / 2).copied().unwrap_or(0.0);
    let kept: Vec<f64> = samples[trim..].iter().copied().filter(|x| *x > 0.0 && *x >= median * 0.5).collect();
    let stalled = samples[trim..].len() - kept.len();
    if kept.is_empty() {
        return None;
    }
    Some((kept.iter().sum::<f64>() / kept.len() as f64, kept.len(), trim, stalled))
}

/// `1kb`, `1Kb`, `100b`, `10KB`, `1MB`, `1.5MB` in a workload name → bytes.
pub(super) fn size_from_name(name: &str) -> Option<f64> {
    let lower = name.to_ascii_lowercase();
    for (i, _) in lower.match_indices(|c: char| c.is_ascii_digit()) {
        // Inside a number (after a digit or its decimal point): not a start.
        if i > 0 && (lower.as_bytes()[i - 1].is_ascii_digit() || lower.as_bytes()[i - 1] == b'.') {
            continue;
        }
        let rest = &lower[i..];
        let digits: String = rest.chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
        let unit = rest[digits.len()..].trim_start();
        let n: f64 = digits.parse().ok()?;
        for (suffix, mult) in [("kb", 1024.0), ("mb", 1_048_576.0), ("b", 1.0)] {
            if unit.starts_with(suffix) && !unit.starts_with("b-rate") {
                let next = unit[suffix.len()..].chars().next();
                if next.is_none_or(|c| !c.is_ascii_alphabetic()) {
                    return Some(n * mult);
                }
            }
        }
    }
    None
}

/// `100-partitions` → 100; `10K-rate` → 10,000; `4-producer` → 4.
pub(super) fn count_before(name: &str, word: &str) -> Option<f64> {
    let lower = name.to_ascii_lowercase();
    let i = lower.find(word)?;
    let head = lower[..i].trim_end_matches(['-', ' ', '_']);
    let start = super::text::tail_start(head, |c| c.is_ascii_alphanumeric() || c == '.');
    let tok = &head[start..];
    let (num, mult) = match tok.chars().last() {
        Some('k') => (&tok[..tok.len() - 1], 1e3),
        Some('m') => (&tok[..tok.len() - 1], 1e6),
        _ => (tok, 1.0),
    };
    num.parse::<f64>().ok().map(|x| x * mult)
}

/// Largest topic, partition, producer or consumer count an OMB result may state.
pub const MAX_COUNT: f64 = 1_000_000.0;

/// Most samples read from one rate series: a 10-s sample series this long is a
/// run of over 11 days. Longer series are refused as they are read, before they
/// take memory.
pub const MAX_SERIES_SAMPLES: usize = 100_000;

/// The fields of an OMB result mqplan reads, typed: the document is read into
/// this and nothing else (other fields are skipped without being kept), a series
/// longer than [`MAX_SERIES_SAMPLES`] is refused while it is read, and a field
/// given twice is an error rather than "the last one wins".
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct OmbResult {
    workload: Option<String>,
    driver: Option<String>,
    #[serde(rename = "messageSize")]
    message_size: Option<f64>,
    partitions: Option<f64>,
    topics: Option<f64>,
    #[serde(rename = "producersPerTopic")]
    producers_per_topic: Option<f64>,
    #[serde(rename = "consumersPerTopic")]
    consumers_per_topic: Option<f64>,
    #[serde(rename = "publishRate", deserialize_with = "publish_rate")]
    publish_rate: Option<Vec<f64>>,
    #[serde(rename = "consumeRate", deserialize_with = "consume_rate")]
    consume_rate: Option<Vec<f64>>,
    #[serde(rename = "publishErrorRate", deserialize_with = "publish_error_rate")]
    publish_error_rate: Option<Vec<f64>>,
    #[serde(rename = "aggregatedPublishLatency50pct", deserialize_with = "number_or_nan")]
    pub_50: Option<f64>,
    #[serde(rename = "aggregatedPublishLatency99pct", deserialize_with = "number_or_nan")]
    pub_99: Option<f64>,
    #[serde(rename = "aggregatedPublishLatency999pct", deserialize_with = "number_or_nan")]
    pub_999: Option<f64>,
    #[serde(rename = "aggregatedEndToEndLatency50pct", deserialize_with = "number_or_nan")]
    e2e_50: Option<f64>,
    #[serde(rename = "aggregatedEndToEndLatency99pct", deserialize_with = "number_or_nan")]
    e2e_99: Option<f64>,
    #[serde(rename = "aggregatedEndToEndLatency999pct", deserialize_with = "number_or_nan")]
    e2e_999: Option<f64>,
    #[serde(rename = "aggregatedPublishDelayLatency99pct", deserialize_with = "number_or_nan")]
    delay_99: Option<f64>,
}

impl OmbResult {
    fn latency(&self, key: &str) -> Option<f64> {
        let v = match key {
            "aggregatedPublishLatency50pct" => self.pub_50,
            "aggregatedPublishLatency99pct" => self.pub_99,
            "aggregatedPublishLatency999pct" => self.pub_999,
            "aggregatedEndToEndLatency50pct" => self.e2e_50,
            "aggregatedEndToEndLatency99pct" => self.e2e_99,
            "aggregatedEndToEndLatency999pct" => self.e2e_999,
            _ => None,
        };
        v.filter(|x| x.is_finite())
    }
}

/// A JSON array of numbers (nulls skipped), refused past [`MAX_SERIES_SAMPLES`].
struct CappedSeries(&'static str);

impl<'de> serde::de::Visitor<'de> for CappedSeries {
    type Value = Option<Vec<f64>>;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: an array of numbers", self.0)
    }

    fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(x) = seq.next_element::<Option<f64>>()? {
            if out.len() == MAX_SERIES_SAMPLES {
                return Err(serde::de::Error::custom(format!(
                    "{}: more than {MAX_SERIES_SAMPLES} samples (10-s samples: over 11 days of run); refused rather than read",
                    self.0
                )));
            }
            // A null sample is kept as NaN so the reader can say how many it left out.
            out.push(x.unwrap_or(f64::NAN));
        }
        Ok(Some(out))
    }
}

fn publish_rate<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Vec<f64>>, D::Error> {
    d.deserialize_any(CappedSeries("publishRate"))
}

fn consume_rate<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Vec<f64>>, D::Error> {
    d.deserialize_any(CappedSeries("consumeRate"))
}

fn publish_error_rate<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Vec<f64>>, D::Error> {
    d.deserialize_any(CappedSeries("publishErrorRate"))
}

/// A latency figure: a number or null, or the "NaN" / "Infinity" Java's JSON writers
/// print for an empty histogram (read as NaN: not a measurement, said so by the
/// reader), where serde's f64 refused the whole file (a stop-40 tester).
fn number_or_nan<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Figure {
        Number(f64),
        Text(String),
    }
    match Option::<Figure>::deserialize(d)? {
        None => Ok(None),
        Some(Figure::Number(x)) => Ok(Some(x)),
        Some(Figure::Text(t)) if matches!(t.trim().to_ascii_lowercase().as_str(), "nan" | "infinity" | "-infinity" | "inf" | "-inf") => Ok(Some(f64::NAN)),
        Some(Figure::Text(t)) => Err(serde::de::Error::custom(format!("{:?} is not a number of milliseconds", t.chars().take(40).collect::<String>()))),
    }
}

/// The JSON key a serde error is about, when it names one.
fn error_field(message: &str) -> &'static str {
    for key in ["publishRate", "consumeRate", "publishErrorRate"] {
        if message.starts_with(key) {
            return key;
        }
    }
    "json"
}

/// Parses OMB result JSON.
///
/// # Errors
/// Invalid JSON (with its line), a field given twice, a series too long, or a
/// document without any rate series.
pub fn parse(text: &str) -> Result<Parsed, Vec<ImportError>> {
    if !text.trim_start().starts_with('{') {
        return Err(vec![ImportError::new(1, "json", "expected an OMB result object")]);
    }
    let v: OmbResult = serde_json::from_str(text).map_err(|e| {
        let m = e.to_string();
        let why = if m.contains("duplicate field") { format!("a field given twice: {m}") } else { format!("not a readable OMB result: {m}") };
        vec![ImportError::new(e.line(), error_field(&m), why)]
    })?;
    let mut p = Parsed::default();
    let workload = v.workload.as_deref().unwrap_or("");
    let driver = v.driver.as_deref().unwrap_or("");
    let mut inf = Inferred { system: (!driver.is_empty()).then(|| driver.to_ascii_lowercase()), ..Inferred::default() };
    // A stated size out of range is said to be so, not "not in the file" (an
    // adversarial tester's -1, 0 and 1e300).
    if let Some(s) = v.message_size.filter(|s| !s.is_finite() || !capacity::fields::message_size_ok(*s)) {
        return Err(vec![ImportError::new(1, "messageSize", format!("message size {} B is out of range ({})", crate::upload::readable(s), capacity::fields::message_size_range_words()))]);
    }
    // OpenMessaging Benchmark writes its payload size in whole bytes (a stop-29
    // tester's 1.5 was stored as 1.5 B).
    if let Some(s) = v.message_size.filter(|s| s.fract() != 0.0) {
        return Err(vec![ImportError::new(1, "messageSize", format!("message size {} B is not a whole number of bytes", crate::upload::readable(s)))]);
    }
    match v.message_size.filter(|x| x.is_finite()) {
        Some(s) => inf.message_bytes = Some(s),
        None => {
            if let Some(s) = size_from_name(workload) {
                inf.message_bytes = Some(s);
                inf.from_name.push("message size".into());
            }
        }
    }
    let count = |x: f64| (1.0..=MAX_COUNT).contains(&x).then_some(x as u32);
    // A stated count out of range is refused with its field, not dropped as if
    // absent (an adversarial tester's `partitions: 0`, `producersPerTopic: -3`,
    // `topics: 1e9` were read as "not stated").
    for (key, x) in [("topics", v.topics), ("partitions", v.partitions), ("producersPerTopic", v.producers_per_topic), ("consumersPerTopic", v.consumers_per_topic)] {
        let zero_ok = key == "consumersPerTopic";
        if let Some(x) = x.filter(|x| !(x.is_finite() && x.fract() == 0.0 && (if zero_ok { 0.0 } else { 1.0 }..=MAX_COUNT).contains(x))) {
            return Err(vec![ImportError::new(line_of(text, key), key, format!("{key} {} is not a whole number from {} to {}", crate::upload::readable(x), if zero_ok { 0 } else { 1 }, crate::upload::readable(MAX_COUNT)))]);
        }
    }
    match v.partitions.filter(|x| x.is_finite()) {
        Some(x) => inf.partitions = count(x),
        None => {
            if let Some(x) = count_before(workload, "partition") {
                inf.partitions = Some(x as u32);
                inf.from_name.push("partitions".into());
            }
        }
    }
    match v.producers_per_topic.filter(|x| x.is_finite()) {
        Some(x) => inf.producers = count(x),
        None => {
            if let Some(x) = count_before(workload, "producer") {
                inf.producers = Some(x as u32);
                inf.from_name.push("producers".into());
            }
        }
    }
    inf.consumers = v.consumers_per_topic.filter(|x| x.is_finite()).and_then(count);
    inf.message_bytes = inf.message_bytes.filter(|s| (1.0..=1e9).contains(s));
    if let Some(r) = count_before(workload, "rate") {
        inf.target_rate = Some(r);
        inf.from_name.push("target rate".into());
    }
    if !inf.from_name.is_empty() {
        p.lints.push(Lint::new(
            "inferred_from_name",
            Some(line_of(text, "workload")),
            format!("{} read from the workload name {:?} (2020-style result without those fields)", inf.from_name.join(", "), workload),
            "names can disagree with what ran; check them in the metadata",
        ));
    }

    for (key, metric, series) in [("publishRate", Metric::ProduceThroughput, &v.publish_rate), ("consumeRate", Metric::ConsumeThroughput, &v.consume_rate)] {
        let Some(s) = series else { continue };
        let line = line_of(text, key);
        let nulls = s.iter().filter(|x| x.is_nan()).count();
        if nulls > 0 {
            p.lints.push(Lint::new("null_samples", Some(line), format!("{key}: {nulls} null sample(s) of {} left out", s.len()), "a missing sample is no measurement; the rate is the mean of the others"));
        }
        let owned: Vec<f64> = s.iter().copied().filter(|x| !x.is_nan()).collect();
        let s = &owned;
        // A negative rate is no measurement; a series with no sample above zero
        // gives no rate, and says so rather than dropping the row unseen.
        if let Some((i, x)) = s.iter().enumerate().find(|(_, x)| **x < 0.0 || !x.is_finite()) {
            return Err(vec![ImportError::new(line, key, format!("sample {} of {} is {} msg/s: a rate is a finite number of at least 0", i + 1, s.len(), crate::upload::readable(*x)))]);
        }
        // Each sample within what any rate can be, before they are averaged (a
        // tester's 1e308 samples summed to inf, refused as "inf" under our field name).
        if let Some((i, x)) = s.iter().enumerate().find(|(_, x)| **x > crate::upload::MAX_VALUE) {
            return Err(vec![ImportError::new(line, key, format!("sample {} of {} is {} msg/s: above {:e}, no measured rate", i + 1, s.len(), crate::upload::readable(*x), crate::upload::MAX_VALUE))]);
        }
        if !s.iter().any(|x| *x > 0.0) {
            p.lints.push(Lint::new("no_rate", Some(line), format!("{key}: {} sample(s), none above zero: no throughput is read from it", s.len()), "a run that never published (or never consumed) measured no rate"));
        }
        if let Some((mean, kept, trimmed, stalled)) = steady_mean(s) {
            if trimmed > 0 {
                p.lints.push(Lint::new("warmup_trimmed", Some(line), format!("{key}: first {trimmed} of {} samples trimmed as warm-up", s.len()), "warm-up samples understate steady throughput"));
            }
            if stalled > 0 {
                p.lints.push(Lint::new("stalled_samples", Some(line), format!("{key}: {stalled} stalled samples (zero or under half the median) excluded"), "averaging stalled samples under-reports throughput"));
            }
            p.measurements.push(Measurement {
                line,
                metric,
                value: mean,
                unit: Unit::MsgPerS,
                percentile: None,
                load: Some(crate::upload::fixed_rate_load(mean, inf.target_rate)),
                message_bytes: None,
                note: Some(format!(
                    "mean of {kept} steady 10-s samples of {}{}",
                    s.len(),
                    if stalled > 0 { format!("; {stalled} stalled sample(s) excluded: the run did not hold this rate throughout") } else { String::new() }
                )),
                system: None,
            });
        }
    }
    if let Some(errs) = &v.publish_error_rate {
        let total: f64 = errs.iter().filter(|x| !x.is_nan()).sum();
        if total > 0.0 {
            p.lints.push(Lint::new("publish_errors", Some(line_of(text, "publishErrorRate")), format!("publish errors reported ({:.2} msg/s summed over samples)", total), "failed sends are not throughput"));
        }
    }
    // Latencies: aggregated figures, milliseconds. One out of range is refused under
    // its own key (a stop-36 reviewer's 1e308 was named `publish_latency`, a name
    // the file does not have).
    let mut unusable = Vec::new();
    for (prefix, metric) in [("aggregatedPublishLatency", Metric::PublishLatency), ("aggregatedEndToEndLatency", Metric::E2eLatency)] {
        for (suffix, pct) in [("50pct", 50.0), ("99pct", 99.0), ("999pct", 99.9)] {
            let key = format!("{prefix}{suffix}");
            // A key given as null is said to be missing (a stop-37 tester: the p99
            // vanished unsaid, where null rate samples are counted out loud).
            if v.latency(&key).is_none() && text.contains(&format!("\"{key}\"")) {
                p.lints.push(Lint::new("latency_missing", Some(line_of(text, &key)), format!("{key} is null or not a number, so not read"), "a missing percentile is no measurement"));
            }
            if let Some(ms) = v.latency(&key) {
                let line = line_of(text, &key);
                if !(0.0..=crate::upload::MAX_VALUE).contains(&ms) {
                    unusable.push(ImportError::new(line, &key, format!("{} ms is out of range (0 to {:e}): no measured latency", crate::upload::readable(ms), crate::upload::MAX_VALUE)));
                    continue;
                }
                p.measurements.push(Measurement { line, metric, value: ms, unit: Unit::Ms, percentile: Some(pct), load: None, message_bytes: None, note: None, system: None });
            }
        }
    }
    if !unusable.is_empty() {
        return Err(unusable);
    }
    // publishDelayLatency is in microseconds: a large delay means the client could not keep the schedule.
    if let Some(us) = v.delay_99.filter(|x| x.is_finite()) {
        let ms = us / 1000.0;
        if ms > 100.0 {
            p.lints.push(Lint::new(
                "client_bound",
                Some(line_of(text, "aggregatedPublishDelayLatency99pct")),
                format!("publish delay p99 {ms:.1} ms (OMB reports it in µs: {us})"),
                "the producer fell behind its schedule: the harness, not the broker, may have limited the rate",
            ));
        }
    }
    if p.measurements.is_empty() {
        return Err(vec![ImportError::new(1, "publishRate", "no publishRate / consumeRate series or aggregated latencies found")]);
    }
    p.inferred = inf;
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_of_2020_results_give_size_partitions_rate() {
        assert_eq!(size_from_name("1 topic / 1 partition / 1Kb"), Some(1024.0));
        assert_eq!(size_from_name("100-partitions-10K-rate-4-producer"), None);
        assert_eq!(size_from_name("1-topic-1.5MB-16-partitions"), Some(1.5 * 1_048_576.0));
        assert_eq!(count_before("100-partitions-10K-rate-4-producer", "partition"), Some(100.0));
        assert_eq!(count_before("100-partitions-10K-rate-4-producer", "rate"), Some(10_000.0));
        assert_eq!(count_before("100-partitions-10K-rate-4-producer", "producer"), Some(4.0));
        assert_eq!(count_before("100é-partitions", "partition"), None);
    }

    #[test]
    fn warmup_and_stalls_are_dropped() {
        let s = [10.0, 50.0, 50.0, 50.0, 50.0, 50.0, 50.0, 50.0, 0.0, 0.0];
        let (mean, kept, trimmed, stalled) = steady_mean(&s).unwrap();
        assert_eq!((kept, trimmed, stalled), (7, 1, 2));
        assert!((mean - 50.0).abs() < 1e-12);
    }
}
