//! The browser entry point: read the embedded catalog, then hydrate the page.

use std::sync::Arc;

use leptos::prelude::*;

use crate::catalog_context::CatalogCtx;

/// Called by the generated JS once the WASM loads.
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn hydrate() {
    console_error_panic_hook::set_once();
    let data = crate::browser::embedded_page_data().map(Arc::new);
    leptos::mount::hydrate_body(move || {
        if let Some(d) = data.clone() {
            provide_context(CatalogCtx(d));
        }
        view! { <crate::App /> }
    });
}
