//! Small helpers for line-oriented tool output.

/// The number right after `label` in `line` (skipping spaces), e.g.
/// `after("Send TPS: 4281 Max RT", "Send TPS:") == Some(4281.0)`.
pub fn after(line: &str, label: &str) -> Option<f64> {
    let i = line.find(label)? + label.len();
    number_at(&line[i..])
}

/// The first number at the start of `s` (after spaces).
pub fn number_at(s: &str) -> Option<f64> {
    let s = s.trim_start();
    let end = s.find(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | '-' | '+' | 'e' | 'E'))).unwrap_or(s.len());
    s[..end].parse().ok().filter(|x: &f64| x.is_finite())
}

/// The number right before `label` (e.g. `before("5000000 records sent", " records sent")`).
pub fn before(line: &str, label: &str) -> Option<f64> {
    let i = line.find(label)?;
    let head = line[..i].trim_end();
    head[tail_start(head, |c| c.is_ascii_digit() || c == '.')..].parse().ok()
}

/// Byte index where the trailing run of characters matching `keep` starts
/// (always a character boundary, whatever precedes the run).
pub fn tail_start(s: &str, keep: impl Fn(char) -> bool) -> usize {
    s.char_indices().rev().find(|(_, c)| !keep(*c)).map_or(0, |(i, c)| i + c.len_utf8())
}

/// The value of a `--flag value` or `-f value` option in a command line.
pub fn flag<'a>(line: &'a str, names: &[&str]) -> Option<&'a str> {
    let mut it = line.split_whitespace();
    while let Some(tok) = it.next() {
        if names.contains(&tok) {
            return it.next();
        }
    }
    None
}

/// The value of `key=value` in a command line.
pub fn kv<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    line.split_whitespace().find_map(|t| t.strip_prefix(key).and_then(|r| r.strip_prefix('=')))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_found_by_their_labels() {
        assert_eq!(after("Send TPS: 4281 Max RT: 299", "Send TPS:"), Some(4281.0));
        assert_eq!(after("Max RT: 299 Average RT: 0.233", "Average RT:"), Some(0.233));
        assert_eq!(before("5000000 records sent, 1 x", " records sent"), Some(5_000_000.0));
        assert_eq!(flag("perf --record-size 250 --x", &["--record-size"]), Some("250"));
        assert_eq!(kv("a acks=1 b=2", "acks"), Some("1"));
        assert_eq!(after("x: NaN", "x:"), None);
        // A multi-byte character right before the number must not split a slice.
        assert_eq!(before("é5 records sent", " records sent"), Some(5.0));
        assert_eq!(before("é records sent", " records sent"), None);
    }
}
