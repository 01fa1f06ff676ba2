//! OpenMessaging Benchmark CSV export (`ResultsToCsv`): one row per result file.
//! Upstream's header is `topics,partitions,message-size,producers-per-topic,
//! consumers-per-topic,prod-rate-min,prod-rate-avg,prod-rate-std-dev,prod-rate-max,
//! con-rate-min,con-rate-avg,con-rate-std-dev,con-rate-max,` — it ends with a comma
//! that the rows lack, so polars is told to accept the ragged lines. Forks prepend
//! `workload,driver,version,beginTime,endTime` and append the aggregated latencies
//! (`aggregatedPublishLatency99pct`, `aggregatedEndToEndLatency99pct`, … in ms;
//! `aggregatedPublishDelayLatency*` are µs and not read). Rates are msg/s: the mean
//! of the run's 10-s samples (`prod-rate-avg`). Hand-made exports with the JSON
//! field names (`messageSize`, `publishRate`, `publishLatency99pct`) are read too.

use capacity::dataset::{Metric, Unit};
use polars::prelude::DataFrame;

use super::mqplan_csv::{frame, numbers, strings};
use crate::upload::report::ImportError;
use crate::upload::{Inferred, Measurement, Parsed};

/// Parses the export.
///
/// # Errors
/// Unreadable CSV or cells (line and column named), or no rate column.
pub fn parse(text: &str) -> Result<Parsed, Vec<ImportError>> {
    let df = frame(text, true)?;
    super::csv_lines::relocated(text, df.height(), parse_frame(&df))
}

