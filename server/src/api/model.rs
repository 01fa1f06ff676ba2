//! `GET /api/v1/model` → the throughput model as fitted on the whole corpus: its
//! parameters, durability factors, intervals, fitted runs and the
//! leave-one-source-out validation (JSON of `capacity::throughput::ThroughputModel`).

use axum::extract::State;
use axum::Json;
use capacity::throughput::ThroughputModel;

use crate::error::ApiError;
use crate::state::AppState;

/// The fitted, validated throughput model.
///
/// # Errors
/// 500 when the catalog was loaded without one (never for the bundled data).
pub async fn get_model(State(s): State<AppState>) -> Result<Json<ThroughputModel>, ApiError> {
    s.catalog.throughput.clone().map(Json).ok_or_else(|| ApiError::Internal("no throughput model loaded".into()))
}
