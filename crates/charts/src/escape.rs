//! XML escaping for text placed in SVG.

/// Escapes `&`, `<`, `>`, `"` and `'` for XML text and attributes.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn markup_is_neutralised() {
        assert_eq!(super::escape("<svg onload='x'>&"), "&lt;svg onload=&#39;x&#39;&gt;&amp;");
    }
}
