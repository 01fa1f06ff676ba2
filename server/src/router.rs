//! `fn router(state, limits) -> Router`: the page (Leptos SSR), the JSON API,
//! uploads and static files, with compression, timeouts, request tracing, a body
//! cap (413), per-client upload rate limits (429, requests and bytes), bounded
//! request heads (414 / 431), security headers and the cross-site POST refusal
//! (403); under `/api/` every error is JSON.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::Router;
use leptos::prelude::{provide_context, use_context};
use tower_governor::governor::GovernorConfigBuilder;
use tower_governor::key_extractor::PeerIpKeyExtractor;
use tower_governor::GovernorLayer;
use tower_http::compression::CompressionLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::timeout::{RequestBodyTimeoutLayer, TimeoutLayer};
use tower_http::trace::TraceLayer;

use crate::api;
use crate::state::AppState;

/// Request limits.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Per-request timeout (uploads: the whole read, parse and store).
    pub timeout: Duration,
    /// Longest wait for the next piece of an upload body.
    pub body_timeout: Duration,
    /// Largest upload body, bytes.
    pub max_upload_bytes: usize,
    /// Uploads a client may send in a burst…
    pub upload_burst: u32,
    /// …and one more per this many seconds after it.
    pub upload_refill_secs: u64,
    /// Upload bytes a client may send per minute, MiB (burst: four minutes' worth; 0: no byte quota).
    pub upload_mib_per_min: u32,
    /// Imports parsed at once.
    pub max_imports: usize,
    /// Upload bodies held at once across every client, bytes (past it: 503 `busy`).
    pub upload_inflight_bytes: usize,
}

impl Default for Limits {
    /// 10 s timeout (and body stall); 64 MiB uploads (a 1M-row CSV is ~40 MB); a
    /// burst of 10 uploads per client, then one every 6 s (10 a minute); 64 MiB of
    /// uploads per client a minute after a 256 MiB burst; 2 imports parsed at once;
    /// 192 MiB of upload bodies held at once in all.
    fn default() -> Self {
        Limits {
            timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            max_upload_bytes: 64 * 1024 * 1024,
            upload_burst: 10,
            upload_refill_secs: 6,
            upload_mib_per_min: 64,
            max_imports: 2,
            upload_inflight_bytes: 3 * 64 * 1024 * 1024,
        }
    }
}

/// The page (`GET /`): the query's data selection is fitted off the async workers, as
/// the API's is — a selection naming uploads refits the model (≈ 0.2 s for eight),
/// and fitted on a worker it stalled every other request, `/healthz` included, and
/// the request timeout with them (a hostile tester: `/healthz` at 8 s with 64 such
/// pages in flight) — then rendered with it.
async fn page(axum::extract::State(state): axum::extract::State<AppState>, req: axum::extract::Request) -> axum::response::Response {
    let pairs: Vec<(String, String)> = req.uri().query().and_then(|q| serde_urlencoded::from_str(q).ok()).unwrap_or_default();
    let sel = capacity::selection::DataSelection::from_params(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str()))).unwrap_or_default();
    let st = state.clone();
    let selected = tokio::task::spawn_blocking(move || {
        st.select(&sel).or_else(|e| {
            tracing::error!(error = %e, "dataset store");
            st.select(&capacity::selection::DataSelection::default())
        })
    })
    .await
    .ok()
    .and_then(Result::ok);
    let options = state.leptos.clone();
    let render = leptos_axum::render_app_to_stream_with_context(move || provide_page_data(selected.as_deref()), move || app::shell(options.clone()));
    render(req).await
}

/// The page's contexts: the CSP nonce of this response and the selection's data.
fn provide_page_data(selected: Option<&crate::state::Selected>) {
    let parts = use_context::<http::request::Parts>();
    // The nonce the security-headers layer put in this response's CSP.
    if let Some(n) = parts.as_ref().and_then(|p| p.extensions.get::<crate::headers::CspNonce>()) {
        provide_context(leptos::nonce::Nonce::from_value(n.0.clone()));
    }
    if let Some(sel) = selected {
        provide_context(app::catalog_context::CatalogCtx(sel.page.clone()));
        provide_context(app::catalog_context::EmbeddedPageData(sel.blob.clone()));
    }
}

