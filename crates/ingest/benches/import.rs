//! Import speed (issue 3 targets): a 1M-row mqplan CSV against polars' own raw read
//! of the same bytes (≤ 2×), and one 200 KB OMB result JSON (≤ 5 ms): the real
//! 160 KB sample, and the same run lengthened to 200 KB.
#![allow(missing_docs)]

use std::fmt::Write;
use std::io::Cursor;

use criterion::{criterion_group, criterion_main, Criterion};
use ingest::upload::{import, Format, UploadMeta};
use polars::prelude::*;

/// Deterministic 1,000,000-row CSV (~40 MB): throughput and latency rows at each
/// of `sizes` message sizes (interleaved, the hardest order for grouping).
pub fn million_rows(sizes: &[u32]) -> String {
    let mut s = String::with_capacity(45_000_000);
    s.push_str("system,metric,value,unit,percentile,message_bytes,load,note\n");
    for i in 0..1_000_000u32 {
        let size = sizes[i as usize % sizes.len()];
        if i % 2 == 0 {
            let _ = writeln!(s, "kafka,produce_throughput,{},msg/s,,{size},max,", 200_000 + (i % 977));
        } else {
            let _ = writeln!(s, "kafka,publish_latency,{}.{},ms,99,{size},steady,", 10 + i % 50, i % 10);
        }
    }
    s
}

fn bench(c: &mut Criterion) {
    let csv = million_rows(&[100, 1024, 4096]);
    let meta = UploadMeta::from_pairs([("nodes", "3"), ("cores", "8"), ("rf", "3")]).expect("meta");
    let mut g = c.benchmark_group("csv_1m_rows");
    g.sample_size(10);
    g.bench_function("polars_raw_read", |b| {
        b.iter(|| CsvReadOptions::default().with_has_header(true).into_reader_with_file_handle(Cursor::new(csv.as_bytes())).finish().expect("read"))
    });
    g.bench_function("mqplan_import", |b| {
        b.iter(|| {
            let out = import("bench.csv", csv.as_bytes(), Some(Format::MqplanCsv), &meta);
            assert!(out.report.errors.is_empty(), "{:?}", &out.report.errors[..1.min(out.report.errors.len())]);
            out
        })
    });
    // 100 sizes (50 per metric): too many conditions for the direct grouping path.
    let many = million_rows(&(1..=100).map(|k| k * 100).collect::<Vec<_>>());
    g.bench_function("mqplan_import_100_conditions", |b| {
        b.iter(|| {
            let out = import("bench.csv", many.as_bytes(), Some(Format::MqplanCsv), &meta);
            assert_eq!(out.report.rows_imported, 100, "{:?}", &out.report.errors[..1.min(out.report.errors.len())]);
            out
        })
    });
    g.finish();
    let omb = std::fs::read(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/samples/omb_kafka_lowcost_t3_1topic1part1kb.json")).expect("sample");
    c.bench_function("omb_json_160kb", |b| b.iter(|| import("omb.json", &omb, None, &meta)));
    let long = lengthened(&omb, 200_000);
    assert!(import("omb.json", &long, None, &meta).report.errors.is_empty());
    c.bench_function("omb_json_200kb", |b| b.iter(|| import("omb.json", &long, None, &meta)));
}

/// The OMB sample with every per-interval series extended (its own samples again)
/// until the file is at least `bytes` long: a longer run of the same test.
fn lengthened(omb: &[u8], bytes: usize) -> Vec<u8> {
    let mut v: serde_json::Value = serde_json::from_slice(omb).expect("json");
    let mut out = omb.to_vec();
    while out.len() < bytes {
        for series in v.as_object_mut().expect("object").values_mut().filter_map(|x| x.as_array_mut()) {
            let extra: Vec<_> = series.iter().take(8).cloned().collect();
            series.extend(extra);
        }
        out = serde_json::to_vec(&v).expect("json");
    }
    out
}

criterion_group!(benches, bench);
criterion_main!(benches);
