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
    let bytes = text.as_bytes();
    let mut starts = Vec::with_capacity(rows + 1);
    let (mut line, mut record_line) = (1usize, 1usize);
    let (mut in_quotes, mut cell_start, mut spans, mut record_empty) = (false, true, false, true);
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
                    cell_start = false;
                    record_empty = false;
                }
                b',' => {
                    cell_start = true;
                    record_empty = false;
                }
                b'\n' => {
                    starts.push(record_line);
                    line += 1;
                    record_line = line;
                    cell_start = true;
                    record_empty = true;
                }
                b'\r' => {}
                _ => {
                    cell_start = false;
                    record_empty = false;
                }
            }
        }
        i += 1;
    }
    if !record_empty {
        starts.push(record_line);
    }
    // The first record is the header.
    let data = starts.get(1..)?;
    (spans && data.len() == rows).then(|| data.to_vec())
}

/// Moves the line numbers in a parse result from row numbering (`i + 2`) to the
/// records' real lines (see [`record_lines`]). Line 1 (the header) and 0 (the
/// whole file) stay.
pub(crate) fn relocated(text: &str, rows: usize, result: Result<Parsed, Vec<ImportError>>) -> Result<Parsed, Vec<ImportError>> {
    let Some(lines) = record_lines(text, rows) else {
        return result;
    };
    let real = |line: usize| if line >= 2 { lines.get(line - 2).copied().unwrap_or(line) } else { line };
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
    fn a_count_that_disagrees_keeps_simple_numbering() {
        assert_eq!(record_lines("a,b\n1,\"x\ny\"\n", 5), None);
    }
}