/// The 429 answer as the API's JSON error, with a `Retry-After` of at least 1 s.
fn rate_limited(e: tower_governor::GovernorError, burst: u32, refill_secs: u64) -> axum::response::Response {
    use axum::response::IntoResponse;
    match e {
        tower_governor::GovernorError::TooManyRequests { wait_time, .. } => {
            let wait = wait_time.max(1);
            let body = serde_json::json!({
                "error": "rate_limited",
                "message": format!("too many uploads from this address (dry runs included): {burst} at once, then one every {refill_secs} s; retry in {wait} s"),
                "fields": [],
            });
            // `Connection: close`: the unread body is not drained, so the connection
            // is closed cleanly after the answer rather than reset mid-request.
            (StatusCode::TOO_MANY_REQUESTS, [(axum::http::header::RETRY_AFTER, wait.to_string()), (axum::http::header::CONNECTION, "close".to_string())], axum::Json(body)).into_response()
        }
        mut other => other.as_response(),
    }
}

/// Longest request target (path and query) answered, bytes: past it 414.
pub const MAX_URI_BYTES: usize = 8 * 1024;
/// Largest request headers answered, bytes in all: past it 431.
pub const MAX_HEADER_BYTES: usize = 32 * 1024;

/// 414 / 431 for a request target or headers past [`MAX_URI_BYTES`] /
/// [`MAX_HEADER_BYTES`] (heads past the connection's own limit get its bare 431).
async fn bounded_head(req: axum::extract::Request, next: axum::middleware::Next) -> axum::response::Response {
    use axum::response::IntoResponse;
    let uri = req.uri().path_and_query().map_or(0, |p| p.as_str().len());
    let headers: usize = req.headers().iter().map(|(k, v)| k.as_str().len() + v.len() + 4).sum();
    let (status, error, message) = if uri > MAX_URI_BYTES {
        (StatusCode::URI_TOO_LONG, "uri_too_long", format!("the request target is {uri} bytes; at most {MAX_URI_BYTES}"))
    } else if headers > MAX_HEADER_BYTES {
        (StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE, "headers_too_large", format!("the request headers are {headers} bytes; at most {MAX_HEADER_BYTES}"))
    } else {
        return next.run(req).await;
    };
    // The page's routes answer a page (a tester's too-long share link showed raw
    // JSON in the browser); the API its JSON error.
    if !req.uri().path().starts_with("/api/") {
        let page = format!(
            "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\"><title>{} — mqplan</title><h1>{}</h1><p>{message}.</p><p><a href=\"/\">Start again from the form</a>.</p></html>",
            status.as_u16(),
            if status == StatusCode::URI_TOO_LONG { "The address is too long" } else { "The request headers are too large" }
        );
        return (status, [(axum::http::header::CONTENT_TYPE, "text/html; charset=utf-8")], page).into_response();
    }
    (status, axum::Json(serde_json::json!({"error": error, "message": message, "fields": []}))).into_response()
}

