//! A results table pasted from a wiki or README (Markdown or HTML): the header row
//! names the columns, each body row is one run.
//!
//! Columns are read by their header (case and spacing ignored):
//! - **system** (`system`, `broker`, `platform`, `mq`, `product`): the row's
//!   system; rows of a system mqplan does not plan (RabbitMQ, Redpanda…) are left
//!   out and said so;
//! - **rates**: a header naming `msg/s`, `messages/s`, `records/s`, `events/s`,
//!   `ops/s`, `tps`, `throughput` or `rate`; `MB/s` is 10^6 B/s, `MiB/s` 2^20 B/s,
//!   `Mbit/s` / `Mbps` 10^6 bit/s; a header with `consum`, `receiv`, `sub` or `read`
//!   is the consume rate, otherwise the produce rate; cells may say `250k` / `1.2M`;
//! - **latency percentiles**: `p50`, `p99`, `p99.9`, `p999`, `99th`, `99.9%`,
//!   `median`, `max`, in `ms`, `µs`/`us` or `s` (from the header or the cell; a
//!   latency without a unit is an error); `e2e` / `end-to-end` in the header makes
//!   it end-to-end, otherwise publish latency; a mean is not a percentile and is
//!   not read;
//! - **message size** (`size`, `payload`, `message bytes`): bytes, `KB`/`KiB`
//!   (1,024 B, as OpenMessaging Benchmark's workloads mean them) or `MB`/`MiB`;
//! - `partitions`, `producers`, `consumers`, `threads`, `rf`: kept in the row's
//!   note (rows differing in them are different runs);
//! - anything else is listed in one `columns_ignored` warning.
//!
//! Numbers follow the table's own convention ([`super::table_numbers`]). Empty
//! cells and `-`, `—`, `n/a` are "not measured". Errors name the row's line, the
//! column's header and why.

use capacity::dataset::{Metric, Unit};
use capacity::SystemId;

use super::table_cells::{self, Table};
use super::table_numbers::{self, Convention};
use crate::upload::report::{ImportError, Lint};
use crate::upload::{Inferred, Measurement, Parsed};

/// What a column holds.
#[derive(Debug, Clone, PartialEq)]
enum Role {
    System,
    Size,
    Rate { metric: Metric, unit: Unit },
    Latency { metric: Metric, percentile: f64, unit: Option<Unit> },
    Context(&'static str),
    Ignored,
}

fn has_any(h: &str, words: &[&str]) -> bool {
    words.iter().any(|w| h.contains(w))
}

/// The percentile a header names (`p99`, `p99.9`, `p999`, `99th`, `99.9%`, `median`, `max`).
fn percentile_of(h: &str) -> Option<f64> {
    if has_any(h, &["median"]) {
        return Some(50.0);
    }
    if h.split(|c: char| !c.is_ascii_alphanumeric()).any(|w| w == "max") {
        return Some(100.0);
    }
    let b = h.as_bytes();
    for (i, _) in h.match_indices(|c: char| c.is_ascii_digit()) {
        if i > 0 && (b[i - 1].is_ascii_digit() || b[i - 1] == b'.') {
            continue;
        }
        let digits: String = h[i..].chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
        let after = &h[i + digits.len()..];
        let p_before = i > 0 && b[i - 1] == b'p';
        let marked = after.starts_with("th") || after.starts_with('%') || after.starts_with("pct") || after.starts_with(" pct") || after.starts_with("-th");
        if !(p_before || marked) {
            continue;
        }
        // p999 / p9999 are 99.9 / 99.99.
        let v: f64 = if p_before && !digits.contains('.') && digits.len() > 2 && digits.starts_with("99") { format!("99.{}", &digits[2..]).parse().ok()? } else { digits.parse().ok()? };
        if (0.0..=100.0).contains(&v) {
            return Some(v);
        }
    }
    None
}

fn time_unit(s: &str) -> Option<Unit> {
    let words: Vec<&str> = s.split(|c: char| !(c.is_alphanumeric() || c == 'µ' || c == 'μ')).filter(|w| !w.is_empty()).collect();
    if words.iter().any(|w| matches!(*w, "ms" | "msec" | "millis" | "milliseconds")) {
        Some(Unit::Ms)
    } else if words.iter().any(|w| matches!(*w, "us" | "µs" | "μs" | "usec" | "micros" | "microseconds")) {
        Some(Unit::Us)
    } else if words.iter().any(|w| matches!(*w, "s" | "sec" | "secs" | "seconds")) {
        Some(Unit::S)
    } else {
        None
    }
}

/// A rate unit or scale in `s` this reader does not convert: bytes in other
/// multiples than MB and MiB, bits in other than Mbit, rates per minute or hour,
/// thousands or millions of messages. Read as msg/s they were stored 10^3–10^9 off
/// (a stop-43 tester's `Throughput (KB/s)`, `(GB/s)`, `(msg/min)` and `(k msg/s)`).
fn unread_rate_unit(s: &str) -> Option<&'static str> {
    const UNREAD: &[&str] = &[
        "kb/s", "kib/s", "kbps", "kbit", "gb/s", "gib/s", "gbps", "gbit", "tb/s", "tib/s", "bytes/s", "byte/s", "bits/s", "(b/s)", " b/s", "(bps)", " bps", "/ms", "/min", "per min", "/h)", "/hr", "/hour", "per hour", "/10s", "(k msg", "[k msg", "k msg/", "kmsg", "k rec", "krec", "kops", "k ops", "k tps", "ktps", "m msg", "mmsg", "m rec", "thousand", "million", "1000s", "1e3", "1e6", "10^", "×10", "x10", "(k)", "(m)", "[k]", "[m]", "(k/s", " k/s", "(000",
    ];
    UNREAD.iter().copied().find(|w| s.contains(w))
}

