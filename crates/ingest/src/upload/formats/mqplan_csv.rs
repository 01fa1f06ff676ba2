//! mqplan's own CSV: one measurement per row, read with polars.
//!
//! Columns (header names; text after ` [` or ` (` is a unit note and ignored):
//! `system` (optional when given as metadata), `metric`
//! (`produce_throughput` | `consume_throughput` | `publish_latency` | `e2e_latency`),
//! `value`, `unit` (`msg/s`, `MB/s`, `MiB/s`, `Mbit/s`, `ms`, `us`, `s`),
//! `percentile` (latency rows), `message_bytes` (optional when given as metadata),
//! `load` (`steady` | `high` | `max`, optional), `note` (optional).
//! Line numbers in errors count the header as line 1.

use capacity::dataset::{Load, Metric, Unit};
use capacity::SystemId;
use polars::prelude::*;

use super::condition_groups;
use crate::upload::report::ImportError;
use crate::upload::{Measurement, Parsed};

/// The template offered for download.
pub const TEMPLATE: &str = "system,metric,value,unit,percentile,message_bytes,load,note\n\
kafka,produce_throughput,268000,msg/s,,1024,max,run 1 (nodes/cores/rf go in the upload form)\n\
kafka,publish_latency,18,ms,99,1024,steady,\n\
kafka,consume_throughput,311000,msg/s,,1024,max,\n";

/// The columns an mqplan CSV's rows are read from (normalised names).
const READ_COLUMNS: [&str; 8] = ["system", "metric", "value", "unit", "percentile", "message_bytes", "load", "note"];

/// Reads CSV text with normalised header names. Numeric columns are inferred by
/// polars as in a plain read; a column that does not infer as numeric is diagnosed
/// cell by cell by [`numbers`].
/// `ragged` accepts rows shorter than the header (OMB's export).
pub(crate) fn frame(text: &str, ragged: bool) -> Result<DataFrame, Vec<ImportError>> {
    // Counted before polars reads it (a quoted comma counts twice: a header has no
    // reason to quote one).
    let width = header_line(text).split(',').count();
    if width > crate::upload::MAX_COLUMNS {
        return Err(vec![ImportError::new(1, "header", format!("{width} columns; at most {} (the template has 8)", crate::upload::MAX_COLUMNS))]);
    }
    if let Some(line) = super::csv_lines::unclosed_quote(text) {
        return Err(vec![ImportError::new(line, "csv", "a quoted cell opened here is never closed (a quote inside a quoted cell is written twice: \"\")")]);
    }
    if let Some((line, why)) = super::csv_lines::first_short(text).filter(|_| !ragged) {
        return Err(vec![ImportError::new(line, "csv", why)]);
    }
    let read = |infer: Option<usize>| {
        CsvReadOptions::default()
            .with_has_header(true)
            .with_infer_schema_length(infer)
            .map_parse_options(|o| o.with_truncate_ragged_lines(ragged))
            .into_reader_with_file_handle(std::io::Cursor::new(text.as_bytes()))
            .finish()
    };
    // Type inference looks at the first rows; when a later cell contradicts it,
    // read everything as text and let the column checks name the cell.
    let mut df = read(Some(100)).or_else(|_| read(Some(0))).map_err(|e| {
        if let Some((line, why)) = super::csv_lines::first_malformed(text) {
            return vec![ImportError::new(line, "csv", why)];
        }
        let msg = e.to_string();
        let short = msg.lines().next().unwrap_or("").chars().take(200).collect::<String>();
        vec![ImportError::new(1, "csv", format!("not readable as CSV ({short}); check the quoting: a cell holding a comma or a quote is quoted, and a quote inside it is doubled"))]
    })?;
    let raw_names: Vec<String> = header_line(text).split(',').map(normal_name).collect();
    let mut seen = std::collections::HashSet::with_capacity(raw_names.len());
    if let Some((i, dup)) = raw_names.iter().enumerate().find(|(_, n)| !n.is_empty() && !seen.insert(n.as_str())) {
        return Err(vec![ImportError::new(1, dup, format!("column {} repeats {dup:?}: each column once", i + 1))]);
    }
    let names: Vec<String> = df
        .get_column_names()
        .iter()
        .map(|n| normal_name(n))
        .collect();
    df.set_column_names(names.iter().map(String::as_str)).map_err(|e| vec![ImportError::new(1, "header", e.to_string())])?;
    Ok(df)
}

