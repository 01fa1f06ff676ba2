//! What an import must pass before it may use memory and CPU: a time budget for
//! the whole request, a bounded number of imports parsing at once, and a
//! per-client byte quota (the request-count limit alone let one client send
//! five 60 MB files inside its burst).

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use tokio::sync::Semaphore;

use crate::error::ApiError;

/// Shared by every upload request (an axum `Extension`).
#[derive(Debug, Clone)]
pub struct ImportGate {
    /// The whole request's budget: reading, parsing and storing.
    pub timeout: Duration,
    /// Imports parsing at once.
    pub imports: Arc<Semaphore>,
    bytes: Option<Arc<DefaultKeyedRateLimiter<IpAddr>>>,
    kib_per_min: u32,
}

impl ImportGate {
    /// `max_imports` parse at once; each client may send `mib_per_min` MiB a
    /// minute after a burst of four minutes' worth (0: no byte quota).
    pub fn new(timeout: Duration, max_imports: usize, mib_per_min: u32) -> Self {
        let kib_per_min = mib_per_min.saturating_mul(1024);
        let bytes = NonZeroU32::new(kib_per_min)
            .zip(NonZeroU32::new(kib_per_min.saturating_mul(4)))
            .map(|(rate, burst)| Arc::new(RateLimiter::keyed(Quota::per_minute(rate).allow_burst(burst))));
        ImportGate { timeout, imports: Arc::new(Semaphore::new(max_imports.max(1))), bytes, kib_per_min }
    }

    /// Charges `len` bytes to `peer`.
    ///
    /// # Errors
    /// [`ApiError::RateLimited`] (429 with `Retry-After`) when the client sent
    /// more than its quota; [`ApiError::TooLarge`] when one body exceeds the burst.
    pub fn charge(&self, peer: IpAddr, len: usize) -> Result<(), ApiError> {
        let Some(limiter) = &self.bytes else { return Ok(()) };
        let kib = u32::try_from(len.div_ceil(1024)).unwrap_or(u32::MAX).max(1);
        let per_min = self.kib_per_min / 1024;
        match limiter.check_key_n(&peer, NonZeroU32::new(kib).unwrap_or(NonZeroU32::MIN)) {
            Ok(Ok(())) => Ok(()),
            Ok(Err(not_until)) => {
                let wait = not_until.wait_time_from(DefaultClock::default().now()).as_secs().max(1);
                Err(ApiError::RateLimited {
                    message: format!("too many upload bytes from this address (dry runs included): {per_min} MiB a minute after a burst of {} MiB (MQPLAN_UPLOAD_MB_PER_MIN); retry in {wait} s", per_min * 4),
                    retry_after_s: wait,
                })
            }
            Err(_) => Err(ApiError::TooLarge(format!("the upload is larger than this address's byte burst ({} MiB, MQPLAN_UPLOAD_MB_PER_MIN × 4)", per_min * 4))),
        }
    }
}