/// A rate unit named in `s`, if any (none where it names one this reader does not
/// convert: [`unread_rate_unit`]).
fn rate_unit(s: &str) -> Option<Unit> {
    // A cell's bare `B/s` or `Bps` is bytes, not messages (a stop-43 tester).
    if unread_rate_unit(s).is_some() || matches!(s.trim(), "b/s" | "bps") {
        None
    } else if has_any(s, &["mib/s", "mibps"]) {
        Some(Unit::MiBPerS)
    } else if has_any(s, &["mbit/s", "mbps", "mb/sec (bits)", "mbits"]) {
        Some(Unit::MbitPerS)
    } else if has_any(s, &["mb/s", "mb/sec", "mbyte"]) {
        Some(Unit::MBPerS)
    } else if has_any(s, &["msg/s", "msgs/s", "messages/s", "msg/sec", "records/s", "records/sec", "rec/s", "events/s", "ops/s", "tps", "/s"]) {
        Some(Unit::MsgPerS)
    } else {
        None
    }
}

fn role_of(header: &str) -> Role {
    let h = header.to_lowercase().split_whitespace().collect::<Vec<_>>().join(" ");
    let e2e = has_any(&h, &["e2e", "end-to-end", "end to end"]);
    let latency_word = has_any(&h, &["latency", "latencies", "lat "]) || h.starts_with("lat");
    if let Some(p) = percentile_of(&h).filter(|_| latency_word || time_unit(&h).is_some() || h.starts_with('p')) {
        return Role::Latency { metric: if e2e { Metric::E2eLatency } else { Metric::PublishLatency }, percentile: p, unit: time_unit(&h) };
    }
    if latency_word {
        return Role::Ignored;
    }
    let rate_words = has_any(&h, &["throughput", "rate", "tps"]) || rate_unit(&h).is_some();
    if rate_words {
        let metric = if has_any(&h, &["consum", "receiv", "sub", "read", "cons "]) { Metric::ConsumeThroughput } else { Metric::ProduceThroughput };
        return Role::Rate { metric, unit: rate_unit(&h).unwrap_or(Unit::MsgPerS) };
    }
    if has_any(&h, &["size", "payload", "message bytes", "msg bytes", "record bytes"]) {
        return Role::Size;
    }
    if matches!(h.as_str(), "system" | "broker" | "platform" | "mq" | "product" | "engine" | "technology") {
        return Role::System;
    }
    for (word, name) in [("partition", "partitions"), ("producer", "producers"), ("consumer", "consumers"), ("thread", "threads"), ("replication", "rf")] {
        if h.contains(word) {
            return Role::Context(name);
        }
    }
    if h == "rf" {
        return Role::Context("rf");
    }
    Role::Ignored
}

