//! The benchmark file formats mqplan reads: their stable ids and labels, shared by
//! the server (which parses them, crate `ingest`) and the page (which offers them
//! as an override). No parsing here.

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
    /// OpenMessaging Benchmark console output (`Pub rate … msg/s` lines).
    OmbConsole,
    /// A results table pasted from a wiki or README (Markdown or HTML).
    ResultsTable,
}

impl Format {
    /// Every format.
    pub const ALL: [Format; 8] = [Format::MqplanCsv, Format::OmbJson, Format::OmbCsv, Format::KafkaPerf, Format::PulsarPerf, Format::RocketmqBenchmark, Format::OmbConsole, Format::ResultsTable];

    /// Stable id.
    pub fn id(self) -> &'static str {
        match self {
            Format::MqplanCsv => "mqplan-csv",
            Format::OmbJson => "omb-json",
            Format::OmbCsv => "omb-csv",
            Format::KafkaPerf => "kafka-perf",
            Format::PulsarPerf => "pulsar-perf",
            Format::RocketmqBenchmark => "rocketmq-benchmark",
            Format::OmbConsole => "omb-console",
            Format::ResultsTable => "results-table",
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
            Format::OmbConsole => "OpenMessaging Benchmark console output",
            Format::ResultsTable => "results table (Markdown or HTML)",
        }
    }

    /// Parses an id.
    pub fn parse(s: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.id() == s.trim())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_are_unique() {
        for f in Format::ALL {
            assert_eq!(Format::parse(f.id()), Some(f));
            assert_eq!(Format::ALL.iter().filter(|g| g.id() == f.id()).count(), 1);
        }
        assert_eq!(Format::parse(" omb-json "), Some(Format::OmbJson));
        assert_eq!(Format::parse("excel"), None);
    }
}
