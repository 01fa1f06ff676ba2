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
}

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

/// The first Markdown table; `None` when there is none.
pub fn markdown(text: &str) -> Option<Table> {
    // pulldown-cmark builds the whole document's tree before the first event (about
    // 15× the text for a long table): a text with more lines holding a `|` than a
    // header, its delimiter and MAX_TABLE_ROWS rows is counted, not parsed.
    let piped = text.lines().filter(|l| l.contains('|')).count();
    if piped > MAX_TABLE_ROWS + 2 {
        return Some(Table { rows_over: piped - 2 - MAX_TABLE_ROWS, ..Table::default() });
    }
    let starts = line_starts(text);
    let mut table = Table::default();
    let (mut tables, mut in_head) = (0usize, false);
    let mut row: Option<(usize, Vec<String>)> = None;
    let mut cell: Option<String> = None;
    for (ev, range) in Parser::new_ext(text, Options::ENABLE_TABLES).into_offset_iter() {
        match ev {
            Event::Start(Tag::Table(_)) => tables += 1,
            _ if tables != 1 => {}
            Event::Start(Tag::TableHead) => {
                in_head = true;
                row = Some((line_of(&starts, range.start), Vec::new()));
            }
            Event::Start(Tag::TableRow) if !in_head => row = Some((line_of(&starts, range.start), Vec::new())),
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
                if let Some(r) = row.take() {
                    table.header = r;
                }
            }
            Event::End(TagEnd::TableRow) if !in_head => {
                if let Some(r) = row.take() {
                    if table.rows.len() < MAX_TABLE_ROWS {
                        table.rows.push(r);
                    } else {
                        table.rows_over += 1;
                    }
                }
            }
            _ => {}
        }
    }
    table.more_tables = tables.saturating_sub(1);
    (tables > 0).then_some(table)
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

/// The first HTML table; `None` when there is none.
pub fn html(text: &str) -> Option<Table> {
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
    let mut rows: Vec<(usize, Vec<String>)> = Vec::new();
    let mut rows_over = 0;
    let mut at = start;
    while let Some(tr) = find_tag(&lower, at, end, "tr") {
        let row_end = find_tag(&lower, tr + 3, end, "tr").unwrap_or(end);
        let row_close = lower[tr..row_end].find("</tr").map_or(row_end, |e| tr + e);
        let mut cells = Vec::new();
        let mut c = tr + 3;
        loop {
            let next = [find_tag(&lower, c, row_close, "td"), find_tag(&lower, c, row_close, "th")].into_iter().flatten().min();
            let Some(open) = next else { break };
            let body = lower[open..row_close].find('>').map_or(row_close, |g| open + g + 1);
            let close = [find_tag(&lower, body, row_close, "td"), find_tag(&lower, body, row_close, "th"), lower[body..row_close].find("</t").map(|e| body + e)].into_iter().flatten().min().unwrap_or(row_close);
            cells.push(cell_text(&text[body..close]));
            c = close.max(body);
            if c >= row_close {
                break;
            }
            if lower[c..].starts_with("</t") {
                c += 3;
            }
        }
        // The header row and MAX_TABLE_ROWS body rows are kept; the rest counted.
        if !cells.is_empty() && rows.len() <= MAX_TABLE_ROWS {
            rows.push((line_of(&starts, tr), cells));
        } else if !cells.is_empty() {
            rows_over += 1;
        }
        at = row_end;
    }
    let mut it = rows.into_iter();
    let header = it.next()?;
    Some(Table { header, rows: it.collect(), more_tables, rows_over })
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

    #[test]
    fn html_cells_drop_tags_and_decode_entities() {
        let t = html("<p>x</p>\n<table>\n<tr><th>System</th><th>p99&nbsp;(&micro;s)</th></tr>\n<tr><td><b>Kafka</b></td><td>1&#x2009;234</td></tr>\n<tr><td>Pulsar<td>7\n</table><table></table>").expect("table");
        // non-breaking and thin spaces are folded into plain ones
        assert_eq!(t.header, (3, vec!["System".to_string(), "p99 (µs)".into()]));
        assert_eq!(t.rows, vec![(4, vec!["Kafka".to_string(), "1 234".into()]), (5, vec!["Pulsar".to_string(), "7".into()])]);
        assert_eq!(t.more_tables, 1);
        assert!(html("<tbody><track>").is_none());
    }
}
