//! Cross-site requests that change state are refused (403, the API's JSON
//! error): a form on another site must not be able to upload into the store.
//!
//! A browser says where a request comes from: `Sec-Fetch-Site` (every current
//! browser; a page cannot forge it) and, for POSTs, `Origin`. Only
//! `same-origin` and `none` (the user's own navigation) pass, and an `Origin`,
//! when sent, must name this host (its scheme is not compared: behind a TLS proxy
//! it is https); a `Host` given twice is refused. Requests that carry neither
//! (curl, scripts, the CLI) are not a browser being driven by another site, and
//! pass.
//!
//! DNS rebinding: a page on another site whose name the attacker re-points to
//! 127.0.0.1 is "same-origin" to the browser, so a server listening on a loopback
//! address also requires a state-changing request's `Host` to be a loopback name
//! (`localhost`, `*.localhost`, a loopback IP), with any port.

use axum::extract::{Request, State};
use axum::http::header::{HOST, ORIGIN};
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// Why a request is cross-site, when it is. `loopback`: the server listens on a
/// loopback address (then `Host`, when sent, must be a loopback name).
pub fn cross_site(method: &Method, headers: &axum::http::HeaderMap, loopback: bool) -> Option<String> {
    if matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS) {
        return None;
    }
    let text = |name: &str| headers.get(name).map(|v| String::from_utf8_lossy(v.as_bytes()).trim().to_ascii_lowercase());
    if let Some(host) = text(HOST.as_str()).filter(|h| loopback && !loopback_host(h)) {
        return Some(format!("Host: {} on a server listening on a loopback address, as a DNS-rebinding page would send", truncate(&host, 80)));
    }
    for name in [HOST, ORIGIN] {
        if headers.get_all(&name).iter().count() > 1 {
            return Some(format!("{name} given more than once"));
        }
    }
    if let Some(site) = text("sec-fetch-site").filter(|s| !matches!(s.as_str(), "same-origin" | "none")) {
        return Some(format!("Sec-Fetch-Site: {}", truncate(&site, 40)));
    }
    // An `Origin`, when sent, must name this host whatever `Sec-Fetch-Site` says
    // (an adversarial tester passed `same-origin` beside a foreign Origin). Its
    // scheme is not compared: behind a TLS proxy the browser's is https.
    let origin = text(ORIGIN.as_str())?;
    let host = text(HOST.as_str()).unwrap_or_default();
    let authority = origin.split_once("://").map_or("", |(_, a)| a).trim_end_matches('/');
    (origin == "null" || authority.is_empty() || authority != host).then(|| format!("Origin: {}", truncate(&origin, 80)))
}

/// `host` (a `Host` header, port optional) names this machine's loopback.
fn loopback_host(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(""),
        None => host.rsplit_once(':').filter(|(_, port)| port.bytes().all(|b| b.is_ascii_digit())).map_or(host, |(name, _)| name),
    };
    name == "localhost" || name.ends_with(".localhost") || name.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

fn truncate(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

/// Middleware: answers 403 `cross_site` for a cross-site state-changing request.
pub async fn refuse_cross_site(State(state): State<crate::state::AppState>, req: Request, next: Next) -> Response {
    match cross_site(req.method(), req.headers(), state.leptos.site_addr.ip().is_loopback()) {
        None => next.run(req).await,
        Some(why) => {
            let body = serde_json::json!({
                "error": "cross_site",
                "message": format!("cross-site {} refused ({why}): uploads are accepted from this site's own pages, or from scripts and the CLI, not from another site's page", req.method()),
                "fields": [],
            });
            (StatusCode::FORBIDDEN, axum::Json(body)).into_response()
        }
    }
}
