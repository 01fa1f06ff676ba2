//! The TCP server over a real socket: half-sent heads and idle keep-alive
//! connections are closed, connections per peer are capped, kept-alive requests
//! do not stall (TCP_NODELAY), and bad start-up settings are errors.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::Arc;
use std::time::{Duration, Instant};

use server::config::Config;
use server::serve::{serve, ConnLimits};
use server::storage::sqlite::SqliteStore;
use server::{router, AppState, Limits};

/// Starts a server on a free loopback port in its own runtime thread.
fn start(limits: ConnLimits) -> std::net::SocketAddr {
    start_with(limits, Limits::default())
}

/// [`start`] with the router's own limits.
fn start_with(limits: ConnLimits, router_limits: Limits) -> std::net::SocketAddr {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Runtime::new().expect("runtime");
        rt.block_on(async move {
            let store = Arc::new(SqliteStore::in_memory().expect("store"));
            let site = std::env::temp_dir().join(format!("mqplan-serve-site-{}", std::process::id()));
            std::fs::create_dir_all(site.join("pkg")).expect("site");
            std::fs::write(site.join("pkg/app.js"), "export function hydrate() {}\n".repeat(200)).expect("asset");
            let state = AppState::load(&ingest::bundled_data_dir(), &site.to_string_lossy(), "127.0.0.1:0".parse().expect("addr"), store).expect("data");
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
            tx.send(listener.local_addr().expect("addr")).expect("send");
            let _ = serve(listener, router(state, router_limits), limits, std::future::pending()).await;
        });
    });
    rx.recv().expect("server address")
}

/// Reads until the peer closes (or `limit` passes); returns the bytes and how long it took.
fn read_until_closed(s: &mut TcpStream, limit: Duration) -> (Vec<u8>, Duration, bool) {
    s.set_read_timeout(Some(limit)).expect("timeout");
    let t = Instant::now();
    let mut out = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return (out, t.elapsed(), true),
            Ok(n) => out.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => return (out, t.elapsed(), true),
            Err(_) => return (out, t.elapsed(), false),
        }
    }
}

fn short() -> ConnLimits {
    ConnLimits { header_timeout: Duration::from_secs(1), ..ConnLimits::default() }
}

#[test]
fn a_half_sent_request_head_is_closed_after_the_header_timeout() {
    let addr = start(short());
    let mut s = TcpStream::connect(addr).expect("connect");
    s.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ").expect("write");
    let (_, took, closed) = read_until_closed(&mut s, Duration::from_secs(8));
    assert!(closed, "still open after 8 s");
    assert!(took < Duration::from_secs(4), "closed after {took:?}");
    // The server still answers.
    let mut s = TcpStream::connect(addr).expect("connect");
    s.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").expect("write");
    let (out, _, _) = read_until_closed(&mut s, Duration::from_secs(5));
    assert!(String::from_utf8_lossy(&out).starts_with("HTTP/1.1 200"));
}

#[test]
fn an_idle_keep_alive_connection_is_closed() {
    let addr = start(short());
    let mut s = TcpStream::connect(addr).expect("connect");
    s.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n").expect("write");
    let (out, took, closed) = read_until_closed(&mut s, Duration::from_secs(8));
    assert!(String::from_utf8_lossy(&out).starts_with("HTTP/1.1 200"), "{}", String::from_utf8_lossy(&out));
    assert!(closed && took < Duration::from_secs(4), "idle connection open for {took:?}");
}

