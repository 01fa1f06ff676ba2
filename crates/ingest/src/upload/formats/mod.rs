//! The benchmark formats mqplan reads, detection, and dispatch.

mod condition_groups;
mod csv_lines;
pub mod kafka_perf;
pub mod mqplan_csv;
pub mod omb_csv;
pub mod omb_json;
pub mod pulsar_perf;
pub mod rocketmq;
mod text;

use super::report::ImportError;
use super::Parsed;

/// A supported input format. The `id` is the stable name in reports and overrides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// mqplan's own CSV (README "Upload formats").
    MqplanCsv,
    /// OpenMessaging Benchmark result JSON (2020 and current shapes).
    OmbJson,
    /// OpenMessaging Benchmark CSV export.
    OmbCsv,
    /// kafka-producer-perf-test / kafka-consumer-perf-test output.
    KafkaPerf,
    /// pulsar-perf produce / consume output.
    PulsarPerf,
    /// RocketMQ benchmark Producer / Consumer output.
    RocketmqBenchmark,
}

impl Format {
    /// Every format.
    pub const ALL: [Format; 6] = [Format::MqplanCsv, Format::OmbJson, Format::OmbCsv, Format::KafkaPerf, Format::PulsarPerf, Format::RocketmqBenchmark];

    /// Stable id.
    pub fn id(self) -> &'static str {
        match self {
            Format::MqplanCsv => "mqplan-csv",
            Format::OmbJson => "omb-json",
            Format::OmbCsv => "omb-csv",
            Format::KafkaPerf => "kafka-perf",
            Format::PulsarPerf => "pulsar-perf",
            Format::RocketmqBenchmark => "rocketmq-benchmark",
        }
    }

    /// Human label.
    pub fn label(self) -> &'static str {
        match self {
            Format::MqplanCsv => "mqplan CSV",
            Format::OmbJson => "OpenMessaging Benchmark JSON",
            Format::OmbCsv => "OpenMessaging Benchmark CSV",
            Format::KafkaPerf => "kafka-producer/consumer-perf-test output",
            Format::PulsarPerf => "pulsar-perf output",
            Format::RocketmqBenchmark => "RocketMQ benchmark output",
        }
    }

    /// Parses an id.
    pub fn parse(s: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.id() == s.trim())
    }
}

/// Guesses the format from the content (and the file name for plain CSV).
pub fn detect(name: &str, text: &str) -> Format {
    let head: String = text.chars().take(64 * 1024).collect();
    let first_line = head.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    if head.trim_start().starts_with('{') {
        Format::OmbJson
    } else if head.contains("Send TPS:") || head.contains("producer.sh") || head.contains("org.apache.rocketmq.example.benchmark") {
        Format::RocketmqBenchmark
    } else if head.contains("Throughput produced:") || head.contains("Throughput received:") || head.contains("pulsar-perf") {
        Format::PulsarPerf
    } else if head.contains("records sent,") || head.contains("data.consumed.in") || head.contains("kafka-producer-perf-test") {
        Format::KafkaPerf
    } else if first_line.contains("publishRate") || first_line.contains("publishLatency") {
        Format::OmbCsv
    } else {
        let _ = name;
        Format::MqplanCsv
    }
}

/// Parses `text` as `format`.
///
/// # Errors
/// Errors naming the line and field; nothing partial is returned.
pub fn parse(format: Format, text: &str) -> Result<Parsed, Vec<ImportError>> {
    match format {
        Format::MqplanCsv => mqplan_csv::parse(text),
        Format::OmbJson => omb_json::parse(text),
        Format::OmbCsv => omb_csv::parse(text),
        Format::KafkaPerf => kafka_perf::parse(text),
        Format::PulsarPerf => pulsar_perf::parse(text),
        Format::RocketmqBenchmark => rocketmq::parse(text),
    }
}
