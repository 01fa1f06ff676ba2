//! Line numbers of CSV records. The CSV parsers number a row's errors and
//! citations as if every record were one line (row `i` on line `i + 2`); a quoted
//! cell that spans lines (a note with a line break) breaks that. When a file has
//! such a cell, the records' real first lines are found and the numbers moved.

use crate::upload::report::ImportError;
use crate::upload::Parsed;

/// The first line (1-based) of each data record after the header, when some
/// quoted cell spans lines and the records found match `rows` (the parser's row
/// count); None when every record is one line (or the count disagrees, so the
/// simple numbering is kept).
///
/// Quoting as RFC 4180 and polars read it: a quote opens a quoted cell only at the
/// start of a cell; `""` inside is a literal quote; CR before LF is ignored.
pub(crate) fn record_lines(text: &str, rows: usize) -> Option<Vec<usize>> {
    if !text.contains('"') {
        return None;
    }
    let scan = scan(text);
    // The first record is the header.
    let data: Vec<usize> = scan.records.iter().skip(1).map(|r| r.0).collect();
    (scan.spans && data.len() == rows).then_some(data)
}

/// Records found by [`scan`]: (first line, number of fields, only blanks) each,
/// whether a quoted cell spans lines, and the line of a quote never closed.
struct Scan {
    records: Vec<(usize, usize, bool)>,
    spans: bool,
    unclosed: Option<usize>,
}

fn scan(text: &str) -> Scan {
    let bytes = text.as_bytes();
    let mut records = Vec::new();
    let (mut line, mut record_line, mut fields, mut quote_line) = (1usize, 1usize, 1usize, 0usize);
    let (mut in_quotes, mut cell_start, mut spans, mut record_empty) = (false, true, false, true);
    // Only blanks so far: a blank or blank-looking line is no row.
    let mut record_blank = true;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if in_quotes {
            match b {
                b'"' if bytes.get(i + 1) == Some(&b'"') => i += 1,
                b'"' => in_quotes = false,
                b'\n' => {
                    line += 1;
                    spans = true;
                }
                _ => {}
            }
        } else {
            match b {
                b'"' if cell_start => {
                    in_quotes = true;
                    record_blank = false;
                    quote_line = line;
                    cell_start = false;
                    record_empty = false;
                }
                b',' => {
                    cell_start = true;
                    record_empty = false;
                    record_blank = false;
                    fields += 1;
                }
                b'\n' => {
                    records.push((record_line, fields, record_blank));
                    record_blank = true;
                    line += 1;
                    record_line = line;
                    cell_start = true;
                    record_empty = true;
                    fields = 1;
                }
                b'\r' => {}
                b' ' | b'\t' => {
                    cell_start = false;
                    record_empty = false;
                }
                _ => {
                    cell_start = false;
                    record_empty = false;
                    record_blank = false;
                }
            }
        }
        i += 1;
    }
    if !record_empty {
        records.push((record_line, fields, record_blank));
    }
    Scan { records, spans, unclosed: in_quotes.then_some(quote_line) }
}

/// Lines before the header that polars skips (empty, or a lone CR).
pub(crate) fn leading_blank_lines(text: &str) -> usize {
    let mut rest = text.as_bytes();
    let mut n = 0;
    loop {
        match rest {
            [b'\n', tail @ ..] | [b'\r', b'\n', tail @ ..] => {
                rest = tail;
                n += 1;
            }
            _ => return n,
        }
    }
}

/// The number of leading blank lines and the text after them.
fn after_leading_blanks(text: &str) -> (usize, &str) {
    let lead = leading_blank_lines(text);
    (lead, text.splitn(lead + 1, '\n').last().unwrap_or(text))
}

/// Where a CSV that polars could not read goes wrong, as (line, why): a quote
/// never closed, or the first record with more fields than the header.
pub(crate) fn first_malformed(text: &str) -> Option<(usize, String)> {
    let (lead, body) = after_leading_blanks(text);
    let scan = scan(body);
    let mut records = scan.records.iter().filter(|(_, f, _)| *f > 0);
    let (_, header, _) = *records.next()?;
    if let Some((line, fields, _)) = records.find(|(_, f, _)| *f > header) {
        return Some((line + lead, format!("{fields} fields where the header has {header}: a cell holding a comma must be quoted (\"3 brokers, acks=all\")")));
    }
    scan.unclosed.map(|l| (l + lead, "a quoted cell opened here is never closed (a quote inside a quoted cell is written twice: \"\")".to_string()))
}

