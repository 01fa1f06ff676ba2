//! Security headers on every response (nonce CSP, nosniff, frame-ancestors,
//! Referrer-Policy, Cache-Control per route) and cross-site POSTs refused.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, Response, StatusCode};
use http_body_util::BodyExt;
use server::storage::sqlite::SqliteStore;
use server::storage::DatasetStore;
use server::{router, AppState, Limits};
use tower::ServiceExt;

fn app_with(store: Arc<dyn DatasetStore>) -> axum::Router {
    let state = AppState::load(&ingest::bundled_data_dir(), "target/site", "127.0.0.1:0".parse().expect("addr"), store).expect("data");
    router(state, Limits::default())
}

fn app() -> axum::Router {
    app_with(Arc::new(SqliteStore::in_memory().expect("store")))
}

async fn send(app: &axum::Router, mut req: Request<Body>) -> (Response<()>, String) {
    req.extensions_mut().insert(ConnectInfo("10.0.0.9:1234".parse::<SocketAddr>().expect("addr")));
    let res = app.clone().oneshot(req).await.expect("response");
    let (parts, body) = res.into_parts();
    let body = body.collect().await.expect("body").to_bytes();
    (Response::from_parts(parts, ()), String::from_utf8_lossy(&body).into_owned())
}

fn header<'a>(res: &'a Response<()>, name: &str) -> &'a str {
    res.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or("")
}

const CSV: &[u8] = b"system,metric,value,unit,message_bytes\nkafka,produce_throughput,1000,msg/s,100\n";

fn upload(headers: &[(&str, &str)]) -> Request<Body> {
    let mut b = Request::post("/api/v1/datasets?nodes=3&cores=8").header("content-type", "text/csv");
    if !headers.iter().any(|(k, _)| *k == "host") {
        b = b.header("host", "127.0.0.1:3000");
    }
    for (k, v) in headers {
        b = b.header(*k, *v);
    }
    b.body(Body::from(CSV)).expect("request")
}

#[tokio::test]
async fn the_page_carries_a_nonce_csp_matching_its_scripts() {
    let app = app();
    let (res, html) = send(&app, Request::get("/?mbps=100").body(Body::empty()).expect("req")).await;
    assert_eq!(res.status(), StatusCode::OK);
    let csp = header(&res, "content-security-policy").to_string();
    assert!(csp.contains("frame-ancestors 'none'") && csp.contains("object-src 'none'") && csp.contains("base-uri 'none'"), "{csp}");
    let nonce = csp.split("'nonce-").nth(1).and_then(|r| r.split('\'').next()).expect("a nonce in script-src");
    assert!(nonce.len() >= 16, "{nonce}");
    assert!(html.contains(&format!("nonce=\"{nonce}\"")), "the hydration script carries the header's nonce");
    // Every inline executable script has the nonce (data blocks are not executed).
    for tag in html.split("<script").skip(1) {
        let open = tag.split('>').next().unwrap_or("");
        if open.contains("src=") || open.contains("application/octet-stream") || open.contains("application/json") {
            continue;
        }
        assert!(open.contains(&format!("nonce=\"{nonce}\"")), "inline script without the nonce: <script{open}>");
    }
    assert_eq!(header(&res, "x-content-type-options"), "nosniff");
    assert_eq!(header(&res, "referrer-policy"), "same-origin");
    assert_eq!(header(&res, "cache-control"), "no-store", "the page has a fresh nonce each time");
    // A second page load has another nonce.
    let (res2, _) = send(&app, Request::get("/?mbps=100").body(Body::empty()).expect("req")).await;
    assert_ne!(header(&res2, "content-security-policy"), csp);
}

#[tokio::test]
async fn every_route_has_the_headers_and_a_cache_control_of_its_own() {
    let app = app();
    let (_, body) = send(&app, upload(&[])).await;
    let id = serde_json::from_str::<serde_json::Value>(&body).expect("json")["id"].as_str().expect("id").to_string();
    let cases = [
        ("/api/v1/plan?mbps=10", StatusCode::OK, "no-cache"),
        ("/api/v1/plan?size=abc", StatusCode::BAD_REQUEST, "no-store"),
        ("/api/v1/datasets", StatusCode::OK, "no-cache"),
        (&format!("/api/v1/datasets/{id}"), StatusCode::OK, "private, max-age=86400"),
        ("/api/v1/datasets/template.csv", StatusCode::OK, "public, max-age=3600"),
        ("/healthz", StatusCode::OK, "no-store"),
        ("/no/such/page", StatusCode::NOT_FOUND, "no-store"),
        ("/api/v1/nothing", StatusCode::NOT_FOUND, "no-store"),
    ];
    for (uri, status, cache) in cases {
        let (res, _) = send(&app, Request::get(uri).body(Body::empty()).expect("req")).await;
        assert_eq!(res.status(), status, "{uri}");
        assert_eq!(header(&res, "cache-control"), cache, "{uri}");
        assert_eq!(header(&res, "x-content-type-options"), "nosniff", "{uri}");
        assert_eq!(header(&res, "referrer-policy"), "same-origin", "{uri}");
        assert!(header(&res, "content-security-policy").contains("frame-ancestors 'none'"), "{uri}");
    }
    assert_eq!(super_cache_for_static(), "public, no-cache");
    let (res, _) = send(&app, upload(&[("sec-fetch-site", "same-origin")])).await;
    assert_eq!(header(&res, "cache-control"), "no-store", "upload answers are not cached");
}

