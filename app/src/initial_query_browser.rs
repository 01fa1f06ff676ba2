//! Browser side: the query of the page's own URL.

/// The page's query pairs, in order.
pub fn pairs() -> Vec<(String, String)> {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .map(|s| s.trim_start_matches('?').to_string())
        .and_then(|q| serde_urlencoded::from_str(&q).ok())
        .unwrap_or_default()
}
