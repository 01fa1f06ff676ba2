//! `GET /api/v1/datasets/template.csv`: the mqplan CSV template.

use axum::http::header;
use axum::response::IntoResponse;

/// `GET /api/v1/datasets/template.csv`.
pub async fn csv_template() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/csv; charset=utf-8"), (header::CONTENT_DISPOSITION, "attachment; filename=\"mqplan-template.csv\"")], ingest::upload::formats::mqplan_csv::TEMPLATE)
}
