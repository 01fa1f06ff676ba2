//! mqplan's own CSV: one measurement per row, read with polars.
//!
//! Columns (header names; text after ` [` or ` (` is a unit note and ignored):
//! `system` (optional when given as metadata), `metric`
//! (`produce_throughput` | `consume_throughput` | `publish_latency` | `e2e_latency`),
//! `value`, `unit` (`msg/s`, `MB/s`, `MiB/s`, `Mbit/s`, `ms`, `us`, `s`),
//! `percentile` (latency rows), `message_bytes` (optional when given as metadata),
//! `load` (`steady` | `high` | `max`, optional), `note` (optional).
//! Line numbers in errors count the header as line 1.

use capacity::dataset::{Load, Metric, Unit};
use capacity::SystemId;
use polars::prelude::*;

use crate::upload::report::ImportError;
use crate::upload::{Measurement, Parsed};

/// The template offered for download.
pub const TEMPLATE: &str = "system,metric,value,unit,percentile,message_bytes,load,note\n\
kafka,produce_throughput,268000,msg/s,,1024,max,3 x 8 cores RF 3 acks=all\n\
kafka,publish_latency,18,ms,99,1024,steady,\n\
kafka,consume_throughput,311000,msg/s,,1024,max,\n";

/// Reads CSV text into a frame of string columns with normalised header names.
pub(crate) fn frame(text: &str) -> Result<DataFrame, Vec<ImportError>> {
    let cursor = std::io::Cursor::new(text.as_bytes());
    let mut df = CsvReadOptions::default()
        .with_has_header(true)
        .with_infer_schema_length(Some(0))
        .map_parse_options(|o| o.with_truncate_ragged_lines(true))
        .into_reader_with_file_handle(cursor)
        .finish()
        .map_err(|e| vec![ImportError::new(1, "csv", format!("not readable as CSV: {e}"))])?;
    let names: Vec<String> = df
        .get_column_names()
        .iter()
        .map(|n| n.split([' ', '(', '[']).next().unwrap_or("").trim().to_ascii_lowercase())
        .collect();
    df.set_column_names(names.iter().map(String::as_str)).map_err(|e| vec![ImportError::new(1, "header", e.to_string())])?;
    Ok(df)
}

/// A numeric column: values, with an error (line, field) for each unparseable cell.
pub(crate) fn numbers(df: &DataFrame, name: &str, errors: &mut Vec<ImportError>) -> Option<Vec<Option<f64>>> {
    let col = df.column(name).ok()?;
    let strs = col.str().ok()?;
    let casted = col.cast(&DataType::Float64).ok()?;
    let f = casted.f64().ok()?;
    let mut out = Vec::with_capacity(df.height());
    for (i, (s, v)) in strs.into_iter().zip(f.into_iter()).enumerate() {
        match (s.map(str::trim), v) {
            (None | Some(""), _) => out.push(None),
            (Some(_), Some(x)) if x.is_finite() => out.push(Some(x)),
            (Some(raw), _) => {
                if errors.len() < 50 {
                    errors.push(ImportError::new(i + 2, name, format!("{:?} is not a finite number", raw.chars().take(40).collect::<String>())));
                }
                out.push(None);
            }
        }
    }
    Some(out)
}

pub(crate) fn strings(df: &DataFrame, name: &str) -> Option<Vec<Option<String>>> {
    let col = df.column(name).ok()?;
    Some(col.str().ok()?.into_iter().map(|s| s.map(|x| x.trim().to_string()).filter(|x| !x.is_empty())).collect())
}

fn metric(s: &str) -> Option<Metric> {
    match s {
        "produce_throughput" => Some(Metric::ProduceThroughput),
        "consume_throughput" => Some(Metric::ConsumeThroughput),
        "publish_latency" => Some(Metric::PublishLatency),
        "e2e_latency" => Some(Metric::E2eLatency),
        _ => None,
    }
}

/// Converts a value in `unit` to msg/s (throughput) or ms (latency).
pub(crate) fn normalise(value: f64, unit: &str, size: Option<f64>) -> Result<(f64, Unit), String> {
    let per_msg = |bytes_per_s: f64| size.map(|s| bytes_per_s / s).ok_or_else(|| format!("{unit} needs message_bytes to convert to msg/s"));
    Ok(match unit {
        "msg/s" => (value, Unit::MsgPerS),
        "MB/s" => (per_msg(value * 1e6)?, Unit::MsgPerS),
        "MiB/s" => (per_msg(value * 1_048_576.0)?, Unit::MsgPerS),
        "Mbit/s" => (per_msg(value * 1e6 / 8.0)?, Unit::MsgPerS),
        "ms" => (value, Unit::Ms),
        "us" | "µs" => (value / 1000.0, Unit::Ms),
        "s" => (value * 1000.0, Unit::Ms),
        other => return Err(format!("unknown unit {:?}; use msg/s, MB/s, MiB/s, Mbit/s, ms, us or s", other.chars().take(20).collect::<String>())),
    })
}