/// The last record, when it has fewer fields than the header and the text does not
/// end with a line break, as (line, why): a file cut short (a stop-37 tester's `…,102`
/// cut from 1024 was stored at 102 B). Rows that merely leave out trailing optional
/// cells (a note) end with their line break and are read as before; a header's
/// trailing comma (OMB's export shape) is no field.
pub(crate) fn first_short(text: &str) -> Option<(usize, String)> {
    if text.ends_with('\n') {
        return None;
    }
    let (lead, body) = after_leading_blanks(text);
    let scan = scan(body);
    let (_, header, _) = *scan.records.iter().find(|r| !r.2)?;
    let header = if header_line_of(body).trim_end().ends_with(',') { header - 1 } else { header };
    let (line, fields, blank) = *scan.records.last()?;
    (!blank && fields < header && scan.records.len() > 1).then(|| (line + lead, format!("{fields} fields where the header has {header}, on the file's last line, with no line break after it: a file cut short is refused rather than read with its last cells empty or cut")))
}

/// The first non-blank line of `body`.
fn header_line_of(body: &str) -> &str {
    body.lines().find(|l| !l.trim().is_empty()).unwrap_or("")
}

/// The line (1-based) where a quoted cell opens and is never closed, if one does.
/// Checked before polars reads a file: polars-io 0.52 can panic on such a cell in a
/// numeric column (found by the `mqplan_csv` fuzz target).
pub(crate) fn unclosed_quote(text: &str) -> Option<usize> {
    if !text.contains('"') {
        return None;
    }
    let (lead, body) = after_leading_blanks(text);
    scan(body).unclosed.map(|l| l + lead)
}

/// Moves the line numbers in a parse result from row numbering (`i + 2`) to the
/// records' real lines (see [`record_lines`]). Line 1 (the header) and 0 (the
/// whole file) stay.
pub(crate) fn relocated(text: &str, rows: usize, result: Result<Parsed, Vec<ImportError>>) -> Result<Parsed, Vec<ImportError>> {
    // polars skips empty lines before the header; every line after them moves down.
    let (lead, body) = after_leading_blanks(text);
    let lines = record_lines(body, rows);
    if lines.is_none() && lead == 0 {
        return result;
    }
    let real = |line: usize| {
        let moved = match &lines {
            Some(lines) if line >= 2 => lines.get(line - 2).copied().unwrap_or(line),
            _ => line,
        };
        if line >= 1 { moved + lead } else { moved }
    };
    match result {
        Ok(mut p) => {
            for m in &mut p.measurements {
                m.line = real(m.line);
            }
            for l in &mut p.lints {
                l.line = l.line.map(real);
            }
            Ok(p)
        }
        Err(mut errors) => {
            for e in &mut errors {
                e.line = real(e.line);
            }
            Err(errors)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_records_need_no_map() {
        assert_eq!(record_lines("a,b\n1,x\n2,y\n", 2), None);
        assert_eq!(record_lines("a,b\n1,\"x, quoted\"\n2,y\n", 2), None);
    }

    #[test]
    fn quoted_line_breaks_move_later_records() {
        let text = "a,b\n1,\"two\nlines\"\n2,y\n3,\"three\r\nmore\nlines\"\n4,z";
        assert_eq!(record_lines(text, 4), Some(vec![2, 4, 5, 8]));
    }

    #[test]
    fn escaped_and_mid_cell_quotes_do_not_open_a_cell() {
        // `5" disk` is a literal quote (not at the start of the cell); `""` is an escape.
        let text = "a,b\n1,5\" disk\n2,\"say \"\"hi\"\"\nthere\"\n3,y\n";
        assert_eq!(record_lines(text, 3), Some(vec![2, 3, 5]));
    }

    #[test]
    fn blank_lines_are_records_as_polars_reads_them() {
        let text = "a,b\n1,\"x\ny\"\n\n2,z\n";
        assert_eq!(record_lines(text, 3), Some(vec![2, 4, 5]));
    }

    #[test]
    fn malformed_records_are_located() {
        assert_eq!(first_malformed("a,b\n1,x\n2,y,z\n").map(|x| x.0), Some(3));
        assert_eq!(first_malformed("\n\na,b\n1,x\n2,y,z\n").map(|x| x.0), Some(5));
        assert_eq!(first_malformed("a,b\n1,x\n2,\"open\n3,z\n").map(|x| x.0), Some(3));
        assert_eq!(first_malformed("a,b\n1,x\n"), None);
    }

    #[test]
    fn leading_empty_lines_are_counted() {
        assert_eq!(leading_blank_lines("\n\r\na,b\n"), 2);
        assert_eq!(leading_blank_lines("a,b\n"), 0);
        assert_eq!(leading_blank_lines("\n\n"), 2);
    }

    #[test]
    fn a_count_that_disagrees_keeps_simple_numbering() {
        assert_eq!(record_lines("a,b\n1,\"x\ny\"\n", 5), None);
    }
}
