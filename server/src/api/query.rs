//! Decoding a raw query string into the workload pairs (repeats kept, `needs` merged).

use crate::error::{truncate, ApiError};

/// Decodes one `application/x-www-form-urlencoded` component (`+` is a space),
/// refusing bytes that are not UTF-8 instead of replacing them with U+FFFD.
fn decode(part: &str) -> Result<String, String> {
    let spaced = part.replace('+', " ");
    percent_encoding::percent_decode_str(&spaced)
        .decode_utf8()
        .map(std::borrow::Cow::into_owned)
        .map_err(|_| format!("{:?} is not UTF-8 once percent-decoded", truncate(part, 40)))
}

/// Decodes `raw` (without `?`) into its name–value pairs, in order, names and
/// values percent-decoded (`dry%5Frun=1` is `dry_run=1`).
///
/// # Errors
/// [`ApiError::Malformed`] when a name or value is not UTF-8.
pub fn decode_pairs(raw: Option<&str>) -> Result<Vec<(String, String)>, ApiError> {
    let mut out = Vec::new();
    for piece in raw.unwrap_or("").split('&').filter(|p| !p.is_empty()) {
        let (k, v) = piece.split_once('=').unwrap_or((piece, ""));
        out.push((decode(k).map_err(ApiError::Malformed)?, decode(v).map_err(ApiError::Malformed)?));
    }
    Ok(out)
}

/// Decodes `raw` (without `?`) into the workload pairs.
///
/// # Errors
/// [`ApiError::Malformed`] when the text is not form-encoded UTF-8.
pub fn pairs(raw: Option<&str>) -> Result<Vec<(String, String)>, ApiError> {
    Ok(app::query::normalise(decode_pairs(raw)?))
}
