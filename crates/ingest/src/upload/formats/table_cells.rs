//! The cells of the first table in a Markdown or HTML text, each row with its
//! 1-based line. Markdown is read by `pulldown-cmark` (GFM tables: escaped pipes,
//! inline code and emphasis in cells are its job); HTML tables by a small reader of
//! `<tr>` / `<th>` / `<td>` (tags inside a cell are dropped, the common entities
//! decoded; `colspan` / `rowspan` are not expanded, so such a row is refused by
//! its cell count).

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

/// A table: its header row and its body rows, each `(line, cells)`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Table {
    /// `(line, header cells)`.
    pub header: (usize, Vec<String>),
    /// `(line, cells)` per body row.
    pub rows: Vec<(usize, Vec<String>)>,
    /// Further tables in the text (not read).
    pub more_tables: usize,
    /// Body rows past [`MAX_TABLE_ROWS`]: counted, not kept (a hostile tester's
    /// 2.5 M-row table held 1.5 GB before it was refused for its measurements).
    pub rows_over: usize,
    /// A Markdown table line past [`MAX_TABLE_LINE_BYTES`]: `(line, bytes)`; the table
    /// is read no further.
    pub too_long: Option<(usize, usize)>,
}

/// Longest line of a Markdown table read, bytes. Past it the upload is refused:
/// pulldown-cmark holds some 75 bytes per bracket or emphasis mark of a cell while it
/// reads it (a hostile tester's cell of 30 M `[` took 2.25 GB).
pub const MAX_TABLE_LINE_BYTES: usize = 64 * 1024;

/// A Markdown text up to this long is read whole by pulldown-cmark ([`markdown`]).
const WHOLE_TEXT_BYTES: usize = 1 << 20;

/// Body lines of a Markdown table are handed to pulldown-cmark about this many bytes
/// at a time, each piece behind the header and delimiter rows, so what it holds is
/// bounded by the piece, not by the file.
const CHUNK_BYTES: usize = 256 * 1024;

/// Body rows a table keeps: each row is at least one measurement, so past
/// [`crate::upload::MAX_MEASUREMENTS`] rows the upload is refused anyway.
pub const MAX_TABLE_ROWS: usize = crate::upload::MAX_MEASUREMENTS;

/// Whether `text` holds an HTML table rather than a Markdown one.
pub fn is_html(text: &str) -> bool {
    let head: String = text.chars().take(64 * 1024).collect::<String>().to_ascii_lowercase();
    head.contains("<table") && !head.lines().any(|l| l.trim_start().starts_with('|'))
}

/// 1-based line of byte offset `at`.
fn line_of(starts: &[usize], at: usize) -> usize {
    starts.partition_point(|s| *s <= at)
}

fn line_starts(text: &str) -> Vec<usize> {
    std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect()
}

/// Whether `line` is a GFM delimiter row (`|---|:--:|`): dashes, colons, pipes and
/// blanks, with at least one dash. Only where one follows a line with a `|` is
/// pulldown-cmark asked whether a table starts.
fn is_delimiter_row(line: &str) -> bool {
    let t = line.trim();
    t.contains('-') && t.chars().all(|c| matches!(c, '|' | '-' | ':' | ' ' | '\t'))
}

