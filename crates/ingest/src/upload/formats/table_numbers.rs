//! Numbers as results tables write them, thousands separators handled explicitly.
//!
//! A table uses one convention, decided from all its cells before any is read:
//! - **decimal point** (the default): `1,234,567.8`, `1 234 567` (space, no-break
//!   or thin space) group thousands; a comma that does not group three digits
//!   (`12,5`, `1,23`) is an error naming its cell;
//! - **decimal comma**, when some cell can only be read that way (`12,5`,
//!   `3,14159`, `1.234,5`): `1.234.567,8` / `1 234,5` group with dots or spaces.
//!
//! A table showing both (`1,234.5` in one cell, `12,5` in another) is refused. A
//! lone `1,234` under the default convention is read as 1234 and said so (the
//! caller lints it): no other cell shows a decimal comma.

/// How a table writes its decimals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Convention {
    /// `1,234.5`.
    DecimalPoint,
    /// `1.234,5`.
    DecimalComma,
}

/// Characters that group thousands besides `,` and `.`.
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\u{a0}' | '\u{2009}' | '\u{202f}' | '\'')
}

/// The leading numeric token of `s` (digits, separators, sign) and the rest.
pub fn split_number(s: &str) -> (&str, &str) {
    let s = s.trim();
    let mut end = 0;
    for (i, c) in s.char_indices() {
        let sep_ok = (is_space(c) || c == ',' || c == '.') && s[i + c.len_utf8()..].starts_with(|d: char| d.is_ascii_digit());
        if c.is_ascii_digit() || (i == 0 && (c == '-' || c == '+')) || sep_ok {
            end = i + c.len_utf8();
        } else {
            break;
        }
    }
    (&s[..end], s[end..].trim())
}

/// What a token says about the convention: Some(DecimalComma) when only a decimal
/// comma reads it, Some(DecimalPoint) when only grouping commas do.
pub fn evidence(token: &str) -> Option<Convention> {
    let t: String = token.chars().filter(|c| !is_space(*c)).collect();
    let t = t.trim_start_matches(['-', '+']);
    let (commas, dots) = (t.matches(',').count(), t.matches('.').count());
    if commas == 1 && dots == 0 {
        let frac = t.rsplit(',').next().unwrap_or("");
        return (frac.len() != 3).then_some(Convention::DecimalComma);
    }
    if commas == 1 && dots >= 1 && t.rfind(',') > t.rfind('.') {
        return Some(Convention::DecimalComma);
    }
    if dots >= 2 && commas == 0 {
        return Some(Convention::DecimalComma);
    }
    if commas >= 1 && dots == 1 && t.rfind('.') > t.rfind(',') {
        return Some(Convention::DecimalPoint);
    }
    if commas >= 2 && dots == 0 {
        return Some(Convention::DecimalPoint);
    }
    None
}

/// Whether `int` is digits grouped by `sep` in threes (`1,234,567`).
fn grouped(int: &str, sep: char) -> bool {
    let parts: Vec<&str> = int.split(sep).collect();
    parts.len() == 1 || (!parts[0].is_empty() && parts[0].len() <= 3 && parts[1..].iter().all(|p| p.len() == 3) && parts.iter().all(|p| p.chars().all(|c| c.is_ascii_digit())))
}

/// Reads `token` under `conv`. Ok((value, grouped_by_lone_comma)): the flag is true
/// for a `1,234` read as 1234 under the default convention.
///
/// # Errors
/// Why the token is not a number under the convention.
pub fn read(token: &str, conv: Convention) -> Result<(f64, bool), String> {
    if token.is_empty() {
        return Err("no number".into());
    }
    // Spaces group thousands under both conventions.
    let spaced: Vec<&str> = token.split(is_space).collect();
    if spaced.len() > 1 && !(spaced[0].len() <= 3 + usize::from(spaced[0].starts_with(['-', '+'])) && spaced[1..spaced.len() - 1].iter().all(|p| p.len() == 3) && spaced.last().is_some_and(|p| p.split([',', '.']).next().is_some_and(|i| i.len() == 3))) {
        return Err(format!("{token:?}: spaces inside a number must group thousands (1 234 567)"));
    }
    let t: String = token.chars().filter(|c| !is_space(*c)).collect();
    let (sign, body) = match t.strip_prefix('-') {
        Some(b) => (-1.0, b.to_string()),
        None => (1.0, t.trim_start_matches('+').to_string()),
    };
    let (dec, group) = match conv {
        Convention::DecimalPoint => ('.', ','),
        Convention::DecimalComma => (',', '.'),
    };
    if body.matches(dec).count() > 1 {
        return Err(format!("{token:?}: more than one decimal {}", if dec == '.' { "point" } else { "comma" }));
    }
    let (int, frac) = body.split_once(dec).unwrap_or((&body, ""));
    if !grouped(int, group) {
        let why = match conv {
            Convention::DecimalPoint => "a comma that does not group thousands (this table writes decimals with a point)",
            Convention::DecimalComma => "a dot that does not group thousands (this table writes decimals with a comma)",
        };
        return Err(format!("{token:?}: {why}"));
    }
    if frac.contains(group) {
        return Err(format!("{token:?}: a thousands separator after the decimal {}", if dec == '.' { "point" } else { "comma" }));
    }
    let plain = format!("{}.{}", int.replace(group, ""), if frac.is_empty() { "0" } else { frac });
    let v: f64 = plain.parse().map_err(|_| format!("{token:?} is not a number"))?;
    let lone = conv == Convention::DecimalPoint && int.contains(group) && int.matches(group).count() == 1 && frac.is_empty();
    Ok((sign * v, lone))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn separators_follow_the_tables_convention() {
        let p = Convention::DecimalPoint;
        let c = Convention::DecimalComma;
        assert_eq!(read("1,234,567.5", p), Ok((1_234_567.5, false)));
        assert_eq!(read("1 234 567", p), Ok((1_234_567.0, false)));
        assert_eq!(read("1,234", p), Ok((1234.0, true)), "a lone grouping comma is flagged");
        assert!(read("12,5", p).is_err_and(|e| e.contains("does not group")));
        assert!(read("1,23,456", p).is_err(), "lakh grouping is not guessed");
        assert_eq!(read("1.234.567,8", c), Ok((1_234_567.8, false)));
        assert_eq!(read("12,5", c), Ok((12.5, false)));
        assert_eq!(read("1 234,5", c), Ok((1234.5, false)));
        assert!(read("1.5", c).is_err(), "a dot must group thousands under decimal commas");
        assert!(read("12 34", p).is_err());
        assert_eq!(read("-3.5", p), Ok((-3.5, false)));
    }

    #[test]
    fn evidence_names_only_unambiguous_tokens() {
        assert_eq!(evidence("12,5"), Some(Convention::DecimalComma));
        assert_eq!(evidence("1.234,5"), Some(Convention::DecimalComma));
        assert_eq!(evidence("1.234.567"), Some(Convention::DecimalComma));
        assert_eq!(evidence("1,234.5"), Some(Convention::DecimalPoint));
        assert_eq!(evidence("1,234,567"), Some(Convention::DecimalPoint));
        assert_eq!(evidence("1,234"), None);
        assert_eq!(evidence("1.5"), None);
        assert_eq!(split_number("1,234.5 msg/s"), ("1,234.5", "msg/s"));
        assert_eq!(split_number("250k"), ("250", "k"));
        assert_eq!(split_number("3 ms"), ("3", "ms"));
        assert_eq!(split_number("1 234 KB"), ("1 234", "KB"));
    }
}
