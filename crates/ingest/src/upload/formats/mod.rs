//! The benchmark formats mqplan reads, detection, and dispatch.

mod condition_groups;
mod csv_lines;
pub mod kafka_perf;
pub mod mqplan_csv;
pub mod omb_console;
pub mod omb_csv;
pub mod omb_json;
pub mod pulsar_perf;
pub mod results_table;
pub mod rocketmq;
pub mod table_cells;
pub mod table_numbers;
mod text;
pub mod unrecognised;

use super::report::ImportError;
use super::Parsed;

pub use capacity::upload_format::Format;

/// Guesses the format from the content (and the file name for plain CSV).
pub fn detect(name: &str, text: &str) -> Format {
    let head: String = text.chars().take(64 * 1024).collect();
    let first_line = head.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    if head.trim_start().starts_with('{') {
        Format::OmbJson
    } else if head.contains("Pub rate") && head.contains("msg/s") {
        Format::OmbConsole
    } else if head.contains("Send TPS:") || head.contains("Consume TPS:") || head.contains("producer.sh") || head.contains("consumer.sh") || head.contains("org.apache.rocketmq.example.benchmark") {
        Format::RocketmqBenchmark
    } else if head.contains("Throughput produced:") || head.contains("Throughput received:") || head.contains("Aggregated throughput stats") || head.contains("pulsar-perf") {
        Format::PulsarPerf
    } else if head.contains("records sent,") || head.contains("data.consumed.in") || head.contains("kafka-producer-perf-test") {
        Format::KafkaPerf
    } else if looks_like_table(&head) {
        Format::ResultsTable
    } else if (first_line.contains("prod-rate-avg") || first_line.contains("publishRate") || first_line.contains("publishLatency")) && !head.trim_start().starts_with('[') {
        // (A JSON array of OMB results names publishRate too: it is refused as JSON.)
        Format::OmbCsv
    } else {
        let _ = name;
        Format::MqplanCsv
    }
}

/// A Markdown table (a `|---|` separator row under a `|` header) or an HTML `<table>`.
fn looks_like_table(head: &str) -> bool {
    let lines: Vec<&str> = head.lines().map(str::trim).collect();
    let markdown = lines.windows(2).any(|w| {
        let sep = w[1].trim_matches('|');
        w[0].starts_with('|') && !sep.is_empty() && sep.contains('-') && sep.chars().all(|c| matches!(c, '-' | ':' | '|' | ' '))
    });
    markdown || head.to_ascii_lowercase().contains("<table")
}

/// Parses `text` as `format`.
///
/// # Errors
/// Errors naming the line and field; nothing partial is returned.
pub fn parse(format: Format, text: &str) -> Result<Parsed, Vec<ImportError>> {
    let mut parsed = match format {
        Format::MqplanCsv => mqplan_csv::parse(text),
        Format::OmbJson => omb_json::parse(text),
        Format::OmbCsv => omb_csv::parse(text),
        Format::KafkaPerf => kafka_perf::parse(text),
        Format::PulsarPerf => pulsar_perf::parse(text),
        Format::RocketmqBenchmark => rocketmq::parse(text),
        Format::OmbConsole => omb_console::parse(text),
        Format::ResultsTable => results_table::parse(text),
    }?;
    if matches!(format, Format::KafkaPerf | Format::PulsarPerf | Format::RocketmqBenchmark | Format::OmbConsole) {
        parsed.lints.extend(trailing_data(text, &parsed));
    }
    Ok(parsed)
}

/// A tool log with another file's data after its last result — CSV rows, JSON or a
/// table row — is said to be so: those lines are not read (a stop-38 reviewer
/// appended a CSV to a perf log and was told nothing). A CSV row: three commas or
/// more and two cells or more that are numbers. Ordinary log lines after the results
/// (shutdown messages, timestamps) are not data.
fn trailing_data(text: &str, parsed: &Parsed) -> Option<super::report::Lint> {
    let last = parsed.measurements.iter().map(|m| m.line).max()?;
    let data = |l: &str| l.starts_with('{') || l.starts_with('[') || l.starts_with('|') || (l.matches(',').count() >= 3 && l.split(',').filter(|c| c.trim().parse::<f64>().is_ok()).count() >= 2);
    let lines: Vec<usize> = text.lines().enumerate().skip(last).filter(|(_, l)| data(l.trim())).map(|(i, _)| i + 1).collect();
    let first = *lines.first()?;
    Some(super::report::Lint::new(
        "trailing_data",
        Some(first),
        format!("{} line(s) from line {first} on, after the last result read, look like another file's data (CSV rows, JSON or a table) and were not read", lines.len()),
        "a log with another file pasted after it: upload each file on its own, in its own format",
    ))
}
