//! `fn router(state) -> Router`: pages (Leptos SSR), the JSON API and static files,
//! with compression, a timeout and request tracing.

use std::time::Duration;

use axum::http::StatusCode;
use axum::routing::get;
use axum::Router;
use leptos::prelude::provide_context;
use leptos_axum::{generate_route_list, LeptosRoutes};
use tower_http::compression::CompressionLayer;
use tower_http::services::ServeDir;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

use crate::api;
use crate::state::AppState;

/// Builds the application router over `state`. `timeout` bounds every request.
pub fn router(state: AppState, timeout: Duration) -> Router {
    let routes = generate_route_list(app::App);
    let site_root = state.leptos.site_root.to_string();
    let ctx_state = state.clone();
    let shell_state = state.clone();
    Router::new()
        .route("/api/v1/plan", get(api::plan::get_plan))
        .route("/api/v1/datasets", get(api::datasets::list_datasets))
        .route("/healthz", get(|| async { "ok" }))
        .leptos_routes_with_context(
            &state,
            routes,
            move || provide_context(app::catalog_context::CatalogCtx(ctx_state.catalog.clone())),
            move || app::shell(shell_state.leptos.clone(), shell_state.catalog_json.to_string()),
        )
        .nest_service("/pkg", ServeDir::new(format!("{site_root}/pkg")))
        .fallback_service(ServeDir::new(site_root).not_found_service(get(|| async { (StatusCode::NOT_FOUND, "not found") })))
        .layer(CompressionLayer::new())
        .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, timeout))
        .layer(TraceLayer::new_for_http())
        .with_state(state)
}