/// Parses the CSV.
///
/// # Errors
/// Missing columns, unreadable cells, unknown metrics or units — each with line and field.
pub fn parse(text: &str) -> Result<Parsed, Vec<ImportError>> {
    let df = frame(text)?;
    let mut errors = Vec::new();
    for required in ["metric", "value", "unit"] {
        if df.column(required).is_err() {
            errors.push(ImportError::new(1, required, "required column missing (see the template)"));
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let values = numbers(&df, "value", &mut errors).unwrap_or_default();
    let pcts = numbers(&df, "percentile", &mut errors).unwrap_or_else(|| vec![None; df.height()]);
    let sizes = numbers(&df, "message_bytes", &mut errors).unwrap_or_else(|| vec![None; df.height()]);
    let metrics = strings(&df, "metric").unwrap_or_default();
    let units = strings(&df, "unit").unwrap_or_default();
    let systems = strings(&df, "system").unwrap_or_else(|| vec![None; df.height()]);
    let loads = strings(&df, "load").unwrap_or_else(|| vec![None; df.height()]);
    let notes = strings(&df, "note").unwrap_or_else(|| vec![None; df.height()]);
    let mut p = Parsed::default();
    p.measurements.reserve(df.height());
    for i in 0..df.height() {
        let line = i + 2;
        let mut err = |field: &str, why: String| {
            if errors.len() < 50 {
                errors.push(ImportError::new(line, field, why));
            }
        };
        let Some(m) = metrics[i].as_deref().and_then(metric) else {
            err("metric", format!("{:?} is not produce_throughput, consume_throughput, publish_latency or e2e_latency", metrics[i].as_deref().unwrap_or("")));
            continue;
        };
        let Some(v) = values[i] else {
            err("value", "missing".into());
            continue;
        };
        let system = match systems[i].as_deref() {
            None => None,
            Some(s) => match SystemId::parse(s) {
                Some(x) => Some(x),
                None => {
                    err("system", format!("{:?} is not kafka, rocketmq, pulsar or pravega", s.chars().take(30).collect::<String>()));
                    continue;
                }
            },
        };
        let (value, unit) = match normalise(v, units[i].as_deref().unwrap_or(""), sizes[i]) {
            Ok(x) => x,
            Err(why) => {
                err("unit", why);
                continue;
            }
        };
        let latency = matches!(m, Metric::PublishLatency | Metric::E2eLatency);
        if latency != (unit == Unit::Ms) {
            err("unit", format!("{} does not fit {:?}", units[i].as_deref().unwrap_or(""), m));
            continue;
        }
        if latency && !pcts[i].is_some_and(|x| (0.0..=100.0).contains(&x)) {
            err("percentile", "latency rows need a percentile from 0 to 100".into());
            continue;
        }
        let load = match loads[i].as_deref() {
            None => None,
            Some("steady") => Some(Load::Steady),
            Some("high") => Some(Load::High),
            Some("max") => Some(Load::Max),
            Some(other) => {
                err("load", format!("{:?} is not steady, high or max", other.chars().take(20).collect::<String>()));
                continue;
            }
        };
        p.measurements.push(Measurement { line, metric: m, value, unit, percentile: if latency { pcts[i] } else { None }, load, message_bytes: sizes[i], note: notes[i].clone(), system });
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn template_parses() {
        let p = parse(TEMPLATE).unwrap();
        assert_eq!(p.measurements.len(), 3);
        assert_eq!(p.measurements[1].percentile, Some(99.0));
        assert_eq!(p.measurements[0].system, Some(SystemId::Kafka));
    }

    #[test]
    fn units_normalise() {
        assert_eq!(normalise(1.0, "MB/s", Some(1000.0)).unwrap(), (1000.0, Unit::MsgPerS));
        assert_eq!(normalise(8.0, "Mbit/s", Some(1000.0)).unwrap(), (1000.0, Unit::MsgPerS));
        assert_eq!(normalise(1500.0, "us", None).unwrap(), (1.5, Unit::Ms));
        assert!(normalise(1.0, "MB/s", None).is_err());
    }

    #[test]
    fn bad_cells_name_line_and_field() {
        let e = parse("metric,value,unit\nproduce_throughput,NaN,msg/s\nproduce_throughput,abc,msg/s\nlatency,1,ms\n").unwrap_err();
        let got: Vec<(usize, &str)> = e.iter().map(|x| (x.line, x.field.as_str())).collect();
        assert!(got.contains(&(2, "value")) && got.contains(&(3, "value")) && got.contains(&(4, "metric")), "{got:?}");
    }
}
