//! `fn router(state) -> Router`: pages (Leptos SSR), the JSON API and static files,
//! with compression, a timeout and request tracing.

use std::time::Duration;

use axum::http::StatusCode;
use axum::routing::get;
use axum::Router;
use leptos::prelude::provide_context;
use tower_http::compression::CompressionLayer;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

use crate::api;
use crate::state::AppState;

/// Builds the application router over `state`. `timeout` bounds every request.
pub fn router(state: AppState, timeout: Duration) -> Router {
    // Leptos renders on the tokio runtime (leptos_routes would do this; the single
    // page is mounted with a plain handler). A second call is a harmless Err.
    let _ = any_spawner::Executor::init_tokio();
    let site_root = state.leptos.site_root.to_string();
    let ctx_state = state.clone();
    let shell_state = state.clone();
    Router::new()
        .route("/api/v1/plan", get(api::plan::get_plan))
        .route("/api/v1/datasets", get(api::datasets::list_datasets))
        .route("/healthz", get(|| async { "ok" }))
        .route(
            "/",
            get(leptos_axum::render_app_to_stream_with_context(
                move || provide_context(app::catalog_context::CatalogCtx(ctx_state.catalog.clone())),
                move || app::shell(shell_state.leptos.clone(), shell_state.catalog_blob.to_string()),
            )),
        )
        .nest_service("/pkg", ServeDir::new(format!("{site_root}/pkg")))
        .route_service("/favicon.svg", ServeFile::new(format!("{site_root}/favicon.svg")))
        .fallback(|| async { (StatusCode::NOT_FOUND, "not found") })
        .layer(CompressionLayer::new())
        .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, timeout))
        .layer(TraceLayer::new_for_http())
        .with_state(state)
}