/// A header name without its unit note, lower case: `" Value (msg/s)"` → `"value"`.
fn normal_name(raw: &str) -> String {
    raw.trim().split([' ', '(', '[']).next().unwrap_or("").trim().to_ascii_lowercase()
}

/// The header line: the first line after any blank ones (polars skips those).
fn header_line(text: &str) -> &str {
    text.trim_start_matches(['\n', '\r']).lines().next().unwrap_or("")
}

/// The unit note of a raw header name: `"value (MB/s)"` → `"MB/s"`, `"value"` → `""`.
fn unit_note(raw: &str) -> &str {
    raw.trim().trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '_').trim().trim_matches(['(', ')', '[', ']']).trim()
}

/// A numeric column as f64 values (None = empty cell), with an error (line, field)
/// for each cell that is not a finite number.
pub(crate) fn numbers(df: &DataFrame, name: &str, errors: &mut Vec<ImportError>) -> Option<Vec<Option<f64>>> {
    Some(number_column(df, name, errors)?.into_iter().collect())
}

/// As [`numbers`], as a polars column (iterate it sequentially).
pub(crate) fn number_column(df: &DataFrame, name: &str, errors: &mut Vec<ImportError>) -> Option<Float64Chunked> {
    let col = df.column(name).ok()?;
    let casted = col.cast(&DataType::Float64).ok()?;
    let f = casted.f64().ok()?.clone();
    if col.dtype().is_primitive_numeric() || col.dtype() == &DataType::Null {
        let finite = |v: Option<f64>| v.is_none_or(f64::is_finite);
        let all_finite = if f.null_count() == 0 { f.downcast_iter().all(|a| a.values().iter().all(|x| x.is_finite())) } else { f.into_iter().all(finite) };
        if !all_finite {
            for (i, v) in f.into_iter().enumerate() {
                if let Some(x) = v.filter(|x| !x.is_finite()) {
                    if errors.len() < crate::upload::MAX_LISTED_ERRORS {
                        // An infinity here was written as one or is past f64's range
                        // (a stop-40 tester's 1e400 read "inf is not a finite number").
                        let why = if x.is_infinite() { " (written as an infinity, or too large to hold: past 1.8e308)" } else { "" };
                        errors.push(ImportError::new(i + 2, name, format!("{x} is not a finite number{why}")));
                    }
                }
            }
        }
        return Some(f);
    }
    // Did not infer as numeric: read each cell trimmed (" 268000 " is a number) and
    // name the cells that are not.
    let strs = col.cast(&DataType::String).ok()?;
    let f: Float64Chunked = strs.str().ok()?.into_iter().map(|s| s.and_then(|x| x.trim().parse::<f64>().ok())).collect();
    let _ = number_cells(col, &f, name, errors);
    Some(f.with_name(name.into()))
}

fn number_cells(col: &Column, f: &Float64Chunked, name: &str, errors: &mut Vec<ImportError>) -> Option<()> {
    // Did not infer as numeric: find the bad cells.
    let strs = col.cast(&DataType::String).ok()?;
    let strs = strs.str().ok()?;
    for (i, (s, v)) in strs.into_iter().zip(f).enumerate() {
        match (s.map(str::trim), v) {
            (None | Some(""), _) => {}
            (Some(_), Some(x)) if x.is_finite() => {}
            (Some(raw), _) => {
                if errors.len() < crate::upload::MAX_LISTED_ERRORS {
                    errors.push(ImportError::new(i + 2, name, format!("{:?} is not a finite number", raw.chars().take(40).collect::<String>())));
                }
            }
        }
    }
    Some(())
}

/// One condition's samples: how many, their median (an even count: the mean of the
/// middle two) and range.
/// Zero samples (a stalled interval, a latency with no sample) are left out.
#[derive(Debug, Clone, Copy)]
struct Summary {
    count: usize,
    zeros: usize,
    median: f64,
    lo: f64,
    hi: f64,
}

