//! Browser-only effects (URL, clipboard, hydration marker). They compile on the
//! server too but are only called from event handlers and effects, which never
//! run there.

/// Replaces the address bar's query without a page load.
pub fn replace_query(query: &str) {
    if let Some(w) = web_sys::window() {
        if let Ok(h) = w.history() {
            let url = if query.is_empty() { "/".to_string() } else { format!("/?{query}") };
            let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
        }
    }
}

/// Loads the page for `query` (a whole page load: the server builds the catalog the
/// query's datasets select).
pub fn load_query(query: &str) {
    if let Some(w) = web_sys::window() {
        let _ = w.location().assign(&if query.is_empty() { "/".to_string() } else { format!("/?{query}") });
    }
}

/// The current page URL.
pub fn current_url() -> Option<String> {
    web_sys::window().and_then(|w| w.location().href().ok())
}

/// Copies `text` to the clipboard (fire and forget).
pub fn copy_to_clipboard(text: &str) {
    if let Some(w) = web_sys::window() {
        let _ = w.navigator().clipboard().write_text(text);
    }
}

/// Marks `<body data-hydrated="true">` so tests know the WASM is live.
pub fn mark_hydrated() {
    if let Some(b) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.body()) {
        let _ = b.set_attribute("data-hydrated", "true");
    }
}

/// Reads the page data the server embedded in the page head.
pub fn embedded_page_data() -> Option<crate::catalog_context::PageData> {
    let doc = web_sys::window()?.document()?;
    let text = doc.get_element_by_id("mqplan-catalog")?.text_content()?;
    crate::catalog_context::unembed(&text)
}
