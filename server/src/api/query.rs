//! Decoding a raw query string into the workload pairs (repeats kept, `needs` merged).

use crate::error::ApiError;

/// Decodes `raw` (without `?`).
///
/// # Errors
/// [`ApiError::Malformed`] when the text is not form-encoded UTF-8.
pub fn pairs(raw: Option<&str>) -> Result<Vec<(String, String)>, ApiError> {
    let raw = raw.unwrap_or("");
    let v: Vec<(String, String)> = serde_urlencoded::from_str(raw).map_err(|e| ApiError::Malformed(e.to_string()))?;
    Ok(app::query::normalise(v))
}
