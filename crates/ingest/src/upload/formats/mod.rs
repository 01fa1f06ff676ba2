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
        parsed.lints.extend(other_tools_lines(format, text));
    }
    Ok(parsed)
}

/// A tool log with another file's data after its last result — CSV rows, JSON or a
/// table — is said to be so, from that file's first line to the end: those lines are
/// not read (a stop-38 reviewer appended a CSV to a perf log and was told nothing). A
/// CSV row: three cells or more (quoted cells kept whole), a quarter or more of those
/// filled numbers (`1,234` quoted counts as one); its header, the line before with as many
/// cells, is where the file starts. JSON: a line that opens an object or an array of
/// values, not a log line's `[2024-01-01 …]` or `[INFO]` prefix. Ordinary log lines
/// after the results (shutdown messages, timestamps) are not data.
fn trailing_data(text: &str, parsed: &Parsed) -> Option<super::report::Lint> {
    let last = parsed.measurements.iter().map(|m| m.line).max()?;
    let lines: Vec<(usize, &str)> = text.lines().enumerate().skip(last).map(|(i, l)| (i + 1, l.trim())).filter(|(_, l)| !l.is_empty()).collect();
    let at = lines.iter().position(|(_, l)| is_data_line(l))?;
    // Its header: the line before it, with as many cells.
    let start = match at.checked_sub(1).map(|i| lines[i]) {
        Some((n, h)) if !is_data_line(h) && csv_cells(h).len() >= 3 && csv_cells(h).len() == csv_cells(lines[at].1).len() => n,
        _ => lines[at].0,
    };
    let count = lines.iter().filter(|(n, _)| *n >= start).count();
    Some(super::report::Lint::new(
        "trailing_data",
        Some(start),
        format!("{count} line(s) from line {start} to the end, after the last result read, look like another file's data (CSV rows, JSON or a table) and were not read"),
        "a log with another file pasted after it: upload each file on its own, in its own format",
    ))
}

/// A line's comma-separated cells, a double-quoted cell kept whole (its commas inside).
fn csv_cells(line: &str) -> Vec<&str> {
    let (mut cells, mut from, mut quoted) = (Vec::new(), 0, false);
    for (i, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => {
                cells.push(line[from..i].trim().trim_matches('"'));
                from = i + 1;
            }
            _ => {}
        }
    }
    cells.push(line[from..].trim().trim_matches('"'));
    cells
}

/// Whether a line reads as data of another file: a table row, JSON opening, or a CSV
/// row ([`trailing_data`]).
fn is_data_line(l: &str) -> bool {
    let json = l == "{" || l == "[" || l.starts_with("{\"") || (l.starts_with('[') && l[1..].trim_start().starts_with(['{', '"', ']']));
    let cells = csv_cells(l);
    let filled = cells.iter().filter(|c| !c.is_empty()).count();
    let numbers = cells.iter().filter(|c| c.replace(',', "").parse::<f64>().is_ok()).count();
    json || l.starts_with('|') || (cells.len() >= 3 && numbers >= 1 && numbers * 4 >= filled)
}

/// The result lines each tool log prints, by the words that mark them (among the
/// words [`detect`] also looks for, with its own order and extra cues).
const RESULT_MARKS: [(Format, &[&str]); 4] = [
    (Format::KafkaPerf, &["records sent,", "nMsg.sec"]),
    (Format::PulsarPerf, &["Throughput produced:", "Throughput received:", "Aggregated throughput stats"]),
    (Format::RocketmqBenchmark, &["Send TPS:", "Consume TPS:", "Receive TPS:"]),
    (Format::OmbConsole, &["Pub rate"]),
];

/// A tool log holding another tool's result lines (a pulsar-perf line pasted into a
/// kafka-producer-perf-test log) is said to: the file is read as one tool's, so those
/// lines are not (a stop-40 tester's were dropped without a word). The lines are
/// counted and the first named.
fn other_tools_lines(format: Format, text: &str) -> Option<super::report::Lint> {
    let foreign: Vec<(usize, Format)> = text
        .lines()
        .enumerate()
        .filter_map(|(i, l)| RESULT_MARKS.iter().find(|(f, marks)| *f != format && marks.iter().any(|m| l.contains(m))).map(|(f, _)| (i + 1, *f)))
        .collect();
    let (first, tool) = *foreign.first()?;
    Some(super::report::Lint::new(
        "other_tool_lines",
        Some(first),
        format!("{} line(s) from line {first} read as {} output, not this file's {}: they were not read", foreign.len(), tool.label(), format.label()),
        "a log mixing two tools' output: upload each tool's log on its own",
    ))
}
