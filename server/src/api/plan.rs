//! `GET /api/v1/plan?<workload query>` → the plan as JSON (contract in README).

use axum::extract::{RawQuery, State};
use axum::Json;
use capacity::Plan;

use crate::error::ApiError;
use crate::state::AppState;

/// Plans the workload in the query.
///
/// # Errors
/// 400 naming each invalid field; 500 only if the catalog is empty.
pub async fn get_plan(State(s): State<AppState>, RawQuery(q): RawQuery) -> Result<Json<Plan>, ApiError> {
    let pairs = super::query::pairs(q.as_deref())?;
    let w = app::query::parse(&pairs).map_err(ApiError::Invalid)?;
    let plan = capacity::plan(&s.catalog, &w).map_err(|e| ApiError::Internal(e.to_string()))?;
    Ok(Json(plan))
}
