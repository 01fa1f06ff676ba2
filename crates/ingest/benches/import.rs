//! Import speed (issue 3 targets): a 1M-row mqplan CSV against polars' own raw read
//! of the same bytes (≤ 2×), and one ~160 KB OMB result JSON (≤ 5 ms).
#![allow(missing_docs)]

use std::fmt::Write;
use std::io::Cursor;

use criterion::{criterion_group, criterion_main, Criterion};
use ingest::upload::{import, Format, UploadMeta};
use polars::prelude::*;

/// Deterministic 1,000,000-row CSV (~40 MB): throughput and latency rows at three sizes.
pub fn million_rows() -> String {
    let mut s = String::with_capacity(45_000_000);
    s.push_str("system,metric,value,unit,percentile,message_bytes,load,note\n");
    for i in 0..1_000_000u32 {
        let size = [100, 1024, 4096][(i % 3) as usize];
        if i % 2 == 0 {
            let _ = writeln!(s, "kafka,produce_throughput,{},msg/s,,{size},max,", 200_000 + (i % 977));
        } else {
            let _ = writeln!(s, "kafka,publish_latency,{}.{},ms,99,{size},steady,", 10 + i % 50, i % 10);
        }
    }
    s
}

fn bench(c: &mut Criterion) {
    let csv = million_rows();
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
    g.finish();
    let omb = std::fs::read(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/samples/omb_kafka_lowcost_t3_1topic1part1kb.json")).expect("sample");
    c.bench_function("omb_json_160kb", |b| b.iter(|| import("omb.json", &omb, None, &meta)));
}

criterion_group!(benches, bench);
criterion_main!(benches);
