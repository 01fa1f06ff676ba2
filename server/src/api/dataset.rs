//! `GET /api/v1/datasets/{id}`: a stored upload's rows and report.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

use crate::error::ApiError;
use crate::state::AppState;
use crate::storage::StoredDataset;

/// The id, lower-cased, when it is one (16 hex digits).
///
/// # Errors
/// 400 naming `id`.
pub fn checked_id(id: &str) -> Result<String, ApiError> {
    let id = id.to_ascii_lowercase();
    if capacity::selection::is_dataset_id(&id) {
        Ok(id)
    } else {
        Err(ApiError::Invalid(vec![capacity::FieldError::new("id", "not a dataset id (16 hex digits)")]))
    }
}

/// Reads one stored dataset off the async threads.
///
/// # Errors
/// 500 for storage failures.
pub async fn load(s: &AppState, id: String) -> Result<Option<StoredDataset>, ApiError> {
    let store = s.store.clone();
    tokio::task::spawn_blocking(move || store.get(&id)).await.map_err(|e| ApiError::Internal(e.to_string()))?.map_err(|e| ApiError::Internal(e.to_string()))
}

/// The 404 for an id that is not stored, in the API's JSON error shape.
pub fn not_found() -> Response {
    (StatusCode::NOT_FOUND, Json(serde_json::json!({"error": "not_found", "message": "no such dataset", "fields": [{"field": "id", "reason": "no such dataset"}]}))).into_response()
}

/// `GET /api/v1/datasets/{id}`.
///
/// # Errors
/// 400 for a malformed id, 500 for storage failures (an unknown id is a 404 answer).
pub async fn get_dataset(State(s): State<AppState>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let id = checked_id(&id)?;
    Ok(match load(&s, id).await? {
        Some(r) => Json(r).into_response(),
        None => not_found(),
    })
}