/// "Not measured" cells.
fn blank(cell: &str) -> bool {
    matches!(cell.trim().to_lowercase().as_str(), "" | "-" | "—" | "–" | "n/a" | "na" | "?" | "x")
}

fn err(line: usize, field: &str, why: impl Into<String>) -> ImportError {
    ImportError::new(line, &field.chars().take(40).collect::<String>(), why)
}

/// The table's number convention, from every numeric cell, and whether a cell
/// showed it (false: the default, decimal point, for want of evidence).
fn convention(table: &Table, roles: &[Role]) -> Result<(Convention, bool), ImportError> {
    let mut comma: Option<(usize, usize, String)> = None;
    let mut point: Option<(usize, usize, String)> = None;
    for (line, cells) in &table.rows {
        for (c, cell) in cells.iter().enumerate() {
            if matches!(roles.get(c), None | Some(Role::System | Role::Ignored)) {
                continue;
            }
            let (tok, _) = table_numbers::split_number(cell);
            match table_numbers::evidence(tok) {
                Some(Convention::DecimalComma) if comma.is_none() => comma = Some((*line, c, tok.to_string())),
                Some(Convention::DecimalPoint) if point.is_none() => point = Some((*line, c, tok.to_string())),
                _ => {}
            }
        }
    }
    match (comma, point) {
        (Some((l1, c1, t1)), Some((l2, _, t2))) => Err(err(
            l1,
            &table.header.1[c1],
            format!("{t1:?} reads only with a decimal comma, but line {l2} has {t2:?}, which reads only with a decimal point: one table, one convention (write 1234.5 or 1234,5 throughout)"),
        )),
        (Some(_), None) => Ok((Convention::DecimalComma, true)),
        (None, shown) => Ok((Convention::DecimalPoint, shown.is_some())),
    }
}

/// A cell's value in the column's unit, with what the cell itself says after it.
fn number(cell: &str, conv: Convention) -> Result<(f64, String, bool), String> {
    let (tok, rest) = table_numbers::split_number(cell);
    if tok.is_empty() {
        return Err(format!("{:?} is not a number", cell.chars().take(40).collect::<String>()));
    }
    // `1e300`, `2.5E6`: the number stops at the `e`, which then read as a unit (a
    // stop-27 tester: "rate unit \"e300\" not understood").
    let r = rest.trim_start();
    let exp = r.strip_prefix(['e', 'E']).map(|x| x.trim_start_matches(['+', '-']));
    if exp.is_some_and(|x| x.starts_with(|c: char| c.is_ascii_digit())) {
        return Err(format!("{:?}: scientific notation is not read in a table; write the figure out", cell.trim().chars().take(40).collect::<String>()));
    }
    let (v, lone) = table_numbers::read(tok, conv)?;
    Ok((v, rest.to_lowercase(), lone))
}

/// A size cell in bytes.
fn size_bytes(v: f64, rest: &str, header: &str) -> Result<f64, String> {
    let unit = if rest.is_empty() { header.to_lowercase() } else { rest.to_string() };
    let words: Vec<&str> = unit.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).collect();
    let mult = if words.iter().any(|w| matches!(*w, "kb" | "kib" | "k")) {
        1024.0
    } else if words.iter().any(|w| matches!(*w, "mb" | "mib" | "m")) {
        1_048_576.0
    } else if rest.is_empty() || words.iter().any(|w| matches!(*w, "b" | "bytes" | "byte")) {
        1.0
    } else {
        return Err(format!("size unit {rest:?} not understood (B, KB, KiB, MB, MiB)"));
    };
    Ok(v * mult)
}

/// Most a row's msg/s and MB/s figures for one metric may disagree at its message
/// size, as a ratio: framing, headers and KB-vs-KiB readings stay well inside 2×.
pub const MAX_RATE_DISAGREEMENT: f64 = 2.0;

