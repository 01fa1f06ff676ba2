//! OpenMessaging Benchmark CSV export: one row per run with OMB's field names
//! (`workload`, `driver`, `messageSize`, `publishRate`, `consumeRate`,
//! `publishLatency99pct`, `endToEndLatency99pct`, …). Its header ends with a comma
//! that the rows lack; polars is told to accept the ragged lines.

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
    let size = numbers(df, &lower("messageSize"), &mut errors);
    let drivers = strings(df, "driver");
    let mut p = Parsed::default();
    let mut inf = Inferred::default();
    let specs: [(&str, Metric, Option<f64>); 8] = [
        ("publishrate", Metric::ProduceThroughput, None),
        ("consumerate", Metric::ConsumeThroughput, None),
        ("publishlatency50pct", Metric::PublishLatency, Some(50.0)),
        ("publishlatency99pct", Metric::PublishLatency, Some(99.0)),
        ("publishlatency999pct", Metric::PublishLatency, Some(99.9)),
        ("endtoendlatency50pct", Metric::E2eLatency, Some(50.0)),
        ("endtoendlatency99pct", Metric::E2eLatency, Some(99.0)),
        ("endtoendlatency999pct", Metric::E2eLatency, Some(99.9)),
    ];
    let mut any = false;
    for (col, metric, pct) in specs {
        let Some(vals) = numbers(df, col, &mut errors) else { continue };
        any |= metric == Metric::ProduceThroughput;
        for (i, v) in vals.into_iter().enumerate() {
            let Some(v) = v else { continue };
            let unit = if pct.is_some() { Unit::Ms } else { Unit::MsgPerS };
            let message_bytes = size.as_ref().and_then(|s| s[i]);
            let load = (unit == Unit::MsgPerS).then(|| crate::upload::fixed_rate_load(v, None));
            p.measurements.push(Measurement { line: i + 2, metric, value: v, unit, percentile: pct, load, message_bytes, note: None, system: None });
        }
    }
    if let Some(d) = drivers.and_then(|d| d.into_iter().flatten().next()) {
        inf.system = Some(d.to_ascii_lowercase());
    }
    if !any && errors.is_empty() {
        errors.push(ImportError::new(1, "publishRate", "no publishRate column"));
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
    fn trailing_comma_header_is_accepted() {
        let t = "workload,driver,messageSize,publishRate,consumeRate,publishLatency99pct,\n1kb,Kafka,1024,50000.5,49999.1,12.5\n";
        let p = parse(t).unwrap();
        assert_eq!(p.inferred.system.as_deref(), Some("kafka"));
        assert_eq!(p.measurements.len(), 3);
        assert_eq!(p.measurements[0].message_bytes, Some(1024.0));
    }
}
