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
    /// Upload bodies held at once across every client, in KiB permits (a
    /// stop-20 tester held 1.55 GB with twelve 63 MB uploads from twelve addresses,
    /// each within its own quota).
    inflight: Arc<Semaphore>,
    inflight_kib: u32,
    /// What a body of unstated length reserves: the body cap.
    max_body: usize,
}

/// The KiB permits `len` bytes take (at least 1).
fn kib_of(len: usize) -> u32 {
    u32::try_from(len.div_ceil(1024)).unwrap_or(u32::MAX).max(1)
}

impl ImportGate {
    /// `max_imports` parse at once; each client may send `mib_per_min` MiB a
    /// minute after a burst of four minutes' worth (0: no byte quota).
    pub fn new(timeout: Duration, max_imports: usize, mib_per_min: u32) -> Self {
        let kib_per_min = mib_per_min.saturating_mul(1024);
        let bytes = NonZeroU32::new(kib_per_min)
            .zip(NonZeroU32::new(kib_per_min.saturating_mul(4)))
            .map(|(rate, burst)| Arc::new(RateLimiter::keyed(Quota::per_minute(rate).allow_burst(burst))));
        // No in-flight budget until `with_inflight` sets one.
        let inflight_kib = u32::MAX;
        ImportGate { timeout, imports: Arc::new(Semaphore::new(max_imports.max(1))), bytes, kib_per_min, inflight: Arc::new(Semaphore::new(inflight_kib as usize)), inflight_kib, max_body: usize::MAX }
    }

    /// Holds at most `bytes` of upload bodies at once in all; a body of unstated
    /// length reserves `max_body` (the body cap).
    pub fn with_inflight(mut self, bytes: usize, max_body: usize) -> Self {
        self.inflight_kib = kib_of(bytes);
        self.inflight = Arc::new(Semaphore::new(self.inflight_kib as usize));
        self.max_body = max_body;
        self
    }

    /// Reserves room for a body of `len` bytes (None: unstated, the body cap) while
    /// the returned permit lives.
    ///
    /// # Errors
    /// [`ApiError::Busy`] (503 with `Retry-After`) when the bodies being read and
    /// parsed already hold the budget.
    pub fn reserve(&self, len: Option<usize>) -> Result<tokio::sync::OwnedSemaphorePermit, ApiError> {
        let kib = kib_of(len.unwrap_or(self.max_body)).min(self.inflight_kib);
        self.inflight.clone().try_acquire_many_owned(kib).map_err(|_| ApiError::Busy {
            message: format!("the server is reading other uploads ({} MiB of bodies at once in all, MQPLAN_UPLOAD_INFLIGHT_MB); nothing was stored, retry in a few seconds", self.inflight_kib / 1024),
            retry_after_s: 5,
        })
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

#[cfg(test)]
mod tests {
    use super::*;
    use axum::response::IntoResponse;

    /// A stop-20 tester held 1.55 GB with twelve 63 MB uploads from twelve
    /// addresses, each within its own byte quota: the bodies held at once are now
    /// bounded in all, and a body past the budget is told to retry (503, nothing
    /// stored) until one ends.
    #[test]
    fn upload_bodies_held_at_once_are_bounded_in_all() {
        let gate = ImportGate::new(Duration::from_secs(10), 2, 0).with_inflight(4 << 20, 2 << 20);
        let first = gate.reserve(Some(3 << 20)).expect("3 MiB of 4");
        let refused = gate.reserve(Some(2 << 20)).expect_err("2 more MiB is over 4");
        let res = refused.into_response();
        assert_eq!(res.status(), axum::http::StatusCode::SERVICE_UNAVAILABLE);
        assert!(res.headers().get("retry-after").is_some());
        let small = gate.reserve(Some(1 << 20)).expect("1 MiB still fits");
        drop(first);
        let unstated = gate.reserve(None).expect("an unstated length reserves the 2 MiB body cap, which fits once the first ended");
        assert!(gate.reserve(Some(2 << 20)).is_err(), "1 + 2 MiB held: 1 MiB left");
        drop((small, unstated));
        assert!(gate.reserve(Some(4 << 20)).is_ok());
    }
}