/// Static files (served from the site root, absent in unit tests) revalidate.
fn super_cache_for_static() -> &'static str {
    server::headers::cache_policy(&axum::http::Method::GET, "/pkg/app.js", StatusCode::OK)
}

#[tokio::test]
async fn cross_site_posts_are_refused_with_a_json_403_and_store_nothing() {
    let store = Arc::new(SqliteStore::in_memory().expect("store"));
    let app = app_with(store.clone());
    for hs in [
        vec![("sec-fetch-site", "cross-site")],
        vec![("sec-fetch-site", "same-site")],
        vec![("origin", "https://evil.example")],
        vec![("origin", "null")],
        vec![("origin", "http://127.0.0.1:3000.evil.example")],
        // DNS rebinding: evil.example re-pointed at 127.0.0.1 is same-origin to the browser.
        vec![("host", "evil.example:3000"), ("origin", "http://evil.example:3000"), ("sec-fetch-site", "same-origin")],
        vec![("host", "evil.example"), ("origin", "http://evil.example")],
        vec![("host", "127.0.0.1.evil.example")],
        // An adversarial tester: a foreign Origin beside `same-origin`, and Host twice.
        vec![("sec-fetch-site", "same-origin"), ("origin", "http://evil.com")],
        vec![("host", "127.0.0.1:3000"), ("host", "evil.example")],
        vec![("origin", "http://127.0.0.1:3000"), ("origin", "http://evil.example")],
    ] {
        let (res, body) = send(&app, upload(&hs)).await;
        assert_eq!(res.status(), StatusCode::FORBIDDEN, "{hs:?}");
        let v: serde_json::Value = serde_json::from_str(&body).expect("403 is JSON");
        assert_eq!(v["error"], "cross_site", "{hs:?}");
        assert!(v["message"].as_str().is_some_and(|m| m.contains("refused")), "{v}");
        assert_eq!(header(&res, "x-content-type-options"), "nosniff");
    }
    // The no-JS form on the same site still posts; so do scripts without browser headers.
    assert_eq!(store.count().expect("count"), 0, "nothing stored by the refused posts");
    let (res, body) = send(&app, upload(&[("origin", "http://127.0.0.1:3000")])).await;
    assert_eq!(res.status(), StatusCode::CREATED, "same origin: {body}");
    let (res, body) = send(&app, upload(&[("sec-fetch-site", "none")])).await;
    assert_eq!(res.status(), StatusCode::OK, "typed by the user: {body}");
    for host in ["localhost:3000", "[::1]:3000", "127.0.0.2", "app.localhost"] {
        let (res, body) = send(&app, upload(&[("host", host), ("sec-fetch-site", "same-origin")])).await;
        assert!(res.status().is_success(), "{host}: {body}");
    }
    // The page's no-JS form: a multipart POST to /upload from this origin.
    let b = "XbX";
    let form = format!("--{b}\r\nContent-Disposition: form-data; name=\"nodes\"\r\n\r\n3\r\n--{b}\r\nContent-Disposition: form-data; name=\"cores\"\r\n\r\n4\r\n--{b}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"k.csv\"\r\n\r\nsystem,metric,value,unit,message_bytes\nkafka,produce_throughput,2000,msg/s,100\n\r\n--{b}--\r\n");
    let req = Request::post("/upload")
        .header("content-type", format!("multipart/form-data; boundary={b}"))
        .header("host", "127.0.0.1:3000")
        .header("origin", "http://127.0.0.1:3000")
        .header("sec-fetch-site", "same-origin")
        .body(Body::from(form))
        .expect("req");
    let (res, body) = send(&app, req).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "{body}");
    let (res, _) = send(&app, Request::post("/api/v1/datasets?nodes=3&cores=8&dry_run=1").body(Body::from(CSV)).expect("req")).await;
    assert_eq!(res.status(), StatusCode::OK, "curl / CLI clients send neither header");
}
