//! `GET /api/v1/chart/{name}.svg?<workload query>`: the page's charts, drawn here
//! (plotters, `charts` crate) so the browser bundle carries no drawing code. The
//! names and the fields each chart reads are [`app::chart_url::Chart`]'s, the same
//! addresses the page puts in its images.

use axum::extract::{Path, RawQuery, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use app::chart_url::Chart;

use crate::error::ApiError;
use crate::state::AppState;

/// Draws one chart for the workload in the query.
///
/// Answers `image/svg+xml` with a weak `ETag` (a digest of the drawing), and `304
/// Not Modified` without a body when the request's `If-None-Match` names it: the
/// browser revalidates every image (`no-cache`) and is sent only what changed. A
/// chart with nothing to draw for this catalog (no latency model, no partition
/// grid) is an SVG saying so, not an error, so an image never shows broken.
///
/// The data is the page's: a dataset the page plans without (unknown, expired, or an
/// upload that cannot be fitted alone) is left out here too, so the page's images
/// draw what it planned rather than showing broken (a hostile tester saw all four
/// broken beside a page that said it planned without the dataset).
///
/// # Errors
/// 404 (JSON) for a name that is not a chart; 400 naming each invalid field; 500 if
/// drawing fails.
pub async fn get_chart(State(s): State<AppState>, Path(name): Path<String>, RawQuery(q): RawQuery, headers: HeaderMap) -> Result<Response, ApiError> {
    let Some(chart) = Chart::from_file(&name) else {
        let names: Vec<&str> = Chart::ALL.iter().map(|c| c.file()).collect();
        let body = serde_json::json!({"error": "not_found", "message": format!("no such chart; charts: {}", names.join(", ")), "fields": [{"field": "name", "reason": "not a chart"}]});
        return Ok((StatusCode::NOT_FOUND, Json(body)).into_response());
    };
    let (w, selected) = super::plan::workload_data_as_selected(&s, q.as_deref()).await?;
    let svg = tokio::task::spawn_blocking(move || draw(chart, &selected.page.catalog, &chart.drawn(&w)))
        .await
        .map_err(|e| ApiError::Internal(e.to_string()))??;
    // The drawing depends on the stored uploads as well as the address: the browser
    // may keep it but asks again before reusing it, and its copy is still good when
    // the digest matches.
    let etag = etag_of(&svg);
    let cache = [(header::CACHE_CONTROL, "no-cache".to_string()), (header::ETAG, etag.clone())];
    if if_none_match(&headers, &etag) {
        // A 304 repeats the headers a 200 would carry for caching (RFC 9110 §15.4.5:
        // `Vary`, which the compression layer adds to a 200 only).
        return Ok((StatusCode::NOT_MODIFIED, cache, [(header::VARY, "accept-encoding".to_string())]).into_response());
    }
    Ok(([(header::CONTENT_TYPE, "image/svg+xml; charset=utf-8".to_string())], cache, svg).into_response())
}

/// A weak entity tag for `body`: the first 16 bytes of its BLAKE3 digest, in hex.
/// Weak because the compression layer may re-encode the bytes it describes.
fn etag_of(body: &str) -> String {
    let hex = blake3::hash(body.as_bytes()).to_hex();
    format!("W/\"{}\"", &hex.as_str()[..32])
}

/// Whether the request's `If-None-Match` names `etag` (weak comparison, RFC 9110
/// §13.1.2) or is `*`.
fn if_none_match(headers: &HeaderMap, etag: &str) -> bool {
    let bare = |t: &str| t.trim().trim_start_matches("W/").to_string();
    headers.get_all(header::IF_NONE_MATCH).iter().filter_map(|v| v.to_str().ok()).flat_map(|v| v.split(',')).any(|t| t.trim() == "*" || bare(t) == bare(etag))
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
