//! Small helpers for line-oriented tool output.

/// The number right after `label` in `line` (skipping spaces), e.g.
/// `after("Send TPS: 4281 Max RT", "Send TPS:") == Some(4281.0)`.
pub fn after(line: &str, label: &str) -> Option<f64> {
    let i = line.find(label)? + label.len();
    number_at(&line[i..])
}

/// The first number at the start of `s` (after spaces). None when it is followed
/// by a comma and a digit: `4,281` (thousands) or `100003,6` (a decimal comma) is
/// ambiguous, and reading `4` or `100003` would be silently wrong. None too when a
/// letter joins it to more digits: `18x321.2` is garbled, not 18 (a stop-40 tester),
/// while a unit written on, `299ms`, still reads 299.
pub fn number_at(s: &str) -> Option<f64> {
    let s = s.trim_start();
    let end = s.find(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | '-' | '+' | 'e' | 'E'))).unwrap_or(s.len());
    if comma_digit(&s[end..]) || joined_to_digits(&s[end..]) {
        return None;
    }
    s[..end].parse().ok().filter(|x: &f64| x.is_finite())
}

/// Whether `rest` (what follows a number) starts with a letter and its token, up to
/// a space or punctuation, holds a digit: the number is part of a garbled token.
fn joined_to_digits(rest: &str) -> bool {
    rest.starts_with(|c: char| c.is_alphabetic()) && rest.chars().take_while(|c| !c.is_whitespace() && !matches!(c, ',' | ';' | '(' | ')' | '|')).any(|c| c.is_ascii_digit())
}

/// Whether `rest` starts with a comma and a digit.
fn comma_digit(rest: &str) -> bool {
    let mut c = rest.chars();
    c.next() == Some(',') && c.next().is_some_and(|d| d.is_ascii_digit())
}

/// The number right before `label` (e.g. `before("5000000 records sent", " records sent")`),
/// sign and exponent included (`-743`, `1e300` are read as written, for the range
/// checks to refuse). None after a digit and a comma (`235,249.8`: ambiguous).
pub fn before(line: &str, label: &str) -> Option<f64> {
    let i = line.find(label)?;
    let head = line[..i].trim_end();
    let start = tail_start(head, |c| c.is_ascii_digit() || matches!(c, '.' | '-' | '+' | 'e' | 'E'));
    let lead = &head[..start];
    if lead.ends_with(',') && lead[..lead.len() - 1].ends_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    // `1x8 records sent`: a letter written onto the number garbles it.
    if lead.ends_with(|c: char| c.is_ascii_alphabetic()) && lead.contains(|c: char| c.is_ascii_digit()) {
        return None;
    }
    head[start..].trim_start_matches(['e', 'E']).parse().ok().filter(|x: &f64| x.is_finite())
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
        // Signs and exponents are kept (for the range checks); comma-grouped or
        // decimal-comma numbers are not guessed at.
        assert_eq!(before("x, -743 ms 99th", " ms 99th"), Some(-743.0));
        assert_eq!(before("x, 1e300 ms 99th", " ms 99th"), Some(1e300));
        assert_eq!(before("sent, 235,249.8 records/sec", " records/sec"), None);
        assert_eq!(after("Send TPS: 4,281 Max RT", "Send TPS:"), None);
        assert_eq!(after("Throughput produced: 100003,6 msg/s", "Throughput produced:"), None);
        assert_eq!(after("a: 5, b: 6", "a:"), Some(5.0));
        // A garbled token is no number; a unit written onto one still reads.
        assert_eq!(after("sent, 18x321.2 records/sec", "sent,"), None);
        assert_eq!(after("Max RT: 299ms", "Max RT:"), Some(299.0));
        assert_eq!(after("x: 5a, y", "x:"), Some(5.0));
        assert_eq!(before("906606x1 records sent", " records sent"), None);
        assert_eq!(before("2x 5 records sent", " records sent"), Some(5.0));
    }
}
