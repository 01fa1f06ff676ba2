//! `GET /api/v1/datasets/{id}/csv`: the stored rows as mqplan CSV (formula cells neutralised).

use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};

use super::dataset::{checked_id, load, not_found};
use crate::error::ApiError;
use crate::state::AppState;

/// `GET /api/v1/datasets/{id}/csv`.
///
/// # Errors
/// 400 for a malformed id, 500 for storage failures (an unknown id is the JSON 404 "no such dataset").
pub async fn get_dataset_csv(State(s): State<AppState>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let id = checked_id(&id)?;
    let Some(rec) = load(&s, id).await? else { return Ok(not_found()) };
    let csv = ingest::upload::export::to_csv(&rec.dataset).map_err(ApiError::Internal)?;
    Ok(([(header::CONTENT_TYPE, "text/csv; charset=utf-8"), (header::CONTENT_DISPOSITION, "attachment; filename=\"mqplan-dataset.csv\"")], csv).into_response())
}