impl Summary {
    fn of(mut vals: Vec<f64>) -> Summary {
        let all = vals.len();
        vals.retain(|v| *v != 0.0);
        let (count, zeros) = (vals.len(), all - vals.len());
        if count == 0 {
            return Summary { count, zeros, median: f64::NAN, lo: f64::NAN, hi: f64::NAN };
        }
        let mid = count / 2;
        let (below, at_mid, _) = vals.select_nth_unstable_by(mid, f64::total_cmp);
        let upper = *at_mid;
        // The lower middle value is the largest of the lower half.
        let median = if count.is_multiple_of(2) { (below.iter().copied().fold(f64::NEG_INFINITY, f64::max) + upper) / 2.0 } else { upper };
        let (lo, hi) = vals.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), x| (a.min(*x), b.max(*x)));
        Summary { count, zeros, median, lo, hi }
    }
}

/// Merges groups whose conditions differ only in spelling: surrounding spaces,
/// letter case (except in `unit`, where MB and Mb differ), or how a number is
/// written (`1024`, `1024.0`, `+1024`, `-0`). Groups are few, so this works on
/// each group's first row.
fn merge_spellings(df: &DataFrame, keys: &[&str], groups: Vec<condition_groups::RowGroup>) -> Result<Vec<condition_groups::RowGroup>, Vec<ImportError>> {
    let firsts: Vec<IdxSize> = groups.iter().map(|g| g.first as IdxSize).collect();
    let heads = df.select(keys.iter().copied()).and_then(|d| d.take(&IdxCa::from_vec("first".into(), firsts))).map_err(|e| vec![ImportError::new(1, "csv", e.to_string())])?;
    let texts: Vec<(bool, StringChunked)> = keys.iter().filter_map(|k| Some((*k == "unit", text_column(&heads, k)?))).collect();
    let canonical = |j: usize| -> String {
        texts
            .iter()
            .map(|(case_matters, col)| {
                let cell = col.get(j).map(str::trim).unwrap_or("");
                match cell.parse::<f64>() {
                    Ok(x) if x.is_finite() => format!("{}", x + 0.0),
                    _ if *case_matters => cell.to_string(),
                    _ => cell.to_ascii_lowercase(),
                }
            })
            .collect::<Vec<_>>()
            .join("\u{1f}")
    };
    let mut index: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let mut merged: Vec<condition_groups::RowGroup> = Vec::with_capacity(groups.len());
    for (j, g) in groups.into_iter().enumerate() {
        match index.entry(canonical(j)) {
            std::collections::hash_map::Entry::Occupied(e) => {
                let into = &mut merged[*e.get()];
                into.rows.extend(g.rows);
                into.rows.sort_unstable();
                into.first = into.first.min(g.first);
            }
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(merged.len());
                merged.push(g);
            }
        }
    }
    merged.sort_by_key(|g| g.first);
    Ok(merged)
}

/// Reports the cells of column `name` (if present) that are not finite numbers;
/// integer columns need no look.
fn check_numbers(df: &DataFrame, name: &str, errors: &mut Vec<ImportError>) {
    if df.column(name).is_ok_and(|c| !c.dtype().is_integer() && c.dtype() != &DataType::Null) {
        let _ = number_column(df, name, errors);
    }
}

/// A text column (None when absent), cast to strings.
pub(crate) fn text_column(df: &DataFrame, name: &str) -> Option<StringChunked> {
    df.column(name).ok()?.cast(&DataType::String).ok()?.str().ok().cloned()
}

pub(crate) fn strings(df: &DataFrame, name: &str) -> Option<Vec<Option<String>>> {
    Some(text_column(df, name)?.into_iter().map(|s| s.map(|x| x.trim().to_string()).filter(|x| !x.is_empty())).collect())
}

fn metric(s: &str) -> Option<Metric> {
    match s {
        "produce_throughput" => Some(Metric::ProduceThroughput),
        "consume_throughput" => Some(Metric::ConsumeThroughput),
        "publish_latency" => Some(Metric::PublishLatency),
        "e2e_latency" => Some(Metric::E2eLatency),
        _ => None,
    }
}

/// Converts a value in `unit` to msg/s (throughput) or ms (latency).
pub(crate) fn normalise(value: f64, unit: &str, size: Option<f64>) -> Result<(f64, Unit), String> {
    let per_msg = |bytes_per_s: f64| size.map(|s| bytes_per_s / s).ok_or_else(|| format!("{unit} needs message_bytes to convert to msg/s"));
    Ok(match unit {
        "msg/s" => (value, Unit::MsgPerS),
        "MB/s" => (per_msg(value * 1e6)?, Unit::MsgPerS),
        "MiB/s" => (per_msg(value * 1_048_576.0)?, Unit::MsgPerS),
        "Mbit/s" => (per_msg(value * 1e6 / 8.0)?, Unit::MsgPerS),
        "ms" => (value, Unit::Ms),
        "us" | "µs" => (value / 1000.0, Unit::Ms),
        "s" => (value * 1000.0, Unit::Ms),
        other => return Err(format!("unknown unit {:?}; use msg/s, MB/s, MiB/s, Mbit/s, ms, us or s", other.chars().take(20).collect::<String>())),
    })
}

