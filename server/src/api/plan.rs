//! `GET /api/v1/plan?<workload query>` → the plan as JSON (contract in README).

use std::sync::Arc;

use axum::extract::{RawQuery, State};
use axum::Json;
use capacity::{Plan, Workload};

use crate::error::ApiError;
use crate::state::{AppState, Selected};

/// The workload in `q` and the data it selects, loaded (off the async threads: the
/// first selection of an upload reads the store and fits), as the page plans with it:
/// unknown datasets left out, said in the selection's notices.
///
/// # Errors
/// 400 naming each invalid field; 500 on a storage failure.
pub(crate) async fn workload_data_as_selected(s: &AppState, q: Option<&str>) -> Result<(Workload, Arc<Selected>), ApiError> {
    let pairs = super::query::pairs(q)?;
    let w = app::query::parse(&pairs);
    let sel = capacity::selection::DataSelection::from_params(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())));
    let (w, sel) = match (w, sel) {
        (Ok(w), Ok(s)) => (w, s),
        (w, s) => return Err(ApiError::Invalid(w.err().unwrap_or_default().into_iter().chain(s.err().unwrap_or_default()).collect())),
    };
    let selected = tokio::task::spawn_blocking({
        let s = s.clone();
        move || s.select(&sel)
    })
    .await
    .map_err(|e| ApiError::Internal(e.to_string()))?
    .map_err(|e| ApiError::Internal(e.to_string()))?;
    Ok((w, selected))
}

/// [`workload_data_as_selected`], refusing a selection with notices (an unknown or
/// expired dataset, an upload that cannot be fitted alone) as 400s naming them.
///
/// # Errors
/// 400 naming each invalid field or unknown dataset; 500 on a storage failure.
pub(crate) async fn workload_and_data(s: &AppState, q: Option<&str>) -> Result<(Workload, Arc<Selected>), ApiError> {
    let (w, selected) = workload_data_as_selected(s, q).await?;
    if !selected.page.notices.is_empty() {
        return Err(ApiError::Invalid(selected.page.notices.clone()));
    }
    Ok((w, selected))
}

/// Plans the workload in the query.
///
/// # Errors
/// 400 naming each invalid field; 500 only if the catalog is empty.
pub async fn get_plan(State(s): State<AppState>, RawQuery(q): RawQuery) -> Result<Json<Plan>, ApiError> {
    let (w, selected) = workload_and_data(&s, q.as_deref()).await?;
    let plan = capacity::plan(&selected.page.catalog, &w).map_err(|e| ApiError::Internal(e.to_string()))?;
    Ok(Json(plan))
}
