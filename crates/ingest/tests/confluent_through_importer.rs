//! The Confluent OMB 2020 corpus source (`data/corpus/confluent-omb-2020.yaml`) read
//! back through mqplan's own OMB importer: two of its result files, copied into
//! `tests/fixtures/confluent-omb-2020/` (the README there says from where), are
//! imported as an upload would be, and the importer must read the produce rate and
//! the publish p99 their corpus rows record.

use std::path::Path;

use capacity::corpus::{RunMetric, SourceFile};
use capacity::dataset::{Metric, Unit};
use ingest::upload::{import, UploadMeta};

const CORPUS_FILE: &str = "confluent-omb-2020.yaml";

/// (fixture file, the path its corpus row cites).
const FIXTURES: [(&str, &str); 2] = [
    // Kafka with a per-message fsync, saturated (the 1M msg/s target not reached).
    ("kafka-throughput-sync.json", "blog/results/kafka/throughput/sync.json"),
    // Pulsar with the journal fsync on, saturated.
    ("pulsar-throughput-default-sync-colocated.json", "blog/results/pulsar/throughput/default-sync-colocated.json"),
];

/// Largest relative difference accepted between the importer's figure and the corpus's.
const TOLERANCE: f64 = 0.005;

fn corpus() -> SourceFile {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/corpus").join(CORPUS_FILE);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    ingest::corpus::parse_source(CORPUS_FILE, &text).unwrap_or_else(|e| panic!("{CORPUS_FILE}: {e}"))
}

#[test]
fn importer_reads_the_rates_and_p99_the_corpus_rows_record() {
    let corpus = corpus();
    for (file, cited) in FIXTURES {
        let run = corpus.runs.iter().find(|r| r.citation == cited).unwrap_or_else(|| panic!("{file}: no corpus row cites {cited}"));
        let machine = corpus.machines.iter().find(|m| m.id == run.machine).expect("machine");
        let (nodes, cores) = (machine.nodes.expect("nodes").to_string(), machine.cores.expect("cores").to_string());
        // The 2020 files carry no message size: the workload file states 1,024 B.
        let meta = UploadMeta::from_pairs([("nodes", nodes.as_str()), ("cores", cores.as_str()), ("rf", "3"), ("size", "1024")]).expect("valid meta");
        let bytes = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/confluent-omb-2020").join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        let imported = import(file, &bytes, None, &meta);
        assert_eq!(imported.report.format, "omb-json", "{file}");
        let ds = imported.dataset.as_ref().unwrap_or_else(|| panic!("{file}: refused: {:?}", imported.report.errors));
        let figure = |m: RunMetric, pc: Option<f64>| run.measured.iter().find(|f| f.metric == m && f.percentile == pc).map(|f| f.value).unwrap_or_else(|| panic!("{file}: corpus row has no {m:?}"));
        let produce = ds.rows.iter().find(|r| r.metric == Metric::ProduceThroughput).unwrap_or_else(|| panic!("{file}: no produce row"));
        assert_eq!(produce.unit, Unit::MsgPerS);
        let want = figure(RunMetric::ProduceThroughput, None);
        assert!(((produce.value - want) / want).abs() <= TOLERANCE, "{file}: importer {} msg/s, corpus {want}", produce.value);
        let p99 = ds.rows.iter().find(|r| r.metric == Metric::PublishLatency && r.percentile == Some(99.0)).unwrap_or_else(|| panic!("{file}: no publish p99"));
        let want = figure(RunMetric::PublishLatency, Some(99.0));
        assert!(((p99.value - want) / want).abs() <= TOLERANCE, "{file}: importer p99 {} ms, corpus {want}", p99.value);
    }
}

/// The blog's headline peaks are MiB/s: the corpus rows' msg/s × 1,024 B ÷ 2^20 give
/// its "605 MB/s" (Kafka, default flush) and "305 MB/s" (Pulsar) to the MiB.
#[test]
fn the_blogs_peaks_are_the_rows_in_mib_per_s() {
    let corpus = corpus();
    let msgs = |id: &str| corpus.runs.iter().find(|r| r.id == id).and_then(|r| r.measured.iter().find(|f| f.metric == RunMetric::ProduceThroughput)).map(|f| f.value).expect(id);
    let mib = |x: f64| x * 1024.0 / 1_048_576.0;
    assert!((mib(msgs("kafka-throughput-default-sync")) - 605.0).abs() < 2.0, "{}", mib(msgs("kafka-throughput-default-sync")));
    assert!((mib(msgs("pulsar-throughput-default-sync-colocated")) - 305.0).abs() < 2.0, "{}", mib(msgs("pulsar-throughput-default-sync-colocated")));
}
