//! Cross-site requests that change state are refused (403, the API's JSON
//! error): a form on another site must not be able to upload into the store.
//!
//! A browser says where a request comes from: `Sec-Fetch-Site` (every current
//! browser; a page cannot forge it) and, for POSTs, `Origin`. Only
//! `same-origin` and `none` (the user's own navigation) pass; without
//! `Sec-Fetch-Site`, `Origin` must name this host. Requests that carry neither
//! (curl, scripts, the CLI) are not a browser being driven by another site, and
//! pass.

use axum::extract::Request;
use axum::http::header::{HOST, ORIGIN};
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// Why a request is cross-site, when it is.
pub fn cross_site(method: &Method, headers: &axum::http::HeaderMap) -> Option<String> {
    if matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS) {
        return None;
    }
    let text = |name: &str| headers.get(name).map(|v| String::from_utf8_lossy(v.as_bytes()).trim().to_ascii_lowercase());
    if let Some(site) = text("sec-fetch-site") {
        return (!matches!(site.as_str(), "same-origin" | "none")).then(|| format!("Sec-Fetch-Site: {}", truncate(&site, 40)));
    }
    let origin = text(ORIGIN.as_str())?;
    let host = text(HOST.as_str()).unwrap_or_default();
    let authority = origin.split_once("://").map_or("", |(_, a)| a).trim_end_matches('/');
    (origin == "null" || authority.is_empty() || authority != host).then(|| format!("Origin: {}", truncate(&origin, 80)))
}

fn truncate(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

/// Middleware: answers 403 `cross_site` for a cross-site state-changing request.
pub async fn refuse_cross_site(req: Request, next: Next) -> Response {
    match cross_site(req.method(), req.headers()) {
        None => next.run(req).await,
        Some(why) => {
            let body = serde_json::json!({
                "error": "cross_site",
                "message": format!("cross-site {} refused ({why}): uploads are accepted from this site's own pages, or from scripts and the CLI, not from another site's form", req.method()),
                "fields": [],
            });
            (StatusCode::FORBIDDEN, axum::Json(body)).into_response()
        }
    }
}
