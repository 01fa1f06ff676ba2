//! URL query ⇄ workload: the share-link contract's browser side. Repeated `needs`
//! values (checkboxes) are joined into the documented comma list.

use capacity::selection::DataSelection;
use capacity::{FieldError, Workload};

/// Query pairs as submitted (order kept). `needs` given several times is merged;
/// `hw` is read without regard to case, like the other vocabularies.
pub fn normalise(pairs: impl IntoIterator<Item = (String, String)>) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for (k, v) in pairs {
        let v = as_page_text(&v);
        let v = if k == "hw" { v.trim().to_ascii_lowercase() } else { v };
        if k == "needs" {
            if let Some((_, existing)) = out.iter_mut().find(|(kk, _)| kk == "needs") {
                if !v.trim().is_empty() {
                    if !existing.is_empty() {
                        existing.push(',');
                    }
                    existing.push_str(v.trim());
                }
                continue;
            }
        }
        out.push((k, v));
    }
    out
}

/// `s` as an HTML page can carry it: NUL as U+FFFD and CR as LF, what a browser's
/// parser makes of them, so the server's page (form values, warnings) holds the text
/// the browser will read (a hostile tester found raw NUL and CR bytes in `value=`
/// attributes from `?mbps=%00&size=%0D`).
pub fn as_page_text(s: &str) -> String {
    if s.contains(['\0', '\r']) { s.replace("\r\n", "\n").replace('\r', "\n").replace('\0', "\u{fffd}") } else { s.to_string() }
}

/// Parses normalised pairs into a workload.
///
/// # Errors
/// Every bad field, named.
pub fn parse(pairs: &[(String, String)]) -> Result<Workload, Vec<FieldError>> {
    Workload::from_params(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
}

/// Encodes pairs as a URL query string (form encoding, `,` kept readable).
pub fn encode(pairs: &[(impl AsRef<str>, impl AsRef<str>)]) -> String {
    let v: Vec<(&str, &str)> = pairs.iter().map(|(k, v)| (k.as_ref(), v.as_ref())).collect();
    serde_urlencoded::to_string(v).unwrap_or_default().replace("%2C", ",")
}

/// The data selection (`dataset=…`, `data=…`) in the pairs.
///
/// # Errors
/// Malformed ids or mode, named.
pub fn selection(pairs: &[(String, String)]) -> Result<DataSelection, Vec<FieldError>> {
    DataSelection::from_params(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
}

/// The share-link query for a workload and data selection (canonical, every
/// workload value explicit, then the dataset ids).
pub fn share_query(w: &Workload, sel: &DataSelection) -> String {
    let mut pairs: Vec<(&str, String)> = w.to_params();
    pairs.extend(sel.to_params());
    encode(&pairs)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// NUL and CR become what a browser's parser makes of them; the value stays
    /// invalid where it was (a NUL is no number), and other text is untouched.
    #[test]
    fn values_hold_no_nul_or_cr_for_the_page() {
        let p = normalise(vec![("mbps".into(), "\0".into()), ("size".into(), "1\r\n2\r".into()), ("note".into(), "é<b>".into())]);
        assert_eq!(p[0].1, "\u{fffd}");
        assert_eq!(p[1].1, "1\n2\n");
        assert_eq!(p[2].1, "é<b>");
        assert!(parse(&p[..1]).is_err(), "still not a number");
    }

    #[test]
    fn checkbox_needs_merge_into_a_comma_list() {
        let p = normalise(vec![("needs".into(), "delay".into()), ("size".into(), "10".into()), ("needs".into(), "transactions".into())]);
        assert_eq!(p, vec![("needs".to_string(), "delay,transactions".to_string()), ("size".into(), "10".into())]);
        let w = parse(&p).expect("valid");
        assert_eq!(w.needs.len(), 2);
    }

    #[test]
    fn share_query_round_trips() {
        let w = parse(&[("msgs".into(), "5000".into()), ("size".into(), "2048".into()), ("needs".into(), "delay,trace".into())]).expect("valid");
        let q = share_query(&w, &DataSelection::default());
        assert!(q.contains("needs=delay,trace"), "{q}");
        let pairs: Vec<(String, String)> = serde_urlencoded::from_str(&q).expect("decodes");
        assert_eq!(parse(&normalise(pairs)).expect("valid"), w);
    }
}
