//! What an upload is stored as: one row per condition (system, hardware, workload,
//! metric, percentile, unit, load, note…), made once when the file is imported.
//!
//! A log's interval lines repeat one condition thousands of times (a 4.4 MB
//! pulsar-perf log holds ~15,000 intervals of one run); the model never needs them
//! all. For a throughput condition it takes the best run at a size (the others were
//! throttled or client-bound), so the summary keeps the row with the highest rate;
//! for any other metric it keeps the median row. Either way the kept row is a
//! measured one, with its own line cited, and its note says how many rows it stands
//! for and their range — so every plan, page and chart built from the summary is
//! the one the whole file gives, from a few rows instead of all of them.

use std::collections::HashMap;

use capacity::dataset::{Dataset, Metric, Row};

/// Whether the model reads a metric's best row (throughput) rather than a typical one.
fn best_counts(m: Metric) -> bool {
    matches!(m, Metric::ProduceThroughput | Metric::ConsumeThroughput | Metric::CatchupThroughput)
}

/// The condition a row measures: everything but its id, value and citation.
fn condition(r: &Row) -> String {
    let mut k = r.clone();
    k.id.clear();
    k.value = 0.0;
    k.value_high = None;
    k.citation.clear();
    serde_json::to_string(&k).unwrap_or_default()
}

/// `ds` with one row per condition, in the order each condition first appears.
/// Idempotent: a summary summarises to itself.
pub fn condense(ds: &Dataset) -> Dataset {
    let mut order: Vec<Vec<usize>> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    for (i, r) in ds.rows.iter().enumerate() {
        let slot = *index.entry(condition(r)).or_insert_with(|| {
            order.push(Vec::new());
            order.len() - 1
        });
        order[slot].push(i);
    }
    let rows = order.iter().map(|members| representative(ds, members)).collect();
    Dataset { source: ds.source.clone(), hardware: ds.hardware.clone(), rows, guidance: ds.guidance.clone() }
}

/// The row standing for `members` (indices into `ds.rows`, one condition).
fn representative(ds: &Dataset, members: &[usize]) -> Row {
    let first = &ds.rows[members[0]];
    if members.len() == 1 {
        return first.clone();
    }
    let mut values: Vec<(f64, usize)> = members.iter().map(|&i| (ds.rows[i].value, i)).collect();
    values.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (lo, hi) = (values[0].0, values[values.len() - 1].0);
    // The row kept for a typical value is a measured one (the lower middle of an even
    // count); the median the note gives is the true one (the two middles' mean: a
    // tester read "median 25" of 25 and 250,000).
    let middle = values[(values.len() - 1) / 2];
    let median_value = if values.len().is_multiple_of(2) { (middle.0 + values[values.len() / 2].0) / 2.0 } else { middle.0 };
    let (kept, how) = if best_counts(first.metric) { (values[values.len() - 1].1, "the best") } else { (middle.1, "the middle") };
    let mut row = ds.rows[kept].clone();
    let unit = row.unit.label();
    let said = format!(
        "{how} of {} rows of this condition (median {}, range {}–{} {unit})",
        members.len(),
        capacity::units::fmt_num(median_value),
        capacity::units::fmt_num(lo),
        capacity::units::fmt_num(hi)
    );
    row.note = Some(match row.note.take() {
        Some(n) => format!("{n}; {said}"),
        None => said,
    });
    row
}

#[cfg(test)]
mod tests {
    use capacity::dataset::Unit;

    use super::*;
    use crate::upload::{import, UploadMeta};

    fn pulsar_log(intervals: usize) -> String {
        let mut s = String::from("bin/pulsar-perf produce my-topic -r 1000000 -s 1024\n");
        for i in 0..intervals {
            let rate = 90_000.0 + (i % 17) as f64 * 700.0;
            let mbit = rate * 1024.0 * 8.0 / 1_048_576.0;
            s.push_str(&format!(
                "19:53:{:02}.459 [main] INFO  org.apache.pulsar.testclient.PerformanceProducer - Throughput produced: {rate:.1}  msg/s --- {mbit:.1} Mbit/s --- failure 0.0 msg/s --- Latency: mean: 3.5 ms - med: {:.3} - 95pct: 4.7 - 99pct: 5.3 - 99.9pct: 5.8 - 99.99pct: 6.6 - Max: 6.6\n",
                i % 60,
                3.0 + (i % 7) as f64 * 0.1
            ));
        }
        s
    }

    fn meta() -> UploadMeta {
        UploadMeta::from_pairs([("nodes", "3"), ("cores", "8"), ("rf", "3")].into_iter()).expect("meta")
    }

    #[test]
    fn a_long_log_keeps_one_row_per_condition_with_the_best_rate_and_median_latency() {
        let out = import("big.txt", pulsar_log(2_000).as_bytes(), None, &meta());
        let ds = out.dataset.expect("imports");
        // one throughput condition + four latency percentiles
        assert_eq!(ds.rows.len(), 5, "{:?}", ds.rows.iter().map(|r| &r.note).collect::<Vec<_>>());
        let tput = ds.rows.iter().find(|r| r.metric == Metric::ProduceThroughput).expect("throughput row");
        assert_eq!(tput.value, 90_000.0 + 16.0 * 700.0, "the best interval is kept");
        assert!(tput.note.as_deref().unwrap_or("").contains("1999 rows"), "{:?}", tput.note);
        let p50 = ds.rows.iter().find(|r| r.percentile == Some(50.0)).expect("p50");
        assert_eq!(p50.unit, Unit::Ms);
        assert!((p50.value - 3.3).abs() < 1e-9, "median of 3.0..3.6 is 3.3, got {}", p50.value);
        assert!(p50.citation.contains("line"), "the kept row cites its own line: {}", p50.citation);
        assert_eq!(condense(&ds), ds, "a summary summarises to itself");
    }

    #[test]
    fn the_summary_plans_as_the_whole_file_does() {
        let (loaded, _) = crate::load_catalog(&crate::bundled_data_dir()).expect("bundled data");
        let full = {
            let text = pulsar_log(600);
            let parsed = crate::upload::formats::parse(crate::upload::Format::PulsarPerf, &text).expect("parses");
            let m = meta();
            let m = m.filled_from(&parsed.inferred);
            let system = m.system().expect("pulsar");
            crate::upload::assemble("0000000000000001", "big.txt", crate::upload::Format::PulsarPerf, &m, system, &parsed.measurements)
        };
        let small = condense(&full);
        assert!(small.rows.len() * 100 < full.rows.len(), "{} → {}", full.rows.len(), small.rows.len());
        let fit = |ds: &Dataset| {
            let mut all = loaded.datasets.clone();
            all.push((ds.source.file.clone(), ds.clone()));
            capacity::Catalog::fit(&all, loaded.features.clone()).expect("fits")
        };
        let (a, b) = (fit(&full), fit(&small));
        for (x, y) in a.systems.iter().zip(&b.systems) {
            assert_eq!(x.system, y.system);
            assert_eq!(x.produce, y.produce, "{:?}: the fitted curve is the same", x.system);
            assert_eq!(x.calibration.as_ref().map(|c| c.factor), y.calibration.as_ref().map(|c| c.factor), "{:?}", x.system);
            assert_eq!(x.home, y.home);
        }
        assert_eq!(a.systems.len(), b.systems.len());
    }
}