#[test]
fn connections_per_peer_are_capped_with_a_json_503() {
    let addr = start(ConnLimits { max_conns_per_peer: 2, ..short() });
    let _a = TcpStream::connect(addr).expect("a");
    let _b = TcpStream::connect(addr).expect("b");
    std::thread::sleep(Duration::from_millis(200));
    let mut c = TcpStream::connect(addr).expect("c");
    let (out, _, closed) = read_until_closed(&mut c, Duration::from_secs(3));
    let text = String::from_utf8_lossy(&out);
    assert!(closed && text.starts_with("HTTP/1.1 503") && text.contains("too_many_connections"), "{text}");
    // The headers every answer carries (an adversarial tester found them missing here).
    for h in ["content-security-policy: ", "x-content-type-options: nosniff", "x-frame-options: DENY", "cache-control: no-store", "referrer-policy: same-origin"] {
        assert!(text.contains(h), "{h} missing: {text}");
    }
    drop((_a, _b));
    std::thread::sleep(Duration::from_millis(300));
    let mut d = TcpStream::connect(addr).expect("d");
    d.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").expect("write");
    let (out, _, _) = read_until_closed(&mut d, Duration::from_secs(5));
    assert!(String::from_utf8_lossy(&out).starts_with("HTTP/1.1 200"), "slots are given back");
}

#[test]
fn kept_alive_requests_do_not_wait_for_delayed_acks() {
    let addr = start(ConnLimits::default());
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_nodelay(true).expect("nodelay");
    s.set_read_timeout(Some(Duration::from_secs(5))).expect("timeout");
    let mut times = Vec::new();
    let mut buf = vec![0u8; 1 << 16];
    for _ in 0..30 {
        let t = Instant::now();
        s.write_all(b"GET /pkg/app.js HTTP/1.1\r\nHost: x\r\n\r\n").expect("write");
        // Read one whole response (headers + content-length body).
        let mut got = Vec::new();
        loop {
            let n = s.read(&mut buf).expect("read");
            assert!(n > 0, "closed");
            got.extend_from_slice(&buf[..n]);
            let text = String::from_utf8_lossy(&got);
            if let Some(head_end) = text.find("\r\n\r\n") {
                let len: usize = text[..head_end].lines().find_map(|l| l.to_ascii_lowercase().strip_prefix("content-length: ").and_then(|v| v.trim().parse().ok())).unwrap_or(0);
                if got.len() >= head_end + 4 + len {
                    break;
                }
            }
        }
        times.push(t.elapsed());
    }
    times.sort();
    let median = times[times.len() / 2];
    assert!(median < Duration::from_millis(20), "median kept-alive request {median:?} (a Nagle stall is ~40 ms)");
}

#[test]
fn upload_cap_overflow_and_zero_are_start_up_errors() {
    let vars = |k: &'static str, v: &'static str| move |q: &str| (q == k).then(|| v.to_string());
    let e = Config::from_vars(vars("MQPLAN_MAX_UPLOAD_MB", "18446744073709551615")).expect_err("overflow");
    assert!(e.contains("MQPLAN_MAX_UPLOAD_MB") && e.contains("at most 4096"), "{e}");
    let e = Config::from_vars(vars("MQPLAN_MAX_UPLOAD_MB", "0")).expect_err("zero");
    assert!(e.contains("at least 1"), "{e}");
    let e = Config::from_vars(vars("MQPLAN_HEADER_TIMEOUT_S", "soon")).expect_err("text");
    assert!(e.contains("MQPLAN_HEADER_TIMEOUT_S"), "{e}");
    let c = Config::from_vars(vars("MQPLAN_MAX_UPLOAD_MB", "4096")).expect("largest");
    assert_eq!(c.max_upload_bytes(), 4096 * 1024 * 1024);
    // The binary refuses to start.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mqplan"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .env("MQPLAN_MAX_UPLOAD_MB", "99999999999999999999")
        .env("MQPLAN_DATA_DIR", ingest::bundled_data_dir())
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("MQPLAN_MAX_UPLOAD_MB"));
}

