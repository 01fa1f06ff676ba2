//! The chart images: the page points at `/api/v1/chart/{name}.svg?…` and the server
//! draws them (in-process, through `router(state)`).

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use http_body_util::BodyExt;
use server::storage::sqlite::SqliteStore;
use server::{router, AppState, Limits};
use tower::ServiceExt;

fn app() -> axum::Router {
    let store = std::sync::Arc::new(SqliteStore::in_memory().expect("store"));
    let state = AppState::load(&ingest::bundled_data_dir(), "target/site", "127.0.0.1:0".parse().expect("addr"), store).expect("bundled data loads");
    router(state, Limits::default())
}

/// Status, content type and body.
async fn get(app: &axum::Router, uri: &str) -> (StatusCode, String, String) {
    let res = app.clone().oneshot(Request::builder().uri(uri).body(Body::empty()).expect("request")).await.expect("response");
    let status = res.status();
    let ct = res.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
    let bytes = res.into_body().collect().await.expect("body").to_bytes();
    (status, ct, String::from_utf8_lossy(&bytes).into_owned())
}

/// Every chart image address in a page, HTML-unescaped.
fn chart_srcs(html: &str) -> Vec<String> {
    html.split("src=\"/api/v1/chart/").skip(1).filter_map(|s| s.split('"').next()).map(|s| format!("/api/v1/chart/{}", s.replace("&amp;", "&"))).collect()
}

#[tokio::test]
async fn the_page_shows_four_server_drawn_charts_and_each_address_draws_one() {
    let app = app();
    let (status, _, html) = get(&app, "/?mbps=200&size=1024&retention_h=72&p99_ms=50").await;
    assert_eq!(status, StatusCode::OK);
    assert!(!html.contains("<svg"), "no chart is inlined: the page links them");
    let srcs = chart_srcs(&html);
    let names: Vec<&str> = srcs.iter().map(|s| s.trim_start_matches("/api/v1/chart/").split('?').next().unwrap_or("")).collect();
    assert_eq!(names, ["bounds.svg", "latency.svg", "size-curve.svg", "partitions.svg"], "{srcs:?}");
    assert!(html.contains("width=\"400\" height=\"400\""), "images sized so the page does not move");
    for src in &srcs {
        let (status, ct, svg) = get(&app, src).await;
        assert_eq!(status, StatusCode::OK, "{src}: {svg}");
        assert_eq!(ct, "image/svg+xml; charset=utf-8", "{src}");
        assert!(svg.starts_with("<svg") && svg.contains("role=\"img\"><title>"), "{src}: an accessible SVG");
    }
    // The bounds chart is the recommended plan's: its title names the system the page headlines.
    let (_, _, bounds) = get(&app, &srcs[0]).await;
    let (_, _, plan) = get(&app, "/api/v1/plan?mbps=200&size=1024&retention_h=72&p99_ms=50").await;
    let system = serde_json::from_str::<serde_json::Value>(&plan).expect("json")["candidates"][0]["plan"]["system"].as_str().expect("system").to_string();
    let name = capacity::SystemId::ALL.iter().find(|s| s.id() == system).expect("known").name();
    assert!(bounds.contains(&format!("<title>{name} nodes by bound</title>")), "{name}: {}", &bounds[..300.min(bounds.len())]);
    // The size chart's address does not carry the rate, so a change of rate keeps it.
    let (_, _, other) = get(&app, "/?mbps=900&size=1024&retention_h=1&p99_ms=50").await;
    assert_eq!(chart_srcs(&other)[2], srcs[2], "size curve unchanged by rate and retention");
    assert_ne!(chart_srcs(&other)[0], srcs[0], "the bounds chart follows the whole workload");
}

