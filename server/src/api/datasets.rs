//! `GET /api/v1/datasets` → every loaded row with its citation, per source file.

use axum::extract::State;
use axum::Json;
use capacity::dataset::Dataset;
use serde::Serialize;

use crate::state::AppState;

/// One data file.
#[derive(Serialize)]
pub struct DatasetFile<'a> {
    /// File name under data/.
    pub file: &'a str,
    /// Row count.
    pub rows: usize,
    /// The content.
    pub dataset: &'a Dataset,
}

/// Response body.
#[derive(Serialize)]
pub struct Datasets<'a> {
    /// The files.
    pub datasets: Vec<DatasetFile<'a>>,
    /// Systems that could not be fitted, and why.
    pub unfitted: Vec<(String, String)>,
}

/// Lists the recorded datasets.
pub async fn list_datasets(State(s): State<AppState>) -> Json<serde_json::Value> {
    let body = Datasets {
        datasets: s.datasets.iter().map(|(f, d)| DatasetFile { file: f, rows: d.rows.len(), dataset: d }).collect(),
        unfitted: s.catalog.unfitted.iter().map(|(sys, why)| (sys.id().to_string(), why.clone())).collect(),
    };
    Json(serde_json::to_value(body).unwrap_or_default())
}