/// Under `/api/`, every bare (non-JSON) 4xx / 5xx — from routing, extractors, the
/// timeout layer — restated as the API's JSON error shape.
async fn api_errors_as_json(req: axum::extract::Request, next: axum::middleware::Next) -> axum::response::Response {
    use axum::response::IntoResponse;
    let api = req.uri().path().starts_with("/api/");
    let method = req.method().clone();
    let res = next.run(req).await;
    let json = res.headers().get(axum::http::header::CONTENT_TYPE).is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    let status = res.status();
    if !(status.is_client_error() || status.is_server_error()) || json {
        return res;
    }
    if !api {
        return bare_error_with_words(res, &method);
    }
    let (error, message) = match status {
        StatusCode::NOT_FOUND => ("not_found", "no such API path (see the README's JSON API)".to_string()),
        // Names the method refused (a stop-36 reviewer read "that method"); `Allow`
        // is added outside this layer, by the method router.
        StatusCode::METHOD_NOT_ALLOWED => ("method_not_allowed", format!("this path does not take {} (the Allow header lists the methods it takes)", crate::error::truncate(method.as_str(), 20))),
        StatusCode::REQUEST_TIMEOUT => ("timeout", "the request took longer than the server's limit (MQPLAN_TIMEOUT_S)".to_string()),
        StatusCode::PAYLOAD_TOO_LARGE => ("payload_too_large", "the request body is too large (MQPLAN_MAX_UPLOAD_MB)".to_string()),
        StatusCode::URI_TOO_LONG => ("uri_too_long", "the request target is too long".to_string()),
        StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE => ("headers_too_large", "the request headers are too large".to_string()),
        s if s.is_server_error() => ("internal", "internal error".to_string()),
        _ => {
            let text = axum::body::to_bytes(res.into_body(), 4096).await.map(|b| String::from_utf8_lossy(&b).into_owned()).unwrap_or_default();
            let text = if text.trim().is_empty() { status.canonical_reason().unwrap_or("bad request").to_string() } else { crate::error::truncate(text.trim(), 400) };
            return (status, axum::Json(serde_json::json!({"error": "bad_request", "message": text, "fields": []}))).into_response();
        }
    };
    (status, axum::Json(serde_json::json!({"error": error, "message": message, "fields": []}))).into_response()
}

/// Outside `/api/`, a 4xx / 5xx with an empty body says what it is in plain text,
/// keeping its headers (a reviewer's `POST /` got a bare 405); a 405 names the method
/// refused (its `Allow` header, added by the router, lists those taken).
fn bare_error_with_words(res: axum::response::Response, method: &axum::http::Method) -> axum::response::Response {
    use axum::body::HttpBody;
    if res.body().size_hint().exact() != Some(0) {
        return res;
    }
    let (mut parts, _) = res.into_parts();
    let status = parts.status;
    let mut text = format!("{} {}", status.as_u16(), status.canonical_reason().unwrap_or("error"));
    if status == StatusCode::METHOD_NOT_ALLOWED {
        text.push_str(&format!(": this path does not take {} (the Allow header lists the methods it takes)", crate::error::truncate(method.as_str(), 20)));
    }
    text.push('\n');
    parts.headers.insert(axum::http::header::CONTENT_TYPE, axum::http::HeaderValue::from_static("text/plain; charset=utf-8"));
    parts.headers.remove(axum::http::header::CONTENT_LENGTH);
    axum::response::Response::from_parts(parts, axum::body::Body::from(text))
}

/// A 413 from the body limit, restated as the API's JSON error.
fn too_large_as_json(res: axum::response::Response, cap: usize) -> axum::response::Response {
    use axum::response::IntoResponse;
    let json = res.headers().get(axum::http::header::CONTENT_TYPE).is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if res.status() != StatusCode::PAYLOAD_TOO_LARGE || json {
        return res;
    }
    let body = serde_json::json!({
        "error": "payload_too_large",
        "message": format!("the upload is larger than {} MiB (MQPLAN_MAX_UPLOAD_MB)", cap / (1024 * 1024)),
        "fields": [{"field": "file", "reason": "too large"}],
    });
    (StatusCode::PAYLOAD_TOO_LARGE, axum::Json(body)).into_response()
}