/// [`parse`] on the frame read; lines numbered as if each record were one line.
fn parse_frame(df: &DataFrame) -> Result<Parsed, Vec<ImportError>> {
    let lower = |s: &str| s.to_ascii_lowercase();
    let mut errors = Vec::new();
    // The first of each set of names that the file has.
    let first_of = |names: &[&str]| names.iter().map(|n| lower(n)).find(|n| df.column(n).is_ok());
    let size = first_of(&["message-size", "messageSize"]).and_then(|c| numbers(df, &c, &mut errors));
    // Sizes and counts out of range are refused at their row, as in OMB's JSON (a
    // stop-37 tester: consumers 2.5 read as 2, partitions 0 as absent, topics −4
    // and 10.5 B accepted).
    if let Some((col, vals)) = first_of(&["message-size", "messageSize"]).zip(size.as_ref()) {
        for (i, s) in vals.iter().enumerate() {
            if let Some(s) = s.filter(|s| !capacity::fields::message_size_ok(*s) || s.fract() != 0.0) {
                errors.push(ImportError::new(i + 2, &col, format!("message size {} B is not a whole number of bytes in range ({})", crate::upload::readable(s), capacity::fields::message_size_range_words())));
            }
        }
    }
    let drivers = strings(df, "driver");
    let mut p = Parsed::default();
    let mut inf = Inferred::default();
    for (names, slot) in [(&["topics"][..], 3), (&["partitions"][..], 0), (&["producers-per-topic", "producersPerTopic"][..], 1), (&["consumers-per-topic", "consumersPerTopic"][..], 2)] {
        let Some(col) = first_of(names) else { continue };
        let vals = numbers(df, &col, &mut errors).unwrap_or_default();
        let least = if slot == 2 { 0.0 } else { 1.0 };
        for (i, x) in vals.iter().enumerate() {
            if let Some(x) = x.filter(|x| !(x.fract() == 0.0 && (least..=super::omb_json::MAX_COUNT).contains(x))) {
                errors.push(ImportError::new(i + 2, &col, format!("{col} {} is not a whole number from {least} to {}", crate::upload::readable(x), crate::upload::readable(super::omb_json::MAX_COUNT))));
            }
        }
        // One upload is one run setting: rows that differ in a count are refused at
        // the first that differs, not stored under the first row's (a stop-43 tester's
        // Pulsar row of 100 partitions was stored at a Kafka row's 16).
        // A blank cell beside given ones is not the first row's count either (a
        // stop-43 tester's blank partitions cell was stored at 16).
        if let Some(i) = vals.iter().position(Option::is_none).filter(|_| vals.iter().any(Option::is_some)) {
            errors.push(ImportError::new(i + 2, &col, format!("{col} is blank where other rows give it: one upload holds runs of one setting; fill it in or split the file")));
        }
        if let Some((i, x)) = vals.iter().enumerate().filter_map(|(i, x)| x.map(|x| (i, x))).find(|(_, x)| vals.iter().flatten().next().is_some_and(|first| first != x)) {
            let first = vals.iter().flatten().next().copied().unwrap_or(x);
            errors.push(ImportError::new(i + 2, &col, format!("{col} {} differs from the first row's {}: one upload holds runs of one setting, as its metadata describes them; split the file by {col}", crate::upload::readable(x), crate::upload::readable(first))));
        }
        let v = vals.into_iter().flatten().next().filter(|x| (1.0..=super::omb_json::MAX_COUNT).contains(x)).map(|x| x as u32);
        match slot {
            0 => inf.partitions = v,
            1 => inf.producers = v,
            2 => inf.consumers = v,
            _ => {}
        }
    }
    let specs: [(&[&str], Metric, Option<f64>); 8] = [
        (&["prod-rate-avg", "publishRate"], Metric::ProduceThroughput, None),
        (&["con-rate-avg", "consumeRate"], Metric::ConsumeThroughput, None),
        (&["aggregatedPublishLatency50pct", "publishLatency50pct"], Metric::PublishLatency, Some(50.0)),
        (&["aggregatedPublishLatency99pct", "publishLatency99pct"], Metric::PublishLatency, Some(99.0)),
        (&["aggregatedPublishLatency999pct", "publishLatency999pct"], Metric::PublishLatency, Some(99.9)),
        (&["aggregatedEndToEndLatency50pct", "endToEndLatency50pct"], Metric::E2eLatency, Some(50.0)),
        (&["aggregatedEndToEndLatency99pct", "endToEndLatency99pct"], Metric::E2eLatency, Some(99.0)),
        (&["aggregatedEndToEndLatency999pct", "endToEndLatency999pct"], Metric::E2eLatency, Some(99.9)),
    ];
    let mut any = false;
    for (names, metric, pct) in specs {
        let Some(col) = first_of(names) else { continue };
        let Some(vals) = numbers(df, &col, &mut errors) else { continue };
        any |= metric == Metric::ProduceThroughput;
        for (i, v) in vals.into_iter().enumerate() {
            let Some(v) = v else { continue };
            let unit = if pct.is_some() { Unit::Ms } else { Unit::MsgPerS };
            let message_bytes = size.as_ref().and_then(|s| s[i]);
            let load = (unit == Unit::MsgPerS).then(|| crate::upload::fixed_rate_load(v, None));
            p.measurements.push(Measurement { line: i + 2, metric, value: v, unit, percentile: pct, load, message_bytes, note: None, system: None });
        }
    }
    if let Some(ds) = drivers {
        let all: Vec<String> = ds.into_iter().map(|d| d.unwrap_or_default().trim().to_ascii_lowercase()).collect();
        if let Some(i) = all.iter().position(String::is_empty).filter(|_| all.iter().any(|d| !d.is_empty())) {
            errors.push(ImportError::new(i + 2, "driver", "driver is blank where other rows name one: one upload holds one system's runs; fill it in or split the file"));
        }
        let named: Vec<(usize, String)> = all.into_iter().enumerate().filter(|(_, d)| !d.is_empty()).collect();
        if let Some((_, first)) = named.first() {
            // Likewise one system: a second driver's rows are not merged into the
            // first's conditions.
            if let Some((i, other)) = named.iter().find(|(_, d)| d != first) {
                errors.push(ImportError::new(i + 2, "driver", format!("driver {:?} differs from the first row's {first:?}: one upload holds one system's runs; split the file by driver", other.chars().take(40).collect::<String>())));
            }
            inf.system = Some(first.clone());
        }
    }
    if !any && errors.is_empty() {
        errors.push(ImportError::new(1, "prod-rate-avg", "no produce rate column (prod-rate-avg, or publishRate)"));
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

    /// Rows of two drivers, or two partition counts, are refused at the first that
    /// differs (a stop-43 tester's Pulsar row was stored as Kafka's, at its counts).
    #[test]
    fn rows_of_another_driver_or_count_are_refused_at_their_line() {
        let t = "workload,driver,messageSize,partitions,publishRate,publishLatency99pct\n1kb,Kafka,1024,16,50000.5,12.5\n1kb,Pulsar,1024,100,150000,30\n";
        let e = parse(t).unwrap_err();
        assert!(e.iter().any(|e| e.line == 3 && e.field == "driver" && e.reason.contains("\"pulsar\" differs from the first row's \"kafka\"")), "{e:?}");
        assert!(e.iter().any(|e| e.line == 3 && e.field == "partitions" && e.reason.contains("100 differs from the first row's 16")), "{e:?}");
        // A blank driver or count beside given ones is refused too.
        let blank = "workload,driver,messageSize,partitions,publishRate\n1kb,,1024,,50000.5\n2kb,Pulsar,2048,16,30000\n";
        let e = parse(blank).unwrap_err();
        assert!(e.iter().any(|e| e.line == 2 && e.field == "driver") && e.iter().any(|e| e.line == 2 && e.field == "partitions"), "{e:?}");
        let same = "workload,driver,messageSize,partitions,publishRate\n1kb,Kafka,1024,16,50000.5\n2kb,kafka,2048,16,30000\n";
        assert_eq!(parse(same).map(|p| p.measurements.len()).unwrap_or(0), 2);
    }

    /// Upstream `ResultsToCsv`'s own header and row shape (trailing comma in the header).
    #[test]
    fn upstream_results_to_csv_is_read() {
        let t = "topics,partitions,message-size,producers-per-topic,consumers-per-topic,prod-rate-min,prod-rate-avg,prod-rate-std-dev,prod-rate-max,con-rate-min,con-rate-avg,con-rate-std-dev,con-rate-max,\n\
1,100,1024,1,1,48000,50012,812.5,51200,47900,50003,799.1,51150\n";
        let p = parse(t).unwrap();
        let rates: Vec<(Metric, f64)> = p.measurements.iter().map(|m| (m.metric, m.value)).collect();
        assert_eq!(rates, vec![(Metric::ProduceThroughput, 50012.0), (Metric::ConsumeThroughput, 50003.0)]);
        assert_eq!(p.measurements[0].message_bytes, Some(1024.0));
        assert_eq!((p.inferred.partitions, p.inferred.consumers), (Some(100), Some(1)));
    }

    /// The fork's longer export: identification first, aggregated latencies (ms) last.
    #[test]
    fn fork_results_to_csv_with_latencies_is_read_and_detected() {
        let t = "workload,driver,version,beginTime,endTime,topics,partitions,message-size,producers-per-topic,consumers-per-topic,prod-rate-min,prod-rate-avg,prod-rate-std-dev,prod-rate-max,con-rate-min,con-rate-avg,con-rate-std-dev,con-rate-max,aggregatedPublishLatencyAvg,aggregatedPublishLatency50pct,aggregatedPublishLatency75pct,aggregatedPublishLatency95pct,aggregatedPublishLatency99pct,aggregatedPublishLatency999pct\n\
1kb,Pulsar,2.10,t0,t1,1,16,1024,1,1,9000,10000,12.5,10100,9000,9990,11.2,10090,3.1,2.5,3.3,5.0,8.25,20.5\n";
        assert_eq!(super::super::detect("results.csv", t), super::super::Format::OmbCsv);
        let p = parse(t).unwrap();
        assert_eq!(p.inferred.system.as_deref(), Some("pulsar"));
        let p99 = p.measurements.iter().find(|m| m.metric == Metric::PublishLatency && m.percentile == Some(99.0)).map(|m| m.value);
        assert_eq!(p99, Some(8.25));
    }

    #[test]
    fn trailing_comma_header_is_accepted() {
        let t = "workload,driver,messageSize,publishRate,consumeRate,publishLatency99pct,\n1kb,Kafka,1024,50000.5,49999.1,12.5\n";
        let p = parse(t).unwrap();
        assert_eq!(p.inferred.system.as_deref(), Some("kafka"));
        assert_eq!(p.measurements.len(), 3);
        assert_eq!(p.measurements[0].message_bytes, Some(1024.0));
    }
}