/// The first Markdown table; `None` when there is none. A text up to
/// [`WHOLE_TEXT_BYTES`] is read whole. In a longer one the header and delimiter rows
/// are found line by line (a line with a `|`, then a delimiter row: a table in a list
/// item, a quote or a code block is not told apart there), and pulldown-cmark reads
/// them with the body rows a piece of [`CHUNK_BYTES`] at a time: text before the table
/// is never parsed, and no piece holds more than a few MB however long the file.
pub fn markdown(text: &str) -> Option<Table> {
    // A text with more lines holding a `|` than a header, its delimiter and
    // MAX_TABLE_ROWS rows is counted, not parsed.
    let piped = text.lines().filter(|l| l.contains('|')).count();
    if piped > MAX_TABLE_ROWS + 2 {
        return Some(Table { rows_over: piped - 2 - MAX_TABLE_ROWS, ..Table::default() });
    }
    // A text of up to a MiB is read whole, as GFM reads it (a table in a list item or
    // a quote, one shown in a code block, reference links in cells): pulldown-cmark
    // holds at most some 75 MB for it. Longer ones are read by lines and pieces.
    if text.len() <= WHOLE_TEXT_BYTES {
        let (header, rows, _, tables) = read_piece(text, None);
        let header = header?;
        let rows_over = rows.len().saturating_sub(MAX_TABLE_ROWS);
        let mut rows = rows;
        rows.truncate(MAX_TABLE_ROWS);
        return Some(Table { header, rows, more_tables: tables.saturating_sub(1), rows_over, too_long: None });
    }
    let starts = line_starts(text);
    // Line i (0-based) without its line break.
    let line = |i: usize| -> &str {
        let end = starts.get(i + 1).map_or(text.len(), |e| e - 1);
        text[starts[i]..end].strip_suffix('\r').unwrap_or(&text[starts[i]..end])
    };
    let n = starts.len();
    let mut table = Table::default();
    let mut header_at = None;
    for i in 0..n.saturating_sub(1) {
        if !(line(i).contains('|') && is_delimiter_row(line(i + 1))) {
            continue;
        }
        for k in [i, i + 1] {
            if line(k).len() > MAX_TABLE_LINE_BYTES {
                return Some(Table { too_long: Some((k + 1, line(k).len())), ..Table::default() });
            }
        }
        let head = format!("{}\n{}\n", line(i), line(i + 1));
        let (header, _, _, _) = read_piece(&head, Some(&[i + 1, i + 2]));
        if let Some(h) = header {
            table.header = h;
            header_at = Some((i, head));
            break;
        }
    }
    let (i, head) = header_at?;
    // Body lines: up to the first blank line (GFM ends a table there), in pieces.
    let mut j = i + 2;
    let mut ended = false;
    while j < n && !ended && !line(j).trim().is_empty() {
        let mut piece = head.clone();
        let mut lines = vec![i + 1, i + 2];
        while j < n && !line(j).trim().is_empty() && piece.len() < CHUNK_BYTES {
            if line(j).len() > MAX_TABLE_LINE_BYTES {
                table.too_long = Some((j + 1, line(j).len()));
                return Some(table);
            }
            piece.push_str(line(j));
            piece.push('\n');
            lines.push(j + 1);
            j += 1;
        }
        let (_, rows, stopped, _) = read_piece(&piece, Some(&lines));
        for r in rows {
            if table.rows.len() < MAX_TABLE_ROWS {
                table.rows.push(r);
            } else {
                table.rows_over += 1;
            }
        }
        // Another block started inside the piece: the table ended there.
        ended = stopped;
    }
    // Further tables (counted, not read): a line with a `|` over a delimiter row.
    table.more_tables = (j..n.saturating_sub(1)).filter(|&k| line(k).contains('|') && is_delimiter_row(line(k + 1))).count();
    Some(table)
}