/// An upload body that stops mid-way (found by an adversarial tester: it got 400
/// `malformed_body` naming the wrong setting) is answered 408, naming
/// MQPLAN_BODY_TIMEOUT_S, and nothing is stored.
#[test]
fn a_stalled_upload_body_is_a_408_that_names_the_body_timeout() {
    let addr = start_with(ConnLimits::default(), Limits { body_timeout: Duration::from_secs(1), ..Limits::default() });
    let mut s = TcpStream::connect(addr).expect("connect");
    s.write_all(b"POST /api/v1/datasets?nodes=3&cores=8 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/csv\r\nContent-Length: 1000\r\n\r\nsystem,metric,value,").expect("write");
    s.set_read_timeout(Some(Duration::from_secs(8))).expect("timeout");
    let mut buf = vec![0u8; 8192];
    let mut got = Vec::new();
    while !String::from_utf8_lossy(&got).contains('}') {
        match s.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => got.extend_from_slice(&buf[..n]),
        }
    }
    let text = String::from_utf8_lossy(&got);
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
    assert!(text.contains("MQPLAN_BODY_TIMEOUT_S") && text.contains("nothing was stored"), "{text}");
}

/// Sends one request with `Connection: close` and returns the response head.
fn head_of(addr: std::net::SocketAddr, request: &str) -> String {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.write_all(request.as_bytes()).expect("send");
    let (bytes, _, _) = read_until_closed(&mut s, Duration::from_secs(20));
    String::from_utf8_lossy(&bytes).split("\r\n\r\n").next().unwrap_or("").to_string()
}

/// The value of header `name` (any case) in a response head.
fn header_in(head: &str, name: &str) -> Option<String> {
    head.lines().find_map(|l| l.split_once(':').filter(|(k, _)| k.trim().eq_ignore_ascii_case(name)).map(|(_, v)| v.trim().to_string()))
}

/// On the wire, a chart's 304 carries no `Content-Length` (RFC 9110 §8.6: only the
/// 200's own length may be sent) and a HEAD the length a GET would send. A stop-19
/// tester saw `Content-Length: 0` on both through the in-process router, where no
/// HTTP server frames the answer; hyper does not add it.
#[test]
fn a_charts_304_and_head_carry_no_false_content_length() {
    let addr = start(ConnLimits::default());
    let get = head_of(addr, "GET /api/v1/chart/bounds.svg HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    let etag = header_in(&get, "etag").expect("etag");
    let length = header_in(&get, "content-length").expect("a 200 carries its length");
    let not_modified = head_of(addr, &format!("GET /api/v1/chart/bounds.svg HTTP/1.1\r\nHost: x\r\nIf-None-Match: {etag}\r\nConnection: close\r\n\r\n"));
    assert!(not_modified.starts_with("HTTP/1.1 304"), "{not_modified}");
    assert_eq!(header_in(&not_modified, "content-length"), None, "{not_modified}");
    let head = head_of(addr, "HEAD /api/v1/chart/bounds.svg HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    assert_eq!(header_in(&head, "content-length"), Some(length), "{head}");
}

/// A client that pipelines requests and never reads the answers fills the socket's
/// buffers and stalls the server's writes; a stalled write fails at the deadline (the
/// header timeout) and the connection closes, freeing its slot (a stop-43 tester
/// held 256 connections for 60 s and more so).
#[test]
fn a_client_that_never_reads_its_answers_is_closed() {
    let addr = start(ConnLimits { max_conns_per_peer: 1, ..short() });
    let mut s = TcpStream::connect(addr).expect("connect");
    let many = "GET /api/v1/model HTTP/1.1\r\nHost: x\r\n\r\n".repeat(300);
    s.write_all(many.as_bytes()).expect("pipelined");
    std::thread::sleep(Duration::from_secs(4));
    // Its slot is free again: a second connection from the address is answered.
    let mut t = TcpStream::connect(addr).expect("connect");
    t.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").expect("write");
    let (out, _, _) = read_until_closed(&mut t, Duration::from_secs(5));
    assert!(String::from_utf8_lossy(&out).starts_with("HTTP/1.1 200"), "{}", String::from_utf8_lossy(&out[..out.len().min(300)]));
    drop(s);
}
