//! Configuration from the environment (each has a default that works from the
//! repository root). A variable that is set but invalid — not a number, zero
//! where zero makes no sense, or too large to represent — is a start-up error
//! naming it.

use std::net::SocketAddr;
use std::path::PathBuf;

/// Server configuration.
#[derive(Debug, Clone)]
pub struct Config {
    /// Listen address. `MQPLAN_ADDR`, default `127.0.0.1:3000`.
    pub addr: SocketAddr,
    /// Recorded datasets. `MQPLAN_DATA_DIR`, default `data`.
    pub data_dir: PathBuf,
    /// Trunk's output (holds `pkg/`). `MQPLAN_SITE_ROOT`, default `target/site`.
    pub site_root: PathBuf,
    /// Per-request timeout, seconds. `MQPLAN_TIMEOUT_S`, default 10.
    pub timeout_s: u64,
    /// Uploaded datasets (SQLite file). `MQPLAN_STATE_DIR`, default `state`.
    pub state_dir: PathBuf,
    /// Largest upload, MiB. `MQPLAN_MAX_UPLOAD_MB`, default 64, at most 4,096.
    pub max_upload_mb: usize,
    /// Time for a request head to arrive, and for an idle kept-alive connection
    /// to send its next one, seconds. `MQPLAN_HEADER_TIMEOUT_S`, default 10.
    pub header_timeout_s: u64,
    /// Longest wait for the next piece of a request body, seconds.
    /// `MQPLAN_BODY_TIMEOUT_S`, default 10.
    pub body_timeout_s: u64,
    /// Open connections per peer address. `MQPLAN_MAX_CONNS_PER_IP`, default 256.
    pub max_conns_per_peer: usize,
    /// Open connections in all. `MQPLAN_MAX_CONNS`, default 4,096.
    pub max_conns: usize,
    /// Imports parsed at once (others wait, within their timeout).
    /// `MQPLAN_MAX_IMPORTS`, default 2.
    pub max_imports: usize,
    /// Upload bytes per client per minute, MiB (a burst of four minutes' worth).
    /// `MQPLAN_UPLOAD_MB_PER_MIN`, default 64.
    pub upload_mb_per_min: u32,
    /// Largest stored dataset (compressed summary + report), MiB.
    /// `MQPLAN_DATASET_MAX_MB`, default 8, at most `MQPLAN_STORE_MAX_MB`.
    pub dataset_max_mb: u64,
    /// All stored datasets together, MiB. `MQPLAN_STORE_MAX_MB`, default 1,024.
    pub store_max_mb: u64,
    /// Days a dataset is kept after its first upload (then no longer served, and
    /// deleted). `MQPLAN_UPLOAD_TTL_DAYS`, default 90.
    pub upload_ttl_days: u64,
    /// Memory for catalogs fitted for recent data selections, MiB (counted as
    /// the bytes each one's page data takes). `MQPLAN_FIT_CACHE_MB`, default 64.
    pub fit_cache_mb: usize,
    /// Upload bodies held at once across every client, MiB (past it: 503
    /// `busy`). `MQPLAN_UPLOAD_INFLIGHT_MB`, default 3 × `MQPLAN_MAX_UPLOAD_MB`,
    /// at least `MQPLAN_MAX_UPLOAD_MB` (else no largest upload could be read).
    pub upload_inflight_mb: usize,
}

/// Default listen address.
pub const DEFAULT_ADDR: &str = "127.0.0.1:3000";

/// Largest `MQPLAN_MAX_UPLOAD_MB`.
pub const MAX_UPLOAD_MB_LIMIT: usize = 4096;

/// Reads a positive number from `key` (default `default`), at most `max`.
fn number<T>(key: &str, value: Option<String>, default: T, max: T) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + Copy + std::fmt::Display + Default,
    T::Err: std::fmt::Display,
{
    let Some(v) = value else { return Ok(default) };
    let n: T = v.trim().parse().map_err(|e| format!("{key}={v:?}: {e}"))?;
    if n <= T::default() {
        return Err(format!("{key}={v:?}: must be at least 1"));
    }
    if n > max {
        return Err(format!("{key}={v:?}: at most {max}"));
    }
    Ok(n)
}

impl Config {
    /// Reads the environment.
    ///
    /// # Errors
    /// A message naming the variable when one is set but invalid.
    pub fn from_env() -> Result<Self, String> {
        Self::from_vars(|k| std::env::var(k).ok())
    }