/// pulldown-cmark's reading of one piece (a header and delimiter row, then body
/// rows): the header cells, the body rows, and whether anything but the table
/// followed in the piece. `lines[k]` is the file's 1-based line of the piece's line k.
/// With `lines` None the piece is the whole text: its lines are the file's, and it is
/// read to the end (the tables after the first counted) rather than stopped there.
fn read_piece(piece: &str, lines: Option<&[usize]>) -> (Option<(usize, Vec<String>)>, Vec<(usize, Vec<String>)>, bool, usize) {
    let starts = line_starts(piece);
    let line_at = |at: usize| match lines {
        Some(lines) => lines.get(line_of(&starts, at).saturating_sub(1)).copied().unwrap_or(0),
        None => line_of(&starts, at),
    };
    let (mut header, mut rows) = (None, Vec::new());
    let (mut tables, mut in_head, mut after) = (0usize, false, false);
    let mut row: Option<(usize, Vec<String>)> = None;
    let mut cell: Option<String> = None;
    for (ev, range) in Parser::new_ext(piece, Options::ENABLE_TABLES).into_offset_iter() {
        match ev {
            Event::Start(Tag::Table(_)) => tables += 1,
            Event::End(TagEnd::Table) => after = true,
            Event::Start(_) if lines.is_some() && (after || tables == 0) => return (header, rows, true, tables),
            _ if tables != 1 => {}
            Event::Start(Tag::TableHead) => {
                in_head = true;
                row = Some((line_at(range.start), Vec::new()));
            }
            Event::Start(Tag::TableRow) if !in_head => row = Some((line_at(range.start), Vec::new())),
            Event::Start(Tag::TableCell) => cell = Some(String::new()),
            // Inline HTML in a cell (`<br>`, `<b>`) is markup, not text.
            Event::Text(t) | Event::Code(t) => {
                if let Some(c) = cell.as_mut() {
                    c.push_str(&t);
                }
            }
            Event::SoftBreak | Event::HardBreak => {
                if let Some(c) = cell.as_mut() {
                    c.push(' ');
                }
            }
            Event::End(TagEnd::TableCell) => {
                if let (Some(c), Some((_, cells))) = (cell.take(), row.as_mut()) {
                    cells.push(c.trim().to_string());
                }
            }
            Event::End(TagEnd::TableHead) => {
                in_head = false;
                header = row.take();
            }
            Event::End(TagEnd::TableRow) if !in_head => {
                if let Some(r) = row.take() {
                    // A whole text's rows past the cap are counted by the caller.
                    rows.push(r);
                }
            }
            _ => {}
        }
    }
    (header, rows, false, tables)
}

/// Position of the next `<name` tag (followed by `>`, `/` or white space) in
/// `lower[from..to]`.
fn find_tag(lower: &str, from: usize, to: usize, name: &str) -> Option<usize> {
    let pat = format!("<{name}");
    let mut at = from;
    while at < to {
        let i = at + lower.get(at..to)?.find(&pat)?;
        let next = lower[i + pat.len()..].chars().next();
        if next.is_some_and(|c| c == '>' || c == '/' || c.is_whitespace()) {
            return Some(i);
        }
        at = i + pat.len();
    }
    None
}

