//! `GET /api/v1/chart/{name}.svg?<workload query>`: the page's charts, drawn here
//! (plotters, `charts` crate) so the browser bundle carries no drawing code. The
//! names and the fields each chart reads are [`app::chart_url::Chart`]'s, the same
//! addresses the page puts in its images.

use axum::extract::{Path, RawQuery, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use app::chart_url::Chart;

use crate::error::ApiError;
use crate::state::AppState;

/// Draws one chart for the workload in the query.
///
/// Answers `image/svg+xml`. A chart with nothing to draw for this catalog (no
/// latency model, no partition grid) is an SVG saying so, not an error, so an
/// image never shows broken.
///
/// # Errors
/// 404 (JSON) for a name that is not a chart; 400 naming each invalid field or
/// unknown dataset; 500 if drawing fails.
pub async fn get_chart(State(s): State<AppState>, Path(name): Path<String>, RawQuery(q): RawQuery) -> Result<Response, ApiError> {
    let Some(chart) = Chart::from_file(&name) else {
        let names: Vec<&str> = Chart::ALL.iter().map(|c| c.file()).collect();
        let body = serde_json::json!({"error": "not_found", "message": format!("no such chart; charts: {}", names.join(", ")), "fields": [{"field": "name", "reason": "not a chart"}]});
        return Ok((StatusCode::NOT_FOUND, Json(body)).into_response());
    };
    let (w, selected) = super::plan::workload_and_data(&s, q.as_deref()).await?;
    let svg = tokio::task::spawn_blocking(move || draw(chart, &selected.page.catalog, &chart.drawn(&w)))
        .await
        .map_err(|e| ApiError::Internal(e.to_string()))??;
    // The drawing depends on the stored uploads as well as the address: the browser
    // may keep it but asks again before reusing it.
    Ok(([(header::CONTENT_TYPE, "image/svg+xml; charset=utf-8"), (header::CACHE_CONTROL, "no-cache")], svg).into_response())
}

/// The chart's SVG for workload `w` (already reduced to what the chart draws).
fn draw(chart: Chart, catalog: &capacity::Catalog, w: &capacity::Workload) -> Result<String, ApiError> {
    let failed = |e: charts::ChartError| ApiError::Internal(e.to_string());
    let planned = || capacity::plan(catalog, w).map_err(|e| ApiError::Internal(e.to_string()));
    Ok(match chart {
        Chart::Bounds => {
            let plan = planned()?;
            let best = plan.candidates.first().ok_or_else(|| ApiError::Internal("a plan without candidates".into()))?;
            charts::bounds_svg(&best.plan).map_err(failed)?
        }
        Chart::Latency => {
            let plan = planned()?;
            charts::latency_svg(catalog, &plan).map_err(failed)?.unwrap_or_else(|| charts::message_svg("p99 vs utilisation", "No system in this data has a measured p99 to draw."))
        }
        Chart::SizeCurve => charts::size_curve_svg(catalog, w).map_err(failed)?,
        Chart::Partitions => charts::partitions_svg(catalog, w.partitions).map_err(failed)?.unwrap_or_else(|| charts::message_svg("P99.9 latency vs partitions under backlog", "This data holds no partition grid to draw.")),
    })
}
