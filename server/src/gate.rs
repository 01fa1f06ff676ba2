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

/// Room one upload's body holds in the in-flight budget, taken as its bytes arrive
/// ([`ImportGate::take_room`]) and released when dropped.
#[derive(Debug, Default)]
pub struct BodyRoom {
    permit: Option<tokio::sync::OwnedSemaphorePermit>,
    kib: u32,
}

impl BodyRoom {
    /// KiB held.
    pub fn kib(&self) -> u32 {
        self.kib
    }
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

    /// The 503 a full budget answers.
    fn busy(&self) -> ApiError {
        ApiError::Busy {
            message: format!("the server is reading other uploads ({} MiB of bodies at once in all, MQPLAN_UPLOAD_INFLIGHT_MB); nothing was stored, retry in a few seconds", self.inflight_kib / 1024),
            retry_after_s: 5,
        }
    }

    /// Whether a body of `len` bytes (None: unstated, the body cap) fits in the room
    /// left now. Takes none: room is taken as the bytes arrive ([`Self::take_room`]),
    /// so a client holds what it sent, not what it declared (a stop-37 tester: three
    /// connections declaring 64 MiB and sending a byte every 2 s held the whole
    /// 192 MiB for their 10 s, and every other upload got 503).
    ///
    /// # Errors
    /// [`ApiError::Busy`] (503 with `Retry-After`) when the bodies being read and
    /// parsed hold too much of the budget.
    pub fn check_room(&self, len: Option<usize>) -> Result<(), ApiError> {
        let kib = kib_of(len.unwrap_or(self.max_body)).min(self.inflight_kib);
        if self.inflight.available_permits() < kib as usize { Err(self.busy()) } else { Ok(()) }
    }

    /// Takes into `room` what `bytes` bytes in all need and it does not hold yet.
    ///
    /// # Errors
    /// [`ApiError::Busy`] when the budget has not that much left.
    pub fn take_room(&self, room: &mut BodyRoom, bytes: usize) -> Result<(), ApiError> {
        let need = kib_of(bytes).min(self.inflight_kib).saturating_sub(room.kib);
        if need == 0 {
            return Ok(());
        }
        let p = self.inflight.clone().try_acquire_many_owned(need).map_err(|_| self.busy())?;
        match room.permit.as_mut() {
            Some(h) => h.merge(p),
            None => room.permit = Some(p),
        }
        room.kib += need;
        Ok(())
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
    /// addresses, each within its own byte quota: the bodies held at once are bounded
    /// in all, and a body past the budget is told to retry (503, nothing stored) until
    /// one ends. Room is what was sent, not what was declared (a stop-37 tester's
    /// slow clients declaring 64 MiB each).
    #[test]
    fn upload_bodies_held_at_once_are_bounded_in_all() {
        let gate = ImportGate::new(Duration::from_secs(10), 2, 0).with_inflight(4 << 20, 2 << 20);
        let mut first = BodyRoom::default();
        gate.take_room(&mut first, 3 << 20).expect("3 MiB of 4");
        let res = gate.check_room(Some(2 << 20)).expect_err("2 more MiB is over 4").into_response();
        assert_eq!(res.status(), axum::http::StatusCode::SERVICE_UNAVAILABLE);
        assert!(res.headers().get("retry-after").is_some());
        let mut small = BodyRoom::default();
        gate.take_room(&mut small, 1 << 20).expect("1 MiB still fits");
        assert!(gate.take_room(&mut small, (1 << 20) + 1).is_err(), "one KiB more is past 4 MiB");
        assert_eq!(small.kib(), 1024, "a refused take holds nothing more");
        drop(first);
        gate.check_room(None).expect("an unstated length asks the 2 MiB body cap, which fits once the first ended");
        let mut slow = BodyRoom::default();
        gate.take_room(&mut slow, 1).expect("a byte");
        assert_eq!(slow.kib(), 1, "a body declared at 64 MiB that sent a byte holds a KiB");
        gate.take_room(&mut slow, 1).expect("nothing more to take");
        assert_eq!(slow.kib(), 1);
        drop((small, slow));
        gate.check_room(Some(4 << 20)).expect("all free again");
    }
}