/// A rate cell in the measurement's unit (msg/s or MB/s).
fn rate(v: f64, rest: &str, header_unit: Unit) -> Result<(f64, Unit), String> {
    let (mult, rest) = match rest.chars().next() {
        Some('k') if !rest.starts_with("kb") => (1e3, rest[1..].trim()),
        Some('m') if !rest.starts_with("mb") && !rest.starts_with("mib") && !rest.starts_with("ms") => (1e6, rest[1..].trim()),
        _ => (1.0, rest),
    };
    let unit = if rest.is_empty() { header_unit } else { rate_unit(rest).ok_or_else(|| format!("rate unit {rest:?} not understood (msg/s, MB/s, MiB/s, Mbit/s)"))? };
    let v = v * mult;
    Ok(match unit {
        Unit::MiBPerS => (v * 1.048_576, Unit::MBPerS),
        Unit::MbitPerS => (v / 8.0, Unit::MBPerS),
        u => (v, u),
    })
}

/// Parses the first results table in `text`.
///
/// # Errors
/// No table, no rate or latency column, or a cell that cannot be read (line,
/// column header, why); nothing partial.
pub fn parse(text: &str) -> Result<Parsed, Vec<ImportError>> {
    let table = if table_cells::is_html(text) { table_cells::html(text) } else { table_cells::markdown(text) };
    let Some(table) = table else {
        return Err(vec![err(0, "file", "no Markdown table (| a | b | with a |---| row) or HTML <table> found")]);
    };
    if let Some((line, bytes)) = table.too_long {
        return Err(vec![err(line, "row", format!("a table line of {bytes} bytes; at most {} (a results table's row is a few cells)", table_cells::MAX_TABLE_LINE_BYTES))]);
    }
    if table.rows_over > 0 {
        return Err(vec![err(0, "file", format!("{} table rows; at most {} per upload (each row is at least one measurement)", table_cells::MAX_TABLE_ROWS + table.rows_over, table_cells::MAX_TABLE_ROWS))]);
    }
    let (hline, header) = &table.header;
    if header.len() > crate::upload::MAX_COLUMNS {
        return Err(vec![err(*hline, "header", format!("{} columns; at most {} (a results table has a few)", header.len(), crate::upload::MAX_COLUMNS))]);
    }
    let roles: Vec<Role> = header.iter().map(|h| role_of(h)).collect();
    if !roles.iter().any(|r| matches!(r, Role::Rate { .. } | Role::Latency { .. })) {
        return Err(vec![err(*hline, "header", format!("no column names a rate (msg/s, MB/s, throughput…) or a latency percentile (p99 (ms)…); columns: {}", header.iter().take(8).cloned().collect::<Vec<_>>().join(", ")))]);
    }
    // A rate column in a unit or scale not converted is refused, not read as msg/s.
    if let Some((h, tok)) = header.iter().zip(&roles).find_map(|(h, r)| matches!(r, Role::Rate { .. }).then(|| unread_rate_unit(&h.to_lowercase()).map(|t| (h, t))).flatten()) {
        return Err(vec![err(*hline, h, format!("rate unit {tok:?} in {:?} is not read: give the column in msg/s, MB/s (10^6 B/s), MiB/s or Mbit/s, written out in full (no k or M multiplier)", h.trim()))]);
    }
    // A column read twice would give each row two figures for one thing, and the
    // summary would keep one of them unsaid (a stop-27 tester's `| msg/s | msg/s |`).
    let norm = |h: &str| h.trim().to_lowercase();
    if let Some((i, h)) = header.iter().enumerate().find(|(i, h)| roles[*i] != Role::Ignored && header[..*i].iter().any(|g| norm(g) == norm(h))) {
        return Err(vec![err(*hline, h, format!("column {} repeats {:?}: each column once", i + 1, h.trim()))]);
    }
    let (conv, shown) = convention(&table, &roles).map_err(|e| vec![e])?;
    let mut p = Parsed { inferred: Inferred::default(), ..Parsed::default() };
    let mut errors = Vec::new();
    let mut skipped: Vec<(String, usize)> = Vec::new();
    let mut skipped_at: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let mut lone: Option<(usize, String)> = None;
    let has_size_col = roles.contains(&Role::Size);
    for (line, cells) in &table.rows {
        if cells.len() != header.len() {
            errors.push(err(*line, "row", format!("{} cells where the header has {} (merged cells, colspan/rowspan, are not read)", cells.len(), header.len())));
            continue;
        }
        let mut system = None;
        let mut size = None;
        let mut context = Vec::new();
        let mut row_ms = Vec::new();
        let mut skip = false;
        for ((cell, role), name) in cells.iter().zip(&roles).zip(header) {
            if blank(cell) || *role == Role::Ignored {
                continue;
            }
            if *role == Role::System {
                match SystemId::parse(cell.trim_matches(|c: char| !c.is_alphanumeric()).split_whitespace().next().unwrap_or("")) {
                    Some(s) => system = Some(s),
                    None => {
                        // Counted by name through an index: a linear search per row
                        // made 100,000 unplanned rows take 17 s (a stop-20 tester).
                        let name: String = cell.chars().take(30).collect();
                        match skipped_at.entry(name.to_lowercase()) {
                            std::collections::hash_map::Entry::Occupied(e) => skipped[*e.get()].1 += 1,
                            std::collections::hash_map::Entry::Vacant(e) => {
                                e.insert(skipped.len());
                                skipped.push((name, 1));
                            }
                        }
                        skip = true;
                    }
                }
                continue;
            }
            let (v, rest, was_lone) = match number(cell, conv) {
                Ok(x) => x,
                Err(why) => {
                    errors.push(err(*line, name, why));
                    continue;
                }
            };
            if was_lone && !shown && lone.is_none() {
                lone = Some((*line, cell.clone()));
            }
            match role {
                Role::Size => match size_bytes(v, &rest, name) {
                    Ok(b) if capacity::fields::message_size_ok(b) => size = Some(b),
                    Ok(b) => errors.push(err(*line, name, format!("message size {b} B is out of range ({})", capacity::fields::message_size_range_words()))),
                    Err(why) => errors.push(err(*line, name, why)),
                },
                Role::Rate { metric, unit } => match rate(v, &rest, *unit) {
                    Ok((value, unit)) => row_ms.push((*metric, value, unit, None)),
                    Err(why) => errors.push(err(*line, name, why)),
                },
                Role::Latency { metric, percentile, unit } => match time_unit(&rest).or(*unit) {
                    Some(u) => row_ms.push((*metric, v, u, Some(*percentile))),
                    None => errors.push(err(*line, name, "a latency without a unit: say ms or µs in the header (p99 (ms)) or the cell")),
                },
                Role::Context(what) => context.push(format!("{what} {}", capacity::units::fmt_num(v))),
                Role::System | Role::Ignored => {}
            }
        }
        if skip {
            continue;
        }
        let note = (!context.is_empty()).then(|| context.join(", "));
        // A rate given both in msg/s and in bytes is one run: its msg/s is read, and
        // the two must agree at the row's size (a tester's row said 50,000 msg/s of
        // 1 KiB beside 512 MB/s and was read as the first).
        if let Some(b) = size {
            for (m, v, _, _) in row_ms.iter().filter(|r| r.2 == Unit::MsgPerS) {
                if let Some((_, mb, _, _)) = row_ms.iter().find(|r| r.0 == *m && r.2 == Unit::MBPerS) {
                    let implied = v * b / 1e6;
                    let ratio = if implied > 0.0 && *mb > 0.0 { (implied / mb).max(mb / implied) } else { 1.0 };
                    if ratio > MAX_RATE_DISAGREEMENT {
                        errors.push(err(*line, crate::upload::metric_field(*m), format!("{} msg/s × {} B = {} MB/s, but the row also says {} MB/s ({}× apart): one of the two is wrong", capacity::units::fmt_num(*v), capacity::units::fmt_num(b), capacity::units::fmt_num(implied), capacity::units::fmt_num(*mb), capacity::units::fmt_num(ratio))));
                    }
                }
            }
        }
        let counted = row_ms.clone();
        row_ms.retain(|(m, _, u, _)| *u == Unit::MsgPerS || !counted.iter().any(|(m2, _, u2, _)| m2 == m && *u2 == Unit::MsgPerS));
        for (metric, value, unit, percentile) in row_ms {
            let (value, unit) = match unit {
                Unit::Us => (value / 1000.0, Unit::Ms),
                Unit::S => (value * 1000.0, Unit::Ms),
                u => (value, u),
            };
            p.measurements.push(Measurement { line: *line, metric, value, unit, percentile, load: None, message_bytes: size, note: note.clone(), system });
        }
        if errors.len() >= crate::upload::MAX_LISTED_ERRORS {
            break;
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    // Rows read are table rows, not the figures in them (3 rows with rate, p50 and
    // p99 read as 9: a stop-21 tester).
    p.rows_read = Some(table.rows.len());
    if let Some((line, cell)) = lone {
        p.lints.push(Lint::new("thousands_assumed", Some(line), format!("{cell:?} read as a thousands-grouped number (no cell in this table writes a decimal comma)"), "a single comma could be a decimal comma; write 1234 or 1234.5 to be unambiguous"));
    }
    if !skipped.is_empty() {
        let list: Vec<String> = skipped.iter().take(8).map(|(n, k)| format!("{n} ({k} row{})", if *k == 1 { "" } else { "s" })).collect();
        p.lints.push(Lint::new("rows_skipped", None, format!("rows of systems mqplan does not plan left out: {}", list.join(", ")), "mqplan plans kafka, pulsar, rocketmq and pravega"));
    }
    let ignored: Vec<&str> = header.iter().zip(&roles).filter(|(_, r)| **r == Role::Ignored).map(|(h, _)| h.as_str()).take(10).collect();
    if !ignored.is_empty() {
        p.lints.push(Lint::new("columns_ignored", Some(*hline), format!("columns not read: {}", ignored.join(", ")), "only systems, rates, latency percentiles, sizes and run settings are read; a mean latency is not a percentile"));
    }
    if table.more_tables > 0 {
        p.lints.push(Lint::new("more_tables", None, format!("{} more table(s) in the file not read", table.more_tables), "one upload reads one table; upload the others separately"));
    }
    if !has_size_col {
        p.inferred.message_bytes = None;
    }
    if let Some(s) = p.measurements.iter().find_map(|m| m.system).filter(|_| p.measurements.iter().all(|m| m.system.is_some())) {
        p.inferred.system = Some(s.id().to_string());
    }
    if p.measurements.is_empty() {
        // Every row a system mqplan does not plan: say which (a tester read "no
        // readable rate" for a table whose rates were readable).
        if !skipped.is_empty() {
            let list: Vec<String> = skipped.iter().take(8).map(|(n, k)| format!("{n} ({k} row{})", if *k == 1 { "" } else { "s" })).collect();
            return Err(vec![err(*hline, "system", format!("every row is of a system mqplan does not plan: {} (it plans kafka, pulsar, rocketmq and pravega)", list.join(", ")))]);
        }
        return Err(vec![err(*hline, "header", "the table has no rows with a readable rate or latency")]);
    }
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    const README: &str = "\
## Results (3 × i3en.2xlarge)

| System | Message size | Partitions | Produce rate (msg/s) | Produce (MB/s) | p99 latency (ms) | p99.9 latency (ms) | Avg latency (ms) |
|--------|-------------:|-----------:|---------------------:|---------------:|-----------------:|-------------------:|-----------------:|
| Kafka  | 1 KB         | 100        | 1,045,000            | 1,070.1        | 5.2              | 12.0               | 2.1              |
| Pulsar | 1 KB         | 100        | 985,512              | 1,009.2        | 7.9              | 25.3               | 3.3              |
| RabbitMQ | 1 KB       | 100        | 38,000               | 38.9           | 4.0              | 9.0                | 1.1              |
";

    /// A rate column in KB/s, GB/s, Gbit/s, per minute or in thousands is refused at
    /// the header, naming the column, not read as msg/s (a stop-43 tester's stored
    /// 100,000 KB/s as 100,000 msg/s and 250 k msg/s as 250); a cell in GB/s too.
    /// MB/s, MiB/s, Mbit/s and msg/s are read as before.
    #[test]
    fn rate_units_not_converted_are_refused_not_read_as_msg_s() {
        for h in ["Throughput (KB/s)", "Throughput (GB/s)", "Throughput (Gbps)", "Rate (msg/min)", "Throughput (k msg/s)", "Throughput (kmsg/s)", "Rate (thousand msg/s)", "Throughput (M msg/s)", "Throughput (msg/ms)", "Rate (kops/s)", "Rate (K TPS)", "Rate (M records/s)", "Rate (Krec/s)", "Throughput (bits/s)", "Throughput (Bps)", "Rate (msg/hr)", "Throughput [k]"] {
            let t = format!("| System | {h} |\n|---|---|\n| Kafka | 250 |\n");
            let e = parse(&t).expect_err(h);
            assert!(e[0].line == 1 && e[0].field == h && e[0].reason.starts_with("rate unit ") && e[0].reason.contains("is not read"), "{h}: {e:?}");
        }
        // Words that only look like a scale are read (a stop-43 tester's refusals).
        for h in ["Ack/sync rate (msg/s)", "Throughput (msg/s) for 1k msgs"] {
            assert!(parse(&format!("| System | {h} |\n|---|---|\n| Kafka | 250 |\n")).is_ok(), "{h}");
        }
        let e = parse("| System | Throughput |\n|---|---|\n| Kafka | 50000 B/s |\n").expect_err("a cell in B/s");
        assert!(e.iter().any(|e| e.line == 3 && e.reason.contains("not understood")), "{e:?}");
        let e = parse("| System | Throughput |\n|---|---|\n| Kafka | 2 GB/s |\n").expect_err("a cell in GB/s");
        assert!(e.iter().any(|e| e.line == 3 && e.reason.contains("not understood")), "{e:?}");
        for (h, unit) in [("Throughput (MB/s)", Unit::MBPerS), ("Throughput (MiB/s)", Unit::MBPerS), ("Throughput (Mbit/s)", Unit::MBPerS), ("Rate (msg/s)", Unit::MsgPerS)] {
            let p = parse(&format!("| System | {h} |\n|---|---|\n| Kafka | 250 |\n")).unwrap_or_else(|e| panic!("{h}: {e:?}"));
            assert_eq!(p.measurements[0].unit, unit, "{h}");
        }
    }

    /// Unplanned systems are counted by name through an index (a linear search per
    /// row took 17 s for 100,000 rows, a stop-20 tester), case-insensitively, and a
    /// name past 30 characters is counted with its repeats (it never matched its own
    /// cut entry before, so each row was listed as a name of its own).
    #[test]
    fn rows_of_unplanned_systems_are_counted_by_name() {
        let long = "Some Enterprise Message Bus Edition 2024";
        let mut t = String::from("| System | Produce rate (msg/s) |\n|---|---|\n| Kafka | 1000 |\n");
        for i in 0..5 {
            t.push_str(&format!("| {long} | {} |\n| {} | 7 |\n", 10 + i, if i % 2 == 0 { "RabbitMQ" } else { "rabbitmq" }));
        }
        let p = parse(&t).expect("reads");
        let lint = p.lints.iter().find(|l| l.code == "rows_skipped").expect("skipped");
        assert!(lint.message.contains("(5 rows)") && lint.message.contains("RabbitMQ (5 rows)"), "{}", lint.message);
        assert_eq!(lint.message.matches("(5 rows)").count(), 2, "{}", lint.message);
    }

    #[test]
    fn a_markdown_results_table_is_read_row_by_row() {
        let p = parse(README).expect("reads");
        let kafka: Vec<&Measurement> = p.measurements.iter().filter(|m| m.system == Some(SystemId::Kafka)).collect();
        let tput = kafka.iter().find(|m| m.metric == Metric::ProduceThroughput && m.unit == Unit::MsgPerS).expect("msg/s");
        assert_eq!((tput.value, tput.line, tput.message_bytes), (1_045_000.0, 5, Some(1024.0)));
        assert_eq!(tput.note.as_deref(), Some("partitions 100"));
        let p999 = kafka.iter().find(|m| m.percentile == Some(99.9)).expect("p99.9");
        assert_eq!((p999.value, p999.unit, p999.metric), (12.0, Unit::Ms, Metric::PublishLatency));
        assert!(p.measurements.iter().all(|m| m.system.is_some()), "RabbitMQ rows left out, not guessed");
        assert!(!p.measurements.iter().any(|m| m.unit == Unit::MBPerS), "the MB/s column repeats the msg/s one");
        assert!(p.lints.iter().any(|l| l.code == "rows_skipped" && l.message.contains("RabbitMQ")));
        assert!(p.lints.iter().any(|l| l.code == "columns_ignored" && l.message.contains("Avg latency")));
        assert!(!p.lints.iter().any(|l| l.code == "thousands_assumed"), "1,070.1 shows the convention");
    }

    #[test]
    fn an_html_table_with_decimal_commas_and_microseconds() {
        let html = "<table>\n<tr><th>Broker</th><th>Size (B)</th><th>Rate</th><th>P99 (µs)</th></tr>\n<tr><td>Pulsar</td><td>100</td><td>1.250.000</td><td>812,5</td></tr>\n</table>";
        let p = parse(html).expect("reads");
        let rate = p.measurements.iter().find(|m| m.metric == Metric::ProduceThroughput).expect("rate");
        assert_eq!((rate.value, rate.unit, rate.line), (1_250_000.0, Unit::MsgPerS, 3));
        let p99 = p.measurements.iter().find(|m| m.percentile == Some(99.0)).expect("p99");
        assert!((p99.value - 0.8125).abs() < 1e-12, "µs → ms: {}", p99.value);
        assert_eq!(p.inferred.system.as_deref(), Some("pulsar"));
    }

    #[test]
    fn bad_cells_name_line_column_and_why() {
        let mixed = README.replace("985,512", "985512,5");
        let e = parse(&mixed).expect_err("two conventions");
        assert_eq!((e[0].line, e[0].field.as_str()), (6, "Produce rate (msg/s)"));
        assert!(e[0].reason.contains("one convention"), "{}", e[0].reason);
        let e = parse(&README.replace("5.2 ", "fast")).expect_err("not a number");
        assert_eq!((e[0].line, e[0].field.as_str()), (5, "p99 latency (ms)"));
        let e = parse("| System | p99 |\n|---|---|\n| Kafka | 5 |\n").expect_err("no unit");
        assert_eq!((e[0].line, e[0].field.as_str()), (3, "p99"));
        assert!(e[0].reason.contains("unit"));
        let e = parse("| a | b |\n|---|---|\n| 1 | 2 |\n").expect_err("no rate column");
        assert_eq!((e[0].line, e[0].field.as_str()), (1, "header"));
        let e = parse("<table><tr><th>System</th><th>msg/s</th></tr>\n<tr><td>Kafka</td><td>1</td><td>2</td></tr></table>").expect_err("extra cell");
        assert_eq!((e[0].line, e[0].field.as_str()), (2, "row"));
        let e = parse("just prose\n").expect_err("no table");
        assert_eq!(e[0].line, 0);
    }

    #[test]
    fn thousands_and_suffixes_are_explicit() {
        let p = parse("| System | msg/s | Size |\n|---|---|---|\n| Kafka | 250k | 1,024 |\n").expect("reads");
        assert_eq!(p.measurements[0].value, 250_000.0);
        assert_eq!(p.measurements[0].message_bytes, Some(1024.0));
        assert!(p.lints.iter().any(|l| l.code == "thousands_assumed" && l.line == Some(3)));
        assert_eq!(percentile_of("p999"), Some(99.9));
        assert_eq!(percentile_of("99th percentile"), Some(99.0));
        assert_eq!(percentile_of("latency 99.9%"), Some(99.9));
        assert_eq!(percentile_of("p50"), Some(50.0));
        assert_eq!(percentile_of("16 partitions"), None);
    }
}