/// Builds the application router over `state`.
pub fn router(state: AppState, limits: Limits) -> Router {
    // Leptos renders on the tokio runtime (leptos_routes would do this; the single
    // page is mounted with a plain handler). A second call is a harmless Err.
    let _ = any_spawner::Executor::init_tokio();
    let site_root = state.leptos.site_root.to_string();
    let governor = GovernorConfigBuilder::default()
        .per_second(limits.upload_refill_secs.max(1))
        .burst_size(limits.upload_burst.max(1))
        // The peer address, not X-Forwarded-For: a header a client sets itself
        // cannot be trusted to key a limit (put a proxy's own limit in front instead).
        .key_extractor(PeerIpKeyExtractor)
        .error_handler(move |e| rate_limited(e, limits.upload_burst, limits.upload_refill_secs))
        .finish()
        .map(|c| GovernorLayer { config: Arc::new(c) });
    let gate = crate::gate::ImportGate::new(limits.timeout, limits.max_imports, limits.upload_mib_per_min).with_inflight(limits.upload_inflight_bytes, limits.max_upload_bytes);
    // Uploads keep their own time budget (crate::import): a timeout must decide,
    // with the write, whether anything was stored — not drop the request mid-commit.
    // The rate limit counts POSTs only: on the routes' POST handlers, not the routes
    // (a stop-40 tester spent a visitor's upload quota with `<img src=/upload>`: each
    // GET's 405 counted).
    let (mut dataset, mut form) = (post(api::upload::post_dataset), post(api::upload_form::post_upload_form));
    if let Some(g) = governor {
        dataset = dataset.route_layer(g.clone());
        form = form.route_layer(g);
    }
    let uploads = Router::new()
        .route("/api/v1/datasets", dataset)
        .route("/upload", form)
        .layer(axum::Extension(gate))
        .layer(DefaultBodyLimit::disable())
        .layer(RequestBodyLimitLayer::new(limits.max_upload_bytes))
        .layer(RequestBodyTimeoutLayer::new(limits.body_timeout))
        .layer(axum::middleware::map_response(move |res: axum::response::Response| async move { too_large_as_json(res, limits.max_upload_bytes) }));
    let uploads = uploads.layer(axum::middleware::from_fn(api::upload_form::errors_as_html));
    let reads = Router::new()
        .route("/api/v1/plan", get(api::plan::get_plan))
        .route("/api/v1/chart/{name}", get(api::chart::get_chart))
        .route("/api/v1/model", get(api::model::get_model))
        .route("/model", get(api::model_page::get_model_page))
        .route("/api/v1/datasets", get(api::datasets::list_datasets))
        .route("/api/v1/datasets/template.csv", get(api::template::csv_template))
        .route("/api/v1/datasets/{id}", get(api::dataset::get_dataset))
        .route("/api/v1/datasets/{id}/csv", get(api::dataset_csv::get_dataset_csv))
        .route("/healthz", get(|| async { "ok" }))
        .route("/", get(page))
        // `make build` writes a gzip copy beside each file (scripts/precompress.sh):
        // served as is to a client that accepts gzip, so the compression layer
        // (which skips encoded bodies) does not recompress the bundle per request.
        .nest_service("/pkg", ServeDir::new(format!("{site_root}/pkg")).precompressed_gzip())
        .route_service("/favicon.svg", ServeFile::new(format!("{site_root}/favicon.svg")).precompressed_gzip())
        .route_service("/upload.js", ServeFile::new(format!("{site_root}/upload.js")).precompressed_gzip())
        .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, limits.timeout));
    Router::new()
        .merge(reads)
        .merge(uploads)
        .fallback(|| async { (StatusCode::NOT_FOUND, "not found") })
        .layer(axum::middleware::from_fn(api_errors_as_json))
        // gzip level 3 (zlib-rs): a 175 KB page costs ≈ 4.4 ms of CPU compressed
        // (7.1 ms at the default level with miniz_oxide) and is 33 KB on the wire
        // instead of 32 KB (README, Load). Static files come precompressed.
        .layer(CompressionLayer::new().quality(tower_http::CompressionLevel::Precise(3)))
        .layer(axum::middleware::from_fn_with_state(state.clone(), crate::origin::refuse_cross_site))
        .layer(axum::middleware::from_fn(bounded_head))
        .layer(axum::middleware::from_fn(crate::headers::security_headers))
        .layer(TraceLayer::new_for_http())
        .with_state(state)
}
