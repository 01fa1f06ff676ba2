//! Static files: a client that accepts gzip gets the copy `make build` wrote
//! beside the file (scripts/precompress.sh), as is — not recompressed per request
//! by the compression layer; a client that does not gets the file itself; a file
//! without a copy is still compressed on the fly.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use server::storage::sqlite::SqliteStore;
use server::{router, AppState, Limits};
use tower::ServiceExt;

/// A site root under the target dir with pkg/app.js (and its .gz copy, made to
/// differ from what on-the-fly compression would give) and pkg/main.css (no copy).
fn site() -> std::path::PathBuf {
    let root = std::env::temp_dir().join(format!("mqplan-static-{}", std::process::id()));
    std::fs::create_dir_all(root.join("pkg")).expect("dir");
    std::fs::write(root.join("pkg/app.js"), "export function hydrate() {}\n".repeat(200)).expect("js");
    std::fs::write(root.join("pkg/app.js.gz"), b"precompressed bytes").expect("gz");
    std::fs::write(root.join("pkg/main.css"), "body { margin: 0 }\n".repeat(200)).expect("css");
    root
}

async fn get(app: &axum::Router, path: &str, gzip: bool) -> (StatusCode, Option<String>, Vec<u8>) {
    let (s, enc, _, body) = get_vary(app, path, gzip).await;
    (s, enc, body)
}

/// As [`get`], with the `Vary` header.
async fn get_vary(app: &axum::Router, path: &str, gzip: bool) -> (StatusCode, Option<String>, Option<String>, Vec<u8>) {
    let mut b = Request::get(path);
    if gzip {
        b = b.header("accept-encoding", "gzip");
    }
    let mut req = b.body(Body::empty()).expect("request");
    req.extensions_mut().insert(ConnectInfo("10.0.0.9:1234".parse::<SocketAddr>().expect("addr")));
    let res = app.clone().oneshot(req).await.expect("response");
    let status = res.status();
    let enc = res.headers().get("content-encoding").and_then(|v| v.to_str().ok()).map(str::to_string);
    let vary = res.headers().get("vary").and_then(|v| v.to_str().ok()).map(str::to_string);
    let body = res.into_body().collect().await.expect("body").to_bytes().to_vec();
    (status, enc, vary, body)
}

#[tokio::test]
async fn precompressed_copies_are_served_as_is_and_only_to_clients_that_accept_gzip() {
    let root = site();
    let state = AppState::load(&ingest::bundled_data_dir(), &root.to_string_lossy(), "127.0.0.1:0".parse().expect("addr"), Arc::new(SqliteStore::in_memory().expect("store"))).expect("data");
    let app = router(state, Limits::default());
    let (s, enc, body) = get(&app, "/pkg/app.js", true).await;
    assert_eq!((s, enc.as_deref()), (StatusCode::OK, Some("gzip")));
    assert_eq!(body, b"precompressed bytes", "the .gz copy, byte for byte");
    let (s, enc, body) = get(&app, "/pkg/app.js", false).await;
    assert_eq!((s, enc), (StatusCode::OK, None));
    assert_eq!(body.len(), "export function hydrate() {}\n".len() * 200);
    // No copy: the compression layer still gzips it.
    let (s, enc, body) = get(&app, "/pkg/main.css", true).await;
    assert_eq!((s, enc.as_deref()), (StatusCode::OK, Some("gzip")));
    assert!(body.len() < 200, "compressed on the fly: {} bytes", body.len());
    // Gzip or plain by Accept-Encoding, so both answers say Vary (the gzip copy
    // lacked it: a shared cache could serve it to a client without gzip).
    for gzip in [true, false] {
        let (_, _, vary, _) = get_vary(&app, "/pkg/app.js", gzip).await;
        assert!(vary.is_some_and(|v| v.to_ascii_lowercase().contains("accept-encoding")), "gzip={gzip}");
    }
    let _ = std::fs::remove_dir_all(root);
}
