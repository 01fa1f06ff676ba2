//! Security headers on every response: a nonce-based Content-Security-Policy
//! (`frame-ancestors 'none'` included), `X-Content-Type-Options: nosniff`,
//! `Referrer-Policy: same-origin`, and a `Cache-Control` chosen per route.
//!
//! The page's nonce is made here, once per request, handed to Leptos through a
//! request extension ([`CspNonce`]; the page handler provides it as Leptos's
//! `Nonce`, so the hydration script carries it) and written into the header.

use axum::extract::Request;
use axum::http::header::{CACHE_CONTROL, CONTENT_SECURITY_POLICY, REFERRER_POLICY, X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS};
use axum::http::{HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::Response;

/// The CSP nonce of one request (URL-safe base64 of 16 random bytes).
#[derive(Debug, Clone)]
pub struct CspNonce(pub String);

/// The policy for a page whose inline scripts carry `nonce`: scripts only from
/// this origin or with the nonce (and WebAssembly compilation for the hydrate
/// bundle), styles and images from this origin, no plugins, no `<base>`, forms
/// post only here, never framed. Style *attributes* are allowed
/// (`style-src-attr 'unsafe-inline'`; `<style>` elements and style sheets stay
/// same-origin): plotters measures chart text in the browser by setting a `style`
/// attribute on a probe element, and without it every chart redraw logs a CSP
/// violation and lays its labels out with zero-width text.
pub fn csp(nonce: Option<&str>) -> String {
    let script = match nonce {
        Some(n) => format!("script-src 'self' 'nonce-{n}' 'wasm-unsafe-eval'"),
        None => "script-src 'self' 'wasm-unsafe-eval'".to_string(),
    };
    format!("default-src 'self'; {script}; style-src 'self'; style-src-attr 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
}

/// The static files' paths (served by `ServeDir` in router.rs).
fn is_static(path: &str) -> bool {
    path.starts_with("/pkg/") || path == "/favicon.svg" || path == "/upload.js"
}

/// `Cache-Control` for a response: errors and POST answers are never stored; the
/// page is `no-store` (each carries a fresh nonce); static files revalidate (their
/// names carry no content hash); a stored dataset is content-addressed, so it may
/// be kept privately for a day; other API answers revalidate.
pub fn cache_policy(method: &Method, path: &str, status: StatusCode) -> &'static str {
    if status.is_client_error() || status.is_server_error() || method != Method::GET && method != Method::HEAD {
        return "no-store";
    }
    if is_static(path) {
        "public, no-cache"
    } else if path == "/api/v1/datasets/template.csv" {
        "public, max-age=3600"
    } else if path.starts_with("/api/v1/datasets/") {
        "private, max-age=86400"
    } else if path.starts_with("/api/") {
        "no-cache"
    } else {
        "no-store"
    }
}

/// Middleware: makes the request's nonce, runs the request, sets the headers
/// (a handler's own `Cache-Control` is kept).
pub async fn security_headers(mut req: Request, next: Next) -> Response {
    let method = req.method().clone();
    let path = req.uri().path().to_string();
    // Static files and the JSON API never render HTML with inline scripts: no nonce
    // (an HTML answer without one gets the policy without it, which is stricter).
    let nonce = (!is_static(&path) && !path.starts_with("/api/")).then(|| leptos::nonce::Nonce::new().to_string());
    if let Some(n) = &nonce {
        req.extensions_mut().insert(CspNonce(n.clone()));
    }
    let mut res = next.run(req).await;
    let html = res.headers().get(axum::http::header::CONTENT_TYPE).is_some_and(|v| v.as_bytes().starts_with(b"text/html"));
    let status = res.status();
    let h = res.headers_mut();
    match nonce.as_deref().filter(|_| html) {
        Some(n) => {
            if let Ok(v) = HeaderValue::from_str(&csp(Some(n))) {
                h.insert(CONTENT_SECURITY_POLICY, v);
            }
        }
        None => {
            static NO_NONCE: std::sync::OnceLock<Option<HeaderValue>> = std::sync::OnceLock::new();
            if let Some(v) = NO_NONCE.get_or_init(|| HeaderValue::from_str(&csp(None)).ok()) {
                h.insert(CONTENT_SECURITY_POLICY, v.clone());
            }
        }
    }
    h.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(REFERRER_POLICY, HeaderValue::from_static("same-origin"));
    // For browsers that predate CSP's frame-ancestors.
    h.insert(X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    if !h.contains_key(CACHE_CONTROL) {
        h.insert(CACHE_CONTROL, HeaderValue::from_static(cache_policy(&method, &path, status)));
    }
    // A static file is served gzip or plain by `Accept-Encoding`; ServeDir said so
    // only on the plain answer, so a shared cache could hand gzip to a client that
    // cannot read it (an adversarial tester).
    if is_static(&path) && !h.contains_key(axum::http::header::VARY) {
        h.insert(axum::http::header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    res
}
