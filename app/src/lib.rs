#![recursion_limit = "256"]
//! mqplan's Leptos UI. The advisor page is a GET form whose query is the workload;
//! the server renders the whole plan (no JavaScript needed) and the hydrated page
//! re-plans in the browser on every change with the same capacity crate.
//!
//! Features: `ssr` (server rendering, used by the server crate) and `hydrate`
//! (the browser bundle Trunk builds).

pub mod browser;
pub mod catalog_context;
pub mod chart_url;
pub mod components;
pub mod format;
pub mod query;
pub mod routes;

// The query the page opens with: from the request on the server, from
// `location.search` in the browser.
#[cfg(feature = "ssr")]
#[path = "initial_query_server.rs"]
mod initial_query;
#[cfg(not(feature = "ssr"))]
#[path = "initial_query_browser.rs"]
mod initial_query;

#[cfg(feature = "hydrate")]
mod hydrate;

use leptos::prelude::*;
use leptos_meta::{provide_meta_context, Title};

/// The HTML document. The page data the browser re-plans with (catalog, uploads)
/// is embedded in the head as inert hex text (postcard bytes); the server provides it in
/// context as [`catalog_context::EmbeddedPageData`].
pub fn shell(options: LeptosOptions) -> impl IntoView {
    // Shared with the cache (state.rs), not copied: one embedded text per data selection.
    let blob = use_context::<catalog_context::EmbeddedPageData>().map(|b| b.0);
    view! {
        <!DOCTYPE html>
        <html lang="en">
            <head>
                <meta charset="utf-8" />
                <meta name="viewport" content="width=device-width, initial-scale=1" />
                <meta name="description" content="mqplan: message-broker capacity planning and selection from measured benchmarks" />
                <link rel="stylesheet" href="/pkg/main.css" />
                <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
                <script type="application/octet-stream" id="mqplan-catalog" inner_html=blob></script>
                <script src="/upload.js" defer></script>
                <HydrationScripts options />
                <leptos_meta::MetaTags />
            </head>
            <body>
                <App />
            </body>
        </html>
    }
}

/// The application: one page, the advisor (served at `/`; the server answers
/// other paths with 404). No client-side router: the page never navigates.
#[component]
pub fn App() -> impl IntoView {
    provide_meta_context();
    view! {
        <Title text="mqplan — message broker capacity advisor" />
        <routes::advisor::AdvisorPage />
    }
}
