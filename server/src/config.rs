//! Configuration from the environment (each has a default that works from the
//! repository root).

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
    /// Largest upload, MiB. `MQPLAN_MAX_UPLOAD_MB`, default 64.
    pub max_upload_mb: usize,
}

/// Default listen address.
pub const DEFAULT_ADDR: &str = "127.0.0.1:3000";

impl Config {
    /// Reads the environment.
    ///
    /// # Errors
    /// A message naming the variable when one is set but invalid.
    pub fn from_env() -> Result<Self, String> {
        let var = |k: &str| std::env::var(k).ok().filter(|v| !v.trim().is_empty());
        let addr = var("MQPLAN_ADDR").unwrap_or_else(|| DEFAULT_ADDR.into());
        let addr = addr.parse().map_err(|e| format!("MQPLAN_ADDR={addr:?}: {e}"))?;
        let timeout_s = match var("MQPLAN_TIMEOUT_S") {
            Some(v) => v.parse().map_err(|e| format!("MQPLAN_TIMEOUT_S={v:?}: {e}"))?,
            None => 10,
        };
        let max_upload_mb = match var("MQPLAN_MAX_UPLOAD_MB") {
            Some(v) => v.parse().map_err(|e| format!("MQPLAN_MAX_UPLOAD_MB={v:?}: {e}"))?,
            None => 64,
        };
        Ok(Config {
            addr,
            data_dir: var("MQPLAN_DATA_DIR").map_or_else(|| PathBuf::from("data"), PathBuf::from),
            site_root: var("MQPLAN_SITE_ROOT").map_or_else(|| PathBuf::from("target/site"), PathBuf::from),
            timeout_s,
            state_dir: var("MQPLAN_STATE_DIR").map_or_else(|| PathBuf::from("state"), PathBuf::from),
            max_upload_mb,
        })
    }
}
