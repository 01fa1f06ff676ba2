//! Files detection cannot place. Detection falls back to mqplan CSV; a file
//! whose first line is not an mqplan CSV header (no `metric` and `value`
//! columns) is refused as unrecognised, saying what it looks like and which
//! formats are read — not with a CSV field-count error about a file that was
//! never CSV.

/// The formats read, as the refusal lists them.
pub const SUPPORTED: &str = "omb-json (OpenMessaging Benchmark result JSON), omb-csv (its CSV export), kafka-perf (kafka-producer-perf-test / kafka-consumer-perf-test output), pulsar-perf (pulsar-perf produce / consume output), rocketmq-benchmark (RocketMQ benchmark Producer / Consumer output), omb-console (OMB's console output, \"Pub rate … msg/s\" lines), results-table (a Markdown or HTML results table with a header row) and mqplan-csv (system,metric,value,unit,… — template at /api/v1/datasets/template.csv)";

fn first_line(text: &str) -> &str {
    text.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("")
}

fn cells(line: &str, sep: char) -> Vec<String> {
    line.split(sep).map(|c| c.trim().trim_matches('"').trim().to_ascii_lowercase()).filter(|c| !c.is_empty()).collect()
}

fn short_list(cols: &[String]) -> String {
    let shown: Vec<String> = cols.iter().take(6).map(|c| c.chars().take(30).collect()).collect();
    let more = if cols.len() > 6 { format!(", … {} in all", cols.len()) } else { String::new() };
    format!("{}{more}", shown.join(", "))
}

/// True when the first line reads as an mqplan CSV header (separated by `,`, or
/// by `;` / tabs, which its parser explains).
fn is_mqplan_header(line: &str) -> bool {
    [',', ';', '\t'].into_iter().any(|sep| {
        let cols = cells(line, sep);
        let has = |name: &str| cols.iter().any(|c| c == name || c.starts_with(&format!("{name} ")) || c.starts_with(&format!("{name}(")));
        has("metric") && has("value")
    })
}

/// What `text` (detected as nothing more specific than CSV) looks like, when it
/// is not an mqplan CSV; `None` when it may be one (its parser then speaks).
pub fn describe(text: &str) -> Option<String> {
    let line = first_line(text);
    if is_mqplan_header(line) {
        return None;
    }
    let head: String = text.chars().take(64 * 1024).collect();
    let lower = head.to_ascii_lowercase();
    let looks = if line.starts_with('|') || head.lines().take(5).any(|l| {
        let t = l.trim().trim_matches('|').trim();
        t.starts_with("---") || t.starts_with(":--")
    }) {
        format!("a Markdown table (columns {}) without the |---| row under its header that makes it a table", short_list(&cells(line.trim_matches('|'), '|')))
    } else if serde_json::from_str::<serde_json::Value>(text.trim_start_matches('\u{feff}')).is_ok() || matches!(line.trim_start().chars().next(), Some('[' | '{')) || line.trim_start().starts_with("//") && text.contains('{') {
        // JSON that is no OMB result object (an array of results, a string, null, a
        // commented file) is named as JSON (a stop-37 tester read "text without a table
        // header" for `[{…}]`).
        "JSON, but not an OpenMessaging Benchmark result object (one {\"workload\": …, \"publishRate\": […]} per file; an array of results, comments or a bare value are not read)".to_string()
    } else if lower.contains("<table") || lower.contains("<html") {
        "an HTML page or table".to_string()
    } else if head.contains("Pub rate") || head.contains("Pub Latency") || head.contains("Pub Delay Latency") {
        "OpenMessaging Benchmark's console output without any \"Pub rate … msg/s\" interval line (omb-console reads those), or upload the result JSON OMB writes beside it".to_string()
    } else if line.contains(',') {
        format!("a CSV whose header names {}, none of them mqplan CSV's (system, metric, value, unit, …)", short_list(&cells(line, ',')))
    } else if line.contains(';') || line.contains('\t') {
        "a table separated by ';' or tabs (mqplan CSV separates columns with ',')".to_string()
    } else {
        "text without a table header or any benchmark tool's output lines".to_string()
    };
    Some(looks)
}

/// The refusal message for a file that looks like `looks`.
pub fn refusal(looks: &str) -> String {
    format!("not a format mqplan reads: this looks like {looks}. Read: {SUPPORTED}; format= forces one")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mqplan_headers_pass_and_others_are_named() {
        assert!(describe("system,metric,value,unit\nkafka,produce_throughput,1,msg/s\n").is_none());
        assert!(describe("Metric , Value (msg/s), unit\n").is_none());
        assert!(describe("| system | msg/s |\n|---|---|\n| kafka | 100 |\n").is_some_and(|d| d.starts_with("a Markdown table (columns system, msg/s")));
        assert!(describe("<html><table><tr><td>1</td></tr></table>").is_some_and(|d| d.contains("HTML")));
        assert!(describe("12:00:01 INFO Pub rate 100003.6 msg/s / 97.7 MB/s | Pub Latency (ms) avg: 3.1\n").is_some_and(|d| d.contains("console output")));
        assert!(describe("timestamp,rate,latency\n1,2,3\n").is_some_and(|d| d.contains("timestamp, rate, latency")));
        for json in ["[{\"workload\":\"w\",\"publishRate\":[1]}]", "\"hello\"", "null", "[[[[1]]]]", "// a comment\n{\"workload\":\"w\"}"] {
            assert!(describe(json).is_some_and(|d| d.starts_with("JSON, but not an OpenMessaging Benchmark result object")), "{json}: {:?}", describe(json));
        }
    }
}
