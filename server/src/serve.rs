//! Serving the router over TCP with hyper's HTTP/1 connection builder (not
//! `axum::serve`, which sets no timer): a header-read timeout that also closes an
//! idle keep-alive connection, a cap on connections per peer address and in all,
//! `TCP_NODELAY` on every accepted socket (without it each response after the
//! first on a kept-alive connection waited ~40 ms: Nagle's algorithm against the
//! client's delayed ACK), and a graceful shutdown.

use std::collections::HashMap;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tower::ServiceBuilder;

/// Limits on connections.
#[derive(Debug, Clone, Copy)]
pub struct ConnLimits {
    /// Time allowed for a request's head to arrive, counted from the first byte
    /// awaited — so it also bounds how long a kept-alive connection may sit idle —
    /// and for a stalled write to make progress ([`crate::write_deadline`]).
    pub header_timeout: Duration,
    /// Open connections one peer address may hold.
    pub max_conns_per_peer: usize,
    /// Open connections in all.
    pub max_conns: usize,
    /// Largest request head (request line and headers), bytes; past it the
    /// connection answers a bare 431.
    pub max_head_bytes: usize,
}

impl Default for ConnLimits {
    /// 10 s for a request head (and idle keep-alive), 256 connections per peer,
    /// 4,096 in all, 64 KiB heads.
    fn default() -> Self {
        ConnLimits { header_timeout: Duration::from_secs(10), max_conns_per_peer: 256, max_conns: 4096, max_head_bytes: 64 * 1024 }
    }
}

/// Open connections per peer address.
#[derive(Debug, Default)]
struct PeerCounts(Mutex<HashMap<IpAddr, usize>>);

/// One counted connection of a peer; released when dropped.
struct PeerSlot {
    counts: Arc<PeerCounts>,
    ip: IpAddr,
}

impl PeerSlot {
    fn take(counts: &Arc<PeerCounts>, ip: IpAddr, max: usize) -> Option<Self> {
        let mut m = counts.0.lock().ok()?;
        let n = m.entry(ip).or_insert(0);
        if *n >= max {
            return None;
        }
        *n += 1;
        Some(PeerSlot { counts: counts.clone(), ip })
    }
}

impl Drop for PeerSlot {
    fn drop(&mut self) {
        if let Ok(mut m) = self.counts.0.lock() {
            if let Some(n) = m.get_mut(&self.ip) {
                *n -= 1;
                if *n == 0 {
                    m.remove(&self.ip);
                }
            }
        }
    }
}

/// What a connection over its address's cap is told before it is closed.
const OVER_CAP_BODY: &str = r#"{"error":"too_many_connections","message":"too many open connections from this address; retry shortly","fields":[]}"#;

/// What a connection over the server's own cap is told (a stop-43 tester holding one
/// connection read "from this address").
const SERVER_FULL_BODY: &str = r#"{"error":"too_many_connections","message":"the server has too many open connections; retry shortly","fields":[]}"#;

fn refuse(stream: &TcpStream, body: &str) {
    // Written before hyper sees the connection, so the router's headers layer
    // never runs: the same security headers as every other answer, by hand (an
    // adversarial tester found this 503 without them).
    let res = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nconnection: close\r\nretry-after: 1\r\ncache-control: no-store\r\ncontent-security-policy: {}\r\nx-content-type-options: nosniff\r\nreferrer-policy: same-origin\r\nx-frame-options: DENY\r\ncontent-length: {}\r\n\r\n{body}",
        crate::headers::csp(None),
        body.len()
    );
    let _ = stream.try_write(res.as_bytes());
}

/// Serves `app` on `listener` until `shutdown` resolves, then lets open
/// connections finish their requests (at most 10 s).
///
/// # Errors
/// Never at present: accept failures (out of file descriptors) are logged and
/// retried after a pause.
pub async fn serve(listener: TcpListener, app: Router, limits: ConnLimits, shutdown: impl Future<Output = ()>) -> std::io::Result<()> {
    let graceful = GracefulShutdown::new();
    let peers = Arc::new(PeerCounts::default());
    let total = Arc::new(Semaphore::new(limits.max_conns.max(1)));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(limits.header_timeout).keep_alive(true).max_buf_size(limits.max_head_bytes.max(8192));
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            r = listener.accept() => match r {
                Ok(x) => x,
                Err(e) => {
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Ok(permit) = total.clone().try_acquire_owned() else {
            refuse(&stream, SERVER_FULL_BODY);
            continue;
        };
        let Some(slot) = PeerSlot::take(&peers, peer.ip(), limits.max_conns_per_peer) else {
            refuse(&stream, OVER_CAP_BODY);
            continue;
        };
        if let Err(e) = stream.set_nodelay(true) {
            tracing::debug!(error = %e, "TCP_NODELAY");
        }
        let svc = ServiceBuilder::new()
            .map_request(move |mut req: axum::http::Request<hyper::body::Incoming>| {
                req.extensions_mut().insert(ConnectInfo::<SocketAddr>(peer));
                req
            })
            .service(app.clone());
        let io = crate::write_deadline::WriteDeadline::new(stream, limits.header_timeout);
        let conn = graceful.watch(http.serve_connection(TokioIo::new(io), TowerToHyperService::new(svc)));
        tokio::spawn(async move {
            if let Err(e) = conn.await {
                tracing::debug!(error = %e, %peer, "connection closed");
            }
            drop((permit, slot));
        });
    }
    drop(listener);
    tokio::select! {
        () = graceful.shutdown() => {}
        () = tokio::time::sleep(Duration::from_secs(10)) => tracing::warn!("connections still open after 10 s; closing"),
    }
    Ok(())
}
