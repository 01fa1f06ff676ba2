//! `POST /api/v1/datasets`: import a benchmark file (multipart with a `file` part
//! and metadata fields, or a raw body with metadata in the query) → the parse
//! report. 201 when newly stored (after the commit), 200 when the same upload
//! already was or for a dry run, 422 when refused (nothing stored), 408 when it
//! ran out of time before its write began (nothing stored).

use axum::extract::{RawQuery, Request, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};

use crate::error::ApiError;
use crate::gate::ImportGate;
use crate::state::AppState;

/// `POST /api/v1/datasets` (`dry_run=1` in the query or the form: parse and
/// report, store nothing; 200, or 422 with the same report where the upload would
/// be refused).
///
/// # Errors
/// 400 for an unreadable request, 408, 413, 429, 500 for storage failures.
pub async fn post_dataset(State(s): State<AppState>, Extension(gate): Extension<ImportGate>, RawQuery(q): RawQuery, req: Request) -> Result<Response, ApiError> {
    let query = super::query::decode_pairs(q.as_deref())?;
    let out = crate::import::run(s, gate, req, query).await?;
    // A dry run answers as the upload would (a stop-40 tester: a refused file's dry
    // run said 200, so a script could not tell it from a good one).
    let status = if !out.report.accepted() {
        StatusCode::UNPROCESSABLE_ENTITY
    } else if out.dry_run {
        StatusCode::OK
    } else if out.new {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    Ok((status, Json(out.report)).into_response())
}