/// A cell's text: tags dropped, entities decoded, white space folded.
fn cell_text(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    let decoded = decode_entities(&out);
    decoded.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn decode_entities(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let end = tail.find(';').filter(|e| *e <= 10);
        let decoded = end.and_then(|e| {
            let name = &tail[1..e];
            let ch = match name {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" | "#39" => Some('\''),
                "nbsp" => Some('\u{a0}'),
                "thinsp" => Some('\u{2009}'),
                "micro" => Some('µ'),
                _ => name
                    .strip_prefix("#x")
                    .or_else(|| name.strip_prefix("#X"))
                    .and_then(|h| u32::from_str_radix(h, 16).ok())
                    .or_else(|| name.strip_prefix('#').and_then(|d| d.parse().ok()))
                    .and_then(char::from_u32),
            };
            ch.map(|c| (c, e + 1))
        });
        match decoded {
            Some((c, len)) => {
                out.push(c);
                rest = &tail[len..];
            }
            None => {
                out.push('&');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// `text` with what a browser never shows as table content blanked: comments and the
/// insides of `<script>`, `<style>` and `<template>` become spaces, byte for byte, new
/// lines kept, so offsets and line numbers hold (a stop-42 tester's commented-out row
/// of 999,999 msg/s was imported and the live table beside it dropped). An
/// unterminated one runs to the end, as a browser reads it.
fn blank_inert(text: &str) -> String {
    let lower = text.to_ascii_lowercase();
    let mut bytes = text.as_bytes().to_vec();
    let mut at = 0;
    while let Some(i) = lower[at..].find('<').map(|i| at + i) {
        let close = if lower[i..].starts_with("<!--") {
            Some("-->")
        } else {
            ["script", "style", "template"].into_iter().find(|n| find_tag(&lower, i, (i + n.len() + 2).min(lower.len()), n) == Some(i)).map(|n| match n {
                "script" => "</script",
                "style" => "</style",
                _ => "</template",
            })
        };
        let Some(close) = close else {
            at = i + 1;
            continue;
        };
        // To the closing tag's own `>` (a comment's `-->` is whole).
        let end = lower[i + 1..].find(close).map_or(lower.len(), |e| {
            let after = i + 1 + e + close.len();
            if close == "-->" { after } else { lower[after..].find('>').map_or(lower.len(), |g| after + g + 1) }
        });
        for b in &mut bytes[i..end] {
            if *b != b'\n' {
                *b = b' ';
            }
        }
        at = end.max(i + 1);
        if at >= lower.len() {
            break;
        }
    }
    // Only whole characters were replaced by ASCII spaces.
    String::from_utf8(bytes).unwrap_or_else(|_| text.to_string())
}

/// The first HTML table; `None` when there is none.
pub fn html(text: &str) -> Option<Table> {
    let blanked = blank_inert(text);
    let text = blanked.as_str();
    // ASCII lower-casing keeps every byte offset.
    let lower = text.to_ascii_lowercase();
    let starts = line_starts(text);
    let start = find_tag(&lower, 0, lower.len(), "table")?;
    let end = lower[start..].find("</table").map_or(lower.len(), |e| start + e);
    let more_tables = {
        let mut n = 0;
        let mut at = end;
        while let Some(i) = find_tag(&lower, at, lower.len(), "table") {
            n += 1;
            at = i + 6;
        }
        n
    };
    // One pass over the table's tags: a cell runs from its `<td>` / `<th>` to the next
    // cell, `</t…` or row; a row from its `<tr` to the next row or `</tr`. (Each cell
    // had searched to the end of its row: a 3 MB row of 150,000 cells ran for minutes.)
    let mut rows: Vec<(usize, Vec<String>)> = Vec::new();
    let mut rows_over = 0;
    let mut row: Option<(usize, Vec<String>)> = None;
    let mut body: Option<usize> = None;
    let mut finish_row = |row: &mut Option<(usize, Vec<String>)>, rows: &mut Vec<(usize, Vec<String>)>| {
        // The header row and MAX_TABLE_ROWS body rows are kept; the rest counted.
        match row.take() {
            Some(r) if !r.1.is_empty() && rows.len() <= MAX_TABLE_ROWS => rows.push(r),
            Some(r) if !r.1.is_empty() => rows_over += 1,
            _ => {}
        }
    };
    let is_tag = |i: usize, name: &str| lower[i + 1..].starts_with(name) && lower[i + 1 + name.len()..].chars().next().is_some_and(|c| c == '>' || c == '/' || c.is_whitespace());
    let mut at = start + 1;
    while let Some(i) = lower.get(at..end).and_then(|r| r.find('<')).map(|r| at + r) {
        let (cell_open, row_open) = (is_tag(i, "td") || is_tag(i, "th"), is_tag(i, "tr"));
        let closing = lower[i..].starts_with("</t");
        if cell_open || row_open || closing {
            if let (Some(b), Some((_, cells))) = (body.take(), row.as_mut()) {
                cells.push(cell_text(&text[b..i]));
            }
        }
        if row_open || lower[i..].starts_with("</tr") {
            finish_row(&mut row, &mut rows);
            if row_open {
                row = Some((line_of(&starts, i), Vec::new()));
            }
        }
        at = i + 1;
        if cell_open && row.is_some() {
            let b = lower[i..end].find('>').map_or(end, |g| i + g + 1);
            body = Some(b);
            at = b.max(at);
        }
    }
    if let (Some(b), Some((_, cells))) = (body.take(), row.as_mut()) {
        cells.push(cell_text(&text[b..end]));
    }
    finish_row(&mut row, &mut rows);
    let mut it = rows.into_iter();
    let header = it.next()?;
    Some(Table { header, rows: it.collect(), more_tables, rows_over, too_long: None })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_cells_come_with_their_lines() {
        let t = markdown("Results:\n\n| System | Rate (msg/s) | Note |\n|---|--:|---|\n| Kafka | 1,234 | a \\| b `x` |\n| **Pulsar** | 5 | |\n").expect("table");
        assert_eq!(t.header, (3, vec!["System".to_string(), "Rate (msg/s)".into(), "Note".into()]));
        assert_eq!(t.rows[0], (5, vec!["Kafka".to_string(), "1,234".into(), "a | b x".into()]));
        assert_eq!(t.rows[1], (6, vec!["Pulsar".to_string(), "5".into(), String::new()]));
        assert!(markdown("no table here\n").is_none());
    }

    /// A text of up to a MiB is read as GFM reads it (a stop-37 reviewer: the line
    /// reader missed a table in a list item or a quote, read one shown in a code block,
    /// and lost reference links in cells).
    #[test]
    fn a_short_markdown_text_is_read_whole() {
        let listed = markdown("- results:\n\n  | System | Rate (msg/s) |\n  |---|---|\n  | Kafka | 10 |\n").expect("table in a list item");
        assert_eq!(listed.rows, vec![(5, vec!["Kafka".to_string(), "10".into()])]);
        let quoted = markdown("> | System | Rate (msg/s) |\n> |---|---|\n> | Kafka | 10 |\n").expect("table in a quote");
        assert_eq!(quoted.rows.len(), 1);
        let fenced = markdown("```\n| a | b |\n|---|---|\n| 1 | 2 |\n```\n\n| System | Rate (msg/s) |\n|---|---|\n| Kafka | 10 |\n").expect("the real table");
        assert_eq!((fenced.header.1[0].as_str(), fenced.more_tables), ("System", 0));
        let linked = markdown("| System | Rate (msg/s) |\n|---|---|\n| [Kafka][k] | 10 |\n\n[k]: https://kafka.apache.org\n").expect("table");
        assert_eq!(linked.rows[0].1[0], "Kafka");
    }

    #[test]
    fn html_cells_drop_tags_and_decode_entities() {
        let t = html("<p>x</p>\n<table>\n<tr><th>System</th><th>p99&nbsp;(&micro;s)</th></tr>\n<tr><td><b>Kafka</b></td><td>1&#x2009;234</td></tr>\n<tr><td>Pulsar<td>7\n</table><table></table>").expect("table");
        // non-breaking and thin spaces are folded into plain ones
        assert_eq!(t.header, (3, vec!["System".to_string(), "p99 (µs)".into()]));
        assert_eq!(t.rows, vec![(4, vec!["Kafka".to_string(), "1 234".into()]), (5, vec!["Pulsar".to_string(), "7".into()])]);
        assert_eq!(t.more_tables, 1);
        assert!(html("<tbody><track>").is_none());
    }

    /// Rows in comments, scripts and templates are not the table (a stop-42 tester):
    /// the live table is read, on its own lines, and a script inside a cell is dropped.
    #[test]
    fn html_comments_scripts_and_templates_are_not_read() {
        let t = html("<!-- old:\n<table><tr><th>system</th><th>msg/s</th></tr>\n<tr><td>Kafka</td><td>999999</td></tr></table>\n-->\n<table><tr><th>system</th><th>msg/s</th></tr>\n<!-- <tr><td>Kafka</td><td>1</td></tr> -->\n<tr><td>Kafka<script>alert(3)</script></td><td>120000</td></tr><template><tr><td>x</td></tr></template></table>").expect("table");
        assert_eq!(t.more_tables, 0);
        assert_eq!(t.rows, vec![(7, vec!["Kafka".to_string(), "120000".to_string()])]);
        assert_eq!(t.header.0, 5);
        assert!(html("<!-- <table><tr><td>a</td></tr></table>").is_none(), "unterminated comment");
    }
}