/// A chart carries a weak ETag; asked again with it in `If-None-Match` the server
/// answers 304 with no body, and a different workload's tag does not match.
#[tokio::test]
async fn a_chart_the_browser_already_holds_is_not_sent_again() {
    let app = app();
    let uri = "/api/v1/chart/bounds.svg?mbps=200&size=1024";
    let res = app.clone().oneshot(Request::builder().uri(uri).body(Body::empty()).expect("request")).await.expect("response");
    assert_eq!(res.status(), StatusCode::OK);
    let etag = res.headers().get(header::ETAG).and_then(|v| v.to_str().ok()).expect("an ETag").to_string();
    assert!(etag.starts_with("W/\"") && etag.len() == 36, "{etag}");
    let again = |tag: String, uri: &'static str| {
        let app = app.clone();
        async move {
            let res = app.oneshot(Request::builder().uri(uri).header(header::IF_NONE_MATCH, tag).body(Body::empty()).expect("request")).await.expect("response");
            let status = res.status();
            let body = res.into_body().collect().await.expect("body").to_bytes();
            (status, body.len())
        }
    };
    assert_eq!(again(etag.clone(), uri).await, (StatusCode::NOT_MODIFIED, 0));
    // The 304 repeats Vary (the 200's, added there by the compression layer).
    let res = app.clone().oneshot(Request::builder().uri(uri).header(header::IF_NONE_MATCH, etag.clone()).body(Body::empty()).expect("request")).await.expect("response");
    assert_eq!(res.headers().get(header::VARY).and_then(|v| v.to_str().ok()), Some("accept-encoding"));
    assert_eq!(res.headers().get(header::ETAG).and_then(|v| v.to_str().ok()), Some(etag.as_str()));
    assert_eq!(again(format!("\"x\", {etag}"), uri).await, (StatusCode::NOT_MODIFIED, 0), "one of a list");
    let (status, len) = again(etag, "/api/v1/chart/bounds.svg?mbps=900&size=1024").await;
    assert!(status == StatusCode::OK && len > 0, "another workload's drawing is sent");
}

#[tokio::test]
async fn chart_errors_are_the_apis_json() {
    let app = app();
    let (status, ct, body) = get(&app, "/api/v1/chart/pie.svg?mbps=10").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(ct.starts_with("application/json") && body.contains("size-curve.svg"), "{body}");
    let (status, ct, body) = get(&app, "/api/v1/chart/bounds.svg?mbps=abc").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(ct.starts_with("application/json") && body.contains("\"field\":\"mbps\""), "{body}");
    let (status, _, body) = get(&app, "/api/v1/chart/size-curve.svg?dataset=not-an-id").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "a dataset id that is not one (16 hex digits) is named: {body}");
    assert!(body.contains("dataset"), "{body}");
}

/// A dataset the page plans without (unknown or expired) is left out of its charts
/// too: the image draws what the page planned, the reference data, instead of
/// showing broken beside a page that says it planned without it.
#[tokio::test]
async fn a_chart_draws_without_an_unknown_dataset_as_the_page_plans_without_it() {
    let app = app();
    let (status, ct, with) = get(&app, "/api/v1/chart/bounds.svg?mbps=10&dataset=00000000000000ab").await;
    assert_eq!(status, StatusCode::OK, "{with}");
    assert!(ct.starts_with("image/svg+xml"), "{ct}");
    let (_, _, without) = get(&app, "/api/v1/chart/bounds.svg?mbps=10").await;
    assert_eq!(with, without, "drawn on the reference data");
    let (status, _, page) = get(&app, "/?mbps=10&dataset=00000000000000ab").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("00000000000000ab"), "the page names the dataset it left out");
}

#[tokio::test]
async fn a_hand_written_address_is_reduced_to_the_fields_its_chart_draws() {
    let app = app();
    // Extra fields the chart does not draw are dropped before drawing.
    let (_, _, a) = get(&app, "/api/v1/chart/size-curve.svg?mbps=5&size=2048").await;
    let (_, _, b) = get(&app, "/api/v1/chart/size-curve.svg?mbps=700&retention_h=1&size=2048").await;
    assert_eq!(a, b);
    let (_, _, c) = get(&app, "/api/v1/chart/size-curve.svg?size=100").await;
    assert_ne!(a, c, "the size it marks is drawn");
}

#[test]
fn the_page_sizes_its_images_as_the_charts_are_drawn() {
    assert_eq!(app::chart_url::CHART_SIZE, charts::SIZE);
    let svg = charts::message_svg("t <1>", "nothing & no one");
    assert!(svg.contains("<title>t &lt;1&gt;</title>") && svg.contains("nothing &amp; no one"), "{svg}");
}
