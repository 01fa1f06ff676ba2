//! The browser entry point: read the embedded catalog, then hydrate the page.

use std::sync::Arc;

use leptos::prelude::*;

use crate::catalog_context::CatalogCtx;

/// Called by the generated JS once the WASM loads.
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn hydrate() {
    console_error_panic_hook::set_once();
    let catalog = crate::browser::embedded_catalog();
    leptos::mount::hydrate_body(move || {
        if let Some(c) = catalog.clone() {
            provide_context(CatalogCtx(Arc::new(c)));
        }
        view! { <crate::App /> }
    });
}