    /// Reads the variables through `get` (tests pass a map).
    ///
    /// # Errors
    /// As [`Config::from_env`].
    pub fn from_vars(get: impl Fn(&str) -> Option<String>) -> Result<Self, String> {
        let var = |k: &str| get(k).filter(|v| !v.trim().is_empty());
        let addr = var("MQPLAN_ADDR").unwrap_or_else(|| DEFAULT_ADDR.into());
        let addr = addr.parse().map_err(|e| format!("MQPLAN_ADDR={addr:?}: {e}"))?;
        let day = 86_400;
        Config {
            addr,
            data_dir: var("MQPLAN_DATA_DIR").map_or_else(|| PathBuf::from("data"), PathBuf::from),
            site_root: var("MQPLAN_SITE_ROOT").map_or_else(|| PathBuf::from("target/site"), PathBuf::from),
            timeout_s: number("MQPLAN_TIMEOUT_S", var("MQPLAN_TIMEOUT_S"), 10, day)?,
            state_dir: var("MQPLAN_STATE_DIR").map_or_else(|| PathBuf::from("state"), PathBuf::from),
            max_upload_mb: number("MQPLAN_MAX_UPLOAD_MB", var("MQPLAN_MAX_UPLOAD_MB"), 64, MAX_UPLOAD_MB_LIMIT)?,
            header_timeout_s: number("MQPLAN_HEADER_TIMEOUT_S", var("MQPLAN_HEADER_TIMEOUT_S"), 10, 3600)?,
            body_timeout_s: number("MQPLAN_BODY_TIMEOUT_S", var("MQPLAN_BODY_TIMEOUT_S"), 10, 3600)?,
            max_conns_per_peer: number("MQPLAN_MAX_CONNS_PER_IP", var("MQPLAN_MAX_CONNS_PER_IP"), 256, 1 << 20)?,
            max_conns: number("MQPLAN_MAX_CONNS", var("MQPLAN_MAX_CONNS"), 4096, 1 << 20)?,
            max_imports: number("MQPLAN_MAX_IMPORTS", var("MQPLAN_MAX_IMPORTS"), 2, 1024)?,
            upload_mb_per_min: number("MQPLAN_UPLOAD_MB_PER_MIN", var("MQPLAN_UPLOAD_MB_PER_MIN"), 64, 1 << 16)?,
            dataset_max_mb: number("MQPLAN_DATASET_MAX_MB", var("MQPLAN_DATASET_MAX_MB"), 8, 1 << 20)?,
            store_max_mb: number("MQPLAN_STORE_MAX_MB", var("MQPLAN_STORE_MAX_MB"), 1024, 1 << 24)?,
            upload_ttl_days: number("MQPLAN_UPLOAD_TTL_DAYS", var("MQPLAN_UPLOAD_TTL_DAYS"), 90, 36_500)?,
            fit_cache_mb: number("MQPLAN_FIT_CACHE_MB", var("MQPLAN_FIT_CACHE_MB"), 64, 1 << 16)?,
            upload_inflight_mb: 0,
        }
        .with_inflight(number("MQPLAN_UPLOAD_INFLIGHT_MB", var("MQPLAN_UPLOAD_INFLIGHT_MB"), 0, 1 << 20)?)
        .checked()
    }

    /// The in-flight upload budget: `mb`, or 3 × the upload cap when unset (0).
    fn with_inflight(mut self, mb: usize) -> Self {
        self.upload_inflight_mb = if mb == 0 { self.max_upload_mb.saturating_mul(3) } else { mb };
        self
    }

    /// Limits that must agree with each other.
    fn checked(self) -> Result<Self, String> {
        if self.upload_inflight_mb < self.max_upload_mb {
            return Err(format!("MQPLAN_UPLOAD_INFLIGHT_MB={} is under MQPLAN_MAX_UPLOAD_MB={}: the largest upload could never be read", self.upload_inflight_mb, self.max_upload_mb));
        }
        if self.dataset_max_mb > self.store_max_mb {
            return Err(format!("MQPLAN_DATASET_MAX_MB={} is over MQPLAN_STORE_MAX_MB={}: one dataset could never be stored", self.dataset_max_mb, self.store_max_mb));
        }
        Ok(self)
    }

    /// The store's quotas and expiry.
    pub fn store_limits(&self) -> crate::storage::StoreLimits {
        crate::storage::StoreLimits {
            max_dataset_bytes: self.dataset_max_mb << 20,
            max_total_bytes: self.store_max_mb << 20,
            ttl_s: (self.upload_ttl_days * 86_400) as i64,
        }
    }

    /// The fit cache's budget in bytes.
    pub fn fit_cache_bytes(&self) -> usize {
        self.fit_cache_mb << 20
    }

    /// The upload cap in bytes (cannot overflow: `max_upload_mb` ≤ 4,096).
    pub fn max_upload_bytes(&self) -> usize {
        self.max_upload_mb.saturating_mul(1024 * 1024)
    }
}