/// Parses the CSV. Rows that describe the same condition (system, metric, unit,
/// percentile, message size, load, note) are samples of one figure: polars groups them
/// and each group becomes one measurement, its median, with the count and range in
/// the note. Cells are checked column-wise; a bad condition is reported at the
/// first line that has it.
///
/// # Errors
/// Missing columns, unreadable cells, unknown metrics or units — each with line and field.
pub fn parse(text: &str) -> Result<Parsed, Vec<ImportError>> {
    let df = frame(text, false)?;
    let rows = df.height();
    super::csv_lines::relocated(text, rows, parse_frame(&df, text))
}

/// [`parse`] on the frame read; lines numbered as if each record were one line.
fn parse_frame(df: &DataFrame, text: &str) -> Result<Parsed, Vec<ImportError>> {
    let mut errors = Vec::new();
    for required in ["metric", "value", "unit"] {
        if df.column(required).is_err() {
            errors.push(ImportError::new(1, required, "required column missing (see the template)"));
        }
    }
    let header = header_line(text);
    if !errors.is_empty() && header.contains(';') && !header.contains(',') {
        errors.push(ImportError::new(1, "csv", "the header is separated by ';': mqplan CSV separates columns with ','"));
    }
    // message_bytes is read in bytes whatever the header says: a unit note that is
    // not bytes would be silently wrong.
    if let Some(raw) = header.split(',').find(|h| normal_name(h) == "message_bytes") {
        let note = unit_note(raw);
        if !note.is_empty() && !matches!(note.to_ascii_lowercase().as_str(), "b" | "byte" | "bytes") {
            errors.push(ImportError::new(1, "message_bytes", format!("the header says {note:?}, but message_bytes is read in bytes: convert the column to bytes, or drop the note")));
        }
    }
    // A column naming a metadata field (`nodes`, `rf`, `partitions`…) is not read:
    // the run's metadata comes from the form or the flags, and a file that says
    // otherwise must not be stored as if it agreed (a stop-27 tester's rf 1 and 100
    // partitions were dropped unsaid, and without flags the refusal said nodes was
    // "not in the file").
    for (i, raw) in header.split(',').enumerate() {
        let name = normal_name(raw);
        if !matches!(name.as_str(), "system" | "version" | "title" | "run") && crate::upload::meta::FIELDS.contains(&name.as_str()) {
            errors.push(ImportError::new(1, &name, format!("column {} ({name}) is metadata, which is not read from the rows: give it as the upload's {name} field (form, query or --{} flag) and drop the column", i + 1, name.replace('_', "-"))));
        }
    }
    // A unit written on the value column is not read (each row's `unit` is): refuse
    // it rather than let it disagree silently.
    if let Some(raw) = header.split(',').find(|h| normal_name(h) == "value") {
        let note = unit_note(raw);
        if !note.is_empty() {
            errors.push(ImportError::new(1, "value", format!("the header says {note:?}, but units are read from each row's unit column: drop the note")));
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let n = df.height();
    let values = number_column(df, "value", &mut errors).map(|c| c.rechunk().into_owned());
    check_numbers(df, "percentile", &mut errors);
    check_numbers(df, "message_bytes", &mut errors);
    let Some(values) = values else {
        return Err(vec![ImportError::new(1, "value", "not a numeric column")]);
    };
    let flagged: std::collections::HashSet<usize> = errors.iter().filter(|e| e.field == "value").map(|e| e.line).collect();
    // Blank lines (trailing ones above all) are rows with nothing in them: skipped.
    let gaps = values.null_count() > 0;
    // A blank row has nothing in any cell (a lone "x" or "# comment" is not blank).
    let blank = |i: usize| {
        df.get_columns().iter().all(|c| match c.get(i) {
            Ok(AnyValue::Null) => true,
            Ok(AnyValue::String(s)) => s.trim().is_empty(),
            Ok(AnyValue::StringOwned(s)) => s.trim().is_empty(),
            _ => false,
        })
    };
    // The common case — no gaps, every value in range — is one pass over the slice.
    let all_fine = !gaps && values.cont_slice().is_ok_and(|sl| sl.iter().all(|x| (0.0..=crate::upload::MAX_VALUE).contains(x)));
    for (i, v) in values.into_iter().enumerate().take(if all_fine { 0 } else { n }) {
        let why = match v {
            // A cell already named (not a finite number) is named once (a tester saw
            // "inf" refused twice).
            _ if flagged.contains(&(i + 2)) => continue,
            None if blank(i) => continue,
            None => "missing".to_string(),
            Some(x) if !(0.0..=crate::upload::MAX_VALUE).contains(&x) => format!("{} is out of range (0 to {:e})", crate::upload::readable(x), crate::upload::MAX_VALUE),
            Some(_) => continue,
        };
        if errors.len() < crate::upload::MAX_LISTED_ERRORS {
            errors.push(ImportError::new(i + 2, "value", why));
        }
    }
    // With bad cells the conditions are still checked (all errors at once), but no
    // figure is built.
    let cells_ok = errors.is_empty();
    // Gaps (blank lines) read as 0 here; their groups are skipped or refused below.
    let filled = if gaps { values.fill_null_with_values(0.0).map_err(|e| vec![ImportError::new(1, "value", e.to_string())])?.rechunk().into_owned() } else { values.clone() };
    let Some(slice) = filled.cont_slice().ok() else {
        return Err(vec![ImportError::new(1, "value", "column has gaps")]);
    };
    // The note is part of the condition: rows with one note are samples of one run
    // (their median), rows with different notes are different runs (a thread or rate
    // sweep), which the plan tells apart (best saturated run per size).
    let key_cols: Vec<&str> = READ_COLUMNS.into_iter().filter(|c| *c != "value" && df.column(c).is_ok()).collect();
    if n > crate::upload::MAX_ROWS {
        return Err(vec![ImportError::new(0, "file", format!("{n} rows; at most {} per upload", crate::upload::MAX_ROWS))]);
    }
    let groups = condition_groups::by_condition(df, &key_cols).map_err(|e| vec![ImportError::new(1, "csv", e.to_string())])?;
    if groups.len() > crate::upload::MAX_CONDITIONS {
        return Err(vec![ImportError::new(
            0,
            "file",
            format!(
                "{} distinct conditions (system, metric, unit, percentile, message_bytes, load, note); at most {} per upload — does a column (a note?) hold per-row values?",
                groups.len(),
                crate::upload::MAX_CONDITIONS
            ),
        )]);
    }
    let groups = merge_spellings(df, &key_cols, groups)?;
    // Each group's first row, as text: a handful of rows, not the million.
    let firsts: Vec<IdxSize> = groups.iter().map(|g| g.first as IdxSize).collect();
    let heads = df.take(&IdxCa::from_vec("first".into(), firsts)).map_err(|e| vec![ImportError::new(1, "csv", e.to_string())])?;
    let (pcts, sizes) = (number_column(&heads, "percentile", &mut Vec::new()), number_column(&heads, "message_bytes", &mut Vec::new()));
    let (metrics, units, systems, loads, notes) = (text_column(&heads, "metric"), text_column(&heads, "unit"), text_column(&heads, "system"), text_column(&heads, "load"), text_column(&heads, "note"));
    fn at(c: &Option<StringChunked>, i: usize) -> Option<&str> {
        c.as_ref().and_then(|c| c.get(i)).map(str::trim).filter(|s| !s.is_empty())
    }
    let num_at = |c: &Option<Float64Chunked>, i: usize| c.as_ref().and_then(|c| c.get(i));
    // Each condition's samples summarised, the two halves of the groups on polars' pool.
    let summarise = |gs: &[condition_groups::RowGroup]| gs.iter().map(|g| Summary::of(g.rows.iter().map(|&i| slice[i as usize]).collect())).collect::<Vec<_>>();
    let summaries: Vec<Summary> = if cells_ok {
        let (a, b) = groups.split_at(groups.len() / 2);
        let (mut a, b) = polars_core::POOL.join(|| summarise(a), || summarise(b));
        a.extend(b);
        a
    } else {
        Vec::new()
    };
    let mut p = Parsed::default();
    let mut stalled: Vec<(usize, usize)> = Vec::new();
    let mut runs_seen: Vec<(String, String, usize)> = Vec::new();
    for (j, g) in groups.iter().enumerate() {
        let first = g.first;
        let line = first + 2;
        let mut err = |field: &str, why: String| {
            if errors.len() < crate::upload::MAX_LISTED_ERRORS {
                errors.push(ImportError::new(line, field, why));
            }
        };
        if g.rows.iter().all(|&i| values.get(i as usize).is_none() && blank(i as usize)) {
            continue; // blank lines
        }
        let Some(m) = at(&metrics, j).and_then(|x| metric(&x.to_ascii_lowercase())) else {
            err("metric", format!("{:?} is not produce_throughput, consume_throughput, publish_latency or e2e_latency", at(&metrics, j).unwrap_or("")));
            continue;
        };
        let system = match at(&systems, j) {
            None => None,
            Some(s) => match SystemId::parse(s) {
                Some(x) => Some(x),
                None => {
                    err("system", format!("{:?} is not kafka, rocketmq, pulsar or pravega", s.chars().take(30).collect::<String>()));
                    continue;
                }
            },
        };
        let load = match at(&loads, j).map(str::to_ascii_lowercase).as_deref() {
            None => None,
            Some("steady") => Some(Load::Steady),
            Some("high") => Some(Load::High),
            Some("max") => Some(Load::Max),
            Some(other) => {
                err("load", format!("{:?} is not steady, high or max", other.chars().take(20).collect::<String>()));
                continue;
            }
        };
        let size = num_at(&sizes, j);
        let pct = num_at(&pcts, j);
        let unit_s = at(&units, j).unwrap_or("");
        let latency = matches!(m, Metric::PublishLatency | Metric::E2eLatency);
        if latency && !pct.is_some_and(|x| (0.0..=100.0).contains(&x)) {
            err("percentile", "latency rows need a percentile from 0 to 100".into());
            continue;
        }
        if !latency && pct.is_some() {
            err("percentile", format!("a {} row takes no percentile (percentiles are for latency rows)", at(&metrics, j).unwrap_or("")));
            continue;
        }
        // One run (same system, metric, percentile, size, load and note) in two units
        // is refused: converted, its samples would be summarised together and the
        // larger kept (a stop-27 tester's 268,000 msg/s beside 268,000 MB/s kept
        // 261,718,750 msg/s without a word).
        let run_key = format!("{system:?}|{m:?}|{pct:?}|{size:?}|{load:?}|{}", at(&notes, j).unwrap_or(""));
        match runs_seen.iter().find(|(k, _, _)| *k == run_key) {
            Some((_, u, l)) if u != unit_s => {
                err("unit", format!("this run (same system, metric, size, load and note) is given in {u} on line {l} and in {unit_s} here: one unit per run, or a note per run"));
                continue;
            }
            Some(_) => {}
            None => runs_seen.push((run_key, unit_s.to_string(), line)),
        }
        // The unit is checked even when cells are bad, so every error comes in one round.
        let unit = match normalise(1.0, unit_s, size) {
            Ok((_, unit)) => unit,
            Err(why) => {
                err("unit", why);
                continue;
            }
        };
        if latency != (unit == Unit::Ms) {
            let what = at(&metrics, j).unwrap_or("");
            err("unit", format!("{unit_s} does not fit {what}: {}", if latency { "latencies are in ms, us or s" } else { "throughput is in msg/s, MB/s, MiB/s or Mbit/s" }));
            continue;
        }
        if !cells_ok {
            continue;
        }
        let Some(&Summary { count, zeros, median, lo, hi }) = summaries.get(j) else { continue };
        if count == 0 {
            err("value", format!("all {zeros} sample(s) of this condition are 0: a stalled run is not a measurement"));
            continue;
        }
        if zeros > 0 {
            stalled.push((line, zeros));
        }
        // Unit conversion is linear: converting the median converts every sample alike.
        let Ok((value, unit)) = normalise(median, unit_s, size) else { continue };
        let note = at(&notes, j).map(str::to_string);
        let note = if count > 1 { Some(format!("median of {count} rows ({lo}–{hi} {unit_s}){}", note.map(|n| format!("; {n}")).unwrap_or_default())) } else { note };
        p.measurements.push(Measurement { line, metric: m, value, unit, percentile: if latency { pct } else { None }, load, message_bytes: size, note, system });
    }
    if !errors.is_empty() {
        errors.sort_by_key(|e| e.line);
        return Err(errors);
    }
    if let Some(&(line, _)) = stalled.first() {
        let zeros: usize = stalled.iter().map(|(_, z)| z).sum();
        p.lints.push(crate::upload::report::Lint::new(
            "stalled_samples",
            Some(line),
            format!("{zeros} zero sample(s) left out of their conditions' medians"),
            "a zero is a stalled interval (or a latency with no sample), not a measurement",
        ));
    }
    // A column no row is read from is said, not dropped unsaid (a stop-38 tester's
    // 1,000 extra columns imported without a word; a `compression` column would read
    // as if it counted).
    let ignored: Vec<String> = header.split(',').map(normal_name).filter(|h| !h.is_empty() && !READ_COLUMNS.contains(&h.as_str())).collect();
    if !ignored.is_empty() {
        let shown: Vec<String> = ignored.iter().take(8).map(|h| h.chars().take(30).collect()).collect();
        let more = if ignored.len() > shown.len() { format!(" and {} more", ignored.len() - shown.len()) } else { String::new() };
        p.lints.push(crate::upload::report::Lint::new(
            "columns_ignored",
            Some(1),
            format!("{} column(s) not read: {}{more}", ignored.len(), shown.join(", ")),
            &format!("only the template's columns are read ({}); a run's settings go in the note, its cluster in the upload's fields", READ_COLUMNS.join(", ")),
        ));
    }
    p.rows_read = Some(n);
    if n > p.measurements.len() {
        p.lints.push(crate::upload::report::Lint::new(
            "aggregated",
            None,
            format!("{n} rows reshaped into {} measurements (median per system, metric, unit, percentile, size, load and note)", p.measurements.len()),
            "repeated samples of one condition are one figure to the model; the note keeps their count and range",
        ));
    }
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn template_parses() {
        let p = parse(TEMPLATE).unwrap();
        assert_eq!(p.measurements.len(), 3);
        assert_eq!(p.measurements[1].percentile, Some(99.0));
        assert_eq!(p.measurements[0].system, Some(SystemId::Kafka));
    }

    #[test]
    fn units_normalise() {
        assert_eq!(normalise(1.0, "MB/s", Some(1000.0)).unwrap(), (1000.0, Unit::MsgPerS));
        assert_eq!(normalise(8.0, "Mbit/s", Some(1000.0)).unwrap(), (1000.0, Unit::MsgPerS));
        assert_eq!(normalise(1500.0, "us", None).unwrap(), (1.5, Unit::Ms));
        assert!(normalise(1.0, "MB/s", None).is_err());
    }

    /// A header past [`crate::upload::MAX_COLUMNS`] is refused at line 1 before polars
    /// reads it (a stop-38 tester's 100,000 columns kept the import slots busy 28 s),
    /// and a column no row is read from is said (`columns_ignored`).
    #[test]
    fn wide_headers_are_refused_and_unread_columns_said() {
        let wide = format!("system,metric,value,unit,{}\nkafka,produce_throughput,1,msg/s\n", (0..300).map(|i| format!("c{i}")).collect::<Vec<_>>().join(","));
        let e = parse(&wide).unwrap_err();
        assert_eq!((e[0].line, e[0].field.as_str()), (1, "header"), "{e:?}");
        assert!(e[0].reason.starts_with("304 columns; at most 256"), "{e:?}");
        let p = parse("system,metric,value,unit,compression,Broker count\nkafka,produce_throughput,1,msg/s,lz4,3\n").unwrap();
        let l = p.lints.iter().find(|l| l.code == "columns_ignored").expect("said");
        assert_eq!(l.message, "2 column(s) not read: compression, broker");
        assert!(parse(TEMPLATE).unwrap().lints.iter().all(|l| l.code != "columns_ignored"), "the template's columns are all read");
    }

    #[test]
    fn bad_cells_name_line_and_field() {
        let e = parse("metric,value,unit\nproduce_throughput,NaN,msg/s\nproduce_throughput,abc,msg/s\nlatency,1,ms\n").unwrap_err();
        let got: Vec<(usize, &str)> = e.iter().map(|x| (x.line, x.field.as_str())).collect();
        assert!(got.contains(&(2, "value")) && got.contains(&(3, "value")) && got.contains(&(4, "metric")), "{got:?}");
    }
}
