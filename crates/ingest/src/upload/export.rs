//! Exporting a stored dataset back as mqplan CSV (written by polars). Text cells
//! that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, tab
//! or carriage return) are prefixed with `'`.

use capacity::dataset::{Dataset, Metric, Unit};
use polars::prelude::*;

/// Neutralises a text cell for spreadsheets.
pub fn neutralise(cell: &str) -> String {
    match cell.chars().next() {
        Some('=' | '+' | '-' | '@' | '\t' | '\r') => format!("'{cell}"),
        _ => cell.to_string(),
    }
}

fn metric_id(m: Metric) -> &'static str {
    match m {
        Metric::ProduceThroughput => "produce_throughput",
        Metric::ConsumeThroughput => "consume_throughput",
        Metric::PublishLatency => "publish_latency",
        Metric::E2eLatency => "e2e_latency",
        _ => "other",
    }
}

fn unit_id(u: Unit) -> &'static str {
    match u {
        Unit::Us => "us",
        other => other.label(),
    }
}

/// The dataset's rows as mqplan CSV (the import template's columns plus `citation`).
///
/// # Errors
/// Only if polars fails to write.
pub fn to_csv(ds: &Dataset) -> Result<String, String> {
    let r = &ds.rows;
    let text = |f: &dyn Fn(&capacity::dataset::Row) -> Option<String>| -> Vec<Option<String>> { r.iter().map(|row| f(row).map(|s| neutralise(&s))).collect() };
    let mut df = DataFrame::new(vec![
        Column::new("system".into(), text(&|x| Some(x.system.id().to_string()))),
        Column::new("metric".into(), text(&|x| Some(metric_id(x.metric).to_string()))),
        Column::new("value".into(), r.iter().map(|x| x.value).collect::<Vec<f64>>()),
        Column::new("unit".into(), text(&|x| Some(unit_id(x.unit).to_string()))),
        Column::new("percentile".into(), r.iter().map(|x| x.percentile).collect::<Vec<Option<f64>>>()),
        Column::new("message_bytes".into(), r.iter().map(|x| x.workload.message_bytes).collect::<Vec<Option<f64>>>()),
        Column::new("load".into(), text(&|x| x.load.map(|l| format!("{l:?}").to_ascii_lowercase()))),
        Column::new("note".into(), text(&|x| x.note.clone())),
        Column::new("citation".into(), text(&|x| Some(x.citation.clone()))),
    ])
    .map_err(|e| e.to_string())?;
    let mut buf = Vec::new();
    CsvWriter::new(&mut buf).include_header(true).finish(&mut df).map_err(|e| e.to_string())?;
    String::from_utf8(buf).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_neutralised() {
        assert_eq!(neutralise("=HYPERLINK(\"x\")"), "'=HYPERLINK(\"x\")");
        assert_eq!(neutralise("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(neutralise("+1"), "'+1");
        assert_eq!(neutralise("-2"), "'-2");
        assert_eq!(neutralise("kafka"), "kafka");
    }
}
