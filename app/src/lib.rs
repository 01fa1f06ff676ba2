#![recursion_limit = "256"]
//! mqplan's Leptos UI. The advisor page is a GET form whose query is the workload;
//! the server renders the whole plan (no JavaScript needed) and the hydrated page
//! re-plans in the browser on every change with the same capacity crate.
//!
//! Features: `ssr` (server rendering, used by the server crate) and `hydrate`
//! (the browser bundle Trunk builds).

pub mod browser;
pub mod catalog_context;
pub mod components;
pub mod format;
pub mod query;
pub mod routes;

#[cfg(feature = "hydrate")]
mod hydrate;

use leptos::prelude::*;
use leptos_meta::{provide_meta_context, Title};
use leptos_router::components::{Route, Router, Routes};
use leptos_router::StaticSegment;

/// The HTML document. `catalog_json` is the fitted catalog the browser re-plans
/// with; it is embedded as inert JSON (every `<` escaped) in the head.
pub fn shell(options: LeptosOptions, catalog_json: String) -> impl IntoView {
    view! {
        <!DOCTYPE html>
        <html lang="en">
            <head>
                <meta charset="utf-8" />
                <meta name="viewport" content="width=device-width, initial-scale=1" />
                <meta name="description" content="mqplan: message-broker capacity planning and selection from measured benchmarks" />
                <link rel="stylesheet" href="/pkg/main.css" />
                <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
                <script type="application/json" id="mqplan-catalog" inner_html=catalog_json></script>
                <HydrationScripts options />
                <leptos_meta::MetaTags />
            </head>
            <body>
                <App />
            </body>
        </html>
    }
}

/// The application: one route, the advisor.
#[component]
pub fn App() -> impl IntoView {
    provide_meta_context();
    view! {
        <Title text="mqplan — message broker capacity advisor" />
        <Router>
            <Routes fallback=|| view! { <main class="page"><h1>"Not found"</h1><p><a href="/">"Back to the advisor"</a></p></main> }>
                <Route path=StaticSegment("") view=routes::advisor::AdvisorPage />
            </Routes>
        </Router>
    }
}
