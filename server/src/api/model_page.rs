//! `GET /model` → the validation page (server-rendered HTML, no JavaScript needed).

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Html;

use crate::state::AppState;

/// The page.
pub async fn get_model_page(State(s): State<AppState>) -> Result<Html<String>, (StatusCode, &'static str)> {
    match &s.catalog.throughput {
        Some(t) => Ok(Html(crate::model_report::model_page(t))),
        None => Err((StatusCode::INTERNAL_SERVER_ERROR, "no throughput model loaded")),
    }
}
